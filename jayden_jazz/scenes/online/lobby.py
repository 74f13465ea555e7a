"""The waiting room: the seats, who is connected, how others join; the game starts when all are in."""

from __future__ import annotations

import socket
from typing import TYPE_CHECKING, Any

import pygame

from jayden_jazz.online.connector import Link
from jayden_jazz.online.session import save_session
from jayden_jazz.online.words import words
from jayden_jazz.scenes.jayden import menus
from jayden_jazz.scenes.online import cards_link, hints, host_cards
from jayden_jazz.scenes.online import link as L
from jayden_jazz.scenes.online import moved
from jayden_jazz.scenes.online.fit import error_lines
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.font import wrap
from jayden_jazz.shell.input import Action, Kind
from jayden_jazz.shell.scene import Scene, ticks_to_next
from jayden_jazz.shell.widgets import LINE_H, draw_window

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView

SIDE_OF_SEAT = ("Green", "Red")
DOTS_TICKS = 20


def lan_addresses() -> list[str]:
    """Where players on the local network reach this machine (shown, never bound here)."""
    from jayden_jazz.net.discovery import lan_addresses as found
    try:
        return found()[:3]
    except (OSError, ImportError):
        return []


class LobbyScene(Scene):
    def __init__(self, app: AppView, link: Link) -> None:
        super().__init__(app)
        self.link = link
        self.frame = pygame.Rect(40, 30, 560, 290)
        self.addresses = lan_addresses() if link.is_host else []
        link.announcement.enabled = L.config(app).announces
        save_session(app.dirs.saves, link, notice=app.notices.append)
        self.hand_sent: list[str] | None = None    # the card game: this seat's hand, sent, not yet refused
        self.picker_offered = False
        self.refusal = ""
        self.ticks = 0
        self.handed_over = False
        self.lost = False
        self.host_name = socket.gethostname() or "Jayden & Jazz host"
        self.leave_rect = pygame.Rect(self.frame.x + 16, self.frame.bottom - 32, 120, 18)

    @property
    def view(self) -> dict[str, Any] | None:
        return self.link.net.view

    def handle(self, action: Action) -> None:
        leave = self.leave_rect.collidepoint(action.pos) if action.pos is not None else False
        if action.kind == Kind.ACTION and leave:
            self.ask_leave()
        elif action.kind == Kind.ACTION and action.pos is None and self.lost and moved.offered(self.link):
            moved.give_new_address(self.app, self.link)
        elif action.kind == Kind.ACTION and self.needs_hand():
            self.open_picker()
        elif action.kind == Kind.BACK:
            self.ask_leave()

    def ask_leave(self) -> None:
        if self.link.watching:
            self.close()                    # watching holds nothing to lose
            return
        if self.link.is_host and self.link.hosting is not None:
            text = "Stop hosting? The server on this machine stops and players who joined are left waiting."
            yes = "Yes, stop hosting"
        else:
            text = "Leave the waiting room? Your seat stays yours: Continue on the title takes you back."
            yes = "Yes, leave"
        self.stack.push(menus.yes_no(self.app, "Leave?", text, lambda y: self.close() if y else None,
                                     yes=yes, no="No, wait"))

    # ------------------------------------------------------------------ the card game's hands
    def needs_hand(self) -> bool:
        """This seat of a card game has a hand to choose (not dealt, not sent, not in yet)."""
        v = self.view
        if v is None or v.get("kind") != "cards" or v["status"] != "waiting" or self.hand_sent is not None:
            return False
        you = v.get("you")
        seats = v.get("seats", [])
        return isinstance(you, int) and 0 <= you < len(seats) and not seats[you].get("hand_chosen", True)

    def open_picker(self) -> None:
        self.picker_offered = True
        self.refusal = ""
        from jayden_jazz.cards import Rules

        v = self.view
        assert v is not None
        rules = dict(v["setup"]["rules"])
        self.stack.push(self.app.scene("cards-hands", config=host_cards.picker_config(v), online_seat=int(v["you"]),
                                       on_hand=self.send_hand, rules=Rules.from_dict(rules),
                                       title=host_cards.picker_title(rules)))

    def send_hand(self, cards: list[str]) -> None:
        self.hand_sent = list(cards)
        self.link.net.choose_hand(cards)
        self.changed()

    def update(self) -> None:
        self.ticks += 1
        for msg in self.link.poll():
            if msg["type"] == "connection":
                self.lost = msg.get("state") in ("lost", "refused")
                self.changed()
            elif msg["type"] in ("view", "presence", "joined"):
                self.changed()
            elif msg["type"] == "error" and self.hand_sent is not None:
                self.hand_sent = None           # the hand was refused: say why, and choose again
                self.refusal = "The server refused the hand: " + words(msg)
                self.app.sound.play("refusal")
                self.changed()
        v = self.view
        if v is None:
            return
        if self.link.is_host and self.link.hosting is not None:
            free = sum(1 for s in v["seats"] if not s["joined"])
            self.link.announcement.update(self.host_name, self.link.hosting.port, v["kind"], v["code"], free,
                                          hints=hints.allowed(v))
        if self.needs_hand() and not self.picker_offered and self.stack.top is self:
            self.open_picker()
        if v["status"] in ("playing", "over", "abandoned"):
            if v["status"] != "playing":
                self.link.announcement.close()     # running, it stays listed (full) for watching
            if v["kind"] == "jayden":
                self.handed_over = True
                self.stack.replace(self.app.scene("online-jayden", link=self.link))
            elif v["status"] == "playing" and not self.handed_over and not self.refusal:
                try:
                    table = cards_link.open_table(self.app, self.link, v)
                except ValueError as e:
                    self.refusal = str(e)
                    return
                self.handed_over = True
                self.stack.replace(table)

    def exit(self) -> None:
        if not self.handed_over:
            self.link.close()

    def redraw_in(self) -> int | None:
        return ticks_to_next(self.ticks, DOTS_TICKS)

    def note(self, v: dict[str, Any] | None, cards: bool) -> tuple[str, int]:
        """The line under the seats: what the room waits for, or what went wrong."""
        if self.lost:
            if moved.offered(self.link):
                return ("Lost the connection to the server - reconnecting. It moved? Enter: give its "
                        "new address."), P.LIGHT_RED
            return "Lost the connection to the server - reconnecting...", P.LIGHT_RED
        if v is None:
            return "Waiting for the server...", P.WHITE
        if cards and v["status"] != "waiting":
            return (self.refusal if v["status"] == "playing" else "That game is over."), P.LIGHT_MAGENTA
        if self.link.watching:
            return ("You are watching: the game shows here by itself once every seat is taken. "
                    "Only the players act."), P.LIGHT_CYAN
        if self.refusal:
            return self.refusal + " Enter chooses again.", P.LIGHT_RED
        if self.needs_hand():
            return "Enter: choose your hand.", P.YELLOW
        if self.hand_sent is not None and v["seats"][v["you"]].get("hand_chosen") is False:
            return "Sending your hand...", P.WHITE
        return "The game starts by itself when every seat is taken.", P.WHITE

    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        surface.fill(P.BLACK)
        cards = self.link.kind == "cards"
        inner = draw_window(surface, font, self.frame, "Waiting room - " + ("Card game" if cards else "Jayden")
                            + (" - watching" if self.link.watching else ""))
        x, y = inner.x + 4, inner.y + 4
        v = self.view
        code = (v or {}).get("code") or self.link.code
        font.draw(surface, "Join code:", x, y, P.WHITE)
        font.draw(surface, " ".join(code), x + 96, y, P.YELLOW)
        y += LINE_H + 2
        if v is not None and cards:                       # the rules, before anyone picks a hand
            rules = v["setup"]["rules"]
            dealing = "hands dealt" if rules.get("random") else "each picks a hand"
            for line in wrap(f"Rules: {host_cards.rules_words(rules)}; {dealing}.", 66):
                font.draw(surface, line, x, y, P.WHITE)
                y += LINE_H
            y += 2
        if v is not None:
            text, color = hints.words(v)                  # both players know before playing
            font.draw(surface, text, x, y, color)
            y += LINE_H + 2
        if self.link.is_host and self.link.hosting is None:      # made on a server nobody here runs
            for line in wrap(f"Players find this game in the list of the server {self.link.url[5:]} "
                             "(Play online > Connect to a server), or join it with the code.", 66):
                font.draw(surface, line, x, y, P.LIGHT_CYAN)
                y += LINE_H
        elif self.link.is_host:
            port = self.link.hosting.port if self.link.hosting is not None else 0
            where = ", ".join(f"{a}:{port}" for a in self.addresses) or f"this machine's address, port {port}"
            for line in wrap(f"On this network players join at {where}.", 66):
                font.draw(surface, line, x, y, P.LIGHT_CYAN)
                y += LINE_H
            for line in wrap(f"Over the internet: forward TCP port {port} on your router to this machine "
                             "and give your public address.", 66):
                font.draw(surface, line, x, y, P.LIGHT_GRAY)
                y += LINE_H
            if self.link.announcement.problem:
                for line in wrap(self.link.announcement.problem, 66):
                    font.draw(surface, line, x, y, P.LIGHT_MAGENTA)
                    y += LINE_H
        y += 6
        font.draw(surface, "Seats", x, y, P.YELLOW)
        y += LINE_H
        you = (v or {}).get("you", self.link.seat)
        for s in (v or {}).get("seats", []):
            side = SIDE_OF_SEAT[s["seat"]] if s["seat"] < 2 and not cards else f"Seat {s['seat'] + 1}"
            who = s["name"] + (" (you)" if s["seat"] == you else "")
            if self.lost and s["seat"] == you:          # the view is older than our lost connection
                state, color = "reconnecting", P.LIGHT_RED
            elif s["kind"] == "computer":
                state, color = "computer", P.LIGHT_GRAY
            elif s["connected"]:
                state, color = "connected \u2713", P.LIGHT_GREEN
            elif s["joined"]:
                state, color = "away", P.LIGHT_RED
            else:
                state, color = "waiting for a player" + "." * (1 + self.ticks // DOTS_TICKS % 3), P.WHITE
            font.draw(surface, f"{side:6s} {who}", x + 8, y, P.WHITE)
            font.draw(surface, state, x + 300, y, color)
            if cards and s.get("hand_chosen") and not (v or {}).get("setup", {}).get("rules", {}).get("random"):
                font.draw(surface, "hand in", x + 460, y, P.LIGHT_GREEN)
            y += LINE_H
        y += 6
        text, color = self.note(v, cards)
        for line in error_lines(text, self.leave_rect.y - 2 - y, 66):     # never over the Leave button
            font.draw(surface, line, x, y, color)
            y += LINE_H
        pygame.draw.rect(surface, P.LIGHT_GRAY, self.leave_rect, 1)
        font.draw(surface, "Leave (Esc)", self.leave_rect.x + 8, self.leave_rect.y + 2, P.WHITE)
