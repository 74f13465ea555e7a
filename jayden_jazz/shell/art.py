"""Sprites from ``assets/sprites`` as palette surfaces, loaded once."""

from __future__ import annotations

from functools import lru_cache

import pygame

from jayden_jazz import paths


@lru_cache(maxsize=None)
def sprite_sheet(filename: str, team: str | None = None) -> dict[str, pygame.Surface]:
    from jayden_jazz.shell.pixelart import load_sprites

    return load_sprites(paths.asset("sprites", filename), team)


def title_logo() -> pygame.Surface | None:
    try:
        return sprite_sheet("title.txt").get("logo")
    except (FileNotFoundError, ValueError, ImportError, AttributeError):
        return None
