"""A pack's Journey data back to YAML, so that saving a pack in the Workshop keeps its opponents.

Laid out like ``cards/example/example.yaml``; what is written loads back as
the same opponents and starter collection (a test checks the round trip).
"""

from __future__ import annotations

from pathlib import Path

from .opponents import Opponent, RuleSet
from .writer import plain_id, quote

_DEFAULT = RuleSet()


def _ref(card: str, pack_id: str) -> str:
    pack, _, key = card.partition("/")
    return plain_id(key) if pack == pack_id else f"{plain_id(pack)}/{plain_id(key)}"


def rule_set_flow(rs: RuleSet) -> str:
    items = [f"preset: {rs.preset}", f"field: {quote(rs.field)}"]
    items += [f"{v}: true" for v in rs.variants]
    if rs.classic:
        items.append(f"classic: [{', '.join(rs.classic)}]")
    return "{" + ", ".join(items) + "}"


def opponent_lines(o: Opponent, pack_id: str, folder: Path | None = None) -> list[str]:
    out = [f"  - id: {plain_id(o.id.partition('/')[2])}",
           f"    name: {quote(o.name)}",
           f"    description: {quote(o.description)}"]
    if o.picture is not None and folder is not None:
        try:
            out.append(f"    picture: {quote(o.picture.resolve().relative_to(folder.resolve()).as_posix())}")
        except ValueError:
            pass
    out += [f"    tier: {o.tier}", f"    level: {o.level}",
            f"    pool: [{', '.join(_ref(c, pack_id) for c in o.pool)}]"]
    if len(o.rule_sets) == 1:
        out.append(f"    rules: {rule_set_flow(o.rule_sets[0])}")
    else:
        out.append("    rules:")
        out += [f"      - {rule_set_flow(rs)}" for rs in o.rule_sets]
    out.append(f"    trade: {o.trade}")
    if o.rewards:
        out.append("    rewards:")
        out += [f"      - {{card: {_ref(c, pack_id)}, chance: {n}}}" for c, n in o.rewards]
    if o.requires:
        out.append(f"    requires: [{', '.join(_ref(r, pack_id) for r in o.requires)}]")
    return out


def journey_lines(pack_id: str, opponents: tuple[Opponent, ...], starter: tuple[tuple[str, int], ...],
                  folder: Path | None = None) -> list[str]:
    """``starter:`` and ``opponents:`` sections (nothing when the pack has neither)."""
    out: list[str] = []
    if starter:
        out += ["", "starter:"] + [f"  {_ref(c, pack_id)}: {n}" for c, n in starter]
    if opponents:
        out += ["", "opponents:"]
        for i, o in enumerate(opponents):
            if i:
                out.append("")
            out += opponent_lines(o, pack_id, folder)
    return out


__all__ = ["journey_lines", "opponent_lines", "rule_set_flow"]
