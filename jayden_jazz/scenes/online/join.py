"""Join a game: the host's address and the join code their screen shows; to play, or to watch it.

Joining to play the game this machine already has a seat in (the one
Continue offers) takes that seat back with its token when the host's
server moved (another address than the kept one), or when the game turns
out full: the way back without "Every seat of that game is taken". At the
same address with a seat free it joins as anyone does (a second game
window on this machine takes a seat of its own).

The code is checked here, as it is typed and on Enter, against the
server's own alphabet and length (``net/route.py``): a short code or a
letter no code has is said at once, without a round trip to the server.
"""

from __future__ import annotations

import string
from typing import TYPE_CHECKING, Any

import pygame

from jayden_jazz.online.connector import Connector
from jayden_jazz.online.session import load_session, session_path
from jayden_jazz.net.route import CODE_CHARS, CODE_LENGTH, code_of
from jayden_jazz.online.words import ERROR_WORDS, clean_code, server_url
from jayden_jazz.scenes.online import link as L
from jayden_jazz.scenes.online.fit import error_lines
from jayden_jazz.scenes.online.player_name import NameEntry
from jayden_jazz.scenes.workshop.textfield import TextField, typed_char
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.input import Action, Kind
from jayden_jazz.shell.scene import EVERY_TICK, Scene, soonest, ticks_to_next
from jayden_jazz.shell.widgets import LINE_H, draw_window

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView

ROWS = ("name", "address", "code", "join", "watch", "back")
LABELS = {"name": "Your name", "address": "Address", "code": "Join code", "join": "Join to play",
          "watch": "Watch (a spectator: no seat, nothing kept)", "back": "Back"}


def alphabet_words(chars: str) -> str:
    """The characters of a join code in words: "the letters A-Z but I and O, and the digits 2-9"."""
    missing = [c for c in string.ascii_uppercase if c not in chars]
    digits = "".join(c for c in string.digits if c in chars)
    letters = "the letters A-Z" + (f" but {', '.join(missing[:-1])} and {missing[-1]}" if len(missing) > 1
                                   else f" but {missing[0]}" if missing else "")
    if not digits:
        return letters
    numbers = f"{digits[0]}-{digits[-1]}" if len(digits) > 2 and digits in string.digits else ", ".join(digits)
    return f"{letters}, and the digits {numbers}"


CODE_WORDS = alphabet_words(CODE_CHARS)


def code_key(ch: str) -> str:
    """What a key typed into the code keeps: a capital; a dash or a space is taken as people write
    codes (``route.code_of`` reads "abc-def") and keeps nothing."""
    return "" if ch in "- " else ch.upper()


def code_refusal(text: str) -> str:
    """Why ``text`` is not a join code ('' when it is one): said on Enter, before anything is sent."""
    code = text.upper().replace("-", "").replace(" ", "")
    if code_of(code) is not None:
        return ""
    bad = next((ch for ch in code if ch not in CODE_CHARS), None)
    if bad is not None:
        return f"A join code has no \"{bad}\": it uses only {CODE_WORDS}."
    return f"A join code has {CODE_LENGTH} letters and digits (you typed {len(code)})."


