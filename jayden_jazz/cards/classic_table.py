"""The capture rules compiled from the judge: the classic steps as table reads.

The law is the capture steps (:mod:`.capture`, :mod:`.classic`) run by the
core's pipeline: each reads every value through the board (ability
modifiers, Elemental, the one clamp), and the core runs them one after the
other. That is what the game runs for a setup with a step of another kind.
A search, though, makes millions of placements, and the steps' calls and
lists cost several times the search's own work. Where no Turn effect is
active a side's effective value depends only on the piece and the cell
(:meth:`~.judge.Judge.values`); while effects are active, on the owner too,
and :class:`~.turn_values.TurnValues` tables it per set of effects. So the
judge's own judgements -- the basic comparison
(:func:`~.judge.comparison`), Same and Plus (:func:`~.judge.same_taken`,
:func:`~.judge.plus_taken`), Same Wall's A sides
(:meth:`~.judge.Judge.wall_aces`) -- are applied here to values read from
tables, in two forms:

* :class:`ClassicTable` works on the core's lists and returns what the
  steps' pipeline returns -- the captured cells, their old owners and the
  cause of each, in the same order -- so the core uses it for every
  placement under the classic rules, Turn effects or not (the game's own
  moves included; under the base rule alone the judge's ``plain_captures``
  is that form, and :meth:`.TurnValues.captures` under effects);
* :class:`CaptureBits` answers "which cells does each placement take" as
  bit sets for the two-player bit searches (no effect active), every
  placement of a position at once: the basic comparison, from tables built
  once per search (the one neighbour-capture loop of the searches);
  :class:`ClassicBits` adds Same, Same Wall, Plus and Combo.

Both are checked against the steps on random fields, rules and positions
(``tests/cards/test_classic_table.py``, under random Turn effects in
``tests/cards/test_turn_values.py``, and the bit form's memo kept through
whole games in ``tests/cards/test_classic_entries.py``); if they ever
disagreed, the test says where.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Protocol

from .judge import Judge, comparison, plus_taken, same_taken
from .turn_values import Values

STARTS_COMBO = ("same", "same_wall", "plus")
_MEMO = 1 << 20         # Same and Plus judgements kept by the bit form before it starts afresh
Ordered = tuple[int, int, int, int]    # (order key, piece, cell, the cells it takes as bits)
MEMBERS: dict[int, tuple[int, ...]] = {}
"""Bit sets' members already listed (a hot loop reads it inline: ``MEMBERS.get(b) or members(b)``)."""
_MEMBERS_KEPT = 1 << 16     # bit sets remembered before the memo starts afresh (5x5 and up)


def members(bits: int) -> tuple[int, ...]:
    """The set bits' indices, low first: a hand's pieces or a field's cells. The searches ask
    for the same few sets again and again, so they are remembered."""
    got = MEMBERS.get(bits)
    if got is None:
        out = []
        b = bits
        while b:
            low = b & -b
            out.append(low.bit_length() - 1)
            b ^= low
        got = tuple(out)
        if len(MEMBERS) >= _MEMBERS_KEPT:
            MEMBERS.clear()
        MEMBERS[bits] = got
    return got


class ClassicRules(Protocol):
    """The settings the compiled forms read (:class:`~.rules.Rules`)."""

    @property
    def steps(self) -> tuple[str, ...]: ...
    @property
    def capture(self) -> str: ...
    @property
    def comparison_mode(self) -> int: ...
    @property
    def same(self) -> bool: ...
    @property
    def same_wall(self) -> bool: ...
    @property
    def plus(self) -> bool: ...
    @property
    def combo(self) -> bool: ...


def compiled(rules: ClassicRules) -> bool:
    """Whether these rules' capture steps are all compiled here: the basic comparison and the
    classic steps, no step of another kind added by a setup."""
    return not rules.steps


