"""The EGA default palette: every drawing call in the game uses these indices.

Drawing with indices (not RGB) is what keeps every frame inside the 16
colours; a test checks screenshots against :data:`EGA_RGB`.
"""

from __future__ import annotations

EGA_RGB: tuple[tuple[int, int, int], ...] = (
    (0x00, 0x00, 0x00),  # 0 black
    (0x00, 0x00, 0xAA),  # 1 blue
    (0x00, 0xAA, 0x00),  # 2 green
    (0x00, 0xAA, 0xAA),  # 3 cyan
    (0xAA, 0x00, 0x00),  # 4 red
    (0xAA, 0x00, 0xAA),  # 5 magenta
    (0xAA, 0x55, 0x00),  # 6 brown
    (0xAA, 0xAA, 0xAA),  # 7 light gray
    (0x55, 0x55, 0x55),  # 8 dark gray
    (0x55, 0x55, 0xFF),  # 9 light blue
    (0x55, 0xFF, 0x55),  # 10 light green
    (0x55, 0xFF, 0xFF),  # 11 light cyan
    (0xFF, 0x55, 0x55),  # 12 light red
    (0xFF, 0x55, 0xFF),  # 13 light magenta
    (0xFF, 0xFF, 0x55),  # 14 yellow
    (0xFF, 0xFF, 0xFF),  # 15 white
)

BLACK, BLUE, GREEN, CYAN, RED, MAGENTA, BROWN, LIGHT_GRAY = range(8)
DARK_GRAY, LIGHT_BLUE, LIGHT_GREEN, LIGHT_CYAN, LIGHT_RED, LIGHT_MAGENTA, YELLOW, WHITE = range(8, 16)

# 8-bit surfaces carry a 256-entry palette; the unused tail stays black so a
# stray index is visible as a bug in the palette test rather than as a colour.
FULL_PALETTE: list[tuple[int, int, int]] = list(EGA_RGB) + [(0, 0, 0)] * (256 - 16)
