"""Continue: back into the most recent unfinished game, of either game, in one key press.

Every save names its game and says whether it is finished, so the newest
unfinished one is found by reading the saves folder (autosaves and slots).
A file that cannot be read is passed over here; loading it on purpose from
a Load window says what is wrong with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jayden_jazz.saves import store
from jayden_jazz.saves.store import SaveError
from jayden_jazz.scenes.windows import MessageWindow

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView


@dataclass(frozen=True)
class Unfinished:
    path: Path
    game: str          # "jayden" or "cards"
    saved: str


def unfinished_games(folder: Path) -> list[Unfinished]:
    """Unfinished games in the saves folder, newest first (by the time written in the save, then the file's)."""
    found: list[tuple[str, float, Unfinished]] = []
    for path in sorted(Path(folder).glob("*.sav")) if Path(folder).is_dir() else []:
        try:
            body = store.read(path)
        except SaveError:
            continue
        game = body.get("game")
        if game not in ("jayden", "cards") or (body.get("result") is not None and not _untraded(folder, body)):
            continue
        try:
            _summary(str(game))(body)          # its fields fit: a damaged file is passed over
        except SaveError:
            continue
        saved = body.get("saved")
        saved = saved if isinstance(saved, str) else ""
        try:
            mtime = path.stat().st_mtime
        except OSError:
            continue
        found.append((saved, mtime, Unfinished(path, str(game), saved)))
    found.sort(key=lambda t: (t[0], t[1]), reverse=True)
    return [u for _, _, u in found]


def _untraded(folder: Path, body: dict[str, Any]) -> bool:
    """A finished Journey game whose trade was not written yet (the program was left on the trade
    screen): Continue brings it back to its end and the trade, so a lost game cannot be escaped."""
    config = body.get("config")
    journey = config.get("journey") if isinstance(config, dict) else None
    if not isinstance(journey, dict):
        return False
    from jayden_jazz.scenes.journey.run import record_of

    record = record_of(Path(folder), journey)
    return record is not None and not record.exists()


def _summary(game: str) -> Any:
    if game == "jayden":
        from jayden_jazz.saves import jayden as jsave
        return jsave.summary
    from jayden_jazz.saves import cards as csave
    return csave.summary


def latest_unfinished(folder: Path) -> Unfinished | None:
    games = unfinished_games(folder)
    return games[0] if games else None


def scene_for(app: AppView, u: Unfinished) -> Any:
    """The board or table showing the saved game; raises SaveError."""
    if u.game == "jayden":
        from jayden_jazz.saves import jayden as jsave

        game, pos = jsave.load(u.path)
        return app.scene("jayden-board", game=game, pos=pos)
    from jayden_jazz.scenes.cards.saving import load_table

    return load_table(app, u.path)


def continue_latest(app: AppView, stack: Any) -> None:
    """The title menu's Continue: the newest unfinished game, or a word on why there is none."""
    u = latest_unfinished(Path(app.dirs.saves))
    if u is None:
        app.sound.play("illegal")
        stack.push(MessageWindow(app, "Continue", "There is no unfinished game to continue: every saved "
                                                  "game is finished, or none was saved yet. A game is "
                                                  "saved after every turn, so start one from the menu."))
        return
    try:
        scene = scene_for(app, u)
    except SaveError as e:
        app.sound.play("illegal")
        stack.push(MessageWindow(app, "Save file refused", f"{e.path}\n\n{e.problem}\n\nThe file was not "
                                                           "changed."))
        return
    stack.push(scene)
    if hasattr(scene, "say"):
        scene.say(f"Continued from {u.path.name}")


__all__ = ["Unfinished", "continue_latest", "latest_unfinished", "scene_for", "unfinished_games"]
