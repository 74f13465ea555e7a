"""The big announcement of a classic capture ("Same!", "Plus!", "Combo!") in its own pixel look.

The game font's letters blown up three times, each block painted in three
bands (light on top, the rule's colour, a darker foot), with a two-pixel
black outline and a hard drop shadow, like the title cards of old EGA
games. Built from the font's own glyphs so it needs no art file, in
palette indices only; cached per word and size.

It never lies over anything a player reads (a card on the field or in a
hand, a panel's head, the field's names): :func:`place_banner` finds the
free room nearest the field's middle, which on a crowded table may need
the smaller letters (see ``TableRenderer.banner_rect``).
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

_CACHE: dict[tuple[str, str, int], pygame.Surface] = {}


def banner(font: Font, word: str, cause: str, scale: int = SCALE) -> pygame.Surface:
    """The word as a colour-keyed 8-bit surface (key: :data:`TRANSPARENT_INDEX`), its letters
    ``scale`` times the font's."""
    key = (word, cause, scale)
    surf = _CACHE.get(key)
    if surf is not None:
        return surf
    glyphs = font.render(word, P.WHITE)
    ink = pygame.surfarray.array2d(glyphs) == P.WHITE          # (w, h), x first
    cols, rows_used = np.nonzero(ink.any(axis=1))[0], np.nonzero(ink.any(axis=0))[0]
    if len(cols):                                               # only the inked box: it needs less room
        ink = ink[cols[0]:cols[-1] + 1, rows_used[0]:rows_used[-1] + 1]
    big = np.kron(ink, np.ones((scale, scale), dtype=bool))
    pad = OUTLINE                                               # the shadow falls right and down only
    w, h = big.shape[0] + 2 * OUTLINE + SHADOW, big.shape[1] + 2 * OUTLINE + SHADOW
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
    third = (rows // scale - lo) * 3 // max(1, hi - lo)         # 0, 1, 2: top, middle, foot band
    colour = np.where(third < 1, top, np.where(third < 2, mid, foot)).astype(np.uint8)
    out[body] = np.broadcast_to(colour, (w, h))[body]
    surf = new_logical_surface((w, h))
    pygame.surfarray.blit_array(surf, out)
    surf.set_colorkey(TRANSPARENT_INDEX)
    _CACHE[key] = surf
    return surf


MARGIN = 2
"""Free pixels kept between the banner and anything it must not cover."""
GRID = 2
"""The search tries every other pixel: a quarter of the work, and the room it finds is the same
to the eye."""


def place_banner(size: tuple[int, int], area: pygame.Rect, blocked: list[pygame.Rect],
                 prefer: tuple[int, int]) -> pygame.Rect | None:
    """Where a banner of ``size`` covers nothing in ``blocked`` (cards, their frames, the panels'
    heads and the field's names), inside ``area``: in the free room nearest ``prefer``, in the
    middle of that room; None where no such place exists.

    Every position is tested at once on a summed-area table of the blocked squares of
    :data:`GRID` pixels (a square counts as blocked when any of its pixels is), so the search
    never misses a blocked pixel and is cheap enough to run when a banner appears."""
    w, h = size[0] + 2 * MARGIN, size[1] + 2 * MARGIN
    cw, ch = -(-w // GRID), -(-h // GRID)                       # the banner in whole squares
    gw, gh = area.w // GRID, area.h // GRID
    if cw > gw or ch > gh:
        return None
    occupied = np.zeros((gh, gw), dtype=bool)                   # rows first here: y, x
    for r in blocked:
        c = r.clip(area)
        if c.w > 0 and c.h > 0:
            occupied[(c.y - area.y) // GRID:-(-(c.bottom - area.y) // GRID),
                     (c.x - area.x) // GRID:-(-(c.right - area.x) // GRID)] = True
    table = np.zeros((gh + 1, gw + 1), dtype=np.int32)
    table[1:, 1:] = occupied.cumsum(axis=0, dtype=np.int32).cumsum(axis=1, dtype=np.int32)
    ny, nx = gh + 1 - ch, gw + 1 - cw
    free = (table[ch:, cw:] - table[:ny, cw:] - table[ch:, :nx] + table[:ny, :nx]) == 0
    ys, xs = np.nonzero(free)
    if len(ys) == 0:
        return None
    dx = xs * GRID + area.x + w / 2 - prefer[0]
    dy = ys * GRID + area.y + h / 2 - prefer[1]
    best = int(np.argmin(dx * dx + dy * dy))                    # ties: the first, top-left
    x = _middle_of_run(free[ys[best], :], int(xs[best]))        # then in the middle of the free room it found
    y = _middle_of_run(free[:, x], int(ys[best]))
    return pygame.Rect(x * GRID + area.x + MARGIN, y * GRID + area.y + MARGIN, *size)


def _middle_of_run(free: np.ndarray, at: int) -> int:
    """The middle of the run of True in ``free`` that holds ``at``."""
    blocked = np.nonzero(~free)[0]
    lo = int(blocked[blocked < at].max()) + 1 if (blocked < at).any() else 0
    hi = int(blocked[blocked > at].min()) - 1 if (blocked > at).any() else len(free) - 1
    return (lo + hi) // 2


__all__ = ["BANDS", "GRID", "MARGIN", "SCALE", "banner", "place_banner"]
