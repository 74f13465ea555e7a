"""Windows over the Jayden board: the Main Menu, save slots, end of game."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from jayden_jazz.saves import jayden as jsave
from jayden_jazz.saves import store
from jayden_jazz.scenes.windows import ChoiceWindow
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.widgets import MenuItem


def main_menu(app: Any, *, enhanced: bool, can_undo: bool, can_offer: bool,
              on_choose: Callable[[str], None]) -> ChoiceWindow:
    items = [
        MenuItem("Resume", "resume"),
        MenuItem("New game", "new"),
        MenuItem("Save game", "save"),
        MenuItem("Load game", "load"),
        MenuItem("Offer draw", "draw", enabled=can_offer),
        MenuItem("Undo" if enhanced else "Undo (Enhanced mode)", "undo", enabled=enhanced and can_undo),
        MenuItem("Instructions", "instructions"),
        MenuItem("Options", "options"),
        MenuItem("Quit to title", "title"),
    ]
    return ChoiceWindow(app, "Main Menu", items, on_choose=on_choose, width=260)


def slot_window(app: Any, title: str, folder: Path, *, include_autosave: bool,
                on_choose: Callable[[Path], None]) -> ChoiceWindow:
    items = []
    slots: list[Any] = list(range(1, jsave.SLOTS + 1))
    if include_autosave:
        slots = ["autosave"] + slots
    for slot in slots:
        path = jsave.slot_path(folder, slot)
        info = store.describe(path, jsave.summary)
        name = "Auto" if slot == "autosave" else f"Slot {slot}"
        enabled = info.ok or not include_autosave      # loading needs a usable file
        if include_autosave and path.exists() and not info.ok:
            enabled = True                              # choosing it explains the problem
        items.append(MenuItem(f"{name:7s} {info.label}"[:60], path, enabled=enabled))
    return ChoiceWindow(app, title, items, on_choose=on_choose, width=520)


def end_window(app: Any, headline: str, reason: str, on_choose: Callable[[str], None]) -> ChoiceWindow:
    items = [MenuItem("New game", "new"), MenuItem("Watch replay", "replay"),
             MenuItem("Look at the board", "look"), MenuItem("Back to title", "title")]
    return ChoiceWindow(app, headline, items, text=reason, on_choose=on_choose, width=380,
                        fill=P.MAGENTA, cancel_on_back=True,
                        on_cancel=lambda: on_choose("look"))


def yes_no(app: Any, title: str, text: str, on_answer: Callable[[bool], None]) -> ChoiceWindow:
    return ChoiceWindow(app, title, [MenuItem("Yes", True), MenuItem("No", False)], text=text,
                        on_choose=on_answer, on_cancel=lambda: on_answer(False), width=380)
