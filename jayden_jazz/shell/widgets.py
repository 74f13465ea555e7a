"""EGA-look drawing shared by every scene: frames, windows, menus, text views.

Windows follow the look of 1989 shareware dialogs: a solid fill, a double
line border, a title set into the top border, and a hard black drop shadow.
Widgets keep their own cursor state but no game rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import pygame

from jayden_jazz.shell import palette as P
from jayden_jazz.shell.font import GLYPH_H, GLYPH_W, Font
from jayden_jazz.shell.input import Action, Kind

LINE_H = GLYPH_H + 2


def draw_frame(surface: pygame.Surface, rect: pygame.Rect | tuple, fill: int = P.BLUE,
               border: int = P.WHITE, shadow: bool = True) -> pygame.Rect:
    """Filled box with a double-line border; returns the inner content rect."""
    r = pygame.Rect(rect)
    if shadow:
        surface.fill(P.BLACK, r.move(6, 4))
    surface.fill(fill, r)
    pygame.draw.rect(surface, border, r, 1)
    pygame.draw.rect(surface, border, r.inflate(-6, -6), 1)
    return r.inflate(-12, -12)


def draw_window(surface: pygame.Surface, font: Font, rect: pygame.Rect | tuple, title: str = "",
                fill: int = P.BLUE, border: int = P.WHITE, title_color: int = P.YELLOW) -> pygame.Rect:
    """A framed window with its title set into the top border."""
    inner = draw_frame(surface, rect, fill, border)
    if title:
        r = pygame.Rect(rect)
        text = f" {title} "
        font.draw(surface, text, r.centerx - font.width(text) // 2, r.y - 4, title_color, fill)
        inner.y += 6
        inner.h -= 6
    return inner


def draw_text_lines(surface: pygame.Surface, font: Font, lines: list[str], x: int, y: int,
                    color: int = P.WHITE) -> int:
    for line in lines:
        font.draw(surface, line, x, y, color)
        y += LINE_H
    return y


@dataclass
class MenuItem:
    label: str
    value: Any = None
    enabled: bool = True
    hint: str = ""


@dataclass
class Menu:
    """A vertical list with a highlight bar; keyboard, mouse and wheel.

    ``handle`` returns the chosen item on the Action Button, else None; the
    caller decides what choosing means. Disabled items are skipped.
    """

    items: list[MenuItem]
    index: int = 0
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    on_change: Callable[[int, int], None] | None = None  # left/right on an item
    line_h: int = LINE_H          # row height; a long list (Options > Keys) may be tighter

    def __post_init__(self) -> None:
        if self.items and not self.items[self.index].enabled:
            self._step(1)

    @property
    def current(self) -> MenuItem | None:
        return self.items[self.index] if self.items else None

    def _step(self, d: int) -> None:
        n = len(self.items)
        for _ in range(n):
            self.index = (self.index + d) % n
            if self.items[self.index].enabled:
                return

    def item_at(self, pos: tuple[int, int]) -> int | None:
        x, y = pos
        if not self.rect.collidepoint(x, y):
            return None
        i = (y - self.rect.y) // self.line_h
        return i if 0 <= i < len(self.items) else None

    def handle(self, action: Action) -> MenuItem | None:
        if not self.items:
            return None
        k = action.kind
        if k == Kind.MOVE:
            if action.dy:
                self._step(action.dy)
            elif action.dx and self.on_change is not None and self.current and self.current.enabled:
                self.on_change(self.index, action.dx)
        elif k == Kind.SCROLL:
            self._step(action.dy)
        elif k == Kind.POINT and action.pos is not None:
            i = self.item_at(action.pos)
            if i is not None and self.items[i].enabled:
                self.index = i
        elif k == Kind.ACTION:
            if action.pos is not None:
                i = self.item_at(action.pos)
                if i is None or not self.items[i].enabled:
                    return None
                self.index = i
            return self.current if self.current and self.current.enabled else None
        return None

    def layout(self, x: int, y: int, width: int) -> None:
        self.rect = pygame.Rect(x, y, width, self.line_h * len(self.items))

    def draw(self, surface: pygame.Surface, font: Font, fg: int = P.WHITE, bar: int = P.CYAN,
             bar_fg: int = P.BLACK, disabled: int = P.LIGHT_GRAY) -> None:
        x, y, w = self.rect.x, self.rect.y, self.rect.w
        dy = 1 + max(0, self.line_h - LINE_H) // 2         # words in the middle of a taller row
        for i, item in enumerate(self.items):
            yy = y + i * self.line_h
            if i == self.index:
                # a greyed item under the cursor stays greyed: a dark bar, not the bar of one to choose
                surface.fill(bar if item.enabled else P.DARK_GRAY, (x, yy, w, self.line_h))
                color = bar_fg if item.enabled else disabled
            else:
                color = fg if item.enabled else disabled
            font.draw(surface, item.label, x + 8, yy + dy, color)


class TextView:
    """Scrolling text: lines, a window of visible rows, a scroll bar."""

    def __init__(self, lines: list[str], rows: int) -> None:
        self.lines = lines
        self.rows = max(1, rows)
        self.top = 0

    @property
    def max_top(self) -> int:
        return max(0, len(self.lines) - self.rows)

    def scroll(self, n: int) -> None:
        self.top = min(max(0, self.top + n), self.max_top)

    def handle(self, action: Action) -> bool:
        """Scroll on direction keys/wheel; True when the action was used."""
        if action.kind == Kind.MOVE:
            if action.dx == 0:
                self.scroll(action.dy)
            elif action.dy == 0:
                self.scroll(action.dx * self.rows)   # left/right page
            else:
                # Home/End (dx=-1) go to the ends; PgUp/PgDn (dx=+1) page.
                if action.dx < 0:
                    self.top = 0 if action.dy < 0 else self.max_top
                else:
                    self.scroll(action.dy * self.rows)
            return True
        if action.kind == Kind.SCROLL:
            self.scroll(action.dy * 3)
            return True
        return False

    def draw(self, surface: pygame.Surface, font: Font, rect: pygame.Rect, color: int = P.WHITE,
             styles: Callable[[str], tuple[str, int]] | None = None) -> None:
        x, y = rect.x, rect.y
        for line in self.lines[self.top:self.top + self.rows]:
            text, c = styles(line) if styles else (line, color)
            font.draw(surface, text, x, y, c)
            y += LINE_H
        if self.max_top > 0:
            bar = pygame.Rect(rect.right - 6, rect.y, 6, self.rows * LINE_H)
            surface.fill(P.DARK_GRAY, bar)
            h = max(8, bar.h * self.rows // len(self.lines))
            ty = bar.y + (bar.h - h) * self.top // self.max_top
            surface.fill(P.LIGHT_GRAY, (bar.x, ty, bar.w, h))


def columns_for(width_px: int) -> int:
    return width_px // GLYPH_W
