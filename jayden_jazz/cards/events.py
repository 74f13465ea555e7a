"""What one action did, as a list of events the table can show one by one.

The scene must not work out what changed by comparing boards: the engine
knows why each card changed hands. :meth:`Game.play` pushes an action and
returns a :class:`Report` whose events come in the order a player should see
them: the card lands, each capture (with its cause: the base rule's name
now, later "same", "plus", "combo"), the ability and what it did, effects
that ran out, seats skipped, and the end of the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Union

if TYPE_CHECKING:  # pragma: no cover
    from .action import Action
    from .result import Result


@dataclass(frozen=True)
class Placed:
    seat: int
    card: str
    cell: str


@dataclass(frozen=True)
class Match:
    """One touching pair Same, Same Wall or Plus counted: the placed card's ``side`` (0 top,
    1 right, 2 bottom, 3 left) with its value ``mine``, against the card on ``cell`` and its
    touching value ``theirs`` (``cell`` None: Same Wall's A against the edge or a hole)."""

    side: int
    cell: str | None
    mine: int
    theirs: int


@dataclass(frozen=True)
class Captured:
    """A card changed hands because of the placement; ``cause`` names the capture rule: the
    ordinary comparison that took it (``higher``, ``equal_or_higher``, ``lower``,
    ``equal_or_lower``, ``fallen_ace``) or the classic rule (``same``, ``same_wall``, ``plus``,
    ``combo``). For Same, Same Wall and Plus, ``matched`` holds the pairs that matched; for an
    ordinary comparison and a Combo link, the one pair compared (the capturing card's side and
    value against the taken card's)."""

    cell: str
    card: str
    seat: int
    old_owner: int
    cause: str
    matched: tuple[Match, ...] = ()


@dataclass(frozen=True)
class AbilityUsed:
    seat: int
    card: str
    number: int
    effect: str
    text: str
    targets: tuple[str, ...]


@dataclass(frozen=True)
class ControlGained:
    """An ability took a card (gain_control); not a capture."""

    cell: str
    card: str
    seat: int
    old_owner: int


@dataclass(frozen=True)
class Swapped:
    """A swap: ``to_hand`` left ``cell`` for the mover's hand, ``to_field`` took its place."""

    cell: str
    to_hand: str
    to_field: str
    seat: int
    old_owner: int


@dataclass(frozen=True)
class EffectStarted:
    seat: int
    card: str
    number: int
    cell: str
    turns: int
    text: str


@dataclass(frozen=True)
class EffectEnded:
    seat: int
    card: str
    number: int
    cell: str
    text: str


@dataclass(frozen=True)
class FieldReset:
    seat: int


@dataclass(frozen=True)
class SeatSkipped:
    """A seat with no cards left lost its turn."""

    seat: int


@dataclass(frozen=True)
class GameEnded:
    result: "Result"


@dataclass(frozen=True)
class HandSwapped:
    """Hand Swap, at the start: ``giver`` gave ``card`` to ``receiver`` (the next seat)."""

    giver: int
    receiver: int
    card: str


@dataclass(frozen=True)
class CardsShown:
    """Three Open, at the start: these cards of ``seat``'s hand are shown to everyone."""

    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class CardDrawn:
    """Chaos: at the start of ``seat``'s turn ``card`` was drawn; it must be played."""

    seat: int
    card: str


Event = Union[Placed, Captured, AbilityUsed, ControlGained, Swapped, EffectStarted,
              EffectEnded, FieldReset, SeatSkipped, GameEnded, HandSwapped, CardsShown, CardDrawn]


@dataclass(frozen=True)
class Report:
    """Everything one action did; ``events`` in the order to show them."""

    action: "Action"
    seat: int
    events: tuple[Event, ...] = field(default_factory=tuple)

    @property
    def captures(self) -> tuple[Captured, ...]:
        return tuple(e for e in self.events if isinstance(e, Captured))

    @property
    def ended(self) -> GameEnded | None:
        for e in self.events:
            if isinstance(e, GameEnded):
                return e
        return None


__all__ = ["AbilityUsed", "CardDrawn", "CardsShown", "Captured", "Match", "ControlGained", "HandSwapped", "EffectEnded", "EffectStarted", "Event",
           "FieldReset", "GameEnded", "Placed", "Report", "SeatSkipped", "Swapped"]
