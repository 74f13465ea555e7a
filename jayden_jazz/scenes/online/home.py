"""Title > Play online: host a game, join one by address and code, find one on this network, or
connect to a server nobody at the table runs."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from jayden_jazz.shell import palette as P
from jayden_jazz.shell.font import wrap
from jayden_jazz.shell.input import Action
from jayden_jazz.shell.scene import Scene
from jayden_jazz.shell.widgets import LINE_H, Menu, MenuItem, draw_window

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView

ENTRIES = [
    MenuItem("Host a game", "online-host", hint="This machine runs the game; friends join it."),
    MenuItem("Join a game", "online-join", hint="Type the host's address and the join code."),
    MenuItem("Find a game on this network", "online-find", hint="Games hosted on your local network."),
    MenuItem("Connect to a server", "online-connect",
             hint="A server nobody at the table runs: its list of games to join, watch or start."),
    MenuItem("Back", "back"),
]


class OnlineScene(Scene):
    def __init__(self, app: AppView) -> None:
        super().__init__(app)
        self.menu = Menu(list(ENTRIES))
        self.frame = pygame.Rect(110, 70, 420, 200)
        self.menu.layout(self.frame.x + 40, self.frame.y + 64, self.frame.w - 80)

    def handle(self, action: Action) -> None:
        item = self.menu_pick(self.menu, action)
        if item is None:
            return
        self.app.sound.play("select")
        if item.value == "back":
            self.close()
        else:
            self.stack.push(self.app.scene(item.value))

    def redraw_in(self) -> None:
        return None

    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        surface.fill(P.BLACK)
        inner = draw_window(surface, font, self.frame, "Play online")
        font.draw(surface, "Play a friend on another machine,", inner.x + 8, inner.y + 4, P.LIGHT_CYAN)
        font.draw(surface, "on this network or over the internet.", inner.x + 8, inner.y + 4 + LINE_H, P.LIGHT_CYAN)
        self.menu.draw(surface, font)
        cur = self.menu.current
        if cur is not None and cur.hint:
            for i, line in enumerate(wrap(cur.hint, 48)):
                font.draw(surface, line, inner.x + 8, self.menu.rect.bottom + 10 + i * LINE_H, P.LIGHT_GRAY)
        font.draw_centered(surface, "Arrows move  Enter selects  Esc backs out", 320, self.frame.bottom + 10,
                           P.LIGHT_GRAY)
