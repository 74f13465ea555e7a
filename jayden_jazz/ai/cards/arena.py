"""Computer-against-computer card games, for tournaments and benchmarks.

``tools/tournament.py --game cards`` loads this module: ``PLAYERS`` and
``play_game(a, b, seed, a_first, **options)`` returning an :class:`Outcome`
(the interface of ``ai.jayden.arena``).

Players: ``engine:<command line>`` (an outside engine speaking the engine
protocol, ``docs/engine-protocol.md``: one process per game, told the packs
and the pool through its ``packs`` and ``pool`` options, given the full
position string, which it must read fairly, and ``movetime`` from
``time_budget`` when given; an engine that fails to answer or answers an
illegal action loses the game by ``engine_failed``), ``random`` (a uniformly random legal action), ``greedy`` (the
action that gains the most cards at once, abilities included; random among
ties), and the levels ``easy``, ``normal``, ``hard`` of
:mod:`jayden_jazz.ai.cards.player`, called exactly as the scene calls them
(position string in, action text out). ``oracle`` is Hard reading every
hand face up: not a fair player, but the measure of what the hidden hands
cost Hard (it loses only the games no knowledge of the cards would save).

Fair pairs: the hands are dealt to the *roles* first mover / second mover,
from ``seed`` when ``a_first`` and from ``seed - 1`` otherwise. The
tournament plays seed s with A first and s + 1 with B first, so each pair
of games gives both players the same two situations, which takes most of
the luck of the deal out of a short match.

Options (``--opt key=value``):

* ``field`` (``3x3``), ``players`` (2; with 3 or 4, seats alternate A, B,
  A, B from the first mover and a game is A's when its sole winner is an A
  seat), ``preset`` (``updated``/``draft``), ``open``, ``pure``,
  ``sudden_death`` (0/1), and the classic capture rules ``same``,
  ``same_wall``, ``plus``, ``combo``, ``reverse``, ``fallen_ace``,
  ``elemental`` (0/1; elemental cells are drawn from the game's seed), and
  the hand rules ``random``, ``order``, ``chaos``, ``hand_swap``,
  ``three_open`` (0/1; Hand Swap, Three Open and the Chaos seed are drawn
  from the game's seed; under ``random`` the hands are always dealt);
* ``hands``: ``random`` (default; seeded random hands from ``pack``) or
  ``pick`` (each level picks with ``choose_hand``; random and greedy deal
  at random);
* ``pack`` (``default``): the pack dealt from (``all`` for every shipped
  pack); the players' catalog is the shipped ``cards/`` folder either way;
* ``guess``: where the levels guess hidden cards from: ``pool`` (default; the
  cards the hands were dealt from, as the game tells its computer players)
  or ``catalog`` (every loaded card);
* ``time_budget`` (seconds per move for every level), ``budget_scale``
  (multiplies each level's own budget), ``iterations`` (a fixed amount of
  work per move instead of the clock: reproducible games);
* ``date`` (``2026-11``) and ``max_turns`` (accepted, unused: a card game
  always ends).
"""

from __future__ import annotations

import os
import random
import sys
import time
from dataclasses import replace

from jayden_jazz.cards import Action, Game, Rules, get_field, new_game
from jayden_jazz.cards.position import Position
from jayden_jazz.cards.rules import CLASSIC
from jayden_jazz.ai.cards.player import LEVELS, catalog_for, choose_action, choose_hand
from jayden_jazz.ai.cards.policy import greedy_choice
from jayden_jazz.ai.protocol.client import EngineClient, EngineError, engine_command
from jayden_jazz.cards.core import Core
from jayden_jazz.ai.stats import Outcome

PLAYERS = ("random", "greedy", "easy", "normal", "hard", "oracle")


def shipped_cards_dirs() -> list[str]:
    from jayden_jazz.paths import shipped_dir
    return [str(shipped_dir("cards"))]


def _flag(v: object) -> bool:
    if isinstance(v, str):
        return v.lower() in ("1", "true", "yes", "on")
    return bool(v)


def make_rules(preset: str = "updated", open: object = False, pure: object = False,
               sudden_death: object = False, **classic: object) -> Rules:
    """The rules of a match; ``classic`` switches classic rules on (``same=1, plus=1``)."""
    unknown = sorted(set(classic) - set(CLASSIC))
    if unknown:
        raise ValueError(f"unknown option {unknown[0]!r}; classic rules: {', '.join(CLASSIC)}")
    return Rules.preset(str(preset), open=_flag(open), pure=_flag(pure), sudden_death=_flag(sudden_death),
                        **{k: _flag(v) for k, v in classic.items()}).check()


