"""Saving and loading from the Jayden board: the slot windows, the questions, the files.

Everything here reads and changes the game through the table's public
interface (``table.game``, ``table.pos``, ``table.load``); the board only
says what came of it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable

from jayden_jazz.saves import jayden as jsave
from jayden_jazz.saves.store import SaveError
from jayden_jazz.scenes.jayden import menus
from jayden_jazz.scenes.windows import MessageWindow

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.scenes.jayden.board import JaydenScene


def autosave(board: JaydenScene) -> None:
    """The last finished turn goes to the autosave slot; a failure is said, never raised."""
    try:
        jsave.save(jsave.slot_path(board.app.dirs.saves, "autosave"), board.table.game_to_save(),
                   board.table.pos)
    except OSError as e:
        board.say(f"Autosave failed: {e.strerror or e}")


def kept_words(board: JaydenScene) -> str:
    """Where the game on the board can be found again, read from the saves themselves: the autosave
    holds it only once a turn of it has finished, and a game taken up from a slot (Load, Continue)
    is in that slot until then."""
    folder = board.app.dirs.saves
    history = [str(a) for a in board.table.pos.history]
    best: tuple[int, int | str] | None = None
    for slot in ["autosave", *range(1, jsave.SLOTS + 1)]:
        path = jsave.slot_path(folder, slot)
        if not path.exists():
            continue
        try:
            game, _ = jsave.load(path)
        except (SaveError, OSError):
            continue
        same = (game.start == board.table.game.start and game.players == board.table.game.players
                and game.result is None and history[:len(game.actions)] == game.actions)
        if same and (best is None or len(game.actions) > best[0]):
            best = (len(game.actions), slot)
    if best is None:
        return "No save holds it yet: Save game first to come back to it."
    if best[1] == "autosave":
        return "The last finished turn stays in the autosave (Load game, Auto)."
    n, slot = best
    back = len(history) - n
    when = "as it is now" if back == 0 else f"as it was {back} action{'s' if back > 1 else ''} ago"
    return f"{menus.slot_name(slot)} holds it {when} (Load game)."


def ask_save(board: JaydenScene) -> None:
    board.stack.push(menus.slot_window(board.app, "Save game", board.app.dirs.saves, include_autosave=False,
                                       on_choose=lambda path: confirm_save(board, path)))


def confirm_save(board: JaydenScene, path: Path) -> None:
    """Never replace an earlier save without asking (No is the default)."""
    if not path.exists():
        save_to(board, path)
        return
    name = menus.slot_of(path)
    board.stack.push(menus.yes_no(board.app, "Overwrite?", f"{name} already holds a game. Replace it with this one?",
                                  lambda yes: save_to(board, path) if yes else None,
                                  yes=f"Yes, replace {name}", no="No, keep it"))


def save_to(board: JaydenScene, path: Path) -> None:
    try:
        jsave.save(path, board.table.game_to_save(), board.table.pos)
    except OSError as e:
        board.stack.push(MessageWindow(board.app, "Save failed",
                                       f"Could not write {menus.slot_of(path)} ({path}): {e.strerror or e}"))
        return
    board.say(f"Saved to {menus.slot_of(path)}")


def ask_load(board: JaydenScene, leave_game: Callable[[str, Callable[[], object]], None]) -> None:
    """Loading leaves the game on the board: ``leave_game`` asks first when it is under way."""
    leave_game("load another game", lambda: board.stack.push(
        menus.slot_window(board.app, "Load game", board.app.dirs.saves, include_autosave=True,
                          on_choose=lambda path: load_from(board, path))))


def load_from(board: JaydenScene, path: Path) -> None:
    """Open a save; a bad file is refused with its problem and the game on the board goes on."""
    try:
        game, pos = jsave.load(path)
    except SaveError as e:
        board.stack.push(MessageWindow(board.app, "Save file refused",
                                       f"{menus.slot_of(Path(e.path))} ({e.path})\n\n{e.problem}\n\n"
                                       "The file was not changed; the current game goes on."))
        board.app.sound.play("refusal")
        return
    board.table.load(game, pos)
    board.end_shown = False
    board.say(f"Loaded {menus.slot_of(path)}")
    board.follow()
    if pos.result is not None:
        board.show_end()
