"""The server's record of every game, in SQLite: nothing acknowledged is lost.

One file, ``games.sqlite3`` under the data folder, in WAL mode with
``synchronous=FULL``: a transaction is on disk when ``commit`` returns, and
the server acknowledges an action only after its row is committed. The
server queues its writes and commits everything queued in one transaction
off the event loop (group commit: one fsync for all the actions that came
in meanwhile), then sends the answers that waited for it. A
server killed at any moment and started again reads every running game
back (:meth:`Store.load`) and rebuilds it by replaying its actions through
the engine, so it offers each game exactly as it was. Finished games are
moved to archive tables at start-up and read one at a time when asked for
(:meth:`Store.game`), so start-up costs what runs, not what was ever played.
The statements and the reading back are shared with the PostgreSQL store
(:mod:`.storebase`, :mod:`.pgstore`; :func:`open_store` picks one).

Each queued change names its game. When a batch fails, each game's changes
are committed on their own (:meth:`Store.commit_each`): one game's bad write
costs that game (marked broken, its later writes dropped), never the others
nor the process. Reading back, a game whose rows are damaged is left out
(:attr:`Store.skipped`) and the others load. What may be opened at all --
ours, new, or refused in one line without a byte changed -- is
:mod:`.dbfile`'s to say.

Seat tokens are kept only as SHA-256 hashes: the file alone does not let
anyone act for a seat.
"""

from __future__ import annotations

import logging
import os
import sqlite3
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from .dbfile import DatabaseRefused, open_database
from .storebase import BaseStore, Statement, StoredGame, Write, token_hash

log = logging.getLogger("jayden_jazz.net")

FILE_NAME = "games.sqlite3"
SYNC_MODES = ("full", "normal")
"""``full``: a commit is on disk (fsync) before the ack -- survives a power cut too.
``normal`` (WAL): a commit survives the server being killed, not the machine losing power."""


class DataFolderRefused(DatabaseRefused):
    """The data folder cannot be used (a file in its place, no permission); one line."""


def prepare_folder(folder: Path) -> None:
    """The data folder, made private (0700) when created here; a file in its place is refused."""
    if folder.exists() and not folder.is_dir():
        raise DataFolderRefused(f"the data folder {folder} is a file, not a folder; name a folder with --data")
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    except OSError as e:
        raise DataFolderRefused(f"the data folder {folder} cannot be made ({e.strerror}); "
                                "name another with --data") from None


def make_private(path: Path) -> None:
    """Only the owner may read a file the server keeps (games, seat names, the log)."""
    try:
        if path.is_file() and not path.is_symlink() and (path.stat().st_mode & 0o777) != 0o600:
            os.chmod(path, 0o600)
    except OSError as e:
        log.warning("cannot make %s private (%s)", path, e.strerror)


def _surrogate_text(raw: bytes) -> str:
    """Stored text, read without stopping at bytes that are not UTF-8 (a damaged row): they become
    lone surrogates, which the reading back then refuses for that game alone."""
    return raw.decode("utf-8", "surrogateescape")


class Store(BaseStore):
    """The embedded store (the default): one SQLite file in the data folder."""

    dialect = "sqlite"

    def __init__(self, folder: Path, on_queue: Callable[[], None] | None = None, *, sync: str = "full") -> None:
        if sync not in SYNC_MODES:
            raise ValueError(f"sync is one of {', '.join(SYNC_MODES)}, not {sync!r}")
        super().__init__(on_queue)
        prepare_folder(folder)
        self.path = folder / FILE_NAME
        self.where = str(self.path)
        # explicit transactions below; one thread at a time (the server's database thread)
        self.db = open_database(self.path, sync)
        self.db.text_factory = _surrogate_text
        for suffix in ("", "-wal", "-shm"):
            make_private(self.path.with_name(FILE_NAME + suffix))
        self._reader: sqlite3.Connection | None = None

    def commit(self, writes: list[Write]) -> None:
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        try:
            for _game, statements in writes:
                for sql, args in statements:
                    db.execute(sql, args)
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise

    def _rows(self, sql: str, args: tuple[Any, ...]) -> Iterable[tuple[Any, ...]]:
        return self.db.execute(sql, args)

    def _read(self, sql: str, args: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        """On a read-only connection of its own: WAL lets it read what is committed while the
        database thread writes, never a transaction half done."""
        if self._reader is None:
            self._reader = sqlite3.connect(f"{self.path.absolute().as_uri()}?mode=ro", uri=True,
                                           check_same_thread=False, isolation_level=None)
            self._reader.text_factory = _surrogate_text
        return self._reader.execute(sql, args).fetchall()

    def close(self) -> None:
        if self._reader is not None:
            self._reader.close()
        self.db.close()


def open_store(spec: str | None, folder: Path, on_queue: Callable[[], None] | None = None, *,
               sync: str = "full") -> BaseStore:
    """The store ``serve --store`` names: none (or ``sqlite``) for the file in ``folder``, or a
    ``postgresql://`` address (psycopg 3 needed: ``pip install -e ".[server-pg]"``). Anything else
    is refused in one line."""
    if spec is None or spec == "sqlite":
        return Store(folder, on_queue, sync=sync)
    if spec.startswith(("postgresql://", "postgres://")):
        from .pgstore import PgStore
        return PgStore(spec, on_queue, sync=sync)
    raise DatabaseRefused(f"--store {spec.split(':', 1)[0]}...: a store is 'sqlite' (the default) or a "
                          "postgresql://user@host/database address")


def driver_errors() -> tuple[type[Exception], ...]:
    """The errors a store's driver raises on damage or a lost connection (caught at start-up)."""
    try:
        import psycopg
    except ImportError:
        return (sqlite3.Error,)
    return (sqlite3.Error, psycopg.Error)


__all__ = ["BaseStore", "DataFolderRefused", "DatabaseRefused", "FILE_NAME", "Statement", "Store", "StoredGame",
           "Write", "driver_errors", "make_private", "open_store", "prepare_folder", "token_hash"]
