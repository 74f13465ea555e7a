"""The compiled ability search (ai/cards/jit/) against the Python bit search, under every rule set.

Hard's exact search hands its positions to the compiled kernel once it is
ready (issue #41). It must answer exactly as the Python search
(:class:`~jayden_jazz.ai.cards.bits.BitSolver`) does: the same win/draw/loss
in the full window, and the same side of every null window the root asks,
on random positions of every rule set (abilities, Turn effects stacked,
swaps, resets and Sudden Death among them) and from the empty board of
whole deals; a search stopped by its clock must give the right answer when
asked again; and a solver built to use it must really use it.
"""

from __future__ import annotations

import os
import random
import threading

import numpy as np
import pytest

from jayden_jazz.ai.cards import jit
from jayden_jazz.ai.cards.exact import OutOfTime
from jayden_jazz.ai.cards.player import CardsPlayer
from jayden_jazz.ai.cards.solver import WIN, Solver
from jayden_jazz.cards.position import Position
from tests.ai.deals import perfect_deal
from tests.ai.late_games import played_to
from tests.ai.test_cards_wdl_bits import RULE_SETS, cat  # noqa: F401  (cat: the fixture)

if not jit.available():
    if os.environ.get("CI"):
        pytest.fail("numba is a dependency of the game: CI must have it", pytrace=False)
    pytest.skip("numba is not installed", allow_module_level=True)

from jayden_jazz.ai.cards.jit import search as jsearch  # noqa: E402
from jayden_jazz.ai.cards.jit import layout  # noqa: E402
from jayden_jazz.ai.cards.jit.search import JitSearch, fits  # noqa: E402
from jayden_jazz.ai.cards.jit.tables import reach_grid  # noqa: E402

WINDOWS = [(-2, 2), (0, 1), (-1, 0), (-1, 1)]      # the whole range, "does it win?", "does it draw?"
PER_SET = 10


@pytest.fixture(scope="module", autouse=True)
def warmed():
    assert jit.warm(), "the kernel did not compile"
    low = jit.MIN_EMPTY
    jit.MIN_EMPTY = 0       # late positions too: the kernel is what these tests compare
    yield
    jit.MIN_EMPTY = low
    jit._ready.clear()      # the other tests' solvers search in Python, as without numba


def _agree(st, windows=WINDOWS) -> set[int]:
    """Every window's answer from both searches on one state, compared; the exact values seen.
    A Turn effect in force: the searches start below the solver's own root (which plays
    the effect's positions on the rules core), each root move valued by both."""
    seen = set()
    if st.effects:
        python = Solver(st.copy())
        compiled = Solver(st.copy(), compiled=True)
        for m in python.root_moves():
            want = python.child_value(m)
            assert compiled.child_value(m) == want, m
            seen.add(want)
        return seen
    for alpha, beta in windows:
        solver = Solver(st.copy())
        want = solver.bits.value(solver.st, alpha, beta)
        got = JitSearch(solver.bits, solver.st, None).value(solver.st, alpha, beta)
        if (alpha, beta) == (-2, 2):
            assert got == want, (alpha, beta)
            seen.add(want)
        else:                       # fail-soft: the same side of the window (and exact inside it)
            assert (got >= beta) == (want >= beta) and (got <= alpha) == (want <= alpha), (alpha, beta, want, got)
            if alpha < want < beta:
                assert got == want
    return seen


@pytest.mark.parametrize("opts", RULE_SETS, ids=lambda o: "+".join(f"{k}" if v is True else f"{k}={v}"
                                                                    for k, v in o.items()) or "base")
def test_the_compiled_search_values_positions_as_the_python_one_does(cat, opts):  # noqa: F811
    seen: set[int] = set()
    for g, _ in played_to(cat, opts, PER_SET, 7100 + 13 * RULE_SETS.index(opts), lambda n: 3 + n % 5):
        seen |= _agree(g.core)
    assert len(seen) >= 2           # not one value everywhere: the test could tell a wrong answer


