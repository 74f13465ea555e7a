"""The hosted game on the LAN's list (mDNS), kept up to date without ever holding up a frame."""

from __future__ import annotations

import threading
from typing import Any

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
        if not self.enabled:
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


__all__ = ["Announcement"]
