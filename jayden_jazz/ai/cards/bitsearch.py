"""What the two bit searches share: the capture tables, the table of bounds and the move order.

Both :class:`~.exact.MarginBits` (card margins of plain positions) and
:class:`~.bits.BitSolver` (win/draw/loss while abilities are in hand) hold a
two-player position as a few ints -- ``occ`` the occupied cells, ``m0``
those seat 0 controls, ``h0``/``h1`` the hands as bit sets of pieces -- and
the piece on each cell in one list (``cellp``) set and reset around each
recursive call. A placement's captures come from the rules compiled from
the judge (:class:`~jayden_jazz.cards.classic_table.CaptureBits`, every
placement of a position at once); each search keeps a table of
(lower bound, upper bound, best move) per key, and tries the table's best
move first, then the others by the cells they take at once, then by the
history of cut-offs.
"""

from __future__ import annotations

from collections.abc import Callable

from jayden_jazz.cards.classic_table import CaptureBits, ClassicBits
from jayden_jazz.cards.core import Core

ROOM_SLOTS = 1 << 14    # the search's own block of the interpreter's frame stack: 128 KiB asked, 256 KiB given


def in_own_block(search: Callable[..., int], *args: int) -> int:
    """``search(*args)`` from a frame that asks for :data:`ROOM_SLOTS` slots of value stack.

    CPython (3.11, measured) keeps Python frames on a stack of memory blocks, 16 KiB
    at first; a call that does not fit maps a new block, and the return that
    empties it unmaps it at once. A search whose depth swings, node after
    node, across the end of a block maps and unmaps one per node: on Same +
    Plus + Combo deal 16 from the empty board 245,000 map/unmap pairs, 1.5 s of
    a 5.5 s proof spent by the system (7.7 s of 15 s from a caller one frame
    deeper), where the block's end falls is a matter of how deep the caller
    is. This frame does not fit in any block in use, so it gets one twice its
    size of its own (the value stack is never written before it is used, so
    the unused part costs no memory), and the whole search, which on the 3x3
    field reaches 16-32 KiB deep, runs in the room left behind it. Both searches
    enter through here (:meth:`.bits.BitSolver.value` and the margin search's
    :meth:`.exact.MarginBits.value`).
    """
    return search(*args)


in_own_block.__code__ = in_own_block.__code__.replace(co_stacksize=ROOM_SLOTS)


# the margin search's move order: each cell a placement takes counts for more than any
# history of cut-offs (the placements' order key, see CaptureBits.placements)
BY_CAPTURES = 1 << 24


def capture_bits(st: Core) -> CaptureBits:
    """The captures of this state's rules for the bit searches: the basic comparison, with the
    classic steps when they are on. Only for rules the bit searches can hold
    (:attr:`~jayden_jazz.cards.core.Core.bit_rule`; the ability search also holds Elemental,
    :attr:`~jayden_jazz.cards.core.Core.compiled_rule`)."""
    if st.table is not None and (st.table.same or st.table.plus):
        return ClassicBits(st.table, len(st.ids), st.size, st.play_cells)
    # the basic comparison alone (Elemental included: the tables read each piece's values
    # on each cell)
    return CaptureBits(st.judge, st.ties, len(st.ids), st.size, st.play_cells)


class BitSearch:
    """The shared state of a bit search (see the module docstring). ``bound`` is a value
    beyond every score the search gives (its infinity)."""

    bound = 2

    def __init__(self, st: Core, tick: Callable[[], None] | None, rule: CaptureBits | None = None) -> None:
        """``tick`` is called every 256 nodes and may raise to stop the search; ``rule`` the
        captures of another search of the same state, to share (built here without)."""
        if st.n != 2:
            raise ValueError("two players only")
        self.tick = tick
        self.nodes = 0
        self.size = st.size
        self.full = sum(1 << c for c in st.play_cells)
        self.cells = list(st.play_cells)
        self.points = st.points
        self.sudden = st.sudden
        self.rule = capture_bits(st) if rule is None else rule
        self.cellp = [-1] * st.size
        self.tt: dict[int, tuple[int, int, int]] = {}
        self.history = [[0] * st.size for _ in range(len(st.ids))]

    def probe(self, key: int, alpha: int, beta: int) -> tuple[int | None, int, int, int]:
        """(value, alpha, beta, best move as piece * size + cell, -1 for none): the value when
        the table settles this node, else None and the window narrowed by its bounds."""
        entry = self.tt.get(key)
        if entry is None:
            return None, alpha, beta, -1
        lo, hi, pc = entry
        if lo >= beta or lo == hi:
            return lo, alpha, beta, pc
        if hi <= alpha:
            return hi, alpha, beta, pc
        return None, lo if lo > alpha else alpha, hi if hi < beta else beta, pc

    def store(self, key: int, best: int, alpha: int, beta: int, pc: int) -> None:
        """Remember ``best`` found in the window (alpha, beta) as it was on entry (after the
        table's bounds), with its move."""
        inf = self.bound
        if best <= alpha:
            self.tt[key] = (-inf, best, pc)
        elif best >= beta:
            self.tt[key] = (best, inf, pc)
        else:
            self.tt[key] = (best, best, pc)

    def hand_points(self, hand: int) -> int:
        """The printed side total of the pieces in ``hand`` (the tie-break)."""
        pts = self.points
        return sum(pts[p] for p in range(hand.bit_length()) if hand >> p & 1)


__all__ = ["BY_CAPTURES", "BitSearch", "capture_bits", "in_own_block"]
