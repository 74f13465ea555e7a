"""The root proof shared with a forked helper (ai/cards/split.py) answers as the one-process root.

Hard's first card uses it; a wrong answer there throws a won deal, and a helper
left running would think for nobody. So: the same value as
:meth:`Solver.solve_root` on a few hundred positions under every rule set,
each move it calls a win or a draw proven so by a fresh solver; an out-of-time
proof keeps only what it proved; and no helper outlives its proof, nor the
computer player's worker when the game cancels the search.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from jayden_jazz.ai.cards.player import CardsPlayer, catalog_for
from jayden_jazz.ai.cards.solver import DRAW, LOSS, WIN, Solver
from jayden_jazz.ai.cards import split
from jayden_jazz.ai.cards.split import CAN_SPLIT, _continue_clock, solve_root_split
from jayden_jazz.ai.worker import AIWorker
from test_cards_wdl_root import RULE_SETS, late_positions
from tests.ai.deals import perfect_deal

pytestmark = pytest.mark.skipif(not CAN_SPLIT, reason="the split proof needs os.fork")

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = [str(ROOT / "cards" / "default")]


@pytest.fixture(scope="module")
def cat():
    return catalog_for(DEFAULT)


def _gone(pid: int) -> bool:
    """Whether process ``pid`` has ended (a zombie waiting for a reaper counts as ended)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


def _split(st, **kw):
    """The split root of ``st``; the solver's own state must be whole again afterwards
    (Hard goes on with it: ties, swindles)."""
    solver = Solver(st.copy())
    res = solve_root_split(solver, **kw)
    assert solver.st.depth == 0 and solver.st.position() == st.position()
    return res


def _check(st, res) -> None:
    want = Solver(st.copy()).solve_root()
    assert res.complete and res.value == want.value, st.position()
    assert res.best, st.position()
    if res.value > LOSS:
        for m in res.best:
            assert Solver(st.copy()).child_value(m) == res.value, (st.position(), m)
        for m, v in res.values.items():
            assert Solver(st.copy()).child_value(m) >= v, (st.position(), m)
    for m, b in res.bounds.items():
        assert Solver(st.copy()).child_value(m) <= b, (st.position(), m)


@pytest.mark.parametrize("opts", RULE_SETS, ids=lambda o: "+".join(f"{k}" if v is True else f"{k}={v}"
                                                                    for k, v in o.items()) or "base")
@pytest.mark.parametrize("alone", [0, split.ALONE_NODES], ids=["replies shared at once", "claimed moves searched whole first"])
def test_the_split_root_has_the_one_process_roots_value(cat, opts, alone, monkeypatch):
    """With no positions for a claimed move's search alone, every root move's replies are
    shared (the late positions' moves are otherwise mostly settled by that search)."""
    monkeypatch.setattr(split, "ALONE_NODES", alone)
    helpers: list[int] = []
    checked = 0
    for g in late_positions(cat, opts, 16, 4141 + RULE_SETS.index(opts)):
        st = g.core
        res = _split(st, on_helper=helpers.append)
        _check(st, res)
        checked += 1
    assert checked == 16
    assert helpers and all(_gone(pid) for pid in helpers)


@pytest.mark.parametrize("opts", [dict(open="1"), dict(open="1", same="1", plus="1", combo="1"),
                                  dict(open="1", reverse="1", fallen_ace="1")],
                         ids=["open", "same+plus+combo", "reverse+fallen_ace"])
@pytest.mark.parametrize("failed_first", [True, False], ids=["helper refuted card first", "one order"])
def test_a_longer_proof_after_the_first_cards_agrees_too(opts, failed_first, monkeypatch):
    """Six empty cells: each half's passes take many positions and end at different times
    (with the helper on its own order, or both on the caller's)."""
    monkeypatch.setattr(split, "HELPER_FAILED_CARD_FIRST", failed_first)
    for seed in (3, 4):
        g = perfect_deal(seed, opts)
        for _ in range(3):
            g.push(g.legal_actions(abilities=False)[seed])
        _check(g.core, _split(g.core))


def test_out_of_time_it_keeps_what_it_proved_and_leaves_no_helper():
    g = perfect_deal(1, dict(open="1", same="1", plus="1", combo="1"))     # the empty board: seconds of proof
    helpers: list[int] = []
    res = solve_root_split(Solver(g.core.copy(), deadline=time.perf_counter() - 1), partial=True,
                           on_helper=helpers.append)
    assert not res.complete and res.value not in (WIN, DRAW) and not res.best
    assert helpers and _gone(helpers[0])
    with pytest.raises(Exception) as err:
        solve_root_split(Solver(g.core.copy(), deadline=time.perf_counter() - 1), on_helper=helpers.append)
    assert type(err.value).__name__ == "OutOfTime"
    assert _gone(helpers[1])


