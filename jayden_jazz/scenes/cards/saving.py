"""The card table's saves: autosave, Save and Load windows, resuming a saved table, statistics.

Kept out of the table scene so the table only calls in at a few places
(search the table for ``saving.``): after every placement, from its menu,
at the end of a game and when it is left. A save is made from the table's
controller (its game and its open ability choice) and given back to a new
table through ``restore``; nothing here reaches into the scene's own state.
Every file step goes through the saving service below the screens
(:class:`jayden_jazz.saves.card_slots.CardSaves`); this module only turns a
table into a save, a save back into a table, and asks in windows. Loading is
walked from one place, :class:`LoadFlow` (pick a slot, confirm over a game
in progress, load or say why not).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from jayden_jazz import statistics
from jayden_jazz.cards import Game
from jayden_jazz.cards.rules import PRESETS
from jayden_jazz.saves import cards as csave
from jayden_jazz.saves.card_slots import CardSaves
from jayden_jazz.saves.store import SaveError
from jayden_jazz.scenes.cards.config import Match, MatchConfig
from jayden_jazz.scenes.cardkit.library import Library, load_library
from jayden_jazz.scenes.windows import ChoiceWindow, MessageWindow
from jayden_jazz.shell.scene import Scene
from jayden_jazz.shell.widgets import MenuItem

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.scenes.cards.table import CardsTableScene as TablePart
    from jayden_jazz.shell.appview import AppView


# ---------------------------------------------------------------------- table -> save

def game_of(table: TablePart) -> Game:
    """The engine game a save is made of: the table's controller holds it (the scene itself reads
    only the controller's views and commands)."""
    return table.controller.game


def pending_of(table: TablePart) -> csave.Pending | None:
    """The unfinished ability choice on the table, if one is open."""
    return table.controller.open_choice()


def info_of(table: TablePart) -> csave.CardsSave:
    m = table.match
    return csave.CardsSave(seats=[dict(m.seat(s)) for s in range(game_of(table).players)],
                           config=m.config.to_settings(), seed=m.seed,
                           pending=pending_of(table))


def save_dir(app: AppView) -> Path:
    return Path(app.dirs.saves)


def service(app: AppView) -> CardSaves:
    """The saving service for the player's saves folder."""
    return CardSaves(save_dir(app))


def autosave(table: TablePart) -> None:
    """After every placement (and when the table is left): the autosave slot holds the game as it is.
    A table loaded from a save keeps the game it replaced there until a card is played on it. A mode
    may keep its games in a slot of its own (the Journey: one per profile)."""
    saves = service(table.app)
    if table.loaded_unplayed:
        if table.loaded_from is not None:
            saves.keep_loaded_newest(table.loaded_from, info_of(table), game_of(table), table.library.catalog)
        return
    problem = saves.write(saves.autosave_path(table.match.autosave_path(saves.folder)), info_of(table), game_of(table))
    if problem:
        table.say(f"Autosave failed: {problem}")


def game_ended(table: TablePart) -> None:
    """A placement ended the game: count it in the statistics and autosave the finished game."""
    autosave(table)
    statistics.record_cards(table.app, [dict(table.match.seat(s)) for s in range(game_of(table).players)],
                            game_of(table), table.match.trade_rule())


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


def table_of(app: AppView, info: csave.CardsSave, game: Game, library: Library) -> Scene:
    """A table showing a loaded game: turns start as at any turn (the pass screen first when hands are
    hidden), and the ability choice the save was in opens again when its seat is at the screen."""
    if isinstance(info.config.get("journey"), dict):          # a Journey game: its own mode on the table
        return app.scene("journey-continue", info=info, game=game, library=library)
    table = app.scene("cards-table", match=match_of(info, game, library), library=library)
    table.restore(game, info.pending)             # type: ignore[attr-defined]  # the registry gives a Scene
    return table


def load_table(app: AppView, path: Path, library: Library | None = None) -> Scene:
    """A table from a save file; raises SaveError (the file is left as it is)."""
    library = library or load_library(app)
    info, game = service(app).read(path, library.catalog)
    return table_of(app, info, game, library)


def refused(app: AppView, e: SaveError, going_on: str = "the current game goes on") -> MessageWindow:
    app.sound.play("illegal")
    return MessageWindow(app, "Save file refused", f"{e.path}\n\n{e.problem}\n\nThe file was not changed; "
                                                   f"{going_on}.")


# ---------------------------------------------------------------------- windows

def slot_window(app: AppView, title: str, *, include_autosave: bool,
                on_choose: Callable[[Path], None]) -> ChoiceWindow:
    items = [MenuItem(slot.label, slot.path, enabled=slot.usable or not include_autosave or slot.exists)
             for slot in service(app).slots(include_autosave)]   # a bad file explains itself
    return ChoiceWindow(app, title, items, on_choose=on_choose, width=540)


def yes_no(app: AppView, title: str, text: str, on_answer: Callable[[bool], None]) -> ChoiceWindow:
    """No is the default: nothing is replaced by accident."""
    w = ChoiceWindow(app, title, [MenuItem("Yes", True), MenuItem("No", False)], text=text,
                     on_choose=on_answer, on_cancel=lambda: on_answer(False), width=380)
    w.menu.index = 1
    return w


