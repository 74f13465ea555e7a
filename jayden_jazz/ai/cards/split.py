"""The root's win/draw/loss proof shared by two processes.

A first card's proof (:meth:`Solver.solve_root`) asks of each root move in
turn "does it win?", and a won deal is answered by the first winning move
found. Most root moves lose, each refuted by one reply, and the winning
move's proof is that every reply to it loses -- independent tests a second
core can share. So each process claims the next root move in its order that
nobody has claimed (the caller the solver's, the helper the same walked from
its other end card by card: :func:`_first_pass_order`) and searches it whole for a few thousand
positions (``ALONE_NODES``: the solver's own search, whose table's move and
cut-offs refute most losing moves faster than reply by reply); a move not
settled by then has its replies shared out (those taking most first): the other process joins it as soon as its own
move is settled -- or, on a long proof of its own, between two of its replies, when the move it would help
comes earlier in the root's order (two winning moves each proven by one process would make the root wait
for the first: SPC deals 1-20 split, 20% less time in all) -- and both take the replies left in turn. A reply that keeps
the mover from a win refutes the move for both (the other abandons the reply
it is on), and the move wins once every reply was shown to lose. When no
move wins, both take the moves not shown lost in turn and ask "does it
draw?". Sharing every move's replies from the start wasted the second core
on the losing moves (after the refuting reply, the other's reply is thrown
away): empty boards, ten rule sets, deals 1-4 (bench_cards_solver.py
``--wdl-sets 4``), 31 of 40 proofs within Hard's 1.28 s that way, 33 of 40
this way on a busier machine; the split's mean time 11% lower.

With a reset card still to play, each process, once its search has met a
reset option, proves one of the two games played again after a reset
(:func:`_reset_game`): each is one position wherever the reset is played, a
whole game's proof, and both processes used to prove both at once.

The two share a small anonymous memory map (made before the fork): the
counters of replies and moves taken, the refutations and the first pass's
answers. Two processes may now and then take the same reply (the counters
are not locked): that costs a repeated test, never a skipped one -- a
counter only ever holds one more than a number that was taken.

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
import traceback
from collections.abc import Callable, Iterator

from jayden_jazz.ai.cards.exact import OutOfTime
from jayden_jazz.ai.cards.solver import DRAW, LOSS, WIN, Move, RootResult, Solver, later_card_first
from jayden_jazz.ai.cards.tablelog import Logs

_INF = 2
CAN_SPLIT = hasattr(os, "fork")
Answer = tuple[int, int, int]       # (kind, root move index, value) -- kinds below
# kinds of answer: WIN (does the root move win? its fail-soft value), DRAW (does it draw?),
# COUNT (how many replies the root move has), HOLDS (reply number v of it was proven to lose)
COUNT, HOLDS = 2, 3
# positions a root move is searched in one piece by the process that claims it before its
# replies are shared out: most losing moves are refuted within it (Open deal 19: 33 of 34),
# faster whole (the table's move and cut-offs at the first reply) than reply by reply
ALONE_NODES = 1 << 14       # (0: replies shared at once)
SHARE_TABLES = True         # the two pass table entries to each other (tablelog.py)
# the helper tries first the card whose placements were refuted most -- the end of the caller's
# order, where a winning move among a strong card's long refutations sits (SPC deal 34: (1, 1)
# after the 44 losing moves, Hard's split first card 1.6-2.2 s, this way 1.1-1.2 s)
HELPER_FAILED_CARD_FIRST = True
# positions of the ability search with fewer empty cells than this keep their entries to
# their own process: passing every entry cost the caller a fifth to a third of its
# positions per second (Same + Plus + Combo deals 16 and 17, the first 1.28 s)
SHARE_EMPTY = 5


class _HelperWon(OutOfTime):
    """The helper settled the root: the caller's own search stops (an OutOfTime, so the
    solver puts its state back together on the way out, as for the clock)."""


class _Shared:
    """The memory both processes see (no locks: see the module's docstring): [0] unused,
    [1] root moves taken in the second pass, [2] set when a draw was found; then per root
    move its first-pass answer plus 3 (0: none yet), its replies taken (the first take
    claims the move), its refutation plus 3 (0: none found), its number of replies plus 1
    (0: not known yet) and whether it is worth the other's help (its search alone did not
    settle it, or one of its replies was shown to lose)."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.map = mmap.mmap(-1, 8 * (3 + 5 * n))
        self.cells = memoryview(self.map).cast("q")

    def take(self, counter: int) -> int:
        i = self.cells[counter]
        self.cells[counter] = i + 1
        return i

    def taken(self, i: int) -> int:
        """How many of root move ``i``'s replies were taken (0: nobody claimed it yet)."""
        return self.cells[3 + self.n + i]

    def first(self, i: int) -> int | None:
        v = self.cells[3 + i]
        return v - 3 if v else None

    def refuted(self, i: int) -> bool:
        return bool(self.cells[3 + 2 * self.n + i])

    def refute(self, i: int, v: int) -> None:
        self.cells[3 + 2 * self.n + i] = v + 3
        self.cells[3 + i] = v + 3

    def set_count(self, i: int, k: int) -> None:
        self.cells[3 + 3 * self.n + i] = k + 1

    def count(self, i: int) -> int | None:
        k = self.cells[3 + 3 * self.n + i]
        return k - 1 if k else None

    def hold(self, i: int) -> None:
        self.cells[3 + 4 * self.n + i] = 1

    def held(self, i: int) -> bool:
        return bool(self.cells[3 + 4 * self.n + i])

    def open(self, i: int, held_only: bool) -> bool:
        """Whether root move ``i`` has replies left for a second process to take: claimed,
        not refuted, with replies not yet taken (and, with ``held_only``, worth the help:
        see the class)."""
        k = self.count(i)
        return (k is not None and not self.refuted(i) and self.taken(i) < k
                and (self.held(i) or not held_only))

    def close(self) -> None:
        self.cells.release()
        self.map.close()


