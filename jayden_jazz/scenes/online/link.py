"""What the Play online screens share: a server hosted here, getting seated, the words for errors.

A :class:`~.hosting.Hosting` is the game server this machine runs for the
host (:mod:`.hosting`: one per data folder, started again if it stops).
A :class:`Connector` takes a :class:`~jayden_jazz.net.client.NetClient`
from nothing to a seat -- hello, create (the host), join -- one ``update``
a tick, never waiting; what it ends with is a :class:`Link`, which the
waiting room and the table own in turn and close when the player leaves.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jayden_jazz.net.client import NetClient
from jayden_jazz.scenes.online.hosting import Hosting

DEFAULT_PORT = 8765
#: Where a hosted server listens: every interface, so the LAN can reach it.
LISTEN: tuple[str, int] = ("0.0.0.0", DEFAULT_PORT)
#: Headless (tests, screenshots): this machine only, a free port, and nothing announced or browsed.
LOOPBACK: tuple[str, int] = ("127.0.0.1", 0)
#: Whether a hosted game is announced on the LAN (mDNS).
ADVERTISE = True


def local_only(app: Any) -> bool:
    """A headless game (tests, screenshots) never listens on or looks at the network beyond this machine."""
    return bool(getattr(app, "headless", False))
#: More ``serve`` options for a hosted server (tests lift the rate limit and shorten the seat timeout).
SERVER_ARGS: list[str] = []
#: NetClient options (tests: another protocol version, to see the mismatch refused).
CLIENT_OPTIONS: dict[str, Any] = {}
CONNECT_TICKS = 6 * 60          # no answer from a server this long: say so
START_TICKS = 20 * 60           # a server that has not said where it listens by then failed

WATCHING = "You are watching: only the players act"
GAME_LOST = "The server lost this game: it could not be saved. Nothing more can be played in it."
GAME_LOST_LINE = "The server lost this game: it could not be saved. No more play in it."   # one status line

ERROR_WORDS = {
    "no_game": "There is no game with that code on this server: check the code (letters and digits, "
               "as the host's screen shows it).",
    "no_free_seat": "Every seat of that game is taken.",
    "seat_taken": "That seat is taken.",
    "not_waiting": "That game is over.",
    "spectator": WATCHING,
    "wrong_token": "This machine's key to that seat does not fit any more (the game was replaced).",
    "server_full": "The server holds as many players as it can; try again later.",
    "too_many_games": "The server holds as many games as it can; try again later.",
    "not_your_turn": "It is not your turn.",
    "rate_limited": "Too many messages at once; the last one was dropped.",
    "too_many_connections": "Too many connections from your address to this server; close another "
                            "copy of the game and try again.",
    "game_lost": "The server could not record this game and has stopped it (its log says why).",
    "internal": "The server failed on our last message and closed the connection (its log says why).",
}


def words(msg: dict[str, Any]) -> str:
    """An error from the server as a player reads it: our words where we have them, else the server's."""
    code = str(msg.get("code") or "")
    if code in ERROR_WORDS:
        return ERROR_WORDS[code]
    text = str(msg.get("message") or code or "the server refused")
    if code == "version":
        return f"This game and the server speak different protocol versions ({text}). Both players need the same version of Jayden & Jazz."
    if code == "stale_ply":
        return "The game had moved on; the board now shows it as it stands."
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def server_url(text: str) -> str:
    """``192.168.1.20``, ``host:8765`` or ``ws://host:8765`` as a WebSocket address.

    Raises ValueError in plain words for anything that is not an address.
    """
    t = text.strip()
    if not t:
        raise ValueError("Type the host's address, as their Play online screen shows it (e.g. 192.168.1.20:8765).")
    t = re.sub(r"^wss?://", "", t, flags=re.I).rstrip("/")
    m = re.fullmatch(r"(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(?::(\d{1,5}))?", t)
    if not m:
        raise ValueError(f"{text.strip()!r} is not an address: write it like 192.168.1.20:8765 or myhost:8765.")
    port = int(m.group(2)) if m.group(2) else DEFAULT_PORT
    if not 0 < port < 65536:
        raise ValueError(f"Port {port} is out of range (1 to 65535).")
    return f"ws://{m.group(1)}:{port}"


def clean_code(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]", "", text).upper()


