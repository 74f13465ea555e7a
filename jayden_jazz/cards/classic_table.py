"""Same, Same Wall, Plus and Combo compiled for fields where no Turn effect is active.

The classic rules are written as capture steps in :mod:`.classic`: each
reads every value through the board (ability modifiers, Elemental, the one
clamp) and the core runs them one after the other. That is the law, and it
is what the game runs whenever a Turn effect is active. A search, though,
makes millions of placements on fields where no effect is active; there a
side's effective value depends only on the piece and the cell, and the
steps' calls and lists cost several times the search's own work (the
Monte Carlo player managed a quarter of its plain-rule playouts). So the
same decisions are compiled here once more, in two forms:

* :class:`ClassicTable` works on the core's lists and returns what the
  steps' pipeline returns -- the captured cells, their old owners and the
  cause of each, in the same order -- so the core can use it for every
  placement without an effect (the game's own moves included);
* :class:`ClassicBits` answers "which cells does this placement take" as a
  bit set for the two-player bit searches, from tables built once per search.

Both are checked against the steps on random fields, rules and positions
(``tests/cards/test_classic_table.py``); if the two ever disagreed, the test
says where.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .judge import Judge, clamp, comparison

ACE = 10
STARTS_COMBO = ("same", "same_wall", "plus")


def compiled(rules: Any) -> bool:
    """Whether these rules' capture steps are all compiled here: the basic comparison and the
    classic steps, no step of another kind added by a setup."""
    return not rules.steps


class ClassicTable:
    """The classic steps over the core's lists (see the module docstring)."""

    __slots__ = ("sides", "adj", "walls", "cell_element", "elemental", "wins", "same", "wall", "plus",
                 "combo", "base")

    def __init__(self, judge: Judge, rules: Any) -> None:
        # references only: a search recasts its judge for every sampled world
        self.sides = judge.sides
        self.adj = judge.adj
        self.walls = judge.walls
        self.cell_element = judge.cell_element
        self.elemental = judge.elemental      # the one Elemental modifier (+1 / -1 / 0)
        self.wins = comparison(rules.comparison_mode)
        self.same = rules.same
        self.wall = rules.same_wall
        self.plus = rules.plus
        self.combo = rules.combo
        self.base = rules.capture

    def values(self, p: int, c: int) -> Sequence[int]:
        """The effective sides of piece ``p`` lying on ``c`` with no effect active."""
        s = self.sides[p]
        ce = self.cell_element
        if ce is None or ce[c] is None:
            return s
        m = self.elemental(p, c)
        return [clamp(v + m) for v in s]

    def captured(self, cells: list[int], owner: list[int], p: int, c: int,
                 seat: int) -> tuple[list[int], list[str]]:
        """(cells, causes) that ``seat`` takes by playing piece ``p`` on ``c``, in the order
        the steps' pipeline gives them (Same, Same Wall, Plus, the basic comparison, then
        Combo breadth first). Nothing is changed; ``c`` may be empty or hold ``p``."""
        sides = self.sides
        ce = self.cell_element
        values = self.values
        mine = sides[p] if ce is None else values(p, c)
        touch = []
        for d, n, od in self.adj[c]:
            q = cells[n]
            if q >= 0:
                touch.append((n, mine[d], (sides[q] if ce is None else values(q, n))[od]))
        if not touch:
            return [], []
        taken: dict[int, str] = {}
        if len(touch) >= 2 or self.wall:
            if self.same:
                equal = [n for n, a, b in touch if a == b]
                count = len(equal)
                cause = "same"
                if count < 2 and self.wall:
                    count += sum(1 for d in self.walls[c] if mine[d] == ACE)
                    cause = "same_wall"
                if count >= 2:
                    for n in equal:
                        if owner[n] != seat:
                            taken[n] = cause
            if self.plus and len(touch) >= 2:
                by_sum: dict[int, list[int]] = {}
                for n, a, b in touch:
                    by_sum.setdefault(a + b, []).append(n)
                if len(by_sum) < len(touch):
                    for group in by_sum.values():
                        if len(group) >= 2:
                            for n in group:
                                if n not in taken and owner[n] != seat:
                                    taken[n] = "plus"
        wins = self.wins
        base = self.base
        for n, a, b in touch:
            if n not in taken and owner[n] != seat and wins[a][b]:
                taken[n] = base
        got = list(taken)
        causes = list(taken.values())
        if self.combo and taken:
            queue = [x for x, why in zip(got, causes) if why in STARTS_COMBO]
            adj = self.adj
            i = 0
            while i < len(queue):
                x = queue[i]
                i += 1
                att = values(cells[x], x)
                for d, n, od in adj[x]:
                    q = cells[n]
                    if q >= 0 and n not in taken and owner[n] != seat and wins[att[d]][values(q, n)[od]]:
                        taken[n] = "combo"
                        got.append(n)
                        causes.append("combo")
                        queue.append(n)
        return got, causes

    def run(self, cells: list[int], owner: list[int], counts: list[int], c: int,
            seat: int) -> tuple[list[int], list[int], list[str]]:
        """Capture for the card ``seat`` just put on ``c`` (already on the lists): apply the
        captures and return (cells, their old owners, causes), as the pipeline does."""
        got, causes = self.captured(cells, owner, cells[c], c, seat)
        prev = [owner[x] for x in got]
        for x, o in zip(got, prev):
            owner[x] = seat
            counts[o] -= 1
            counts[seat] += 1
        return got, prev, causes