class _Abandon(OutOfTime):
    """The other process refuted the root move whose reply this one is proving."""


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


def _replies(solver: Solver, m: Move) -> list[Move] | None:
    """The opponent's replies to root move ``m``, those taking most first; None when ``m``
    ends the game or the mover plays again (the move is then one test)."""
    st = solver.st
    me = st.to_move
    st.place(m[0], m[1])
    st.commit(m[2])
    try:
        if st.over or st.to_move == me:
            return None
        seat = st.to_move
        # by the position alone: both processes number the replies alike (a history of
        # cut-offs, each process's own, would number them differently, and a reply proven
        # by one would be counted as another by the other)
        got = {pc: len(st.captures(pc[0], pc[1], seat)) for pc in st.placements()}
        return sorted(st.moves(), key=lambda r: -got[(r[0], r[1])])
    finally:
        st.uncommit()
        st.unplace()


def _after(solver: Solver, m: Move, r: Move, me: int) -> int:
    """Does ``me`` still win after root move ``m`` and reply ``r``? (fail-soft, window (0, 1))"""
    st = solver.st
    depth = st.depth
    try:
        st.place(m[0], m[1])
        st.commit(m[2])
        st.place(r[0], r[1])
        st.commit(r[2])
        return solver._reached(me, WIN - 1, WIN)
    finally:
        st.unwind(depth)