class Announcement:
    """The hosted game on the LAN's list (mDNS) from the waiting room until the host leaves, its free
    seats kept up to date (a full or running game stays listed: it can be watched); quiet when switched
    off or failing.

    Registering probes the network for a second or so, so it happens in a
    thread of its own and the frame loop never waits for it; so does each update.
    """

    def __init__(self, enabled: bool = True) -> None:
        self._ad: Any = None
        self._free: int | None = None       # the free seats last asked for (None: not yet announced)
        self._closed = False
        self._lock = threading.Lock()
        self.problem = ""
        self.enabled = enabled

    def update(self, name: str, port: int, game: str, code: str, free: int, hints: bool | None = None) -> None:
        if not (ADVERTISE and self.enabled):
            return
        free = max(free, 0)
        with self._lock:
            if self._closed or free == self._free:
                return
            first, self._free = self._free is None, free
        threading.Thread(target=self._announce if first else self._renew, args=(name, port, game, code, free, hints),
                         name="jayden-jazz-announce", daemon=True).start()

    def _hosted(self, name: str, port: int, game: str, code: str, free: int, hints: bool | None,
                addresses: list[str]) -> Any:
        from jayden_jazz.net import discovery
        from jayden_jazz.net.protocol import VERSION

        return discovery.HostedGame(name, addresses[0], port, game, code, free, VERSION, hints)

    def _announce(self, name: str, port: int, game: str, code: str, free: int, hints: bool | None) -> None:
        from jayden_jazz.net import discovery

        try:
            addresses = discovery.lan_addresses()
            if not addresses:
                self.problem = "No local network found: give the address by hand."
                return
            ad: Any = discovery.Advertiser(self._hosted(name, port, game, code, free, hints, addresses), addresses)
        except (OSError, ValueError, ImportError) as e:
            self.problem = f"Not announced on the local network ({e}); players can still join by address."
            return
        with self._lock:
            if not self._closed:
                self._ad, ad = ad, None
            latest = self._free
        if ad is not None:
            ad.close()          # the game was left while it was being announced
        elif latest is not None and latest != free:
            self._renew(name, port, game, code, latest, hints)     # seats taken while it was being announced

    def _renew(self, name: str, port: int, game: str, code: str, free: int, hints: bool | None) -> None:
        with self._lock:
            ad = self._ad
        if ad is None:
            return              # still being announced: that thread renews it when done
        try:
            ad.update(self._hosted(name, port, game, code, free, hints, [ad.game.address]))
        except (OSError, ValueError) as e:
            self.problem = f"The local network's list may show old details ({e})."

    def close(self) -> None:
        with self._lock:
            self._closed = True
            ad, self._ad = self._ad, None
        if ad is not None:
            ad.close()


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
                 spectator: bool = False) -> None:
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
                    if self.ticks > START_TICKS:
                        self._fail("The server did not start in time.")
                    return
                self.url = url
                self.ticks = 0
            self.net = NetClient(self.url, name=self.name, backoff=(0.2, 1.0), **CLIENT_OPTIONS).start()
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
        if net.connects == 0 and self.ticks > CONNECT_TICKS:
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


__all__ = ["ADVERTISE", "Announcement", "Connector", "DEFAULT_PORT", "Hosting", "LISTEN", "Link", "clean_code",
           "server_url", "words"]


class NoFinder:
    """What a headless game browses: nothing (it never looks at the network)."""

    def games(self) -> list[Any]:
        return []

    def close(self) -> None:
        pass


def make_finder(app: Any) -> Any:
    """The LAN browser (*Find on this network*); tests put a fake one here."""
    if local_only(app):
        return NoFinder()
    from jayden_jazz.net.discovery import Finder
    return Finder()


# ---------------------------------------------------------------------- the unfinished online game
SESSION_FILE = "online.yaml"
_SESSION_FIELDS = {"url": str, "game": str, "code": str, "seat": int, "token": str, "kind": str, "saved": str}


def session_path(app: Any) -> Path:
    return Path(app.dirs.saves) / SESSION_FILE


def save_session(app: Any, link: Link, kind: str | None = None) -> None:
    """Keep what rejoining needs (server, game, seat, token; the host's port and host token), written
    atomically, so Continue on the title offers the game after the program was closed."""
    import yaml
    from datetime import datetime

    from jayden_jazz.settings import atomic_write_text

    token = (link.net.session or {}).get("token")
    if link.seat is None or not token:
        return
    data: dict[str, Any] = {"format": 1, "kind": kind or link.kind, "url": link.url, "game": link.game, "code": link.code,
                            "seat": link.seat, "token": token,
                            "saved": datetime.now().isoformat(timespec="seconds")}
    if link.host_token:
        data["host_token"] = link.host_token
    if link.hosting is not None:
        data["hosted_port"] = link.hosting.port
    try:
        atomic_write_text(session_path(app), yaml.safe_dump(data, sort_keys=False))
    except OSError as e:
        notices = getattr(app, "notices", None)
        if isinstance(notices, list):
            notices.append(f"Could not keep the online game for Continue in {session_path(app)}: {e.strerror or e}.")


def load_session(path: Path) -> dict[str, Any] | None:
    """The kept online game, or None when there is none or the file does not fit (it is then ignored)."""
    import yaml

    try:
        data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return None
    if not isinstance(data, dict):
        return None
    for key, kind in _SESSION_FIELDS.items():
        if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
            return None
    if data["kind"] not in ("jayden", "cards") or not str(data["url"]).startswith("ws://"):
        return None
    if "hosted_port" in data and not (isinstance(data["hosted_port"], int) and 0 <= data["hosted_port"] < 65536):
        return None
    if "host_token" in data and not isinstance(data["host_token"], str):
        return None
    return data


def follow_connector(scene: Any) -> str | None:
    """One frame of a screen's attempt to take a seat (``scene.connector``).

    Once seated the screen gives way to the waiting room; when the attempt
    fails it is dropped and its reason returned, for the screen to show.
    """
    c = scene.connector
    if c is None:
        return None
    c.update()
    if c.error:
        scene.connector = None
        return str(c.error)
    if c.link is not None:
        scene.connector = None
        scene.stack.replace(scene.app.scene("online-lobby", link=c.link))
    return None


def follow_connector_or_say(scene: Any) -> None:
    """:func:`follow_connector` for a screen that shows a failed attempt on its own error line."""
    error = follow_connector(scene)
    if error:
        scene.error = error
        scene.app.sound.play("refusal")


def stop_connector(scene: Any) -> bool:
    """Give up a screen's attempt to take a seat; False when there was none."""
    if scene.connector is None:
        return False
    scene.connector.cancel()
    scene.connector = None
    return True


def forget_session(app: Any, game: str | None = None) -> None:
    """The kept game is finished (or the player gave it up): Continue no longer offers it."""
    path = session_path(app)
    data = load_session(path)
    if game is not None and data is not None and data["game"] != game:
        return
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError:
        pass            # it is read again next time; a finished game there is only offered, never lost
