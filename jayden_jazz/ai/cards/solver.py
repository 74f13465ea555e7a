"""Exact solving of two-player card-game positions: win, draw or loss with perfect play.

Negamax with alpha-beta, a transposition table keyed by position keys and
move ordering (the table's best move first, then the cells a move takes,
then the history of moves that caused cut-offs). Values are only -1, 0
and +1, so windows are narrow and most nodes are settled by a null window.

Most of the work is done by :class:`~jayden_jazz.ai.cards.bits.BitSolver`,
which holds the position as a few ints; this module's search over
:class:`~jayden_jazz.cards.core.Core` handles the root (ordered by
captures, so that of several winning moves the natural one is found first)
and the positions where a Turn effect is active, and hands every other
position to it.

Two things shrink the tree beyond alpha-beta:

* *interchangeable cards*: once no ability can be offered again (Pure,
  Sudden Death, or none left in any hand), a card is worth only its four
  sides, so pieces with equal sides share keys, whoever holds them;
* *symmetries*: a field symmetry maps a position onto an equivalent one
  only if every card's sides are permuted too (cards keep their printed
  orientation). When the side-permuted cards of the whole game are again
  the same cards (think 5555, or a pair 2468/6842), the symmetry is sound
  and the key is the smallest over those symmetries. Usually no
  non-identity symmetry qualifies and the check costs nothing after the root.

The clock (or a node limit, for reproducible tests) is checked every 256
nodes; running out raises :class:`OutOfTime`. The solver searches its own
copy of the state, so the caller's is never left half-played.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from jayden_jazz.ai.cards import jit
from jayden_jazz.ai.cards.bits import BitSolver
from jayden_jazz.ai.cards.exact import OutOfTime
from jayden_jazz.cards.core import Core

if TYPE_CHECKING:
    from jayden_jazz.ai.cards.jit.search import JitSearch

WIN, DRAW, LOSS = 1, 0, -1
OPENING_EMPTY = 7       # from this many empty cells the root orders by what a placement exposes,
OPENING_MOVES = 64      # when it has at most this many placements (3x3: 45 at the first card)
_INF = 2
VALUE_NAMES = {WIN: "win", DRAW: "draw", LOSS: "loss"}

Move = tuple  # (piece, cell, option) -- see jayden_jazz.cards.core


@dataclass
class RootResult:
    """What a root search proved.

    ``value`` is the mover's result with perfect play (when ``complete``);
    ``best`` the moves proven to reach it (every one when all lose; the first
    found when a win is found); ``values`` exact values per move, ``bounds``
    upper bounds for moves that were only shown to be no better than an
    earlier one. An interrupted search (``complete`` False) keeps what it
    had proven: a move valued WIN wins, a move bounded by LOSS loses; the
    split proof (:mod:`.split`) also tells, in ``held``, for the root moves
    not settled whose replies it took one by one, how many of them were
    shown to lose and how many there are -- evidence, never a value.
    """

    value: int
    best: list[Move]
    values: dict[Move, int] = field(default_factory=dict)
    bounds: dict[Move, int] = field(default_factory=dict)
    nodes: int = 0
    complete: bool = True
    held: dict[Move, tuple[int, int]] = field(default_factory=dict)

    def winning_move(self) -> Move | None:
        """A root move proven to win, complete or not (the first found), or None."""
        if self.complete:
            return self.best[0] if self.value == WIN and self.best else None
        return next((m for m, v in self.values.items() if v == WIN), None)


def _transformed(sides: tuple[int, ...], side_map: tuple[int, ...]) -> tuple[int, ...]:
    out = [0, 0, 0, 0]
    for d in range(4):
        out[side_map[d]] = sides[d]
    return tuple(out)


def prepare_keys(st: Core, symmetries: bool = True) -> list[tuple[list[int], list[int]]]:
    """Give ``st`` position keys fit for solving; returns the sound non-identity symmetries
    as (cell map, class map) pairs.

    In plain states a piece's class is its sides; otherwise every piece is its
    own class (abilities, dates and dealers all matter then).
    """
    npieces = len(st.ids)
    ident = list(range(st.size))
    if not st.plain_now():
        st.enable_keys(list(range(npieces)), [(ident, list(range(npieces)))])
        return []
    index: dict[tuple[int, ...], int] = {}
    classes = [index.setdefault(tuple(s), len(index)) for s in st.sides]
    kinds = list(index)
    transforms = [(ident, list(range(len(kinds))))]
    if symmetries:
        counts: dict[int, int] = {}
        for k in classes:
            counts[k] = counts.get(k, 0) + 1
        for sym in st.field.symmetries()[1:]:
            kmap = []
            for sides in kinds:
                image = index.get(_transformed(sides, sym.sides))
                if image is None or counts[image] != counts[index[sides]]:
                    break
                kmap.append(image)
            else:
                transforms.append((list(sym.cells), kmap))
    st.enable_keys(classes, transforms)
    return transforms[1:]


class Solver:
    """Proves two-player results. One solver keeps its table between calls on the same game."""

    def __init__(self, st: Core, *, deadline: float | None = None, node_limit: int | None = None,
                 symmetries: bool = True, clock: Callable[[], float] = time.perf_counter,
                 bits: bool = True, compiled: bool = False) -> None:
        """``bits=False`` keeps every position in this module's own search (a slower
        second implementation, for tests); ``compiled`` hands the bit search's positions to
        the compiled one (:mod:`.jit`) once it is ready in this process, where it holds the
        game (the same values, ten times faster or more)."""
        if st.n != 2:
            raise ValueError("the exact solver plays two-player games")
        self.st = st = st.copy()     # an interrupted search leaves its copy half-played
        # the base comparison, Same, Plus and Combo, and Elemental (the compiled captures read
        # each piece's values on each cell); never under Order or Chaos, whose hands say which
        # card may be played (the bit searches hold hands as sets and would play any)
        self.use_bits = bits and (st.bit_rule or st.compiled_rule) and not st.order_rule and not st.chaos_rule
        self.deadline = deadline
        self.node_limit = node_limit
        self.clock = clock
        self.nodes = 0
        self.tt: dict[int, tuple[int, int, Move | None]] = {}
        self.history: dict[tuple[int, int], int] = {}
        syms = prepare_keys(st, symmetries)
        self.symmetries = len(syms)
        self.bits = BitSolver(st, self._tick, symmetries=syms)
        # (a late position without a reset to come is quicker in Python: jit.MIN_EMPTY)
        self.compiled = compiled and self.use_bits and (st.empty >= jit.MIN_EMPTY or self.bits.resets())
        self.jit: JitSearch | None = None
        # the seats proven to win the game played again after the other's reset (unreset.py)
        self.reset_won: set[int] = set()

    # ------------------------------------------------------------------ budget

    @property
    def total_nodes(self) -> int:
        return self.nodes + self.bits.nodes + self.bits.margin.nodes + (self.jit.nodes if self.jit else 0)

    def _tick(self) -> None:
        if self.node_limit is not None and self.total_nodes >= self.node_limit:
            raise OutOfTime
        if self.deadline is not None and self.clock() >= self.deadline:
            raise OutOfTime

    def _start_jit(self) -> bool:
        """Build the compiled search for this game once the kernel is ready here (else the
        Python one answers, and the next position asks again)."""
        if not jit.ready():
            return False
        from jayden_jazz.ai.cards.jit.search import JitSearch, fits
        if not fits(self.st):
            self.compiled = False
            return False
        self.jit = JitSearch(self.bits, self.st, lambda: self._tick())
        return True

    # ------------------------------------------------------------------ ordering

    def _base_captures(self, p: int, c: int, seat: int) -> list[int]:
        """What the base rule alone would capture (an estimate for ordering moves)."""
        st = self.st
        return st.judge.plain_captures(st.cell, st.owner, p, c, seat, st.ties)

    def _ordered(self, tt_move: Move | None) -> list[tuple[int, int]]:
        st = self.st
        seat = st.to_move
        hist = self.history
        # The compiled classic captures are cheap (cards/classic_table.py); with a Turn effect
        # active the full capture steps for every child cost more than the better order
        # saves (about 2x the time on 3x3 Open), and the base rule's captures order nearly
        # as well.
        count = st.captures if st.plain_rule or (st.table is not None and not st.effects) \
            else self._base_captures
        scored = []
        for p, c in st.placements():
            s = hist.get((p, c), 0) + (len(count(p, c, seat)) << 24)
            scored.append((s, p, c))
        scored.sort(reverse=True)
        out = [(p, c) for _, p, c in scored]
        if tt_move is not None:
            pc = (tt_move[0], tt_move[1])
            if pc in out:
                out.remove(pc)
                out.insert(0, pc)
        return out

    # ------------------------------------------------------------------ search

    def search(self, alpha: int, beta: int) -> int:
        """Fail-soft negamax value for the seat to move, within (alpha, beta)."""
        st = self.st
        self.nodes += 1
        if not self.nodes & 255:
            self._tick()
        me = st.to_move
        if not st.effects and self.use_bits:
            if self.compiled and (self.jit is not None or self._start_jit()):
                return self.jit.value(st, alpha, beta)  # type: ignore[union-attr]
            return self.bits.value(st, alpha, beta)
        key = st.key()
        entry = self.tt.get(key)
        tt_move = None
        if entry is not None:
            lo, hi, tt_move = entry
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        a0 = alpha
        best = -_INF
        best_move = None
        cut = False
        for p, c in self._ordered(tt_move):
            got = st.place(p, c)
            options: list = [None]
            if len(got) >= 2 and st.abil[p]:
                options += st.offers(p, c, len(got))
            if tt_move is not None and tt_move[0] == p and tt_move[1] == c and tt_move[2] is not None \
                    and tt_move[2] in options:
                options.remove(tt_move[2])
                options.insert(0, tt_move[2])
            for opt in options:
                st.commit(opt)
                v = self._reached(me, alpha, beta)
                st.uncommit()
                if v > best:
                    best = v
                    best_move = (p, c, opt)
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            cut = True
                            break
            st.unplace()
            if cut:
                self.history[(p, c)] = self.history.get((p, c), 0) + 1
                break
        if best <= a0:
            new = (-_INF, best)
        elif best >= beta:
            new = (best, _INF)
        else:
            new = (best, best)
        if entry is not None:
            lo = max(new[0], entry[0])
            hi = min(new[1], entry[1])
            if lo > hi:      # cannot happen with consistent keys; keep the fresh bounds
                lo, hi = new
            new = (lo, hi)
        self.tt[key] = (new[0], new[1], best_move)
        return best

    # ------------------------------------------------------------------ root

    def child_value(self, move: Move, alpha: int = -_INF, beta: int = _INF) -> int:
        """Value for the mover of one root move, searched within (alpha, beta)."""
        st = self.st
        me = st.to_move
        depth = st.depth
        try:
            st.place(move[0], move[1])
            st.commit(move[2])
            v = self._reached(me, alpha, beta)
        except OutOfTime:
            st.unwind(depth)        # stopped half-way: the state is whole again for the caller
            raise
        st.uncommit()
        st.unplace()
        return v

    def _reached(self, me: int, alpha: int, beta: int) -> int:
        """Value for ``me`` of the position just reached, within (alpha, beta): the result
        if the game ended, else a search from the side to move, negated when that is
        not ``me``."""
        st = self.st
        if st.over:
            return st.value_for(me)
        if st.to_move == me:
            return self.search(alpha, beta)
        return -self.search(-beta, -alpha)

    def _exposed(self, pcs: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """Early in a game, placements that take nothing in the order of what they leave the
        opponent to take at once (the most one reply takes, then the sum over replies).

        With nothing taken the captures say nothing, and the root's first pass stops at the
        first winning move, so the order decides how long a won deal takes to prove: from
        the empty 3x3 board with abilities this order reaches a winning card after 1.5x
        fewer positions than an arbitrary one (six deals measured)."""
        st = self.st
        if st.empty < OPENING_EMPTY or st.effects or len(pcs) > OPENING_MOVES:
            return pcs              # (a big field's opening: every reply to every move costs too much)
        keyed = []
        for i, (p, c) in enumerate(pcs):
            got = st.place(p, c)
            if got:
                st.unplace()
                keyed.append(((-len(got), 0, 0), i, p, c))
                continue
            st.commit(None)
            seat = st.to_move
            worst = total = 0
            for q, cc in st.placements():
                k = len(st.captures(q, cc, seat))
                total += k
                if k > worst:
                    worst = k
            st.uncommit()
            st.unplace()
            keyed.append(((0, worst, total), i, p, c))
        keyed.sort()
        return [(p, c) for _, _, p, c in keyed]

    def _weak_first(self, pcs: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """At a first card (the empty board, or one card down), the placements of the card
        with the smallest side sum first, each card's cells in the order given.

        The first pass stops at the first winning move, and a weak card played early keeps
        the strong ones for when they can take: on the first cards of perfect_match's deals
        1-20 it reaches a proven win after 15% fewer positions under Same + Plus + Combo
        (the costliest deal, 16, 929,000 down to 720,000), 7% fewer under Open and 14%
        under Plus, within 6% either way under the other rule sets measured
        (docs/strength.md, "A first card's root order")."""
        st = self.st
        if st.empty < len(st.play_cells) - 1 or st.empty < OPENING_EMPTY or st.effects \
                or len(pcs) > OPENING_MOVES:
            return pcs
        sides = st.sides
        return sorted(pcs, key=lambda pc: sum(sides[pc[0]]))

    def root_moves(self) -> list[Move]:
        st = self.st
        out: list[Move] = []
        for p, c in self._weak_first(self._exposed(self._ordered(None))):
            got = st.place(p, c)
            opts = st.offers(p, c, len(got)) if len(got) >= 2 and st.abil[p] else []
            st.unplace()
            out.append((p, c, None))
            out.extend((p, c, o) for o in opts)
        return out

    def solve_root(self, all_best: bool = False, partial: bool = False,
                   only: set[Move] | None = None) -> RootResult:
        """Prove the root's value and the moves that keep it.

        Win/draw/loss is settled by null-window tests, as MTD(f) does with wider values:
        first "does this move win?" for each move in turn, a win ending the search; then,
        when none wins, "does this move draw?" for the moves not already shown lost. A
        null-window test proves less than a search of the whole range, and proves it with
        fewer positions (3x3 Open from the empty board: a third fewer), and a won position
        -- the one a player must not throw away -- is answered by the first pass alone.

        With ``all_best`` every move tied with the best is identified (more nodes) --
        among ``only`` when given (those are also tried first); otherwise a win stops at
        the first winning move. Out of time, raises OutOfTime -- or, with ``partial``,
        returns what was proven so far: the moves proven to win (``values``) and upper
        bounds (``bounds``; LOSS is a proven loss).
        """
        moves = self.root_moves()
        if only:
            moves = [m for m in moves if m in only] + [m for m in moves if m not in only]
        values: dict[Move, int] = {}
        bounds: dict[Move, int] = {}
        best = -_INF
        try:
            best = self._first_reaching(moves, WIN, values, bounds)
            if best < WIN:
                best = self._first_reaching([m for m in moves if bounds[m] > LOSS], DRAW, values, bounds)
            if best < DRAW:
                best = LOSS
                values = {m: LOSS for m in moves}
                bounds = {}
            res = RootResult(best, [m for m in moves if values.get(m) == best], values, bounds, self.total_nodes)
            if all_best and best != LOSS:
                res.best = self.tied_with_best(res, [m for m in moves if only is None or m in only
                                                     or values.get(m) == best])
        except OutOfTime:
            if not partial:
                raise
            best = max(values.values(), default=-_INF)
            return RootResult(best, [m for m in moves if values.get(m) == best], values, bounds,
                              self.total_nodes, complete=False)
        res.nodes = self.total_nodes
        return res

    def _first_reaching(self, moves: list[Move], target: int, values: dict[Move, int],
                        bounds: dict[Move, int]) -> int:
        """Null-window tests "does this move reach ``target``?" in order, up to the first that
        does (recorded in ``values``; returns ``target``); the others' fail-soft upper bounds
        go to ``bounds``. Returns -_INF when none reaches it."""
        left = list(moves)
        refuted: dict[int, int] = {}
        while left:
            m = left.pop(later_card_first(left, refuted))
            v = self.child_value(m, target - 1, target)
            if v >= target:
                values[m] = target
                bounds.pop(m, None)
                return target
            bounds[m] = v
            refuted[m[0]] = refuted.get(m[0], 0) + 1
        return -_INF

    def tied_with_best(self, res: RootResult, moves: list[Move] | None = None) -> list[Move]:
        """Every root move (of ``moves``) as good as the proven best, by null-window tests
        on the others. Raises OutOfTime."""
        best = res.value
        out = []
        for m in moves if moves is not None else self.root_moves():
            if res.values.get(m) == best:
                out.append(m)
            elif res.bounds.get(m, -_INF) >= best or (m not in res.values and m not in res.bounds):
                if self.child_value(m, best - 1, best) >= best:
                    res.values[m] = best
                    out.append(m)
        return out


    def swindles(self, moves: list[Move], value: int) -> dict[Move, float]:
        """For root moves that all keep the proven ``value``: the share of the opponent's
        replies after which the mover would do better than ``value`` (their mistakes).

        Perfect play cannot tell such moves apart; a player who can err can. Each reply
        is one null-window test, mostly answered from the table the proof filled.
        Raises OutOfTime; the moves scored so far are kept in ``self.swindle_partial``.
        """
        st = self.st
        out: dict[Move, float] = {}
        self.swindle_partial = out
        depth = st.depth
        try:
            self._swindles(moves, value, out)
        except OutOfTime:
            st.unwind(depth)
            raise
        return out

    def _swindles(self, moves: list[Move], value: int, out: dict[Move, float]) -> None:
        st = self.st
        me = st.to_move
        for m in moves:
            st.place(m[0], m[1])
            st.commit(m[2])
            if st.over or st.to_move == me:
                out[m] = 0.0
            else:
                good = total = 0
                for r in st.moves():
                    st.place(r[0], r[1])
                    st.commit(r[2])
                    v = self._reached(me, value, value + 1)
                    st.uncommit()
                    st.unplace()
                    total += 1
                    good += v > value
                out[m] = good / total if total else 0.0
            st.uncommit()
            st.unplace()


    def chances(self, moves: list[Move]) -> dict[Move, float]:
        """For root moves: the mover's expected result (win 1, draw 1/2, loss 0) when the
        opponent picks among its legal moves at random and the mover plays on to maximize it.

        A finer tie-break than :meth:`swindles` in a lost (or drawn) position: it looks
        at every later chance for the opponent to go wrong, not only the next reply, and
        it never lets a proven result slip (a proven win scores 1). A move that cannot
        beat the best one found so far gets an upper bound instead of its exact chance
        (the averages are cut short once they cannot catch up). The tree grows fast, so
        callers keep it to the last few placements. Raises OutOfTime; the moves scored
        so far are kept in ``self.chance_partial``.
        """
        st = self.st
        me = st.to_move
        memo: dict[int, float] = {}
        out: dict[Move, float] = {}
        self.chance_partial = out
        best = 0.0
        depth = st.depth
        try:
            for m in moves:
                st.place(m[0], m[1])
                st.commit(m[2])
                out[m] = x = self._chance(me, memo, best)
                st.uncommit()
                st.unplace()
                best = max(best, x)
        except OutOfTime:
            st.unwind(depth)
            raise
        return out

    def _no_choice_left(self, me: int) -> bool:
        """Whether the opponent has no choice to make before the end: our placement fills the
        field, or theirs does and they can play only one card there with no ability."""
        st = self.st
        if st.empty <= 1:
            return True
        if st.empty > 2:
            return False
        hand = st.hands[1 - me]
        return len({st.ids[p] for p in hand}) <= 1 and not any(st.abil[p] for p in hand)

    def _chance(self, me: int, memo: dict[int, float], floor: float = 0.0) -> float:
        """Expected result for ``me`` here (see :meth:`chances`); at the opponent's nodes,
        once the average cannot exceed ``floor`` an upper bound at most ``floor`` is
        returned instead (and not remembered)."""
        st = self.st
        if st.over:
            return (st.value_for(me) + 1) / 2
        key = st.key()
        got = memo.get(key)
        if got is not None:
            return got
        mine = st.to_move == me
        if not mine and self.search(LOSS, DRAW) <= LOSS:
            memo[key] = 1.0                 # a proven win for us: nothing can go wrong now
            return 1.0
        if mine and self._no_choice_left(me):
            value = memo[key] = (self.search(-_INF, _INF) + 1) / 2
            return value
        moves = st.moves()
        n = len(moves)
        total = best = 0.0
        for i, r in enumerate(moves):
            st.place(r[0], r[1])
            st.commit(r[2])
            x = self._chance(me, memo, best) if mine else self._chance(me, memo)
            st.uncommit()
            st.unplace()
            if mine:
                if x > best:
                    best = x
                    if x == 1.0:
                        break
            else:
                total += x
                upper = (total + n - 1 - i) / n
                if upper <= floor and i < n - 1:
                    return upper             # cannot beat what our other move gets
        value = best if mine else total / n
        memo[key] = value
        return value


def later_card_first(left: list[Move], refuted: dict[int, int]) -> int:
    """The index in ``left`` (root moves not yet tried, in the root's order) of the next to
    try: the first of a card with the fewest of its placements refuted so far.

    A card that failed on one cell often fails on the others (its sides and abilities are
    what the opponent answered): from the empty board, the first pass then reaches a
    winning card after fewer losing ones."""
    best = 0
    fewest = refuted.get(left[0][0], 0)
    if fewest:
        for i in range(1, len(left)):
            k = refuted.get(left[i][0], 0)
            if k < fewest:
                best, fewest = i, k
                if not k:
                    break
    return best


def solve(st: Core, *, deadline: float | None = None, node_limit: int | None = None,
          all_best: bool = False, symmetries: bool = True) -> RootResult:
    """Solve a two-player position from scratch (see :meth:`Solver.solve_root`)."""
    return Solver(st, deadline=deadline, node_limit=node_limit, symmetries=symmetries).solve_root(all_best)


def game_value(st: Core, *, node_limit: int | None = None) -> int:
    """The mover's perfect-play value (tests, tools)."""
    if st.over:
        return st.value_for(st.to_move)
    return Solver(st, node_limit=node_limit).search(-_INF, _INF)


__all__ = ["DRAW", "LOSS", "OutOfTime", "RootResult", "Solver", "VALUE_NAMES", "WIN", "game_value", "later_card_first",
           "prepare_keys", "solve"]
