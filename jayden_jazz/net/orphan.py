"""A hosted server never outlives its purpose.

The game that pressed Host starts the server as a child and stops it when
the host leaves. When that game is killed instead, the server goes on (so
the guest only sees a pause, and Continue on the host finds it again); but
once its game is gone *and* no player has been connected for ``grace``
seconds, nobody is coming back, and it ends by itself rather than hold
the port and the data folder for ever.

A server started by hand (no ``--owner``) is never ended this way.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
import time
from dataclasses import dataclass
from typing import Any

log = logging.getLogger("jayden_jazz.net")

DEFAULT_GRACE = 180.0     # seconds alone, once the hosting game is gone


def alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie counts as gone where that can be told)."""
    if pid <= 0:
        return False
    if sys.platform.startswith("win"):  # pragma: no cover - Windows
        return _alive_windows(pid)
    try:
        os.kill(pid, 0)         # signal 0: only asks whether it exists
    except ProcessLookupError:
        return False
    except PermissionError:
        return True             # someone else's process by that number
    return True


def _alive_windows(pid: int) -> bool:  # pragma: no cover - Windows
    """os.kill on Windows would end the process, so ask whether its handle is signalled."""
    import ctypes

    kernel = ctypes.windll.kernel32  # type: ignore[attr-defined]
    handle = kernel.OpenProcess(0x00100000, False, pid)      # SYNCHRONIZE
    if not handle:
        return False
    try:
        return bool(kernel.WaitForSingleObject(handle, 0) == 0x00000102)   # WAIT_TIMEOUT: still running
    finally:
        kernel.CloseHandle(handle)


def players_connected(server: Any) -> int:
    """Connections seated at a game (a spectator alone does not keep a hosted server going)."""
    return sum(1 for c in server.conns if c.seat is not None and not c.closing)


class OrphanWatch:
    """Ends ``server`` (completing its ``failed`` future without an error, which ``run`` takes as
    a clean stop) once ``owner`` is gone and no player has been connected for ``grace`` seconds."""

    def __init__(self, server: Any, owner: int, grace: float = DEFAULT_GRACE) -> None:
        self.server = server
        self.owner = owner
        self.grace = grace
        self.alone_since: float | None = None
        # a parent's death shows at once in getppid (its children are handed on as it dies), even
        # before anyone reaps it; a pid alone would still answer as a zombie
        self.parent = not sys.platform.startswith("win") and os.getppid() == owner

    def owner_alive(self) -> bool:
        return os.getppid() == self.owner if self.parent else alive(self.owner)

    def check(self, now: float) -> bool:
        """True when the server should end now."""
        if self.owner_alive() or players_connected(self.server):
            self.alone_since = None
            return False
        if self.alone_since is None:
            self.alone_since = now
        return now - self.alone_since >= self.grace

    async def run(self) -> None:
        interval = max(0.05, min(5.0, self.grace / 4))
        while not self.check(time.monotonic()):
            await asyncio.sleep(interval)
        log.warning("the game that hosted this server (process %d) is gone and no player has been connected "
                    "for %g s: the server stops", self.owner, self.grace)
        failed = self.server.failed
        if failed is not None and not failed.done():
            failed.set_result(None)


@dataclass(frozen=True)
class Owner:
    """``serve --owner PID --orphan-grace SECONDS``: pid None for a server started by hand."""

    pid: int | None = None
    grace: float = DEFAULT_GRACE


def watch(server: Any, owner: Owner) -> asyncio.Task[None] | None:
    """Start watching (nothing for a server started by hand)."""
    if owner.pid is None:
        return None
    return asyncio.get_running_loop().create_task(OrphanWatch(server, owner.pid, owner.grace).run())


def unwatch(task: asyncio.Task[None] | None) -> None:
    """The server is stopping: so does its watch."""
    if task is not None:
        task.cancel()


def stop_on_terminate(server: Any) -> None:
    """SIGTERM (the host leaving: ``Hosting.stop``) ends the server as a clean stop does: queued
    writes committed, the store closed, the data folder's lock and its info file let go."""
    import signal

    def stop() -> None:
        failed = server.failed
        if failed is not None and not failed.done():
            failed.set_result(None)
    try:
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop)
    except (NotImplementedError, AttributeError, RuntimeError):  # pragma: no cover - Windows
        pass


__all__ = ["DEFAULT_GRACE", "OrphanWatch", "Owner", "alive", "players_connected", "stop_on_terminate", "unwatch", "watch"]
