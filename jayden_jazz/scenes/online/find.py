"""Find on this network: games hosted on the LAN, listed as they are announced; Enter joins, or on a
full (or running) game offers to watch it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from jayden_jazz.online.connector import Connector
from jayden_jazz.scenes.online import link as L
from jayden_jazz.scenes.online.fit import error_lines
from jayden_jazz.scenes.online.player_name import clean
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.font import wrap
from jayden_jazz.shell.input import Action, Kind
from jayden_jazz.shell.scene import EVERY_TICK, Scene, ticks_to_next
from jayden_jazz.scenes.windows import ChoiceWindow
from jayden_jazz.shell.widgets import LINE_H, Menu, MenuItem, draw_window

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView

LIST_TICKS = 30          # the list is read twice a second
ROWS = 9                 # games shown at once: more scroll, never over the words and key help below
COLS = 64                # characters a game's line holds in the window
NO_GAME = "No game to join yet: it shows here once a host on this network starts one."


class FindScene(Scene):
    def __init__(self, app: AppView) -> None:
        super().__init__(app)
        self.frame = pygame.Rect(30, 30, 580, 290)
        self.problem = ""
        self.finder: Any = None
        try:
            self.finder = L.make_finder(app)
        except (OSError, ImportError, ValueError) as e:
            self.problem = f"Cannot look on this network ({e}). Join by address instead."
        self.games: list[Any] = []
        self.index = 0                          # the game under the cursor
        self.top = 0                            # the first game shown
        self.menu = Menu([])
        self.connector: Connector | None = None
        self.error = ""
        self.ticks = 0
        self._refresh()

    def _refresh(self) -> None:
        games = self.finder.games() if self.finder is not None else []
        if games == self.games:
            return
        current = self.games[self.index] if self.index < len(self.games) else None
        self.games = list(games)
        if self.games and self.error == NO_GAME:
            self.error = ""                         # there is one now
        if current in self.games:
            self.index = self.games.index(current)
        self.index = min(self.index, max(len(self.games) - 1, 0))
        self._show()
        self.changed()

    def _show(self) -> None:
        """The menu holds the ROWS games around the cursor."""
        self.top = min(max(self.top, self.index - ROWS + 1), self.index)
        self.top = max(0, min(self.top, max(len(self.games) - ROWS, 0)))
        shown = self.games[self.top:self.top + ROWS]
        self.menu = Menu([MenuItem(fit_label(g), g) for g in shown])
        self.menu.layout(self.frame.x + 16, self.frame.y + 52, self.frame.w - 32)
        if shown:
            self.menu.index = self.index - self.top

    def handle(self, action: Action) -> None:
        if self.connector is not None:
            if action.kind == Kind.BACK:
                L.stop_connector(self)
            return
        if action.kind == Kind.ACTION and action.pos is None and not self.games:
            self.error = NO_GAME
            self.app.sound.play("refusal")
            return
        if action.kind in (Kind.MOVE, Kind.SCROLL) and action.dy and not action.dx and self.games:
            self.index = min(max(self.index + action.dy, 0), len(self.games) - 1)
            self._show()
            return
        item = self.menu_pick(self.menu, action)
        if self.menu.items:
            self.index = self.top + self.menu.index         # the mouse moves the cursor too
        if item is None:
            return
        g = item.value
        self.app.sound.play("select")
        self.error = ""
        if g.seats_free <= 0:
            self.stack.push(ChoiceWindow(self.app, "That game is full", [MenuItem("Watch", "watch"),
                                         MenuItem("Back to the list", "back")],
                                         text="Every seat is taken. You may watch it: you follow the game to its end "
                                              "and nobody waits for you.", width=340,
                                         on_choose=lambda c: self.connect(g, True) if c == "watch" else None))
            return
        self.connect(g, False)

    def connect(self, g: Any, watch: bool) -> None:
        self.connector = L.connector(self.app, f"ws://{g.address}:{g.port}", code=g.code, spectator=watch,
                                     name=clean(str(self.app.settings["player_name"] or "")))

    def update(self) -> None:
        self.ticks += 1
        if self.ticks % LIST_TICKS == 0:
            self._refresh()
        L.follow_connector_or_say(self)

    def exit(self) -> None:
        L.stop_connector(self)
        if self.finder is not None:
            self.finder.close()
            self.finder = None

    def redraw_in(self) -> int | None:
        return EVERY_TICK if self.connector is not None else ticks_to_next(self.ticks, LIST_TICKS)

    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        surface.fill(P.BLACK)
        inner = draw_window(surface, font, self.frame, "Find a game on this network")
        font.draw(surface, "Games hosted on your local network appear here as they start.", inner.x + 4,
                  inner.y + 4, P.LIGHT_CYAN)
        self.menu.draw(surface, font)
        y = self.frame.y + 52 + LINE_H * max(len(self.menu.items), 1) + 8
        if self.problem:
            lines, color = wrap(self.problem, 66), P.LIGHT_RED
        elif not self.games:
            dots = "." * (1 + self.ticks // LIST_TICKS % 3)
            lines, color = ["Looking" + dots, "No game found yet. The host chooses Play online > Host a game;",
                            "if none shows up, join by address."], P.LIGHT_GRAY
        elif any(g.seats_free <= 0 for g in self.games):
            lines, color = ["A full game can be watched: Enter on it."], P.LIGHT_GRAY
        else:
            lines, color = [], P.WHITE
        if len(self.games) > ROWS and not self.problem:
            lines = [f"Games {self.top + 1}-{self.top + len(self.menu.items)} of {len(self.games)} shown; "
                     "\u2191\u2193 shows more."] + lines
        if self.connector is not None:
            lines, color = [self.connector.status + "  (Esc stops)"], P.WHITE
        elif self.error:
            lines, color = wrap(self.error, 66), P.LIGHT_RED
        help_y = self.frame.bottom - 30
        if y + len(lines) * LINE_H > help_y:          # a long list and a long error: never over the key help
            lines = error_lines(" ".join(lines), help_y - y, 66)
        for i, line in enumerate(lines):
            font.draw(surface, line, inner.x + 4, y + i * LINE_H, color)
        font.draw(surface, "\u2191\u2193 choose  Enter joins (a full game: watch)  Esc back", inner.x + 4, help_y,
                  P.LIGHT_GRAY)


def fit_label(g: Any) -> str:
    """A game's line in COLS characters: the host's name is cut short, never what follows it (the game,
    the free seats, the address), which a name of any length would otherwise push out of the window."""
    label = str(g.label)
    if len(label) <= COLS:
        return label
    rest = label[len(g.name):]
    room = max(COLS - len(rest), 6)
    return (g.name[:room - 2] + "..")[:room] + rest
