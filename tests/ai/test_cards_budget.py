"""A root move searched within a budget of positions (ai/cards/split.py ``_within``) says
"unknown" when the budget runs out, never a value.

The split proof searches each claimed root move whole for a few thousand positions
before it shares the move's replies, and ``tools/bench_cards_root.py`` widens budgets
over the root moves the same way. A budget cut short must not be read as a win or a
loss (a won deal thrown, or a losing card played as a win), must leave the solver's
state whole, and must leave a table from which the move's later search is still
exact. The caller's own clock and node limit stay the caller's: running out of those
is not an "unknown" but the end of the proof.
"""

from __future__ import annotations

import pytest

from jayden_jazz.ai.cards.exact import OutOfTime
from jayden_jazz.ai.cards.player import catalog_for
from jayden_jazz.ai.cards.solver import WIN, Solver
from jayden_jazz.ai.cards.split import _within
from test_cards_wdl_root import RULE_SETS, late_positions
from tests.ai.deals import perfect_deal
from tests.ai.test_cards_split import DEFAULT


@pytest.fixture(scope="module")
def cat():
    return catalog_for(DEFAULT)


def _wins(st, m) -> bool:
    """Whether root move ``m`` wins, by a fresh solver with no budget."""
    return Solver(st.copy()).child_value(m, WIN - 1, WIN) >= WIN


def _budgets_hold(st, moves, budgets) -> tuple[int, int]:
    """Each move within each budget on one solver kept throughout (its table grows from
    cut-short searches): an answer must be the exact one, a cut-short search must leave
    the state whole. Returns (answers, unknowns)."""
    solver = Solver(st.copy())
    start = st.position()
    answered = unknown = 0
    for b in budgets:
        for m in moves:
            v = _within(solver, m, b)
            assert solver.st.depth == 0 and solver.st.position() == start
            assert solver.node_limit is None
            if v is None:
                unknown += 1
            else:
                answered += 1
                assert (v >= WIN) == _wins(st, m), (st.position(), m, b)
    for m in moves:                       # after every cut-short search: still exact
        assert (solver.child_value(m, WIN - 1, WIN) >= WIN) == _wins(st, m), (st.position(), m)
    return answered, unknown


@pytest.mark.parametrize("opts", [dict(open="1"), dict(open="1", same="1", plus="1", combo="1")],
                         ids=["open", "same+plus+combo"])
def test_a_budget_that_runs_out_is_unknown_and_the_table_stays_exact(opts):
    """Seven empty cells: budgets of 256 to 16,384 positions run out on some moves and not
    on others, and the moves' values are checked either way."""
    answered = unknown = 0
    for seed in (3, 4):
        g = perfect_deal(seed, opts)
        for _ in range(2):
            g.push(g.legal_actions(abilities=False)[seed])
        moves = Solver(g.core.copy()).root_moves()[:10]
        a, u = _budgets_hold(g.core, moves, (256, 2048, 16384))
        answered += a
        unknown += u
    assert answered and unknown


@pytest.mark.parametrize("opts", RULE_SETS, ids=lambda o: "+".join(f"{k}" if v is True else f"{k}={v}"
                                                                    for k, v in o.items()) or "base")
def test_budgeted_answers_equal_the_search_on_the_rules_core(cat, opts):
    """Every rule set: what a budget answers is what the solver without the bit forms
    (``Solver(bits=False)``) proves."""
    for g in late_positions(cat, opts, 4, 4142 + RULE_SETS.index(opts), spread=3):
        st = g.core
        solver = Solver(st.copy())
        slow = Solver(st.copy(), bits=False)
        for m in solver.root_moves():
            v = _within(solver, m, 256)
            assert solver.st.depth == 0
            if v is not None:
                assert (v >= WIN) == (slow.child_value(m, WIN - 1, WIN) >= WIN), (st.position(), m)


def test_the_callers_clock_and_node_limit_end_the_proof():
    g = perfect_deal(1, dict(open="1", same="1", plus="1", combo="1"))     # the empty board: seconds
    late = Solver(g.core.copy(), deadline=-1.0, clock=lambda: 0.0)
    m = late.root_moves()[0]
    with pytest.raises(OutOfTime):
        _within(late, m, 1 << 20)
    assert late.st.depth == 0
    limited = Solver(g.core.copy(), node_limit=3000)
    with pytest.raises(OutOfTime):
        _within(limited, m, 1 << 20)      # the caller's limit comes first: not an "unknown"
    assert limited.node_limit == 3000 and limited.st.depth == 0
    roomy = Solver(g.core.copy(), node_limit=1 << 30)
    assert _within(roomy, m, 3000) is None and roomy.node_limit == 1 << 30
