"""PostgreSQL's ``LISTEN``: what other server processes on the same database tell this one.

A connection of its own, in a thread of its own, waits for notices on our
channels and hands each to the event loop (``call_soon_threadsafe``), so
the loop never blocks on it. It is the only channel between processes
besides the tables: no message bus of our own. A notice is a hint, never a
record (PostgreSQL drops those sent while nobody listens), so whoever sends
one sends it again until what it asked for is done (:mod:`.workers`). A
lost connection is made again after a second; the SQLite server has no
other processes and starts none of this.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable, Sequence

log = logging.getLogger("jayden_jazz.net")

RELEASE = "jayden_jazz_release"
"""Payload: a game's id. Its holder lets it go (a connection naming it arrived at another process)."""
LOBBY = "jayden_jazz_lobby"
"""Payload: a game's id. A game was created or a seat taken somewhere: a kept ``list`` answer is stale."""

WAIT = 0.5
"""Seconds between looks at whether the listener should stop."""


class Notices:
    def __init__(self, spec: str, channels: Sequence[str], deliver: Callable[[str, str], None],
                 loop: asyncio.AbstractEventLoop) -> None:
        self.spec = spec
        self.channels = list(channels)
        self.deliver = deliver
        self.loop = loop
        self.ready = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._main, name="jayden-jazz-notices", daemon=True)

    def start(self, wait: float = 5.0) -> None:
        """Start listening; returns once listening (or after ``wait`` seconds, still trying)."""
        self._thread.start()
        self.ready.wait(wait)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(WAIT * 4)

    def _main(self) -> None:
        import psycopg
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.spec, autocommit=True, connect_timeout=5,
                                     application_name="jayden-jazz notices") as db:
                    for channel in self.channels:
                        db.execute(f"LISTEN {channel}")
                    self.ready.set()
                    while not self._stop.is_set():
                        for n in db.notifies(timeout=WAIT):
                            self.loop.call_soon_threadsafe(self._hand, n.channel, n.payload)
            except Exception as e:   # the database went away: listen again once it is back
                self.ready.clear()
                if self._stop.is_set():
                    return
                log.warning("listening for other servers' notices failed (%s: %s); trying again",
                            type(e).__name__, e)
                self._stop.wait(1.0)

    def _hand(self, channel: str, payload: str) -> None:
        try:
            self.deliver(channel, payload)
        except Exception:    # one notice's bug: logged; the others still arrive
            log.exception("handling the notice %s %r failed", channel, payload)


__all__ = ["LOBBY", "Notices", "RELEASE"]
