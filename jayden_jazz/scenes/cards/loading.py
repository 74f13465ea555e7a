"""Opening the card game (or the Gallery): the packs are read first, off the frame loop when large.

Unchanged packs come from the library's cache and small ones (the shipped
packs read in a few hundredths of a second) are read at once; anything
larger is read in a thread behind this scene, which keeps drawing, shows
which file is being read once it takes longer than a moment, and lets Esc
go back to the title (the reading finishes in the background and is kept
for next time).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pygame

from jayden_jazz.scenes.cardkit.library import (QUICK_LOAD_BYTES, Library, LibraryLoad, cached_library,
                                              load_library)
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.input import Action, Kind
from jayden_jazz.shell.scene import Scene
from jayden_jazz.shell.widgets import draw_window

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView

SHOW_AFTER_FRAMES = 15          # a quarter of a second: quicker loads show nothing


def with_library(app: AppView, make: Callable[[Library], Scene]) -> Scene:
    """``make(library)`` at once when the packs are cached or small, else the reading scene leading to it.

    Any scene that needs every pack opens through this (the card setup, the
    Gallery), so a large pack never freezes the window.
    """
    lib, size = cached_library(app)
    if lib is None and size <= QUICK_LOAD_BYTES:
        lib = load_library(app)
    if lib is not None:
        return make(lib)
    return PackLoadingScene(app, LibraryLoad(app), make)


def open_cards_setup(app: AppView, **kwargs: Any) -> Scene:
    """The ``cards`` scene: the setup screen once the packs are read."""
    return with_library(app, lambda lib: app.scene("cards-setup-screen", library=lib, **kwargs))


def open_gallery(app: AppView) -> Scene:
    """The ``gallery`` scene: every card, once the packs are read."""
    return with_library(app, lambda lib: app.scene("gallery-screen", library=lib))


class PackLoadingScene(Scene):
    opaque = False

    def __init__(self, app: AppView, load: LibraryLoad, make: Callable[[Library], Scene] | None = None) -> None:
        super().__init__(app)
        self.load = load
        self.make = make
        self.frames = 0

    def handle(self, action: Action) -> None:
        if action.kind == Kind.BACK:
            self.close()

    def update(self) -> None:
        self.frames += 1
        if not self.load.done:
            return
        from jayden_jazz.scenes.windows import MessageWindow

        if self.load.library is not None:
            if self.make is None:
                self.stack.replace(self.app.scene("cards-setup-screen", library=self.load.library))
            else:
                self.stack.replace(self.make(self.load.library))
        else:
            self.stack.replace(MessageWindow(self.app, "Card packs", self.load.error, fill=P.RED))

    def draw(self, surface: pygame.Surface) -> None:
        if self.frames < SHOW_AFTER_FRAMES:
            return
        font = self.app.font
        inner = draw_window(surface, font, pygame.Rect(150, 130, 340, 76), "Card packs")
        done, total = self.load.progress
        dots = "." * (1 + (self.frames // 20) % 3)
        font.draw(surface, f"Reading the card packs{dots}", inner.x + 8, inner.y + 6, P.WHITE)
        name = self.load.current[:30]
        if total:
            font.draw(surface, f"file {min(done + 1, total)} of {total}: {name}", inner.x + 8, inner.y + 24,
                      P.LIGHT_CYAN)
        font.draw(surface, "Esc: back", inner.x + 8, inner.y + 42, P.LIGHT_GRAY)
