"""The first card's root order: the weakest card first (Solver._weak_first, issue #41).

The first pass of a first card's proof stops at the first winning move, so the
root order decides how long a won deal takes; the order must never decide the
answer. So: at a first card the proof tries the card with the smallest side sum
first, later positions keep the order they had, and the proof's value -- and a
move that keeps it -- is the same as with the old order, on random positions one
card down and from the empty board, under several rule sets.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from jayden_jazz.ai.cards.player import catalog_for
from jayden_jazz.ai.cards.solver import Solver
from tests.ai.deals import open_deal
from tests.ai.late_games import played_to

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = [str(ROOT / "cards" / "default")]

RULE_SETS = [
    dict(),
    dict(same=True, plus=True, combo=True),
    dict(plus=True),
    dict(reverse=True, fallen_ace=True, same=True),
    dict(elemental=True),
]


@pytest.fixture(scope="module")
def cat():
    return catalog_for(DEFAULT)


class _Recording(Solver):
    """Notes the root moves the proof tries, in order."""

    def __init__(self, *a, **k) -> None:
        super().__init__(*a, **k)
        self.tried: list = []

    def child_value(self, move, alpha=-2, beta=2):
        self.tried.append(move)
        return super().child_value(move, alpha, beta)


def _old(monkeypatch) -> None:
    """The order before: no card moved ahead for its sides."""
    monkeypatch.setattr(Solver, "_weak_first", lambda self, pcs: pcs)


@pytest.mark.parametrize("opts", RULE_SETS, ids=lambda o: ",".join(o) or "open")
def test_a_first_card_tries_the_weakest_card_first(cat, opts):
    for seed in range(1, 5):
        st = open_deal(cat, opts, seed).search_state()
        sums = [sum(st.sides[m[0]]) for m in Solver(st).root_moves()]
        assert sums == sorted(sums), (opts, seed)
        solver = _Recording(st, node_limit=3000)
        solver.solve_root(partial=True)
        weakest = min(sum(st.sides[p]) for p in st.hands[st.to_move])
        assert solver.tried and sum(st.sides[solver.tried[0][0]]) == weakest, (opts, seed, solver.tried[:1])


def test_the_old_order_did_not_put_the_weakest_card_first(cat, monkeypatch):
    """The test above can fail: the order it sees is this change's, not the one before."""
    _old(monkeypatch)
    unsorted = 0
    for seed in range(1, 9):
        st = open_deal(cat, dict(same=True, plus=True, combo=True), seed).search_state()
        sums = [sum(st.sides[m[0]]) for m in Solver(st).root_moves()]
        unsorted += sums != sorted(sums)
    assert unsorted >= 4


def test_later_positions_keep_their_order(cat, monkeypatch):
    """Two cards down the root is no first card: its order is the one it had."""
    for opts in RULE_SETS[:2]:
        for g, _ in played_to(cat, opts, 4, 7, lambda _n: 7, exact=True):
            new = Solver(g.search_state()).root_moves()
            with monkeypatch.context() as m:
                _old(m)
                old = Solver(g.search_state()).root_moves()
            assert new == old, opts


@pytest.mark.parametrize("opts", RULE_SETS, ids=lambda o: ",".join(o) or "open")
def test_the_value_is_the_old_orders_one_card_down(cat, opts, monkeypatch):
    """One card down (the second mover's first card) under each rule set: the same value,
    and the move the proof names keeps it by the old order's own search."""
    for g, _ in played_to(cat, opts, 3, 41, lambda _n: 8, exact=True):
        new = Solver(g.search_state()).solve_root()
        with monkeypatch.context() as m:
            _old(m)
            old_solver = Solver(g.search_state())
            old = old_solver.solve_root()
            assert new.value == old.value, opts
            kept = old_solver.child_value(new.best[0], new.value - 1, new.value + 1)
        assert kept == new.value, (opts, new.best[0])


def test_the_value_is_the_old_orders_from_the_empty_board(cat, monkeypatch):
    """From the empty board (Open, two deals): the same value, and a winning move proven
    to win by the old order's search as well."""
    for seed in (2, 7):
        st = open_deal(cat, {}, seed).search_state()
        new = Solver(st).solve_root()
        with monkeypatch.context() as m:
            _old(m)
            old_solver = Solver(st)
            old = old_solver.solve_root()
            assert new.value == old.value, seed
            assert old_solver.child_value(new.best[0], new.value - 1, new.value + 1) == new.value, seed
