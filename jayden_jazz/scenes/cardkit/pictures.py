"""Card pictures brought into the 16-colour world.

A pack may ship any PNG (or other format pygame reads). Each pixel is
mapped to the nearest EGA colour with numpy and the result kept as an
8-bit palette surface, so a screenshot can never hold a colour outside the
palette. Pictures are loaded once per file, size and change time, and only
after their header says they are within the limits of
:mod:`jayden_jazz.cards.picturefile` (a larger one is shown as no picture).
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pygame

from jayden_jazz.cards import picturefile
from jayden_jazz.shell.display import new_logical_surface
from jayden_jazz.shell.palette import EGA_RGB

TRANSPARENT = 255
_EGA = np.array(EGA_RGB, dtype=np.int32)
_CACHE: dict[tuple, pygame.Surface | None] = {}


def nearest_ega(rgb: np.ndarray) -> np.ndarray:
    """(..., 3) RGB -> (...) EGA indices by squared distance (ties go to the lower index)."""
    flat = rgb.reshape(-1, 3).astype(np.int32)
    d = ((flat[:, None, :] - _EGA[None, :, :]) ** 2).sum(axis=2)
    return d.argmin(axis=1).astype(np.uint8).reshape(rgb.shape[:-1])


def _fit(w: int, h: int, box: tuple[int, int]) -> tuple[int, int]:
    bw, bh = box
    if w <= bw and h <= bh:
        k = max(1, min(bw // w, bh // h))     # whole-number upscale keeps pixels square and crisp
        return w * k, h * k
    s = min(bw / w, bh / h)
    return max(1, int(w * s)), max(1, int(h * s))


def to_ega(image: pygame.Surface, box: tuple[int, int] | None = None) -> pygame.Surface:
    """Any surface -> 8-bit EGA surface, fitted into ``box`` keeping its shape.

    Downscaling is done in true colour first (smoothscale), then quantised;
    upscaling is by whole numbers only. Pixels under half opacity become
    transparent (colour key).
    """
    w, h = image.get_size()
    rgba = pygame.Surface((w, h), pygame.SRCALPHA, 32)
    rgba.fill((0, 0, 0, 0))
    rgba.blit(image, (0, 0))
    if box is not None:
        tw, th = _fit(w, h, box)
        if (tw, th) != (w, h):
            rgba = (pygame.transform.smoothscale(rgba, (tw, th)) if tw < w
                    else pygame.transform.scale(rgba, (tw, th)))
            w, h = tw, th
    raw = np.frombuffer(pygame.image.tobytes(rgba, "RGBA"), dtype=np.uint8).reshape(h, w, 4)
    idx = nearest_ega(raw[:, :, :3])
    idx[raw[:, :, 3] < 128] = TRANSPARENT
    surf = new_logical_surface((w, h))
    pygame.surfarray.blit_array(surf, np.ascontiguousarray(idx.T))
    surf.set_colorkey(TRANSPARENT)
    return surf


def ega_picture(path: Path | str | None, box: tuple[int, int] = (64, 64)) -> pygame.Surface | None:
    """The card's picture fitted into ``box``, or None when there is none or it cannot be read."""
    if path is None:
        return None
    p = Path(path)
    try:
        st = p.stat()
        key = (str(p), st.st_mtime_ns, st.st_size, box)
    except OSError:
        return None
    if key in _CACHE:
        return _CACHE[key]
    try:
        picturefile.check(p)       # size from the header: nothing huge is ever decoded
        data = picturefile.read_plain(p)   # a plain file only: a named pipe would block the game
        surf: pygame.Surface | None = to_ega(pygame.image.load(io.BytesIO(data), p.name), box)
    except (picturefile.PictureError, pygame.error, OSError, ValueError, MemoryError):
        surf = None
    if len(_CACHE) > 400:
        _CACHE.clear()
    _CACHE[key] = surf
    return surf
