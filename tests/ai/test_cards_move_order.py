"""The ability bit search's move order changes how much it searches, never a value.

:class:`~jayden_jazz.ai.cards.bits.BitSolver` orders its placements by what it
remembers of earlier cut-offs: a history per count of empty cells and the
placement that last cut off with as many cells open (tried before the others
are listed). Both carry over from one search to the next, so whatever an
earlier search left there must give the same win/draw/loss. Here the memory is
filled with noise before each search -- random counts, and last cut-offs that
name pieces out of hand or cells already taken -- and every root move's value,
in the null windows the root's first pass asks and in the full window, must
equal the rules core's own search (``Solver(bits=False)``, which has neither),
on positions four to six cells before the end under several rule sets. The
empty board, which the bit search meets only after a reset and orders by the
cards' side sums, must give the value the root's own search proves.
"""

from __future__ import annotations

import random

import pytest

from jayden_jazz.ai.cards.player import catalog_for
from jayden_jazz.ai.cards.solver import DRAW, WIN, Solver
from tests.ai.late_games import played_to

DEFAULT = [str(__import__("pathlib").Path(__file__).resolve().parents[2] / "cards" / "default")]

RULE_SETS = [
    dict(),
    dict(same=True, plus=True, combo=True),
    dict(same=True, same_wall=True),
    dict(plus=True),
    dict(reverse=True, fallen_ace=True, plus=True, combo=True),
    dict(elemental=True, same=True, plus=True, combo=True),
]
PER_SET = 24


@pytest.fixture(scope="module")
def cat():
    return catalog_for(DEFAULT)


def _noise(solver: Solver, rng: random.Random) -> None:
    """Random counts in every history and random last cut-offs (any piece, any cell)."""
    bits = solver.bits
    npieces, size = len(bits.history_at[0]), bits.size
    for rows in bits.history_at:
        for row in rows:
            for c in range(size):
                row[c] = rng.randrange(1000)
    for n in range(len(bits.killer)):
        bits.killer[n] = rng.randrange(-1, npieces * size)


@pytest.mark.parametrize("opts", RULE_SETS, ids=lambda o: "+".join(o) or "base")
def test_any_remembered_order_gives_the_core_searchs_values(cat, opts):
    checked = ordered = 0
    seen = set()
    seed = 4400 + 17 * RULE_SETS.index(opts)
    for g, rng in played_to(cat, opts, PER_SET, seed, lambda made: 4 + made % 3):
        slow = Solver(g.core.copy(), bits=False)
        want = {m: slow.child_value(m) for m in slow.root_moves()}
        fast = Solver(g.core.copy())
        for m, v in want.items():
            _noise(fast, rng)
            assert (fast.child_value(m, WIN - 1, WIN) >= WIN) == (v >= WIN), (g.position(), m)
            _noise(fast, rng)
            assert (fast.child_value(m, DRAW - 1, DRAW) >= DRAW) == (v >= DRAW), (g.position(), m)
        whole = Solver(g.core.copy())
        _noise(whole, rng)
        for m, v in want.items():
            assert whole.child_value(m) == v, (g.position(), m)
        seen.update(want.values())
        ordered += whole.bits.nodes
        checked += 1
    assert checked == PER_SET
    assert len(seen) >= 2          # not one value everywhere: a wrong answer would show
    assert ordered > 0             # the bit search (whose order is under test) took part


def test_the_last_cut_off_is_remembered_per_count_of_empty_cells(cat):
    """A search from six empty cells leaves a last cut-off for some counts of empty cells
    (those the order reads: three or more), each a placement on the 3x3 field."""
    g, _ = next(played_to(cat, dict(same=True, plus=True, combo=True), 1, 4390, lambda made: 6, exact=True))
    solver = Solver(g.core.copy())
    for m in solver.root_moves():
        solver.child_value(m, WIN - 1, WIN)
    bits = solver.bits
    kept = [n for n, pc in enumerate(bits.killer) if pc >= 0]
    assert kept and min(kept) >= 3 and max(kept) <= 5
    assert all(0 <= bits.killer[n] < len(bits.history_at[0]) * bits.size for n in kept)
    assert any(any(row) for row in bits.history_at[3])



def test_the_empty_board_after_a_reset_has_the_roots_value(cat):
    """The game after a reset is the deal again from the empty board, the reset spent: its
    value in the bit search (the weakest card first there; and with the strongest first and
    noise in the remembered order) is the value the root's own search proves (its children
    searched from one card down, where that order is not read)."""
    checked = 0
    for g, _rng in played_to(cat, dict(same=True, plus=True, combo=True), 2, 4601, lambda _: 9, exact=True):
        st = g.core.copy()
        st.reset_used = True
        want = Solver(st.copy()).solve_root().value
        assert Solver(st.copy()).bits.value(st.copy()) == want
        other = Solver(st.copy())
        other.bits.weak = [-w for w in other.bits.weak]
        _noise(other, random.Random(checked))
        assert other.bits.value(st.copy()) == want
        for a in (-1, 0):                                   # the null windows a reset is searched in
            assert (Solver(st.copy()).bits.value(st.copy(), a, a + 1) > a) == (want > a)
        checked += 1
    assert checked == 2