def test_positions_with_a_reset_to_play(cat):  # noqa: F811
    """A reset still in hand: the game played again from the dealt hands is searched too."""
    checked = 0
    for opts in (dict(same=True, plus=True, combo=True), dict()):
        for g, _ in played_to(cat, opts, 40, 8800 + len(opts), lambda n: 4 + n % 3, no_reset=False):
            st = g.core
            if st.reset_used or not any(a.effect == "reset" for p in range(len(st.ids)) for a in st.abil[p]
                                        if p in st.hands[0] or p in st.hands[1]):
                continue
            _agree(st, [(-2, 2), (0, 1)])
            checked += 1
    assert checked >= 4


def test_stacked_effects_from_seven_empty_cells(cat):  # noqa: F811
    """Long enough for an effect to start while another is in force, and for swaps and gains."""
    for opts in (dict(same=True, plus=True, combo=True), dict(same=True, same_wall=True), dict()):
        for g, _ in played_to(cat, opts, 3, 5300 + len(opts), lambda n: 7, exact=True):
            _agree(g.core, [(-2, 2), (0, 1)])


@pytest.mark.parametrize("seed", [34, 65])
def test_whole_deals_from_the_empty_board(seed):
    """Hard's slow first cards (Same + Plus + Combo deals 34 and 65; 65 holds a reset card):
    the root's first question, and every root move's answer, as the Python search gives them."""
    st = perfect_deal(seed, {"open": "1", "same": "1", "plus": "1", "combo": "1"}).core
    python = Solver(st.copy())
    compiled = Solver(st.copy(), compiled=True)
    moves = python.root_moves()
    for m in moves[:6] + moves[-3:]:
        want = python.child_value(m, 0, 1) >= 1
        assert (compiled.child_value(m, 0, 1) >= 1) == want, m
    assert compiled.jit is not None and compiled.jit.nodes > 0
    assert compiled.bits.nodes == 0           # every position of the proof was the kernel's


def test_a_search_stopped_by_its_clock_answers_when_asked_again(cat, monkeypatch):  # noqa: F811
    monkeypatch.setattr(jsearch, "SLICE", 97)        # a tick every 97 positions
    for g, _ in played_to(cat, dict(same=True, plus=True, combo=True), 4, 61, lambda n: 6):
        solver = Solver(g.core.copy())
        want = solver.bits.value(solver.st)
        ticks = [0]

        def tick() -> None:
            ticks[0] += 1
            if ticks[0] == 3:
                raise OutOfTime

        search = JitSearch(solver.bits, solver.st, tick)
        with pytest.raises(OutOfTime):
            search.value(solver.st)
        assert search.value(solver.st) == want     # the board was put back; the table kept
        assert ticks[0] > 3


def test_the_solver_uses_it_once_ready_and_only_where_it_holds_the_game(cat):  # noqa: F811
    g, _ = next(played_to(cat, dict(plus=True), 1, 5, lambda n: 5))
    on = Solver(g.core.copy(), compiled=True)
    off = Solver(g.core.copy())
    assert on.solve_root().value == off.solve_root().value
    assert on.jit is not None and on.jit.nodes > 0 and on.bits.nodes == 0
    assert off.jit is None and off.bits.nodes + off.bits.margin.nodes > 0
    # Order says which card may be played: the bit searches (and the kernel) hold hands as sets
    g, _ = next(played_to(cat, dict(order=True), 1, 5, lambda n: 5))
    assert not fits(g.core)
    order = Solver(g.core.copy(), compiled=True)
    order.solve_root()
    assert order.jit is None