class ClassicTable:
    """The classic steps over the core's lists, with or without Turn effects (see the module docstring)."""

    __slots__ = ("judge", "sides", "adj", "walls", "cell_element", "mode", "wins", "same", "wall", "plus",
                 "combo", "base")

    def __init__(self, judge: Judge, rules: ClassicRules) -> None:
        # references only: a search recasts its judge for every sampled world
        self.judge = judge
        self.sides = judge.sides
        self.adj = judge.adj
        self.walls = judge.walls
        self.cell_element = judge.cell_element
        self.mode = rules.comparison_mode
        self.wins = comparison(self.mode)
        self.same = rules.same
        self.wall = rules.same_wall
        self.plus = rules.plus
        self.combo = rules.combo
        self.base = rules.capture

    def values(self, p: int, c: int) -> Sequence[int]:
        """The effective sides of piece ``p`` lying on ``c`` with no effect active."""
        if self.cell_element is None:
            return self.sides[p]
        return self.judge.values(p, c)

    def captured(self, cells: list[int], owner: list[int], p: int, c: int,
                 seat: int, under: Values | None = None) -> tuple[list[int], list[str]]:
        """(cells, causes) that ``seat`` takes by playing piece ``p`` on ``c``, in the order
        the steps' pipeline gives them (Same, Same Wall, Plus, the basic comparison, then
        Combo breadth first). Nothing is changed; ``c`` may be empty or hold ``p``.
        ``under``: the values while Turn effects are active (:meth:`.TurnValues.under`),
        read per owner -- a card Combo takes is compared as its taker's from then on, as
        the pipeline compares it once it has changed hands."""
        if under is not None:
            return self._captured_under(cells, owner, p, c, seat, under)
        sides = self.sides
        plain = self.cell_element is None
        values = self.values
        mine = sides[p] if plain else values(p, c)
        touch = []
        for d, n, od in self.adj[c]:
            q = cells[n]
            if q >= 0:
                touch.append((n, mine[d], (sides[q] if plain else values(q, n))[od]))
        if not touch:
            return [], []
        taken = self._decided(touch, mine, c, owner, seat)
        got = list(taken)
        causes = list(taken.values())
        if self.combo and taken:
            queue = [x for x, why in zip(got, causes) if why in STARTS_COMBO]
            judge = self.judge
            mode = self.mode
            i = 0
            while i < len(queue):
                for n in judge.captures(cells, owner, (), queue[i], seat, mode):
                    if n not in taken:
                        taken[n] = "combo"
                        got.append(n)
                        causes.append("combo")
                        queue.append(n)
                i += 1
        return got, causes

    def _decided(self, touch: list[tuple[int, int, int]], mine: Sequence[int], c: int, owner: list[int],
                 seat: int) -> dict[int, str]:
        """The decision steps' takes from the touching pairs (cell, the card's side, the
        touching side), each with its cause, in the pipeline's order."""
        taken: dict[int, str] = {}
        if len(touch) >= 2 or self.wall:
            if self.same:
                cause = "same"
                equal = same_taken(touch)
                if not equal and self.wall:
                    cause = "same_wall"
                    equal = same_taken(touch, self.judge.wall_aces(mine, c))
                for n in equal:
                    if owner[n] != seat:
                        taken[n] = cause
            if self.plus:
                for n in plus_taken(touch):
                    if n not in taken and owner[n] != seat:
                        taken[n] = "plus"
        wins = self.wins
        base = self.base
        for n, a, b in touch:
            if n not in taken and owner[n] != seat and wins[a][b]:
                taken[n] = base
        return taken

    def _captured_under(self, cells: list[int], owner: list[int], p: int, c: int, seat: int,
                        under: Values) -> tuple[list[int], list[str]]:
        """:meth:`captured` while Turn effects are active."""
        mine = under[seat][p][c]
        touch = []
        for d, n, od in self.adj[c]:
            q = cells[n]
            if q >= 0:
                touch.append((n, mine[d], under[owner[n]][q][n][od]))
        if not touch:
            return [], []
        taken = self._decided(touch, mine, c, owner, seat)
        got = list(taken)
        causes = list(taken.values())
        if self.combo and taken:
            queue = [x for x, why in zip(got, causes) if why in STARTS_COMBO]
            adj = self.adj
            wins = self.wins
            mine_now = under[seat]           # a card taken is its taker's
            i = 0
            while i < len(queue):
                x = queue[i]
                att = mine_now[cells[x]][x]
                for d, n, od in adj[x]:
                    q = cells[n]
                    if q >= 0 and n not in taken and n != c:
                        o = owner[n]
                        if o != seat and wins[att[d]][under[o][q][n][od]]:
                            taken[n] = "combo"
                            got.append(n)
                            causes.append("combo")
                            queue.append(n)
                i += 1
        return got, causes

    def taken_under(self, cells: list[int], m0: int, own: int, p: int, c: int, seat: int,
                    under: Values) -> tuple[int, bool]:
        """:meth:`captured` under Turn effects for the two-player bit search's window, on its
        ints: (the cells taken as bits, whether Same, Same Wall or Plus took any -- a Combo
        chain's start, whose captures reach beyond the cell's neighbours). ``m0`` the cells
        seat 0 holds, ``own`` those ``seat`` holds (neither includes ``c``). The same
        judgements as :meth:`_captured_under` without its lists of cells and causes: the
        window judges a placement it has not met before at every few positions."""
        mine = under[seat][p][c]
        touch = []
        for d, n, od in self.adj[c]:
            q = cells[n]
            if q >= 0:
                touch.append((n, mine[d], under[m0 >> n & 1 ^ 1][q][n][od]))
        if not touch:
            return 0, False
        started = 0
        if len(touch) >= 2 or self.wall:
            if self.same:
                equal = same_taken(touch)
                if not equal and self.wall:
                    equal = same_taken(touch, self.judge.wall_aces(mine, c))
                for n in equal:
                    started |= 1 << n
            if self.plus:
                for n in plus_taken(touch):
                    started |= 1 << n
            started &= ~own
        taken = started
        wins = self.wins
        for n, a, b in touch:
            if wins[a][b]:
                taken |= 1 << n
        taken &= ~own
        if self.combo and started:
            # each card the chain takes takes those beside it it beats (compared as its
            # taker's), but not the placed card's cell, the mover's own or a card taken already
            adj = self.adj
            mine_now = under[seat]
            rest = ~(own | taken | 1 << c)
            front = started
            while front:
                low = front & -front
                front ^= low
                x = low.bit_length() - 1
                att = mine_now[cells[x]][x]
                for d, n, od in adj[x]:
                    q = cells[n]
                    if q >= 0 and rest >> n & 1 and wins[att[d]][under[m0 >> n & 1 ^ 1][q][n][od]]:
                        taken |= 1 << n
                        rest &= ~(1 << n)
                        front |= 1 << n
        return taken, bool(started)

    def run(self, cells: list[int], owner: list[int], counts: list[int], c: int,
            seat: int, under: Values | None = None) -> tuple[list[int], list[int], list[str]]:
        """Capture for the card ``seat`` just put on ``c`` (already on the lists): apply the
        captures and return (cells, their old owners, causes), as the pipeline does
        (``under`` as in :meth:`captured`)."""
        got, causes = self.captured(cells, owner, cells[c], c, seat, under)
        prev = [owner[x] for x in got]
        for x, o in zip(got, prev):
            owner[x] = seat
            counts[o] -= 1
            counts[seat] += 1
        return got, prev, causes


