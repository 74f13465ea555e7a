"""One game server per data folder: an exclusive lock held for the server's life.

Two servers on one ``games.sqlite3`` would each believe their own copy of
a game: the host's move goes to one, the guest waits on the other. So a
server takes ``server.lock`` in its data folder before it opens the store
and holds it until the process ends -- the operating system lets go of it
even when the server is killed, so a stale lock never stands in the way.
Beside it, ``server.json`` names the holder (pid, then host and port once
it listens); it is trusted only while the lock is held, since a killed
server leaves it behind.

A game that wants to host asks :func:`running` first and, when a server
already serves the folder (the one it started before it crashed, say),
uses that one instead of starting a second.

Linux and macOS use ``flock``; Windows locks the lock file's first byte
(``msvcrt.locking``); where neither exists nothing is locked.
"""

from __future__ import annotations

import json
import logging
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]
try:
    import msvcrt
except ImportError:
    msvcrt = None  # type: ignore[assignment]

DATA_IN_USE = 3
"""``serve``'s exit code when its data folder is served already or cannot be used (2: the port is taken)."""
LOCK_FILE = "server.lock"
INFO_FILE = "server.json"
TAKE_TRIES = 20          # a game's look (running()) holds the lock a moment: try again this often...
TAKE_PAUSE = 0.05        # ...this far apart before calling the folder taken


@dataclass(frozen=True)
class Running:
    """The server holding a data folder: its pid, and where it listens (``port`` None: still starting).
    ``owner``: the game process that hosts it (None: a server started by hand)."""

    pid: int
    host: str = ""
    port: int | None = None
    owner: int | None = None

    @property
    def url(self) -> str | None:
        """Where a game on this machine reaches it."""
        if self.port is None:
            return None
        host = "127.0.0.1" if self.host in ("", "0.0.0.0", "127.0.0.1", "::") else self.host
        return f"ws://{host}:{self.port}"


class DataInUse(Exception):
    """Another server holds the data folder."""

    def __init__(self, folder: Path, holder: Running | None) -> None:
        self.folder, self.holder = folder, holder
        if holder is None:
            who = "another server"
        elif holder.port is None:
            who = f"the server with process id {holder.pid} (still starting)"
        else:
            who = f"the server with process id {holder.pid} on port {holder.port}"
        super().__init__(f"the data folder {folder} is already served by {who}; stop it or give another --data")


class DataFolderError(Exception):
    """The data folder cannot be locked at all (not writable, not a folder)."""


def _try_lock(f: IO[str], exclusive: bool) -> bool:
    """Lock without waiting; False when someone else holds it."""
    if fcntl is not None:
        try:
            fcntl.flock(f.fileno(), (fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH) | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        except OSError as e:     # a file system without locks: say it is free rather than never host
            if e.errno in (getattr(os, "ENOLCK", -1), getattr(os, "EOPNOTSUPP", -1)):
                return True
            raise
        return True
    if msvcrt is not None:  # pragma: no cover - Windows
        try:
            f.seek(0)
            msvcrt.locking(f.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    return True  # pragma: no cover - no locking on this system


def _unlock(f: IO[str]) -> None:
    if fcntl is not None:
        fcntl.flock(f.fileno(), fcntl.LOCK_UN)
    elif msvcrt is not None:  # pragma: no cover - Windows
        f.seek(0)
        msvcrt.locking(f.fileno(), msvcrt.LK_UNLCK, 1)


def _read_info(folder: Path) -> Running | None:
    try:
        data: Any = json.loads((folder / INFO_FILE).read_text(encoding="utf-8"))
        pid = data["pid"]
        port, owner = data.get("port"), data.get("owner")
        if not isinstance(pid, int) or isinstance(pid, bool) or pid <= 0:
            return None
        if port is not None and not (isinstance(port, int) and 0 < port < 65536):
            port = None
        if owner is not None and not isinstance(owner, int):
            owner = None
        return Running(pid, str(data.get("host") or ""), port, owner)
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _write_info(folder: Path, info: Running) -> None:
    """Written whole or not at all (a reader never sees half of it). Only a help: the lock is what
    keeps a second server out, so a write that fails (a full disk) is logged, not fatal."""
    text = json.dumps({"pid": info.pid, "host": info.host, "port": info.port, "owner": info.owner})
    tmp = folder / f".{INFO_FILE}.{os.getpid()}.tmp"
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, folder / INFO_FILE)
    except OSError as e:
        logging.getLogger("jayden_jazz.net").warning("cannot write %s: %s", folder / INFO_FILE, e.strerror or e)
        try:
            tmp.unlink()
        except OSError:
            pass


def running(folder: Path) -> Running | None:
    """The server holding ``folder`` (its port None while it starts), or None when none does.

    It looks with a shared lock taken and let go at once, so it never
    keeps a server from starting for longer than that moment.
    """
    path = Path(folder) / LOCK_FILE
    try:
        f = open(path, "r", encoding="utf-8")
    except OSError:
        return None             # never locked here (or unreadable): nobody serves it
    with f:
        if _try_lock(f, exclusive=False):
            _unlock(f)
            return None
    return _read_info(Path(folder)) or Running(0)


class DataLock:
    """The lock a running server holds; :meth:`listening` names its port in ``server.json``."""

    def __init__(self, folder: Path, owner: int | None = None) -> None:
        self.folder = Path(folder)
        self.owner = owner
        self._file: IO[str] | None = None

    def take(self) -> None:
        """Raises :class:`DataInUse` (naming the holder) or :class:`DataFolderError`."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            f = open(self.folder / LOCK_FILE, "a+", encoding="utf-8")
        except OSError as e:
            raise DataFolderError(f"cannot use the data folder {self.folder}: {e.strerror or e}") from None
        try:
            for attempt in range(TAKE_TRIES):
                if _try_lock(f, exclusive=True):
                    break
                if attempt + 1 < TAKE_TRIES:
                    time.sleep(TAKE_PAUSE)      # startup only: a game's look lets go within a moment
            else:
                raise DataInUse(self.folder, _read_info(self.folder))
            self._file = f
            _write_info(self.folder, Running(os.getpid(), owner=self.owner))
        except OSError as e:
            f.close()
            self._file = None
            raise DataFolderError(f"cannot use the data folder {self.folder}: {e.strerror or e}") from None
        except BaseException:
            if self._file is None:
                f.close()
            raise

    def listening(self, host: str, port: int) -> None:
        _write_info(self.folder, Running(os.getpid(), host, port, self.owner))

    def release(self) -> None:
        f, self._file = self._file, None
        if f is None:
            return
        try:
            (self.folder / INFO_FILE).unlink()
        except OSError:
            pass
        try:
            _unlock(f)
        finally:
            f.close()


@contextmanager
def held(folder: Path, owner: int | None = None) -> Iterator[DataLock]:
    lock = DataLock(folder, owner)
    lock.take()
    try:
        yield lock
    finally:
        lock.release()


__all__ = ["DATA_IN_USE", "DataFolderError", "DataInUse", "DataLock", "INFO_FILE", "LOCK_FILE", "Running", "held", "running"]
