"""The Jayden computer player: three levels, a turn at a time, draw answers.

The board scene calls :func:`choose_turn` in a worker process with only
picklable arguments (a JPN string and a seed); tools and tests may use the
:class:`JaydenAI` class with an injected ``random.Random`` instead, so a game
can be replayed exactly. Rules live in the engine; this module only chooses.

Levels differ in thinking time, in how many quiet moves each node tries, in
whether they see Master kills that need a first action to open the way, and
in evaluation noise (which is what makes Easy beatable).
"""

from __future__ import annotations

import random
import time
from dataclasses import replace

from jayden_jazz.ai.jayden.eval import WIN
from jayden_jazz.ai.jayden.search import SearchParams, Searcher
from jayden_jazz.ai.jayden.tactics import snap, wins_turn
from jayden_jazz.jayden import Action, Position

LEVELS: dict[str, SearchParams] = {
    "easy": SearchParams(time_budget=0.25, max_depth=2, quiet_limits=(6, 4, 3), two_action=False,
                         scout_plans=False, threat_penalty=0, noise=70, gain_tenths=6),
    "normal": SearchParams(time_budget=0.7, quiet_limits=(8, 6, 4), noise=8),
    "hard": SearchParams(time_budget=2.0, quiet_limits=(12, 8, 6), noise=3),
}

#: Share of the budget for the turn's first action; the rest finds the second.
FIRST_SHARE = 0.9
#: A draw offer is accepted when the answering side stands worse than this.
ACCEPT_BELOW = {"easy": 100, "normal": -100, "hard": -200}
#: A stretch of quiet actions (of the 200 that draw) after which a level
#: position counts as dead, and what "level" means, in centi-Heroes.
DEAD_QUIET = 120
DEAD_MARGIN = 100


def _params(level: str) -> SearchParams:
    try:
        return LEVELS[level]
    except KeyError:
        raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {level!r}") from None


class JaydenAI:
    """A computer player of one level.

    ``time_budget`` (seconds per turn) overrides the level's default.
    ``max_depth`` and ``max_nodes`` bound the search by work instead of time:
    when either is given and ``time_budget`` is not, the clock is ignored and
    the same position, level and seed always give the same turn.
    """

    def __init__(self, level: str = "normal", rng: random.Random | None = None, *,
                 time_budget: float | None = None, max_depth: int | None = None,
                 max_nodes: int | None = None) -> None:
        self.level = level
        self.params = _params(level)
        if max_depth is not None:
            self.params = replace(self.params, max_depth=min(self.params.max_depth, max_depth))
        self.rng = rng if rng is not None else random.Random()
        self.max_nodes = max_nodes
        if time_budget is not None:
            self.budget: float | None = float(time_budget)
        elif max_depth is not None or max_nodes is not None:
            self.budget = None
        else:
            self.budget = self.params.time_budget
        self.last_depth = 0
        self.last_nodes = 0
        self.last_score = 0

    def choose_turn(self, pos: Position) -> list[Action]:
        """The actions that complete the turn of the side to act (1 or 2).

        ``pos`` is left as it was. An empty list means the game is over.
        """
        work = pos.clone()
        if work.result is not None:
            return []
        side = work.side
        start = time.perf_counter()
        budget = self.budget
        mid_turn = work.acted is not None
        share = 1.0 if mid_turn else FIRST_SHARE
        deadline = None if budget is None else start + budget * share
        tt: dict = {}
        first = Searcher(work, self.params, self.rng, deadline, self.max_nodes, tt)
        res = first.run()
        self.last_depth, self.last_nodes, self.last_score = res.depth, res.nodes, res.score
        if res.action is None:  # cannot happen while the game goes on
            return []
        turn = [res.action]
        work.push(res.action)
        if work.side == side and work.result is None:
            legal = work.legal_actions()
            entry = tt.get(work.key())
            if res.depth >= 2 and entry is not None and entry[3] in legal:
                # The search of the whole turn already chose the second action.
                turn.append(entry[3])
            else:
                deadline = None if budget is None else max(start + budget,
                                                           time.perf_counter() + 0.1 * budget)
                second = Searcher(work, self.params, self.rng, deadline, self.max_nodes, tt)
                res2 = second.run(max_depth=max(1, res.depth - 1))
                self.last_nodes += res2.nodes
                turn.append(legal[0] if res2.action is None else res2.action)
        return turn