def test_hard_proves_its_first_card_with_it_on_one_core(cat):  # noqa: F811
    """Same + Plus + Combo deal 34, thrown at the first card by the Python search (one
    winning card of 45): Hard plays a winning card, proven on one core (no split). Its time
    is ten seconds here, not its own 1.35 s: how fast is the benchmarks' question
    (``tools/bench_cards_solver.py --compiled``), not a test's on a busy machine."""
    g = perfect_deal(34, {"open": "1", "same": "1", "plus": "1", "combo": "1"})
    core = Position.parse(g.position()).core(cat)           # numbered as the player numbers it
    player = CardsPlayer("hard", random.Random(1), cat, seconds=10.0)
    assert not player._split_proof(core)
    d = player.decide(Position.parse(g.position()), g.to_move)
    assert d.value == WIN
    proof = Solver(core.copy(), compiled=True)
    (move,) = [m for m in proof.root_moves() if core.action(m) == d.action]
    assert proof.child_value(move, 0, 1) >= WIN


def test_switched_off_by_the_environment(monkeypatch):
    monkeypatch.setenv(jit.OFF_ENV, "1")
    assert not jit.available()


def test_prepare_makes_the_kernel_and_checks_it_against_the_python_search(capsys):
    from jayden_jazz.app import main as app_main

    assert app_main(["prepare"]) == 0
    out = capsys.readouterr().out
    assert "The compiled card search is ready: " in out
    assert "It agrees with the Python search on 12 positions" in out


def test_prepare_reports_a_kernel_that_answers_wrong(monkeypatch, capsys):
    from jayden_jazz.ai.cards.jit import prepare

    real = JitSearch.value
    monkeypatch.setattr(JitSearch, "value", lambda self, st, a=-2, b=2: -real(self, st, a, b) or 1)
    assert prepare.main([]) == 1
    out = capsys.readouterr().out
    assert "does NOT agree" in out and "JAYDEN_JAZZ_NO_JIT=1" in out and "position 1: compiled" in out


def test_prepare_says_when_this_copy_plays_in_python(monkeypatch, capsys):
    from jayden_jazz.ai.cards.jit import prepare

    monkeypatch.setenv(jit.OFF_ENV, "1")
    assert prepare.main(["--no-check"]) == 1
    assert "The compiled card search is off here (JAYDEN_JAZZ_NO_JIT is set)" in capsys.readouterr().out


@pytest.mark.parametrize("field", ["3x3", "cross5"])
def test_where_a_turn_effect_reaches_is_tabled_as_the_judge_rules(cat, field):  # noqa: F811
    """The kernel's table of where each Turn effect reaches (one numpy expression) against the
    judge's own rule, for every seat, origin, owner, card and cell (holes off the field too)."""
    checked = 0
    for g, _ in played_to(cat, {}, 6, 4100, lambda n: 9, field=field):
        st = g.core
        judge, npieces, size = st.judge, len(st.ids), st.size
        for p in range(npieces):
            for ab in st.abil[p]:
                if ab.effect != "modify":
                    continue
                grid = reach_grid(judge, ab, p, npieces, size)
                want = np.zeros_like(grid)
                for seat, origin, owner, q, c in np.ndindex(grid.shape):
                    if origin in judge.play_cells and c in judge.play_cells:
                        want[seat, origin, owner, q, c] = judge.reaches(ab, seat, p, origin, c, q, owner)
                assert (grid == want).all(), (st.ids[p], ab.target, ab.filter)
                checked += 1
    assert checked >= 6


def test_late_positions_are_searched_in_python_unless_a_reset_may_come(cat, monkeypatch):  # noqa: F811
    """Below jit.MIN_EMPTY empty cells the Python search ends before the kernel's tables are
    made (docs/strength.md): a solver there stays in Python, with the same answers; a reset
    still to come plays the whole game again, and that goes to the kernel."""
    monkeypatch.setattr(jit, "MIN_EMPTY", 5)
    for g, _ in played_to(cat, dict(same=True, plus=True), 3, 77, lambda n: 4):
        late = Solver(g.core.copy(), compiled=True)
        assert not late.compiled
        assert late.solve_root().value == Solver(g.core.copy()).solve_root().value
        assert late.jit is None
    g, _ = next(played_to(cat, dict(same=True, plus=True), 1, 77, lambda n: 5))
    assert Solver(g.core.copy(), compiled=True).compiled
    for g, _ in played_to(cat, {}, 40, 8801, lambda n: 4, no_reset=False):
        solver = Solver(g.core.copy(), compiled=True)
        if solver.bits.resets():
            assert solver.compiled
            break
    else:
        pytest.fail("no late position with a reset to come")


