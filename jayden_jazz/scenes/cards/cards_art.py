"""Drawing one card at any size: faces with their four values, and backs.

Every size shows the four side values as a cross (top, left, right,
bottom) around the card's middle, so a 7x7 field stays readable; bigger
cards add the picture and the name. Values changed by an active effect are
drawn in yellow (raised) or light cyan (lowered).
"""

from __future__ import annotations

from collections import OrderedDict
from functools import lru_cache

import pygame

from jayden_jazz.cards import Card, side_text
from jayden_jazz.scenes.cards import players as seats
from jayden_jazz.scenes.cards.pictures import ega_picture
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.display import new_logical_surface
from jayden_jazz.shell.font import Font

MINI = (30, 40)
"""Hand cards and the chooser's grid: just big enough for the value cross."""

RAISED, LOWERED, PLAIN = P.YELLOW, P.LIGHT_CYAN, P.WHITE
NEUTRAL = (P.DARK_GRAY, P.LIGHT_GRAY)


def value_colour(now: int, printed: int) -> int:
    return PLAIN if now == printed else (RAISED if now > printed else LOWERED)


def draw_cross(surface: pygame.Surface, font: Font, cx: int, cy: int, values: tuple[int, ...],
               printed: tuple[int, ...] | None = None, bg: int | None = None) -> None:
    """Four values around (cx, cy): top, right, bottom, left (the project's side order).

    The cross is 26x40 pixels; digits are drawn so their ink sits inside it.
    """
    printed = printed or values
    t, r, b, l = (side_text(v) for v in values)
    col = [value_colour(values[i], printed[i]) for i in range(4)]
    font.draw(surface, t, cx - 4, cy - 22, col[0], bg)
    font.draw(surface, l, cx - 13, cy - 9, col[3], bg)
    font.draw(surface, r, cx + 5, cy - 9, col[1], bg)
    font.draw(surface, b, cx - 4, cy + 4, col[2], bg)


_FACES: "OrderedDict[tuple, pygame.Surface]" = OrderedDict()
FACE_CACHE_SIZE = 600


def draw_face(surface: pygame.Surface, font: Font, rect: pygame.Rect, card: Card, owner: int | None,
              values: tuple[int, ...] | None = None, *, picture: bool = True) -> None:
    """A card face filling ``rect`` in its controller's colours (gray when nobody holds it yet).

    Faces are drawn once per card, owner, values and size and then blitted:
    a 7x7 table with four open hands shows over a hundred of them a frame.
    """
    r = pygame.Rect(rect)
    key = (card.id, card.sides, card.picture, owner, tuple(values) if values else None, r.size, picture)
    surf = _FACES.get(key)
    if surf is None:
        surf = new_logical_surface(r.size)
        paint_face(surf, font, surf.get_rect(), card, owner, values, picture=picture)
        _FACES[key] = surf
        if len(_FACES) > FACE_CACHE_SIZE:
            _FACES.popitem(last=False)
    else:
        _FACES.move_to_end(key)
    surface.blit(surf, r.topleft)


def paint_face(surface: pygame.Surface, font: Font, rect: pygame.Rect, card: Card, owner: int | None,
               values: tuple[int, ...] | None = None, *, picture: bool = True) -> None:
    """Draw a face directly (what :func:`draw_face` caches)."""
    fill, edge = NEUTRAL if owner is None else (seats.dark(owner), seats.light(owner))
    r = pygame.Rect(rect)
    surface.fill(fill, r)
    pygame.draw.rect(surface, edge, r, 1)
    values = values or card.sides
    if r.w >= 84 and r.h >= 96:
        _large(surface, font, r, card, values, picture)
    elif r.w >= 56 and r.h >= 56:
        _medium(surface, font, r, card, values, picture)
    else:
        draw_cross(surface, font, r.centerx, r.y + r.h // 2, values, card.sides)


def _large(surface: pygame.Surface, font: Font, r: pygame.Rect, card: Card, values: tuple[int, ...],
           picture: bool) -> None:
    pic = ega_picture(card.picture, (64, 64)) if picture else None
    px = r.right - 68
    if pic is not None:
        surface.fill(P.BLACK, (px - 1, r.y + 3, 66, 66))
        surface.blit(pic, (px + (64 - pic.get_width()) // 2, r.y + 4 + (64 - pic.get_height()) // 2))
    else:
        surface.fill(P.BLACK, (px - 1, r.y + 3, 66, 66))
        initial = big_text(font, (card.name[:1] or "?").upper(), P.DARK_GRAY)
        surface.blit(initial, (px + 32 - initial.get_width() // 2, r.y + 22))
    draw_cross(surface, font, r.x + 16, r.y + 36, values, card.sides)
    _name(surface, font, r, card.name, r.y + 71)


def _medium(surface: pygame.Surface, font: Font, r: pygame.Rect, card: Card, values: tuple[int, ...],
            picture: bool) -> None:
    pic = ega_picture(card.picture, (32, 32)) if picture and r.w >= 60 else None
    if pic is not None:
        surface.fill(P.BLACK, (r.right - 35, r.centery - 17, 34, 34))
        surface.blit(pic, (r.right - 34, r.centery - 16))
        draw_cross(surface, font, r.x + 15, r.centery, values, card.sides)
    else:
        draw_cross(surface, font, r.centerx, r.centery, values, card.sides)


def _name(surface: pygame.Surface, font: Font, r: pygame.Rect, name: str, y: int) -> None:
    from jayden_jazz.shell.font import wrap

    cols = max(1, (r.w - 4) // 8)
    lines = wrap(name, cols)[:2]
    for i, line in enumerate(lines):
        font.draw_centered(surface, line, r.centerx, y + i * 13, P.WHITE)


_BIG: dict[tuple[str, int], pygame.Surface] = {}


def big_text(font: Font, text: str, colour: int) -> pygame.Surface:
    """Text at twice the font size (pixel-doubled), cached."""
    key = (text, colour)
    surf = _BIG.get(key)
    if surf is None:
        glyph = font.render(text, colour)
        # scale keeps the colour key as an index; set_colorkey(get_colorkey()) would
        # map its RGB (black) back to index 0 and leak index 255 onto the screen
        surf = pygame.transform.scale(glyph, (glyph.get_width() * 2, glyph.get_height() * 2))
        _BIG[key] = surf
    return surf


@lru_cache(maxsize=32)
def back_surface(size: tuple[int, int]) -> pygame.Surface:
    """The ``card_back`` sprite at a size (nearest-neighbour, so only its own colours appear)."""
    w, h = size
    try:
        from jayden_jazz.shell.art import sprite_sheet

        sprite = sprite_sheet("title.txt").get("card_back")
    except (FileNotFoundError, ValueError, OSError):
        sprite = None
    if sprite is None:
        surf = new_logical_surface((w, h))
        surf.fill(P.BLUE)
        pygame.draw.rect(surf, P.WHITE, surf.get_rect(), 1)
        return surf
    if sprite.get_size() == (w, h):
        return sprite
    out = new_logical_surface((w, h))
    out.fill(P.BLACK)
    scaled = pygame.transform.scale(sprite, (w, h))
    out.blit(scaled, (0, 0))
    return out


def draw_back(surface: pygame.Surface, rect: pygame.Rect) -> None:
    r = pygame.Rect(rect)
    surface.blit(back_surface((r.w, r.h)), r.topleft)


def draw_slot(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """An empty place a card can go."""
    r = pygame.Rect(rect)
    surface.fill(P.BLACK, r)
    pygame.draw.rect(surface, P.DARK_GRAY, r, 1)
