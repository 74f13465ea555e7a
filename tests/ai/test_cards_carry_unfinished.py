"""A solver carried on after a proof that ran out of time (ai/cards/carry.py, issue #41).

When Hard's first card is not proven in its time it still plays (the likeliest
winner, or the Monte Carlo search's pick) and keeps its solver, whose table then
holds what the caller searched and what the split proof's helper passed it. The
next card goes on from that table, so an entry an interrupted search left wrong
would turn into a wrong value there. So: from random positions under several
rule sets, a proof cut short by a node limit -- in one process and split with a
forked helper -- is kept, the move it took first (or any) and a random reply are played, and the
resumed solver's value of every move equals a fresh search's without the bit
forms. And after a split proof that found a win, whichever process found it,
every reply to the winning move is answered by the caller's table.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from jayden_jazz.ai.cards import carry
from jayden_jazz.ai.cards.player import catalog_for
from jayden_jazz.ai.cards.solver import WIN, Solver
from jayden_jazz.ai.cards import split
from jayden_jazz.ai.cards.split import CAN_SPLIT, solve_root_split
from jayden_jazz.cards import Action
from tests.ai.late_games import played_to

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = [str(ROOT / "cards" / "default")]

RULE_SETS = [
    dict(pure=True),
    dict(),
    dict(same=True),
    dict(plus=True),
    dict(same=True, plus=True, combo=True),
    dict(elemental=True, plus=True),
    dict(reverse=True, fallen_ace=True, same=True),
]


@pytest.fixture(scope="module")
def cat():
    return catalog_for(DEFAULT)


@pytest.fixture(autouse=True)
def _nothing_kept():
    carry.forget()
    yield
    carry.forget()


def _games(cat, opts: dict, count: int, seed: int, empty: int):
    """``count`` random games at exactly ``empty`` empty cells (a 3x3 deal: nine cells, five cards
    each), with the rng that made them."""
    return played_to(cat, opts, count, seed, lambda _made: empty, exact=True, no_reset=False)


def _answers(solver: Solver, m) -> list[str]:
    """The replies to root move ``m`` in the order the split proof takes them."""
    reps = split._replies(solver, m) or []
    st = solver.st
    st.place(m[0], m[1])
    st.commit(m[2])
    try:
        return [str(st.action(r)) for r in reps]
    finally:
        st.uncommit()
        st.unplace()


def _values(solver: Solver) -> dict[str, int]:
    """Every move's exact value for the mover, by its action text."""
    st = solver.st
    return {str(st.action(m)): solver.child_value(m) for m in st.moves()}


@pytest.mark.parametrize("opts", RULE_SETS, ids=lambda o: "+".join(o) or "base")
@pytest.mark.parametrize("how", ["one process", "split"])
def test_a_solver_kept_after_an_unfinished_proof_gives_a_fresh_searchs_values(cat, opts, how, monkeypatch):
    """Split, every entry of the helper's is passed (positions near the end too: the resumed
    searches here read mostly those) and the root moves' replies are shared at once (the
    helper's entries are then in the played move's tree)."""
    if how == "split" and not CAN_SPLIT:
        pytest.skip("the split proof needs os.fork")
    monkeypatch.setattr(split, "SHARE_EMPTY", 0)
    monkeypatch.setattr(split, "ALONE_NODES", 0)
    unfinished = resumed = tried = 0
    seed = 4100 + 7 * RULE_SETS.index(opts) + (how == "split")
    for g, rng in _games(cat, opts, 60, seed, 7):
        if resumed >= 4:
            break
        tried += 1
        whole = Solver(g.core.copy()).solve_root().nodes      # cut at a quarter to three quarters of it
        if whole < 1024 or whole > 100_000:
            continue                   # too short to cut (the clock ticks every 256), or long for a test
        # split, each process has the limit: cut it lower
        solver = Solver(g.core.copy(), node_limit=whole * rng.randint(1, 3) // (8 if how == "split" else 4))
        m0 = solver.root_moves()[0]
        first = solver.st.action(m0)                           # the move the proof takes first
        answers = _answers(solver, m0)                          # its replies, in the order proven
        if how == "split":
            res = solve_root_split(solver, partial=True)
        else:
            res = solver.solve_root(partial=True)
        if res.complete:
            continue
        unfinished += 1
        assert solver.st.position() == g.position()           # whole again after the cut
        # the move played: one the proof took first (searched most, as the likeliest winner an
        # unfinished split proof plays), or any
        legal = g.legal_actions()
        played = first if rng.random() < 0.8 else legal[rng.randrange(len(legal))]
        carry.keep(solver, played, cat)
        g.push(played)
        if g.is_over():
            continue
        legal = g.legal_actions()
        if played == first and answers and rng.random() < 0.6:
            g.push(Action.parse(answers[rng.randrange(min(4, len(answers)))]))   # one the proof took
        else:
            g.push(legal[rng.randrange(len(legal))])
        if g.is_over() or g.to_move != g.core.to_move:
            continue
        went_on = carry.resume(g.core, cat)
        assert went_on is solver                               # the played move and a reply lead here
        assert went_on.st.position() == g.position()
        went_on.node_limit = None
        resumed += 1
        fresh = Solver(g.core.copy(), bits=False)
        assert _values(went_on) == _values(fresh), g.position()
        assert went_on.solve_root().value == fresh.solve_root().value, g.position()
    assert resumed == 4, (tried, unfinished, resumed)


@pytest.mark.skipif(not CAN_SPLIT, reason="the split proof needs os.fork")
@pytest.mark.parametrize("opts", [dict(), dict(same=True, plus=True, combo=True)], ids=["base", "same+plus+combo"])
def test_a_split_proofs_win_leaves_every_reply_answered_in_the_callers_table(cat, opts):
    """Whichever process proved the winning move, the position after it and each reply is
    in the caller's table (the next card reads it, carry.py): the helper writes its entries
    before the answer that ends the proof. Positions under a Turn effect are searched on the
    rules core, whose table each process keeps to itself: those are not counted."""
    wins = 0
    for g, _rng in _games(cat, opts, 12, 99, 7):
        solver = Solver(g.core.copy())
        res = solve_root_split(solver)
        if res.value != WIN:
            continue
        wins += 1
        m = res.best[0]
        st = solver.st
        me = st.to_move
        for r in split._replies(solver, m) or []:
            before = solver.total_nodes
            assert split._after(solver, m, r, me) >= WIN, g.position()
            st.place(m[0], m[1])
            st.commit(m[2])
            st.place(r[0], r[1])
            st.commit(r[2])
            effects = bool(st.effects)
            st.unwind(0)
            if not effects:
                assert solver.total_nodes - before <= 2, (g.position(), r)     # read, not proven again
    assert wins >= 8
