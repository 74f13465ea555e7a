"""Exact card margins: what a two-player position is worth with perfect play, in cards.

The public face of the exact search. :func:`solve` takes a
:class:`~jayden_jazz.cards.Game` (or the rules core itself, or a position
string with its catalog) and returns the value of the position and of every
legal move for the seat to move, as the **card margin**: the mover's cards
on the field minus the opponent's when the game ends, both playing to make
that number as large as they can. A game won by Sudden Death or by an
instant-win ability counts as the whole field (plus or minus the number of
playable cells). A margin of 0 on a holed field is a tie on cards, which the
points left in hand then decide (:meth:`Game.result`): the searches count in
half cards, *scores* (twice the margin, or -1/0/+1 for a tie on cards lost,
shared or won on points), so the margin comes first and the points settle
ties; the sign of a score is the win/draw/loss.

Two searches share the work. :class:`MarginBits` holds a *plain* position
(two players, the base capture rule, no Turn effect, no ability left in any
hand) as a few ints -- occupied cells, seat 0's cells, each hand as a bit
set -- with every "does this side beat that one" answered by tables built
once from the judge; it orders moves by the transposition table's best
move, then by immediate captures and the history of cut-offs, keeps lower
and upper bounds per position, treats pieces with equal sides as one
(their keys are equal), uses the field's sound symmetries, finishes the
last two placements without the table, and finds an exact value by
null-window tests from a draw (MTD(f)). Everything else (abilities still
in hand, Turn effects, extra capture steps) is searched on the rules core
itself by :class:`Margins`, which hands each position to the bit search as
soon as it is plain. The win/draw/loss solver (:mod:`.solver`) uses
the bit search too, with a window around a draw.

Hand rules: Order and Chaos restrict the card to play (the core's
:meth:`~jayden_jazz.cards.core.Core.choices`); the bit searches hold hands
as sets, so such positions are never plain and stay on the core. Under
Chaos only the card drawn for this turn is known: the game's seed is
dropped, and every later draw is a chance node whose value is the mean over
the cards of the hand (each equally likely, as the real draw is). A solver
that read the seed would know draws no player can know; with the
expectation, a Chaos margin (and score) is the *expected* margin with best
play against every draw, a float when the draws do not all agree.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from jayden_jazz.ai.cards.bitsearch import BY_CAPTURES, BitSearch, in_own_block
from jayden_jazz.cards import Action, Card, Game
from jayden_jazz.cards.core import INSTANT_WIN, SUDDEN_DEATH, Core, Move

_KEY_SEED = 0x3A76_1E55


class OutOfTime(Exception):
    """The time or node budget ran out before the position was solved."""


def plain(st: Core) -> bool:
    """Whether the bit search can hold this state: two players, the base rule or the compiled
    classic rules, nothing special left."""
    return st.n == 2 and st.bit_rule and st.plain_now()


def final_margin(st: Core, seat: int) -> int:
    """The margin for ``seat`` of a finished game (see the module docstring)."""
    if st.over in (SUDDEN_DEATH, INSTANT_WIN):
        whole = len(st.play_cells)
        return whole if st.winner == seat else -whole
    return st.counts[seat] - sum(st.counts) + st.counts[seat]


def final_score(st: Core, seat: int) -> int:
    """The score (half cards, see the module docstring) for ``seat`` of a finished game."""
    m = final_margin(st, seat)
    if m:
        return 2 * m
    pts = [sum(st.points[p] for p in h) for h in st.hands]
    mine, other = pts[seat], pts[1 - seat]
    return (mine > other) - (mine < other)


def margin_of(score: float) -> float:
    """The card margin of a score (an expectation under Chaos: see the module docstring)."""
    if isinstance(score, int) or score == int(score):
        return int(score / 2)
    return score / 2


class MarginBits(BitSearch):
    """Exact margins of plain two-player positions (see the module docstring)."""

    bound = 999

    def __init__(self, st: Core, tick: Callable[[], None] | None = None, *,
                 symmetries: list[tuple[list[int], list[int]]] | None = None) -> None:
        """``tick`` is called every 256 nodes and may raise to stop; ``symmetries`` are
        sound ``(cell map, class map)`` pairs (see :func:`.solver.prepare_keys`),
        classes numbered by first appearance of each side tuple in piece order."""
        super().__init__(st, tick)
        size = st.size
        npieces = len(st.ids)
        self.whole = len(st.play_cells)
        # pieces that do the same wherever they lie share keys: equal sides -- or, on an
        # Elemental field, equal values on every cell (a card's element counts there)
        kinds: dict[tuple, int] = {}
        looks: list[tuple]
        if st.elements:
            looks = [tuple(st.judge.values(p, c) for c in st.play_cells) for p in range(npieces)]
        else:
            looks = [tuple(s) for s in st.sides]
        cls = [kinds.setdefault(k, len(kinds)) for k in looks]
        rng = random.Random(_KEY_SEED)
        ncls = len(kinds)
        board = [[rng.getrandbits(60) for _ in range(ncls)] for _ in range(size)]
        hand = [[rng.getrandbits(60) for _ in range(ncls)] for _ in range(2)]
        self.board_key = board
        self.hand_key = hand
        self.cls = cls
        # delta[s][p][c]: key change when seat s plays p from its hand onto c
        self.delta = [[[board[c][cls[p]] - hand[s][cls[p]] for c in range(size)] for p in range(npieces)]
                      for s in range(2)]
        self.syms = list(symmetries or [])
        self.guess = 0

    # ------------------------------------------------------------------ entry

    def load(self, st: Core) -> tuple[int, int, int, int, int]:
        """(occ, m0, h0, h1, key) of a state; fills the piece-per-cell list."""
        cellp = self.cellp
        for c in range(self.size):
            cellp[c] = -1
        occ = m0 = 0
        for c in self.cells:
            p = st.cell[c]
            if p >= 0:
                cellp[c] = p
                occ |= 1 << c
                if st.owner[c] == 0:
                    m0 |= 1 << c
        h0 = sum(1 << p for p in st.hands[0])
        h1 = sum(1 << p for p in st.hands[1])
        return occ, m0, h0, h1, self.key(h0, h1)

    def key(self, h0: int, h1: int) -> int:
        """The key sum of the position on the board list with these hands."""
        z = 0
        cls = self.cls
        cellp = self.cellp
        for c in self.cells:
            p = cellp[c]
            if p >= 0:
                z += self.board_key[c][cls[p]]
        for s, h in ((0, h0), (1, h1)):
            while h:
                low = h & -h
                z += self.hand_key[s][cls[low.bit_length() - 1]]
                h ^= low
        return z

    def value(self, st: Core, alpha: int = -999, beta: int = 999) -> int:
        """Score for the seat to move of a plain, unfinished state (fail-soft in the window;
        exact with the full window, found by null-window tests from a draw (MTD(f)), which
        with the table's bounds visits fewer positions than one wide search)."""
        occ, m0, h0, h1, z = self.load(st)
        if alpha > -999 or beta < 999:
            return in_own_block(self.search, occ, m0, h0, h1, z, st.to_move, alpha, beta)
        lo, hi = -999, 999
        g = self.guess
        while lo < hi:
            b = g + 1 if g == lo else g
            g = in_own_block(self.search, occ, m0, h0, h1, z, st.to_move, b - 1, b)
            if g < b:
                hi = g
            else:
                lo = g
        self.guess = g
        return g

    def children(self, st: Core) -> list[tuple[int, int]]:
        """The root's placements (one per distinct card and free cell)."""
        return st.placements()

    # ------------------------------------------------------------------ search

    def _final(self, occ: int, m0: int, h0: int, h1: int, turn: int) -> int:
        """Score for ``turn`` of a finished game: twice the margin, or the points in hand."""
        v = 2 * m0.bit_count() - occ.bit_count()
        if v:
            v *= 2
        else:
            p0 = self.hand_points(h0)
            p1 = self.hand_points(h1)
            v = (p0 > p1) - (p0 < p1)
        return v if turn == 0 else -v

    def _last(self, occ: int, m0: int, h0: int, h1: int, turn: int) -> int:
        """The game ends within this placement (one empty cell, or no one else can move)."""
        hand = h0 if turn == 0 else h1
        if not hand:
            if not (h1 if turn == 0 else h0):
                return self._final(occ, m0, h0, h1, turn)
            return -self._last(occ, m0, h0, h1, 1 - turn)
        opp = (occ & ~m0) if turn == 0 else m0
        # keyed by the number of cells each card takes there
        most, tops = self.rule.most_taken(self.cellp, occ, opp, hand, (self.full & ~occ).bit_length() - 1)
        if self.sudden and most >= 2:
            return 2 * self.whole
        # the card and the cards it takes: one more for the mover, `most` fewer for the other
        margin = 2 * m0.bit_count() - occ.bit_count()
        margin = (margin if turn == 0 else -margin) + 1 + 2 * most
        if margin:
            return 2 * margin
        # level on cards: the points left in hand decide; keep the cheapest card that takes most
        pts = self.points
        cheapest = min(pts[p] for p in range(tops.bit_length()) if tops >> p & 1)
        p0 = self.hand_points(h0)
        p1 = self.hand_points(h1)
        if turn == 0:
            p0 -= cheapest
        else:
            p1 -= cheapest
        v = (p0 > p1) - (p0 < p1)
        return v if turn == 0 else -v

    def _least_key(self, key: int, m0: int, h0: int, h1: int, turn: int) -> int:
        """The smallest key over the sound symmetric images of the position: one entry per
        family of mirrored positions."""
        cellp = self.cellp
        cls = self.cls
        board = self.board_key
        hand = self.hand_key
        for cmap, kmap in self.syms:
            zz = 0
            mm = 0
            for c in self.cells:
                p = cellp[c]
                if p >= 0:
                    t = cmap[c]
                    zz += board[t][kmap[cls[p]]]
                    if m0 >> c & 1:
                        mm |= 1 << t
            for s, h in ((0, h0), (1, h1)):
                while h:
                    low = h & -h
                    zz += hand[s][kmap[cls[low.bit_length() - 1]]]
                    h ^= low
            k = ((mm << 1 | turn) << 64) | zz
            if k < key:
                key = k
        return key

    def search(self, occ: int, m0: int, h0: int, h1: int, z: int, turn: int, alpha: int, beta: int) -> int:
        self.nodes += 1
        if self.tick is not None and not self.nodes & 255:
            self.tick()
        free = self.full & ~occ
        hand = h0 if turn == 0 else h1
        if not hand:
            if not (h1 if turn == 0 else h0):
                return self._final(occ, m0, h0, h1, turn)
            return -self.search(occ, m0, h0, h1, z, 1 - turn, -beta, -alpha)
        if not free & (free - 1):
            return self._last(occ, m0, h0, h1, turn)
        rest = free & (free - 1)
        if not rest & (rest - 1):         # two empty cells: the replies end the game
            return self._two(occ, m0, h0, h1, turn, alpha, beta)
        key = ((m0 << 1 | turn) << 64) | z
        if self.syms:
            key = self._least_key(key, m0, h0, h1, turn)
        known, alpha, beta, tt_pc = self.probe(key, alpha, beta)
        if known is not None:
            return known
        a0 = alpha
        size = self.size
        opp = (occ & ~m0) if turn == 0 else m0
        best = -999
        best_pc = first = -1
        sudden = self.sudden
        if tt_pc >= 0 and not sudden and hand >> (tt_pc // size) & 1 and free >> (tt_pc % size) & 1:
            # the table's move first: at a cut node (most of them, with null windows) it is
            # all we need, and the other placements are never generated
            p, c = divmod(tt_pc, size)
            cap = self.rule.placements(self.cellp, occ, opp, 1 << p, 1 << c)[0][3]
            best = self._child(p, c, cap, occ, m0, h0, h1, z, turn, alpha, beta)
            best_pc = first = tt_pc
            if best > alpha:
                alpha = best
                if alpha >= beta:
                    self.history[p][c] += 1
                    self.store(key, best, a0, beta, best_pc)
                    return best
        # then the others: by the cells they take, then the history of cut-offs
        kids = self.rule.placements(self.cellp, occ, opp, hand, free, self.history, BY_CAPTURES)
        kids.sort(reverse=True)
        if sudden:
            for _, p, c, cap in kids:
                if cap & (cap - 1):
                    win = 2 * self.whole
                    self.tt[key] = (win, win, p * size + c)
                    return win
        cellp = self.cellp
        delta = self.delta[turn]
        for _, p, c, cap in kids:
            if p * size + c == first:
                continue
            cbit = 1 << c
            if turn == 0:
                nm0 = m0 | cbit | cap
                nh0 = h0 ^ (1 << p)
                nh1 = h1
            else:
                nm0 = m0 & ~cap
                nh0 = h0
                nh1 = h1 ^ (1 << p)
            cellp[c] = p
            v = -self.search(occ | cbit, nm0, nh0, nh1, z + delta[p][c], 1 - turn, -beta, -alpha)
            cellp[c] = -1
            if v > best:
                best = v
                best_pc = p * size + c
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        self.history[p][c] += 1
                        break
        self.store(key, best, a0, beta, best_pc)
        return best

    def _two(self, occ: int, m0: int, h0: int, h1: int, turn: int, alpha: int, beta: int) -> int:
        """Two empty cells: each placement, then the reply that fills the field (no table: the
        game ends within two placements)."""
        opp = (occ & ~m0) if turn == 0 else m0
        kids = self.rule.placements(self.cellp, occ, opp, h0 if turn == 0 else h1, self.full & ~occ, None,
                                    BY_CAPTURES)
        if self.sudden:
            for _, _, _, cap in kids:
                if cap & (cap - 1):
                    return 2 * self.whole
        kids.sort(reverse=True)
        cellp = self.cellp
        best = -999
        for _, p, c, cap in kids:
            cbit = 1 << c
            cellp[c] = p
            if turn == 0:
                v = -self._last(occ | cbit, m0 | cbit | cap, h0 ^ (1 << p), h1, 1)
            else:
                v = -self._last(occ | cbit, m0 & ~cap, h0, h1 ^ (1 << p), 0)
            cellp[c] = -1
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        return best

    def _child(self, p: int, c: int, cap: int, occ: int, m0: int, h0: int, h1: int, z: int, turn: int,
               alpha: int, beta: int) -> int:
        """Score for ``turn`` of playing p on c, taking ``cap``."""
        cbit = 1 << c
        if turn == 0:
            nm0 = m0 | cbit | cap
            nh0 = h0 ^ (1 << p)
            nh1 = h1
        else:
            nm0 = m0 & ~cap
            nh0 = h0
            nh1 = h1 ^ (1 << p)
        cellp = self.cellp
        cellp[c] = p
        v = -self.search(occ | cbit, nm0, nh0, nh1, z + self.delta[turn][p][c], 1 - turn, -beta, -alpha)
        cellp[c] = -1
        return v


class Margins:
    """Exact margins of any two-player position: the core searched directly until the
    position is plain, then the bit search (see the module docstring)."""

    def __init__(self, st: Core, *, deadline: float | None = None, node_limit: int | None = None,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        if st.n != 2:
            raise ValueError("exact margins are searched for two players")
        self.st = st.copy()
        self.st.chaos_seed = None      # Chaos: later draws are chance nodes, not read from the seed
        self.st.chance = None
        self.deadline = deadline
        self.node_limit = node_limit
        self.clock = clock
        self.nodes = 0
        self.tt: dict[int, tuple[float, float]] = {}
        self.bits = MarginBits(self.st, self._tick)
        self.st.enable_keys(list(range(len(self.st.ids))), [(list(range(self.st.size)),
                                                             list(range(len(self.st.ids))))])

    @property
    def total_nodes(self) -> int:
        return self.nodes + self.bits.nodes

    def _tick(self) -> None:
        if self.node_limit is not None and self.total_nodes >= self.node_limit:
            raise OutOfTime
        if self.deadline is not None and self.clock() >= self.deadline:
            raise OutOfTime

    def _chance(self) -> float:
        """Chaos, a turn whose draw is still to come: the mean over the cards of the hand."""
        st = self.st
        key = st.key()
        entry = self.tt.get(key)
        if entry is not None and entry[0] == entry[1]:
            return entry[0]
        hand = tuple(st.hands[st.to_move])     # a copy: the search below places and takes back its cards
        total = 0.0
        try:
            for d in hand:
                st.drawn = d
                total += self.search(-999, 999)
        finally:
            st.drawn = -1
        v = total / len(hand)
        self.tt[key] = (v, v)
        return v

    def search(self, alpha: float, beta: float) -> float:
        """Fail-soft margin for the seat to move of the current (unfinished) state."""
        st = self.st
        if st.chaos_rule and st.drawn < 0:
            return self._chance()
        if st.bit_rule and not st.effects and st.plain_now():
            # never under Chaos (not plain), so the window is whole half cards here
            return self.bits.value(st, int(alpha), int(beta))
        self.nodes += 1
        if not self.nodes & 255:
            self._tick()
        key = st.key()
        entry = self.tt.get(key)
        if entry is not None:
            lo, hi = entry
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            alpha, beta = max(alpha, lo), min(beta, hi)
        a0 = alpha
        best: float = -999
        for m in st.moves():
            v = self.reached(m, alpha, beta)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        self.tt[key] = (-999, best) if best <= a0 else (best, 999) if best >= beta else (best, best)
        return best

    def reached(self, move: Move, alpha: float = -999, beta: float = 999) -> float:
        """Margin for the mover of playing ``move`` now."""
        st = self.st
        me = st.to_move
        st.push(move)
        try:
            if st.over:
                return final_score(st, me)
            if st.to_move == me:
                return self.search(alpha, beta)
            return -self.search(-beta, -alpha)
        finally:
            st.pop()


@dataclass
class Solution:
    """The exact margin of a position for the seat to move, and of each legal move.

    ``scores`` are the same in half cards (ties on cards settled by the points in
    hand, see the module docstring): their sign is the win/draw/loss, and
    :attr:`best` are the moves with the best score.
    """

    value: float                       # an int, except an expectation under Chaos
    moves: dict[Action, float] = field(default_factory=dict)
    nodes: int = 0
    score: float = 0
    scores: dict[Action, float] = field(default_factory=dict)

    @property
    def result(self) -> int:
        """1 win, 0 draw, -1 loss for the seat to move, with perfect play."""
        return (self.score > 0) - (self.score < 0)

    @property
    def best(self) -> list[Action]:
        return [a for a, v in self.scores.items() if v == self.score]


def _state(position: Game | Core | str, catalog: Mapping[str, Card] | None) -> Core:
    if isinstance(position, Game):
        return position.search_state()
    if isinstance(position, Core):
        return position
    if catalog is None:
        raise ValueError("a position string needs the catalog of its cards")
    return Core.from_position(position, catalog)


def solve(position: Game | Core | str, catalog: Mapping[str, Card] | None = None, *,
          moves: bool = True, deadline: float | None = None, node_limit: int | None = None) -> Solution:
    """The exact margin of a two-player position and (``moves``) of every legal move.

    ``position`` is a Game, a rules core or a position string (with ``catalog``).
    Raises OutOfTime when ``deadline`` (a ``time.perf_counter`` time) or
    ``node_limit`` runs out first, ValueError for a finished game or not two players.
    """
    st = _state(position, catalog)
    if st.over:
        raise ValueError("the game is over: its margin is final_margin(), there is nothing to solve")
    m = Margins(st, deadline=deadline, node_limit=node_limit)
    if not moves:
        score = m.search(-999, 999)
        return Solution(margin_of(score), {}, m.total_nodes, score)
    scores: dict[Action, float] = {}
    for mv in m.st.moves():
        scores[m.st.action(mv)] = m.reached(mv)
    score = max(scores.values())
    return Solution(margin_of(score), {a: margin_of(v) for a, v in scores.items()}, m.total_nodes, score,
                    scores)


def position_value(position: Game | Core | str, catalog: Mapping[str, Card] | None = None) -> float:
    """The exact margin of a two-player position for the seat to move."""
    return solve(position, catalog, moves=False).value


def move_values(position: Game | Core | str, catalog: Mapping[str, Card] | None = None) -> dict[Action, float]:
    """The exact margin of every legal move, for the seat to move."""
    return solve(position, catalog).moves


__all__ = ["MarginBits", "Margins", "OutOfTime", "Solution", "final_margin", "final_score", "margin_of",
           "move_values", "plain", "position_value", "solve"]
