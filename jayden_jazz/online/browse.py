"""The games on a server nobody at the table runs, read for Connect to a server.

A :class:`ServerList` holds one connection (a plain
:class:`~jayden_jazz.net.client.NetClient`, no seat) that asks the server
for its games (``list``) when it connects and every few seconds after, one
``update`` a tick, never waiting. Taking a seat is the ordinary
:class:`~jayden_jazz.online.connector.Connector`'s business; this only
reads. What a server sends is not trusted: an entry that does not have the
shape ``docs/network.md`` gives is left out, and its texts are cut short.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from jayden_jazz.net.client import NetClient
from jayden_jazz.online.config import OnlineConfig
from jayden_jazz.online.words import server_url, words
from jayden_jazz.textcut import cut

REFRESH_TICKS = 4 * 60          # the list is asked for again every four seconds
SEAT_WORDS = ("Green (moves first)", "Red")


def address_url(text: str) -> str:
    """The typed address as a WebSocket URL, or ValueError in plain words."""
    if not text.strip():
        raise ValueError("Type the server's address, e.g. games.example.org:8765 (the port after the colon).")
    return server_url(text)


@dataclass(frozen=True)
class Listed:
    """One game of a server's list, as the screen shows it."""

    code: str
    kind: str                   # jayden | cards
    status: str                 # waiting | playing
    rules: str
    hints: bool
    host: str
    seats: tuple[str, ...]      # each seat's name
    free: tuple[int, ...]       # the seats nobody has taken

    @property
    def game_words(self) -> str:
        return "Jayden" if self.kind == "jayden" else "Cards"

    @property
    def seat_words(self) -> str:
        if self.free:
            return f"{len(self.free)} of {len(self.seats)} free"
        return "playing" if self.status == "playing" else "full"

    def seat_name(self, seat: int) -> str:
        if self.kind == "jayden" and seat < len(SEAT_WORDS):
            return SEAT_WORDS[seat]
        return f"Seat {seat + 1}"


def _text(v: Any, cols: int) -> str:
    return cut("".join(ch for ch in v if ch.isprintable()), cols) if isinstance(v, str) else ""


def listed(entry: Any) -> Listed | None:
    """One entry of a ``games`` answer, or None when it is not one (a strange or broken server)."""
    if not isinstance(entry, dict):
        return None
    code, kind, status, seats, free = (entry.get(k) for k in ("code", "kind", "status", "seats", "free"))
    if not (isinstance(code, str) and 0 < len(code) <= 40 and code.isalnum()) or kind not in ("jayden", "cards") \
            or status not in ("waiting", "playing") or not isinstance(seats, list) or not 2 <= len(seats) <= 4 \
            or not isinstance(free, list):
        return None
    if not all(isinstance(s, dict) for s in seats):
        return None
    free_seats = tuple(s for s in free if isinstance(s, int) and not isinstance(s, bool) and 0 <= s < len(seats))
    return Listed(code, kind, status, _text(entry.get("rules"), 60), entry.get("hints") is True,
                  _text(entry.get("host"), 24), tuple(_text(s.get("name"), 24) for s in seats), free_seats)


class ServerList:
    """The list of one server's games, kept fresh; ``update()`` once a tick (True: something changed)."""

    def __init__(self, url: str, config: OnlineConfig | None = None) -> None:
        self.url = url
        self.config = config if config is not None else OnlineConfig()
        self.net = NetClient(url, backoff=(0.3, 3.0), **self.config.client_options).start()
        self.games: list[Listed] | None = None       # None until the first answer
        self.more = 0
        self.error = ""
        self.lost = False
        self.ticks = 0
        self.asked = 0

    @property
    def address(self) -> str:
        return self.url[5:]

    @property
    def connected(self) -> bool:
        return self.net.state == "connected"

    def refresh(self) -> None:
        """Ask again now (the R key); only over a connection, so no request piles up while away."""
        if self.connected and not self.error:
            self.asked = self.ticks
            self.net.list_games()

    def update(self) -> bool:
        if self.error:
            return False
        self.ticks += 1
        changed = False
        for msg in self.net.poll():
            kind = msg["type"]
            if kind == "connection":
                state = msg.get("state")
                if state == "refused":
                    self._fail(words(msg))
                    return True
                self.lost = state == "lost"
                if state == "connected":
                    self.refresh()
                changed = True
            elif kind == "games":
                entries = msg.get("games")
                found = [listed(e) for e in (entries if isinstance(entries, list) else [])]
                self.games = [g for g in found if g is not None]
                more = msg.get("more")
                self.more = more if isinstance(more, int) and not isinstance(more, bool) and more > 0 else 0
                changed = True
            elif kind == "error" and msg.get("code") == "unknown_type":
                self._fail(f"The server at {self.address} does not list its games (an older version?): "
                           "join its games by code with Join a game.")
                return True
        if self.net.connects == 0 and self.ticks > self.config.connect_ticks:
            self._fail(f"No game server answers at {self.address}. Check the address and that the server "
                       "is running; over the internet its port must be open to you.")
            return True
        if self.ticks - self.asked >= REFRESH_TICKS:
            self.refresh()
        return changed

    def _fail(self, text: str) -> None:
        self.error = text
        self.close()

    def close(self) -> None:
        """Let the connection go in the background: one still trying a silent address may take
        seconds to give up, and the screen (Esc, another address) must not wait for it."""
        threading.Thread(target=self.net.close, name="jayden-jazz-list-close", daemon=True).start()


__all__ = ["Listed", "REFRESH_TICKS", "ServerList", "address_url", "listed"]
