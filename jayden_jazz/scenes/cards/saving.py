"""The card table's saves: autosave, Save and Load windows, resuming a saved table, statistics.

Kept out of the table scene so the table only calls in at a few places
(search the table for ``saving.``): after every placement, from its menu,
at the end of a game and when it is left. A save is made from the table's
controller (its game and its open ability choice) and given back to a new
table through ``restore``; nothing here reaches into the scene's own state. Everything about
files lives in :mod:`jayden_jazz.saves.cards`; this module turns a table
into a save and a save back into a table.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from jayden_jazz import statistics
from jayden_jazz.cards import Game
from jayden_jazz.cards.rules import PRESETS
from jayden_jazz.saves import cards as csave
from jayden_jazz.saves import store
from jayden_jazz.saves.store import SaveError
from jayden_jazz.scenes.cards.config import Match, MatchConfig
from jayden_jazz.scenes.cardkit.library import Library, load_library
from jayden_jazz.scenes.windows import ChoiceWindow, MessageWindow
from jayden_jazz.shell.widgets import MenuItem

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView


# ---------------------------------------------------------------------- table -> save

def pending_of(table: Any) -> csave.Pending | None:
    """The unfinished ability choice on the table, if one is open."""
    return table.controller.open_choice()


def info_of(table: Any) -> csave.CardsSave:
    m = table.match
    return csave.CardsSave(seats=[dict(m.seat(s)) for s in range(table.game.players)],
                           config=m.config.to_settings(), seed=m.seed,
                           pending=pending_of(table))


def save_dir(app: AppView) -> Path:
    return Path(app.dirs.saves)


def autosave(table: Any) -> None:
    """After every placement (and when the table is left): the autosave slot holds the game as it is.
    A table loaded from a save keeps the game it replaced there until a card is played on it. A mode
    may keep its games in a slot of its own (the Journey: one per profile)."""
    if getattr(table, "loaded_unplayed", False):
        _loaded_is_newest(table)
        return
    folder = save_dir(table.app)
    try:
        path = table.match.autosave_path(folder) or csave.slot_path(folder, "autosave")
        path.parent.mkdir(parents=True, exist_ok=True)
        csave.save(path, info_of(table), table.game)
    except OSError as e:
        table.say(f"Autosave failed: {e.strerror or e}")


def _loaded_is_newest(table: Any) -> None:
    """A loaded game left before a card was played: its slot is written again as it is, with the
    time of now, so Continue brings back this game and not the one the autosave still keeps."""
    path = getattr(table, "loaded_from", None)
    if path is None:
        return
    try:
        _, game = csave.load(path, table.library.catalog)
        if [str(a) for a in game.history] != [str(a) for a in table.game.history]:
            return                               # the slot holds another game now: left alone
        csave.save(path, info_of(table), table.game)
    except (SaveError, OSError):
        return                                   # the autosave still holds the game before: nothing lost


def game_ended(table: Any) -> None:
    """A placement ended the game: count it in the statistics and autosave the finished game."""
    autosave(table)
    statistics.record_cards(table.app, [dict(table.match.seat(s)) for s in range(table.game.players)],
                            table.game, table.match.trade_rule())


# ---------------------------------------------------------------------- save -> table

def match_of(info: csave.CardsSave, game: Game, library: Library) -> Match:
    setup = game.setup
    assert setup is not None
    cfg = MatchConfig.from_settings(info.config, [dict(s) for s in info.seats] + [{"kind": "human"}])
    cfg.players = game.players
    for s, seat in enumerate(info.seats):
        cfg.seats[s] = dict(seat)
    cfg.field = setup.field.name
    r = setup.rules
    if r.preset_name in PRESETS:
        cfg.preset = r.preset_name
    cfg.open, cfg.pure, cfg.sudden_death = r.open, r.pure, r.sudden_death
    cfg.classic = list(r.classic)
    match = Match(cfg, setup.field, setup.hands, setup.first_seat, library.pack_dir_texts, setup.date)
    match.seed = info.seed
    return match


def table_of(app: AppView, info: csave.CardsSave, game: Game, library: Library) -> Any:
    """A table showing a loaded game: turns start as at any turn (the pass screen first when hands are
    hidden), and the ability choice the save was in opens again when its seat is at the screen."""
    if isinstance(info.config.get("journey"), dict):          # a Journey game: its own mode on the table
        return app.scene("journey-continue", info=info, game=game, library=library)
    table: Any = app.scene("cards-table", match=match_of(info, game, library), library=library)
    table.restore(game, info.pending)
    return table


def load_table(app: AppView, path: Path, library: Library | None = None) -> Any:
    """A table from a save file; raises SaveError (the file is left as it is)."""
    library = library or load_library(app)
    info, game = csave.load(path, library.catalog)
    return table_of(app, info, game, library)


def refused(app: AppView, e: SaveError, going_on: str = "the current game goes on") -> MessageWindow:
    app.sound.play("illegal")
    return MessageWindow(app, "Save file refused", f"{e.path}\n\n{e.problem}\n\nThe file was not changed; "
                                                   f"{going_on}.")


# ---------------------------------------------------------------------- windows

def slot_window(app: AppView, title: str, *, include_autosave: bool,
                on_choose: Callable[[Path], None]) -> ChoiceWindow:
    items = []
    for name, path in csave.slot_paths(save_dir(app), include_autosave):
        info = store.describe(path, csave.summary)
        enabled = info.ok or not include_autosave or path.exists()    # a bad file explains itself
        items.append(MenuItem(f"{name:7s} {info.label}"[:62], path, enabled=enabled))
    return ChoiceWindow(app, title, items, on_choose=on_choose, width=540)


def yes_no(app: AppView, title: str, text: str, on_answer: Callable[[bool], None]) -> ChoiceWindow:
    """No is the default: nothing is replaced by accident."""
    w = ChoiceWindow(app, title, [MenuItem("Yes", True), MenuItem("No", False)], text=text,
                     on_choose=on_answer, on_cancel=lambda: on_answer(False), width=380)
    w.menu.index = 1
    return w


def ask_save(table: Any) -> None:
    table.stack.push(slot_window(table.app, "Save game", include_autosave=False,
                                 on_choose=lambda path: confirm_save(table, path)))


def confirm_save(table: Any, path: Path) -> None:
    if not path.exists():
        save_to(table, path)
        return
    table.stack.push(yes_no(table.app, "Overwrite?", f"Replace the game saved in {path.name}?",
                            lambda yes: save_to(table, path) if yes else None))


def save_to(table: Any, path: Path) -> None:
    try:
        csave.save(path, info_of(table), table.game)
    except OSError as e:
        table.stack.push(MessageWindow(table.app, "Save failed", f"Could not write {path}: {e.strerror or e}"))
        return
    table.say(f"Saved to {path.name}")


def ask_load(scene: Any, library: Library | None = None) -> None:
    """From the table's menu or the setup screen: pick a slot; the scene is replaced by the loaded
    table. A game in progress is replaced only after a Yes (No is the default)."""
    scene.stack.push(slot_window(scene.app, "Load game", include_autosave=True,
                                 on_choose=lambda path: confirm_load(scene, path, library)))


def confirm_load(scene: Any, path: Path, library: Library | None = None) -> None:
    game = getattr(scene, "game", None)
    if game is None or game.is_over():
        load_into(scene, path, library)
        return
    scene.stack.push(yes_no(scene.app, "Replace this game?",
                            f"Load {path.name} instead of the game in progress? The game you leave stays "
                            f"in the autosave slot until you play a card in the loaded one.",
                            lambda yes: load_into(scene, path, library) if yes else None))


def load_into(scene: Any, path: Path, library: Library | None = None) -> None:
    try:
        table = load_table(scene.app, path, library or getattr(scene, "library", None))
    except SaveError as e:
        scene.stack.push(refused(scene.app, e, "the current game goes on" if hasattr(scene, "game")
                                 else "nothing else changed"))
        return
    if hasattr(scene, "stop_ai"):
        scene.stop_ai()
    while scene.stack.top is not None and scene.stack.top is not scene:
        scene.stack.pop()
    scene.stack.replace(table)                   # the table left autosaves its game as it goes
    table.loaded_unplayed = True
    table.loaded_from = path
    table.say(f"Loaded {path.name}")


def menu_choice(table: Any, choice: str) -> bool:
    """The table menu's save, load and replay entries; True when the choice was one of them."""
    if choice == "save":
        ask_save(table)
    elif choice == "load":
        ask_load(table)
    elif choice == "replay":
        ask_replay(table)
    else:
        return False
    return True


