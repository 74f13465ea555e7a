"""The root's win/draw/loss proof shared by two processes, the moves taken in turn as each is free.

A first card's proof (:meth:`Solver.solve_root`) is a row of independent
null-window tests, one per root move, and a won deal is answered by the first
winning move found. Nothing in one test needs another's answer except the
tables they share, so a second core can take part: each process takes the
next move nobody has taken yet, in the solver's order ("does it win?"), and
when every move has been asked that, the next move not shown lost ("does it
draw?"). A win found by either ends both; so does a draw once no move can
win. Taking moves as each process is free, rather than half the list each,
keeps both busy when one move costs far more than the others.

The two share a small anonymous memory map (made before the fork): the two
counters of moves taken and the first pass's answers, so the helper skips in
the second pass the moves the caller showed lost. Two processes may now and
then take the same move (the counters are not locked): that costs a repeated
test, never a skipped one -- a counter only ever holds one more than a move
that was taken.

The helper is a plain ``os.fork`` of the calling process (the computer
player's worker is a daemon process, which multiprocessing forbids to have
children, and a fork needs no pickling and no start-up: it has the solver at
once). It reports each answer as one line on a pipe. It never outlives the
caller: it reads a second pipe whose other end only the caller holds and
exits the moment that pipe closes -- when the caller ends the proof, or dies
however it dies (the game cancelling a search terminates the worker). The
caller always kills and reaps it before returning.

Where ``os.fork`` does not exist, the proof runs in one process.
"""

from __future__ import annotations

import mmap
import os
import select
import signal
import threading
from collections.abc import Callable

from jayden_jazz.ai.cards.exact import OutOfTime
from jayden_jazz.ai.cards.solver import DRAW, LOSS, WIN, Move, RootResult, Solver

_INF = 2
CAN_SPLIT = hasattr(os, "fork")
Answer = tuple[int, int, int]       # (target: WIN or DRAW, move index, fail-soft value)


class _HelperWon(OutOfTime):
    """The helper settled the root: the caller's own search stops (an OutOfTime, so the
    solver puts its state back together on the way out, as for the clock)."""


class _Shared:
    """The memory both processes see: [0] moves taken in the first pass, [1] in the second,
    [2] set when a draw was found, then per move its first-pass answer plus 3 (0: none yet)."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.map = mmap.mmap(-1, 8 * (3 + n))
        self.cells = memoryview(self.map).cast("q")

    def take(self, counter: int) -> int:
        i = self.cells[counter]
        self.cells[counter] = i + 1
        return i

    def first(self, i: int) -> int | None:
        v = self.cells[3 + i]
        return v - 3 if v else None

    def close(self) -> None:
        self.cells.release()
        self.map.close()


class _Link:
    """The caller's end: the helper's answers, read without waiting."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.buf = b""
        self.answers: list[Answer] = []
        self.done = False                 # the helper finished (or stopped)

    def read(self, timeout: float = 0.0) -> None:
        """Take in whatever the helper has written (waiting up to ``timeout`` seconds for it)."""
        if self.done:
            return
        ready, _, _ = select.select([self.fd], [], [], max(timeout, 0.0))
        if not ready:
            return
        chunk = os.read(self.fd, 65536)
        if not chunk:
            self.done = True              # the helper closed its end: finished, out of time or gone
            return
        self.buf += chunk
        *lines, self.buf = self.buf.split(b"\n")
        for line in lines:
            target, i, v = (int(x) for x in line.split())
            self.answers.append((target, i, v))


def _passes(solver: Solver, moves: list[Move], shared: _Shared, report: Callable[[int, int, int], None]) -> None:
    """Take moves in turn and answer "does it win?" until none is left or one wins, then
    "does it draw?" for those not shown lost until none is left or one draws."""
    n = len(moves)
    while True:
        i = shared.take(0)
        if i >= n:
            break
        v = solver.child_value(moves[i], WIN - 1, WIN)
        shared.cells[3 + i] = v + 3
        report(WIN, i, v)
        if v >= WIN:
            return
    while not shared.cells[2]:
        i = shared.take(1)
        if i >= n:
            return
        first = shared.first(i)
        if first is not None and first <= LOSS:
            continue
        v = solver.child_value(moves[i], DRAW - 1, DRAW)
        report(DRAW, i, v)
        if v >= DRAW:
            shared.cells[2] = 1
            return


