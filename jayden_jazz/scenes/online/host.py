"""Host a game: choose the game and its setup, then this machine starts a server for it.

The server runs in the background (``link.Hosting``) for as long as the
host stays in the game; the host's own seat joins it like anyone else's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from jayden_jazz.online.connector import Connector
from jayden_jazz.scenes.online import hints
from jayden_jazz.scenes.online import host_cards as HC
from jayden_jazz.scenes.online import link as L
from jayden_jazz.scenes.online.player_name import NameEntry
from jayden_jazz.scenes.windows import MessageWindow
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.font import wrap
from jayden_jazz.shell.input import Action, Kind
from jayden_jazz.shell.scene import EVERY_TICK, Scene
from jayden_jazz.shell.widgets import LINE_H, Menu, MenuItem, draw_window
from jayden_jazz.textcut import cut

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView

SIDES: list[tuple[str, Any]] = [("Green (moves first)", 0), ("Red", 1)]
OPPONENTS: list[tuple[str, Any]] = [
    ("A player on another machine", {"kind": "human"}),
    ("Computer - Easy", {"kind": "computer", "level": "easy"}),
    ("Computer - Normal", {"kind": "computer", "level": "normal"}),
    ("Computer - Hard", {"kind": "computer", "level": "hard"}),
]
ON_OFF: list[tuple[str, Any]] = [("On", True), ("Off", False)]
GAMES: list[tuple[str, Any]] = [("Jayden", "jayden"), ("Card game", "cards")]
#: Whether either player may ask the computer for a hint on their own turn: off unless the host allows it.
HINTS: list[tuple[str, Any]] = [("Off", False), ("Allowed", True)]
JAYDEN_ROWS: list[tuple[str, str]] = [("You play", "side"), ("Opponent", "opponent"), ("200-action draw", "quiet")]


class HostScene(Scene):
    """The host's choices; Start hosting starts the server and goes to the waiting room.

    Given a server's ``url`` (Connect to a server > Create a game here), the same
    choices make the game on that server instead: nothing starts on this machine.
    """

    def __init__(self, app: AppView, url: str = "") -> None:
        super().__init__(app)
        self.url = url
        self.title = "Create a game on the server" if url else "Host a game"
        self.intro = cut(f"Made on {url[5:]}; the server holds the hands.", 62) if url \
            else "This machine runs the game; your friends join it."
        self.failure = "Cannot create the game" if url else "Cannot host"
        self.values = {"game": 0, "side": 0, "opponent": 0, "quiet": 0 if app.settings["quiet_draw"] else 1,
                       "hints": 0}
        self.values.update({key: 0 for key in HC.OPTIONS})
        self.options: dict[str, list[tuple[str, Any]]] = {"game": GAMES, "side": SIDES, "opponent": OPPONENTS,
                                                          "quiet": ON_OFF, "hints": HINTS, **HC.OPTIONS}
        self.values.update(remembered(app.settings["online_host"], self.options))
        self.frame = pygame.Rect(60, 10, 520, 330)
        self.name = NameEntry(app)
        self.build_menu()
        self.connector: Connector | None = None
        self.ticks = 0

    @property
    def kind(self) -> str:
        return str(GAMES[self.values["game"]][1])

    def build_menu(self) -> None:
        """The rows of the chosen game between Game and Start hosting; the cursor on Start hosting."""
        rows = JAYDEN_ROWS if self.kind == "jayden" else HC.ROWS
        self.menu = Menu([MenuItem("Your name", "name"), MenuItem("Game", "game"),
                          *(MenuItem(label, key) for label, key in rows), MenuItem("Hints", "hints"),
                          MenuItem("Create the game" if self.url else "Start hosting", "start"),
                          MenuItem("Back", "back")], on_change=self._change)
        self.menu.layout(self.frame.x + 24, self.frame.y + 44, self.frame.w - 48)
        self.menu.index = len(self.menu.items) - 2

    def _change(self, index: int, d: int) -> None:
        key = self.menu.items[index].value
        if key in self.options:
            self.values[key] = (self.values[key] + d) % len(self.options[key])
            self.app.sound.play("menu")
            if key == "game":
                self.build_menu()
                self.menu.index = 1             # still on Game

    def no_hints(self) -> str:
        """Why the chosen card table can have no hints whatever the Hints row says (hidden hands,
        Chaos), or ""."""
        return hints.impossible(HC.cards_create(self.values)[0]["rules"]) if self.kind == "cards" else ""

    def seats(self) -> tuple[int, list[dict[str, Any]]]:
        """The host's seat and the seats to create (seat 0 plays Green, who moves first)."""
        mine = SIDES[self.values["side"]][1]
        other = dict(OPPONENTS[self.values["opponent"]][1])
        seats: list[dict[str, Any]] = [{"kind": "human"}, other] if mine == 0 else [other, {"kind": "human"}]
        return mine, seats

    def handle(self, action: Action) -> None:
        if self.connector is not None:
            if action.kind == Kind.BACK:
                L.stop_connector(self)
            return
        if self.menu.current is not None and self.menu.current.value == "name" and self.name.handle(action):
            return                              # typing the name (Enter goes on to the next row)
        item = self.menu_pick(self.menu, action)
        if item is None:
            return
        if item.value == "name":
            self.menu.index += 1
        elif item.value in self.options:
            self._change(self.menu.index, 1)
        elif item.value == "start":
            self.start()
        elif item.value == "back":
            self.close()

    def choices(self) -> tuple[tuple[str, dict[str, Any], list[dict[str, Any]]], int]:
        """The ``create`` the chosen rows make, and the seat this player takes."""
        if self.kind == "cards":
            seat, (setup, seats) = 0, HC.cards_create(self.values)
        else:
            seat, seats = self.seats()
            setup = {"quiet_draw": ON_OFF[self.values["quiet"]][1]}
        setup["hints"] = bool(HINTS[self.values["hints"]][1]) and not self.no_hints()
        return (self.kind, setup, seats), seat

    def start(self) -> None:
        why = self.name.refusal()
        if why:                                 # said here, before anything starts or is kept
            self.app.sound.play("refusal")
            self.menu.index = 0
            self.stack.push(MessageWindow(self.app, "Your name", why, fill=P.RED))
            return
        self.app.sound.play("select")
        (kind, setup, seats), seat = self.choices()
        if self.url:                            # on the server connected to: its Connector, no Hosting
            self.name.remember()
            self.remember()
            self.connector = L.connector(self.app, self.url, create=(kind, setup, seats), seat=seat, name=self.name.value)
            return
        try:
            hosting = L.hosting(self.app)
        except OSError as e:
            self.stack.push(MessageWindow(self.app, "Cannot host", f"The server could not start: {e}"))
            return
        self.name.remember()
        self.remember()
        self.connector = L.connector(self.app, "", create=(kind, setup, seats), seat=seat, hosting=hosting,
                                     name=self.name.value)

    def remember(self) -> None:
        """The choices, for next time: each by its words, so a list that changes later only loses
        the choices it no longer has (a settings file that cannot be written is said, nothing lost)."""
        kept = {key: str(opts[self.values[key]][0]) for key, opts in self.options.items()}
        if self.app.settings["online_host"] == kept:
            return
        self.app.settings["online_host"] = kept
        try:
            self.app.settings.save()
        except OSError as e:
            notices = getattr(self.app, "notices", None)
            if isinstance(notices, list):
                notices.append(f"Could not save the Host choices in the settings: {e.strerror or e}.")

    def update(self) -> None:
        self.ticks += 1
        error = L.follow_connector(self)
        if error:
            self.stack.push(MessageWindow(self.app, self.failure, error, fill=P.RED))

    def exit(self) -> None:
        L.stop_connector(self)

    def redraw_in(self) -> int | None:
        return EVERY_TICK if self.connector is not None else None

    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        surface.fill(P.BLACK)
        inner = draw_window(surface, font, self.frame, self.title)
        font.draw(surface, self.intro, inner.x + 4, inner.y + 4, P.LIGHT_CYAN)
        self.menu.draw(surface, font)
        shown = {}
        for key, opts in self.options.items():
            shown[key] = HC.shown(key, self.values) if key in HC.OPTIONS else opts[self.values[key]][0]
        if self.no_hints():
            shown["hints"] = f"None ({self.no_hints()})"
        for i, item in enumerate(self.menu.items):
            if item.value in shown:
                text = "\u25c4 " + shown[item.value] + " \u25ba"
                color = P.BLACK if self.menu.index == i else P.YELLOW
                font.draw(surface, text, self.menu.rect.right - 8 - font.width(text),
                          self.menu.rect.y + i * LINE_H + 1, color)
        name_row = pygame.Rect(self.menu.rect.right - 8 - 25 * 8, self.menu.rect.y, 25 * 8, LINE_H - 2)
        self.name.draw(surface, font, name_row, self.menu.index == 0 and self.connector is None, True)
        y = self.menu.rect.bottom + 6
        keys_y = self.frame.bottom - 28
        if self.connector is not None:
            dots = "." * (1 + self.ticks // 20 % 3)
            font.draw(surface, self.connector.status.rstrip(".") + dots, inner.x + 4, y, P.WHITE)
            font.draw(surface, "Esc stops", inner.x + 4, y + LINE_H, P.LIGHT_GRAY)
        else:
            room = (keys_y - y) // LINE_H
            refusal = self.name.field.refusal
            refused = [(t, P.YELLOW) for t in wrap(refusal, 62)] if refusal else []   # why a key did nothing
            for i, (line, color) in enumerate((refused + self.notes(room - len(refused)))[:room]):
                font.draw(surface, line, inner.x + 4, y + i * LINE_H, color)
        font.draw(surface, "\u2190\u2192 change  Enter choose  Esc back", inner.x + 4, keys_y, P.LIGHT_GRAY)

    def notes(self, room: int) -> list[tuple[str, int]]:
        """What to know before hosting, in ``room`` lines at most: what this machine keeps (a card
        game: every hand, hidden ones too; Jayden: the game and its record), so strangers are better
        met on a server, and the firewall's question; made on a server, that it is listed there."""
        if self.url:
            listed = wrap("It shows in the server's list for anyone to join or watch; "
                          "you may also give the join code to a friend.", 62)
            return [(t, P.LIGHT_GRAY) for t in listed][:max(room, 0)]
        if self.kind == "cards":
            trust = wrap("This machine holds every hand, hidden cards too. To play strangers, meet on a server: "
                         "Play online > Connect to a server.", 62)
            short = ["This machine holds every hand, hidden ones too. With strangers",
                     "play on a server: Play online > Connect to a server."]
        else:
            trust = wrap("This machine keeps the game and its record. To play strangers, meet on a server: "
                         "Play online > Connect to a server.", 62)
            short = ["This machine keeps the game and its record. With strangers",
                     "play on a server: Play online > Connect to a server."]
        firewall = wrap("Your firewall may ask whether to let the game accept connections: "
                        "allow it for your network.", 62)
        if len(trust) + len(firewall) > room:       # the card game's many rows: the short forms
            trust = short
            firewall = ["If your firewall asks, allow the game for your network."]
        lines = [(t, P.LIGHT_MAGENTA) for t in trust] + [(t, P.LIGHT_GRAY) for t in firewall]
        return lines[:max(room, 0)]


def remembered(kept: Any, options: dict[str, list[tuple[str, Any]]]) -> dict[str, int]:
    """The option indices the remembered words name; words no row offers (an older or edited
    file) are left out, so that row keeps its default."""
    out: dict[str, int] = {}
    if not isinstance(kept, dict):
        return out
    for key, opts in options.items():
        labels = [str(label) for label, _ in opts]
        if isinstance(kept.get(key), str) and kept[key] in labels:
            out[key] = labels.index(kept[key])
    return out
