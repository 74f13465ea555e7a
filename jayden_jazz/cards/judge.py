"""The rules' small judgements, over plain ints, in one place.

:class:`~jayden_jazz.cards.game.Game` keeps its state as lists of ints
(piece per cell, owner per cell, hands of pieces) and so do the computer
player's search states, which make and unmake millions of moves and carry
their own bookkeeping (keys, undo records). Whatever decides an outcome --
which neighbours a placement captures, what an active effect does to a side
value, whether a condition or a filter holds, which targets an ability may
take, who moves next -- lives here once and is called by both, so a search
can never play by different rules from the game the player sees.

A :class:`Judge` holds the tables that never change during a game (the
field's neighbours, each piece's sides, points and Started Roasting month,
the game date and the capture rule); the changing state is passed in.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import combinations
from typing import Protocol

from .card import OPPOSITE, Ability, Card, Condition, Filter, Month, month_index
from .field import Field

Adjacency = tuple[tuple[int, int, int], ...]   # (side, neighbour cell, neighbour's touching side)


class TurnEffect(Protocol):
    """What a side value reads of a Turn effect in force (:class:`~jayden_jazz.cards.core.Effect`)."""

    @property
    def seat(self) -> int: ...
    @property
    def piece(self) -> int: ...
    @property
    def cell(self) -> int: ...
    @property
    def ability(self) -> Ability: ...


def field_adjacency(field: Field) -> list[Adjacency]:
    """Per grid cell, its playable neighbours, from the field's precomputed numpy table."""
    nb = field.neighbours.tolist()
    return [tuple((d, nb[c][d], OPPOSITE[d]) for d in range(4) if nb[c][d] >= 0) for c in range(field.size)]


ACE = 10
Pair = tuple[int, int, int]     # (key: a cell or its bit, the played card's side, the touching side)


def clamp(v: int) -> int:
    """Effective side values stay within 1..A."""
    return 1 if v < 1 else 10 if v > 10 else v


@lru_cache(maxsize=None)
def comparison(ties: int) -> tuple[tuple[bool, ...], ...]:
    """The basic comparison as a table: ``t[a][b]`` when an attacking side of value ``a``
    takes a touching side of value ``b`` (values 0..10; A = 10). Every capture test reads
    this one table.

    ``ties`` is the mode (:attr:`Rules.comparison_mode`; a bool works too): bit 1 --
    equal captures as well (Draft); bit 2 -- Reverse, lower captures; bit 4 -- Fallen
    Ace, in a 1-against-A pair the attacker always captures.
    """
    eq, rev, ace = bool(ties & 1), bool(ties & 2), bool(ties & 4)

    def wins(a: int, b: int) -> bool:
        if ace and {a, b} == {1, 10}:
            return True
        return (a < b if rev else a > b) or (eq and a == b)

    return tuple(tuple(wins(a, b) for b in range(11)) for a in range(11))


def same_taken(pairs: Sequence[Pair], walls: int = 0) -> list[int]:
    """Same: the keys of the touching pairs with equal values when there are two or more of
    them, counting ``walls`` more (Same Wall: the played card's A sides facing the edge of the
    field or a hole); else none. Whoever controls them: own cards count toward the pairs."""
    equal = [k for k, a, b in pairs if a == b]
    return equal if len(equal) + walls >= 2 else []


def plus_taken(pairs: Sequence[Pair]) -> list[int]:
    """Plus: the keys of the touching pairs whose sum another pair shares (walls never count),
    group by group in the order their sums first appear."""
    sums = [a + b for _, a, b in pairs]
    if len(set(sums)) == len(sums):
        return []                       # no sum shared (the usual case: say so fast)
    by_sum: dict[int, list[int]] = {}
    for (k, _, _), s in zip(pairs, sums):
        by_sum.setdefault(s, []).append(k)
    return [k for group in by_sum.values() if len(group) >= 2 for k in group]


def elemental_modifier(card_element: str | None, cell_element: str | None) -> int:
    """The Elemental rule on one card: +1 on every side when the cell's element is the card's,
    -1 when it is another (or the card has none), 0 on a plain cell."""
    if cell_element is None:
        return 0
    return 1 if card_element == cell_element else -1


def within_years(date_idx: int, month: int, years: int) -> bool:
    """Started Roasting no later than the game date and at most ``years`` before it."""
    return 0 <= date_idx - month <= 12 * years


