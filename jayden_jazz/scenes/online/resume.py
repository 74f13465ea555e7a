"""Continue an online game kept in ``online.yaml``: host again if it was hosted here, rejoin the seat.

A guest whose host came back at another address (a new port after a
crash, another machine) types it in the *Server address* row: the seat is
taken back with the token this machine keeps, and the new address is kept.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from jayden_jazz.online.connector import Connector
from jayden_jazz.online.session import forget_session, load_session
from jayden_jazz.online.words import server_url
from jayden_jazz.scenes.jayden import menus
from jayden_jazz.scenes.online import link as L
from jayden_jazz.scenes.online.fit import error_lines
from jayden_jazz.scenes.workshop.textfield import TextField
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.input import Action, Kind
from jayden_jazz.shell.scene import EVERY_TICK, Scene, ticks_to_next
from jayden_jazz.shell.widgets import LINE_H, Menu, MenuItem, draw_window

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView


class ContinueOnlineScene(Scene):
    """Rejoining: the server again (a hosted game's server is started anew on its folder), then the seat.

    ``new_address``: opened from a game whose server stopped answering: the
    address row is ready for the new one, nothing is tried until Enter.
    """

    def __init__(self, app: AppView, path: Path, new_address: bool = False) -> None:
        super().__init__(app)
        self.frame = pygame.Rect(70, 80, 500, 190)
        self.ticks = 0
        self.error = ""
        self.kept = load_session(path)
        hosted = self.kept is not None and "hosted_port" in self.kept
        self.address = TextField(str((self.kept or {}).get("url", ""))[5:], 60, what="An address")
        items = [MenuItem("Try again", "again"), MenuItem("Server address", "address"),
                 MenuItem("Forget this game", "forget"), MenuItem("Back", "back")]
        self.menu = Menu([i for i in items if i.value != "address" or not hosted])
        self.menu.layout(self.frame.x + 24, self.frame.y + 96, self.frame.w - 48)
        self.connector: Connector | None = None
        if new_address and not hosted and self.kept is not None:
            # from a table whose server stopped answering: the old address is known not to answer
            self.error = f"No game server answers at {self.address.value}. Type its new address, then Enter."
            self.menu.index = [i.value for i in self.menu.items].index("address")
        else:
            self._connect()

    def _connect(self) -> None:
        kept = self.kept
        if kept is None:
            self.error = "The kept online game could not be read."
            return
        url = kept["url"]
        if "hosted_port" not in kept and self.address.value.strip() != url[5:]:
            try:
                url = server_url(self.address.value)      # the host is elsewhere now
            except ValueError as e:
                self.error = str(e)
                self.app.sound.play("refusal")
                return
        hosting = None
        if "hosted_port" in kept:
            try:
                hosting = L.hosting(self.app, kept["hosted_port"])
            except OSError as e:
                self.error = f"The server could not start: {e}"
                return
        self.error = ""
        self.connector = L.connector(self.app, url, game=kept["game"], code=kept["code"], token=kept["token"],
                                     host_token=kept.get("host_token"), hosting=hosting)

    def handle(self, action: Action) -> None:
        if self.connector is not None:
            if action.kind == Kind.BACK:
                L.stop_connector(self)
                self.close()
            return
        current = self.menu.current
        self.address.refusal = ""               # a refused key is said until the next key
        if current is not None and current.value == "address" and action.kind != Kind.BACK \
                and not (action.kind == Kind.MOVE and action.dy) and self.address.handle(action):
            if self.address.refusal:
                self.app.sound.play("illegal")
            return                              # typing the address (Enter tries it)
        item = self.menu_pick(self.menu, action)
        if item is None:
            return
        if item.value in ("again", "address"):
            self._connect()
        elif item.value == "forget":
            self.stack.push(menus.yes_no(
                self.app, "Forget this game?", "Continue will no longer offer it, and this machine's seat in it "
                "cannot be taken back.", self._forget, yes="Yes, forget it", no="No, keep it"))
        else:
            self.close()

    def _forget(self, yes: bool) -> None:
        """The answer to Forget this game: the kept seat (its token) is the only way back, so only a Yes
        drops it."""
        if yes:
            forget_session(self.app.dirs.saves)
            self.close()

    def update(self) -> None:
        self.ticks += 1
        L.follow_connector_or_say(self)

    def exit(self) -> None:
        L.stop_connector(self)

    def redraw_in(self) -> int | None:
        if self.connector is not None:
            return EVERY_TICK
        current = self.menu.current
        return ticks_to_next(self.ticks, 30) if current is not None and current.value == "address" else None

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
        said = self.address.refusal or self.error     # why a key did nothing, over an error it leaves
        for i, line in enumerate(error_lines(said, self.menu.rect.y - 2 - y)):   # never over the menu
            font.draw(surface, line, x, y + i * LINE_H, P.LIGHT_RED)
        self.menu.draw(surface, font)
        for i, item in enumerate(self.menu.items):
            if item.value == "address":
                r = self.menu.rect
                box = pygame.Rect(r.x + 140, r.y + i * LINE_H, r.w - 148, LINE_H - 2)
                focused = self.menu.index == i
                self.address.draw(surface, font, box, focused and self.ticks // 30 % 2 == 0)
                if focused:
                    pygame.draw.rect(surface, P.YELLOW, box.inflate(2, 2), 1)
                font.draw(surface, "The host moved? Type their new address, then Enter.", x,
                          self.menu.rect.bottom + 6, P.LIGHT_GRAY)


def game_words(kept: dict | None) -> str:
    """Which game the kept session is, as the screen names it (an older file without a kind: Jayden)."""
    return "Card game" if (kept or {}).get("kind") == "cards" else "Jayden"
