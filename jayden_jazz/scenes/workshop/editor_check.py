"""What the card editor finds wrong with the card it holds: the validator's word and its own.

The pack validator reads the card as it will be written; the editor adds what
only it can see (a month typed that does not read, an id another card of the
pack has, a budget over the top before the rest of the card reads), so a card
that cannot be saved always says why.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jayden_jazz.cards import Card
from jayden_jazz.cards.card import parse_month
from jayden_jazz.cards.catalog import ERROR, Problem
from jayden_jazz.cards.language import BUDGET
from jayden_jazz.cards.loader import card_problems
from jayden_jazz.cards.writer import card_yaml

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.scenes.workshop.ownpacks import OwnPack


def local_problems(card: Card, pack: OwnPack, original_key: str | None, month_typed: str,
                   before_texts: dict[int, str]) -> list[Problem]:
    """What the editor itself sees: the typed month, each "Only before" typed, the id taken."""
    out = []
    try:
        parse_month(month_typed.strip())
    except ValueError as e:
        out.append(Problem("<card>", None, card.id, "started_roasting", str(e), ERROR))
    from jayden_jazz.scenes.workshop.ability import month_problem

    for i, typed in sorted(before_texts.items()):
        problem = month_problem(typed)
        if problem is not None and i < len(card.abilities):
            out.append(Problem("<card>", None, card.id, f"abilities[{i + 1}].only.roasting_before",
                               f"\"Only before\" is not used: {problem}", ERROR))
    others = {c.key for c in pack.cards if c.key != original_key}
    if card.key in others:
        out.append(Problem("<card>", None, card.id, "id",
                           f"another card of this pack already has the id {card.key!r}", ERROR))
    return out


def card_problems_in_editor(card: Card, pack: OwnPack, original_key: str | None, month_typed: str,
                            before_texts: dict[int, str]) -> list[Problem]:
    """Every problem, the editor's own first, then the validator's errors before its warnings."""
    try:
        text = card_yaml(card, pack.folder)
        found = card_problems(text, pack.id, pack.folder)
    except ValueError as e:
        found = [Problem("<card>", None, card.id, "picture", str(e), ERROR)]
    local = local_problems(card, pack, original_key, month_typed, before_texts)
    total = card.budget
    if total > BUDGET and not any(p.field == "budget" for p in found):
        # the validator weighs the budget only once the rest of the card reads; say it anyway
        sides = sum(card.sides)
        local.insert(0, Problem("<card>", None, card.id, "budget",
                                f"over budget: sides {sides} + ability costs {total - sides} = {total}; "
                                f"the most is {BUDGET}", ERROR))
    return local + sorted(found, key=lambda p: not p.is_error)
