"""The name other players see, typed on the Host and Join screens and remembered in the settings.

The server shows it on every seat's panel (``names.py``). Left empty, the
server names the seat "Player N". It is saved when the player hosts or
joins, not on every key, so a half-typed name is never kept. A name the
server would refuse (``UNSAFE_TEXT``: a replacement character an input
method typed, say) is refused here first, with which character and why,
and neither sent nor kept.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from jayden_jazz.scenes.workshop.textfield import TextField
from jayden_jazz.settings import MAX_PLAYER_NAME, name_refusal
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.font import Font
from jayden_jazz.shell.input import Action, Kind

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView


def clean(text: str) -> str:
    """What is sent and kept: one line of printable text, trimmed, at most MAX_PLAYER_NAME long."""
    return "".join(ch for ch in text if ch.isprintable()).strip()[:MAX_PLAYER_NAME]


class NameEntry:
    def __init__(self, app: AppView) -> None:
        self.app = app
        self.field = TextField(clean(str(app.settings["player_name"] or "")), MAX_PLAYER_NAME, what="A name")

    @property
    def value(self) -> str:
        return clean(self.field.value)

    def refusal(self) -> str:
        """Why this name cannot be sent (empty: it can); the Host and Join screens ask before going on."""
        why = name_refusal(self.field.value)
        return f"Your name cannot be used: its {why}. Delete it with Backspace." if why else ""

    def handle(self, action: Action) -> bool:
        """Typing, Backspace, the cursor keys left and right: True when the action was the field's.
        A key refused (the name full, say) leaves ``field.refusal`` for the screen to show until the
        next key, with the refusal sound."""
        self.field.refusal = ""
        if action.kind == Kind.MOVE and action.dy:
            return False                              # up and down move between rows
        used = self.field.handle(action)
        if self.field.refusal:
            self.app.sound.play("illegal")
        return used

    def remember(self) -> None:
        """Keep the name for next time (a settings file that cannot be written is said, nothing lost)."""
        if self.app.settings["player_name"] == self.value:
            return
        self.app.settings["player_name"] = self.value
        try:
            self.app.settings.save()
        except OSError as e:
            notices = getattr(self.app, "notices", None)
            if isinstance(notices, list):
                notices.append(f"Could not save your name in the settings: {e.strerror or e}.")

    def draw(self, surface: pygame.Surface, font: Font, box: pygame.Rect, focused: bool, blink: bool) -> None:
        self.field.draw(surface, font, box, focused and blink)
        if not self.field.value and not focused:
            font.draw(surface, "(Player 1, 2...)", box.x + 2, box.y + 1, P.DARK_GRAY)
        if focused:
            pygame.draw.rect(surface, P.YELLOW, box.inflate(2, 2), 1)


__all__ = ["NameEntry", "clean"]
