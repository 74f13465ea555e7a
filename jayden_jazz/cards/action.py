"""Actions: every choice a player makes, as one small value with a text form.

``pack/card@b2`` places a card; ``!N`` triggers the card's ability N (1-3);
each ``>`` adds a target: a cell (``>c3``) or a card in the player's own
hand (``>hand:pack/card``). Declining an ability is the placement alone.
Targets are kept in one canonical order (cells top to bottom, left to right,
then hand cards), so two spellings of the same choice are equal actions and
``str(Action.parse(s)) == s`` for every canonical ``s``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import NotationError

ID_PART = r"[a-z0-9_][a-z0-9_-]*"
CARD_ID_RE = re.compile(rf"^{ID_PART}/{ID_PART}$")
_CELL = r"[a-z][0-9]+"
_ACTION_RE = re.compile(
    rf"^(?P<card>{ID_PART}/{ID_PART})@(?P<cell>{_CELL})"
    rf"(?:!(?P<ability>[1-9]))?(?P<targets>(?:>(?:{_CELL}|hand:{ID_PART}/{ID_PART}))*)$")
HAND_PREFIX = "hand:"


def _target_key(t: str) -> tuple[int, int, int, str]:
    if t.startswith(HAND_PREFIX):
        return (1, 0, 0, t)
    return (0, int(t[1:]), ord(t[0]), t)


@dataclass(frozen=True, slots=True)
class Action:
    """A complete placement: card, cell, optional ability number and its targets."""

    card: str
    cell: str
    ability: int | None = None
    targets: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if len(self.targets) > 1:
            ordered = tuple(sorted(self.targets, key=_target_key))
            if ordered != self.targets:
                object.__setattr__(self, "targets", ordered)

    def __str__(self) -> str:
        s = f"{self.card}@{self.cell}"
        if self.ability is not None:
            s += f"!{self.ability}"
            for t in self.targets:
                s += ">" + t
        return s

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"

    @property
    def notation(self) -> str:
        return str(self)

    @property
    def target_cells(self) -> tuple[str, ...]:
        return tuple(t for t in self.targets if not t.startswith(HAND_PREFIX))

    @property
    def target_hand_cards(self) -> tuple[str, ...]:
        return tuple(t[len(HAND_PREFIX):] for t in self.targets if t.startswith(HAND_PREFIX))

    def without_ability(self) -> "Action":
        return Action(self.card, self.cell)

    @classmethod
    def parse(cls, text: str) -> "Action":
        """Reads the notation; raises NotationError in plain words when malformed."""
        t = text.strip()
        m = _ACTION_RE.match(t)
        if not m:
            raise NotationError(
                f"{text!r} is not an action; write pack/card@cell, optionally !N for ability N "
                "and >cell or >hand:pack/card for each target (e.g. default/fox@b2!1>c3)")
        targets = tuple(x for x in m.group("targets").split(">") if x)
        ability = m.group("ability")
        if targets and ability is None:
            raise NotationError(f"{text!r}: targets need an ability (!N) first")
        if ability is not None and not 1 <= int(ability) <= 3:
            raise NotationError(f"{text!r}: a card has abilities 1 to 3")
        if len(set(targets)) != len(targets):
            raise NotationError(f"{text!r}: the same target is named twice")
        return cls(m.group("card"), m.group("cell"), int(ability) if ability else None, targets)


def hand_target(card_id: str) -> str:
    return HAND_PREFIX + card_id


__all__ = ["Action", "CARD_ID_RE", "HAND_PREFIX", "hand_target"]
