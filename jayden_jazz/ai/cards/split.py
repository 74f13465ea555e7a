"""The root's win/draw/loss proof shared by two processes: half the moves each.

A first card's proof (:meth:`Solver.solve_root`) is a row of independent
null-window tests, one per root move, and a won deal is answered by the first
winning move found. Nothing in one test needs another's answer except the
tables they share, so a second core can take every other move: each process
tries its own moves in the solver's order ("does it win?", then "does it
draw?" for those not shown lost), a win found by either ends both. On two
free cores a lost deal (every move refuted) takes about half the time; a won
one ends as soon as either half reaches its winning move.

The helper is a plain ``os.fork`` of the calling process (the computer
player's worker is a daemon process, which multiprocessing forbids to have
children, and a fork needs no pickling and no start-up: it has the solver and
its tables at once). It reports each answer as one line on a pipe. It never
outlives the caller: it reads a second pipe whose other end only the caller
holds and exits the moment that pipe closes -- when the caller ends the proof,
or dies however it dies (the game cancelling a search terminates the worker).
The caller always kills and reaps it before returning.

Where ``os.fork`` does not exist, the proof runs in one process.
"""

from __future__ import annotations

import os
import select
import signal
import threading
from collections.abc import Callable

from jayden_jazz.ai.cards.exact import OutOfTime
from jayden_jazz.ai.cards.solver import DRAW, LOSS, WIN, Move, RootResult, Solver

_INF = 2
CAN_SPLIT = hasattr(os, "fork")


class _HelperWon(Exception):
    """The helper proved a win: the caller's own search stops."""


