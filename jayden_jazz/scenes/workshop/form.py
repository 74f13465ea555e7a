"""A form of labelled rows: text fields, choices, the four sides, and buttons.

Up and Down move between rows; a text row takes typing, a choice row
turns with Left/Right (or a click on its arrows), the sides row moves
between its four values with Left/Right and takes 1-9, A (or 1 then 0:
ten), + and -. A 0 alone is not a side value: it changes nothing and the
row says so. The form only edits; what a change means is the callback's
business.
"""

from __future__ import annotations

import string
from dataclasses import dataclass, field
from collections.abc import Set
from typing import Any, Callable

import pygame

from jayden_jazz.cards.card import SIDE_NAMES, side_text
from jayden_jazz.scenes.workshop.textfield import TextField, typed_char
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.font import GLYPH_W, Font
from jayden_jazz.shell.input import Action, Kind

ROW_H = 15
ID_CHARS = string.ascii_lowercase + string.digits + "_-"
"""What a card's or an opponent's id is made of (``cards/validate.py``'s ID_RE; a test holds them equal)."""
ID_WORDS = "small letters a-z, digits 0-9, _ and -"


def id_key(ch: str) -> str:
    """A capital is kept as its small letter and a space as ``_``: an id is typed as a name would be."""
    return "_" if ch == " " else ch.lower() if ch in string.ascii_uppercase else ch


def id_field(value: str, max_len: int) -> TextField:
    """A field for an id: a key outside its alphabet (a dot, an accent) is refused and said why."""
    return TextField(value, max_len, what="An id", chars=ID_CHARS, chars_words=ID_WORDS, fold=id_key)


@dataclass
class Row:
    label: str
    key: str                                    # names the row for undo grouping and tests
    hint: str = ""

    def handle(self, action: Action) -> bool:
        return False

    def click(self, x: int, value_rect: pygame.Rect) -> None:
        """A click on the value part of the row (already focused)."""

    def draw(self, surface: pygame.Surface, font: Font, rect: pygame.Rect, focused: bool) -> None:
        pass


