"""The ability language: which effects, targets, conditions and filters exist.

Loader, validator, engine and docs all read these tables, so adding an effect
means adding a row here and its behaviour in the engine, never a new syntax.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .card import SIDE_NAMES, Ability, month_text, side_text


@dataclass(frozen=True)
class EffectSpec:
    timing: str                 # the only timing this effect may have
    targets: tuple[str, ...]    # allowed ``target`` values; the first is the default if only one
    keys: tuple[str, ...]       # extra keys the effect reads
    min_cost: int               # refused below this
    takes_filter: bool          # whether ``filter`` means anything for it


EFFECTS: dict[str, EffectSpec] = {
    "modify": EffectSpec("turn", ("self", "own", "opponents", "all", "neighbours"),
                         ("amount", "sides"), 1, True),
    "gain_control": EffectSpec("instant", ("choose_field",), ("count",), 1, True),
    "swap": EffectSpec("instant", ("choose_swap",), (), 1, True),
    "reset": EffectSpec("instant", ("game",), (), 12, False),
    "win": EffectSpec("instant", ("game",), (), 16, False),
}

TIMINGS: tuple[str, ...] = ("turn", "instant")

CONDITION_KEYS: tuple[str, ...] = (
    "captured_at_least", "controlling_at_most", "behind",
    "roasting_within_years", "empty_cells_at_most",
)
FILTER_KEYS: tuple[str, ...] = ("roasting_within_years", "roasting_before", "total_at_most", "adjacent")

ABILITY_KEYS: tuple[str, ...] = (
    "name", "timing", "effect", "target", "amount", "sides", "count",
    "condition", "filter", "cost", "text",
)

MODIFY_WEIGHT: dict[str, int] = {"self": 1, "neighbours": 2, "own": 3, "all": 3, "opponents": 6}
"""Weight of a modify target in the suggested cost (points per 3 side-points).

Chosen so the rules' two seed examples (+3 to all sides of this card; -1 to
top and bottom of all opponents' cards) both come out at their cost of 4:
suggested = ceil(|amount| x sides affected x weight / 3), at least 1.
"""

FLAT_SUGGESTED: dict[str, int] = {"swap": 5, "reset": 12, "win": 16}
GAIN_CONTROL_PER_CARD = 4
MAX_ABILITIES = 3
BUDGET = 24


def suggested_cost(ability: Ability) -> int:
    """The cost below which the validator warns (docs/card-packs.md, Budget)."""
    if ability.effect == "modify":
        weight = MODIFY_WEIGHT.get(ability.target, 4)
        return max(1, math.ceil(abs(ability.amount) * len(ability.sides) * weight / 3))
    if ability.effect == "gain_control":
        return GAIN_CONTROL_PER_CARD * max(1, ability.count)
    return FLAT_SUGGESTED.get(ability.effect, 1)


def _sides_phrase(sides: tuple[int, ...]) -> str:
    if len(sides) == 4:
        return "all side values"
    names = [SIDE_NAMES[s] for s in sides]
    if len(names) == 1:
        return f"the {names[0]} value"
    return "the " + ", ".join(names[:-1]) + " and " + names[-1] + " values"


_TARGET_PHRASE = {
    "self": "this card gets",
    "own": "all your cards get",
    "opponents": "all opponents' cards get",
    "all": "all cards on the field get",
    "neighbours": "the cards next to this one get",
}


def _filter_phrase(ability: Ability) -> str:
    f = ability.filter
    parts = []
    if f.roasting_within_years is not None:
        n = f.roasting_within_years
        parts.append(f"started roasting within the last {n} year{'s' if n != 1 else ''}")
    if f.roasting_before is not None:
        parts.append(f"started roasting before {month_text(f.roasting_before)}")
    if f.total_at_most is not None:
        parts.append(f"has sides adding up to at most {f.total_at_most}")
    if f.adjacent is not None:
        parts.append("is next to this card" if f.adjacent else "is not next to this card")
    return " that " + " and ".join(parts) if parts else ""


def describe(ability: Ability) -> str:
    """Text shown when a pack leaves ``text`` out; also the CLI's summary."""
    if ability.effect == "modify":
        sign = "+" if ability.amount > 0 else "-"
        body = (f"{_TARGET_PHRASE.get(ability.target, ability.target)} "
                f"{sign}{abs(ability.amount)} to {_sides_phrase(ability.sides)}")
        if ability.target != "self" and not ability.filter.is_empty():
            body = body.replace(" get ", f"{_filter_phrase(ability)} get ", 1)
        return f"Turn: {body[0].upper()}{body[1:]}."
    if ability.effect == "gain_control":
        n = ability.count
        what = "any one card" if n == 1 else f"any {n} cards"
        return f"Instant: Gain control of {what}{_filter_phrase(ability)}."
    if ability.effect == "swap":
        return ("Instant: Swap a card in your hand with a card on the field you do not "
                f"control{_filter_phrase(ability)}.")
    if ability.effect == "reset":
        return "Instant: Reset the game; every card goes back to the hand it was dealt from."
    if ability.effect == "win":
        return "Instant: Win the game."
    return f"{ability.timing.title()}: {ability.effect}."


def side_list_text(sides: tuple[int, ...]) -> str:
    return "all" if len(sides) == 4 else ",".join(SIDE_NAMES[s] for s in sides)


__all__ = [
    "ABILITY_KEYS", "BUDGET", "CONDITION_KEYS", "EFFECTS", "EffectSpec", "FILTER_KEYS",
    "MAX_ABILITIES", "TIMINGS", "describe", "side_list_text", "side_text", "suggested_cost",
]