class JoinScene(Scene):
    def __init__(self, app: AppView, address: str = "", code: str = "") -> None:
        super().__init__(app)
        self.name = NameEntry(app)
        last = app.settings["online_join"] or {}
        if not address and not code:                  # the last game joined, to join again
            address, code = str(last.get("address", "")), str(last.get("code", ""))
        self.fields = {"name": self.name.field, "address": TextField(address, 60),
                       "code": TextField(clean_code(code)[:CODE_LENGTH], CODE_LENGTH, what="A join code",
                                         unit="letters and digits", chars=CODE_CHARS, chars_words=CODE_WORDS,
                                         fold=code_key)}
        self.focus = ROWS.index("address" if not self.fields["address"].value else "code")
        self.frame = pygame.Rect(70, 25, 500, 300)
        self.rows = {name: pygame.Rect(self.frame.x + 24, self.frame.y + 62 + i * 22, self.frame.w - 48, 18)
                     for i, name in enumerate(ROWS)}
        self.connector: Connector | None = None
        self.kept: dict[str, Any] | None = None     # this machine's seat in the game being joined, if any
        self.error = ""
        self.ticks = 0

    @property
    def focused(self) -> str:
        return ROWS[self.focus]

    def handle(self, action: Action) -> None:
        k = action.kind
        if self.connector is not None:
            if k == Kind.BACK:
                L.stop_connector(self)
            return
        if k == Kind.BACK:
            self.close()
            return
        if action.pos is not None and k in (Kind.POINT, Kind.ACTION):
            for i, name in enumerate(ROWS):
                if self.rows[name].collidepoint(action.pos):
                    self.focus = i
                    if k == Kind.ACTION and name in ("join", "watch", "back"):
                        self._choose(name)
                    return
            return
        if k == Kind.MOVE and action.dy and not action.dx:
            self.focus = (self.focus + action.dy) % len(ROWS)
            return
        field = self.fields.get(self.focused)
        if k == Kind.ACTION and not typed_char(action):
            if field is None:
                self._choose(self.focused)
            elif self.focused == "code" and field.value and code_refusal(field.value):
                self.error = code_refusal(field.value)   # said now, not by the server; the text stays
                self.app.sound.play("refusal")
            else:
                self.focus += 1          # Enter in a field goes to the next one
            return
        if field is not None and field.handle(action):
            self.error = field.refusal              # why the key did nothing (a full code, an O), or nothing
            if field.refusal:
                self.app.sound.play("illegal")

    def _choose(self, name: str) -> None:
        if name == "back":
            self.close()
            return
        why = self.name.refusal()
        if why:                                 # said here, before anything is sent or kept
            self.error, self.focus = why, ROWS.index("name")
            self.app.sound.play("refusal")
            return
        try:
            url = server_url(self.fields["address"].value)
        except ValueError as e:
            self.error, self.focus = str(e), ROWS.index("address")
            self.app.sound.play("refusal")
            return
        typed = self.fields["code"].value
        why = code_refusal(typed) if typed.strip(" -") else \
            f"Type the join code the host's screen shows ({CODE_LENGTH} letters and digits)."
        if why:                                 # a short code is said here, before anything is sent
            self.error, self.focus = why, ROWS.index("code")
            self.app.sound.play("refusal")
            return
        code = code_of(typed) or ""
        self.app.sound.play("select")
        self.error = ""
        self.name.remember()
        self.remember(self.fields["address"].value.strip(), code)
        kept = None if name == "watch" else load_session(session_path(self.app.dirs.saves))
        self.kept = kept if kept is not None and kept["code"] == code else None
        if self.kept is not None and self.kept["url"] != url:
            self._take_back(url)                # this machine's seat in that game, whose host moved
            return
        self.connector = L.connector(self.app, url, code=code, name=self.name.value, spectator=name == "watch")

    def _take_back(self, url: str) -> None:
        """Join with the kept seat's token: the server seats us in our own seat again."""
        kept, self.kept = self.kept, None
        assert kept is not None
        self.connector = L.connector(self.app, url, code=kept["code"], name=self.name.value, token=kept["token"],
                                     host_token=kept.get("host_token"))

    def remember(self, address: str, code: str) -> None:
        """The address and code, for next time (a settings file that cannot be written is said)."""
        kept = {"address": address[:200], "code": code[:CODE_LENGTH]}
        if self.app.settings["online_join"] == kept:
            return
        self.app.settings["online_join"] = kept
        try:
            self.app.settings.save()
        except OSError as e:
            self.error = f"Could not save the address in the settings: {e.strerror or e}."

    def update(self) -> None:
        self.ticks += 1
        connector = self.connector
        error = L.follow_connector(self)
        if error == ERROR_WORDS["no_free_seat"] and self.kept is not None and connector is not None:
            self._take_back(connector.url)      # full, but one of its seats is this machine's
            return
        if error:
            self.error = error
            self.app.sound.play("refusal")

    def exit(self) -> None:
        L.stop_connector(self)

    def redraw_in(self) -> int | None:
        if self.connector is not None:
            return EVERY_TICK
        return soonest(ticks_to_next(self.ticks, 30))

    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        surface.fill(P.BLACK)
        inner = draw_window(surface, font, self.frame, "Join a game")
        font.draw(surface, "The host's Play online screen shows its address and code.", inner.x + 4, inner.y + 4,
                  P.LIGHT_CYAN)
        blink = self.ticks // 30 % 2 == 0
        for i, name in enumerate(ROWS):
            r = self.rows[name]
            focused = i == self.focus and self.connector is None
            if name in self.fields:
                font.draw(surface, LABELS[name], r.x, r.y + 2, P.YELLOW if focused else P.WHITE)
                box = pygame.Rect(r.x + 96, r.y, r.w - 96, r.h)
                if name == "name":                  # as on Host: an empty name says what the seat is called
                    self.name.draw(surface, font, box, focused, blink)
                    continue
                self.fields[name].draw(surface, font, box, focused and blink)
                if focused:
                    pygame.draw.rect(surface, P.YELLOW, box.inflate(2, 2), 1)
            else:
                if focused:
                    surface.fill(P.CYAN, r)
                font.draw(surface, LABELS[name], r.x + 8, r.y + 2, P.BLACK if focused else P.WHITE)
        y = self.rows["back"].bottom + 10
        if self.connector is not None:
            dots = "." * (1 + self.ticks // 20 % 3)
            font.draw(surface, self.connector.status.rstrip(".") + dots + "  (Esc stops)", inner.x + 4, y, P.WHITE)
        elif self.error:
            for j, line in enumerate(error_lines(self.error, self.help_y() - y)):
                font.draw(surface, line, inner.x + 4, y + j * LINE_H, P.LIGHT_RED)
        font.draw(surface, "\u2191\u2193 field  Enter next / join or watch  Esc back", inner.x + 4, self.help_y(),
                  P.LIGHT_GRAY)

    def help_y(self) -> int:
        """The key help line's top: errors end above it."""
        return self.frame.bottom - 30

