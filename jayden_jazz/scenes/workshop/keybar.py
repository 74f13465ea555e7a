"""Where the clickable keys of a workshop screen's bottom bar sit.

The workshop's home and its card editor both end in a row of "Key Label"
boxes a click can press; one function places them so the two rows are
measured the same way and a click lands where the box is drawn.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

import pygame


class Measures(Protocol):
    def width(self, text: str) -> int: ...


def key_bar_rects(font: Measures, keys: Iterable[tuple[str, str]], y: int, gap: int) -> list[tuple[pygame.Rect, str]]:
    """Each key's box (16 pixels high, from x=4, ``gap`` pixels apart) with the key it presses."""
    out, x = [], 4
    for key, label in keys:
        w = font.width(f"{key} {label}") + 8
        out.append((pygame.Rect(x, y, w, 16), key))
        x += w + gap
    return out


__all__ = ["key_bar_rects"]