class _Link:
    """The caller's end: the helper's answers, read without waiting."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.buf = b""
        self.answers: list[tuple[int, int, int]] = []     # (target, move index, fail-soft value)
        self.done = False                                 # the helper finished its moves (or stopped)

    def read(self, timeout: float = 0.0) -> None:
        """Take in whatever the helper has written (waiting up to ``timeout`` seconds for it)."""
        if self.done:
            return
        ready, _, _ = select.select([self.fd], [], [], max(timeout, 0.0))
        if not ready:
            return
        chunk = os.read(self.fd, 65536)
        if not chunk:
            self.done = True            # the helper closed its end: finished, out of time or gone
            return
        self.buf += chunk
        *lines, self.buf = self.buf.split(b"\n")
        for line in lines:
            target, i, v = (int(x) for x in line.split())
            self.answers.append((target, i, v))

    def won(self) -> int | None:
        """The index of a move the helper proved to win, if any."""
        for target, i, v in self.answers:
            if target == WIN and v >= WIN:
                return i
        return None


def _passes(solver: Solver, moves: list[Move], report: Callable[[int, int, int], None]) -> None:
    """Both null-window passes over ``moves`` (indices into the root's list), reporting each
    answer as it comes: "does it win?" for each until one does, then "does it draw?" for those
    not shown lost until one does."""
    bounds: dict[int, int] = {}
    for i, m in enumerate(moves):
        v = solver.child_value(m, WIN - 1, WIN)
        report(WIN, i, v)
        if v >= WIN:
            return
        bounds[i] = v
    for i, m in enumerate(moves):
        if bounds[i] <= LOSS:
            continue
        v = solver.child_value(m, DRAW - 1, DRAW)
        report(DRAW, i, v)
        if v >= DRAW:
            return


def _helper_main(solver: Solver, moves: list[Move], out_fd: int, life_fd: int) -> None:
    """In the forked helper: exit when the caller's end of the life pipe closes, else prove."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)      # Ctrl+C is the game's to handle

    def watch() -> None:
        try:
            while os.read(life_fd, 1):
                pass
        except OSError:
            pass
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()

    def report(target: int, i: int, v: int) -> None:
        os.write(out_fd, f"{target} {i} {v}\n".encode())

    try:
        _passes(solver, moves, report)
    except OutOfTime:
        pass


def solve_root_split(solver: Solver, *, partial: bool = False,
                     on_helper: Callable[[int], None] | None = None) -> RootResult:
    """:meth:`Solver.solve_root` (first winning move, no ``all_best``), the root moves shared
    with a forked helper. The same answer; out of time, OutOfTime or (``partial``) what both
    halves proved. ``on_helper`` is told the helper's process id (tests)."""
    if not CAN_SPLIT:
        return solver.solve_root(partial=partial)
    moves = solver.root_moves()
    if len(moves) < 2:
        return solver.solve_root(partial=partial)
    mine = moves[0::2]
    theirs = moves[1::2]
    out_r, out_w = os.pipe()
    life_r, life_w = os.pipe()
    pid = os.fork()
    if pid == 0:                                           # the helper
        code = 0
        try:
            os.close(out_r)
            os.close(life_w)
            _helper_main(solver, theirs, out_w, life_r)
        except BaseException:
            code = 1
        finally:
            os._exit(code)
    os.close(out_w)
    os.close(life_r)
    if on_helper is not None:
        on_helper(pid)
    link = _Link(out_r)
    try:
        return _lead(solver, moves, mine, theirs, link, partial)
    finally:
        os.close(life_w)
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.waitpid(pid, 0)
        os.close(out_r)


def _lead(solver: Solver, moves: list[Move], mine: list[Move], theirs: list[Move], link: _Link,
          partial: bool) -> RootResult:
    """The caller's half, watching the helper's answers every 256 positions."""
    own: list[tuple[int, int, int]] = []
    base_tick = solver._tick

    def tick() -> None:
        base_tick()
        link.read()
        if link.won() is not None:
            raise _HelperWon

    solver.bits.tick = tick
    solver.bits.margin.tick = tick
    solver._tick = tick                      # type: ignore[method-assign]
    try:
        _passes(solver, mine, lambda target, i, v: own.append((target, i, v)))
        # our half is done: wait for the helper's as far as it can change the answer
        # (its own deadline ends it in time)
        while not link.done and _settled(mine, theirs, own, link.answers) is None:
            if solver.deadline is not None and solver.clock() >= solver.deadline:
                raise OutOfTime
            link.read(0.05)
    except _HelperWon:
        pass
    except OutOfTime:
        link.read()
        if not partial:
            raise
    finally:
        solver._tick = base_tick             # type: ignore[method-assign]
        solver.bits.tick = base_tick
        solver.bits.margin.tick = base_tick
    link.read()
    res = _combine(moves, mine, theirs, own, link.answers, solver.total_nodes)
    if not res.complete and link.done and (solver.deadline is None or solver.clock() < solver.deadline):
        # the helper stopped without finishing (it cannot run out of time before us: a
        # crash); the whole proof in this process, its table already holding our half
        return solver.solve_root(partial=partial)
    return res


def _settled(mine: list[Move], theirs: list[Move], own: list[tuple[int, int, int]],
             helper: list[tuple[int, int, int]]) -> int | None:
    """The root's value if the answers so far settle it, else None."""
    answers = own + helper
    if any(t == WIN and v >= WIN for t, _, v in answers):
        return WIN
    if sum(1 for t, _, _ in answers if t == WIN) < len(mine) + len(theirs):
        return None                 # a move not yet asked "does it win?"
    if any(t == DRAW and v >= DRAW for t, _, v in answers):
        return DRAW
    if _asked_all_draws(own) and _asked_all_draws(helper):
        return LOSS
    return None


def _asked_all_draws(answers: list[tuple[int, int, int]]) -> bool:
    first = {i: v for t, i, v in answers if t == WIN}
    second = {i for t, i, _ in answers if t == DRAW}
    return all(i in second for i, v in first.items() if v > LOSS)


def _combine(moves: list[Move], mine: list[Move], theirs: list[Move], own: list[tuple[int, int, int]],
             helper: list[tuple[int, int, int]], nodes: int) -> RootResult:
    """One RootResult from both halves' answers, as :meth:`Solver.solve_root` gives it."""
    values: dict[Move, int] = {}
    bounds: dict[Move, int] = {}
    for part, answers in ((mine, own), (theirs, helper)):
        for target, i, v in answers:
            m = part[i]
            if v >= target:
                values[m] = target
                bounds.pop(m, None)
            else:
                bounds[m] = v
    value = _settled(mine, theirs, own, helper)
    if value == WIN:
        win = next(m for m in moves if values.get(m) == WIN)
        return RootResult(WIN, [win], {win: WIN}, bounds, nodes)
    if value == DRAW:
        return RootResult(DRAW, [m for m in moves if values.get(m) == DRAW], values, bounds, nodes)
    if value == LOSS:
        return RootResult(LOSS, list(moves), {m: LOSS for m in moves}, {}, nodes)
    best = max(values.values(), default=-_INF)
    return RootResult(best, [m for m in moves if values.get(m) == best], values, bounds, nodes, complete=False)


__all__ = ["CAN_SPLIT", "solve_root_split"]
