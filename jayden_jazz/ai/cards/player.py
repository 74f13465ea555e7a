"""The computer player of the Jazz Jackrabbit Card Game.

The card scene calls three top-level functions through
:class:`~jayden_jazz.ai.worker.AIWorker` (every argument picklable, the
catalog rebuilt in the worker from ``pack_dirs`` and cached per process by
the tuple of folders):

``choose_action(position, seat, level, seed, time_budget=None, pack_dirs=None, iterations=None, pool=None) -> str``
    ``position`` is the engine's position string (``Game.position()``, which
    round-trips exactly through ``Game.from_position``); a game record's YAML
    text (``game.record().to_yaml()``) is accepted too and tells a little
    more (cards seen on the field before a reset). ``seat`` must be the seat
    to move. ``level`` is ``"easy"``, ``"normal"`` or ``"hard"``. ``seed``
    seeds the player's random generator. ``time_budget`` is seconds for this
    move (default: the level's, see :data:`LEVELS`). ``pack_dirs`` are the
    cards folders (``None``: the shipped ``cards/`` and the player's cards
    folder). ``iterations``, when given, replaces the clock by a fixed amount
    of work, so the answer is the same on every machine (tests, replays).
    ``pool`` lists the card ids the game's hands came from (the packs switched
    on; default every loaded card): a hidden card is guessed only among them.
    Returns the full action text, e.g. ``default/pillar@b2`` or
    ``default/bumper@a1!1>b1``. Without Open, other seats' hidden cards are
    never read: the position is reduced to what ``seat`` may see before
    anything else happens (:mod:`.infoset`).

``choose_hand(pack_dirs, setup, seat, level, seed) -> list[str]``
    ``setup`` is a plain dict (the scene's ``setup_for_ai``): ``hand_size``
    (or ``field``/``rows`` + ``players`` + rules to compute it), ``rules``
    (``Rules.to_dict()``; or ``preset`` plus ``open``/``pure``/``sudden_death``
    flags), optional ``cards`` (the ids to choose from; default every loaded
    card). Returns ``hand_size`` distinct card ids.

``hint(position, seat, pack_dirs=None, time_budget=2.0, pool=None) -> dict``
    ``{"action": text, "value": "win" | "draw" | "loss" | None}``: the move
    the Hard level would play and, when it proved it (two players, nothing
    hidden from ``seat``, solved to the end), the result with perfect play.
    ``pool`` as for ``choose_action``.

Levels (seconds per move by default):

* **easy** -- no search: a one-move judgement (captures, minus the sides
  left open to attack) with noise and an occasional careless placement;
* **normal** (0.5 s) -- MCTS, and exact play in the last few placements;
* **hard** (1.35 s, so that a move stays under 1.5 s on a busy machine) -- under Chaos near
  the end, the best expected margin over the draws still to come (and, with hidden hands,
  over sampled hands too); otherwise with two players and nothing hidden, exact
  win/draw/loss search (:mod:`.solver`) as early as the budget
  allows (on 3x3 from the first card; in the opening, the field holding at most two
  cards, the proof gets 95% of the move's time, shared with a second process on a
  machine with two cores (:mod:`.split`): a won deal is answered by finding one
  winning card; a 3x3 Open game with abilities or Same + Plus often needs more than a
  second of a free core for that, and a proof cut short then plays the card with most
  of its replies shown to lose, or among the moves that may still win, never a
  move proven lost beside one that is not; the solver of a move goes on at the
  next, its table read again (:mod:`.carry`)); hidden hands late in the game: the exact search
  on sampled worlds, voting; everything else (5x5, 7x7, 3-4 players, early
  hidden play) information-set MCTS over sampled worlds (:mod:`.mcts`); with
  hidden hands its tree grows, below the root, the replies the playouts would
  make and at most sqrt(visits) of them, so a reply is met more than once
  (a new random reply on every visit plays a careless opponent).
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from jayden_jazz.cards import Action, Card, Field, Game, GameRecord, Rules
from jayden_jazz.cards.catalog import Catalog, shared_key
from jayden_jazz.cards.loader import load_packs
from jayden_jazz.ai.worker import shared
from jayden_jazz.ai.cards.infoset import Worlds, observe
from jayden_jazz.ai.cards.mcts import ISMCTS, MCTSParams, move_key
from jayden_jazz.ai.cards.policy import easy_choice, rank_cards, score
from jayden_jazz.ai.cards.solver import DRAW, LOSS, VALUE_NAMES, WIN, OutOfTime, RootResult, Solver
from jayden_jazz.ai.cards import carry, jit, unreset
from jayden_jazz.ai.cards.split import CAN_SPLIT, solve_root_split
from jayden_jazz.cards.core import Core
from jayden_jazz.cards.position import Position


@dataclass(frozen=True)
class Level:
    """How one level thinks. Counts apply when a fixed amount of work is asked for."""

    name: str
    seconds: float
    exact_empty: int       # two players, nothing hidden: try to solve at or below this many empty cells
    exact_share: float     # of the time, what the exact attempt may use before MCTS takes over
    pimc_empty: int        # two players, hidden hands: solve sampled worlds at or below this
    mcts: MCTSParams = field(default_factory=MCTSParams)
    nodes_per_iteration: int = 150
    hand_noise: float = 0.0   # noise on card worth when picking a hand


PIMC_MAX_WORLDS = 400       # enough for a steady vote; more only costs time
PIMC_LEADERS = 8            # moves tested for a tie with each world's best
PIMC_WORLD_NODES = 40_000   # a world needing more is skipped (about 0.3 s)
PIMC_TRIAL = 0.35           # share of the move's time to solve a first few worlds, else MCTS
SAME_PLUS_PIMC_EMPTY = 4    # with Same or Plus, sampled worlds only this near the end (see _pimc_empty)
OPENING_SHARE = 0.95        # of an opening card's time, what its exact search may use (see _exact_share)
OPENING_CARDS = 2           # the opening: the field holds at most this many cards (see _opening)
HELD_SHARE = 0.5            # an unfinished split proof plays the move with most replies shown to lose,
                            # from this share of them (see _likely)
CHANCE_EMPTY = 6            # lost or drawn with this few empty cells: weigh every later chance

LEVELS: dict[str, Level] = {
    "easy": Level("easy", 0.0, 0, 0.0, 0, MCTSParams(iterations=0), hand_noise=3.0),
    "normal": Level("normal", 0.5, 4, 0.5, 3, MCTSParams(iterations=300, exploration=0.8), hand_noise=1.0),
    "hard": Level("hard", 1.35, 9, 0.7, 7, MCTSParams(iterations=2500, guided=1.0, widen=1.0), hand_noise=0.15),
}


@dataclass
class Decision:
    """A chosen action and how it was found.

    ``value`` is the mover's proven result (WIN/DRAW/LOSS) or None when not
    proven; ``method`` one of only, solved, likely (an unfinished proof's likeliest
    winner, see :func:`_likely`), pimc, mcts, easy, engine.
    """

    action: Action
    value: int | None
    method: str
    detail: dict[str, Any] = field(default_factory=dict)


# ---------------------------------------------------------------------- catalogs

_CATALOGS: dict[tuple[str, ...], Catalog] = {}


def default_pack_dirs() -> list[str]:
    from jayden_jazz.paths import card_pack_dirs
    return [str(p) for p in card_pack_dirs()]


def catalog_for(pack_dirs: Sequence[str] | None) -> Catalog:
    """The cards of these folders, loaded once per process (packs do not change mid-game)."""
    key = tuple(str(d) for d in (pack_dirs if pack_dirs is not None else default_pack_dirs()))
    cat = shared(shared_key(key), None) or _CATALOGS.get(key)   # the game's own, when it shared it
    if cat is None:
        cat, _problems = load_packs([Path(d) for d in key])
        _CATALOGS[key] = cat
    return cat


# ---------------------------------------------------------------------- reading the input


def read_position(text: str, catalog: Mapping[str, Card]) -> tuple[Position, list[tuple[str, int]]]:
    """(position parts, pieces seen on the field during the game) from a position string
    or a game record's YAML text."""
    t = text.strip()
    if t.startswith("jazz1"):
        return Position.parse(t), []
    record = GameRecord.from_yaml(t)
    game = record.replay(catalog, upto=0)
    seen: set[tuple[str, int]] = set()

    def look(g: Game) -> None:
        for c in g.field.cells:
            card = g.card_at(c)
            if card is not None:
                seen.add((card.id, g.dealer_at(c)))  # type: ignore[arg-type]

    look(game)
    for a in record.actions:
        game.push(a)
        look(game)
    return Position.parse(game.position()), sorted(seen)