def _helper_main(solver: Solver, moves: list[Move], shared: _Shared, out_fd: int, life_fd: int) -> None:
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
        _passes(solver, moves, shared, report)
    except OutOfTime:
        pass


def solve_root_split(solver: Solver, *, partial: bool = False,
                     on_helper: Callable[[int], None] | None = None) -> RootResult:
    """:meth:`Solver.solve_root` (first winning move, no ``all_best``) with a forked helper
    taking root moves too. The same answer; out of time, OutOfTime or (``partial``) what both
    proved. ``on_helper`` is told the helper's process id (tests)."""
    if not CAN_SPLIT:
        return solver.solve_root(partial=partial)
    moves = solver.root_moves()
    if len(moves) < 2:
        return solver.solve_root(partial=partial)
    shared = _Shared(len(moves))
    out_r, out_w = os.pipe()
    life_r, life_w = os.pipe()
    pid = os.fork()
    if pid == 0:                                           # the helper
        code = 0
        try:
            os.close(out_r)
            os.close(life_w)
            _helper_main(solver, moves, shared, out_w, life_r)
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
        return _lead(solver, moves, shared, link, partial)
    finally:
        os.close(life_w)
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.waitpid(pid, 0)
        os.close(out_r)
        shared.close()


def _lead(solver: Solver, moves: list[Move], shared: _Shared, link: _Link, partial: bool) -> RootResult:
    """The caller's share, reading the helper's answers every 256 positions."""
    own: list[Answer] = []
    n = len(moves)
    base_tick = solver._tick

    def tick() -> None:
        base_tick()
        link.read()
        if _settled(n, own + link.answers) is not None:
            raise _HelperWon

    solver.bits.tick = tick
    solver.bits.margin.tick = tick
    solver._tick = tick                      # type: ignore[method-assign]
    try:
        _passes(solver, moves, shared, lambda target, i, v: own.append((target, i, v)))
        # nothing left to take: wait for the helper's last answers (its deadline ends it in time)
        while not link.done and _settled(n, own + link.answers) is None:
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
    res = _combine(moves, own + link.answers, solver.total_nodes)
    if not res.complete and link.done and (solver.deadline is None or solver.clock() < solver.deadline):
        # the helper stopped before the answer (it cannot run out of time before us: a
        # crash): the whole proof in this process, its table holding what it searched
        return solver.solve_root(partial=partial)
    return res


def _settled(n: int, answers: list[Answer]) -> int | None:
    """The root's value if these answers settle it, else None."""
    first: dict[int, int] = {}
    drawn = False
    second: set[int] = set()
    for t, i, v in answers:
        if t == WIN:
            if v >= WIN:
                return WIN
            first[i] = v
        else:
            drawn = drawn or v >= DRAW
            second.add(i)
    if len(first) < n:
        return None                          # a move not yet asked "does it win?"
    if drawn:
        return DRAW
    if all(i in second for i, v in first.items() if v > LOSS):
        return LOSS
    return None


def _combine(moves: list[Move], answers: list[Answer], nodes: int) -> RootResult:
    """One RootResult from both processes' answers, as :meth:`Solver.solve_root` gives it."""
    values: dict[Move, int] = {}
    bounds: dict[Move, int] = {}
    for target, i, v in answers:
        m = moves[i]
        if v >= target:
            values[m] = max(values.get(m, target), target)
            bounds.pop(m, None)
        elif m not in values:
            bounds[m] = min(bounds.get(m, v), v)
    value = _settled(len(moves), answers)
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