class Judge:
    """The fixed tables of one game and the judgements made with them.

    ``pieces`` are the dealt cards in piece order (a piece is a card dealt
    to a seat; two seats may hold the same card).
    """

    def __init__(self, field: Field, pieces: Sequence[Card], date: Month,
                 elements: Sequence[str | None] | None = None) -> None:
        """``elements``: per grid cell, its element under the Elemental rule (None: none)."""
        self.field = field
        self.adj = field_adjacency(field)
        self.adjset = [frozenset(x for _, x, _ in a) for a in self.adj]
        # per cell, the sides facing the edge of the field or a hole (Same Wall's walls)
        self.walls = [tuple(d for d in range(4) if d not in {e for e, _, _ in a}) for a in self.adj]
        self.play_cells = list(field.cells)
        self.date_idx = month_index(date)
        self.cards = list(pieces)
        self.sides = [c.sides for c in self.cards]
        self.points = [sum(s) for s in self.sides]
        self.month = [month_index(c.started_roasting) for c in self.cards]
        self.cell_element = list(elements) if elements and any(elements) else None
        self.element = [c.element for c in self.cards]

    def elemental(self, p: int, c: int) -> int:
        """The Elemental modifier of piece ``p`` on cell ``c``: +1 when the cell's element is
        the card's, -1 when it is another (or the card has none), 0 on a plain cell."""
        return elemental_modifier(self.element[p], self.cell_element[c] if self.cell_element else None)

    def values(self, p: int, c: int) -> tuple[int, ...]:
        """The effective sides of piece ``p`` lying on ``c`` while no Turn effect is active:
        printed, plus the Elemental modifier, clamped (what the compiled captures compare)."""
        s = self.sides[p]
        m = self.elemental(p, c) if self.cell_element else 0
        return tuple(clamp(v + m) for v in s) if m else tuple(s)

    def wall_aces(self, values: Sequence[int], c: int) -> int:
        """How many of ``values`` (a card's sides on ``c``) are A and face the edge or a hole
        (Same Wall's extra pairs)."""
        return sum(1 for d in self.walls[c] if values[d] == ACE)

    def recast(self, changes: Mapping[int, Card]) -> "Judge":
        """A judge for the same game with some pieces standing for other cards (a guess at
        hidden hands); this one is left as it was."""
        j = copy.copy(self)
        j.cards = self.cards[:]
        j.sides = self.sides[:]
        j.points = self.points[:]
        j.month = self.month[:]
        j.element = self.element[:]
        for p, card in changes.items():
            j.element[p] = card.element
            j.cards[p] = card
            j.sides[p] = card.sides
            j.points[p] = sum(card.sides)
            j.month[p] = month_index(card.started_roasting)
        return j

    # ------------------------------------------------------------------ cards

    def passes(self, f: Filter, p: int, cell: int, origin: int) -> bool:
        """Whether piece ``p`` on ``cell`` meets an ability's filter (the ability's card on ``origin``)."""
        if not self.passes_static(f, p):
            return False
        return f.adjacent is None or (cell in self.adjset[origin]) == f.adjacent

    def passes_static(self, f: Filter, p: int) -> bool:
        """The filter keys that depend on the card alone (not where it lies)."""
        if f.roasting_within_years is not None and not within_years(self.date_idx, self.month[p],
                                                                     f.roasting_within_years):
            return False
        if f.roasting_before is not None and not self.month[p] < month_index(f.roasting_before):
            return False
        return f.total_at_most is None or self.points[p] <= f.total_at_most

    def condition_holds(self, c: Condition, seat: int, p: int, captured: int,
                        counts: Sequence[int], empty: int) -> bool:
        """Whether an ability's condition holds just after ``seat`` placed ``p`` and captured ``captured``."""
        if c.captured_at_least is not None and captured < c.captured_at_least:
            return False
        mine = counts[seat]
        if c.controlling_at_most is not None and mine > c.controlling_at_most:
            return False
        if c.behind is not None:
            behind = any(x > mine for s, x in enumerate(counts) if s != seat)
            if behind != c.behind:
                return False
        if c.roasting_within_years is not None and not within_years(self.date_idx, self.month[p],
                                                                     c.roasting_within_years):
            return False
        return c.empty_cells_at_most is None or empty <= c.empty_cells_at_most

    # ------------------------------------------------------------------ values and captures

    def reaches(self, ab: Ability, seat: int, piece: int, origin: int, cell: int, p: int, owner: int) -> bool:
        """Whether a Turn effect (``ab`` of ``piece``, activated by ``seat`` on ``origin``)
        changes piece ``p`` on ``cell``, controlled by ``owner``."""
        t = ab.target
        if t == "self":
            ok = cell == origin and p == piece
        elif t == "own":
            ok = owner == seat
        elif t == "opponents":
            ok = owner != seat
        elif t == "neighbours":
            ok = cell in self.adjset[origin]
        else:  # all
            ok = True
        return ok and (ab.filter.is_empty() or self.passes(ab.filter, p, cell, origin))

    def value(self, cells: Sequence[int], owner: Sequence[int], effects: Sequence[TurnEffect], c: int,
              side: int) -> int:
        """Effective value of one side of the card on ``c``: printed + active modifiers, clamped.

        ``effects`` are the Turn effects in force.
        """
        p = cells[c]
        v = self.sides[p][side]
        if self.cell_element:
            v += self.elemental(p, c)      # a modifier like any other: inside the one clamp
            if not effects:
                return clamp(v)
        if not effects:
            return v
        o = owner[c]
        for e in effects:
            ab = e.ability
            if side in ab.sides and self.reaches(ab, e.seat, e.piece, e.cell, c, p, o):
                v += ab.amount
        return clamp(v)

    def captures(self, cells: Sequence[int], owner: Sequence[int], effects: Sequence[TurnEffect],
                 c: int, seat: int, ties: int) -> list[int]:
        """Neighbours of the card ``seat`` just placed on ``c`` that it captures by side values
        (``ties``: equal sides capture too)."""
        out = []
        if effects or self.cell_element:
            wins = comparison(ties)
            value = self.value
            for d, nc, od in self.adj[c]:
                if cells[nc] >= 0 and owner[nc] != seat:
                    a = value(cells, owner, effects, c, d)
                    b = value(cells, owner, effects, nc, od)
                    if wins[a][b]:
                        out.append(nc)
            return out
        return self.plain_captures(cells, owner, cells[c], c, seat, ties)

    def most_captures(self, cells: Sequence[int], owner: Sequence[int], p: int, free: Sequence[int],
                      seat: int, ties: int) -> list[int]:
        """Of the ``free`` cells, those where piece ``p`` would capture most with no effect
        active (a playout's greedy choice: counts only, no lists built)."""
        att = self.sides[p]
        sides = self.sides
        adj = self.adj
        wins = comparison(ties)
        best = -1
        out: list[int] = []
        for c in free:
            k = 0
            for d, nc, od in adj[c]:
                q = cells[nc]
                if q >= 0 and owner[nc] != seat:
                    if wins[att[d]][sides[q][od]]:
                        k += 1
            if k > best:
                best = k
                out = [c]
            elif k == best:
                out.append(c)
        return out

    def beat_table(self, ties: int) -> list[list[int]]:
        """``t[p][d]``: bit q set when piece p's side d takes piece q's touching side by the
        basic comparison with no effect active -- the comparison of :meth:`plain_captures`
        as a table, for searches that hold positions as bit sets."""
        sides = self.sides
        wins = comparison(ties)
        n = len(sides)
        out = []
        for p in range(n):
            row = []
            for d in range(4):
                wa = wins[sides[p][d]]
                od = OPPOSITE[d]
                m = 0
                for q in range(n):
                    if wa[sides[q][od]]:
                        m |= 1 << q
                row.append(m)
            out.append(row)
        return out

    def plain_captures(self, cells: Sequence[int], owner: Sequence[int], p: int, c: int, seat: int,
                       ties: int) -> list[int]:
        """Captures piece ``p`` makes (or would make) on ``c`` with no effect active.

        The hot path of every search: the neighbour table and sides are plain
        lists, so this is a handful of integer comparisons.
        """
        att = self.sides[p]
        sides = self.sides
        wins = comparison(ties)
        out = []
        for d, nc, od in self.adj[c]:
            q = cells[nc]
            if q >= 0 and owner[nc] != seat and wins[att[d]][sides[q][od]]:
                out.append(nc)
        return out

    # ------------------------------------------------------------------ abilities

    def eligible(self, ab: Ability, cells: Sequence[int], owner: Sequence[int], seat: int, origin: int) -> list[int]:
        """Field cells an ability's gain-control or swap may take: opponents' cards passing its filter."""
        f = ab.filter
        check = not f.is_empty()
        return [x for x in self.play_cells if cells[x] >= 0 and owner[x] != seat
                and (not check or self.passes(f, cells[x], x, origin))]

    @staticmethod
    def target_sets(ab: Ability, eligible: list[int], reset_used: bool) -> list[tuple[int, ...]] | None:
        """Cell choices for an ability: ``[()]`` when it takes none, ``[]`` when it cannot be used,
        None for a swap (whose choices also name a hand card, see :meth:`swap_choices`)."""
        eff = ab.effect
        if eff == "modify" or eff == "win":
            return [()]
        if eff == "reset":
            return [] if reset_used else [()]
        if not eligible:
            return []
        if eff == "gain_control":
            return list(combinations(eligible, min(ab.count, len(eligible))))
        return None

    # ------------------------------------------------------------------ hands and turns

    @staticmethod
    def played_copy_first(dealer: Sequence[int], p: int, q: int, seat: int) -> bool:
        """Of two pieces of the same card in one hand (only after a swap), whether ``p`` is the
        one played: the copy dealt to this seat, else the one of the lowest dealing seat."""
        a, b = dealer[p], dealer[q]
        return (a != seat, a) < (b != seat, b)

    @staticmethod
    def next_seat(hands: Sequence[Sequence[int]], seat: int) -> tuple[int, int]:
        """(next seat holding cards, turns that end on the way) after ``seat``'s turn.

        A seat with no card is skipped and its turn ends too (Turn effects count
        it). When no seat holds a card the seat is -1 (the game is over) and
        every seat's turn has ended once.
        """
        n = len(hands)
        s = seat
        for k in range(1, n + 1):
            s += 1
            if s == n:
                s = 0
            if hands[s]:
                return s, k
        return -1, n


__all__ = ["ACE", "Adjacency", "Judge", "Pair", "clamp", "comparison", "elemental_modifier",
           "field_adjacency", "plus_taken", "same_taken", "TurnEffect", "within_years"]