def test_both_processes_number_a_root_moves_replies_alike():
    """The processes tell each other "reply j of root move i holds" by number: a process
    that has searched (its own history of cut-offs and last cut-offs) must number them as a fresh one."""
    g = perfect_deal(3, dict(open="1"))
    fresh = Solver(g.core.copy())
    searched = Solver(g.core.copy())
    moves = searched.root_moves()
    for m in moves[:6]:
        searched.child_value(m, WIN - 1, WIN)
    bits = searched.bits
    assert any(any(row) for rows in bits.history_at for row in rows) and max(bits.killer) >= 0
    for m in moves:
        assert split._replies(searched, m) == split._replies(fresh, m), m


def test_the_helpers_clock_goes_on_from_the_callers_at_the_fork():
    """A process-time clock starts again from zero in a forked child: read as it is, the
    helper would have the caller's whole past time added to its deadline."""
    g = perfect_deal(1, dict(open="1"))
    ticks = [0.25]                                  # the child's own clock, restarted
    solver = Solver(g.core.copy(), deadline=41.0, clock=lambda: ticks[0])
    _continue_clock(solver, 40.5)                   # the caller's clock read 40.5 at the fork
    assert solver.clock() == 40.5
    ticks[0] = 1.0                                  # 0.75 s of the helper's own time later
    assert solver.clock() == 41.25 and solver.clock() >= solver.deadline


def test_hard_splits_only_its_first_card_on_the_clock(cat):
    g = next(late_positions(cat, dict(), 1, 5))
    hard = CardsPlayer("hard", __import__("random").Random(1), cat)
    assert not hard._split_proof(g.core)                            # late: one process
    from jayden_jazz.cards import Rules, get_field, new_game
    pool = sorted(c for c in cat if c.startswith("default/"))
    opening = new_game(cat, get_field("3x3"), [tuple(pool[0:5]), tuple(pool[5:10])], Rules(open=True),
                       first_seat=0, date=(2026, 11))
    assert hard._split_proof(opening.core) == ((os.cpu_count() or 1) >= 2)
    counted = CardsPlayer("hard", __import__("random").Random(1), cat, iterations=50)
    assert not counted._split_proof(opening.core)                   # a node budget: reproducible


def _children(pid: int) -> list[int]:
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                out.append(int(entry))
    return out


@pytest.mark.skipif(not os.path.isdir("/proc") or (os.cpu_count() or 1) < 2, reason="reads /proc; needs 2 cores")
def test_cancelling_hards_first_card_stops_the_worker_and_its_helper_at_once():
    g = perfect_deal(1, dict(open="1", same="1", plus="1", combo="1"))  # seconds of proof from the empty board
    w = AIWorker()
    try:
        w.submit("jayden_jazz.ai.cards.player:choose_action", g.position(), 0, "hard", 1, 60.0)
        helpers: list[int] = []
        until = time.monotonic() + 30
        while not helpers and time.monotonic() < until:
            time.sleep(0.05)
            if w._proc is not None and w._proc.pid is not None:
                helpers = _children(w._proc.pid)
        assert helpers, "the first card's proof never started its helper"
        w.cancel()
        until = time.monotonic() + 3
        while not all(_gone(p) for p in helpers) and time.monotonic() < until:
            time.sleep(0.02)
        assert all(_gone(p) for p in helpers)
    finally:
        w.close()


class _Stop(Exception):
    pass


def test_a_process_leaves_its_own_long_proof_between_replies_to_help_an_earlier_root_move(cat, monkeypatch):
    """Two winning root moves, each a long proof: both processes must end up on the first
    (its replies shared), not each on its own move -- the root waits for the first to end.
    Here the "other process" claims root move 0 while this one proves move 1's first reply;
    this one's next reply must be one of move 0's."""
    g = next(late_positions(cat, dict(), 1, 5))
    solver = Solver(g.core.copy())
    moves = [(0, 0, None), (0, 1, None), (0, 2, None)]
    shared = split._Shared(len(moves))
    visits: list[tuple[int, int]] = []
    fake_replies = [(1, 3, None), (1, 4, None), (1, 5, None)]

    def after(_solver, m, r, _me):
        i, j = moves.index(m), fake_replies.index(r)
        visits.append((i, j))
        if (i, j) == (1, 0):              # meanwhile the other process claims move 0, unsettled alone
            shared.take(3 + len(moves) + 0)
            shared.set_count(0, len(fake_replies))
            shared.hold(0)
        if len(visits) == 2:
            raise _Stop
        return WIN                         # every reply loses for the opponent: long proofs

    monkeypatch.setattr(split, "_replies", lambda _s, _m: list(fake_replies))
    monkeypatch.setattr(split, "_after", after)
    monkeypatch.setattr(split, "_within", lambda *_a: None)
    monkeypatch.setattr(split, "_first_pass_order", lambda *_a, **_k: iter([1, 0, 2]))
    with pytest.raises(_Stop):
        split._passes(solver, moves, shared, [-1], lambda *_a: None)
    assert visits == [(1, 0), (0, 1)]
    shared.close()