@dataclass
class TextRow(Row):
    field: TextField = field(default_factory=TextField)
    on_change: Callable[[str], None] = lambda v: None
    placeholder: str = ""

    def handle(self, action: Action) -> bool:
        before = self.field.value
        used = self.field.handle(action)
        if self.field.value != before:
            self.on_change(self.field.value)
        return used

    def click(self, x: int, value_rect: pygame.Rect) -> None:
        self.field.cursor = min(len(self.field.value), max(0, (x - value_rect.x - 2) // GLYPH_W))

    def draw(self, surface: pygame.Surface, font: Font, rect: pygame.Rect, focused: bool) -> None:
        self.field.draw(surface, font, rect, focused, bg=P.BLACK if focused else P.BLUE)
        if not self.field.value and self.placeholder:
            font.draw(surface, self.placeholder, rect.x + 4, rect.y + 1, P.DARK_GRAY if focused else P.LIGHT_GRAY)


@dataclass
class ChoiceRow(Row):
    options: list[tuple[str, Any]] = field(default_factory=list)
    get: Callable[[], Any] = lambda: None
    set: Callable[[Any], None] = lambda v: None

    def _index(self) -> int:
        values = [v for _, v in self.options]
        cur = self.get()
        return values.index(cur) if cur in values else 0

    def turn(self, d: int) -> None:
        if self.options:
            self.set(self.options[(self._index() + d) % len(self.options)][1])

    def handle(self, action: Action) -> bool:
        if action.kind == Kind.MOVE and action.dx and not action.dy:
            self.turn(action.dx)
            return True
        if action.kind == Kind.ACTION and action.pos is None:
            self.turn(1)
            return True
        ch = typed_char(action)
        if ch in ("+", "="):
            self.turn(1)
            return True
        if ch == "-":
            self.turn(-1)
            return True
        return False

    def click(self, x: int, value_rect: pygame.Rect) -> None:
        self.turn(-1 if x < value_rect.x + 14 else 1)

    def draw(self, surface: pygame.Surface, font: Font, rect: pygame.Rect, focused: bool) -> None:
        label = self.options[self._index()][0] if self.options else ""
        colour = P.YELLOW if focused else P.WHITE
        font.draw(surface, "\u25c4", rect.x, rect.y + 1, P.LIGHT_CYAN if focused else P.LIGHT_BLUE)
        font.draw(surface, label, rect.x + 14, rect.y + 1, colour)
        font.draw(surface, "\u25ba", rect.x + 18 + font.width(label), rect.y + 1,
                  P.LIGHT_CYAN if focused else P.LIGHT_BLUE)


@dataclass
class ButtonRow(Row):
    text: str = ""
    on_press: Callable[[], object] = lambda: None       # what it returns is not used
    colour: int = P.LIGHT_GREEN

    def handle(self, action: Action) -> bool:
        if action.kind == Kind.ACTION and action.pos is None:
            self.on_press()
            return True
        return False

    def click(self, x: int, value_rect: pygame.Rect) -> None:
        self.on_press()

    def draw(self, surface: pygame.Surface, font: Font, rect: pygame.Rect, focused: bool) -> None:
        font.draw(surface, self.text[: max(1, rect.w // GLYPH_W)], rect.x, rect.y + 1,
                  P.YELLOW if focused else self.colour)


@dataclass
class SidesRow(Row):
    get: Callable[[], tuple[int, ...]] = lambda: (5, 5, 5, 5)
    set: Callable[[int, int], None] = lambda i, v: None
    sub: int = 0
    note: Callable[[str], None] = lambda text: None
    last: str = ""                      # the digit typed just before on this side ("1" makes 0 mean ten)
    BOX = 40

    def handle(self, action: Action) -> bool:
        last, self.last = self.last, ""
        if action.kind == Kind.MOVE and action.dx and not action.dy:
            self.sub = (self.sub + action.dx) % 4
            return True
        ch = typed_char(action).upper()
        value = self.get()[self.sub]
        if ch == "0":
            if last == "1":
                self.set(self.sub, 10)          # "10" typed: ten, written A
            else:
                self.note("0 does nothing: a side is 1-9 or A (10 = A).")
        elif ch and ch in "123456789":
            self.last = ch                      # before set: the editor rebuilds its rows from this one
            self.set(self.sub, int(ch))
        elif ch == "A":
            self.set(self.sub, 10)
        elif ch in ("+", "="):
            self.set(self.sub, min(10, value + 1))
        elif ch == "-":
            self.set(self.sub, max(1, value - 1))
        elif action.kind == Kind.ACTION and action.pos is None:
            self.set(self.sub, value % 10 + 1)
        else:
            return False
        return True

    def click(self, x: int, value_rect: pygame.Rect) -> None:
        i = min(3, max(0, (x - value_rect.x) // self.BOX))
        if i == self.sub:
            self.set(i, self.get()[i] % 10 + 1)
        self.sub = i

    def scroll(self, dy: int) -> None:
        v = self.get()[self.sub]
        self.set(self.sub, min(10, max(1, v - dy)))

    def draw(self, surface: pygame.Surface, font: Font, rect: pygame.Rect, focused: bool) -> None:
        values = self.get()
        for i, name in enumerate(SIDE_NAMES):
            x = rect.x + i * self.BOX
            on = focused and i == self.sub
            font.draw(surface, name[0].upper(), x, rect.y + 1, P.LIGHT_GRAY)
            surface.fill(P.BLACK if on else P.BLUE, (x + 9, rect.y, 20, 15))
            font.draw(surface, side_text(values[i]).rjust(2), x + 11, rect.y + 1, P.YELLOW if on else P.WHITE)


class Form:
    """Rows drawn in a rectangle, scrolling when there are more than fit."""

    def __init__(self, rect: pygame.Rect, label_w: int = 96) -> None:
        self.rect = pygame.Rect(rect)
        self.label_w = label_w
        self.rows: list[Row] = []
        self.index = 0
        self.top = 0

    @property
    def visible_rows(self) -> int:
        return max(1, self.rect.h // ROW_H)

    @property
    def current(self) -> Row | None:
        return self.rows[self.index] if self.rows else None

    def set_rows(self, rows: list[Row], keep_key: str | None = None) -> None:
        """New rows (after a change), keeping the focus on the row with the same key."""
        key = keep_key if keep_key is not None else (self.current.key if self.current else None)
        old = self.index
        self.rows = rows
        keys = [r.key for r in rows]
        self.index = keys.index(key) if key in keys else min(old, max(0, len(rows) - 1))
        self._scroll()

    def focus(self, key: str) -> None:
        keys = [r.key for r in self.rows]
        if key in keys:
            self.index = keys.index(key)
            self._scroll()

    def _scroll(self) -> None:
        n = self.visible_rows
        if self.index < self.top:
            self.top = self.index
        elif self.index >= self.top + n:
            self.top = self.index - n + 1
        self.top = max(0, min(self.top, max(0, len(self.rows) - n)))

    def move(self, d: int) -> None:
        if self.rows:
            self.index = min(max(0, self.index + d), len(self.rows) - 1)
            self._scroll()

    def row_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(self.rect.x, self.rect.y + (i - self.top) * ROW_H, self.rect.w, ROW_H)

    def value_rect(self, i: int) -> pygame.Rect:
        r = self.row_rect(i)
        return pygame.Rect(r.x + self.label_w, r.y, r.w - self.label_w, r.h)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        if not self.rect.collidepoint(pos):
            return None
        i = self.top + (pos[1] - self.rect.y) // ROW_H
        return i if 0 <= i < len(self.rows) else None

    def refusal(self) -> str:
        """Why the focused text row refused the last key typed ('' when it took it, or is not text)."""
        row = self.current
        return row.field.refusal if isinstance(row, TextRow) else ""

    def handle(self, action: Action) -> bool:
        """True when the form used the action."""
        row = self.current
        if isinstance(row, TextRow):
            row.field.refusal = ""              # a refusal is said until the next key, not on coming back
        k = action.kind
        if k in (Kind.POINT, Kind.ACTION) and action.pos is not None:
            i = self.row_at(action.pos)
            if i is None:
                return False
            if k == Kind.ACTION:
                self.index = i
                vr = self.value_rect(i)
                if vr.collidepoint(action.pos):
                    self.rows[i].click(action.pos[0], vr)
            return True
        if k == Kind.SCROLL:
            if isinstance(row, SidesRow) and action.pos is None:
                row.scroll(action.dy)
            else:
                self.top = max(0, min(self.top + action.dy, max(0, len(self.rows) - self.visible_rows)))
            return True
        if row is not None and row.handle(action):
            return True
        if k == Kind.ACTION and action.pos is None and isinstance(row, TextRow):
            self.move(1)                        # Enter in a text field goes on to the next row
            return True
        if k == Kind.MOVE and action.dy and not action.dx:
            self.move(action.dy)
            return True
        if k == Kind.MOVE and action.dy and action.dx > 0:       # PgUp / PgDn
            self.move(action.dy * self.visible_rows)
            return True
        return False

    def draw(self, surface: pygame.Surface, font: Font, problem_rows: Set[str] = frozenset()) -> None:
        for i in range(self.top, min(len(self.rows), self.top + self.visible_rows)):
            row = self.rows[i]
            r = self.row_rect(i)
            focused = i == self.index
            if focused:
                surface.fill(P.CYAN, (r.x, r.y, self.label_w - 4, r.h))
            bad = row.key in problem_rows
            font.draw(surface, row.label, r.x + 3, r.y + 1,
                      P.BLACK if focused else (P.LIGHT_RED if bad else P.LIGHT_CYAN))
            row.draw(surface, font, self.value_rect(i), focused)
        if len(self.rows) > self.visible_rows:
            bar = pygame.Rect(self.rect.right - 3, self.rect.y, 3, self.visible_rows * ROW_H)
            surface.fill(P.DARK_GRAY, bar)
            n = len(self.rows)
            h = max(6, bar.h * self.visible_rows // n)
            ty = bar.y + (bar.h - h) * self.top // max(1, n - self.visible_rows)
            surface.fill(P.LIGHT_GRAY, (bar.x, ty, bar.w, h))
