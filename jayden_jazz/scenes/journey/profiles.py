"""The Journey's first screen: three profile slots.

An empty slot makes a new profile (a name is typed; the starter collection
is given and written on the ledger). A slot whose file is refused says why
in plain words and is left alone: it is never offered for overwriting
without a question whose default is No, and even then the refused file is
kept beside it as ``.refused``. Opening the screen applies the game records
a profile does not hold yet (:func:`journey_records.settle`), and Delete
removes a profile, asked first with No the default.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from jayden_jazz.journey.collection import Collection, starter_entries
from jayden_jazz.saves import journey as jsave
from jayden_jazz.saves import journey_game, journey_records, store
from jayden_jazz.saves.store import SaveError
from jayden_jazz.scenes.cardkit.library import Library
from jayden_jazz.scenes.cards.loading import with_library
from jayden_jazz.scenes.journey.run import Session
from jayden_jazz.scenes.journey.texts import NameWindow
from jayden_jazz.scenes.windows import ChoiceWindow, MessageWindow
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.input import Action, Kind
from jayden_jazz.shell.scene import Scene
from jayden_jazz.shell.widgets import LINE_H, Menu, MenuItem, draw_window

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView

FRAME = pygame.Rect(60, 40, 520, 270)


def open_journey(app: AppView) -> Scene:
    """The ``journey`` scene: the profiles once the packs are read (a profile names their cards)."""
    return with_library(app, lambda lib: app.scene("journey-profiles", library=lib))


class ProfilesScene(Scene):
    def __init__(self, app: AppView, library: Library) -> None:
        super().__init__(app)
        self.library = library
        self.loaded: dict[int, jsave.Profile | SaveError | None] = {}
        self.menu = Menu([])
        self.notices: list[str] = []       # records that could not be applied, game files set aside
        self.told: set[str] = set()        # each said once on this screen, not at every return to it
        self.refresh()

    @property
    def folder(self) -> Path:
        return Path(self.app.dirs.saves)

    def refresh(self) -> None:
        items = []
        for slot in range(1, jsave.PROFILES + 1):
            path = jsave.profile_path(self.folder, slot)
            state: jsave.Profile | SaveError | None = None
            if os.path.lexists(path):      # a link (even to nowhere) is a refused file, never a new slot
                try:
                    done = journey_records.settle(path, self.library.catalog)
                    state = done.profile
                    self.notices += [n for n in done.problems if n not in self.notices and n not in self.told]
                except SaveError as e:
                    state = e
                except OSError as e:
                    state = SaveError(path, f"the games it won could not be written in it ({e.strerror or e})")
            self.loaded[slot] = state
            if state is None:
                label = f"{slot}. New profile"
            elif isinstance(state, SaveError):
                label = f"{slot}. Refused: cannot be read (Enter: why)"
            else:
                cards = sum(state.collection.counts.values())
                beaten = sum(1 for v in state.progress.values() if v.won)
                label = f"{slot}. {state.name}: {cards} cards, {beaten} beaten"
            items.append(MenuItem(label, slot))
        items.append(MenuItem("Back", "back"))
        index = self.menu.index
        self.menu = Menu(items, index=min(index, len(items) - 1))
        self.menu.layout(FRAME.x + 16, FRAME.y + 60, FRAME.w - 32)

    def enter(self) -> None:
        self.show_notices()

    def resume(self) -> None:
        self.refresh()                        # a game's end changed the profile
        self.show_notices()

    def show_notices(self) -> None:
        if self.notices and self.stack is not None:
            text, self.notices = "\n\n".join(self.notices[:4]), []
            self.told.update(text.split("\n\n"))
            self.stack.push(MessageWindow(self.app, "Journey files", text))

    def handle(self, action: Action) -> None:
        if action.kind == Kind.KEY and action.key in ("delete", "x") and self.menu.current is not None:
            slot = self.menu.current.value
            if slot != "back" and self.loaded.get(slot) is not None:
                self.ask_delete(slot)
                return
        item = self.menu_pick(self.menu, action)
        if item is None:
            return
        if item.value == "back":
            self.close()
            return
        slot = item.value
        state = self.loaded.get(slot)
        if state is None:
            self.stack.push(NameWindow(self.app, "Name of the new profile", f"Player {slot}",
                                       lambda name: self.create(slot, name)))
        elif isinstance(state, SaveError):
            self.explain(slot, state)
        else:
            self.open(slot, state)

    def explain(self, slot: int, e: SaveError) -> None:
        """What is wrong with the file, and the one way to start over in the slot (asked, No first)."""
        items = [MenuItem("Keep it as it is", "keep"), MenuItem("Start a new profile here", "new")]
        backup = self.backup(slot)
        if backup is not None:
            items.insert(1, MenuItem(f"Go back to the last good copy ({backup.name}: {backup.games} games)",
                                     "backup"))

        def chosen(v: Any) -> None:
            if v == "backup":
                self.stack.push(ChoiceWindow(
                    self.app, "Use the backup?", [MenuItem("No", False), MenuItem("Yes", True)],
                    text=f"The refused file will be kept as profile{slot}.sav.refused and the last good copy "
                         "put in its place; every game recorded since that copy is applied to it again.",
                    width=420, on_choose=lambda yes: self.set_aside(slot, restore=True) if yes else None))
            elif v == "new":
                self.stack.push(ChoiceWindow(
                    self.app, "Start over?", [MenuItem("No", False), MenuItem("Yes", True)],
                    text=f"The refused file will be kept as {e.path.name if isinstance(e.path, Path) else e.path}"
                         ".refused and a new profile started in slot " + str(slot) + ".",
                    width=400, on_choose=lambda yes: self.set_aside(slot) if yes else None))

        problem = e.problem[:1].upper() + e.problem[1:]
        self.stack.push(ChoiceWindow(self.app, f"Profile {slot} refused", items, width=560,
                                     text=f"{problem}.\n\nThe file {e.path} was not changed.",
                                     on_choose=chosen))

    def backup(self, slot: int) -> jsave.Profile | None:
        """The ``.bak`` the last good save left, when it loads."""
        path = jsave.profile_path(self.folder, slot)
        bak = path.with_name(path.name + ".bak")
        try:
            return jsave.load(bak, self.library.catalog) if bak.exists() else None
        except SaveError:
            return None

    def set_aside(self, slot: int, restore: bool = False) -> None:
        """The refused file becomes ``.refused`` (kept); with ``restore`` the backup takes its place."""
        path = jsave.profile_path(self.folder, slot)
        try:
            if restore:                    # read first: nothing moves when the copy cannot be read
                body = store.read(path.with_name(path.name + ".bak"), follow_links=False)
            path.replace(path.with_name(path.name + ".refused"))
            if restore:
                store.write(path, body)    # a new file of the player's own (0600), never a copy's mode
        except (OSError, SaveError) as err:
            why = err.strerror if isinstance(err, OSError) else err.problem
            self.stack.push(MessageWindow(self.app, "Could not move it", f"{path}: {why or err}"))
        self.refresh()                     # the records since the copy are applied again here
        self.show_notices()

    def ask_delete(self, slot: int) -> None:
        """Delete a profile, its copies, its game in progress and its records: asked, No first."""
        state = self.loaded.get(slot)
        name = state.name if isinstance(state, jsave.Profile) else f"profile {slot} (refused)"

        def delete(yes: Any) -> None:
            if not yes:
                return
            problems = journey_records.delete(self.folder, slot)
            if problems:
                self.stack.push(MessageWindow(self.app, "Not everything was removed", "; ".join(problems[:4])))
            self.refresh()

        self.stack.push(ChoiceWindow(
            self.app, "Delete the profile?", [MenuItem("No", False), MenuItem("Yes", True)],
            text=f"Delete {name}? Its cards, decks, progress, game records and any game waiting are removed "
                 "for good.", width=420, on_choose=delete))

    def create(self, slot: int, name: str) -> None:
        path = jsave.profile_path(self.folder, slot)
        profile = jsave.Profile(name, Collection(), settled=journey_records.present(path))
        profile.collection.apply(starter_entries(self.library.catalog.starter()))
        try:
            jsave.save(path, profile, self.library.catalog)
        except (SaveError, OSError) as e:
            self.stack.push(MessageWindow(self.app, "Profile not written", str(e)))
            return
        self.app.sound.play("select")
        self.refresh()
        state = self.loaded.get(slot)
        if isinstance(state, jsave.Profile):
            self.open(slot, state)

    def open(self, slot: int, profile: jsave.Profile) -> None:
        session = Session(self.app, self.library, slot, profile)
        self.stack.push(self.app.scene("journey-opponents", session=session))
        notice = journey_game.set_aside_unreadable(self.folder, slot)
        if notice is not None:             # never written over by the next game: kept, and said so
            self.stack.push(MessageWindow(self.app, "Journey game file", notice))

    def redraw_in(self) -> None:
        return None

    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        surface.fill(P.BLACK)
        inner = draw_window(surface, font, FRAME, "Card Journey - profiles")
        font.draw(surface, "Win cards from the lounge's players, one opponent at a time.", inner.x + 4,
                  inner.y + 4, P.LIGHT_CYAN)
        font.draw(surface, "Each profile keeps its own cards, decks and progress.", inner.x + 4,
                  inner.y + 4 + LINE_H, P.LIGHT_GRAY)
        self.menu.draw(surface, font)
        state = self.loaded.get(self.menu.current.value) if self.menu.current else None
        y = self.menu.rect.bottom + 16
        if isinstance(state, SaveError):
            from jayden_jazz.shell.font import wrap

            for line in wrap(state.problem, (inner.w - 8) // 8)[:4]:
                font.draw(surface, line, inner.x + 4, y, P.LIGHT_RED)
                y += LINE_H
        elif isinstance(state, jsave.Profile) and self.menu.current is not None:
            kept = journey_game.kept(self.folder, self.menu.current.value)
            other = self.library.catalog.opponents.get(str(kept["opponent"])) if kept else None
            if kept is not None:
                font.draw(surface, f"A game against {other.name if other else kept['opponent']} is waiting:"[:64],
                          inner.x + 4, y, P.YELLOW)
                font.draw(surface, "Enter, then Continue the game.", inner.x + 4, y + LINE_H, P.YELLOW)
        elif state is None and self.menu.current is not None and self.menu.current.value != "back":
            n = sum(self.library.catalog.starter().values())
            font.draw(surface, f"A new profile starts with {n} cards.", inner.x + 4, y, P.WHITE)
        font.draw(surface, "\u2191\u2193 choose  Enter open  Del delete  Esc back", inner.x + 4, FRAME.bottom - 26,
                  P.LIGHT_GRAY)