def test_the_table_of_bounds_is_sized_to_the_search(cat):  # noqa: F811
    """A late position's search touches few table entries, and the pages of a full one cost
    more than it (a sampled world three times slower): the table grows with the empty cells,
    to 2**20 from eight, and is full whenever a reset may come."""
    sizes = {}
    for empty in (4, 6, 8):
        g, _ = next(played_to(cat, {}, 1, 90 + empty, lambda n, e=empty: e))
        solver = Solver(g.core.copy())
        if not solver.bits.resets():
            sizes[empty] = int(JitSearch(solver.bits, solver.st, None).state[layout.M_TMASK]) + 1
    assert sizes == {4: 1 << 12, 6: 1 << 16, 8: 1 << 20}
    for g, _ in played_to(cat, {}, 40, 8801, lambda n: 4, no_reset=False):
        solver = Solver(g.core.copy())
        if solver.bits.resets():
            assert int(JitSearch(solver.bits, solver.st, None).state[layout.M_TMASK]) + 1 == 1 << 20
            break
    else:
        pytest.fail("no late position with a reset to come")


def test_prepare_without_the_shipped_cards_says_which_folder(monkeypatch, capsys):
    from jayden_jazz import paths
    from jayden_jazz.ai.cards.jit import prepare

    def missing(name):
        raise FileNotFoundError(f"the game's '{name}' folder is missing; reinstall the game")

    monkeypatch.setattr(paths, "shipped_dir", missing)
    assert prepare.main([]) == 2
    out = capsys.readouterr()
    assert "The compiled card search is ready" in out.out
    assert "A required file is missing: the game's 'cards' folder is missing" in out.err


def test_a_cache_numba_cannot_read_is_emptied_and_compiled_again(monkeypatch, capsys):
    """A cache file cut short (a power cut, a full disk) would fail every later start the same
    way: the kernel's cache is emptied once and the kernel made again. (By hand, a real
    truncated index: ``NUMBA_CACHE_DIR=D jayden-jazz prepare`` recompiled, and the next start
    loaded in 0.2 s.)"""
    import pickle

    calls, forgotten = [], []

    def compile_once_broken() -> None:
        calls.append(1)
        if len(calls) == 1:
            raise pickle.UnpicklingError("pickle data was truncated")

    monkeypatch.setattr(jit, "_ready", threading.Event())
    monkeypatch.setattr(jit, "_compile", compile_once_broken)
    monkeypatch.setattr(jit, "_forget_cache", lambda: forgotten.append(1))
    assert jit.warm() and jit.ready()
    assert calls == [1, 1] and forgotten == [1]
    assert "cache could not be read (UnpicklingError: pickle data was truncated); it was compiled again" \
        in capsys.readouterr().err


def test_a_kernel_that_will_not_compile_leaves_the_python_search(monkeypatch, capsys):
    def broken() -> None:
        raise RuntimeError("no LLVM here")

    monkeypatch.setattr(jit, "_ready", threading.Event())
    monkeypatch.setattr(jit, "_compile", broken)
    monkeypatch.setattr(jit, "_forget_cache", lambda: None)
    assert not jit.warm() and not jit.ready()
    assert "the compiled search is off (RuntimeError: no LLVM here)" in capsys.readouterr().err


def test_forgetting_the_cache_empties_every_kernel_functions_index(monkeypatch):
    from numba.core.registry import CPUDispatcher

    from jayden_jazz.ai.cards.jit import kernel, rules

    flushed = []
    monkeypatch.setattr(type(kernel.run._cache), "flush", lambda self: flushed.append(self))
    jit._forget_cache()
    want = [o for m in (kernel, rules) for o in vars(m).values() if isinstance(o, CPUDispatcher)]
    assert len(flushed) == len(want) >= 20
