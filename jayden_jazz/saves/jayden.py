"""Jayden games as save bodies, and back, checked against the engine.

Loading replays the saved action list from the saved start position and
checks it reaches the saved position, so a save can never put the board in
a state the rules could not produce.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from jayden_jazz.jayden import REASONS, Position, Result
from jayden_jazz.saves import store
from jayden_jazz.saves.schema import Bool, Int, ListOf, Moment, Optional, Record, Text
from jayden_jazz.saves.store import SaveError

SLOTS = 5
GAME = "jayden"
LEVELS = ("easy", "normal", "hard")
MAX_ACTIONS = 20_000       # far beyond any real game (the quiet-draw rule ends one at 200 quiet actions)
MAX_CLOCK_TICKS = 60 * 60 * 60 * 24 * 7     # a week of time left, in 1/60 s: more than any clock can gain

PLAYER = Record({"kind": Text(("human", "computer")), "level": Text(LEVELS)}, required=("kind",))
#: What a Jayden save body may hold; checked before anything else reads it.
BODY = Record({
    "game": Text(max_len=40),
    "saved": Optional(Moment(max_len=40)),
    "players": Record({"g": PLAYER, "r": PLAYER}, required=("g", "r")),
    "mode": Text(("enhanced", "original")),
    "quiet_draw": Bool(),
    "start": Text(max_len=400),
    "position": Text(max_len=400),
    "turn": Int(0, 10 * MAX_ACTIONS),
    "result": Optional(Record({"winner": Optional(Text(("g", "r"))), "reason": Text(REASONS)},
                              required=("winner", "reason"))),
    "actions": Optional(ListOf(Text(max_len=40), MAX_ACTIONS)),
    # A timed game's clock (absent in untimed games and in saves from before the clock was kept):
    # the minutes and increment chosen, each side's time left in 1/60 s, and the turn being timed.
    "clock": Optional(Record({
        "minutes": Int(1, 24 * 60), "increment": Int(0, 3600),
        "left": Record({"g": Int(0, MAX_CLOCK_TICKS), "r": Int(0, MAX_CLOCK_TICKS)}, required=("g", "r")),
        "timing": Optional(Record({"side": Text(("g", "r")), "turn": Int(1, 10 * MAX_ACTIONS)},
                                  required=("side", "turn"))),
    }, required=("minutes", "increment", "left"))),
}, required=("game", "players", "start", "position"))


@dataclass
class JaydenGame:
    """What a save holds: the start, the actions, who plays, the settings."""

    start: str
    actions: list[str]
    players: dict[str, dict[str, Any]]          # 'g'/'r' -> {"kind": "human"} / {"kind": "computer", "level": "normal"}
    enhanced: bool = True
    quiet_draw: bool = True
    result: dict[str, Any] | None = None       # agreed draws are not in the action list
    clock: dict[str, Any] | None = None        # a timed game's clock as the save keeps it (Clock.saved)
    saved: str = field(default_factory=lambda: datetime.now().isoformat(timespec="seconds"))

    def position(self) -> Position:
        pos = Position(self.start, quiet_draw=self.quiet_draw)
        for a in self.actions:
            pos.push(a)
        _apply_result(pos, self.result)
        return pos


def _apply_result(pos: Position, res: dict[str, Any] | None) -> None:
    """Results that are not actions (a draw agreement, a resignation) are put back."""
    if not res or pos.result is not None:
        return
    if res.get("reason") == "agreed_draw":
        pos.agree_draw()
    elif res.get("reason") == "resigned" and res.get("winner") in ("g", "r"):
        pos.resign("r" if res["winner"] == "g" else "g")
    elif res.get("reason") == "time_out" and res.get("winner") in ("g", "r"):
        pos.lose_on_time("r" if res["winner"] == "g" else "g")


def slot_path(folder: Path, slot: int | str) -> Path:
    return folder / (f"jayden-{slot}.sav" if isinstance(slot, str) else f"jayden-slot{slot}.sav")


def to_body(game: JaydenGame, pos: Position) -> dict[str, Any]:
    res = pos.result
    return {
        "game": GAME,
        "saved": datetime.now().isoformat(timespec="seconds"),
        "players": game.players,
        "mode": "enhanced" if game.enhanced else "original",
        "quiet_draw": game.quiet_draw,
        "start": game.start,
        "position": pos.jpn(),
        "turn": pos.turn,
        "result": None if res is None else {"winner": res.winner, "reason": res.reason},
        "actions": [str(a) for a in pos.history],
        "clock": game.clock,
    }


def save(path: Path, game: JaydenGame, pos: Position) -> None:
    store.write(path, to_body(game, pos))


def _check(body: dict[str, Any], path: Path | str) -> None:
    if body.get("game") != GAME:
        game = body.get("game")
        what = repr(game[:30]) if isinstance(game, str) else "no game named"
        raise SaveError(path, f"it is a save of another game ({what}), not Jayden")
    store.check_body(body, path, BODY)


def _start_position(start: str, quiet_draw: bool, path: Path | str) -> Position:
    try:
        pos = Position(start, quiet_draw=quiet_draw)
    except ValueError as e:
        raise SaveError(path, f"its start position is invalid: {e}") from None
    if pos.result is not None:
        raise SaveError(path, "its start position is already over (a side has no Master): "
                              "a game cannot start from it")
    return pos


def from_body(body: dict[str, Any], path: Path | str) -> tuple[JaydenGame, Position]:
    _check(body, path)
    try:
        start = str(body["start"])
        position = str(body["position"])
        actions = [str(a) for a in body.get("actions") or []]
        players = dict(body.get("players") or {})
    except (KeyError, TypeError) as e:
        raise SaveError(path, f"it lacks the field {e}") from None
    game = JaydenGame(start=start, actions=actions, players=players,
                      enhanced=body.get("mode", "enhanced") != "original",
                      quiet_draw=bool(body.get("quiet_draw", True)),
                      result=body.get("result"), saved=str(body.get("saved", "")),
                      clock=body.get("clock"))
    pos = _start_position(start, game.quiet_draw, path)
    for i, a in enumerate(actions, 1):
        try:
            pos.push(a)
        except ValueError as e:
            raise SaveError(path, f"action {i} ({a}) cannot be played: {e}") from None
    res = game.result
    _apply_result(pos, res)
    if pos.jpn() != position:
        raise SaveError(path, "its actions do not lead to the saved position")
    want = None if not res else Result(res.get("winner"), str(res.get("reason", "")))
    if want is not None and pos.result is not None and tuple(pos.result) != tuple(want):
        raise SaveError(path, "its recorded result does not match the game")
    return game, pos


def load(path: Path) -> tuple[JaydenGame, Position]:
    return from_body(store.read(path), path)


def summary(body: dict[str, Any]) -> str:
    """The slot's label; raises SaveError (shown as the slot's problem) for a body that does not fit."""
    _check(body, "<save>")
    _start_position(body["start"], bool(body.get("quiet_draw", True)), "<save>")
    p = body.get("players") or {}

    def who(side: str) -> str:
        d = p.get(side) or {}
        return "Computer" if d.get("kind") == "computer" else "Human"
    saved = str(body.get("saved", ""))[:16].replace("T", " ")
    res = body.get("result")
    state = "finished" if res else f"turn {body.get('turn', '?')}"
    return f"{saved}  {who('g')} v {who('r')}, {state}"