class CaptureBits:
    """The basic comparison for the two-player bit searches: every placement's captures of a
    position as bit sets, from tables built once per search.

    A position is ``cellp`` (the piece on each cell, -1 when empty), ``occ`` (the occupied
    cells as bits) and ``opp`` (the cells the opponent of the mover controls).
    """

    def __init__(self, judge: Judge, mode: int, npieces: int, size: int, play_cells: Sequence[int]) -> None:
        wins = comparison(mode)
        val: list[list[tuple[int, ...]]] = [[() for _ in range(size)] for _ in range(npieces)]
        for p in range(npieces):
            for c in play_cells:
                val[p][c] = judge.values(p, c)
        self.val = val
        self.adjmask = [0] * size
        for c in play_cells:
            self.adjmask[c] = sum(1 << n for _, n, _ in judge.adj[c])
        # nb[p][c]: per playable neighbour n of c, (n's bit, n, the pieces lying on n that p
        # takes from c); takers[c]: per playable neighbour n of c, (n's bit, n, per piece q
        # lying on n: the pieces that take it from c) -- one comparison, read both ways
        self.nb: list[list[tuple[tuple[int, int, int], ...]]] = [[() for _ in range(size)]
                                                                  for _ in range(npieces)]
        self.takers: list[tuple[tuple[int, int, tuple[int, ...]], ...]] = [() for _ in range(size)]
        for c in play_cells:
            row = []
            for d, n, od in judge.adj[c]:
                on_c = [0] * 11              # the pieces whose side d is worth each value on c
                on_n = [0] * 11              # the pieces whose side od is worth each value on n
                for q in range(npieces):
                    on_c[val[q][c][d]] |= 1 << q
                    on_n[val[q][n][od]] |= 1 << q
                takes = [0] * 11             # the pieces on n a side of each value takes
                taken_by = [0] * 11          # the pieces on c that take a side of each value
                for a in range(11):
                    for b in range(11):
                        if wins[a][b]:
                            takes[a] |= on_n[b]
                            taken_by[b] |= on_c[a]
                for p in range(npieces):
                    self.nb[p][c] += ((1 << n, n, takes[val[p][c][d]]),)
                row.append((1 << n, n, tuple(taken_by[val[q][n][od]] for q in range(npieces))))
            self.takers[c] = tuple(row)
        # what every piece placed on c beats depends only on the pieces around c: one row per
        # cell and neighbours' pieces (read in one C call by look[c]), each piece's beaten
        # neighbours as bits whoever holds them, so listing a cell's placements reads the
        # dictionary once and each piece's row entry (Open deals 1-4 from the empty board:
        # a quarter less time than comparing each piece's neighbours in turn)
        self.look: list[Callable[[Sequence[int]], object] | None] = [None] * size
        for c in play_cells:
            nbrs = [n for _, n, _ in judge.adj[c]]
            if nbrs:
                self.look[c] = itemgetter(*nbrs)
        self.beats: list[dict[object, list[int]]] = [{} for _ in range(size)]
        self._beaten = 0
        self.beats_limit = _MEMO    # rows kept before they all start afresh
        self.npieces = npieces
        self._none = [0] * npieces  # the row of a cell no opposing card touches

    def _beats_row(self, cellp: list[int], c: int, key: object) -> list[int]:
        """Each piece's beaten neighbours on ``c`` among the pieces of ``cellp`` (``key``
        those pieces, as look[c] reads them), kept."""
        row = [0] * self.npieces
        for bit, n, tk in self.takers[c]:
            q = cellp[n]
            if q >= 0:
                for p in members(tk[q]):
                    row[p] |= bit
        self._beaten += 1
        if self._beaten > self.beats_limit:
            for kept in self.beats:
                kept.clear()
            self._beaten = 1
        self.beats[c][key] = row
        return row

    def placements(self, cellp: list[int], occ: int, opp: int, hand: int, free: int,
                   order: Sequence[Sequence[int]] | None = None, per_capture: int = 0) -> list[Ordered]:
        """(order key, piece, cell, cells taken) for every piece of ``hand`` (a bit set of pieces)
        on every cell of ``free``; the key is ``per_capture`` for each cell taken plus
        ``order[piece][cell]`` (a search's move order; 0 without)."""
        # with an order: each cell's row first, then piece by piece, each over the cells low
        # first (the order a stable sort on part of the key keeps among ties: the empty
        # board's, in bits.search); without (every caller sorts on the whole tuple or takes
        # one placement): cell by cell, a few steps fewer
        adjmask = self.adjmask
        beats = self.beats
        look = self.look
        out: list[Ordered] = []
        append = out.append
        pieces = MEMBERS.get(hand) or members(hand)
        if order is None:
            for c in MEMBERS.get(free) or members(free):
                if not opp & adjmask[c]:      # no card of the opponent touches c: nothing taken
                    for p in pieces:
                        append((0, p, c, 0))
                    continue
                key = look[c](cellp)  # type: ignore[misc]
                row = beats[c].get(key)
                if row is None:
                    row = self._beats_row(cellp, c, key)
                for p in pieces:
                    cap = row[p] & opp
                    append((cap.bit_count() * per_capture, p, c, cap))
            return out
        crs = []
        for c in MEMBERS.get(free) or members(free):
            if opp & adjmask[c]:
                key = look[c](cellp)  # type: ignore[misc]
                row = beats[c].get(key)
                if row is None:
                    row = self._beats_row(cellp, c, key)
                crs.append((c, row))
            else:
                crs.append((c, self._none))
        for p in pieces:
            hp = order[p]
            for c, row in crs:
                cap = row[p] & opp
                append((cap.bit_count() * per_capture + hp[c], p, c, cap))
        return out

    def most_taken(self, cellp: list[int], occ: int, opp: int, hand: int, c: int) -> tuple[int, int]:
        """(the most cells a piece of ``hand`` takes on ``c``, the pieces that take that many):
        the last placement of a game, counted from the same comparison without listing
        every piece."""
        # a1..a4: the pieces of the hand that take at least 1..4 of the touching cards
        a1 = a2 = a3 = a4 = 0
        for bit, n, tk in self.takers[c]:
            if opp & bit:
                m = tk[cellp[n]] & hand
                a4 |= a3 & m
                a3 |= a2 & m
                a2 |= a1 & m
                a1 |= m
        if a4:                        # each level holds no piece of the one above
            return 4, a4
        if a3:
            return 3, a3
        if a2:
            return 2, a2
        if a1:
            return 1, a1
        return 0, hand

    def captures(self, cellp: list[int], occ: int, opp: int, p: int, c: int) -> int:
        """Cells taken when piece ``p`` is played on the empty cell ``c``: one placement alone,
        for a search that orders its moves without their captures and asks only for those
        it tries (at a cut-off node most are never tried)."""
        cap = 0
        for bit, n, taken in self.nb[p][c]:
            if opp & bit and taken >> cellp[n] & 1:
                cap |= bit
        return cap