def test_the_helper_takes_first_the_card_refuted_most():
    """The caller's order puts a card whose placements were refuted after the others; the
    helper's takes that card first (the caller's order from its other end, card by card),
    so a won deal whose winning move the caller meets last is met by the helper early.
    With nothing refuted, both start on the root's first move."""
    moves = [(0, 0, None), (0, 1, None), (0, 2, None), (1, 0, None), (1, 1, None), (2, 0, None)]
    shared = split._Shared(len(moves))
    caller = split._first_pass_order(moves, shared)
    helper = split._first_pass_order(moves, shared, failed_first=True)
    assert next(caller) == 0 and next(helper) == 0
    shared.refute(0, LOSS)                    # card 0 failed once
    assert next(caller) == 3                  # the caller: card 1 first
    assert next(helper) == 1                  # the helper: card 0's next placement
    shared.refute(3, LOSS)
    shared.refute(1, LOSS)                    # card 0 twice, card 1 once, card 2 never
    assert list(caller) == [5, 4, 1, 2] and list(helper) == [2, 3, 4, 5]
    shared.close()


def test_the_helper_uses_that_order_and_the_caller_its_own(cat, monkeypatch):
    """Which process walks which order (``who``), and the switch that turns it off."""
    g = next(late_positions(cat, dict(), 1, 5))
    asked: list[bool] = []

    def order(_moves, _shared, failed_first=False):
        asked.append(failed_first)
        return iter(())

    monkeypatch.setattr(split, "_first_pass_order", order)
    moves = Solver(g.core.copy()).root_moves()
    for who, on in [(0, True), (1, True), (1, False)]:
        monkeypatch.setattr(split, "HELPER_FAILED_CARD_FIRST", on)
        shared = split._Shared(len(moves))
        shared.cells[2] = 1                   # no second pass either
        split._passes(Solver(g.core.copy()), moves, shared, [-1], lambda *_a: None, who=who)
        shared.close()
    assert asked == [False, True, False]


def _with_reset_left(cat, count: int, seed: int):
    """Positions four or five cells before the end with a reset card still to play, whose
    proof searches a reset option."""
    from tests.ai.late_games import played_to, reset_left
    made = 0
    for g, _rng in played_to(cat, dict(same=True, plus=True, combo=True), 200 * count, seed,
                             lambda n: 4 + n % 2, exact=True, no_reset=False):
        if not reset_left(g):
            continue
        one = Solver(g.core.copy())
        one.solve_root()
        if one.bits.resets_met:
            yield g
            made += 1
            if made == count:
                return


def test_with_a_reset_to_play_each_process_proves_a_game_after_it_first(cat, monkeypatch):
    """The two games after a reset (the mover resetting, in the window of "does the
    opponent at least draw?"; the opponent resetting, "does the mover win?"): each process
    proves its one once its search has met a reset option, and a later reset in that
    window is then read from the table; the split root still has the one-process root's
    value."""
    met: list[int] = []                     # the caller's reset options searched, at each call
    proven = split._reset_game

    def counted(solver, who):
        met.append(solver.bits.resets_met)
        proven(solver, who)

    monkeypatch.setattr(split, "_reset_game", counted)
    checked = 0
    for g in _with_reset_left(cat, 3, 5150):
        st = g.core
        me = st.to_move
        for who, (first, alpha) in enumerate([(me, 0), (1 - me, -1)]):
            solver = Solver(st.copy())
            proven(solver, who)
            bits = solver.bits
            assert bits.nodes > 100                   # a whole game proven
            before = bits.nodes
            bits.after_reset(first, alpha, alpha + 1)
            assert bits.nodes - before == 1           # answered by the table's entry
            fresh = Solver(st.copy()).bits
            v = fresh.after_reset(first, alpha, alpha + 1)
            assert (bits.after_reset(first, alpha, alpha + 1) > alpha) == (v > alpha)
        _check(st, _split(st))
        checked += 1
    assert checked == 3
    assert met and min(met) > 0             # called, and only after a reset option was met


def test_without_a_reset_to_play_no_game_after_one_is_proven():
    g = perfect_deal(3, dict(open="1"))
    solver = Solver(g.core.copy())
    assert not solver.bits.resets()
    split._reset_game(solver, 0)
    split._reset_game(solver, 1)
    assert solver.bits.nodes == 0 and not solver.bits.tt
