"""The big announcement of a classic capture ("Same!", "Plus!", "Combo!") in its own pixel look.

The game font's letters blown up three times, each block painted in three
bands (light on top, the rule's colour, a darker foot), with a two-pixel
black outline and a hard drop shadow, like the title cards of old EGA
games. Built from the font's own glyphs so it needs no art file, in
palette indices only; cached per word.
"""

from __future__ import annotations

import numpy as np
import pygame

from jayden_jazz.shell import palette as P
from jayden_jazz.shell.display import new_logical_surface
from jayden_jazz.shell.font import Font
from jayden_jazz.shell.pixelart import TRANSPARENT_INDEX

SCALE = 3
OUTLINE = 2
SHADOW = 3
BANDS: dict[str, tuple[int, int, int]] = {
    "same": (P.WHITE, P.YELLOW, P.BROWN),
    "same_wall": (P.WHITE, P.YELLOW, P.BROWN),
    "plus": (P.WHITE, P.LIGHT_CYAN, P.CYAN),
    "combo": (P.WHITE, P.LIGHT_RED, P.RED),
}
"""Top, middle and foot colours of each rule's word."""

_CACHE: dict[tuple[str, str], pygame.Surface] = {}


def banner(font: Font, word: str, cause: str) -> pygame.Surface:
    """The word as a colour-keyed 8-bit surface (key: :data:`TRANSPARENT_INDEX`)."""
    key = (word, cause)
    surf = _CACHE.get(key)
    if surf is not None:
        return surf
    glyphs = font.render(word, P.WHITE)
    ink = pygame.surfarray.array2d(glyphs) == P.WHITE          # (w, h), x first
    big = np.kron(ink, np.ones((SCALE, SCALE), dtype=bool))
    pad = OUTLINE + SHADOW
    w, h = big.shape[0] + 2 * pad, big.shape[1] + 2 * pad
    body = np.zeros((w, h), dtype=bool)
    body[pad:pad + big.shape[0], pad:pad + big.shape[1]] = big
    edge = body.copy()
    for dx in range(-OUTLINE, OUTLINE + 1):
        for dy in range(-OUTLINE, OUTLINE + 1):
            edge |= np.roll(np.roll(body, dx, axis=0), dy, axis=1)
    shadow = np.roll(np.roll(edge, SHADOW, axis=0), SHADOW, axis=1)
    out = np.full((w, h), TRANSPARENT_INDEX, dtype=np.uint8)
    out[shadow] = P.DARK_GRAY
    out[edge] = P.BLACK
    top, mid, foot = BANDS.get(cause, (P.WHITE, P.YELLOW, P.BROWN))
    rows = np.arange(h)[None, :] - pad
    inked = np.nonzero(ink.any(axis=0))[0]                      # the glyph rows the word uses
    lo, hi = (int(inked[0]), int(inked[-1]) + 1) if len(inked) else (0, 14)
    third = (rows // SCALE - lo) * 3 // max(1, hi - lo)         # 0, 1, 2: top, middle, foot band
    colour = np.where(third < 1, top, np.where(third < 2, mid, foot)).astype(np.uint8)
    out[body] = np.broadcast_to(colour, (w, h))[body]
    surf = new_logical_surface((w, h))
    pygame.surfarray.blit_array(surf, out)
    surf.set_colorkey(TRANSPARENT_INDEX)
    _CACHE[key] = surf
    return surf


def place_banner(size: tuple[int, int], field: pygame.Rect, avoid: list[pygame.Rect]) -> pygame.Rect:
    """Where the banner covers the fewest of the cards a player is following (``avoid``):
    inside the field, as near its middle as that allows."""
    w, h = size
    x = field.centerx - w // 2
    best: tuple[int, int, int] | None = None
    for y in range(field.y, max(field.y, field.bottom - h) + 1, 4):
        r = pygame.Rect(x, y, w, h)
        covered = sum(r.clip(a).w * r.clip(a).h for a in avoid)
        score = (covered, abs(r.centery - field.centery), y)
        if best is None or score < best:
            best = score
    return pygame.Rect(x, best[2] if best else field.centery - h // 2, w, h)


__all__ = ["BANDS", "banner", "place_banner"]