def play_game(a: str, b: str, seed: int, a_first: bool, *, field: str = "3x3", players: int = 2,
              preset: str = "updated", open: object = False, pure: object = False,
              sudden_death: object = False, hands: str = "random", pack: str = "default",
              time_budget: float | None = None, budget_scale: float = 1.0, iterations: int | None = None,
              date: str = "2026-11", max_turns: int | None = None, pack_dirs: list[str] | None = None,
              guess: str = "pool", **classic: object) -> Outcome:
    """Play one game of ``a`` against ``b`` (see the module docstring for the options)."""
    for name in (a, b):
        if name not in PLAYERS and engine_command(name) is None:
            raise ValueError(f"unknown player {name!r}; choose from {', '.join(PLAYERS)}")
    if str(guess) not in ("pool", "catalog"):
        raise ValueError(f"guess must be pool or catalog, not {guess!r}")
    dirs = pack_dirs or shipped_cards_dirs()
    catalog = catalog_for(dirs)
    fld = get_field(str(field))
    rules = make_rules(preset, open, pure, sudden_death, **classic)
    n = int(players)
    year, month = (int(x) for x in str(date).split("-"))
    # seat k is the k-th mover; roles alternate between the players from the first mover
    first, second = ("a", "b") if a_first else ("b", "a")
    owner = tuple(first if k % 2 == 0 else second for k in range(n))
    deal_rng = random.Random(seed if a_first else seed - 1)
    pool = sorted(cid for cid in catalog if pack == "all" or cid.split("/", 1)[0] == pack)
    size = rules.hand_size(fld.playable_count, n)
    dealt = [tuple(deal_rng.sample(pool, size)) for _ in range(n)]
    names = {"a": a, "b": b}
    if str(hands) == "pick" and not rules.random:
        setup = {"field": fld.name, "rows": list(fld.rows), "players": n, "rules": rules.to_dict(),
                 "hand_size": size, "cards": pool, "date": str(date)}
        for k in range(n):
            who = names[owner[k]]
            if who in LEVELS:
                dealt[k] = tuple(choose_hand(dirs, setup, k, who, seed * 7 + k))
    game = new_game(catalog, fld, dealt, rules, first_seat=0, date=(year, month), rng=deal_rng)
    rng = random.Random(seed * 1_000_003 + (0 if a_first else 1))
    think = {"a": 0.0, "b": 0.0}
    count = {"a": 0, "b": 0}
    worst = {"a": 0.0, "b": 0.0}
    engines: dict[str, EngineClient] = {}
    try:
        for who, name in names.items():
            command = engine_command(name)
            if command is not None:
                engines[who] = _start_engine(command, rng.getrandbits(31), dirs, pack, str(guess))
        while not game.is_over():
            seat = game.to_move
            who = owner[seat]
            name = names[who]
            t0 = time.perf_counter()
            if who in engines:
                try:
                    action = _ask_engine(engines[who], game, time_budget, budget_scale)
                except EngineError as exc:
                    print(f"{name} loses game seed {seed}: {exc}", file=sys.stderr)
                    return Outcome("b" if who == "a" else "a", ENGINE_FAILED, game.ply, think, count,
                                   dict(count), tuple(str(x) for x in game.history), (), owner,
                                   record=game.record().to_yaml(game), worst_seconds=worst)
            else:
                action = _decide(game, seat, name, rng, dirs, catalog, time_budget, budget_scale, iterations,
                                 pool if str(guess) == "pool" else None)
            spent = time.perf_counter() - t0
            think[who] += spent
            worst[who] = max(worst[who], spent)
            count[who] += 1
            game.push(action)        # the engine checks it: an illegal choice raises here
    finally:
        for client in engines.values():
            client.close()
    result = game.result()
    assert result is not None
    winner = None
    if len(result.winners) == 1:
        winner = owner[result.winners[0]]
    return Outcome(winner, result.decided_by, game.ply, think, count, dict(count),
                   tuple(str(x) for x in game.history), tuple(result.scores), owner,
                   record=game.record().to_yaml(game), worst_seconds=worst)


ENGINE_FAILED = "engine_failed"


def _start_engine(command: str, seed: int, dirs: list[str], pack: str, guess: str) -> EngineClient:
    client = EngineClient(command, "cards")
    client.set_option("seed", seed)
    client.set_option("packs", os.pathsep.join(dirs))
    client.set_option("pool", pack if guess == "pool" and pack != "all" else "")
    client.ready()
    return client


def _ask_engine(client: EngineClient, game: Game, time_budget: float | None, budget_scale: float) -> Action:
    movetime = None if time_budget is None else max(1, round(float(time_budget) * budget_scale * 1000))
    move, _info = client.best(game.position(), movetime)
    try:
        action = Action.parse(move)
    except ValueError as exc:
        raise EngineError(f"{client.command!r} answered {move!r}, not an action: {exc}") from None
    if not game.is_legal(action):
        raise EngineError(f"{client.command!r} answered {move!r}, not legal here")
    return action


def _decide(game: Game, seat: int, name: str, rng: random.Random, dirs: list[str], catalog,
            time_budget: float | None, budget_scale: float, iterations: int | None,
            pool: list[str] | None) -> Action:
    if name == "random":
        legal = game.legal_actions()
        return legal[rng.randrange(len(legal))]
    if name == "greedy":
        st = Core.from_position(game.position(), catalog)
        return st.action(greedy_choice(st, rng))
    level = "hard" if name == "oracle" else name
    budget = LEVELS[level].seconds if time_budget is None else float(time_budget)
    position = game.position()
    if name == "oracle":
        # every hand read face up (Open changes what is seen, nothing else): what Hard would
        # do knowing everything -- a bound on what hidden hands cost, not a fair player
        parts = Position.parse(position)
        position = replace(parts, rules=replace(parts.rules, open=True)).text()
    text = choose_action(position, seat, level, rng.getrandbits(31), budget * budget_scale, dirs,
                         iterations=iterations, pool=pool)
    return Action.parse(text)


__all__ = ["Outcome", "PLAYERS", "play_game"]
