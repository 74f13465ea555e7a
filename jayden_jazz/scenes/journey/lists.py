"""A scrolling list of rows for the Journey's long lists (opponents by tier, the collection book).

Like :class:`~jayden_jazz.shell.widgets.Menu` (arrows, wheel, pointing and
clicking, disabled rows skipped) but only ``rows`` lines are shown, and the
window follows the cursor.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from jayden_jazz.shell import palette as P
from jayden_jazz.shell.font import Font
from jayden_jazz.shell.input import Action, Kind
from jayden_jazz.shell.widgets import LINE_H


@dataclass
class Row:
    label: str
    value: Any = None
    enabled: bool = True
    colour: int = P.WHITE


@dataclass
class RowList:
    rows: list[Row]
    rect: pygame.Rect
    index: int = 0
    top: int = 0
    line_h: int = LINE_H
    _moved: bool = field(default=False, repr=False)

    def __post_init__(self) -> None:
        self.set_rows(self.rows)

    @property
    def visible(self) -> int:
        return max(1, self.rect.h // self.line_h)

    @property
    def current(self) -> Row | None:
        if 0 <= self.index < len(self.rows) and self.rows[self.index].enabled:
            return self.rows[self.index]
        return None

    def set_rows(self, rows: list[Row], keep: Any = None) -> None:
        self.rows = rows
        self.index = 0
        for i, r in enumerate(rows):
            if r.enabled and (keep is None or r.value == keep):
                self.index = i
                break
        else:
            self.index = next((i for i, r in enumerate(rows) if r.enabled), 0)
        self.top = min(self.top, max(0, len(rows) - self.visible))
        self.follow()

    def follow(self) -> None:
        if self.index < self.top:
            self.top = max(0, self.index - (1 if self.index and not self.rows[self.index - 1].enabled else 0))
        elif self.index >= self.top + self.visible:
            self.top = self.index - self.visible + 1

    def step(self, d: int) -> None:
        i = self.index
        for _ in range(len(self.rows)):
            i += d
            if not 0 <= i < len(self.rows):
                return
            if self.rows[i].enabled:
                self.index = i
                self.follow()
                return

    def row_at(self, pos: tuple[int, int]) -> int | None:
        if not self.rect.collidepoint(pos):
            return None
        i = self.top + (pos[1] - self.rect.y) // self.line_h
        return i if i < len(self.rows) and self.rows[i].enabled else None

    def handle(self, action: Action) -> Row | None:
        """The row chosen (Enter or a click), else None; moves the cursor on arrows, wheel, pointing."""
        k = action.kind
        if k == Kind.MOVE and action.dy:
            self.step(action.dy * (self.visible - 1 if action.dx else 1))   # PgUp/PgDn: a page
        elif k == Kind.SCROLL:
            self.top = min(max(0, self.top + action.dy), max(0, len(self.rows) - self.visible))
        elif k == Kind.POINT and action.pos is not None:
            i = self.row_at(action.pos)
            if i is not None:
                self.index = i
        elif k == Kind.ACTION:
            if action.pos is not None:
                i = self.row_at(action.pos)
                if i is None:
                    return None
                self.index = i
            return self.current
        return None

    def draw(self, surface: pygame.Surface, font: Font) -> None:
        x, w = self.rect.x, self.rect.w
        for n, i in enumerate(range(self.top, min(len(self.rows), self.top + self.visible))):
            row = self.rows[i]
            y = self.rect.y + n * self.line_h
            if i == self.index and row.enabled:
                surface.fill(P.CYAN, (x, y, w, self.line_h))
                colour = P.BLACK
            else:
                colour = row.colour if row.enabled else P.YELLOW
            font.draw(surface, row.label[:w // 8], x + 4, y + 1, colour)
        if len(self.rows) > self.visible:
            bar = pygame.Rect(self.rect.right - 4, self.rect.y, 4, self.visible * self.line_h)
            surface.fill(P.DARK_GRAY, bar)
            h = max(8, bar.h * self.visible // len(self.rows))
            y = bar.y + (bar.h - h) * self.top // max(1, len(self.rows) - self.visible)
            surface.fill(P.LIGHT_GRAY, (bar.x, y, bar.w, h))


__all__ = ["Row", "RowList"]