def _passes(solver: Solver, moves: list[Move], shared: _Shared, current: list[int],
            report: Callable[[int, int, int], None], who: int = 0) -> None:
    """The first pass, "does it win?": each process claims the next root move nobody has
    claimed (:func:`_first_pass_order`), searches it whole for up to ``ALONE_NODES``
    positions, then proves its replies in turn; a move that was not settled so (or one of
    whose replies was shown to lose) has the other process join it when its own move is
    done, or between two replies of its own move when the move to help comes earlier,
    taking the replies left in turn (a reply that holds the mover below a win
    refutes the move for both). With no move left to claim,
    a process joins any move with replies left. Then "does it draw?" for the root moves
    not shown lost, taken in turn, until none is left or one draws. ``current[0]`` is the
    root move whose replies are being searched (the tick abandons one the other process
    refuted). ``who``: 0 the caller, 1 the helper (:func:`_reset_game`)."""
    n = len(moves)
    me = solver.st.to_move
    reps_of: dict[int, list[Move] | None] = {}
    reset_proven = [False]

    def reset_game() -> None:
        if not reset_proven[0] and solver.bits.resets_met:
            _reset_game(solver, who)        # (a reply abandoned meanwhile: again at the next)
            reset_proven[0] = True

    def replies(i: int) -> list[Move] | None:
        if i not in reps_of:
            reps_of[i] = _replies(solver, moves[i])
        return reps_of[i]

    def work(i: int, j: int) -> None:
        """Prove root move ``i``'s reply ``j`` (taken) and the next ones free, until none is
        left or the move is refuted."""
        reps = replies(i)
        assert reps is not None
        report(COUNT, i, len(reps))
        current[0] = i
        try:
            while j < len(reps) and not shared.refuted(i):
                try:
                    reset_game()
                    v = _after(solver, moves[i], reps[j], me)
                except _Abandon:
                    break
                if v < WIN:
                    shared.refute(i, v)
                    report(WIN, i, v)
                    break
                shared.hold(i)
                report(HOLDS, i, j)
                if any(shared.open(k, True) for k in range(i)):
                    return      # an earlier root move needs help: join takes it (this one stays open)
                j = shared.take(3 + n + i)
        finally:
            current[0] = -1

    def join(held_only: bool) -> bool:
        for i in range(n):
            if shared.open(i, held_only):
                work(i, shared.take(3 + n + i))
                return True
        return False

    order = _first_pass_order(moves, shared, failed_first=who == 1 and HELPER_FAILED_CARD_FIRST)
    while True:
        reset_game()
        if join(True):
            continue
        i = next(order, None)
        if i is None:
            if join(False):
                continue
            break
        if shared.taken(i) or shared.refuted(i):
            continue                                   # the other process claimed it
        reps = replies(i)
        if reps is None:
            if shared.take(3 + n + i) == 0:
                v = solver.child_value(moves[i], WIN - 1, WIN)
                if v < WIN:
                    shared.refute(i, v)
                report(WIN, i, v)
                if v >= WIN:
                    return
            continue
        j = shared.take(3 + n + i)
        if j == 0:
            alone = _within(solver, moves[i], ALONE_NODES) if ALONE_NODES else None
            if alone is not None:                      # settled alone: most losing moves are
                if alone < WIN:
                    shared.refute(i, alone)
                report(WIN, i, alone)
                if alone >= WIN:
                    return
                continue
            shared.set_count(i, len(reps))
            shared.hold(i)                             # a long proof: worth the other's help
        work(i, j)
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


def _reset_game(solver: Solver, who: int) -> None:
    """With a reset still to play, each process proves one of the two games played again
    after it, in the window the first pass meets it in: the root's mover resetting hands
    the opponent the first card ("does it at least draw?"), the opponent resetting hands
    it to the mover ("does it win?"). Each is one position wherever the reset is played,
    and its proof is a whole game's: searched as they came, both processes proved both at
    once (Same + Plus + Combo deal 16, Hard's first card: 283,000 of the 486,000 positions
    of the first pass). Its entry at the empty board reaches the other process through the
    table logs. :func:`_passes` calls it once the process's search has met a reset option
    (a reset card that never takes two cards is never played: deal 17's is not, and
    proving a game after it first doubled that deal's split time)."""
    bits = solver.bits
    if not bits.resets():
        return
    me = solver.st.to_move
    first, alpha = (me, 0) if who == 0 else (1 - me, -1)
    bits.after_reset(first, alpha, alpha + 1)


def _within(solver: Solver, m: Move, nodes: int) -> int | None:
    """Does root move ``m`` win? -- its fail-soft value, if one search of it (the solver's
    own, with its table's move order and cut-offs at the first reply) settles it within
    ``nodes`` positions; None if not (what it searched stays in the table). Raises
    OutOfTime for the caller's clock or node limit."""
    limit = solver.node_limit
    solver.node_limit = solver.total_nodes + nodes if limit is None else min(limit, solver.total_nodes + nodes)
    try:
        return solver.child_value(m, WIN - 1, WIN)
    except OutOfTime as out:
        if type(out) is not OutOfTime or (limit is not None and solver.total_nodes >= limit) or \
                (solver.deadline is not None and solver.clock() >= solver.deadline):
            raise                                      # the clock, or the other settled the root
        return None
    finally:
        solver.node_limit = limit


def _first_pass_order(moves: list[Move], shared: _Shared, failed_first: bool = False) -> Iterator[int]:
    """The root moves' indices in the order the first pass tries them: the root's order, a
    card with fewer of its placements refuted first (:func:`.solver.later_card_first`), as
    both processes read the refutations in the shared memory at each step (both walk the
    same order but for a refutation one of them has not seen yet; each claims the moves
    the other has not).

    ``failed_first`` (the helper's): a card with more of its placements refuted first --
    the caller's order walked from its other end, card by card (each card's placements
    still in the root's order), so that the two processes make a portfolio: a won deal
    whose winning move the caller's order meets last, a strong card's last placement after
    its others' long refutations, is met by the helper early (SPC deal 34), while both
    start together on the root's first move (a won deal's winning move is most often
    early: the helper walking the root's list backwards instead cost SPC deals 1-60 13%
    more split time in all, and left deal 34 as slow)."""
    left = list(range(len(moves)))
    while left:
        counts: dict[int, int] = {}
        for k in range(len(moves)):
            if shared.refuted(k):
                counts[moves[k][0]] = counts.get(moves[k][0], 0) + 1
        if failed_first:
            i = left.pop(max(range(len(left)), key=lambda x: (counts.get(moves[left[x]][0], 0), -x)))
        else:
            i = left.pop(later_card_first([moves[k] for k in left], counts))
        yield i


