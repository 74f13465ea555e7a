"""The logical 640x350 EGA screen and its presentation in a real window.

The original ran at 640x350 on a 4:3 monitor, so each pixel was 1.37 times
taller than wide. The scaler reproduces that (optional), letterboxes, and
maps mouse positions back to logical pixels so scenes never see window
coordinates.

A real window is scaled by SDL's renderer (on the graphics card where there
is one; ``SDL_RENDER_DRIVER=software`` forces SDL's own software renderer).
When no renderer can be made, and always for ``--headless``, the picture is
scaled in software and flipped.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

import pygame

from jayden_jazz.shell.palette import FULL_PALETTE

LOGICAL_W, LOGICAL_H = 640, 350
#: Height the logical picture had on a 4:3 screen, in square pixels.
ASPECT_H = 480


def new_logical_surface(size: tuple[int, int] = (LOGICAL_W, LOGICAL_H)) -> pygame.Surface:
    """An 8-bit surface with the EGA palette: the only thing scenes draw on."""
    surf = pygame.Surface(size, depth=8)
    surf.set_palette(FULL_PALETTE)
    return surf


@dataclass(frozen=True)
class Viewport:
    """Where the logical picture lands inside the window."""

    x: int
    y: int
    w: int
    h: int

    def to_logical(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """Window pixel -> logical pixel, or None in the letterbox bars."""
        px, py = pos
        if self.w <= 0 or self.h <= 0:
            return None
        if not (self.x <= px < self.x + self.w and self.y <= py < self.y + self.h):
            return None
        lx = (px - self.x) * LOGICAL_W // self.w
        ly = (py - self.y) * LOGICAL_H // self.h
        return (min(max(lx, 0), LOGICAL_W - 1), min(max(ly, 0), LOGICAL_H - 1))


def compute_viewport(window: tuple[int, int], aspect_correct: bool = True) -> Viewport:
    """Largest picture that fits the window with the right shape.

    With aspect correction the target shape is 640x480 (4:3). Whole-number
    vertical scales of 350 are preferred when they still fill at least 90% of
    the window height, because uneven row doubling is what makes scaled EGA
    text look ragged.
    """
    ww, wh = window
    if ww <= 0 or wh <= 0:
        return Viewport(0, 0, 0, 0)
    if aspect_correct:
        h_max = min(wh, ww * ASPECT_H / LOGICAL_W)
        k = int(h_max + 0.5) // LOGICAL_H
        h = LOGICAL_H * k if k >= 1 and LOGICAL_H * k >= 0.9 * h_max else int(h_max + 1e-6)
        w = min(ww, round(h * LOGICAL_W / ASPECT_H))
    else:
        # Square pixels: whole multiples when the window allows at least 1x.
        k = int(min(ww // LOGICAL_W, wh // LOGICAL_H))
        if k >= 1:
            w, h = LOGICAL_W * k, LOGICAL_H * k
        else:
            scale = min(ww / LOGICAL_W, wh / LOGICAL_H)
            w, h = int(LOGICAL_W * scale), int(LOGICAL_H * scale)
    return Viewport((ww - w) // 2, (wh - h) // 2, w, h)


WINDOW_SHOWN = {pygame.WINDOWRESTORED, pygame.WINDOWSHOWN, pygame.WINDOWMAXIMIZED,
                pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE}
WINDOW_GONE = {pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN}
WINDOW_RESIZED = {pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED, pygame.WINDOWRESIZED}


class Display:
    """Owns the window; presents the logical surface when asked.

    ``accelerated`` asks for SDL's renderer; if it cannot be made the display
    quietly uses software scaling (``self.accelerated`` tells which). While the
    window is minimized or hidden, ``hidden`` is true and the loop presents
    nothing.
    """

    def __init__(self, scale: int = 2, fullscreen: bool = False, aspect_correct: bool = True,
                 title: str = "Jayden & Jazz", icon: pygame.Surface | None = None,
                 accelerated: bool = False) -> None:
        self.logical = new_logical_surface()
        self.aspect_correct = aspect_correct
        self.scale = max(1, int(scale))
        self.fullscreen = fullscreen
        self.title = title
        self.hidden = False
        self.presents = 0
        self._rgb = pygame.Surface((LOGICAL_W, LOGICAL_H), 0, 32)
        self._scaled: pygame.Surface | None = None
        self._sdl_window: Any = None      # pygame.Window, when SDL's renderer presents
        self._renderer: Any = None        # its _sdl2.video Renderer and Texture
        self._texture: Any = None
        self.window: pygame.Surface | None = None
        if not (accelerated and self._open_renderer(icon)):
            pygame.display.set_caption(title)
            if icon is not None:
                pygame.display.set_icon(icon)
            self.window = self._open()
        self.viewport = compute_viewport(self.window_size(), aspect_correct)

    @property
    def accelerated(self) -> bool:
        return self._renderer is not None

    def windowed_size(self) -> tuple[int, int]:
        """Window size for the chosen scale: 350*scale rows, 4:3 or square pixels."""
        h = LOGICAL_H * self.scale
        if self.aspect_correct:
            return (round(h * 4 / 3), h)
        return (LOGICAL_W * self.scale, h)

    def window_size(self) -> tuple[int, int]:
        if self._sdl_window is not None:
            return tuple(self._sdl_window.size)
        return self.window.get_size() if self.window is not None else (0, 0)

    def _open_renderer(self, icon: pygame.Surface | None) -> bool:
        """A window with SDL's renderer and one streaming texture; False if SDL cannot."""
        try:
            from pygame._sdl2.video import Renderer, Texture
        except ImportError:
            return False
        # Nearest neighbour, so EGA pixels stay sharp blocks (read when the texture is made).
        os.environ["SDL_RENDER_SCALE_QUALITY"] = "nearest"
        window = None
        try:
            window = pygame.Window(self.title, self.windowed_size(), resizable=True)
            if icon is not None:
                window.set_icon(icon)
            renderer = Renderer(window)
            texture = Texture(renderer, (LOGICAL_W, LOGICAL_H), streaming=True)
        except pygame.error:
            if window is not None:
                window.destroy()
            return False
        self._sdl_window, self._renderer, self._texture = window, renderer, texture
        if self.fullscreen:
            window.set_fullscreen(desktop=True)
        return True

    def _open(self) -> pygame.Surface:
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self.windowed_size(), pygame.RESIZABLE)

    def set_mode(self, *, fullscreen: bool | None = None, scale: int | None = None,
                 aspect_correct: bool | None = None) -> None:
        if fullscreen is not None:
            self.fullscreen = fullscreen
        if scale is not None:
            self.scale = max(1, int(scale))
        if aspect_correct is not None:
            self.aspect_correct = aspect_correct
        if self._sdl_window is not None:
            if self.fullscreen:
                self._sdl_window.set_fullscreen(desktop=True)
            else:
                self._sdl_window.set_windowed()
                self._sdl_window.size = self.windowed_size()
        else:
            self.window = self._open()
        self.viewport = compute_viewport(self.window_size(), self.aspect_correct)

    def toggle_fullscreen(self) -> None:
        self.set_mode(fullscreen=not self.fullscreen)

    def resized(self, size: tuple[int, int] = (0, 0)) -> None:
        """Called on VIDEORESIZE/WINDOWSIZECHANGED; the window's size is asked from SDL."""
        if self._sdl_window is None:
            self.window = pygame.display.get_surface() or self.window
        self.viewport = compute_viewport(self.window_size(), self.aspect_correct)

    def window_event(self, event: pygame.event.Event) -> bool:
        """Follow resizes, minimizing and exposure; True if the event was about the window.

        Every such event means the picture on screen must be presented again
        (or, while hidden, not at all).
        """
        t = event.type
        if t in WINDOW_RESIZED:
            self.resized()
        elif t in WINDOW_GONE:
            self.hidden = True
        elif t in WINDOW_SHOWN:
            self.hidden = False
        else:
            return False
        return True

    def to_logical(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        return self.viewport.to_logical(pos)

    def present(self) -> None:
        """Convert the 8-bit picture once, scale it nearest-neighbour into the letterbox, show it."""
        self.presents += 1
        self._rgb.blit(self.logical, (0, 0))
        vp = self.viewport
        if self._renderer is not None:
            self._texture.update(self._rgb)
            self._renderer.draw_color = (0, 0, 0, 255)
            self._renderer.clear()
            if vp.w > 0 and vp.h > 0:
                self._texture.draw(dstrect=pygame.Rect(vp.x, vp.y, vp.w, vp.h))
            self._renderer.present()
            return
        window = self.window
        if window is None:
            return
        window.fill((0, 0, 0))
        if vp.w > 0 and vp.h > 0:
            if (vp.w, vp.h) == (LOGICAL_W, LOGICAL_H):
                window.blit(self._rgb, (vp.x, vp.y))
            else:
                if self._scaled is None or self._scaled.get_size() != (vp.w, vp.h):
                    self._scaled = pygame.Surface((vp.w, vp.h))
                pygame.transform.scale(self._rgb, (vp.w, vp.h), self._scaled)
                window.blit(self._scaled, (vp.x, vp.y))
        pygame.display.flip()
