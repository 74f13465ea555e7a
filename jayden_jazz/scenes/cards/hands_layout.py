"""Where the hand picker draws: the grid of tiles, the hand strip, the buttons, the toolbar."""

from __future__ import annotations

import pygame

from jayden_jazz.scenes.cardkit.cardview import VIEW_W

GRID = pygame.Rect(6, 36, 380, 230)
PITCH_X, PITCH_Y = 126, 46
TILE = (124, 44)
COLS = GRID.w // PITCH_X
ROWS = GRID.h // PITCH_Y
STRIP = pygame.Rect(6, 306, 230, 40)
BUTTONS = ("Random hand", "Last hand", "Saved hands", "Clear", "Done")
BUTTON_X, BUTTON_W = 246, 140
BUTTON_Y0 = 268
SORTS = ("pack", "name", "points")
SORT_NAMES = {"pack": "Pack", "name": "Name", "points": "Points"}
SORT_RECT = pygame.Rect(150, 18, 108, 14)
PACK_RECT = pygame.Rect(262, 18, 124, 14)
FIND_RECT = pygame.Rect(4, 18, SORT_RECT.x - 2 - 4, 14)
"""The Find line, left of the Sort button: the search shows its end when the whole does not fit."""
VIEW_X = 640 - VIEW_W
