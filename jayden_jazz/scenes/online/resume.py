"""Continue an online game kept in ``online.yaml``: host again if it was hosted here, rejoin the seat."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from jayden_jazz.scenes.online import link as L
from jayden_jazz.scenes.online.fit import error_lines
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.input import Action, Kind
from jayden_jazz.shell.scene import EVERY_TICK, Scene
from jayden_jazz.shell.widgets import LINE_H, Menu, MenuItem, draw_window

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView


class ContinueOnlineScene(Scene):
    """Rejoining: the server again (a hosted game's server is started anew on its folder), then the seat."""

    def __init__(self, app: AppView, path: Path) -> None:
        super().__init__(app)
        self.frame = pygame.Rect(70, 90, 500, 170)
        self.ticks = 0
        self.error = ""
        self.menu = Menu([MenuItem("Try again", "again"), MenuItem("Forget this game", "forget"),
                          MenuItem("Back", "back")])
        self.menu.layout(self.frame.x + 24, self.frame.y + 90, 300)
        self.kept = L.load_session(path)
        self.connector: L.Connector | None = None
        self._connect()

    def _connect(self) -> None:
        kept = self.kept
        if kept is None:
            self.error = "The kept online game could not be read."
            return
        hosting = None
        if "hosted_port" in kept:
            host, port = L.LOOPBACK if L.local_only(self.app) else (L.LISTEN[0], kept["hosted_port"] or L.DEFAULT_PORT)
            try:
                hosting = L.Hosting(Path(self.app.dirs.data) / "server", (host, port))
            except OSError as e:
                self.error = f"The server could not start: {e}"
                return
        self.error = ""
        self.connector = L.Connector(kept["url"], game=kept["game"], code=kept["code"], token=kept["token"],
                                     host_token=kept.get("host_token"), hosting=hosting)

    def handle(self, action: Action) -> None:
        if self.connector is not None:
            if action.kind == Kind.BACK:
                L.stop_connector(self)
                self.close()
            return
        item = self.menu_pick(self.menu, action)
        if item is None:
            return
        if item.value == "again":
            self._connect()
        elif item.value == "forget":
            L.forget_session(self.app)
            self.close()
        else:
            self.close()

    def update(self) -> None:
        self.ticks += 1
        error = L.follow_connector(self)
        if error:
            self.error = error
            self.app.sound.play("refusal")

    def exit(self) -> None:
        L.stop_connector(self)

    def redraw_in(self) -> int | None:
        return EVERY_TICK if self.connector is not None else None

    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        surface.fill(P.BLACK)
        inner = draw_window(surface, font, self.frame, "Continue online game")
        x, y = inner.x + 4, inner.y + 4
        code = (self.kept or {}).get("code", "")
        font.draw(surface, f"{game_words(self.kept)}, join code {code}", x, y, P.LIGHT_CYAN)
        y += LINE_H + 4
        if self.connector is not None:
            dots = "." * (1 + self.ticks // 20 % 3)
            font.draw(surface, self.connector.status.rstrip(".") + dots, x, y, P.WHITE)
            font.draw(surface, "Esc stops", x, y + LINE_H, P.LIGHT_GRAY)
            return
        for i, line in enumerate(error_lines(self.error, self.menu.rect.y - 2 - y)):   # never over the menu
            font.draw(surface, line, x, y + i * LINE_H, P.LIGHT_RED)
        self.menu.draw(surface, font)


def game_words(kept: dict | None) -> str:
    """Which game the kept session is, as the screen names it (an older file without a kind: Jayden)."""
    return "Card game" if (kept or {}).get("kind") == "cards" else "Jayden"
