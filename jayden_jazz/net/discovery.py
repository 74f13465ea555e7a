"""Finding games hosted on the local network (mDNS / DNS-SD through ``zeroconf``).

A host advertises one service per server; the Play online screen's *Find on
this network* browses for them and lists what it finds. The listing is
advisory: joining still goes through the server, which checks the join code
and the protocol version, so a forged or stale advertisement can show a
wrong line in the list but cannot join anyone to anything.

The TXT record is read as untrusted input: every value is checked and cut
to a short length, and a record that does not parse is left out of the list.
"""

from __future__ import annotations

import ipaddress
import re
import socket
import threading
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

SERVICE_TYPE = "_jaydenjazz._tcp.local."
GAMES = ("cards", "jayden")
MAX_NAME = 40
MAX_LIST = 50
_CODE = re.compile(r"^[A-Z0-9]{4,8}$")


@dataclass(frozen=True)
class HostedGame:
    """One advertised server: who hosts it, where it listens, what it plays, how to join."""

    name: str
    address: str
    port: int
    game: str
    code: str
    seats_free: int
    protocol: int
    hints: bool | None = None    # the host allows hints; None: not said (an older host)

    @property
    def label(self) -> str:
        seats = "full" if self.seats_free <= 0 else f"{self.seats_free} seat{'s' if self.seats_free > 1 else ''} free"
        title = "Card game" if self.game == "cards" else "Jayden"
        title += {True: ", hints", False: ", no hints", None: ""}[self.hints]
        return f"{self.name} - {title} - {seats} - {self.address}:{self.port}"


def clean_name(text: str) -> str:
    """A name as the list shows it: printable characters only, one line, cut short."""
    kept = "".join(ch for ch in text if ch.isprintable()).strip()
    return kept[:MAX_NAME] or "Unnamed host"


def to_properties(g: HostedGame) -> dict[str, str]:
    out = {"name": clean_name(g.name), "game": g.game, "code": g.code, "free": str(g.seats_free),
           "v": str(g.protocol)}
    if g.hints is not None:
        out["hints"] = "1" if g.hints else "0"
    return out


def from_properties(props: Mapping[bytes | str, Any], address: str, port: int) -> HostedGame | None:
    """The advertised game, or None when any field is missing or out of range."""
    def text(key: str) -> str | None:
        raw = props.get(key.encode(), props.get(key))
        if isinstance(raw, bytes):
            try:
                return raw.decode("utf-8")
            except UnicodeDecodeError:
                return None
        return raw if isinstance(raw, str) else None

    name, game, code, free, version, hints = (text(k) for k in ("name", "game", "code", "free", "v", "hints"))
    if name is None or game not in GAMES or code is None or not _CODE.match(code):
        return None
    if free is None or not free.isdigit() or len(free) > 2 or version is None or not version.isdigit() \
            or len(version) > 4:
        return None
    if not 0 < port < 65536:
        return None
    try:
        ipaddress.ip_address(address)
    except ValueError:
        return None
    return HostedGame(clean_name(name), address, port, game, code, int(free), int(version),
                      {"1": True, "0": False}.get(hints or ""))    # anything else: not said


class GameList:
    """What *Find on this network* shows: advertised games by service name, safe across threads.

    The browser's thread adds and removes entries; the screen reads a sorted
    snapshot each frame. The list is bounded so a flood of advertisements
    cannot grow it without end.
    """

    def __init__(self, limit: int = MAX_LIST) -> None:
        self._lock = threading.Lock()
        self._games: dict[str, HostedGame] = {}
        self.limit = limit

    def seen(self, service: str, game: HostedGame | None) -> None:
        with self._lock:
            if game is None:
                self._games.pop(service, None)
            elif service in self._games or len(self._games) < self.limit:
                self._games[service] = game

    def gone(self, service: str) -> None:
        with self._lock:
            self._games.pop(service, None)

    def games(self) -> list[HostedGame]:
        with self._lock:
            return sorted(self._games.values(), key=lambda g: (g.name.lower(), g.address, g.port))


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback, for the host's advertisement."""
    import ifaddr   # zeroconf's own dependency

    out = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and not ip.ip.startswith("127."):
                out.append(ip.ip)
    return out


def _service_name(name: str, port: int) -> str:
    safe = re.sub(r"[^A-Za-z0-9 -]", "", clean_name(name))[:MAX_NAME] or "Host"
    return f"{safe} {port}.{SERVICE_TYPE}"


class Advertiser:
    """Announces one hosted server until closed (the host's Play online screen owns it)."""

    def __init__(self, game: HostedGame, addresses: Iterable[str], interfaces: list[str] | None = None) -> None:
        from zeroconf import IPVersion, ServiceInfo, Zeroconf

        self.game = game
        packed = [socket.inet_aton(a) for a in addresses]
        self._info = ServiceInfo(SERVICE_TYPE, _service_name(game.name, game.port), addresses=packed,
                                 port=game.port, properties=to_properties(game))
        self._zc = Zeroconf(interfaces=interfaces or [a for a in addresses], ip_version=IPVersion.V4Only)
        self._zc.register_service(self._info, allow_name_change=True)

    def update(self, game: HostedGame) -> None:
        """The same game with new details (fewer seats free, full and running: still there to watch)."""
        from zeroconf import ServiceInfo

        self.game = game
        self._info = ServiceInfo(SERVICE_TYPE, self._info.name, addresses=self._info.addresses,
                                 port=game.port, properties=to_properties(game), server=self._info.server)
        self._zc.update_service(self._info)

    def close(self) -> None:
        try:
            self._zc.unregister_service(self._info)
        finally:
            self._zc.close()


class Finder:
    """Browses the network for hosted games; ``games()`` is the current list."""

    def __init__(self, interfaces: list[str] | None = None) -> None:
        from zeroconf import IPVersion, ServiceBrowser, Zeroconf

        self.found = GameList()
        kwargs: dict[str, Any] = {"ip_version": IPVersion.V4Only}
        if interfaces:
            kwargs["interfaces"] = interfaces
        self._zc = Zeroconf(**kwargs)
        self._browser = ServiceBrowser(self._zc, SERVICE_TYPE, handlers=[self._changed])

    def _changed(self, zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        from zeroconf import ServiceStateChange

        if state_change is ServiceStateChange.Removed:
            self.found.gone(name)
            return
        info = zeroconf.get_service_info(service_type, name, timeout=1500)
        if info is None:
            return
        addresses = info.parsed_addresses()
        game = from_properties(info.properties or {}, addresses[0], info.port or 0) if addresses else None
        self.found.seen(name, game)

    def games(self) -> list[HostedGame]:
        return self.found.games()

    def close(self) -> None:
        self._browser.cancel()
        self._zc.close()


__all__ = ["Advertiser", "Finder", "GameList", "HostedGame", "SERVICE_TYPE", "clean_name", "from_properties",
           "lan_addresses", "to_properties"]
