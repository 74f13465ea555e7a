"""The project's 3x5 small capitals, for text where the 8x14 font has no room.

A 7x7 card is 40 pixels wide: five 8x14 letters would cover its values,
while five small capitals fit between them. Glyphs come from
``assets/font/small3x5.txt``; lowercase is drawn as capitals, and a
character the font lacks as "?", so any card name can be drawn.
"""

from __future__ import annotations

from collections import OrderedDict
from functools import lru_cache

import pygame

from jayden_jazz.shell.palette import FULL_PALETTE

SMALL_W, SMALL_H = 3, 5
ADVANCE, LINE = SMALL_W + 1, SMALL_H + 1
_KEY = 255


class SmallFont:
    def __init__(self, glyphs: dict[str, list[str]]) -> None:
        self._bits = glyphs
        self._cache: OrderedDict[tuple[str, int], pygame.Surface] = OrderedDict()

    def width(self, text: str) -> int:
        """Pixels from the first ink column to the last (no trailing gap)."""
        return max(0, ADVANCE * len(text) - 1)

    def columns(self, pixels: int) -> int:
        """How many letters fit in ``pixels``."""
        return max(0, (pixels + 1) // ADVANCE)

    def render(self, text: str, color: int) -> pygame.Surface:
        key = (text, color)
        surf = self._cache.get(key)
        if surf is not None:
            self._cache.move_to_end(key)
            return surf
        surf = pygame.Surface((max(1, self.width(text)), SMALL_H), depth=8)
        surf.set_palette(FULL_PALETTE)
        surf.fill(_KEY)
        surf.set_colorkey(_KEY)
        with pygame.PixelArray(surf) as px:
            for i, ch in enumerate(text.upper()):
                rows = self._bits.get(ch) or self._bits.get("?")
                if rows is None:
                    continue
                for y, row in enumerate(rows):
                    for x, c in enumerate(row):
                        if c == "#":
                            px[i * ADVANCE + x, y] = color  # type: ignore[index]
        self._cache[key] = surf
        if len(self._cache) > 256:
            self._cache.popitem(last=False)
        return surf

    def draw(self, surface: pygame.Surface, text: str, x: int, y: int, color: int) -> None:
        if text:
            surface.blit(self.render(text, color), (x, y))

    def draw_centered(self, surface: pygame.Surface, text: str, cx: int, y: int, color: int) -> None:
        self.draw(surface, text, cx - self.width(text) // 2, y, color)


@lru_cache(maxsize=1)
def small_font() -> SmallFont:
    from jayden_jazz.paths import asset
    from jayden_jazz.shell.pixelart import parse_font

    path = asset("font", "small3x5.txt")
    return SmallFont(parse_font(path.read_text(encoding="utf-8"), str(path), (SMALL_W, SMALL_H)))


ELLIPSIS = "\u2026"


def cut_word(word: str, columns: int) -> str:
    """A word in ``columns`` letters: whole, or its start with an ellipsis ("Springwri…"), never
    split over two lines, where the reader would take its halves for two words."""
    if len(word) <= columns:
        return word
    return word[:columns - 1] + ELLIPSIS if columns > 1 else ELLIPSIS[:columns]


def name_lines(name: str, columns: int, lines: int) -> list[str]:
    """A card name in at most ``lines`` lines of ``columns`` letters, broken only between words.

    Words that fit are kept whole; when the name needs more lines, the
    first words stay and the last word (often the one that tells cards
    apart: "Mid Tier Milo") takes the last line. A word longer than a line
    is cut with an ellipsis.
    """
    words = name.split()
    if not words or columns <= 0 or lines <= 0:
        return []
    out: list[str] = []
    for w in words:
        w = cut_word(w, columns)
        if out and len(out[-1]) + 1 + len(w) <= columns:
            out[-1] += " " + w
        else:
            out.append(w)
    if len(out) <= lines:
        return out
    if lines == 1:
        return [out[0]]
    return out[:lines - 1] + [cut_word(words[-1], columns)]