def _checked(jpn: str, quiet_draw: bool, turn: list[Action]) -> list[str]:
    """Replays the turn with full legality checks; any flaw (there should be
    none) is replaced by a plain legal completion so the scene never stalls."""
    pos = Position(jpn, quiet_draw=quiet_draw)
    side = pos.side
    out: list[str] = []
    for a in turn:
        if pos.result is not None or pos.side != side or not pos.is_legal(a):
            break
        pos.push(a)
        out.append(str(a))
    while pos.result is None and pos.side == side:
        acts = sorted(pos.legal_actions(), key=str)
        pos.push(acts[0])
        out.append(str(acts[0]))
    return out


def choose_turn(jpn: str, level: str, seed: int, quiet_draw: bool = True,
                time_budget: float | None = None, *, max_depth: int | None = None,
                max_nodes: int | None = None) -> list[str]:
    """The actions (as text, 1 or 2) that complete the current turn of the side
    to act from this position, which may already be mid-turn (then the one
    remaining action). Always a complete legal turn; empty only when the game
    is already over. ``time_budget`` (seconds) overrides the level's default;
    ``max_depth``/``max_nodes`` make the answer repeatable (see JaydenAI)."""
    pos = Position(jpn, quiet_draw=quiet_draw)
    ai = JaydenAI(level, random.Random(seed), time_budget=time_budget, max_depth=max_depth,
                  max_nodes=max_nodes)
    return _checked(jpn, quiet_draw, ai.choose_turn(pos))


def assess(pos: Position) -> int:
    """Quick score (centi-Heroes) for the side to act, without a search: +WIN
    when it can take the enemy Master this turn, otherwise the leaf score the
    search would give (static evaluation, what it can take at once, Master
    threats). Cheap enough to call from the frame loop."""
    result = pos.result
    if result is not None:
        return 0 if result.winner is None else WIN if result.winner == pos.side else -WIN
    s = snap(pos)
    x = 0 if pos.side == "g" else 1
    acted = -1 if pos.acted is None else pos.acted
    free = s.cannons[x] - pos.fired
    if wins_turn(s, x, free, acted):
        return WIN
    return Searcher(pos, LEVELS["hard"], random.Random(0)).leaf_score(s, x, acted, free)


def _no_attackers(pos: Position, side: str) -> bool:
    """The side has nothing that could ever take a Master except its own
    Master's conditioning, which the other Master can always refuse by never
    stepping next to it."""
    if any(pos.count(side, letter) for letter in "DHIR"):
        return False
    return not (pos.count(side, "S") and pos.count(side, "C"))


def is_dead(pos: Position) -> bool:
    """Neither side can make progress: no attacking material on either side,
    or a long quiet stretch with the score level."""
    if _no_attackers(pos, "g") and _no_attackers(pos, "r"):
        return True
    return pos.quiet >= DEAD_QUIET and abs(assess(pos)) < DEAD_MARGIN


def wants_draw(jpn: str, level: str) -> bool:
    """Would the side to act offer a draw? Only in a dead position (see
    :func:`is_dead`), whatever the level."""
    _params(level)
    pos = Position(jpn)
    return pos.result is None and is_dead(pos)


def accepts_draw(jpn: str, level: str) -> bool:
    """Does the computer accept a draw offered by the side to act?

    The answering side is the side *not* to act: a human offers during their
    own turn, so the computer answers for the other side. It accepts a dead
    position (:func:`is_dead`), or when it stands worse than the level's
    threshold (:data:`ACCEPT_BELOW`: Hard plays on unless clearly behind,
    Easy takes a draw unless clearly ahead); otherwise it declines.
    """
    _params(level)
    pos = Position(jpn)
    if pos.result is not None:
        return False
    if is_dead(pos):
        return True
    return -assess(pos) < ACCEPT_BELOW[level]


__all__ = ["LEVELS", "JaydenAI", "choose_turn", "accepts_draw", "wants_draw", "assess", "is_dead"]
