"""The project's own 8x14 bitmap font, drawn in any palette colour.

Glyphs come from ``assets/font/ega8x14.txt`` (text grids). Rendered lines
are cached per (text, colour), because a frame redraws the same labels
every tick and blitting one surface beats blitting thirty glyphs.
"""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path

import pygame

from jayden_jazz.shell.palette import FULL_PALETTE

GLYPH_W, GLYPH_H = 8, 14
_KEY = 255  # an unused palette slot marks transparent paper


class Font:
    def __init__(self, glyphs: dict[str, list[str]], cache_size: int = 512) -> None:
        self._bits: dict[str, list[str]] = glyphs
        self._fallback = glyphs.get("?")
        self._cache: OrderedDict[tuple[str, int], pygame.Surface] = OrderedDict()
        self._cache_size = cache_size

    @classmethod
    def load(cls, path: Path) -> "Font":
        from jayden_jazz.shell.pixelart import load_font_glyphs

        return cls(load_font_glyphs(path))

    def has(self, ch: str) -> bool:
        return ch in self._bits

    def width(self, text: str) -> int:
        return GLYPH_W * len(text)

    def render(self, text: str, color: int) -> pygame.Surface:
        """A colour-keyed 8-bit surface holding the text (cached)."""
        key = (text, color)
        surf = self._cache.get(key)
        if surf is not None:
            self._cache.move_to_end(key)
            return surf
        surf = pygame.Surface((max(1, GLYPH_W * len(text)), GLYPH_H), depth=8)
        surf.set_palette(FULL_PALETTE)
        surf.fill(_KEY)
        surf.set_colorkey(_KEY)
        with pygame.PixelArray(surf) as px:
            for i, ch in enumerate(text):
                rows = self._bits.get(ch, self._fallback)
                if rows is None or ch == " ":
                    continue
                x0 = i * GLYPH_W
                for y, row in enumerate(rows):
                    for x, c in enumerate(row):
                        if c == "#":
                            px[x0 + x, y] = color  # type: ignore[index]  # the stubs lack item assignment
        self._cache[key] = surf
        if len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)
        return surf

    def draw(self, surface: pygame.Surface, text: str, x: int, y: int, color: int,
             bg: int | None = None) -> int:
        """Draw text at (x, y); returns the x just after it."""
        if not text:
            return x
        if bg is not None:
            surface.fill(bg, (x, y, GLYPH_W * len(text), GLYPH_H))
        surface.blit(self.render(text, color), (x, y))
        return x + GLYPH_W * len(text)

    def draw_centered(self, surface: pygame.Surface, text: str, cx: int, y: int, color: int,
                      bg: int | None = None) -> None:
        self.draw(surface, text, cx - self.width(text) // 2, y, color, bg)


def wrap(text: str, columns: int) -> list[str]:
    """Word-wrap to a column count (8x14 cells); keeps blank lines as paragraph breaks."""
    out: list[str] = []
    for para in text.split("\n"):
        words = para.split()
        if not words:
            out.append("")
            continue
        line = ""
        for w in words:
            while len(w) > columns:
                if line:
                    out.append(line)
                    line = ""
                out.append(w[:columns])
                w = w[columns:]
            if not line:
                line = w
            elif len(line) + 1 + len(w) <= columns:
                line += " " + w
            else:
                out.append(line)
                line = w
        if line:
            out.append(line)
    return out
