"""Overlay windows drawn over the scene below: messages, choices and scrolling text.

Esc in any window closes it and returns to what is underneath, as the 1989
manual promises.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import pygame

from jayden_jazz.shell import palette as P
from jayden_jazz.shell.appview import AppView
from jayden_jazz.shell.font import GLYPH_W, wrap
from jayden_jazz.shell.input import Action, Kind
from jayden_jazz.shell.scene import Scene
from jayden_jazz.shell.widgets import LINE_H, Menu, MenuItem, TextView, draw_window

SCREEN = pygame.Rect(0, 0, 640, 350)


class ChoiceWindow(Scene):
    """A titled window with optional text and a menu; ``on_choose(value)`` on choice."""

    opaque = False

    def __init__(self, app: AppView, title: str, items: Sequence[MenuItem | str], *, text: str = "",
                 on_choose: Callable[[Any], object] | None = None,
                 on_cancel: Callable[[], None] | None = None, width: int = 320,
                 fill: int = P.BLUE, cancel_on_back: bool = True, close_on_choose: bool = True) -> None:
        super().__init__(app)
        self.title = title
        self.items = [i if isinstance(i, MenuItem) else MenuItem(i, i) for i in items]
        self.menu = Menu(self.items)
        self.on_choose = on_choose
        self.on_cancel = on_cancel
        self.fill = fill
        self.cancel_on_back = cancel_on_back
        self.close_on_choose = close_on_choose
        cols = (width - 24) // GLYPH_W
        self.lines = wrap(text, cols) if text else []
        h = 24 + 6 + LINE_H * len(self.lines) + (8 if self.lines else 0) + LINE_H * len(self.items)
        self.rect = pygame.Rect(0, 0, width, min(h, 340))
        self.rect.center = SCREEN.center
        inner = self.rect.inflate(-12, -12)
        inner.y += 6
        self.menu.layout(inner.x, inner.y + LINE_H * len(self.lines) + (8 if self.lines else 0), inner.w)

    def handle(self, action: Action) -> None:
        if action.kind == Kind.BACK:
            if self.cancel_on_back:
                self.close()
                if self.on_cancel:
                    self.on_cancel()
            return
        item = self.menu.handle(action)
        if item is not None:
            if self.app is not None:
                self.app.sound.play("menu")
            if self.close_on_choose:
                self.close()
            if self.on_choose:
                self.on_choose(item.value)

    def redraw_in(self) -> None:
        return None          # nothing moves by itself: redrawn on input only

    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        inner = draw_window(surface, font, self.rect, self.title, fill=self.fill)
        y = inner.y
        for line in self.lines:
            font.draw(surface, line, inner.x + 4, y, P.WHITE)
            y += LINE_H
        self.menu.draw(surface, font)


class MessageWindow(ChoiceWindow):
    """Text and an OK button (Enter, Esc or a click closes it)."""

    def __init__(self, app: AppView, title: str, text: str, *, on_close: Callable[[], None] | None = None,
                 width: int = 440, fill: int = P.BLUE) -> None:
        super().__init__(app, title, [MenuItem("OK", "ok")], text=text, width=width, fill=fill,
                         on_choose=(lambda _v: on_close()) if on_close else None,
                         on_cancel=on_close)


class TextWindow(Scene):
    """A titled, scrolling text (``TextView``) with an OK line; Esc or Enter closes it."""

    opaque = False

    def __init__(self, app: AppView, title: str, lines: list[str], *,
                 styles: Callable[[str], tuple[str, int]] | None = None,
                 rect: pygame.Rect | None = None, fill: int = P.BLUE) -> None:
        super().__init__(app)
        self.title = title
        self.rect = rect or pygame.Rect(40, 24, 560, 302)
        self.fill = fill
        self.styles = styles
        rows = (self.rect.h - 12 - 6 - LINE_H - 8) // LINE_H
        self.view = TextView(lines, rows)

    def handle(self, action: Action) -> None:
        if action.kind in (Kind.BACK, Kind.ACTION):
            self.close()
        else:
            self.view.handle(action)

    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        inner = draw_window(surface, font, self.rect, self.title, fill=self.fill)
        text = pygame.Rect(inner.x + 4, inner.y, inner.w - 8, self.view.rows * LINE_H)
        self.view.draw(surface, font, text, styles=self.styles)
        v = self.view
        pos = f"{min(v.top + v.rows, len(v.lines))}/{len(v.lines)}"
        y = inner.bottom - LINE_H
        font.draw(surface, "\u2191\u2193 scroll  Enter/Esc close", inner.x + 4, y, P.LIGHT_CYAN)
        font.draw(surface, pos, inner.right - 4 - font.width(pos), y, P.LIGHT_CYAN)