def ask_save(table: TablePart) -> None:
    table.stack.push(slot_window(table.app, "Save game", include_autosave=False,
                                 on_choose=lambda path: confirm_save(table, path)))


def confirm_save(table: TablePart, path: Path) -> None:
    if not path.exists():
        save_to(table, path)
        return
    table.stack.push(yes_no(table.app, "Overwrite?", f"Replace the game saved in {path.name}?",
                            lambda yes: save_to(table, path) if yes else None))


def save_to(table: TablePart, path: Path) -> None:
    problem = service(table.app).write(path, info_of(table), game_of(table))
    if problem:
        table.stack.push(MessageWindow(table.app, "Save failed", f"Could not write {path}: {problem}"))
        return
    table.say(f"Saved to {path.name}")


@dataclass
class LoadFlow:
    """Loading a card game, walked from here alone: pick a slot, confirm over a game in
    progress (No is the default), load, and replace the screen by the loaded table, or say why
    the file was refused and change nothing.

    ``scene`` is the screen it starts from: the table's menu (a game in progress, a computer
    player to stop) or the setup screen (neither).
    """

    scene: Scene
    library: Library | None = None

    @property
    def game(self) -> Game | None:
        """The game the load would replace, if the screen holds one (a table: its controller's)."""
        game = getattr(getattr(self.scene, "controller", None), "game", None)
        return game if isinstance(game, Game) else None

    def ask(self) -> None:
        self.scene.stack.push(slot_window(self.scene.app, "Load game", include_autosave=True,
                                          on_choose=self.confirm))

    def confirm(self, path: Path) -> None:
        game = self.game
        if game is None or game.is_over():
            self.load(path)
            return
        self.scene.stack.push(yes_no(self.scene.app, "Replace this game?",
                                     f"Load {path.name} instead of the game in progress? The game you leave "
                                     f"stays in the autosave slot until you play a card in the loaded one.",
                                     lambda yes: self.load(path) if yes else None))

    def load(self, path: Path) -> None:
        scene, app = self.scene, self.scene.app
        try:
            table = load_table(app, path, self.library or getattr(scene, "library", None))
        except SaveError as e:
            scene.stack.push(refused(app, e, "the current game goes on" if self.game is not None
                                     else "nothing else changed"))
            return
        stop = getattr(scene, "stop_ai", None)
        if callable(stop):
            stop()
        while scene.stack.top is not None and scene.stack.top is not scene:
            scene.stack.pop()
        scene.stack.replace(table)               # the table left autosaves its game as it goes
        table.loaded_unplayed = True             # type: ignore[attr-defined]  # a TablePart
        table.loaded_from = path                 # type: ignore[attr-defined]
        table.say(f"Loaded {path.name}")         # type: ignore[attr-defined]


def ask_load(scene: Scene, library: Library | None = None) -> None:
    """From the table's menu or the setup screen: pick a slot; the scene is replaced by the loaded
    table. A game in progress is replaced only after a Yes (No is the default)."""
    LoadFlow(scene, library).ask()


def confirm_load(scene: Scene, path: Path, library: Library | None = None) -> None:
    LoadFlow(scene, library).confirm(path)


def load_into(scene: Scene, path: Path, library: Library | None = None) -> None:
    LoadFlow(scene, library).load(path)


def menu_choice(table: TablePart, choice: str) -> bool:
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


def end_choice(table: TablePart, choice: str) -> bool:
    """The end window's Watch replay: this game, at once."""
    if choice != "replay":
        return False
    watch(table, game_of(table).record(), hide=False)
    return True


def watch(scene: TablePart, record: Any, *, hide: bool) -> None:
    scene.stack.push(scene.app.scene("cards-game-replay", record=record, catalog=scene.library.catalog, hide=hide))


def ask_replay(table: TablePart) -> None:
    """Watch this game, or any saved one, from the start."""
    items = [MenuItem("This game", "this")]
    items += [MenuItem(slot.label, slot.path, enabled=slot.exists) for slot in service(table.app).slots()]

    def chosen(value: Any) -> None:
        if value == "this":
            watch(table, game_of(table).record(), hide=table.hides_hands() and not game_of(table).is_over())
            return
        try:
            info, game = service(table.app).read(value, table.library.catalog)
        except SaveError as e:
            table.stack.push(refused(table.app, e))
            return
        people = sum(1 for s in info.seats if s.get("kind") != "computer")
        watch(table, game.record(), hide=not game.is_over() and not game.rules.open and people >= 2)

    table.stack.push(ChoiceWindow(table.app, "Watch replay", items, on_choose=chosen, width=540))


__all__ = ["LoadFlow", "ask_load", "ask_replay", "ask_save", "autosave", "confirm_load", "end_choice", "game_ended",
           "game_of", "info_of", "load_into", "load_table", "match_of", "menu_choice", "pending_of", "service",
           "slot_window", "table_of"]
