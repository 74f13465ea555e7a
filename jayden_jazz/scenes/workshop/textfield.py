"""A one-line text field for the Workshop and the Gallery's search.

Keys arrive as actions; the character a key typed is in ``action.text``
(shift applied), so Space, ``v`` and Tab type text here even though the
rest of the game reads them as the Action Button and the card view.
Home and End (the diagonal keys of the manual) jump to the ends. Ctrl+A
selects the whole value (drawn inverted): the next character typed
replaces it (a capital too: Shift alone keeps the selection), Backspace or
Delete empties it, a cursor key ends the selection.
"""

from __future__ import annotations

import unicodedata
from dataclasses import replace
from functools import cache
from typing import Callable

import pygame

from jayden_jazz import paths

from jayden_jazz.shell import palette as P
from jayden_jazz.shell.font import GLYPH_W, Font
from jayden_jazz.shell.input import HOTKEYS, Action, Kind
from jayden_jazz.shell.pixelart import load_font_glyphs


def typed_char(action: Action) -> str:
    """The printable character an action typed, or ''."""
    t = action.text
    if not t and (action.kind == Kind.KEY or action.kind in HOTKEYS) and len(action.key) == 1:
        t = action.key          # a scripted key press (--keys, tests) carries no text
    if len(t) == 1 and t.isprintable() and action.pos is None:
        return t
    return ""


SELECT_ALL = "\x01"
"""What Ctrl+A types (SDL gives the control character), as Ctrl+S and Ctrl+Z are read elsewhere."""


@cache
def _font_chars() -> frozenset[str]:
    """The characters the game's font draws (any other is drawn as '?')."""
    return frozenset(load_font_glyphs(paths.asset("font", "ega8x14.txt")))


def drawable(ch: str) -> bool:
    """Whether the game's font draws ``ch`` as itself."""
    return ch in _font_chars()


def char_words(ch: str) -> str:
    """A character named in words, for one the font cannot show: "latin small letter a with ring above"."""
    return unicodedata.name(ch, f"U+{ord(ch):04X}").lower()


class TextField:
    def __init__(self, value: str = "", max_len: int = 200, *, what: str = "This text",
                 unit: str = "characters", chars: str | None = None, chars_words: str = "",
                 fold: Callable[[str], str] | None = None) -> None:
        """``what`` names the text in refusals ("A pack's name is at most 40 characters.");
        ``chars``, when given, is the only alphabet taken, said as ``chars_words``; ``fold`` turns a
        typed character into the one kept ('' takes the key and keeps nothing: a dash in a code)."""
        self.value = value
        self.cursor = len(value)
        self.max_len = max_len
        self.selected = False           # the whole value, after Ctrl+A
        self.what, self.unit = what, unit
        self.chars, self.chars_words = chars, chars_words
        self.fold = fold
        self.refusal = ""               # why the last key was refused; '' once a key is handled again

    def refuses(self, ch: str) -> str:
        """Why ``ch`` typed now would be refused ('' when it would be taken)."""
        if not drawable(ch):
            return f"The game's font cannot draw {char_words(ch)}."
        if self.chars is not None and ch not in self.chars:
            return f"{self.what} has no \"{ch}\": it uses only {self.chars_words}."
        if len(self.value) >= self.max_len and not self.selected:
            return f"{self.what} is at most {self.max_len} {self.unit} (Backspace makes room)."
        return ""

    def set(self, value: str) -> None:
        self.value = value
        self.cursor = min(self.cursor, len(value))
        self.selected = False

    def handle(self, action: Action) -> bool:
        """Edit on a key; True when the action was used (the value may be unchanged: a refused key
        leaves ``refusal``, which any other key handled clears)."""
        self.refusal = ""
        ch = typed_char(action)
        if ch and (action.kind != Kind.MOVE or ch.isdigit()):
            kept = self.fold(ch) if self.fold is not None else ch
            if not kept:
                return True                 # a separator the field takes and does not keep
            self.refusal = self.refuses(kept)
            if self.refusal:
                return True                 # nothing changes, the selection included
            action = replace(action, text=kept)
        if action.text == SELECT_ALL and action.pos is None:
            self.selected = bool(self.value)
            self.cursor = len(self.value)
            return True
        if self.selected:
            ch = typed_char(action)
            deleting = action.kind == Kind.KEY and action.key in ("backspace", "delete")
            if deleting or (ch and (action.kind != Kind.MOVE or ch.isdigit())):
                self.selected = False
                self.value, self.cursor = "", 0          # the selection goes; a character takes its place
                if deleting:
                    return True
            elif action.kind == Kind.MOVE or (action.kind == Kind.KEY and action.key in ("home", "end")):
                self.selected = False                    # a cursor key ends the selection
            # else Shift (for a capital), Ctrl and the like leave the selection for the key after them
        ch = typed_char(action)
        if ch and (action.kind != Kind.MOVE or ch.isdigit()):
            self.value = self.value[:self.cursor] + ch + self.value[self.cursor:]
            self.cursor += 1
            return True
        if action.kind == Kind.KEY:
            if action.key == "backspace":
                if self.cursor > 0:
                    self.value = self.value[:self.cursor - 1] + self.value[self.cursor:]
                    self.cursor -= 1
                return True
            if action.key == "delete":
                self.value = self.value[:self.cursor] + self.value[self.cursor + 1:]
                return True
            if action.key == "home":
                self.cursor = 0
                return True
            if action.key == "end":
                self.cursor = len(self.value)
                return True
        if action.kind == Kind.MOVE and action.dy == 0 and action.dx:
            self.cursor = min(max(0, self.cursor + action.dx), len(self.value))
            return True
        if action.kind == Kind.MOVE and action.dx == -1 and action.dy:   # Home / End keys
            self.cursor = 0 if action.dy < 0 else len(self.value)
            return True
        return False

    def draw(self, surface: pygame.Surface, font: Font, rect: pygame.Rect, focused: bool,
             fg: int = P.WHITE, bg: int = P.BLACK) -> None:
        """The value in a box; the part around the cursor when it is too long."""
        r = pygame.Rect(rect)
        surface.fill(bg, r)
        cols = max(1, (r.w - 4) // GLYPH_W)
        start = 0
        if len(self.value) >= cols:
            start = max(0, min(self.cursor - cols + 1, len(self.value) - cols + 1)) if focused \
                else 0
        shown = self.value[start:start + cols]
        if focused and self.selected and shown:
            surface.fill(P.CYAN, (r.x + 2, r.y + 1, font.width(shown), min(14, r.h - 2)))
            fg = P.BLACK
        font.draw(surface, shown, r.x + 2, r.y + 1, fg)
        if focused:
            cx = r.x + 2 + (self.cursor - start) * GLYPH_W
            surface.fill(P.YELLOW, (cx, r.y + 1, 1, min(14, r.h - 2)))
        if start > 0:
            surface.fill(P.YELLOW, (r.x, r.y + 1, 1, r.h - 2))
