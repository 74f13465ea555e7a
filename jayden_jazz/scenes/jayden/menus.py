"""Windows over the Jayden board: the Main Menu, save slots, questions."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import pygame

from jayden_jazz.saves import jayden as jsave
from jayden_jazz.saves import store
from jayden_jazz.saves.store import SaveError
from jayden_jazz.scenes.jayden.render import fit
from jayden_jazz.scenes.windows import ChoiceWindow
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.font import GLYPH_W, wrap
from jayden_jazz.shell.input import Action, Kind
from jayden_jazz.shell.widgets import LINE_H, Menu, MenuItem

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView

SLOT_COLS = 60          # characters of a slot line in the Load/Save windows
MENU_W = 300
WHY_LINES = 3           # room under the Main Menu for why a greyed item is unavailable


class SteadyMenu(Menu):
    """A menu whose cursor steps on every item, greyed or not: the same keys
    always reach the same entry, whatever is available now."""

    def _step(self, d: int) -> None:
        if self.items:
            self.index = (self.index + d) % len(self.items)

    def handle(self, action: Action) -> MenuItem | None:
        if action.kind == Kind.POINT and action.pos is not None:
            i = self.item_at(action.pos)
            if i is not None:
                self.index = i
            return None
        if action.kind == Kind.ACTION and self.items:
            if action.pos is not None:
                i = self.item_at(action.pos)
                if i is None:
                    return None
                self.index = i
            return self.items[self.index]
        return super().handle(action)


class MainMenu(ChoiceWindow):
    """The board's Main Menu. A greyed item is chosen like any other and says
    why it is unavailable now (its ``hint``), in the window; the menu stays open.
    ``text`` goes above the entries (an online game's join code)."""

    def __init__(self, app: AppView, items: list[MenuItem], on_choose: Callable[[Any], None], *,
                 title: str = "Main Menu", text: str = "") -> None:
        super().__init__(app, title, items, text=text, on_choose=on_choose, width=MENU_W)
        self.menu = SteadyMenu(self.items, rect=self.menu.rect)
        self.rect.h += WHY_LINES * LINE_H
        self.rect.center = (320, 175)
        above = LINE_H * len(self.lines) + (8 if self.lines else 0)
        self.menu.layout(self.rect.x + 6, self.rect.y + 12 + above, self.rect.w - 12)
        self.why = ""

    def handle(self, action: Action) -> None:
        item = self.menu.current
        if action.kind == Kind.ACTION:
            i = self.menu.item_at(action.pos) if action.pos is not None else self.menu.index
            item = self.items[i] if i is not None else None
            if item is not None and not item.enabled:
                self.menu.index = i if i is not None else self.menu.index
                self.app.sound.play("refusal")
                self.why = item.hint
                return
        self.why = ""
        super().handle(action)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        y = self.menu.rect.bottom + 4
        for line in wrap(self.why, (self.rect.w - 24) // GLYPH_W)[:WHY_LINES]:
            self.app.font.draw(surface, line, self.menu.rect.x + 8, y, P.YELLOW)
            y += LINE_H


def main_menu(app: AppView, *, why_not: dict[str, str], on_choose: Callable[[str], None]) -> MainMenu:
    """``why_not`` names the items unavailable now (by value) with the reason a player reads."""
    entries = [("Resume", "resume"), ("Move list", "moves"), ("Hint", "hint"), ("Undo", "undo"), ("Take back", "takeback"),
               ("Offer draw", "draw"), ("Resign", "resign"), ("New game", "new"), ("Save game", "save"),
               ("Load game", "load"), ("Instructions", "instructions"), ("Options", "options"),
               ("Quit to title", "title")]
    items = [MenuItem(label, value, enabled=not why_not.get(value), hint=why_not.get(value, ""))
             for label, value in entries]
    return MainMenu(app, items, on_choose)


def slot_name(slot: int | str) -> str:
    return "Autosave" if slot == "autosave" else f"Slot {slot}"


def slot_of(path: Path) -> str:
    """How messages name a save file: "Slot 2", "the autosave", or the file name."""
    for slot in ["autosave", *range(1, jsave.SLOTS + 1)]:
        if path.name == jsave.slot_path(path.parent, slot).name:
            return "the autosave" if slot == "autosave" else f"Slot {slot}"
    return path.name


def _label(path: Path) -> tuple[str, bool]:
    info = store.describe(path, jsave.summary)
    if info.ok or not path.exists():
        return info.label, info.ok
    try:                                   # the full reason, cut between words below
        store.read(path)
        problem = "it is not a Jayden game"
    except SaveError as e:
        problem = e.problem
    return f"(unusable: {problem})", False


def slot_window(app: AppView, title: str, folder: Path, *, include_autosave: bool,
                on_choose: Callable[[Path], None]) -> ChoiceWindow:
    items = []
    slots: list[Any] = list(range(1, jsave.SLOTS + 1))
    if include_autosave:
        slots = ["autosave"] + slots
    for slot in slots:
        path = jsave.slot_path(folder, slot)
        label, ok = _label(path)
        enabled = ok or not include_autosave      # loading needs a usable file
        if include_autosave and path.exists() and not ok:
            enabled = True                        # choosing it explains the problem
        name = "Auto" if slot == "autosave" else f"Slot {slot}"
        items.append(MenuItem(fit(f"{name:7s} {label}", SLOT_COLS), path, enabled=enabled))
    return ChoiceWindow(app, title, items, on_choose=on_choose, width=520)


def yes_no(app: AppView, title: str, text: str, on_answer: Callable[[bool], None],
           yes: str = "Yes", no: str = "No") -> ChoiceWindow:
    """A question whose default (the highlighted answer, and Esc) is No:
    one stray Enter never discards anything."""
    window = ChoiceWindow(app, title, [MenuItem(yes, True), MenuItem(no, False)], text=text,
                          on_choose=on_answer, on_cancel=lambda: on_answer(False), width=380)
    window.menu.index = 1
    return window
