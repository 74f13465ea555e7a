"""Opening the server's database file: ours, new, or refused in one line -- never changed.

A data folder is given by a person (``--data``), so what lies at
``games.sqlite3`` may be anything: our own database, an empty file, a file
cut short by a full disk, random bytes, another program's SQLite database,
a folder, a named pipe (which would block whoever opens it), a link to
nowhere, a file locked by another program or made read-only. Each of these
is told apart here *before* anything is written, and anything but our own
file or a new one is refused with a :class:`DatabaseRefused` whose text is
one line naming the file and what to do; the file is left exactly as it
was (bytes and mode).

Our file is known by ``PRAGMA application_id`` (:data:`APPLICATION_ID`);
``PRAGMA user_version`` is its schema version (:data:`SCHEMA_VERSION`).
A file of a newer version is refused (an older server would misread it);
an older one is brought up to date by :data:`.schema.MIGRATIONS`, in one
transaction (the steps PostgreSQL runs too). A file stored before versions were kept (no application id,
exactly our tables and columns) is adopted as version 1.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path

from .schema import APPLICATION_ID, ARCHIVE, COLUMNS, MIGRATIONS, SCHEMA, SCHEMA_VERSION, base, migration, statements

LOCK_WAIT = 2.0
"""Seconds to wait at start for a lock another program holds before refusing the file."""
BUSY_WAIT = 5.0
"""Seconds a commit waits once running for a lock held elsewhere (a tool reading the file)
before it fails -- and with it, only the games it held (see ``Store.commit_each``)."""

_LEAVE = "move it away, or start the server with another --data folder"
_DAMAGED = ("restore it from a backup or move it away (the server then starts with no games), "
            "or start with another --data folder")


class DatabaseRefused(Exception):
    """What lies at the database's path is not ours to use; ``str()`` is one line for people."""


