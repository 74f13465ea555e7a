"""The engine protocol for Jayden: positions in JPN, a whole turn per ``bestmove``.

``position startpos`` is the start of the rules (``START_JPN``): Jayden has one
start, and a game begun anywhere else (a position set up in an editor, a game
taken up half-way) is sent as its JPN. ``moves`` after either form plays
actions (one per word) from there. The 200-quiet-action draw is the
``quietdraw`` option, as JPN does not say whether it is on.

The search runs :class:`~jayden_jazz.ai.jayden.player.JaydenAI` of the chosen
level in the worker (:func:`think`); the quick move (``stop``) is the same
level searching two actions deep.
"""

from __future__ import annotations

import random
from typing import Any

from jayden_jazz.ai.jayden.player import JaydenAI, choose_turn
from jayden_jazz.ai.protocol.loop import Option, ProtocolError, Search, common_options
from jayden_jazz.jayden import START_JPN, Position

#: How deep the quick move looks (a few hundredths of a second).
QUICK_DEPTH = 2


def warm() -> bool:
    """Run in the worker before the first search: the imports are done by now."""
    return True


def think(jpn: str, level: str, seed: int, quiet_draw: bool, time_budget: float | None) -> dict[str, Any]:
    """In the worker: the level's turn, with what the search saw."""
    pos = Position(jpn, quiet_draw=quiet_draw)
    ai = JaydenAI(level, random.Random(seed), time_budget=time_budget)
    turn = [str(a) for a in ai.choose_turn(pos)]
    return {"turn": turn, "depth": ai.last_depth, "nodes": ai.last_nodes, "score": ai.last_score}


def complete_turn(pos: Position, words: list[str]) -> str | None:
    """The words as the side to act's whole turn, or why they are not one."""
    work = pos.clone()
    side = work.side
    for n, word in enumerate(words):
        if work.result is not None or work.side != side:
            return f"{' '.join(words)!r} goes on after the turn ended"
        why = work.why_illegal(word)
        if why is not None:
            return f"{word}: {why}"
        work.push(word)
    if work.result is None and work.side == side:
        return f"{' '.join(words)!r} leaves the turn unfinished"
    return None


class JaydenAdapter:
    game = "jayden"

    def __init__(self, level: str = "hard", seed: int = 0, movetime: int = 0) -> None:
        self.name = "Jayden & Jazz Jayden"
        self.options = [*common_options(level, seed, movetime),
                        Option("quietdraw", "check", "true",
                               help="the 200-quiet-action draw (JPN does not carry it)")]
        self.pos: Position | None = None

    def set_option(self, name: str, value: Any, values: dict[str, Any]) -> None:
        if name == "quietdraw" and self.pos is not None:
            self.pos = Position(self.pos.jpn(), quiet_draw=bool(value))

    def set_position(self, words: list[str], values: dict[str, Any]) -> None:
        moves: list[str] = []
        if "moves" in words:
            at = words.index("moves")
            words, moves = words[:at], words[at + 1:]
        if words == ["startpos"]:
            jpn = START_JPN
        elif len(words) == 6:
            jpn = " ".join(words)
        else:
            raise ProtocolError("position needs 'startpos' or a JPN (six fields: ranks side acted "
                                f"fired quiet turn), not {len(words)} word(s)")
        try:
            pos = Position(jpn, quiet_draw=bool(values["quietdraw"]))
        except ValueError as exc:
            raise ProtocolError(f"not a position: {exc}") from None
        for n, word in enumerate(moves, 1):
            if pos.result is not None:
                raise ProtocolError(f"move {n} ({word}): the game is already over")
            why = pos.why_illegal(word)
            if why is not None:
                raise ProtocolError(f"move {n} ({word}) cannot be played: {why}")
            pos.push(word)
        self.pos = pos

    def over(self) -> str | None:
        if self.pos is None:
            return "no position yet; send position first"
        result = self.pos.result
        if result is not None:
            who = {"g": "Green won", "r": "Red won", None: "a draw"}[result.winner]
            return f"the game is over ({who}, {result.reason.replace('_', ' ')}): there is no move"
        return None

    def _jpn(self) -> str:
        assert self.pos is not None
        return self.pos.jpn()

    def warm(self, values: dict[str, Any]) -> Search:
        return Search(f"{__name__}:warm", (), {})

    def search(self, values: dict[str, Any], seed: int, seconds: float | None) -> Search:
        return Search(f"{__name__}:think",
                      (self._jpn(), values["level"], seed, bool(values["quietdraw"]), seconds), {})

    def answer(self, value: Any) -> tuple[list[str], str | None]:
        assert self.pos is not None
        turn = list(value["turn"])
        infos = [f"depth {value['depth']} nodes {value['nodes']} score cp {value['score']}"]
        if complete_turn(self.pos, turn) is not None:
            return infos, None
        return infos, " ".join(turn)

    def quick(self, values: dict[str, Any], seed: int) -> str:
        return " ".join(choose_turn(self._jpn(), values["level"], seed, bool(values["quietdraw"]),
                                    max_depth=QUICK_DEPTH))