def _watch_refutations(solver: Solver, shared: _Shared, current: list[int], logs: Logs | None,
                       more: Callable[[], None] | None = None) -> Callable[[], None]:
    """Put a tick on ``solver`` that also passes table entries to and from the other
    process (``logs``), abandons a reply of a refuted root move (and runs ``more``);
    returns the old tick."""
    base_tick = solver._tick

    def tick() -> None:
        base_tick()
        if logs is not None:
            logs.sync()
        if current[0] >= 0 and shared.refuted(current[0]):
            raise _Abandon
        if more is not None:
            more()

    _set_tick(solver, tick)
    return base_tick


def _set_tick(solver: Solver, tick: Callable[[], None]) -> None:
    solver._tick = tick                      # type: ignore[method-assign]
    solver.bits.tick = tick
    solver.bits.margin.tick = tick


def _helper_main(solver: Solver, moves: list[Move], shared: _Shared, logs: Logs | None, out_fd: int,
                 life_fd: int, at_fork: float) -> None:
    """In the forked helper: exit when the caller's end of the life pipe closes, else prove."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)      # Ctrl+C is the game's to handle
    _continue_clock(solver, at_fork)

    def watch() -> None:
        try:
            while os.read(life_fd, 1):
                pass
        except OSError:
            pass
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()

    def report(target: int, i: int, v: int) -> None:
        if logs is not None:
            # the entries behind the answer first: an answer that settles the root ends the
            # proof, and the caller reads the log once more before the next card goes on
            # from its table (carry.py) -- a winning move's last replies are otherwise lost
            logs.write()
        os.write(out_fd, f"{target} {i} {v}\n".encode())

    current = [-1]
    if logs is not None:
        logs.start(1)
    _watch_refutations(solver, shared, current, logs)
    try:
        _passes(solver, moves, shared, current, report, who=1)
    except OutOfTime:
        if logs is not None:
            logs.write()              # what it searched since its last tick, for the caller


def _continue_clock(solver: Solver, at_fork: float) -> None:
    """Make the helper's clock go on from the caller's reading ``at_fork``. A wall clock
    already does; a process-time clock (the tools' ``--cpu-clock``) starts again from
    zero in a forked child, which would give the helper the caller's whole past time
    on top of its deadline: so the helper's share is its own CPU time since the fork."""
    base = solver.clock
    offset = at_fork - base()
    solver.clock = lambda: base() + offset


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
    logs = None
    if SHARE_TABLES:
        solver.bits.unshared = set()
        solver.bits.share_empty = SHARE_EMPTY
        logs = Logs((solver.bits.tt, solver.bits.margin.tt), (solver.bits.unshared, ()))
    out_r, out_w = os.pipe()
    life_r, life_w = os.pipe()
    at_fork = solver.clock()
    pid = os.fork()
    if pid == 0:                                           # the helper
        code = 0
        try:
            os.close(out_r)
            os.close(life_w)
            _helper_main(solver, moves, shared, logs, out_w, life_r, at_fork)
        except BrokenPipeError:                            # the caller has its answer and reads no more
            pass
        except BaseException:                              # the caller goes on alone; the cause is told
            code = 1
            traceback.print_exc()
        finally:
            os._exit(code)
    os.close(out_w)
    os.close(life_r)
    if on_helper is not None:
        on_helper(pid)
    link = _Link(out_r)
    try:
        return _lead(solver, moves, shared, logs, link, partial)
    finally:
        os.close(life_w)
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.waitpid(pid, 0)
        os.close(out_r)
        shared.close()
        if logs is not None:
            logs.take()             # the helper's last entries: the next move's solver may go on (carry.py)
            logs.close()
            solver.bits.unshared = None


def _lead(solver: Solver, moves: list[Move], shared: _Shared, logs: Logs | None, link: _Link,
          partial: bool) -> RootResult:
    """The caller's share, reading the helper's answers every 256 positions."""
    own: list[Answer] = []
    n = len(moves)
    current = [-1]

    def settled() -> None:
        link.read()
        if _settled(n, own + link.answers) is not None:
            raise _HelperWon

    base_tick = _watch_refutations(solver, shared, current, logs, settled)
    ran_out = False
    try:
        _passes(solver, moves, shared, current, lambda target, i, v: own.append((target, i, v)))
        # nothing left to take: wait for the helper's last answers (its deadline ends it in time)
        while not link.done and _settled(n, own + link.answers) is None:
            if solver.deadline is not None and solver.clock() >= solver.deadline:
                raise OutOfTime
            link.read(0.05)
    except _HelperWon:
        pass
    except OutOfTime:
        ran_out = True
        link.read()
        if not partial:
            raise
    finally:
        _set_tick(solver, base_tick)
    link.read()
    res = _combine(moves, own + link.answers, solver.total_nodes)
    in_time = not ran_out and (solver.deadline is None or solver.clock() < solver.deadline)
    if not res.complete and link.done and in_time:
        # the helper stopped before the answer while this process still had time: a crash, or
        # a limit of positions (each process has its own) reached there first; the whole proof
        # in this process, its table holding what it searched. Out of time or positions here,
        # what both counted is the answer (a proof started again would end at once, counting nothing)
        return solver.solve_root(partial=partial)
    return res


def _first_pass(n: int, answers: list[Answer]) -> tuple[int | None, dict[int, int]]:
    """From the answers: a root move proven to win (or None), and the upper bounds of those
    refuted (every root move has one once the first pass is over without a win)."""
    refuted: dict[int, int] = {}
    count: dict[int, int] = {}
    holds: dict[int, set[int]] = {}
    for t, i, v in answers:
        if t == WIN:
            if v >= WIN:
                return i, refuted
            refuted[i] = min(refuted.get(i, v), v)
        elif t == COUNT:
            count[i] = v
        elif t == HOLDS:
            holds.setdefault(i, set()).add(v)
    for i, k in count.items():
        if i not in refuted and len(holds.get(i, ())) == k:
            return i, refuted
    return None, refuted


def _settled(n: int, answers: list[Answer]) -> int | None:
    """The root's value if these answers settle it, else None."""
    won, refuted = _first_pass(n, answers)
    if won is not None:
        return WIN
    if len(refuted) < n:
        return None                          # a move not yet shown unable to win
    second = {i: v for t, i, v in answers if t == DRAW}
    if any(v >= DRAW for v in second.values()):
        return DRAW
    if all(i in second for i, v in refuted.items() if v > LOSS):
        return LOSS
    return None


def _combine(moves: list[Move], answers: list[Answer], nodes: int) -> RootResult:
    """One RootResult from both processes' answers, as :meth:`Solver.solve_root` gives it."""
    won, refuted = _first_pass(len(moves), answers)
    bounds: dict[Move, int] = {moves[i]: v for i, v in refuted.items()}
    if won is not None:
        win = moves[won]
        bounds.pop(win, None)
        return RootResult(WIN, [win], {win: WIN}, bounds, nodes)
    values: dict[Move, int] = {}
    for t, i, v in answers:
        if t == DRAW:
            if v >= DRAW:
                values[moves[i]] = DRAW
                bounds.pop(moves[i], None)
            elif moves[i] not in values:
                bounds[moves[i]] = min(bounds.get(moves[i], v), v)
    value = _settled(len(moves), answers)
    if value == DRAW:
        return RootResult(DRAW, [m for m in moves if values.get(m) == DRAW], values, bounds, nodes)
    if value == LOSS:
        return RootResult(LOSS, list(moves), {m: LOSS for m in moves}, {}, nodes)
    best = max(values.values(), default=-_INF)
    return RootResult(best, [m for m in moves if values.get(m) == best], values, bounds, nodes, complete=False,
                      held=_held(moves, answers, refuted))


def _held(moves: list[Move], answers: list[Answer], refuted: dict[int, int]) -> dict[Move, tuple[int, int]]:
    """For the root moves not refuted whose replies were taken one by one: (replies shown
    to lose, replies)."""
    count: dict[int, int] = {}
    holds: dict[int, set[int]] = {}
    for t, i, v in answers:
        if t == COUNT:
            count[i] = v
        elif t == HOLDS:
            holds.setdefault(i, set()).add(v)
    return {moves[i]: (len(holds.get(i, ())), k) for i, k in count.items() if i not in refuted}


__all__ = ["CAN_SPLIT", "solve_root_split"]