def _kind_of(mode: int) -> str | None:
    """What a non-file is, in words; None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    kinds = ((stat.S_ISLNK, "a symbolic link"), (stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe"),
             (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"))
    return next((words for test, words in kinds if test(mode)), "not a regular file")


def _why(e: sqlite3.Error) -> str:
    text = str(e)
    if "locked" in text or "busy" in text:
        return ("in use by another program (locked); stop the other server using this folder, "
                "or start with another --data folder")
    if "readonly" in text or "read-only" in text:
        return "read-only here; give the server write access to it and its folder, or start with another --data folder"
    return f"damaged or not an SQLite database ({text}); {_DAMAGED}"


def open_database(path: Path, sync: str) -> sqlite3.Connection:
    """Our database at ``path`` (created, or brought up to the current schema), ready to write;
    raises :class:`DatabaseRefused` for anything else, having written nothing."""
    try:
        st = os.lstat(path)          # lstat: a pipe or device is named, never opened (opening one blocks)
    except FileNotFoundError:
        st = None
    except OSError as e:
        raise DatabaseRefused(f"{path} cannot be looked at ({e.strerror}); {_LEAVE}") from None
    if st is not None:
        what = _kind_of(st.st_mode)
        if what is not None:
            raise DatabaseRefused(f"{path} is {what}, not the server's database file; {_LEAVE}")
        if not st.st_mode & stat.S_IWUSR:
            raise DatabaseRefused(f"{path} is read-only; give its owner write access (chmod u+w) "
                                  "or start with another --data folder")
    for suffix in ("-wal", "-shm", "-journal"):    # SQLite's own files beside it: regular files or none
        beside = path.with_name(path.name + suffix)
        try:
            what = _kind_of(os.lstat(beside).st_mode)
        except OSError:
            continue
        if what is not None:
            raise DatabaseRefused(f"{beside} is {what}, not SQLite's own file beside the database; {_LEAVE}")
    new = st is None or st.st_size == 0
    if not new:
        _check_ours(path)
    if st is None:
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600))
        except OSError as e:
            raise DatabaseRefused(f"{path} cannot be created ({e.strerror}); give the server write access to "
                                  "its folder, or start with another --data folder") from None
    try:
        db = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=LOCK_WAIT)
    except sqlite3.Error as e:
        raise DatabaseRefused(f"{path} is {_why(e)}") from None
    try:
        _prepare(db, sync)
    except sqlite3.Error as e:
        db.close()
        raise DatabaseRefused(f"{path} is {_why(e)}") from None
    db.execute(f"PRAGMA busy_timeout={int(BUSY_WAIT * 1000)}")
    return db


def _check_ours(path: Path) -> None:
    """Read (never write) what the file holds; refuse it unless it is ours or can be adopted."""
    try:
        with open(path, "rb") as f:
            head = f.read(100)
    except OSError as e:
        raise DatabaseRefused(f"{path} cannot be read ({e.strerror}); {_LEAVE}") from None
    if len(head) < 100 or not head.startswith(b"SQLite format 3\x00"):
        raise DatabaseRefused(f"{path} is damaged or not an SQLite database (it does not start as one); {_DAMAGED}")
    try:
        ro = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True, timeout=LOCK_WAIT)
    except sqlite3.Error as e:
        raise DatabaseRefused(f"{path} is {_why(e)}") from None
    try:
        app_id = ro.execute("PRAGMA application_id").fetchone()[0]
        version = ro.execute("PRAGMA user_version").fetchone()[0]
        tables = {name: tuple(col[1] for col in ro.execute(f'PRAGMA table_info("{name}")'))
                  for (name,) in ro.execute("SELECT name FROM sqlite_master WHERE type='table' "
                                            "AND name NOT LIKE 'sqlite_%'")}
        # the live tables only: what start-up reads, so checking costs what runs, not the archive's
        # history (an archived game's damage is met when it is read, and costs that game alone)
        live = [name for name in tables if name in COLUMNS]
        checks = [f'PRAGMA quick_check("{name}")' for name in live] if live else ["PRAGMA quick_check(3)"]
        problems = sorted({str(row[0]) for check in checks for row in ro.execute(check)} - {"ok"}) or ["ok"]
    except sqlite3.Error as e:
        raise DatabaseRefused(f"{path} is {_why(e)}") from None
    finally:
        ro.close()
    if problems != ["ok"]:
        raise DatabaseRefused(f"{path} is damaged ({'; '.join(map(str, problems))}); {_DAMAGED}")
    if app_id == APPLICATION_ID:
        if version > SCHEMA_VERSION:
            raise DatabaseRefused(f"{path} was written by a newer Jayden & Jazz (database version {version}; this "
                                  f"one reads up to {SCHEMA_VERSION}); update the game, or start with another "
                                  "--data folder")
        return
    if app_id == 0 and version == 0 and (not tables or tables == dict(COLUMNS)):
        return                       # an empty database, or ours from before versions were kept
    listed = ", ".join(sorted(tables)) or "none"
    raise DatabaseRefused(f"{path} is another program's SQLite database (tables: {listed}) and is left as it "
                          "is; start the server with another --data folder")


def _prepare(db: sqlite3.Connection, sync: str) -> None:
    """WAL and the sync mode, then the schema: created, adopted or migrated in one transaction.
    The write lock is taken here, so a file another program holds is refused now, not at the
    first move."""
    db.execute("PRAGMA journal_mode=WAL")
    db.execute(f"PRAGMA synchronous={sync.upper()}")
    db.execute("PRAGMA foreign_keys=ON")
    db.execute("BEGIN IMMEDIATE")
    try:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        has_tables = db.execute("SELECT count(*) FROM sqlite_master WHERE name='games'").fetchone()[0]
        if version == 0:
            if not has_tables:
                for statement in statements(base("sqlite")):
                    db.execute(statement)
            version = 1
        for step in range(version + 1, SCHEMA_VERSION + 1):
            for statement in migration(step, "sqlite"):
                db.execute(statement)
        if db.execute("PRAGMA application_id").fetchone()[0] != APPLICATION_ID:
            db.execute(f"PRAGMA application_id={APPLICATION_ID}")
        if db.execute("PRAGMA user_version").fetchone()[0] != SCHEMA_VERSION:
            db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


__all__ = ["APPLICATION_ID", "ARCHIVE", "COLUMNS", "DatabaseRefused", "MIGRATIONS", "SCHEMA", "SCHEMA_VERSION",
           "open_database"]