# ---------------------------------------------------------------------- the player


class CardsPlayer:
    """One level's decisions for one move; ``rng`` makes them reproducible.

    ``seconds`` overrides the level's time; ``iterations`` switches from the
    clock to a fixed amount of work.
    """

    def __init__(self, level: str, rng: random.Random, catalog: Mapping[str, Card], *,
                 seconds: float | None = None, iterations: int | None = None,
                 pool: Iterable[str] | None = None) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
        self.level = LEVELS[level]
        self.rng = rng
        self.catalog = catalog
        self.seconds = self.level.seconds if seconds is None else max(0.0, float(seconds))
        self.iterations = iterations
        # the cards a hidden hand can hold: those the game's hands came from (the packs
        # switched on), else every loaded card
        self.pool = tuple(pool) if pool is not None else tuple(catalog.keys())

    # -- budget helpers -----------------------------------------------------------

    def _deadline(self, start: float, share: float) -> float | None:
        return None if self.iterations is not None else start + self.seconds * share

    def _node_limit(self, share: float) -> int | None:
        if self.iterations is None:
            return None
        return max(1000, int(self.iterations * self.level.nodes_per_iteration * share))

    def _mcts_params(self, seconds_left: float) -> MCTSParams:
        base = self.level.mcts
        if self.iterations is not None:
            return replace(base, iterations=max(1, self.iterations), seconds=None)
        return replace(base, iterations=None, seconds=max(0.02, seconds_left))

    # -- entry --------------------------------------------------------------------

    def decide(self, parts: Position, seat: int, revealed: Iterable[tuple[str, int]] = (),
               start: float | None = None) -> Decision:
        """``start`` is when the move's clock started (default: now)."""
        start = time.perf_counter() if start is None else start
        if parts.end is not None or parts.move != seat:
            raise ValueError(f"seat {seat} is not to move in this position")
        view = observe(parts, seat, self.pool, revealed)
        worlds = Worlds(view, self.catalog)
        g0 = worlds.template
        if g0.over:
            raise ValueError("the game is over")
        moves = g0.moves()
        if len(moves) == 1:
            return Decision(g0.action(moves[0]), None, "only")
        if self.level.name == "easy":
            return Decision(g0.action(easy_choice(g0.copy(), self.rng)), None, "easy")
        # Chaos: the win/draw/loss searches below would read later draws as free choices;
        # under Chaos the end is searched for its expected margin over the draws (exact.py)
        # and the rest is MCTS, which samples the draws it cannot know
        if g0.chaos_rule and g0.n == 2 and view.complete and g0.empty <= self.level.exact_empty - 3:
            d = self._expected(worlds, moves, start)
            if d is not None:
                return d
        if g0.chaos_rule and g0.n == 2 and not view.complete and g0.empty <= self.level.pimc_empty - 3:
            d = self._expected_worlds(worlds, moves, start)
            if d is not None:
                return d
        two = g0.n == 2 and not g0.chaos_rule
        if two and view.complete and g0.empty <= self.level.exact_empty:
            return self._exact(worlds, moves, start)
        if two and not view.complete and g0.empty <= self._pimc_empty(g0):
            d = self._pimc(worlds, moves, start)
            if d is not None:
                return d
        return self._mcts(worlds, moves, start, None, "mcts")

    def _pimc_empty(self, g0: Core) -> int:
        """From how many empty cells on hidden hands are solved as sampled worlds.

        With Same or Plus a world's exact answer hangs on exactly which cards the other
        seat holds, so worlds solved early credit moves with dodges only a player who saw
        the cards could make; the Monte Carlo search keeps them until the end is near
        (3x3 hidden, Same + Plus + Combo, Hard v Normal over 60 games: 22-38 with worlds
        from seven empty cells, 29-31 from four).
        """
        if g0.rules.same or g0.rules.plus:
            return min(self.level.pimc_empty, SAME_PLUS_PIMC_EMPTY)
        return self.level.pimc_empty

    # -- exact play ---------------------------------------------------------------

    def _expected(self, worlds: Worlds, moves: list, start: float) -> Decision | None:
        """Chaos near the end: the move with the best expected margin over the draws still to
        come (None when the budget runs out first)."""
        from jayden_jazz.ai.cards.exact import Margins, OutOfTime as MarginsOutOfTime
        g0 = worlds.template
        m = Margins(g0, deadline=self._deadline(start, self.level.exact_share),
                    node_limit=self._node_limit(self.level.exact_share))
        try:
            values = {i: m.reached(mv) for i, mv in enumerate(m.st.moves())}
        except MarginsOutOfTime:
            return None
        mine = m.st.moves()
        best = max(values.values())
        tied = [mine[i] for i, v in values.items() if v == best]
        pick = max(tied, key=lambda mv: (score(g0, mv), -tied.index(mv)))
        keys = {move_key(g0, mv): mv for mv in moves}
        return Decision(g0.action(keys[move_key(m.st, pick)]), None, "expected",
                        {"nodes": m.total_nodes, "expected_score": round(best, 3)})

    def _expected_worlds(self, worlds: Worlds, moves: list, start: float) -> Decision | None:
        """Chaos with hidden hands near the end: the expected margin of each move over sampled
        hands and the draws still to come, averaged (None when not even three worlds fit)."""
        from jayden_jazz.ai.cards.exact import Margins, OutOfTime as MarginsOutOfTime
        g0 = worlds.template
        totals = {move_key(g0, m): 0.0 for m in moves}
        want = PIMC_MAX_WORLDS if self.iterations is None else max(4, self.iterations // 100)
        deadline = self._deadline(start, 0.9)
        count = 0
        while count < want:
            if deadline is not None and count and time.perf_counter() >= deadline:
                break
            m = Margins(worlds.world(self.rng), deadline=deadline, node_limit=PIMC_WORLD_NODES)
            try:
                values = [(move_key(m.st, mv), m.reached(mv)) for mv in m.st.moves()]
            except MarginsOutOfTime:
                break
            for k, v in values:
                totals[k] += v          # own moves: the same keys in every world
            count += 1
        if count < 3:
            return None
        pick, top = _best_total(g0, moves, totals)
        return Decision(g0.action(pick), None, "expected", {"worlds": count,
                                                            "expected_score": round(top / count, 3)})

    @staticmethod
    def _opening(g0: Core) -> bool:
        """Whether the field holds at most ``OPENING_CARDS`` cards: a seat's first card, or
        the first mover's second. On 3x3 a proof from there often needs more than the
        time on one core (Same + Plus + Combo deal 17 of ``tools/perfect_match.py`` after
        two cards: 5.2 s, one reply of the winning card holding nearly all of it)."""
        return len(g0.play_cells) - g0.empty <= OPENING_CARDS

    def _exact_share(self, g0: Core) -> float:
        """The share of the move's time the exact search may use. In the opening the
        alternative is the Monte Carlo search on a nearly empty field, which cannot tell a
        won deal's winning card from the others, so the proof gets nearly all the time."""
        if self._opening(g0):
            return max(self.level.exact_share, OPENING_SHARE)
        return self.level.exact_share

    def _split_proof(self, g0: Core) -> bool:
        """Whether the proof shares its root moves with a second process (split.py): in the
        opening, where the proof rarely fits the time on one core, when the machine has a
        second core, and on the clock only (a node budget stays one reproducible search). Not
        with the compiled search ready (jit/): it proves the first card on one core in a
        tenth of the time, and faster than split (``bench_cards_solver.py --wdl-sets 20
        --compiled``: Same + Plus + Combo 0.13 s mean, 0.33 s worst, against 0.61 and 1.02
        split), which leaves the second core to the game's window."""
        if jit.ready():
            from jayden_jazz.ai.cards.jit.search import fits
            if fits(g0):
                return False
        return CAN_SPLIT and self.iterations is None and (os.cpu_count() or 1) >= 2 and self._opening(g0)

    def _exact(self, worlds: Worlds, moves: list, start: float) -> Decision:
        """The exact search's decision. On the clock its solver goes on from the one of this
        process's last move when that move and one reply lead here (:mod:`.carry`: the
        table of a first card's proof holds the answer to every reply), and is kept for
        the next move."""
        share = self._exact_share(worlds.template)
        solver = carry.resume(worlds.template, self.catalog) if self.iterations is None else None
        if solver is None:
            solver = Solver(worlds.template.copy(), compiled=self.iterations is None)
            g0, own = worlds.template, moves
        else:
            g0 = solver.st.copy()          # in the kept solver's own piece numbering
            own = g0.moves()
        solver.deadline = self._deadline(start, share)
        solver.node_limit = self._node_limit(share)
        d = self._exact_with(solver, g0, own, worlds, moves, start)
        if self.iterations is None:
            carry.keep(solver, d.action, self.catalog)
        return d

    def _exact_with(self, solver: Solver, g0: Core, moves: list, worlds: Worlds, wmoves: list,
                    start: float) -> Decision:
        """The exact search's decision with ``solver`` at ``g0`` (``moves`` are g0's; ``worlds``
        may number the pieces otherwise, ``wmoves`` are its template's: the Monte Carlo search
        takes moves by their keys)."""
        split = self._split_proof(g0)
        res: RootResult | None = None
        if unreset.applies(solver):
            # a reset still to come: first the proof that leaves it out (unreset.py)
            first = unreset.prove(solver, split)
            win = first.winning_move()
            if win is not None:
                return Decision(g0.action(win), WIN, "solved",
                                {"nodes": first.nodes, "complete": first.complete, "without_reset": True})
            if not first.complete:
                res = first             # out of time: what it proved guides the choice below
        if res is None:
            res = solve_root_split(solver, partial=True) if split else \
                solver.solve_root(all_best=False, partial=True)
        detail: dict[str, Any] = {"nodes": res.nodes, "complete": res.complete}
        win = res.winning_move()
        if win is not None:
            return Decision(g0.action(win), WIN, "solved", detail)
        if res.complete:
            if res.value == DRAW:
                try:
                    keep = solver.tied_with_best(res, moves=None)
                except OutOfTime:
                    keep = res.best
            else:
                keep = list(moves)
            if len(keep) == 1:
                return Decision(g0.action(keep[0]), res.value, "solved", detail)
            # perfect play cannot choose among these: prefer the move that leaves the
            # opponent the most ways to go wrong (then the one-move score)
            solver.deadline = self._deadline(start, 0.9)
            solver.node_limit = self._node_limit(0.9 + self.level.exact_share)
            try:
                chances = solver.swindles(keep, res.value)
            except OutOfTime:
                chances = solver.swindle_partial
            if len(chances) * 2 >= len(keep):
                pick = max(chances, key=lambda m: (chances[m], score(g0, m), -keep.index(m)))
                detail["swindle"] = round(chances[pick], 3)
                if g0.empty <= CHANCE_EMPTY:
                    # near the end, look past the next reply: every later chance to go wrong
                    order = sorted(keep, key=lambda m: -chances.get(m, 0.0))
                    try:
                        deep = solver.chances(order)
                    except OutOfTime:
                        deep = solver.chance_partial
                    if deep:
                        pick = max(deep, key=lambda m: (deep[m], chances.get(m, 0.0), -order.index(m)))
                        detail["chance"] = round(deep[pick], 3)
                return Decision(g0.action(pick), res.value, "solved", detail)
            allowed = {move_key(g0, m) for m in keep}
            d = self._mcts(worlds, wmoves, start, allowed, "solved", 0.5)
            d.value = res.value
            d.detail.update(detail)
            return d
        likely = _likely(res)
        if likely is not None:
            detail["held"] = "%d of %d" % res.held[likely]
            return Decision(g0.action(likely), None, "likely", detail)
        d = self._mcts(worlds, wmoves, start, unsettled(g0, res, moves), "mcts", 1.0)
        d.detail.update(detail)
        return d

    def _pimc(self, worlds: Worlds, moves: list, start: float) -> Decision | None:
        """Solve sampled worlds exactly and vote; None when not even a few worlds fit.

        Each world credits the moves that are best in it with its value and the others
        with one less; in a world lost whatever we do, a move also earns up to half a
        point for the share of the opponent's replies that would let us off. Only the
        leading moves (by votes so far, then by the one-move score) are tested for a tie
        with the best; any other move still wins votes when it is the first best move
        found. That keeps a world to a few null-window tests.
        """
        g0 = worlds.template
        totals: dict[tuple, float] = {move_key(g0, m): 0.0 for m in moves}
        prior = {move_key(g0, m): score(g0, m) for m in moves}
        count = 0
        want = PIMC_MAX_WORLDS if self.iterations is None else max(4, self.iterations // 100)
        deadline = self._deadline(start, 0.9)
        skipped = 0
        give_up = self._deadline(start, PIMC_TRIAL)
        while count < want and skipped < want:
            if deadline is not None and (count or skipped) and time.perf_counter() >= deadline:
                break
            if count < 3 and (skipped >= 3 or (give_up is not None and time.perf_counter() >= give_up)):
                break           # the worlds are too big to solve now: leave the time to MCTS
            w = worlds.world(self.rng)
            # one world may not eat the move: a reset still to come makes a whole new game
            solver = Solver(w, deadline=give_up if count < 3 and give_up is not None else deadline,
                            node_limit=PIMC_WORLD_NODES, compiled=self.iterations is None)
            leaders = set(sorted(totals, key=lambda k: (-totals[k], -prior[k]))[:PIMC_LEADERS])
            only = {m for m in solver.root_moves() if move_key(w, m) in leaders}
            res = solver.solve_root(all_best=True, partial=True, only=only)
            if not res.complete:
                skipped += 1
                continue
            best = {move_key(w, m) for m in res.best}
            chances: dict[tuple, float] = {}
            if res.value == LOSS:
                # lost whatever we do in this world: credit the leaders by the share of the
                # opponent's replies that would throw the win away (up to half a point)
                try:
                    found = solver.swindles([m for m in res.best if m in only], LOSS)
                except OutOfTime:
                    found = solver.swindle_partial
                chances = {move_key(w, m): 0.5 * v for m, v in found.items()}
            for k in totals:
                totals[k] += (res.value + chances.get(k, 0.0)) if k in best else res.value - 1
            count += 1
        if count < 3:
            return None
        pick, top = _best_total(g0, moves, totals)
        return Decision(g0.action(pick), None, "pimc", {"worlds": count, "skipped": skipped,
                                                        "score": top / count})

    # -- search under uncertainty ---------------------------------------------------

    def _mcts(self, worlds: Worlds, moves: list, start: float, allowed: set | None, method: str,
              share: float = 1.0) -> Decision:
        """MCTS with what is left of the time; ``share`` < 1 caps it (after a proof, when only
        the choice among equal moves is left) at that share of the move's time."""
        g0 = worlds.template
        left = self.seconds - (time.perf_counter() - start)
        if share < 1.0:
            left = min(left, self.seconds * share)
        params = self._mcts_params(left)
        if worlds.view.complete:
            # nothing hidden: the tree sees every reply for what it is, so let it grow freely
            params = replace(params, guided=0.0, widen=0.0)
        if self.iterations is not None and share < 1.0:
            params.iterations = max(1, int(self.iterations * share))
        search = ISMCTS(worlds, self.rng, params, allowed=allowed)
        res = search.run()
        keys = {move_key(g0, m): m for m in moves}
        return Decision(g0.action(keys[res.best]), None, method,
                        {"iterations": res.iterations, "visits": res.stats[res.best][0],
                         "mean": round(res.stats[res.best][1], 3)})


def _likely(res: RootResult) -> tuple | None:
    """After an unfinished split proof with no win found: the root move with the largest
    share of its replies shown to lose (at least ``HELD_SHARE``; ties: more of them), or
    None. A losing card is mostly refuted at once; one still standing after most of its
    replies were shown to lose is the likeliest winner, where the Monte Carlo search on a
    nearly empty field picks almost at random (deal 17's second card: the winning card
    had 23 of its 24 replies shown to lose in a few thousand positions, the 24th held the
    proof's 300,000, and the Monte Carlo search played a losing card)."""
    best = None
    top = (HELD_SHARE, 0)
    for m, (held, replies) in res.held.items():
        if replies and (held / replies, held) > top:
            best, top = m, (held / replies, held)
    return best


def unsettled(g0: Core, res: RootResult, moves: list) -> set | None:
    """After an unfinished proof (no win found yet): the move keys still worth playing.

    Never a move proven lost while another is not. The root's first pass asks of each
    move in turn whether it wins; a move it answered "no" cannot win, while a move it
    has not reached yet may, so while that pass runs only the untried moves are kept
    (if the deal is won, its winning moves are among them).
    """
    untried = [m for m in moves if m not in res.bounds and m not in res.values]
    if untried and res.bounds:
        keep = untried
    else:
        keep = [m for m in moves if res.bounds.get(m, DRAW) > LOSS]
    return {move_key(g0, m) for m in keep} or None


def _best_total(g0: Core, moves: list, totals: Mapping[tuple, float]) -> tuple[tuple, float]:
    """The move with the best total over the sampled worlds (ties: the one-move score, then
    the first listed) and that total."""
    top = max(totals.values())
    tied = [m for m in moves if totals[move_key(g0, m)] == top]
    return max(tied, key=lambda m: (score(g0, m), -tied.index(m))), top


# ---------------------------------------------------------------------- the worker's functions


def _known(pool: list[str] | None, catalog: Mapping[str, Card]) -> list[str] | None:
    """The pool's cards this catalog has (None, meaning every card, when none or no pool)."""
    known = [c for c in pool or () if c in catalog]
    return known or None


def choose_action(position: str, seat: int, level: str, seed: int, time_budget: float | None = None,
                  pack_dirs: list[str] | None = None, iterations: int | None = None,
                  pool: list[str] | None = None) -> str:
    """The action text for ``seat`` (see the module docstring for every argument)."""
    start = time.perf_counter()          # reading the position counts against the budget too
    catalog = catalog_for(pack_dirs)
    parts, revealed = read_position(position, catalog)
    player = CardsPlayer(level, random.Random(seed), catalog, seconds=time_budget, iterations=iterations,
                         pool=_known(pool, catalog))
    decision = player.decide(parts, seat, revealed, start)
    action = decision.action
    # the engine is the law: never hand the scene an action it would refuse
    game = Game.from_position(parts.text(), catalog)
    if not game.is_legal(action):  # pragma: no cover - a mirror bug; play something legal
        legal = game.legal_actions()
        action = legal[random.Random(seed).randrange(len(legal))]
    return str(action)


def hint(position: str, seat: int, pack_dirs: list[str] | None = None, time_budget: float = 2.0,
         pool: list[str] | None = None) -> dict:
    """The Hard level's move for ``seat`` and, when proven, its value (see the module docstring)."""
    catalog = catalog_for(pack_dirs)
    parts, revealed = read_position(position, catalog)
    player = CardsPlayer("hard", random.Random(0), catalog, seconds=time_budget, pool=_known(pool, catalog))
    d = player.decide(parts, seat, revealed)
    return {"action": str(d.action), "value": VALUE_NAMES.get(d.value) if d.value is not None else None}


def hand_size_of(setup: Mapping[str, Any], rules: Rules) -> int:
    if setup.get("hand_size") is not None:
        return int(setup["hand_size"])
    rows = setup.get("rows")
    if rows:
        fld = Field(list(rows), name=str(setup.get("field", "custom")))
    else:
        from jayden_jazz.cards import get_field
        fld = get_field(str(setup.get("field", "3x3")))
    return rules.hand_size(fld.playable_count, int(setup.get("players", 2)))


def rules_of(setup: Mapping[str, Any]) -> Rules:
    if isinstance(setup.get("rules"), Mapping):
        return Rules.from_dict(dict(setup["rules"]))
    flags = {k: bool(setup[k]) for k in ("open", "pure", "sudden_death") if k in setup}
    return Rules.preset(str(setup.get("preset", "updated")), **flags)


def choose_hand(pack_dirs: list[str], setup: dict, seat: int, level: str, seed: int) -> list[str]:
    """Card ids for a computer seat's hand (see the module docstring for ``setup``).

    Cards are ranked by worth (:func:`.policy.rank_cards`: sides against the sides
    of every card available, abilities unless Pure); the level adds noise to the ranking,
    so Hard takes nearly the best cards and Easy a loose mix.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    catalog = catalog_for(pack_dirs)
    rules = rules_of(setup)
    size = hand_size_of(setup, rules)
    ids = [c for c in (setup.get("cards") or list(catalog)) if c in catalog]
    ids = sorted(set(ids))
    if len(ids) < size:
        raise ValueError(f"a hand needs {size} different cards; only {len(ids)} are available")
    rng = random.Random(seed * 4 + seat)
    noise = LEVELS[level].hand_noise
    ranked = rank_cards((catalog[c] for c in ids), rules)
    noisy = sorted(ranked, key=lambda t: -(t[0] + rng.gauss(0.0, noise)))
    return [cid for _, cid in noisy[:size]]


__all__ = ["CardsPlayer", "Decision", "LEVELS", "Level", "catalog_for", "choose_action", "choose_hand",
           "hint", "read_position"]