class ClassicBits:
    """The classic steps for the two-player bit searches: a placement's captures as a bit
    set of cells, from per-piece, per-cell tables built once per search."""

    def __init__(self, table: ClassicTable, npieces: int, size: int, play_cells: Sequence[int]) -> None:
        val: list[list[Sequence[int]]] = [[() for _ in range(size)] for _ in range(npieces)]
        for p in range(npieces):
            for c in play_cells:
                val[p][c] = tuple(table.values(p, c))
        wins = table.wins
        self.val = val
        self.same = table.same
        self.plus = table.plus
        self.combo = table.combo
        self.adjmask = [0] * size
        # nb[p][c]: (neighbour bit, neighbour cell, p's side there, the neighbour's side,
        # pieces that p's side beats on that neighbour) per playable neighbour
        self.nb: list[list[tuple]] = [[() for _ in range(size)] for _ in range(npieces)]
        self.wall_aces = [[0] * size for _ in range(npieces)]
        for c in play_cells:
            self.adjmask[c] = sum(1 << n for _, n, _ in table.adj[c])
            for p in range(npieces):
                row = []
                for d, n, od in table.adj[c]:
                    a = val[p][c][d]
                    beaten = 0
                    for q in range(npieces):
                        if wins[a][val[q][n][od]]:
                            beaten |= 1 << q
                    row.append((1 << n, n, a, od, beaten))
                self.nb[p][c] = tuple(row)
                if table.wall:
                    self.wall_aces[p][c] = sum(1 for d in table.walls[c] if val[p][c][d] == ACE)

    def captures(self, cellp: list[int], occ: int, opp: int, p: int, c: int) -> int:
        """Cells taken when piece ``p`` is played on the empty cell ``c`` (``occ`` the occupied
        cells before, ``opp`` those the opponent controls; ``cellp`` the piece per cell)."""
        val = self.val
        base = 0
        equal = 0
        neq = 0
        sums: list[tuple[int, int]] = []
        for bit, n, a, od, beaten in self.nb[p][c]:
            if occ & bit:
                q = cellp[n]
                b = val[q][n][od]
                if a == b:
                    equal |= bit
                    neq += 1
                if opp & bit and beaten >> q & 1:
                    base |= bit
                sums.append((a + b, bit))
        started = 0
        if self.same and (neq >= 2 or (neq + self.wall_aces[p][c] >= 2)):
            started = equal
        if self.plus and len(sums) >= 2:
            for i in range(len(sums) - 1):
                si, bi = sums[i]
                for j in range(i + 1, len(sums)):
                    if sums[j][0] == si:
                        started |= bi | sums[j][1]
        started &= opp
        cap = base | started
        if self.combo and started:
            rest = opp & ~cap
            nb = self.nb
            front = started
            while front and rest:
                low = front & -front
                front ^= low
                x = low.bit_length() - 1
                for bit, n, _, _, beaten in nb[cellp[x]][x]:
                    if rest & bit and beaten >> cellp[n] & 1:
                        cap |= bit
                        rest ^= bit
                        front |= bit
        return cap


__all__ = ["ClassicBits", "ClassicTable", "compiled"]
