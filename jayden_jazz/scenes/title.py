"""The title menu: the first thing a player sees."""

from __future__ import annotations

from pathlib import Path

import pygame

from jayden_jazz import __version__
from jayden_jazz.scenes.registry import make_scene
from jayden_jazz.scenes.windows import MessageWindow
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.appview import AppView
from jayden_jazz.shell.art import title_logo
from jayden_jazz.shell.input import Action, Kind
from jayden_jazz.shell.scene import Scene, ticks_to_next
from jayden_jazz.shell.widgets import LINE_H, Menu, MenuItem, draw_frame

ENTRIES = [
    ("Continue", "continue"),
    ("Jazz Card Game", "cards"),
    ("Card Journey", "journey"),
    ("Jayden", "jayden"),
    ("Play online", "online"),
    ("Statistics", "statistics"),
    ("Instructions", "instructions"),
    ("Options", "options"),
    ("Open cards folder", "open_cards"),
    ("Card workshop", "workshop"),
    ("Gallery", "gallery"),
    ("Quit", "quit"),
]
STAR_TICKS = 20   # the starfield twinkles three times a second


class TitleScene(Scene):
    def __init__(self, app: AppView) -> None:
        super().__init__(app)
        self.menu = Menu([MenuItem(label, value) for label, value in ENTRIES])
        self.menu.layout(240, 126, 160)     # eleven entries and the key line fit under the logo
        self.logo = title_logo()
        self.ticks = 0
        self._notices_shown = False

    def enter(self) -> None:
        self._refresh_continue()
        self._show_notices()

    def resume(self) -> None:
        self._refresh_continue()
        self._show_notices()

    def _refresh_continue(self) -> None:
        """Continue is offered (and the cursor starts on it) only when there is a game to go back to."""
        from jayden_jazz.scenes.resume import latest_to_continue

        try:
            found = latest_to_continue(Path(self.app.dirs.saves)) is not None
        except (AttributeError, OSError):
            found = False
        item = self.menu.items[0]
        was = item.enabled
        item.enabled = found
        if not found and self.menu.index == 0:
            self.menu.index = 1
        elif found and not was and self.menu.index == 1:
            self.menu.index = 0

    def _show_notices(self) -> None:
        notices = getattr(self.app, "notices", None)
        if notices and self.stack is not None:
            text = notices.pop(0)
            self.stack.push(MessageWindow(self.app, "Notice", text, fill=P.RED))

    def update(self) -> None:
        self.ticks += 1

    def redraw_in(self) -> int:
        return ticks_to_next(self.ticks, STAR_TICKS)   # only the twinkling stars move

    def handle(self, action: Action) -> None:
        if action.kind == Kind.BACK:
            self.menu.index = len(self.menu.items) - 1   # Esc points at Quit
            return
        item = self.menu.handle(action)
        if item is None:
            if action.kind == Kind.MOVE:
                self.app.sound.play("menu")
            return
        self.app.sound.play("select")
        if item.value == "quit":
            from jayden_jazz.scenes.confirm import confirm_window

            self.stack.push(confirm_window(self.app, "Quit", "Leave Jayden & Jazz?", self.app.quit))
        elif item.value == "open_cards":
            from jayden_jazz.scenes.folders import open_cards_folder

            open_cards_folder(self.app)
        elif item.value == "continue":
            from jayden_jazz.scenes.resume import continue_latest

            continue_latest(self.app, self.stack)
        elif self.stack is not None:
            self.stack.push(make_scene(item.value, self.app))

    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        surface.fill(P.BLACK)
        # A starfield of fixed dots keeps the black from looking empty.
        for i in range(60):
            x = (i * 197 + 31) % 640
            y = (i * 83 + 17) % 350
            c = P.DARK_GRAY if i % 3 else P.LIGHT_GRAY
            if (self.ticks // STAR_TICKS + i) % 17 == 0:
                c = P.WHITE
            surface.set_at((x, y), c)
        if self.logo is not None:
            surface.blit(self.logo, ((640 - self.logo.get_width()) // 2, 28))
            y_sub = 28 + self.logo.get_height() + 8
        else:
            font.draw_centered(surface, "J A Y D E N   &   J A Z Z", 320, 50, P.YELLOW)
            y_sub = 80
        font.draw_centered(surface, "Two games from the EGA days", 320, y_sub, P.LIGHT_CYAN)
        r = self.menu.rect.inflate(40, 28)
        draw_frame(surface, r)
        self.menu.draw(surface, font)
        font.draw_centered(surface, "Arrows move  Enter selects  Esc backs out", 320, r.bottom + 4, P.LIGHT_GRAY)
        font.draw(surface, f"v{__version__}", 4, 350 - LINE_H, P.DARK_GRAY)