def end_choice(table: Any, choice: str) -> bool:
    """The end window's Watch replay: this game, at once."""
    if choice != "replay":
        return False
    watch(table, table.game.record(), hide=False)
    return True


def watch(scene: Any, record: Any, *, hide: bool) -> None:
    scene.stack.push(scene.app.scene("cards-game-replay", record=record, catalog=scene.library.catalog, hide=hide))


def ask_replay(table: Any) -> None:
    """Watch this game, or any saved one, from the start."""
    items = [MenuItem("This game", "this")]
    for name, path in csave.slot_paths(save_dir(table.app)):
        info = store.describe(path, csave.summary)
        items.append(MenuItem(f"{name:7s} {info.label}"[:62], path, enabled=path.exists()))

    def chosen(value: Any) -> None:
        if value == "this":
            watch(table, table.game.record(), hide=table.hides_hands() and not table.game.is_over())
            return
        try:
            info, game = csave.load(value, table.library.catalog)
        except SaveError as e:
            table.stack.push(refused(table.app, e))
            return
        people = sum(1 for s in info.seats if s.get("kind") != "computer")
        watch(table, game.record(), hide=not game.is_over() and not game.rules.open and people >= 2)

    table.stack.push(ChoiceWindow(table.app, "Watch replay", items, on_choose=chosen, width=540))


__all__ = ["ask_load", "ask_replay", "ask_save", "autosave", "confirm_load", "end_choice", "game_ended", "info_of", "load_into", "load_table",
           "match_of", "menu_choice", "pending_of", "slot_window", "table_of"]
