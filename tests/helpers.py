"""Shared checks for screenshots and scripted play."""

from __future__ import annotations

import numpy as np
import pygame

from jayden_jazz.shell.palette import EGA_RGB


def rgb_array(surface: pygame.Surface) -> np.ndarray:
    """(h, w, 3) array of what the player would see."""
    rgb = pygame.Surface(surface.get_size())
    rgb.blit(surface, (0, 0))
    return pygame.surfarray.array3d(rgb).transpose(1, 0, 2)


def colours_used(surface: pygame.Surface) -> set[tuple[int, int, int]]:
    arr = rgb_array(surface).reshape(-1, 3)
    return {tuple(int(v) for v in c) for c in np.unique(arr, axis=0)}


def assert_ega_only(surface: pygame.Surface) -> None:
    """Every pixel is one of the 16 palette indices, and those are the EGA colours.

    Indices, not RGB: the unused palette tail is black, so a stray index
    above 15 would look like a legitimate black pixel to an RGB comparison.
    """
    assert surface.get_bitsize() == 8, f"not an 8-bit paletted surface ({surface.get_bitsize()} bits)"
    assert [tuple(c)[:3] for c in surface.get_palette()[:16]] == list(EGA_RGB), "palette is not EGA"
    indices = pygame.surfarray.array2d(surface)
    stray = sorted({int(v) for v in np.unique(indices) if v > 15})
    if stray:
        ys, xs = np.nonzero(indices.T > 15)
        raise AssertionError(f"palette indices above 15: {stray[:5]} (first at x={xs[0]}, y={ys[0]})")


def pixel(surface: pygame.Surface, x: int, y: int) -> int:
    """EGA index of a logical pixel."""
    return EGA_RGB.index(tuple(surface.get_at((x, y)))[:3])


def step(app, frames: int = 1) -> None:
    """Run frames of the real loop body (events, fixed update, render)."""
    from jayden_jazz.shell.loop import STEP

    for _ in range(frames):
        app._feed_script()
        app._process_events()
        app.step.advance(STEP, app._update)
        app.render()
        app.frame += 1


def press(app, *names: str, frames_between: int = 1) -> None:
    """Post real key events (down+up) through pygame's queue, as a player would."""
    from jayden_jazz.shell.input import key_code

    for name in names:
        code = key_code(name)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))
        step(app, frames_between)


def ctrl(app, letter: str) -> None:
    """Ctrl and a letter, carrying the control character SDL types for it (Ctrl+R: "\\x12")."""
    from jayden_jazz.shell.input import key_code

    code = key_code(letter)
    char = chr(ord(letter.lower()) - ord("a") + 1)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=pygame.KMOD_LCTRL, unicode=char, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=pygame.KMOD_LCTRL, unicode="", scancode=0))
    step(app, 1)


def click(app, x: int, y: int, button: int = 1) -> None:
    """A mouse click at a logical pixel, sent through the window mapping."""
    vp = app.display.viewport
    wpos = (vp.x + int((x + 0.5) * vp.w / 640), vp.y + int((y + 0.5) * vp.h / 350))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=wpos, rel=(1, 1), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=wpos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=wpos, button=button))
    step(app, 1)


