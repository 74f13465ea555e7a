"""From nothing to a seat: a :class:`Connector` takes a NetClient through hello, create (the host)
and join, one ``update`` a tick, never waiting; it ends with a :class:`Link`, which the waiting room
and the table own in turn and close when the player leaves. How patient it is and what the client is
given come from the :class:`~.config.OnlineConfig` passed in.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from jayden_jazz.net.client import NetClient
from jayden_jazz.online.announce import Announcement
from jayden_jazz.online.config import OnlineConfig
from jayden_jazz.online.hosting import Hosting
from jayden_jazz.online.words import words

@dataclass
class Link:
    """A seated connection to a game and what came with it; whoever holds it closes it."""

    net: NetClient
    url: str
    game: str
    code: str
    seat: int | None
    hosting: Hosting | None = None
    host_token: str | None = None
    announcement: Announcement = field(default_factory=Announcement)
    kind: str = "jayden"

    @property
    def is_host(self) -> bool:
        return self.host_token is not None

    @property
    def watching(self) -> bool:
        """A spectator's link: it follows the game and never acts."""
        return self.seat is None and not self.is_host

    def poll(self) -> list[dict[str, Any]]:
        """What the server said since the last tick (``net.poll()``); the host's link also keeps its
        server going: one that stopped is started again, and the connection follows it if it had to
        move to another port."""
        if self.hosting is not None:
            url = self.hosting.tend()
            if url is not None and url != self.url:
                self.url = self.net.url = url
        return self.net.poll()

    def close(self) -> None:
        self.announcement.close()
        self.net.close()
        if self.hosting is not None:
            self.hosting.stop()
            self.hosting = None


class Connector:
    """Connect, (create,) join; ``update()`` once a tick. Ends with ``link`` or ``error`` set."""

    def __init__(self, url: str, *, name: str = "", code: str = "", create: tuple[str, dict[str, Any],
                 list[dict[str, Any]]] | None = None, seat: int | None = None, hosting: Hosting | None = None,
                 token: str | None = None, game: str = "", host_token: str | None = None,
                 spectator: bool = False, config: OnlineConfig | None = None) -> None:
        self.config = config if config is not None else OnlineConfig()
        self.url = url
        self.spectator = spectator          # joins to watch: no seat, no token, nothing kept for Continue
        self.name = name
        self.code = code
        self.create = create
        self.seat = seat
        self.hosting = hosting
        self.token = token
        self.game = game
        self.host_token = host_token
        self.net: NetClient | None = None
        self.joined: dict[str, Any] | None = None     # seated; the first view says which game it is
        self.link: Link | None = None
        self.error = ""
        self.status = "Starting the server..." if hosting is not None else f"Connecting to {url[5:]}..."
        self.ticks = 0

    def update(self) -> None:
        if self.link is not None or self.error:
            return
        self.ticks += 1
        if self.net is None:
            if self.hosting is not None:
                try:
                    url = self.hosting.poll()
                except RuntimeError as e:
                    self._fail(f"The server could not start: {e}")
                    return
                if url is None:
                    if self.ticks > self.config.start_ticks:
                        self._fail("The server did not start in time.")
                    return
                self.url = url
                self.ticks = 0
            self.net = NetClient(self.url, name=self.name, backoff=(0.2, 1.0), code=self.code,
                                 **self.config.client_options).start()     # a known code: the URL names the game
            self.status = f"Connecting to {self.url[5:]}..."
            return
        net = self.net
        for msg in net.poll():
            kind = msg["type"]
            if kind == "connection" and msg.get("state") == "refused":
                self._fail(words(msg))
                return
            if kind == "connection" and msg.get("state") == "connected":
                if self.create is not None:
                    self.status = "Creating the game..."
                    net.create(*self.create)
                else:
                    self.status = "Joining to watch..." if self.spectator else "Joining the game..."
                    if self.spectator:
                        net.join(self.game or self.code, spectator=True, name=self.name or None)
                    else:
                        net.join(self.game or self.code, seat=self.seat, token=self.token)
            elif kind == "created":
                self.game, self.code, self.host_token = msg["game"], msg["code"], msg["host_token"]
                self.status = "Taking your seat..."
                net.join(self.game, seat=self.seat)
            elif kind == "joined":
                self.joined = msg
            elif kind == "error":
                self._fail(words(msg))
                return
        view = net.view          # the server may send the seat's view before it confirms the join
        if self.joined is not None and view is not None and view.get("game") == self.joined["game"]:
            msg = self.joined
            self.link = Link(net, self.url, msg["game"], msg.get("code") or self.code,
                             None if self.spectator else msg.get("seat"),
                             self.hosting, self.host_token, kind=str(view.get("kind") or "jayden"))
            self.hosting = None
            return
        if net.connects == 0 and self.ticks > self.config.connect_ticks:
            self._fail(f"No game server answers at {self.url[5:]}. Check the address and that the host is "
                       "hosting; over the internet the host's router must forward the port.")

    def _fail(self, text: str) -> None:
        self.error = text
        self.cancel()

    def cancel(self) -> None:
        """Give up: nothing is kept running (a server started for this is stopped; one found already
        serving the folder goes on as it was)."""
        if self.net is not None and self.link is None:
            self.net.close()
            self.net = None
        if self.hosting is not None:
            self.hosting.stop(found_too=False)
            self.hosting = None


__all__ = ["Connector", "Link"]
