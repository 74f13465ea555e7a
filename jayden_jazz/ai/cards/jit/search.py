"""The compiled ability search behind the Python bit search's interface.

:class:`JitSearch` answers :meth:`~jayden_jazz.ai.cards.bits.BitSolver.value`'s
question -- the fail-soft win/draw/loss of an unfinished two-player state
without effects -- with the kernel of :mod:`.kernel`. The kernel cannot call
back into Python, so it searches in slices of :data:`SLICE` positions: at the
end of one it unwinds without writing a bound, the caller's ``tick`` may
stop the search (it raises, as the Python search's does), and the next slice
starts again from the same position with the table of bounds it left
(everything proven in the slices before is read back from it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from . import kernel as K
from . import layout as L
from .tables import F_ANYRESET, KMAX, build, pack

if TYPE_CHECKING:
    from jayden_jazz.ai.cards.bits import BitSolver
    from jayden_jazz.cards.core import Core

SLICE = 1 << 16         # positions a call searches before the caller's clock is read
TABLE_BITS = 20         # the table of bounds: up to 2**20 entries, 16 MiB
MAX_KIDS = 64           # placements listed per position (5 cards on 9 cells: 45)


def table_bits(empty: int) -> int:
    """The table's size for a search from ``empty`` empty cells: a late position (a hidden
    hand's sampled world) searches a few thousand positions, and the pages of a full table
    it touches once each cost more than its search (at four empty cells 2**12 entries made a
    world three times quicker than 2**20; from eight, the empty board's, the full table)."""
    return max(12, min(TABLE_BITS, 2 * empty + 4))


def fits(st: Core) -> bool:
    """Whether the kernel holds this game: two players, a field of up to 16 cells (the exact
    search's fields; the tables of Turn effects grow with cells squared times pieces
    squared), no hand rule that says which card may be played, and at most ``KMAX``
    abilities a card."""
    return (st.n == 2 and st.size <= 16 and len(st.ids) <= 20 and not st.order_rule and not st.chaos_rule
            and all(len(abilities) <= KMAX for abilities in st.abil))


class JitSearch:
    """One game's compiled search; its table is kept between calls (as BitSolver's)."""

    def __init__(self, bits: BitSolver, st: Core, tick: Callable[[], None] | None) -> None:
        self.tick = tick
        self.tables = pack(build(bits, st))
        size = st.size
        npieces = len(st.ids)
        depth = 8 * size + 32                       # frames: three a placement, twice over with a reset
        kids = max(MAX_KIDS, size * npieces)
        # (a reset still to come plays the whole game again: the full table)
        tbits = TABLE_BITS if self.tables[F_ANYRESET] and not st.reset_used else table_bits(st.empty)
        parts = [                                   # (where it starts in M, its length, filled with)
            (L.O_CELLP, size, -1),                  # the board
            (L.O_TKEY, 1 << tbits, 0),              # the table's keys
            (L.O_TVAL, 1 << tbits, 0),              # its bounds and moves
            (L.O_HIST, (size + 1) * npieces * size, 0),     # the history of cut-offs
            (L.O_KILLER, size + 1, -1),             # the last cut-off's move
            (L.O_KKEY, depth * kids, 0),            # the placements listed, per depth
            (L.O_KCAP, depth * kids, 0),            # and what each takes
            (L.O_SAVE, depth * size, 0),            # the board kept across a reset
            (L.O_FRAMES, depth * L.FRAME, 0),       # the search's stack
        ]
        total = L.M_HEADER + sum(n for _, n, _ in parts)
        m = np.zeros(total, np.int64)
        at = L.M_HEADER
        for slot, n, fill in parts:
            m[slot] = at
            if fill:                # (zeros already: the table's pages stay untouched until used)
                m[at:at + n] = fill
            at += n
        m[L.M_TMASK] = (1 << tbits) - 1
        m[L.M_KIDS] = kids
        self.state = m

    @property
    def nodes(self) -> int:
        return int(self.state[L.S_NODES])

    @property
    def resets_met(self) -> int:
        return int(self.state[L.S_RESETS])

    def value(self, st: Core, alpha: int = -2, beta: int = 2) -> int:
        """Fail-soft value for the seat to move of an unfinished state without effects."""
        if st.effects:
            raise ValueError("the compiled search starts from positions without effects")
        m = self.state
        at = int(m[L.O_CELLP])
        board = np.array(st.cell, np.int64)
        occ = m0 = 0
        for c in range(st.size):
            if st.cell[c] >= 0:
                occ |= 1 << c
                if st.owner[c] == 0:
                    m0 |= 1 << c
        h0 = sum(1 << p for p in st.hands[0])
        h1 = sum(1 << p for p in st.hands[1])
        while True:
            # the board as the position has it: a slice that stopped left its own
            m[at:at + st.size] = board
            m[L.S_STOP] = 0
            m[L.S_LIMIT] = m[L.S_NODES] + SLICE
            v = K.run(self.tables, m, occ, m0, h0, h1, st.to_move, int(st.reset_used), alpha, beta)
            if m[L.S_ERROR]:
                raise RuntimeError("the compiled search met a fourth Turn effect")
            if not m[L.S_STOP]:
                return int(v)
            if self.tick is not None:
                self.tick()


__all__ = ["JitSearch", "SLICE", "fits"]
