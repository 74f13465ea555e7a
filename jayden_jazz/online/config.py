"""How the online pieces are set up: given to them as an object, never read from globals.

The game builds one :class:`OnlineConfig` (the app's ``online``): the real
one listens on every interface and looks at the LAN; a headless game
(tests, screenshots) keeps to this machine. Tests and tools make their own
with :func:`dataclasses.replace` -- a faster server, a short patience, a
fake LAN browser -- and hand it over, so nothing is patched behind a
module's back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

DEFAULT_PORT = 8765
#: Where a hosted server listens: every interface, so the LAN can reach it.
LISTEN: tuple[str, int] = ("0.0.0.0", DEFAULT_PORT)
#: Headless (tests, screenshots): this machine only, a free port, and nothing announced or browsed.
LOOPBACK: tuple[str, int] = ("127.0.0.1", 0)


class NoFinder:
    """What a game kept to this machine browses: nothing (it never looks at the network)."""

    def games(self) -> list[Any]:
        return []

    def close(self) -> None:
        pass


@dataclass(frozen=True)
class OnlineConfig:
    """The online settings one game runs with.

    ``local``: this machine only (loopback, a free port, nothing announced
    or browsed). ``server_args``: more ``serve`` options for a hosted
    server. ``client_options``: more NetClient options. ``connect_ticks``:
    how long no answer from a server is waited for before saying so;
    ``start_ticks``: how long a hosted server may take to say where it
    listens. ``finder``: makes the LAN browser (*Find on this network*).
    """

    local: bool = False
    server_args: tuple[str, ...] = ()
    client_options: Mapping[str, Any] = field(default_factory=dict)
    connect_ticks: int = 6 * 60
    start_ticks: int = 20 * 60
    finder: Callable[[], Any] | None = None

    @property
    def announces(self) -> bool:
        """Whether a hosted game is put on the LAN's list."""
        return not self.local

    def listen(self, port: int | None = None) -> tuple[str, int]:
        """Where a hosted server listens: loopback and a free port when local, else every interface
        at ``port`` (the default port when none was kept)."""
        if self.local:
            return LOOPBACK
        return LISTEN[0], port or DEFAULT_PORT

    def make_finder(self) -> Any:
        """The LAN browser: the given one, none when local, else the mDNS one."""
        if self.finder is not None:
            return self.finder()
        if self.local:
            return NoFinder()
        from jayden_jazz.net.discovery import Finder
        return Finder()


__all__ = ["DEFAULT_PORT", "LISTEN", "LOOPBACK", "NoFinder", "OnlineConfig"]
