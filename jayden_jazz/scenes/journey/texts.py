"""A small window to type a name (a profile's, a deck's)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from jayden_jazz.shell import palette as P
from jayden_jazz.shell.input import HOTKEYS, Action, Kind
from jayden_jazz.shell.scene import Scene
from jayden_jazz.shell.widgets import draw_window

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView

MAX_NAME = 20


class NameWindow(Scene):
    """Letters, digits, space and ``-'.``; Enter keeps a name that is not empty, Esc gives up."""

    opaque = False

    def __init__(self, app: AppView, title: str, suggestion: str, on_done: Any) -> None:
        super().__init__(app)
        self.title = title
        self.text = suggestion
        self.fresh = True                 # the first key typed replaces the suggestion
        self.on_done = on_done
        self.rect = pygame.Rect(150, 130, 340, 74)

    def handle(self, action: Action) -> None:
        if action.kind == Kind.BACK:
            self.close()
        elif action.key == "space" and action.pos is None:      # Space is a key of the name here
            self.text = ("" if self.fresh else self.text + " ")[:MAX_NAME]
            self.fresh = False
        elif action.kind == Kind.ACTION and action.pos is None:
            name = self.text.strip()
            if name:
                self.close()
                self.on_done(name)
        elif (action.kind in (Kind.KEY, Kind.ALT) or action.kind in HOTKEYS) and action.pos is None:
            key = action.text or action.key
            if action.key == "backspace":
                self.text = "" if self.fresh else self.text[:-1]
            elif len(key) == 1 and (key.isalnum() or key in "-'."):
                self.text = (key if self.fresh else self.text + key)[:MAX_NAME]
            else:
                return
            self.fresh = False

    def redraw_in(self) -> None:
        return None

    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        inner = draw_window(surface, font, self.rect, self.title)
        font.draw(surface, self.text + "_", inner.x + 4, inner.y + 6, P.YELLOW)
        font.draw(surface, "Type  Enter keep  Esc cancel", inner.x + 4, inner.y + 28, P.LIGHT_GRAY)
