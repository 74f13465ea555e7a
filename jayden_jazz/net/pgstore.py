"""The server's games in PostgreSQL (``serve --store postgresql://...``; psycopg 3).

The same tables, rules and migrations as the SQLite file (:mod:`.schema`,
:mod:`.storebase`): actions keyed by (game, ply), so a resend can never be
stored twice; a batch of changes is one transaction; the server answers only
after it is committed. ``synchronous_commit`` is on with ``--sync full`` (a
commit is on the database server's disk before the ack) and off with
``--sync normal`` (survives this process being killed, not the database
server crashing).

Ours is known by a table of its own, ``jayden_jazz_meta`` (the application
id and the schema version: what ``PRAGMA application_id``/``user_version``
say in the file). A database whose ``games`` table is someone else's is
refused and left as it is; a newer version is refused; an older one is
migrated in one transaction. One server at a time: a session advisory lock
is held while the store is open, so a second server on the same database
is refused in one line, as a second one on a data folder is.

An address is never written anywhere with its password (:func:`safe_address`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from .dbfile import DatabaseRefused
from .schema import APPLICATION_ID, SCHEMA_VERSION, base, migration, statements
from .storebase import BaseStore, Write

META = "jayden_jazz_meta"
CONNECT_WAIT = 5
"""Seconds to wait for the database server to answer before refusing the address."""


def safe_address(spec: str) -> str:
    """The address to show people and logs: ``postgresql://user@host:port/db``, no password."""
    try:
        from psycopg.conninfo import conninfo_to_dict
        parts = conninfo_to_dict(spec)
    except Exception:               # not even an address: say only which scheme it had
        return spec.split("://", 1)[0] + "://..."
    user = f"{parts['user']}@" if parts.get("user") else ""
    port = f":{parts['port']}" if parts.get("port") else ""
    return f"postgresql://{user}{parts.get('host') or ''}{port}/{parts.get('dbname') or ''}"


def _pg(sql: str) -> str:
    """Our SQL says ``?``; psycopg's placeholder is ``%s`` (and none of our statements holds a %)."""
    return sql.replace("?", "%s")


class PgStore(BaseStore):
    dialect = "postgresql"

    def __init__(self, spec: str, on_queue: Callable[[], None] | None = None, *, sync: str = "full") -> None:
        super().__init__(on_queue)
        try:
            import psycopg
        except ImportError:
            raise DatabaseRefused("--store postgresql://... needs psycopg 3: pip install -e \".[server-pg]\" "
                                  "(or pip install \"psycopg[binary]\")") from None
        self._psycopg = psycopg
        self.spec = spec
        self.where = safe_address(spec)
        self.sync = sync
        self.db = self._session()
        try:
            self._prepare()
        except BaseException:
            self.db.close()
            raise
        self._reader: Any = None

    def _session(self) -> Any:
        """A connection holding the one-server lock, with the sync mode set."""
        db = self._connect()
        try:
            if not db.execute("SELECT pg_try_advisory_lock(%s)", (APPLICATION_ID,)).fetchone()[0]:
                raise DatabaseRefused(f"{self.where} is in use by another Jayden & Jazz server; stop it, or name "
                                      "another database with --store")
            db.execute(f"SET synchronous_commit = {'on' if self.sync == 'full' else 'off'}")
        except BaseException:
            db.close()
            raise
        return db

    def _connect(self) -> Any:
        try:
            return self._psycopg.connect(self.spec, autocommit=True, connect_timeout=CONNECT_WAIT)
        except self._psycopg.Error as e:
            first = (str(e).strip() or type(e).__name__).splitlines()[0]
            raise DatabaseRefused(f"{self.where} cannot be reached ({first}); start the PostgreSQL server or "
                                  "check the address, or start without --store (a file in the data folder)") from None

    def _prepare(self) -> None:
        """Ours, new, or refused with nothing changed; then created or migrated in one transaction."""
        db = self.db
        with db.transaction():
            db.execute("SELECT pg_advisory_xact_lock(%s)", (APPLICATION_ID + 1,))   # one migration at a time
            tables = {r[0] for r in db.execute("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")}
            if META in tables:
                app_id, version = db.execute(f"SELECT application_id, version FROM {META}").fetchone()
                if app_id != APPLICATION_ID:
                    raise DatabaseRefused(f"{self.where} holds another program's {META}; name another database")
                if version > SCHEMA_VERSION:
                    raise DatabaseRefused(f"{self.where} was written by a newer Jayden & Jazz (database version "
                                          f"{version}; this one reads up to {SCHEMA_VERSION}); update the game, "
                                          "or name another database with --store")
            elif "games" in tables:
                raise DatabaseRefused(f"{self.where} already has a games table that is not ours; it is left as it "
                                      "is; name another database with --store")
            else:
                for statement in statements(base("postgresql")):
                    db.execute(statement)
                db.execute(f"CREATE TABLE {META} (application_id BIGINT NOT NULL, version INTEGER NOT NULL)")
                db.execute(f"INSERT INTO {META} VALUES (%s, 1)", (APPLICATION_ID,))
                version = 1
            for step in range(version + 1, SCHEMA_VERSION + 1):
                for statement in migration(step, "postgresql"):
                    db.execute(statement)
            db.execute(f"UPDATE {META} SET version = %s", (SCHEMA_VERSION,))

    def version(self) -> int:
        return int(self._read(f"SELECT version FROM {META}", ())[0][0])

    def commit(self, writes: list[Write]) -> None:
        """One transaction. A connection found lost (the database server restarted) is made again
        first, so after a batch fails on a lost connection the per-game retry
        (:meth:`commit_each`) reaches the database: a write that never committed is then stored,
        and one that did is refused by its key and costs only its game, never stored twice."""
        if self.db.closed or self.db.broken:
            self.db.close()
            self.db = self._session()
        with self.db.transaction():
            cur = self.db.cursor()
            for _game, statements_ in writes:
                for sql, args in statements_:
                    cur.execute(_pg(sql), args)

    def _rows(self, sql: str, args: tuple[Any, ...]) -> Iterable[tuple[Any, ...]]:
        return self.db.execute(_pg(sql), args).fetchall()

    def _read(self, sql: str, args: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        """On a connection of its own, so a read from the event loop never meets the database
        thread's open transaction."""
        if self._reader is None or self._reader.closed or self._reader.broken:
            self._reader = self._connect()
        return list(self._reader.execute(_pg(sql), args).fetchall())

    def close(self) -> None:
        if self._reader is not None:
            self._reader.close()
        self.db.close()          # the session ends: its advisory lock goes with it


__all__ = ["META", "PgStore", "safe_address"]
