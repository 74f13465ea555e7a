"""The setup of a game: field, rules, seats, dealt hands, first seat and date.

A setup is everything needed, with the list of actions, to replay a game.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from dataclasses import field as dc_field

from .card import Card, Month, month_text
from .errors import SetupError
from .field import Field
from .rules import Rules

MIN_PLAYERS, MAX_PLAYERS = 2, 4


def game_month(date: datetime.date | Month | None) -> Month:
    """The game's date to month resolution; ``None`` means today."""
    if date is None:
        date = datetime.date.today()
    if isinstance(date, (datetime.date, datetime.datetime)):
        return (date.year, date.month)
    year, month = date
    if not (isinstance(year, int) and isinstance(month, int) and 1 <= month <= 12):
        raise SetupError(f"a game date is (year, month) with month 1-12, not {date!r}")
    return (year, month)


@dataclass(frozen=True)
class Setup:
    """Everything fixed before the first card is played."""

    field: Field
    hands: tuple[tuple[str, ...], ...]
    rules: Rules = dc_field(default_factory=Rules)
    first_seat: int = 0
    date: Month = (2026, 11)
    names: tuple[str, ...] = ()
    custom_hands: bool = False
    """Skip the hand-size rule (puzzles and tests); saved in the record."""

    @property
    def players(self) -> int:
        return len(self.hands)

    def check(self, catalog: Mapping[str, Card]) -> None:
        """Raises SetupError naming the first rule the setup breaks."""
        n = self.players
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise SetupError(f"the card game takes {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}")
        if n not in self.field.allowed_players:
            raise SetupError(
                f"the {self.field.name} field has {self.field.playable_count} playable cells and "
                f"takes {', '.join(map(str, self.field.allowed_players))} players only, not {n}")
        if self.field.has_holes and not self.rules.holes:
            raise SetupError(f"the {self.field.name} field has holes, which these rules do not allow")
        if not 0 <= self.first_seat < n:
            raise SetupError(f"first seat {self.first_seat} is not one of the seats 0-{n - 1}")
        if self.names and len(self.names) != n:
            raise SetupError(f"{len(self.names)} names given for {n} seats")
        self.rules.capture_steps()
        size = self.rules.hand_size(self.field.playable_count, n)
        for seat, hand in enumerate(self.hands):
            for cid in hand:
                if cid not in catalog:
                    raise SetupError(f"seat {seat}: there is no card {cid!r} in the loaded packs")
            dup = sorted({c for c in hand if hand.count(c) > 1})
            if dup:
                raise SetupError(f"seat {seat} holds more than one copy of {dup[0]!r}; "
                                 "one copy of a card per hand")
            if not self.custom_hands and len(hand) != size:
                raise SetupError(
                    f"seat {seat} holds {len(hand)} cards; on {self.field.name} with {n} players "
                    f"each hand holds {size}")
        if self.custom_hands and not any(self.hands):
            raise SetupError("no seat holds a card")

    def describe(self) -> str:
        return (f"{self.field.name}, {self.players} players, {self.rules.preset_name}"
                f"{''.join(' +' + v for v in self.rules.variants)}, date {month_text(self.date)}, "
                f"seat {self.first_seat} first")


def deal_random(card_ids: Sequence[str], field: Field, players: int, rules: Rules,
                rng: random.Random) -> tuple[tuple[str, ...], ...]:
    """Random legal hands: each seat picks its own distinct cards from the pool."""
    size = rules.hand_size(field.playable_count, players)
    pool = sorted(set(card_ids))
    if len(pool) < size:
        raise SetupError(f"each hand needs {size} different cards; only {len(pool)} are loaded")
    return tuple(tuple(rng.sample(pool, size)) for _ in range(players))


__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "Setup", "deal_random", "game_month"]
