"""The Elemental rule's eight glyphs (``assets/sprites/elements.txt``) on cards and cells.

A card's own element sits in its top left corner on a black plate; an
elemental cell shows its glyph in the middle while empty, and in the
bottom left corner of the card lying on it (plate framed in the cell's
dark gray, with the +1 or -1 it gives that card when there is room), so
the cell is never hidden under the card.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from jayden_jazz.shell import palette as P
from jayden_jazz.shell.font import Font

GLYPH = 9
PLATE = GLYPH + 2
ELEMENT_NAMES = {"fire": "Fire", "ice": "Ice", "thunder": "Thunder", "earth": "Earth", "poison": "Poison",
                 "wind": "Wind", "water": "Water", "holy": "Holy"}


@lru_cache(maxsize=None)
def glyphs() -> dict[str, pygame.Surface]:
    """Every element's 9x9 glyph (colour-keyed palette surfaces); empty if the art is missing."""
    try:
        from jayden_jazz.shell.art import sprite_sheet

        return dict(sprite_sheet("elements.txt"))
    except (FileNotFoundError, ValueError, OSError):
        return {}


def glyph(element: str, scale: int = 1) -> pygame.Surface | None:
    g = glyphs().get(element)
    if g is None or scale == 1:
        return g
    return pygame.transform.scale(g, (GLYPH * scale, GLYPH * scale))


def draw_element(surface: pygame.Surface, element: str, x: int, y: int, frame: int | None = None,
                 scale: int = 1) -> pygame.Rect:
    """The glyph on a black plate with its top left at (x, y); returns the plate."""
    size = GLYPH * scale + 2
    plate = pygame.Rect(x, y, size, size)
    surface.fill(P.BLACK, plate)
    g = glyph(element, scale)
    if g is not None:
        surface.blit(g, (x + 1, y + 1))
    if frame is not None:
        pygame.draw.rect(surface, frame, plate.inflate(2, 2), 1)
    return plate


def card_element(surface: pygame.Surface, r: pygame.Rect, element: str) -> None:
    """A card's own element: top left corner, clear of the top value and the ability mark."""
    inset = 2 if min(r.w, r.h) >= 40 else 1
    draw_element(surface, element, r.x + inset, r.y + inset)


def empty_cell_glyph(r: pygame.Rect) -> tuple[pygame.Rect, int]:
    """Where an empty elemental cell's glyph goes in the card rect ``r``, and its scale."""
    scale = 3 if r.w >= 90 else (2 if r.w >= 50 else 1)
    size = GLYPH * scale + 2
    return pygame.Rect(r.centerx - size // 2, r.centery - size // 2, size, size), scale


def empty_cell_element(surface: pygame.Surface, r: pygame.Rect, element: str) -> None:
    """An elemental cell with no card: the glyph in the middle, twice as large where it fits."""
    at, scale = empty_cell_glyph(r)
    draw_element(surface, element, at.x, at.y, P.DARK_GRAY, scale)


def cell_under_card(surface: pygame.Surface, font: Font, r: pygame.Rect, element: str, modifier: int) -> None:
    """The cell's element on the card lying there, framed in light gray (a cell's mark, not the
    card's), left of the picture on large cards with the +1 or -1 it gives, else bottom left."""
    if r.w >= 84 and r.h >= 96:
        plate = draw_element(surface, element, r.x + 4, r.y + 47, P.LIGHT_GRAY)
        text = f"{modifier:+d}"
        font.draw(surface, text, plate.x, plate.bottom + 2, P.YELLOW if modifier > 0 else P.LIGHT_CYAN, P.BLACK)
    else:
        draw_element(surface, element, r.x + 2, r.bottom - PLATE - 2, P.LIGHT_GRAY)


__all__ = ["ELEMENT_NAMES", "GLYPH", "card_element", "cell_under_card", "draw_element", "empty_cell_element",
           "empty_cell_glyph", "glyph", "glyphs"]
