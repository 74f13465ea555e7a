"""The validator's word on one opponent as the Workshop edits it.

The opponent is written as the YAML it will be saved as and read back by
the pack validator (:func:`.validate_journey.check_journey`), then linked
against every loaded pack (:func:`.validate_journey.link_opponents`), so
the messages are the ones ``cards validate`` prints for the saved file.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import yaml

from jayden_jazz.cards.catalog import ERROR, Catalog, Problem
from jayden_jazz.cards.opponents import Opponent
from jayden_jazz.cards.validate_journey import check_journey, link_opponents
from jayden_jazz.cards.writer_journey import opponent_lines
from jayden_jazz.cards.yamlfile import load_yaml
from jayden_jazz.scenes.workshop.ownpacks import OwnPack

WHERE = Path("<opponent>")


def opponent_problems(opp: Opponent, pack: OwnPack, catalog: Catalog, fields: dict[str, Any] | None,
                      original_id: str | None) -> list[Problem]:
    """Every problem of ``opp`` as a member of ``pack`` (errors first); empty when it may be saved."""
    assert pack.info is not None
    text = "opponents:\n" + "\n".join(opponent_lines(opp, pack.id, pack.folder)) + "\n"
    try:
        data, _ = load_yaml(text)
    except yaml.YAMLError as e:                  # the writer quotes every text; kept as a plain refusal
        return [Problem(str(WHERE), None, opp.id, None, f"the opponent cannot be written: {e}", ERROR)]
    read, _, found = check_journey(data, pack.id, WHERE, pack.folder)
    problems = [p for p in found if p.is_error]
    others = [o for o in pack.info.opponents if o.id != original_id]
    if any(o.id == opp.id for o in others):
        problems.append(Problem(str(WHERE), None, opp.id, "id",
                                f"another opponent of this pack already has the id {opp.id.partition('/')[2]!r}",
                                ERROR))
    if problems or not read:
        return problems
    cards = dict(catalog.cards)
    cards.update({c.id: c for c in pack.cards})
    packs = dict(catalog.packs)
    packs[pack.id] = replace(pack.info, opponents=tuple(others) + read)
    for info in list(packs.values()):
        if info.id != pack.id:
            packs[info.id] = replace(info, opponents=tuple(o for o in info.opponents if o.id in catalog.opponents))
    _, linked = link_opponents(Catalog(cards, packs), fields or None)
    return [p for p in linked if p.card == opp.id]


__all__ = ["opponent_problems"]
