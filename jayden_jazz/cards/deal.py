"""The setup of a game: field, rules, seats, dealt hands, first seat and date.

A setup is everything needed, with the list of actions, to replay a game.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from dataclasses import field as dc_field

from .card import ELEMENTS, Card, Month, month_text
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
    elements: tuple[tuple[str, str], ...] = ()
    """Elemental cells as (cell name, element), in field order (the Elemental rule)."""
    chaos_seed: int | None = None
    """Chaos: the seed every draw of the game comes from (a record replays the same draws)."""
    hand_swap: tuple[str, ...] = ()
    """Hand Swap: per seat, the card it gives to the next seat ('' for an empty hand)."""
    shown: tuple[tuple[str, ...], ...] = ()
    """Three Open (without Open): per seat, the cards of its hand shown to everyone."""

    def hands_in_play(self) -> list[list[tuple[str, int]]]:
        """Each seat's hand once the setup is done, as (card id, seat it was dealt to): the
        chosen or dealt hands after Hand Swap (a received card goes to the end)."""
        return swapped_hands(self.hands, self.hand_swap)

    def element_map(self) -> dict[int, str]:
        """Grid cell -> element."""
        return {self.field.index(name): e for name, e in self.elements}

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
        if self.elements and not self.rules.elemental:
            raise SetupError("elemental cells are given but the Elemental rule is off")
        names = set(self.field.cell_names[c] for c in self.field.cells)
        for name, e in self.elements:
            if name not in names:
                raise SetupError(f"elemental cell {name!r} is not a playable cell of {self.field.name}")
            if e not in ELEMENTS:
                raise SetupError(f"{e!r} is not an element; elements: {', '.join(ELEMENTS)}")
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
        self._check_hand_rules()

    def _check_hand_rules(self) -> None:
        """The setup records of the hand rules: present exactly when their rule is on, and
        naming cards the hands hold."""
        rules, n = self.rules, self.players
        if rules.chaos != (self.chaos_seed is not None):
            raise SetupError("Chaos needs the game's seed for its draws" if rules.chaos
                             else "a Chaos seed is given but the Chaos rule is off")
        if self.chaos_seed is not None and (isinstance(self.chaos_seed, bool) or not isinstance(self.chaos_seed, int)
                                            or self.chaos_seed < 0):
            raise SetupError("the Chaos seed is a whole number, 0 or more")
        if rules.hand_swap != bool(self.hand_swap):
            raise SetupError("Hand Swap needs the card each seat gives" if rules.hand_swap
                             else "Hand Swap cards are given but the Hand Swap rule is off")
        if self.hand_swap:
            if len(self.hand_swap) != n:
                raise SetupError(f"Hand Swap names {len(self.hand_swap)} cards for {n} seats")
            for s, cid in enumerate(self.hand_swap):
                if (cid == "") != (not self.hands[s]) or (cid and cid not in self.hands[s]):
                    raise SetupError(f"Hand Swap: seat {s} gives {cid or 'nothing'!r}, which is not "
                                     "one card of its hand")
        hidden = rules.three_open and not rules.open
        if hidden != bool(self.shown):
            raise SetupError("Three Open needs the cards shown of each hand" if hidden
                             else "shown cards are given but Three Open is off (or Open shows all)")
        if self.shown:
            if len(self.shown) != n:
                raise SetupError(f"Three Open names cards for {len(self.shown)} seats; there are {n}")
            for s, (hand, shown) in enumerate(zip(self.hands_in_play(), self.shown)):
                ids = {cid for cid, _ in hand}
                if len(shown) != min(3, len(ids)) or len(set(shown)) != len(shown) \
                        or any(cid not in ids for cid in shown):
                    raise SetupError(f"Three Open: seat {s} shows {', '.join(shown) or 'nothing'}; it shows "
                                     f"{min(3, len(ids))} different cards of its hand")

    def describe(self) -> str:
        return (f"{self.field.name}, {self.players} players, {self.rules.preset_name}"
                f"{''.join(' +' + v for v in self.rules.variants + self.rules.classic)}, date {month_text(self.date)}, "
                f"seat {self.first_seat} first")


def elemental_cells(field: Field, rng: random.Random) -> tuple[tuple[str, str], ...]:
    """The Elemental rule's cells: each playable cell, independently, gets an element with
    probability 1/4, uniform among the eight (drawn from the game's seed)."""
    out = []
    for c in field.cells:
        if rng.random() < 0.25:
            out.append((field.cell_names[c], ELEMENTS[rng.randrange(len(ELEMENTS))]))
    return tuple(out)


def swapped_hands(hands: Sequence[Sequence[str]], swap: Sequence[str]) -> list[list[tuple[str, int]]]:
    """Hands as (card id, dealing seat) after Hand Swap: each seat gives ``swap[s]`` ('' for
    nothing) to the next seat, all at once; a received card goes to the end of the hand."""
    out = [[(cid, s) for cid in h] for s, h in enumerate(hands)]
    if swap:
        given = [(cid, s) if cid else None for s, cid in enumerate(swap)]
        for s, pc in enumerate(given):
            if pc is not None:
                out[s].remove(pc)
        for s, pc in enumerate(given):
            if pc is not None:
                out[(s + 1) % len(out)].append(pc)
    return out


def hand_rule_draws(rules: Rules, hands: Sequence[Sequence[str]], rng: random.Random,
                    ) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...], int | None]:
    """What the hand rules draw at the start, in the rules' order (after the Random deal):
    Hand Swap's card per seat, then Three Open's shown cards (of the hands after the swap),
    then the Chaos seed. Empty / None for a rule that is off."""
    swap: tuple[str, ...] = ()
    if rules.hand_swap:
        swap = tuple(h[rng.randrange(len(h))] if h else "" for h in hands)
    shown: tuple[tuple[str, ...], ...] = ()
    if rules.three_open and not rules.open:
        picked = []
        for hand in swapped_hands(hands, swap):
            ids = sorted({cid for cid, _ in hand})
            picked.append(tuple(sorted(rng.sample(ids, min(3, len(ids))))))
        shown = tuple(picked)
    seed = rng.getrandbits(48) if rules.chaos else None
    return swap, shown, seed


def deal_random(card_ids: Sequence[str], field: Field, players: int, rules: Rules,
                rng: random.Random) -> tuple[tuple[str, ...], ...]:
    """Random legal hands: each seat picks its own distinct cards from the pool."""
    size = rules.hand_size(field.playable_count, players)
    pool = sorted(set(card_ids))
    if len(pool) < size:
        raise SetupError(f"each hand needs {size} different cards; only {len(pool)} are loaded")
    return tuple(tuple(rng.sample(pool, size)) for _ in range(players))


__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "Setup", "deal_random", "hand_rule_draws", "swapped_hands", "elemental_cells", "game_month"]
