"""Windows over the Jayden board: the Main Menu, save slots, questions."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from jayden_jazz.saves import jayden as jsave
from jayden_jazz.saves import store
from jayden_jazz.saves.store import SaveError
from jayden_jazz.scenes.jayden.render import fit
from jayden_jazz.scenes.windows import ChoiceWindow
from jayden_jazz.shell.widgets import MenuItem

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView

SLOT_COLS = 60          # characters of a slot line in the Load/Save windows


def main_menu(app: AppView, *, enhanced: bool, can_undo: bool, can_offer: bool, can_resign: bool,
              can_hint: bool, on_choose: Callable[[str], None]) -> ChoiceWindow:
    items = [
        MenuItem("Resume", "resume"),
        MenuItem("Move list", "moves"),
        MenuItem("Hint" if enhanced else "Hint (Enhanced mode)", "hint", enabled=enhanced and can_hint),
        MenuItem("Undo" if enhanced else "Undo (Enhanced mode)", "undo", enabled=enhanced and can_undo),
        MenuItem("Offer draw", "draw", enabled=can_offer),
        MenuItem("Resign", "resign", enabled=can_resign),
        MenuItem("New game", "new"),
        MenuItem("Save game", "save"),
        MenuItem("Load game", "load"),
        MenuItem("Instructions", "instructions"),
        MenuItem("Options", "options"),
        MenuItem("Quit to title", "title"),
    ]
    return ChoiceWindow(app, "Main Menu", items, on_choose=on_choose, width=260)


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
