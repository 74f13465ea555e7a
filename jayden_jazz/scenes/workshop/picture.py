"""Card pictures in the Workshop: import a PNG, touch it up, or remove it."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from jayden_jazz.scenes.windows import ChoiceWindow
from jayden_jazz.shell.widgets import MenuItem

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.scenes.workshop.editor import CardEditorScene


def picture_menu(app: Any, editor: "CardEditorScene") -> ChoiceWindow:
    has = editor.card.picture is not None

    def chose(v: str) -> None:
        if v == "remove":
            editor.change("picture", lambda c: replace(c, picture=None))

    return ChoiceWindow(app, "Picture", [MenuItem("Remove the picture", "remove", enabled=has),
                                         MenuItem("Cancel", "cancel")], on_choose=chose)
