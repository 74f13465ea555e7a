"""Play online > Connect to a server: a server nobody at the table runs, and its list of games.

The player types the server's address (remembered in the settings once the
server has answered with its list); the list (``browse.ServerList``) is read
again every few seconds and on R. Enter (or a click) on a game joins it --
choosing the seat when more than one is free -- or, on a full or running
game, offers to watch it; *Create a game here* makes a game on that server
with the Host screen's choices (``host.HostScene`` given the server's URL). Seats are taken by the
same ``Connector`` (``online.connector``) as everywhere else, so the waiting room, the tables
and Continue work for these games as for any other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from jayden_jazz.online.browse import Listed, ServerList, address_url
from jayden_jazz.online.connector import Connector
from jayden_jazz.scenes.online import link as L
from jayden_jazz.scenes.online.connect_view import BUTTONS, SHOWN, ConnectView
from jayden_jazz.scenes.online.player_name import NameEntry
from jayden_jazz.scenes.windows import ChoiceWindow
from jayden_jazz.scenes.workshop.textfield import TextField, typed_char
from jayden_jazz.shell.input import Action, Kind
from jayden_jazz.shell.scene import EVERY_TICK, Scene, soonest, ticks_to_next
from jayden_jazz.shell.widgets import LINE_H, MenuItem

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView

LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "[::1]")


class ConnectScene(Scene):
    def __init__(self, app: AppView) -> None:
        super().__init__(app)
        self.frame = pygame.Rect(12, 8, 616, 334)
        x, w = self.frame.x + 12, self.frame.w - 24
        self.address = TextField(str(app.settings["server_address"] or ""), 80, what="An address")
        self.name = NameEntry(app)
        self.rows = {"address": pygame.Rect(x, self.frame.y + 30, w, 18),
                     "name": pygame.Rect(x, self.frame.y + 52, w, 18)}
        self.list_rect = pygame.Rect(x, self.frame.y + 128, w, SHOWN * LINE_H)
        bx = x
        self.button_rects: list[pygame.Rect] = []
        for _value, label in BUTTONS:
            self.button_rects.append(pygame.Rect(bx, self.frame.y + 286, len(label) * 8 + 16, 18))
            bx += len(label) * 8 + 28
        self.focus = "address"          # address, name, list, buttons
        self.index = 0                  # the game under the cursor
        self.top = 0                    # the first game shown
        self.button = 0
        self.browser: ServerList | None = None
        self.connector: Connector | None = None
        self.error = ""
        self.ticks = 0
        self.screen = ConnectView(self)
        if self.address.value:
            self.connect()

    # ------------------------------------------------------------------ the list
    @property
    def games(self) -> list[Listed]:
        return list(self.browser.games or []) if self.browser is not None else []

    def connect(self) -> None:
        """List the games of the server typed in (Enter on the address)."""
        try:
            url = address_url(self.address.value)
            host = url[5:].rsplit(":", 1)[0]
            if L.local_only(self.app) and host not in LOOPBACK_HOSTS:
                raise ValueError("A headless game connects only to this machine (127.0.0.1).")
        except ValueError as e:
            self.error, self.focus = str(e), "address"
            self.app.sound.play("refusal")
            return
        self.close_browser()
        self.error = ""
        self.index = self.top = 0
        self.browser = ServerList(url, L.config(self.app))

    def close_browser(self) -> None:
        if self.browser is not None:
            self.browser.close()
            self.browser = None

    def refresh(self) -> None:
        if self.browser is None:
            self.connect()
        else:
            self.browser.refresh()

    def remember_address(self) -> None:
        """Keep the address that answered for next time (a settings file that cannot be written is said)."""
        text = self.address.value.strip()
        if self.app.settings["server_address"] == text:
            return
        self.app.settings["server_address"] = text
        try:
            self.app.settings.save()
        except OSError as e:
            notices = getattr(self.app, "notices", None)
            if isinstance(notices, list):
                notices.append(f"Could not save the server's address in the settings: {e.strerror or e}.")

    def _games_changed(self, before: str | None) -> None:
        games = self.games
        codes = [g.code for g in games]
        if before in codes:
            self.index = codes.index(before)
        self.index = min(self.index, max(len(games) - 1, 0))
        if self.focus == "list" and not games:
            self.focus = "buttons"
        self._show_index()
        self.changed()

    def _show_index(self) -> None:
        self.top = min(max(self.top, self.index - SHOWN + 1), self.index)
        self.top = max(0, min(self.top, max(len(self.games) - SHOWN, 0)))

    # ------------------------------------------------------------------ choosing
    def choose(self, g: Listed) -> None:
        self.app.sound.play("select")
        self.error = ""
        if len(g.free) == 1:
            self.join(g, g.free[0])
            return
        if g.free:
            items = [MenuItem(f"Play {g.seat_name(s)}", s) for s in g.free]
            text = f"{g.game_words}, {g.rules}. Which seat?"
            title = f"Join {g.code}"
        else:
            items, title = [], "That game is under way" if g.status == "playing" else "That game is full"
            text = "Every seat is taken. You may watch it: you follow the game to its end and nobody waits for you."
        items += [MenuItem("Watch", "watch"), MenuItem("Back to the list", "back")]
        self.stack.push(ChoiceWindow(self.app, title, items, text=text, width=360,
                                     on_choose=lambda c: self._chosen(g, c)))

    def _chosen(self, g: Listed, choice: Any) -> None:
        if choice == "watch":
            self.join(g, None)
        elif isinstance(choice, int):
            self.join(g, choice)

    def join(self, g: Listed, seat: int | None) -> None:
        """Take ``seat`` of ``g`` (None: watch) through the ordinary Connector."""
        if self.browser is None:
            return
        self.name.remember()
        self.remember_address()
        self.connector = L.connector(self.app, self.browser.url, code=g.code, seat=seat, spectator=seat is None,
                                     name=self.name.value)

    def press(self, value: str) -> None:
        if value == "back":
            self.close()
        elif value == "refresh":
            self.app.sound.play("select")
            self.refresh()
        elif self.browser is None:
            self.error = "Connect to a server first: type its address and press Enter."
            self.app.sound.play("refusal")
        elif self.browser.games is None:
            self.error = f"Wait for {self.browser.address} to answer: a game is made there once it has."
            self.app.sound.play("refusal")
        else:
            self.app.sound.play("select")
            self.name.remember()
            self.remember_address()
            self.stack.push(self.app.scene("online-host", url=self.browser.url))

    # ------------------------------------------------------------------ input
    def handle(self, action: Action) -> None:
        k = action.kind
        if self.connector is not None:
            if k == Kind.BACK:
                L.stop_connector(self)
            return
        if k == Kind.BACK:
            self.close()
        elif action.pos is not None:
            self._mouse(action)
        elif k == Kind.SCROLL:
            self._move_list(action.dy)
        elif k == Kind.MOVE:
            self._move(action)
        elif k == Kind.ACTION and not typed_char(action):
            self._enter()
        elif self.focus in ("address", "name"):
            field = self.address if self.focus == "address" else self.name.field
            used = self.name.handle(action) if field is self.name.field else field.handle(action)
            if used:
                self.error = field.refusal              # why a key did nothing, or nothing
                if field is self.address and field.refusal:
                    self.app.sound.play("illegal")
        elif typed_char(action).lower() == "r" or action.key.lower() == "f5":
            self.press("refresh")

    def _move(self, action: Action) -> None:
        dx, dy = action.dx, action.dy
        in_field = self.focus in ("address", "name")
        if in_field and (dy == 0 or dx == -1):      # left/right, Home/End: the text cursor
            (self.address if self.focus == "address" else self.name.field).handle(action)
        elif dy == 0:
            if self.focus == "buttons":
                self.button = (self.button + dx) % len(BUTTONS)
        elif dx == -1 and self.games:              # Home / End: the first or last game
            self.focus, self.index = "list", 0 if dy < 0 else len(self.games) - 1
            self._show_index()
        elif dx == 1 and self.games:               # PgUp / PgDn: a screenful
            self.focus = "list"
            self._move_list(dy * SHOWN)
        else:
            self._step(dy)

    def _step(self, dy: int) -> None:
        """Up or down one row, from the fields through the games to the buttons and round."""
        if self.focus == "list":
            i = self.index + dy
            if 0 <= i < len(self.games):
                self.index = i
                self._show_index()
                return
        order = ["address", "name"] + (["list"] if self.games else []) + ["buttons"]
        j = (order.index(self.focus) + dy) % len(order)
        self.focus = order[j]
        if self.focus == "list":
            self.index = 0 if dy > 0 else len(self.games) - 1
            self._show_index()

    def _move_list(self, d: int) -> None:
        if self.games:
            self.focus = "list"
            self.index = min(max(self.index + d, 0), len(self.games) - 1)
            self._show_index()

    def _enter(self) -> None:
        if self.focus == "address":
            self.app.sound.play("select")
            self.connect()
        elif self.focus == "name":
            self._step(1)
        elif self.focus == "list" and self.games:
            self.choose(self.games[self.index])
        elif self.focus == "buttons":
            self.press(BUTTONS[self.button][0])

    def _mouse(self, action: Action) -> None:
        pos = action.pos
        assert pos is not None
        click = action.kind == Kind.ACTION
        if action.kind not in (Kind.POINT, Kind.ACTION):
            return
        for name, rect in self.rows.items():
            if rect.collidepoint(pos) and click:
                self.focus = name
                return
        for i, rect in enumerate(self.button_rects):
            if rect.collidepoint(pos):
                self.focus, self.button = "buttons", i
                if click:
                    self.press(BUTTONS[i][0])
                return
        if self.list_rect.collidepoint(pos):
            i = self.top + (pos[1] - self.list_rect.y) // LINE_H
            if i < len(self.games):
                self.focus, self.index = "list", i
                if click:
                    self.choose(self.games[i])

    # ------------------------------------------------------------------ each tick
    def update(self) -> None:
        self.ticks += 1
        b = self.browser
        if b is not None:
            current = self.games[self.index].code if self.index < len(self.games) else None
            had = b.games is not None
            if b.update():
                if b.error:
                    self.error = b.error
                    self.browser = None
                    self.app.sound.play("refusal")
                else:
                    if not had and b.games is not None:
                        self.remember_address()         # it answered: worth remembering
                        self.error = ""                 # a "wait for it to answer" said meanwhile is over
                    self._games_changed(current)
        L.follow_connector_or_say(self)

    def exit(self) -> None:
        L.stop_connector(self)
        self.close_browser()

    def redraw_in(self) -> int | None:
        busy = self.connector is not None or (self.browser is not None and self.browser.games is None)
        return EVERY_TICK if busy else soonest(ticks_to_next(self.ticks, 30))

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        self.screen.draw(surface)
