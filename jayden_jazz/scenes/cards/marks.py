"""Marks the card table draws over cards to say why: what Same or Plus matched, the values a
picked card would have on a free cell, a whole name where a face is too small for it, the last
placement, the corners of a card a move would capture, and the cards of a hidden hand the other
seats know. Drawing only; the renderer decides where."""

from __future__ import annotations

import pygame

from jayden_jazz.cards.card import side_text
from jayden_jazz.scenes.cardkit.cards_art import value_colour, value_spots
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.font import Font

BAR_H, SCREEN_W, SCREEN_H = 16, 640, 350


def matched_mark(surface: pygame.Surface, r: pygame.Rect, side: int) -> None:
    """A value Same or Plus counted: framed in yellow on black, so the pairs read at a glance."""
    spots = value_spots(r)
    if spots is None:
        return
    x, y = spots[side]
    box = pygame.Rect(x - 3, y - 1, 14, 16).clip(r)
    pygame.draw.rect(surface, P.BLACK, box.inflate(2, 2), 1)
    pygame.draw.rect(surface, P.YELLOW, box, 2)


def values_preview(surface: pygame.Surface, font: Font, r: pygame.Rect, now: tuple[int, ...],
                   printed: tuple[int, ...]) -> None:
    """The picked card's values as they would be on this free cell: on their sides, a value
    Elemental or an effect would change in yellow (raised) or light cyan (lowered) on black."""
    cx, mid = r.centerx - 4, r.centery - 7          # at the edges: the cell's element glyph stays seen
    spots = ((cx, r.y + 3), (r.right - 12, mid), (cx, r.bottom - 17), (r.x + 4, mid))
    for i, (x, y) in enumerate(spots):
        font.draw(surface, side_text(now[i]), x, y, value_colour(now[i], printed[i]), P.BLACK)


def name_plate(surface: pygame.Surface, font: Font, r: pygame.Rect, name: str, bottom: int) -> None:
    """The whole name of the card on ``r`` in the ordinary font, on a plate just under it (over
    it when that would pass ``bottom``), where the face is too small to write it whole (5x5,
    7x7); large faces write it themselves."""
    if r.w >= 84 and r.h >= 96:
        return
    plate = pygame.Rect(0, 0, font.width(name) + 8, 16)
    plate.midtop = (r.centerx, r.bottom + 4)
    if plate.bottom > bottom:
        plate.midbottom = (r.centerx, r.y - 4)
    plate.clamp_ip(pygame.Rect(0, BAR_H, SCREEN_W, SCREEN_H - 2 * BAR_H))
    surface.fill(P.BLACK, plate)
    pygame.draw.rect(surface, P.WHITE, plate, 1)
    font.draw(surface, name, plate.x + 4, plate.y + 1, P.WHITE)


def known_mark(surface: pygame.Surface, r: pygame.Rect) -> None:
    """An open eye in the bottom right corner: the other seats know this card of a hidden hand."""
    x, y = r.right - 12, r.bottom - 9
    pygame.draw.ellipse(surface, P.BLACK, (x - 1, y - 1, 12, 8))
    pygame.draw.ellipse(surface, P.WHITE, (x, y, 10, 6))
    surface.fill(P.BLACK, (x + 4, y + 2, 2, 2))


def last_mark(surface: pygame.Surface, r: pygame.Rect) -> None:
    """The last placement: a white frame with a notch on each side, until the next one."""
    pygame.draw.rect(surface, P.WHITE, r, 1)
    cx, cy = r.centerx, r.centery
    for a, b in (((cx - 4, r.y), (cx + 4, r.y)), ((cx - 4, r.bottom - 1), (cx + 4, r.bottom - 1)),
                 ((r.x, cy - 4), (r.x, cy + 4)), ((r.right - 1, cy - 4), (r.right - 1, cy + 4))):
        pygame.draw.line(surface, P.WHITE, a, b, 3)


def corner_marks(surface: pygame.Surface, r: pygame.Rect, colour: int) -> None:
    """A short bar pair in each corner of ``r``: with a frame, a card the picked card would capture."""
    for (x, y, dx, dy) in ((r.x + 1, r.y + 1, 1, 1), (r.right - 2, r.y + 1, -1, 1),
                           (r.x + 1, r.bottom - 2, 1, -1), (r.right - 2, r.bottom - 2, -1, -1)):
        pygame.draw.line(surface, colour, (x, y), (x + 6 * dx, y), 2)
        pygame.draw.line(surface, colour, (x, y), (x, y + 6 * dy), 2)


__all__ = ["corner_marks", "known_mark", "last_mark", "matched_mark", "name_plate", "values_preview"]
