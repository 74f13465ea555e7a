"""What the Connect screen draws: the two fields, the line saying what is happening, the games of the
server in columns, the buttons and the keys.

The scene holds the address, the list and the cursor; this part only reads
them, so the look can change without touching what a key does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from jayden_jazz.shell import palette as P
from jayden_jazz.shell.font import wrap
from jayden_jazz.shell.widgets import LINE_H, draw_window
from jayden_jazz.textcut import cut

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.scenes.online.connect import ConnectScene

BUTTONS = (("create", "Create a game here"), ("refresh", "Refresh (R)"), ("back", "Back"))
SHOWN = 7                       # game rows on screen; PgUp/PgDn move this many
#: Where the columns of a game's line start, from the list's left edge (pixels).
COLUMNS = {"code": 8, "game": 72, "rules": 128, "seats": 400, "host": 496}


class ConnectView:
    def __init__(self, scene: ConnectScene) -> None:
        self.scene = scene

    def status(self) -> tuple[list[str], int]:
        """The line (or two) under the fields: what is happening, or what went wrong."""
        dots = "." * (1 + self.scene.ticks // 20 % 3)
        if self.scene.connector is not None:
            return [self.scene.connector.status.rstrip(".") + dots + "  (Esc stops)"], P.WHITE
        if self.scene.error:
            return wrap(self.scene.error, 74)[:2], P.LIGHT_RED
        b = self.scene.browser
        if b is None:
            return ["Type the server's address and press Enter: its games are listed here."], P.LIGHT_GRAY
        if b.lost:
            return [f"Lost the connection to {b.address} - reconnecting{dots}"], P.LIGHT_RED
        if b.games is None:
            return [f"Connecting to {b.address}{dots}"], P.WHITE
        if not b.games:
            return [f"No games on {b.address} yet.",
                    "Create one (Create a game here): it shows in this list for others."], P.LIGHT_GRAY
        n = len(b.games)
        more = f", {b.more} more not shown" if b.more else ""
        if n > SHOWN:
            more += f" ({self.scene.top + 1}-{min(self.scene.top + SHOWN, n)} shown)"
        return [f"{b.address}: {n} game{'s' if n != 1 else ''}{more}.",
                "Enter joins a game with a free seat, or watches one under way."], P.LIGHT_CYAN

    def draw(self, surface: pygame.Surface) -> None:
        font = self.scene.app.font
        surface.fill(P.BLACK)
        inner = draw_window(surface, font, self.scene.frame, "Connect to a server")
        x = self.scene.rows["address"].x
        font.draw(surface, "A server nobody at the table runs holds the hidden hands, not a player.",
                  x, inner.y + 2, P.LIGHT_CYAN)
        blink = self.scene.ticks // 30 % 2 == 0
        idle = self.scene.connector is None
        for name, label in (("address", "Server"), ("name", "Your name")):
            r = self.scene.rows[name]
            focused = self.scene.focus == name and idle
            font.draw(surface, label, r.x, r.y + 2, P.YELLOW if focused else P.WHITE)
            box = pygame.Rect(r.x + 96, r.y, r.w - 96, r.h)
            if name == "name":
                self.scene.name.draw(surface, font, box, focused, blink)
                continue
            self.scene.address.draw(surface, font, box, focused and blink)
            if not self.scene.address.value and not focused:
                font.draw(surface, "host:port, e.g. games.example.org:8765", box.x + 2, box.y + 1, P.DARK_GRAY)
            if focused:
                pygame.draw.rect(surface, P.YELLOW, box.inflate(2, 2), 1)
        lines, color = self.status()
        for i, line in enumerate(lines):
            font.draw(surface, line, x, self.scene.frame.y + 76 + i * LINE_H, color)
        self.draw_list(surface)
        for i, ((_value, label), r) in enumerate(zip(BUTTONS, self.scene.button_rects)):
            on = self.scene.focus == "buttons" and self.scene.button == i and idle
            if on:
                surface.fill(P.CYAN, r)
            else:
                pygame.draw.rect(surface, P.LIGHT_GRAY, r, 1)
            font.draw(surface, label, r.x + 8, r.y + 2, P.BLACK if on else P.WHITE)
        font.draw(surface, "\u2191\u2193 PgUp PgDn Home End move  Enter join/watch  R refresh  Esc back",
                  x, self.scene.frame.bottom - 24, P.LIGHT_GRAY)

    def draw_list(self, surface: pygame.Surface) -> None:
        font = self.scene.app.font
        r = self.scene.list_rect
        head = {"code": "Code", "game": "Game", "rules": "Rules", "seats": "Seats", "host": "Host"}
        for key, text in head.items():
            font.draw(surface, text, r.x + COLUMNS[key], r.y - LINE_H, P.YELLOW)
        pygame.draw.rect(surface, P.DARK_GRAY, r.inflate(4, 4), 1)
        games = self.scene.games
        for row, g in enumerate(games[self.scene.top:self.scene.top + SHOWN]):
            i = self.scene.top + row
            y = r.y + row * LINE_H
            on = self.scene.focus == "list" and i == self.scene.index and self.scene.connector is None
            if on:
                surface.fill(P.CYAN, (r.x, y, r.w, LINE_H))
            rules = g.rules + (", hints" if g.hints else "")
            cells = {"code": (g.code, P.YELLOW), "game": (g.game_words, P.WHITE), "rules": (cut(rules, 33), P.WHITE),
                     "seats": (g.seat_words, P.LIGHT_GREEN if g.free else P.LIGHT_GRAY),
                     "host": (cut(g.host or "-", 12), P.WHITE)}
            for key, (text, color) in cells.items():
                font.draw(surface, text, r.x + COLUMNS[key], y + 1, P.BLACK if on else color)
        if games and self.scene.index < len(games):       # the game under the cursor in full
            g = games[self.scene.index]
            seats = ", ".join(name + (" (free)" if i in g.free else "") for i, name in enumerate(g.seats))
            words = f"{g.code}: {g.game_words}, {g.rules}{', hints allowed' if g.hints else ''}. Seats: {seats}."
            for i, line in enumerate(wrap(words, 74)[:2]):
                font.draw(surface, line, r.x, r.bottom + 6 + i * LINE_H, P.LIGHT_GRAY)
