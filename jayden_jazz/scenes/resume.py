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

from jayden_jazz.saves import journey_game, store
from jayden_jazz.saves.store import SaveError
from jayden_jazz.scenes.windows import MessageWindow

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.scene import SceneStack
    from jayden_jazz.shell.appview import AppView


@dataclass(frozen=True)
class Unfinished:
    path: Path
    game: str          # "jayden" or "cards"
    saved: str
    trade_pending: bool = False   # a finished Journey game whose trade is not written yet


_Stamp = tuple[int, int, int]
#: path -> (size, modification time, inode) when last looked at, and what was learned
_heads: dict[Path, tuple[_Stamp, "store.Head | None"]] = {}
_checked: dict[Path, tuple[_Stamp, "Unfinished | None"]] = {}


def _stamp(path: Path) -> tuple[_Stamp, float] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_size, st.st_mtime_ns, st.st_ino), st.st_mtime


def _candidates(folder: Path) -> list[tuple[str, float, Path, _Stamp]]:
    """Saves that may hold an unfinished game, newest first, from their first bytes only.

    A save written by the game starts with its game and the time it was
    saved (``store.peek``); a file that does not is passed over here (a
    Load window still reads it, and says what is wrong with it).
    """
    folder = Path(folder)
    paths = sorted(folder.glob("*.sav")) if folder.is_dir() else []
    paths += [p for p in journey_game.game_paths(folder) if p.is_file()]    # each profile's Journey game
    found: list[tuple[str, float, Path, _Stamp]] = []
    for path in paths:
        st = _stamp(path)
        if st is None:
            continue
        stamp, mtime = st
        known = _heads.get(path)
        if known is None or known[0] != stamp:
            known = (stamp, store.peek(path))
            _heads[path] = known
        head = known[1]
        if head is not None and head.game in ("jayden", "cards"):
            found.append((head.saved or "", mtime, path, stamp))
    for cache in (_heads, _checked):
        for gone in [p for p in cache if p.parent in (folder, folder / "journey") and p not in paths]:
            del cache[gone]
    found.sort(key=lambda t: (t[0], t[1]), reverse=True)
    return found


def _check(path: Path, stamp: _Stamp) -> Unfinished | None:
    """The file read whole and checked, once per version of it."""
    known = _checked.get(path)
    if known is None or known[0] != stamp or (known[1] is not None and known[1].trade_pending):
        known = (stamp, _unfinished(path))
        _checked[path] = known      # a pending trade is asked again: it ends without the save changing
    return known[1]


def unfinished_games(folder: Path) -> list[Unfinished]:
    """Unfinished games in the saves folder, newest first (by the time written in the save, then the file's)."""
    return [u for _, _, path, stamp in _candidates(folder) if (u := _check(path, stamp)) is not None]


def latest_unfinished(folder: Path) -> Unfinished | None:
    """The newest unfinished game; the title asks each time it is shown.

    Saves are ordered by the start of each file; only the newest ones are
    read whole and checked, until one holds an unfinished game, and each
    version of a file is read whole at most once (it is remembered by its
    size, modification time and inode).
    """
    for _, _, path, stamp in _candidates(folder):
        u = _check(path, stamp)
        if u is not None:
            return u
    return None


def _unfinished(path: Path) -> Unfinished | None:
    """The unfinished game a save holds, or None (another kind of file, a finished or damaged game)."""
    try:
        body = store.read(path)
    except SaveError:
        return None
    game = body.get("game")
    if game not in ("jayden", "cards") or (body.get("result") is not None and not _untraded(_saves_of(path), body)):
        return None
    if _settled(_saves_of(path), body):
        return None                        # an abandoned Journey game already traded: nothing to go back to
    try:
        _summary(str(game))(body)          # its fields fit: a damaged file is passed over
    except SaveError:
        return None
    saved = body.get("saved")
    return Unfinished(path, str(game), saved if isinstance(saved, str) else "", body.get("result") is not None)


def _saves_of(path: Path) -> Path:
    """The saves folder of a save: its own folder, or the one above for a profile's Journey game."""
    return path.parent.parent if path in journey_game.game_paths(path.parent.parent) else path.parent


def _settled(folder: Path, body: dict[str, Any]) -> bool:
    """A Journey game whose record exists: its trade is in the profile (abandoned, or stopped before
    its autosave was removed)."""
    journey = journey_game.journey_of(body)
    record = journey_game.record_of(Path(folder), journey) if journey is not None else None
    return record is not None and record.exists()


def _untraded(folder: Path, body: dict[str, Any]) -> bool:
    """A finished Journey game whose trade was not written yet (the program was left on the trade
    screen): Continue brings it back to its end and the trade, so a lost game cannot be escaped."""
    journey = journey_game.journey_of(body)
    if journey is None:
        return False
    record = journey_game.record_of(Path(folder), journey)
    return record is not None and not record.exists()


def _summary(game: str) -> Any:
    if game == "jayden":
        from jayden_jazz.saves import jayden as jsave
        return jsave.summary
    from jayden_jazz.saves import cards as csave
    return csave.summary


def scene_for(app: AppView, u: Unfinished) -> Any:
    """The board or table showing the saved game; raises SaveError."""
    if u.game == "jayden":
        from jayden_jazz.saves import jayden as jsave

        game, pos = jsave.load(u.path)
        return app.scene("jayden-board", game=game, pos=pos)
    from jayden_jazz.scenes.cards.saving import load_table

    return load_table(app, u.path)


def continue_latest(app: AppView, stack: SceneStack) -> None:
    """The title menu's Continue: the newest unfinished game, or a word on why there is none."""
    u = latest_to_continue(Path(app.dirs.saves))
    if u is None:
        app.sound.play("illegal")
        stack.push(MessageWindow(app, "Continue", "There is no unfinished game to continue: every saved "
                                                  "game is finished, or none was saved yet. A game is "
                                                  "saved after every turn, so start one from the menu."))
        return
    if u.game == "online":
        stack.push(app.scene("online-continue", path=u.path))
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


def latest_to_continue(folder: Path) -> Unfinished | None:
    """What Continue opens: the newest unfinished save, or the online game kept in ``online.yaml``
    (game ``"online"``) when that is newer."""
    from jayden_jazz.online.session import SESSION_FILE, load_session

    u = latest_unfinished(folder)
    path = Path(folder) / SESSION_FILE
    kept = load_session(path) if path.is_file() else None
    if kept is None or (u is not None and u.saved > kept["saved"]):
        return u
    return Unfinished(path, "online", kept["saved"])


__all__ = ["Unfinished", "continue_latest", "latest_to_continue", "latest_unfinished", "scene_for", "unfinished_games"]
