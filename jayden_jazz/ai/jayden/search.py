"""Alpha-beta search over single Jayden actions.

A ply is one action, not one turn: a side makes two plies in a row, so a
child's score is negated only when the side to act changes, and the
transposition key (the engine's ``key()``) tells the turn's first and second
action apart through its acted square and Cannons fired.

About 200 actions per ply make full width hopeless in Python, so the search
is selective:

* every node first asks the static tactics (:mod:`.tactics`) whether
  the side to act can take the enemy Master before its turn ends -- an exact
  answer that replaces the two plies it would otherwise need;
* moves are ordered (a winning Scout jump, the TT move, captures by value,
  escapes of threatened pieces and steps that open a capture, killers,
  history, square-table gain) and only the first few quiet moves are searched
  below the root, unless the Master is threatened, when every move is tried;
  at the root, late moves are searched deeper only when a shallower
  iteration rated them above the current best;
* leaves add to the static evaluation what the side to act can take this
  turn (two captures by different pieces, or one after a step aside, minus
  what it would lose back), and call a position won or lost when a Scout's
  shot next turn can no longer be stopped.

Whatever a leaf credits statically, the ordering puts early at inner nodes,
so that searching deeper never forgets what a shallower search knew.

The clock is checked every few nodes; running out unwinds the search by an
exception and the best move of the deepest finished iteration stands.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import NamedTuple

from jayden_jazz.ai.jayden.eval import TABLE_T, VALUE, WIN, WIN_BOUND, evaluate
from jayden_jazz.ai.jayden.tactics import (
    CHEB,
    MASTER,
    Snap,
    attackers,
    captures,
    discovered,
    fire_stopped,
    fire_threat,
    scout_win,
    snap,
    wins_in_one,
    wins_in_two,
)
from jayden_jazz.jayden import MOVE, QUIET_DRAW_ACTIONS, Action, Position
from jayden_jazz.jayden.pieces import KIND_OF

INF = 10 * WIN
#: A leaf where a Scout's shot next turn cannot be stopped: nearly a win, but
#: judged statically, so kept apart from the exact wins the search proves.
NEAR_WIN = 30_000
EXACT, LOWER, UPPER = 0, 1, 2
#: Depth-1 handicap of a first action that leaves the Master threatened.
UNPARRIED = 1000


@dataclass(frozen=True)
class SearchParams:
    """How hard a level thinks (see ``player.LEVELS``)."""

    time_budget: float = 2.0
    max_depth: int = 64
    #: Quiet moves searched below the root at remaining depth 1, 2, 3+.
    quiet_limits: tuple[int, int, int] = (12, 8, 6)
    #: See Master kills that need a first action to open the way (both sides).
    two_action: bool = True
    #: Penalty for a leaf where the side not to act threatens to take the Master.
    threat_penalty: int = 80
    #: Skip a quiet last action whose optimistic score cannot reach alpha.
    futility_margin: int = 220
    #: Leaf noise amplitude (centi-Heroes), deterministic per position and seed.
    noise: int = 0
    #: Fraction (in tenths) of capture gains credited at a leaf.
    gain_tenths: int = 9
    #: Judge Scout shots one turn ahead (a jump into range the enemy cannot answer).
    scout_plans: bool = True
    #: Root moves always searched to the full depth; later ones only when a
    #: shallower iteration scored them above the current best.
    root_full: int = 16


class SearchResult(NamedTuple):
    action: Action | None
    score: int
    depth: int
    nodes: int


class _Stop(Exception):
    """Time or node budget spent: unwind to the root."""


def _side_index(letter: str) -> int:
    return 0 if letter == "g" else 1


class Searcher:
    """One search tree over a position (which it pushes and pops in place).

    ``deadline`` is a ``time.perf_counter()`` value or None; ``max_nodes``
    bounds the work independently of the clock, which is what makes a search
    repeatable in tests.
    """

    def __init__(self, pos: Position, params: SearchParams, rng: random.Random,
                 deadline: float | None = None, max_nodes: int | None = None,
                 tt: dict | None = None) -> None:
        self.pos = pos
        self.p = params
        self.rng = rng
        self.deadline = deadline
        self.max_nodes = max_nodes
        self.tt: dict = {} if tt is None else tt
        #: Leaf scores by key: a turn's two actions played in either order
        #: reach the same position.
        self.leaves: dict[int, int] = {}
        self.nodes = 0
        self.salt = rng.getrandbits(64)
        self.killers: dict[int, list[Action]] = {}
        self.history: dict[Action, int] = {}
        self.draw_rule = pos.quiet_draw_rule

    # ------------------------------------------------------------ budget
    def _tick(self) -> None:
        if self.max_nodes is not None and self.nodes >= self.max_nodes:
            raise _Stop
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            raise _Stop

    # -------------------------------------------------------------- root
    def run(self, max_depth: int | None = None) -> SearchResult:
        """Iterative deepening from the position's side to act."""
        pos = self.pos
        moves = pos.legal_actions()
        if not moves:
            return SearchResult(None, -WIN, 0, 0)
        x = _side_index(pos.side)
        s = snap(pos)
        for a in moves:
            if a.kind != MOVE and KIND_OF[s.b[a.dst]] == MASTER and self._last_master(s, x):
                return SearchResult(a, WIN - 1, 0, 0)
        self.rng.shuffle(moves)
        moves = self._order(moves, s, x, None, 0, {})
        parries = self._parries(moves, 1 - x)
        limit = min(self.p.max_depth, max_depth or self.p.max_depth)
        best, best_score, done = moves[0], -INF, 0
        scores: dict[Action, int] = {}
        for depth in range(1, limit + 1):
            alpha, beta = -INF, INF
            it_best, it_score = None, -INF
            searched: set[Action] = set()
            try:
                for i, a in enumerate(moves):
                    if i == 0:
                        score = self._child(a, depth, alpha, beta, 0, x, s)
                    elif i >= self.p.root_full and depth >= 2 and scores.get(a, INF) <= alpha:
                        # A late root move that a shallower iteration already
                        # scored no better than the new best keeps that score.
                        continue
                    else:
                        score = self._child(a, depth, alpha, alpha + 1, 0, x, s)
                        if score > alpha:
                            score = self._child(a, depth, alpha, beta, 0, x, s)
                    if depth == 1 and parries and a not in parries:
                        # One ply cannot see the second action parry; until
                        # a deeper iteration does, such a move stays behind.
                        score -= UNPARRIED
                    scores[a] = score
                    searched.add(a)
                    if score > it_score:
                        it_best, it_score = a, score
                    if score > alpha:
                        alpha = score
            except _Stop:
                if it_best is not None and it_score > -WIN_BOUND:
                    # The first move (last iteration's best) was searched to
                    # the new depth; anything that beat it is better still.
                    best, best_score = it_best, it_score
                elif it_best is not None:
                    # What was searched now loses by force: rather the best
                    # of the rest by the last finished iteration.
                    rest = [m for m in moves if m not in searched]
                    best, best_score = (rest[0], scores.get(rest[0], -INF)) if rest else (it_best, it_score)
                break
            assert it_best is not None          # the first move is always searched in full
            best, best_score, done = it_best, it_score, depth
            moves.sort(key=lambda m: (m in parries, scores.get(m, -INF)), reverse=True)
            if abs(best_score) > WIN_BOUND:
                break
        return SearchResult(best, best_score, done, self.nodes)

    def _parries(self, moves: list[Action], y: int, check: bool = True) -> set[Action]:
        """When ``y`` threatens to take the Master, the actions that on their
        own leave no such threat (sorted to the front of ``moves``)."""
        pos = self.pos
        if check and not self._threatened(snap(pos), y):
            return set()
        out = set()
        for a in moves:
            pos.push(a, False)
            try:
                if pos.result is not None or not self._threatened(snap(pos), y):
                    out.add(a)
            finally:
                pos.pop()
        moves.sort(key=lambda m: m in out, reverse=True)
        return out

    @staticmethod
    def _last_master(s: Snap, x: int) -> bool:
        c = MASTER if x == 1 else 256 - MASTER  # the enemy's Master byte
        return s.b.count(c) == 1

    def _child(self, a: Action, depth: int, alpha: int, beta: int, ply: int, x: int, s: Snap) -> int:
        """Score of action ``a`` for side ``x`` (who is to act before it)."""
        if a.kind != MOVE and KIND_OF[s.b[a.dst]] == MASTER and self._last_master(s, x):
            return WIN - ply - 1
        pos = self.pos
        side = pos.side
        pos.push(a, False)
        try:
            if self.draw_rule and pos.quiet >= QUIET_DRAW_ACTIONS:
                return 0
            if pos.side != side:
                return -self._search(depth - 1, -beta, -alpha, ply + 1)
            return self._search(depth - 1, alpha, beta, ply + 1)
        finally:
            pos.pop()

    # -------------------------------------------------------------- tree
    def _search(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        self.nodes += 1
        if not self.nodes & 7:
            self._tick()
        pos = self.pos
        x = _side_index(pos.side)
        acted = pos.acted
        first = acted is None
        a_sq = -1 if acted is None else acted
        key = pos.key()
        if depth <= 0:
            score = self.leaves.get(key)
            if score is not None:
                return score
        entry = self.tt.get(key)
        tt_move = None
        if entry is not None:
            e_depth, e_flag, e_score, tt_move = entry
            if e_depth >= depth:
                score = e_score
                if score > WIN_BOUND:
                    score -= ply
                elif score < -WIN_BOUND:
                    score += ply
                if e_flag == EXACT or (e_flag == LOWER and score >= beta) or (
                        e_flag == UPPER and score <= alpha):
                    return score
        s = snap(pos)
        free = s.cannons[x] - pos.fired
        if wins_in_one(s, x, free, a_sq):
            return WIN - ply - 1
        if first and self.p.two_action and wins_in_two(s, x):
            return WIN - ply - 2
        if depth <= 0:
            score = self.leaves[key] = self._leaf(s, x, a_sq, free, key)
            return score
        moves = pos.pseudo_actions()
        if not moves:
            return -(WIN - ply)  # forfeit, or a first action that cannot be completed
        y = 1 - x
        kill = self._threatened(s, y)
        danger = kill or (self.p.scout_plans and scout_win(s, y, -1) is not None)
        # Quiet moves worth trying early: pieces the enemy could take next
        # turn stepping away, and (at a turn's start) own pieces whose step
        # aside opens a capture for the turn's second action.
        urgent: dict[int, int] = {}
        threats = captures(s, y, s.cannons[y], -1)
        if self.p.two_action:
            threats += discovered(s, y)
        for c in threats:
            v = VALUE[c.victim]
            if v > urgent.get(c.dst, 0):
                urgent[c.dst] = v
        if first and self.p.two_action:
            for c in discovered(s, x):
                v = VALUE[c.victim]
                if v > urgent.get(c.via, 0):
                    urgent[c.via] = v
        plan = scout_win(s, x, a_sq) if self.p.scout_plans and not danger else None
        ordered = self._order(moves, s, x, tt_move, ply, urgent)
        if kill and first:
            # Threatened at the start of a turn: first actions that parry on
            # their own, then captures (the second action may still parry);
            # a quiet move that leaves the threat standing is not tried.
            parries = self._parries(ordered, y, check=False)
            if parries:
                ordered = [a for a in ordered if a in parries or a.kind != MOVE]
        if plan is not None:
            jump = Action(plan[0], plan[1], MOVE)
            if jump in ordered:  # the leaf would call it won: make sure the tree tries it
                ordered.remove(jump)
                ordered.insert(0, jump)
        quiet_limit = len(moves) if danger else self.p.quiet_limits[min(depth, 3) - 1]
        futile = None
        if depth == 1 and not first and not danger:
            sign = 1 if x == 0 else -1
            futile = evaluate(s, pos.board) * sign + self.p.futility_margin
        best, best_move = -INF, None
        orig_alpha = alpha
        quiet = 0
        b = s.b
        for a in ordered:
            if a.kind == MOVE:
                quiet += 1
                if quiet > quiet_limit and a != tt_move:
                    break
                if futile is not None and best > -INF:
                    v = b[a.src]
                    gain = (TABLE_T[v][a.dst] - TABLE_T[v][a.src]) * (1 if x == 0 else -1)
                    if futile + gain <= alpha:
                        continue
            score = self._child(a, depth, alpha, beta, ply, x, s)
            if score > best:
                best, best_move = score, a
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        if a.kind == MOVE:
                            k = self.killers.setdefault(ply, [])
                            if a not in k:
                                k.insert(0, a)
                                del k[2:]
                            self.history[a] = self.history.get(a, 0) + depth * depth
                        break
        if best_move is None:  # every quiet move was futile
            return alpha
        flag = LOWER if best >= beta else EXACT if best > orig_alpha else UPPER
        stored = best + ply if best > WIN_BOUND else best - ply if best < -WIN_BOUND else best
        self.tt[key] = (depth, flag, stored, best_move)
        return best

    def _threatened(self, s: Snap, y: int) -> bool:
        """Would ``y`` take the other side's Master if it were ``y``'s turn now?"""
        free = s.cannons[y]
        if wins_in_one(s, y, free, -1):
            return True
        return self.p.two_action and wins_in_two(s, y)

    # ------------------------------------------------------------ leaves
    def leaf_score(self, s: Snap, x: int, a_sq: int, free: int) -> int:
        """The static leaf score for the side to act (no noise)."""
        return self._leaf(s, x, a_sq, free, None)

    def _leaf(self, s: Snap, x: int, a_sq: int, free: int, key: int | None) -> int:
        y = 1 - x
        if self._threatened(s, y):
            if self.p.scout_plans:
                shooters = fire_threat(s, y)
                if shooters and not fire_stopped(s, y, shooters, master_moves=a_sq < 0):
                    return -NEAR_WIN
            # With one action left and the Master unable to move, a threat
            # is much harder to meet than at the start of a turn.
            penalty = self.p.threat_penalty if a_sq < 0 else 4 * self.p.threat_penalty
        elif self.p.scout_plans and scout_win(s, x, a_sq) is not None:
            return NEAR_WIN
        else:
            penalty = 0
        pos = self.pos
        score = evaluate(s, pos.board)
        if x == 1:
            score = -score
        score += self._gain(s, x, a_sq, free) - penalty
        n = self.p.noise
        if n and key is not None:
            h = ((key ^ self.salt) * 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            score += (h >> 40) % (2 * n + 1) - n
        return score

    def _gain(self, s: Snap, x: int, a_sq: int, free: int) -> int:
        """What ``x`` can still take this turn: the best capture, plus the
        best capture by another piece when two actions remain."""
        y = 1 - x
        found = []
        cy = s.cannons[y]
        for c in captures(s, x, free, a_sq):
            v = VALUE[c.victim]
            if c.how == 2:
                v *= 2
            elif c.how == 0 and attackers(s, c.land, y, cy, c.attacker):
                v -= VALUE[c.attacker]
            if v > 0:
                found.append((v, c))
        total = 0
        if found:
            found.sort(key=_first, reverse=True)
            g1 = found[0][0]
            total = g1
            if a_sq < 0:
                # every best first capture is tried (not the first one the board lists), so the
                # score does not depend on which colour plays from which side of the board
                second = 0
                for g, c1 in found:
                    if g < g1:
                        break
                    if c1.how == 2:
                        continue
                    for g2, c2 in found:
                        if g2 <= second or c2 is c1:
                            continue
                        if c2.how == 2 or c2.src == c1.src or c2.dst == c1.dst:
                            continue
                        if c1.how == 1 and c2.how == 1 and CHEB[c1.src][c1.dst] + CHEB[c2.src][c2.dst] > free:
                            continue
                        second = g2
                        break
                total += second
        if a_sq < 0 and self.p.two_action:
            for c in discovered(s, x):
                v = VALUE[c.victim]
                if attackers(s, c.land, y, cy, c.attacker):
                    v -= VALUE[c.attacker]
                if v > total:
                    total = v
        return total * self.p.gain_tenths // 10

    # ---------------------------------------------------------- ordering
    def _order(self, moves: list[Action], s: Snap, x: int, tt_move: Action | None, ply: int,
               escapes: dict[int, int]) -> list[Action]:
        """Most promising first: the TT move, captures by value (conditioning,
        then fire, then attacks by the cheapest attacker), escapes of
        threatened pieces, killers, then history plus square-table gain."""
        b = s.b
        killers = self.killers.get(ply)
        history = self.history
        table = TABLE_T
        kind_of = KIND_OF
        value = VALUE
        scored: list[tuple[int, Action]] = []
        app = scored.append
        sign = 1 if x == 0 else -1          # the square table scores from the first side's view
        for a in moves:
            src, dst, kind = a
            if kind == MOVE:
                row = table[b[src]]
                key = sign * (row[dst] - row[src]) + history.get(a, 0)
                if src in escapes:
                    key += 500_000 + escapes[src]
            else:
                key = _capture_key(kind, value[kind_of[b[dst]]], value[kind_of[b[src]]])
            app((key, a))
        if killers or tt_move is not None:
            bonus = {k: 400_000 for k in killers or ()}
            if tt_move is not None:
                bonus[tt_move] = 100_000_000
            scored = [(k + bonus.get(a, 0), a) if a in bonus else (k, a) for k, a in scored]
        scored.sort(key=_first, reverse=True)
        return [a for _, a in scored]


def _first(item: tuple) -> int:
    return item[0]


def _capture_key(kind: str, victim: int, attacker: int) -> int:
    if kind == "condition":
        return 2_000_000 + 20 * victim
    if kind == "fire":
        return 1_000_000 + 10 * victim + 50
    return 1_000_000 + 10 * victim - attacker // 10
