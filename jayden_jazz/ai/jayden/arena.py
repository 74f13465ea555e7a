"""Computer-against-computer Jayden games, for tournaments and benchmarks.

Players are named: ``engine:<command line>`` (an outside engine speaking the
engine protocol, ``docs/engine-protocol.md``: one process per game, asked for
each whole turn with ``movetime`` from ``time_budget`` when given; an engine
that fails to answer or answers an illegal turn loses the game by
``engine_failed``), ``random`` (a uniformly random legal action each time),
``greedy`` (the action that takes the most material, by
:data:`~jayden_jazz.ai.jayden.eval.GREEDY_RANK`, Master above all; random among
ties, so a quiet action when nothing can be taken), and the three levels of
:class:`~jayden_jazz.ai.jayden.player.JaydenAI`. Everything random draws from one
seed, so a game is repeatable up to the thinking time of the levels.

The interface is shared with ``ai.cards.arena`` and used by
``tools/tournament.py``: ``PLAYERS`` and ``play_game(a, b, seed, a_first,
**options)`` returning an :class:`Outcome`.
"""

from __future__ import annotations

import random
import sys
import time
from typing import Protocol

from jayden_jazz.ai.jayden.player import LEVELS, JaydenAI, accepts_draw, wants_draw
from jayden_jazz.ai.jayden.eval import GREEDY_RANK
from jayden_jazz.ai.protocol.client import EngineClient, EngineError, engine_command
from jayden_jazz.ai.protocol.jayden import complete_turn
from jayden_jazz.ai.stats import Outcome
from jayden_jazz.jayden import MOVE, Action, Position, turn_from_text
from jayden_jazz.jayden.pieces import KIND_BY_LETTER

PLAYERS = ("random", "greedy", "easy", "normal", "hard")
MAX_TURNS = "max_turns"
ENGINE_FAILED = "engine_failed"


class Player(Protocol):
    name: str

    def turn(self, pos: Position) -> list[Action]: ...


class RandomPlayer:
    def __init__(self, rng: random.Random) -> None:
        self.name = "random"
        self.rng = rng

    def pick(self, pos: Position) -> Action:
        return self.rng.choice(sorted(pos.legal_actions()))

    def turn(self, pos: Position) -> list[Action]:
        work = pos.clone()
        side = work.side
        out = []
        while work.result is None and work.side == side:
            a = self.pick(work)
            work.push(a)
            out.append(a)
        return out


class GreedyPlayer(RandomPlayer):
    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self.name = "greedy"

    def pick(self, pos: Position) -> Action:
        best, top = [], -1
        for a in sorted(pos.legal_actions()):
            gain = 0
            victim = pos.piece_at(a.dst)
            if a.kind != MOVE and victim is not None:
                gain = GREEDY_RANK[KIND_BY_LETTER[victim[0]]]
            if gain > top:
                best, top = [a], gain
            elif gain == top:
                best.append(a)
        return self.rng.choice(best)


class AIPlayer:
    def __init__(self, level: str, rng: random.Random, time_budget: float | None) -> None:
        self.name = level
        self.ai = JaydenAI(level, rng, time_budget=time_budget)

    def turn(self, pos: Position) -> list[Action]:
        return self.ai.choose_turn(pos)


class EnginePlayer:
    """An outside engine, one process for the game; :meth:`close` ends it."""

    def __init__(self, command: str, rng: random.Random, time_budget: float | None) -> None:
        self.name = f"engine:{command}"
        self.client = EngineClient(command, "jayden")
        self.client.set_option("seed", rng.getrandbits(31))
        self.client.set_option("quietdraw", "true")
        self.movetime = None if time_budget is None else max(1, round(time_budget * 1000))

    def turn(self, pos: Position) -> list[Action]:
        move, _info = self.client.best(pos.jpn(), self.movetime)
        why = complete_turn(pos, move.split(" "))
        if why is not None:
            raise EngineError(f"{self.client.command!r} answered an illegal turn: {why}")
        return turn_from_text(move)

    def close(self) -> None:
        self.client.close()


def make_player(name: str, rng: random.Random, time_budget: float | None = None,
                budget_scale: float = 1.0) -> Player:
    """A player by name; ``time_budget`` (seconds per turn) replaces a level's
    default, ``budget_scale`` multiplies it."""
    command = engine_command(name)
    if command is not None:
        return EnginePlayer(command, rng, None if time_budget is None else time_budget * budget_scale)
    if name == "random":
        return RandomPlayer(rng)
    if name == "greedy":
        return GreedyPlayer(rng)
    if name in LEVELS:
        budget = LEVELS[name].time_budget if time_budget is None else time_budget
        return AIPlayer(name, rng, budget * budget_scale)
    raise ValueError(f"unknown player {name!r}; choose from {', '.join(PLAYERS)}")


def play_game(a: str, b: str, seed: int, a_is_green: bool, max_turns: int = 300,
              time_budget: float | None = None, budget_scale: float = 1.0,
              draw_offers: bool = True) -> Outcome:
    """Plays one game of ``a`` against ``b`` from the start position.

    The 200-quiet-action draw is on, as in a real game; reaching turn
    ``max_turns + 1`` is a draw with reason ``"max_turns"``; an outside engine
    that fails loses by ``"engine_failed"`` (the reason goes to stderr). With
    ``draw_offers`` a level offers a draw in a dead position at the start of
    its turn and the other side answers (random and greedy never agree).
    """
    rng = random.Random(seed)
    names = {"a": a, "b": b}
    seeds = {k: rng.getrandbits(64) for k in names}
    players: dict[str, Player] = {}
    by_side = {"g": "a" if a_is_green else "b", "r": "b" if a_is_green else "a"}
    think = {"a": 0.0, "b": 0.0}
    actions = {"a": 0, "b": 0}
    decisions = {"a": 0, "b": 0}
    pos = Position(quiet_draw=True)
    failed: str | None = None
    try:
        for k, n in names.items():
            players[k] = make_player(n, random.Random(seeds[k]), time_budget, budget_scale)
        while pos.result is None and pos.turn <= max_turns:
            who = by_side[pos.side]
            other = "b" if who == "a" else "a"
            if draw_offers and names[who] in LEVELS and pos.acted is None:
                jpn = pos.jpn()
                if wants_draw(jpn, names[who]) and names[other] in LEVELS and accepts_draw(jpn, names[other]):
                    pos.agree_draw()
                    break
            t0 = time.perf_counter()
            try:
                turn = players[who].turn(pos)
            except EngineError as exc:
                print(f"{names[who]} loses game seed {seed}: {exc}", file=sys.stderr)
                failed = who
                break
            think[who] += time.perf_counter() - t0
            decisions[who] += 1
            side = pos.side
            for act in turn:
                pos.push(act)  # validates: an illegal choice raises here
                actions[who] += 1
            if pos.result is None and pos.side == side:
                raise RuntimeError(f"{names[who]} returned an incomplete turn {[str(x) for x in turn]}")
    finally:
        for player in players.values():
            if isinstance(player, EnginePlayer):
                player.close()
    if failed is not None:
        return Outcome("b" if failed == "a" else "a", ENGINE_FAILED, pos.turn, think, actions, decisions,
                       tuple(str(x) for x in pos.history))
    result = pos.result
    if result is None:
        winner, reason = None, MAX_TURNS
    else:
        winner = None if result.winner is None else by_side[result.winner]
        reason = result.reason
    return Outcome(winner, reason, pos.turn, think, actions, decisions,
                   tuple(str(x) for x in pos.history))