class ClassicBits(CaptureBits):
    """The classic steps for the two-player bit searches: the basic comparison of
    :class:`CaptureBits`, then Same, Same Wall and Plus, then Combo."""

    def __init__(self, table: ClassicTable, npieces: int, size: int, play_cells: Sequence[int]) -> None:
        super().__init__(table.judge, table.mode, npieces, size, play_cells)
        judge = table.judge
        val = self.val
        self.same = table.same
        self.plus = table.plus
        self.combo = table.combo
        # touch[p][c]: (neighbour bit, neighbour cell, p's side there, the neighbour's side)
        self.touch: list[list[tuple[tuple[int, int, int, int], ...]]] = [[() for _ in range(size)]
                                                                          for _ in range(npieces)]
        self.wall_aces = [[0] * size for _ in range(npieces)]
        # what a placement takes depends, before owners, only on the piece, the cell and
        # the pieces on the cell's neighbours (-1 where empty): judged once, kept in
        # rows[c] under the neighbours' pieces in the cell's own order (read in one C call
        # by look[c], as for the comparison's rows) as a row of every piece's entry (-1 until
        # judged), so a key cannot stand for another placement -- the dictionary says which
        # cell, the tuple what lies around it, the row's index which piece -- and listing a
        # cell's placements reads the dictionary once for the whole hand
        self.rows: list[dict[object, list[int]]] = [{} for _ in range(size)]
        self._kept = 0
        self.limit = _MEMO          # entries kept before they all start afresh
        self.shift = size          # an entry is (cells taken by the comparison) | (by Same/Plus) << size
        for c in play_cells:
            for p in range(npieces):
                self.touch[p][c] = tuple((1 << n, n, val[p][c][d], od) for d, n, od in judge.adj[c])
                if table.wall:
                    self.wall_aces[p][c] = judge.wall_aces(val[p][c], c)

    def entry(self, cellp: list[int], p: int, c: int) -> int:
        """Piece ``p`` on ``c`` among the pieces of ``cellp``: the touching cards the basic
        comparison takes, and those Same, Same Wall or Plus take (shifted by the field's
        size), whoever controls them; ``c`` must have a neighbour."""
        rows = self.rows[c]
        key = self.look[c](cellp)  # type: ignore[misc]
        row = rows.get(key)
        if row is None:
            row = rows[key] = [-1] * self.npieces
        got = row[p]
        if got < 0:
            got = self._judged(row, cellp, p, c)
        return got

    def _judged(self, row: list[int], cellp: list[int], p: int, c: int) -> int:
        """Judge p on c and keep it in ``row``, the row of c's neighbours' pieces (read already
        by the caller: listing placements reads it once per cell)."""
        got = row[p] = self._judge(cellp, p, c)
        self._kept += 1
        if self._kept > self.limit:
            for kept in self.rows:
                kept.clear()
            row = self.rows[c][self.look[c](cellp)] = [-1] * self.npieces  # type: ignore[misc]
            row[p] = got
            self._kept = 1
        return got

    def _judge(self, cellp: list[int], p: int, c: int) -> int:
        beats = near = 0
        for bit, n, taken in self.nb[p][c]:
            q = cellp[n]
            if q >= 0:
                near |= bit
                if taken >> q & 1:
                    beats |= bit
        aces = self.wall_aces[p][c]
        if near & (near - 1) or (near and aces):
            return beats | self._decide(cellp, near, p, c, aces) << self.shift
        return beats                  # fewer than two pairs: the basic comparison alone

    def placements(self, cellp: list[int], occ: int, opp: int, hand: int, free: int,
                   order: Sequence[Sequence[int]] | None = None, per_capture: int = 0) -> list[Ordered]:
        # cell by cell: a cell no card of the opponent touches takes nothing with any piece,
        # and the neighbours' pieces (the memo's key) are read once for every piece; the
        # loop is written twice, with and without an order (the last two cells' call), as
        # the ability search's hottest code
        out: list[Ordered] = []
        append = out.append
        pieces = MEMBERS.get(hand) or members(hand)
        adjmask = self.adjmask
        rows = self.rows
        look = self.look
        shift = self.shift
        combo = self.combo
        npieces = self.npieces
        for c in MEMBERS.get(free) or members(free):
            if not opp & adjmask[c]:
                if order is None:
                    for p in pieces:
                        append((0, p, c, 0))
                else:
                    for p in pieces:
                        append((order[p][c], p, c, 0))
                continue
            key = look[c](cellp)  # type: ignore[misc]
            row = rows[c].get(key)
            if row is None:
                row = rows[c][key] = [-1] * npieces
            if order is None:
                for p in pieces:
                    got = row[p]
                    if got < 0:
                        got = self._judged(row, cellp, p, c)
                    started = got >> shift & opp
                    if started:
                        cap = got & opp | started
                        if combo:
                            cap = self._combo(cellp, started, opp & ~cap, cap)
                        append((cap.bit_count() * per_capture, p, c, cap))
                    else:
                        cap = got & opp
                        append((cap.bit_count() * per_capture, p, c, cap))
            else:
                for p in pieces:
                    got = row[p]
                    if got < 0:
                        got = self._judged(row, cellp, p, c)
                    started = got >> shift & opp
                    if started:
                        cap = got & opp | started
                        if combo:
                            cap = self._combo(cellp, started, opp & ~cap, cap)
                    else:
                        cap = got & opp
                    append((cap.bit_count() * per_capture + order[p][c], p, c, cap))
        return out

    def captures(self, cellp: list[int], occ: int, opp: int, p: int, c: int) -> int:
        if not opp & self.adjmask[c]:
            return 0                  # no card of the opponent touches c: nothing to take
        row = self.rows[c].get(self.look[c](cellp))  # type: ignore[misc]
        got = -1 if row is None else row[p]
        if got < 0:                   # (entry's first look, inline: the search's hottest call)
            got = self.entry(cellp, p, c)
        cap = got & opp
        started = got >> self.shift & opp
        if started:
            cap |= started
            if self.combo:
                cap = self._combo(cellp, started, opp & ~cap, cap)
        return cap

    def _decide(self, cellp: list[int], near: int, p: int, c: int, aces: int) -> int:
        """The touching cards (bits of ``near``) Same and Plus take for piece ``p`` on ``c``,
        whoever controls them."""
        # same_taken and plus_taken on the pairs, in one pass over them with the keys as bits
        # (once for each new judgement: about a tenth of a cold Same + Plus + Combo proof)
        val = self.val
        equal = 0                    # the touching cards with equal sides, and how many
        count = aces
        sums: dict[int, int] = {}    # each sum of a pair's sides: the touching cards with it
        started = 0                  # those whose sum another shares (Plus)
        for bit, n, a, od in self.touch[p][c]:
            if near & bit:
                b = val[cellp[n]][n][od]
                if a == b:
                    equal |= bit
                    count += 1
                had = sums.get(a + b, 0)
                if had:
                    started |= had | bit
                sums[a + b] = had | bit
        if not self.plus:
            started = 0
        if self.same and count >= 2:
            started |= equal
        return started

    def most_taken(self, cellp: list[int], occ: int, opp: int, hand: int, c: int) -> tuple[int, int]:
        kids = self.placements(cellp, occ, opp, hand, 1 << c, None, 1)
        most = max(kids)[0]
        return most, sum(1 << p for k, p, _, _ in kids if k == most)

    def _combo(self, cellp: list[int], front: int, rest: int, cap: int) -> int:
        """Combo: each card in ``front`` takes those of ``rest`` it beats, and so on (the
        basic comparison of the card where it lies: the low part of its entry)."""
        rows = self.rows
        look = self.look
        adjmask = self.adjmask
        while front and rest:
            low = front & -front
            front ^= low
            x = low.bit_length() - 1
            if not rest & adjmask[x]:
                continue              # nothing left to take beside it: no entry to read
            q = cellp[x]
            row = rows[x].get(look[x](cellp))  # type: ignore[misc]
            got = -1 if row is None else row[q]
            if got < 0:
                got = self.entry(cellp, q, x)
            got &= rest
            if got:
                cap |= got
                rest ^= got
                front |= got
        return cap


__all__ = ["MEMBERS", "CaptureBits", "ClassicBits", "ClassicTable", "ClassicRules", "Ordered", "compiled", "members"]
