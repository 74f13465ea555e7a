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
migrated in one transaction, one process at a time (a transaction-level
advisory lock: several servers may start together on one database).

Several server processes share one database (docs/network.md, "Several
processes"). Each game is served by one process at a time, the one holding
its *lease*: a session advisory lock ``(LEASE_CLASS, the game's code as a
number)`` taken on the very connection that writes the game's rows. A
process that dies, or whose connection dies, loses its leases that instant
and another may take the games over. Writes are fenced: a batch writes only
the games leased on the connection it runs on, and a connection found lost
with leases on it raises :class:`LeaseLost` before anything is written, so
a process that lost a game never writes for it again. The (game, ply) key
stays the last fence: two writers can never store one ply twice.

An address is never written anywhere with its password (:func:`safe_address`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from .dbfile import DatabaseRefused
from .schema import APPLICATION_ID, ARCHIVE, SCHEMA_VERSION, archive_move, base, migration, statements
from .storebase import BaseStore, Gather, LeaseLost, Statement, StoredGame, Write

META = "jayden_jazz_meta"
PRESENCE = "jayden_jazz_presence"
"""Which games somebody is connected to, for every process's ``list``: a row per game, kept fresh by
the process serving it (``until``, by the database's clock) and gone stale by itself when that process
dies. Unlogged and outside the schema's versions: it is a hint for the list, not a record of games."""
LEASE_CLASS = APPLICATION_ID
"""The first key of every lease (``pg_try_advisory_lock(int, int)``): ours, apart from other programs' locks."""
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


def one_text(statements_: Iterable[Statement]) -> tuple[str, list[Any]]:
    """Statements as one text of several, with their arguments in order: sent in one message, which
    PostgreSQL runs as one transaction (all or nothing), with one round trip instead of one per
    statement and two more for BEGIN and COMMIT: about half psycopg's CPU for a batch of one action."""
    texts: list[str] = []
    args: list[Any] = []
    for sql, a in statements_:
        texts.append(_pg(sql))
        args.extend(a)
    return ";\n".join(texts), args


class PgStore(BaseStore):
    dialect = "postgresql"
    shared = True

    def __init__(self, spec: str, on_queue: Callable[[], None] | None = None, *, sync: str = "full") -> None:
        super().__init__(on_queue)
        try:
            import psycopg
        except ImportError:
            raise DatabaseRefused("--store postgresql://... needs psycopg 3: pip install -e \".[server-pg]\" "
                                  "(or pip install \"psycopg[binary]\")") from None
        self._psycopg = psycopg
        self.driver_error: type[Exception] = psycopg.Error
        """What the driver raises when the database fails (the server says so in plain words)."""
        self.spec = spec
        self.where = safe_address(spec)
        self.sync = sync
        self.leases: dict[str, int] = {}
        """The games leased on :attr:`db`, with their keys (touched only where :attr:`db` is used)."""
        self.fenced = False
        """True in a server: a batch writes only leased games (the tests of the store alone write freely)."""
        self.db = self._session()
        try:
            self._prepare()
        except BaseException:
            self.db.close()
            raise
        self._reader: Any = None

    def _session(self) -> Any:
        """The writing connection, with the sync mode set (the leases are taken on it)."""
        db = self._connect()
        try:
            db.execute(f"SET synchronous_commit = {'on' if self.sync == 'full' else 'off'}")
        except BaseException:
            db.close()
            raise
        return db

    def _connect(self, name: str = "jayden-jazz server") -> Any:
        try:
            return self._psycopg.connect(self.spec, autocommit=True, connect_timeout=CONNECT_WAIT,
                                         application_name=name)
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
            db.execute(f"CREATE UNLOGGED TABLE IF NOT EXISTS {PRESENCE} "
                       "(game_id TEXT PRIMARY KEY, until TIMESTAMPTZ NOT NULL)")

    def version(self) -> int:
        return int(self._read(f"SELECT version FROM {META}", ())[0][0])

    def commit(self, writes: list[Write]) -> None:
        """One transaction. A connection found lost (the database server restarted, or it was
        ended) is made again first -- but if it held leases, :class:`LeaseLost` is raised instead and
        nothing is written: those games may be another process's by now. A connection that held
        none is simply made again, so the per-game retry (:meth:`commit_each`) reaches the database:
        a write that never committed is then stored, and one that did is refused by its key."""
        self._live()
        if self.fenced:
            self.fenced_out.update(w[0] for w in writes if w[0] and w[0] not in self.leases)
            writes = [w for w in writes if not w[0] or w[0] in self.leases]
        if not writes:
            return
        text, args = one_text(s for _game, statements_ in writes for s in statements_)
        try:
            # bound here, not by the server (a ClientCursor: psycopg quotes each value as a literal),
            # since one message of several statements is not sent with separate parameters
            self._psycopg.ClientCursor(self.db).execute(text, args)
        except self._psycopg.OperationalError:
            self._live()            # lost on the way: LeaseLost if it held leases
            raise

    def archive_finished(self) -> None:
        """As the base store's, one process at a time (two starting together would both copy)."""
        self._live()
        with self.db.transaction():
            self.db.execute("SELECT pg_advisory_xact_lock(%s)", (APPLICATION_ID + 1,))
            for sql in archive_move():
                self.db.execute(_pg(sql))

    # ------------------------------------------------------------------ leases (the database thread only)
    def _live(self) -> None:
        """The writing connection, made again if it was lost; raises :class:`LeaseLost` when the lost
        one held leases (they went with it)."""
        if not (self.db.closed or self.db.broken):
            return
        self.db.close()
        lost, self.leases = bool(self.leases), {}
        self.db = self._session()
        if lost:
            raise LeaseLost(f"the connection to {self.where} was lost, and with it this server's games")

    def lease(self, game_id: str, key: int) -> bool:
        """Take the game's lease if no other process holds it (held already here: True)."""
        self._live()
        if game_id in self.leases:
            return True
        got = bool(self.db.execute("SELECT pg_try_advisory_lock(%s, %s)", (LEASE_CLASS, key)).fetchone()[0])
        if got:
            self.leases[game_id] = key
        return got

    def unlock(self, game_id: str) -> None:
        """Give the game's lease back (every write for it before this is committed: same connection)."""
        key = self.leases.pop(game_id, None)
        if key is not None and not (self.db.closed or self.db.broken):
            self.db.execute("SELECT pg_advisory_unlock(%s, %s)", (LEASE_CLASS, key))

    def unlock_many(self, game_ids: list[str]) -> None:
        """:meth:`unlock` for many games in one statement (finished games let go, once a second)."""
        keys = [k for k in (self.leases.pop(g, None) for g in game_ids) if k is not None]
        if keys and not (self.db.closed or self.db.broken):
            self.db.execute("SELECT pg_advisory_unlock(%s, k) FROM unnest(%s::int[]) AS k", (LEASE_CLASS, keys))

    def claim(self, game_id: str, key: int, statements_: list[Statement]) -> bool:
        """A new game: its lease, then its rows in one transaction; False (nothing kept) when another
        process holds that key or a game holds that code (two processes drew it at once)."""
        if not self.lease(game_id, key):
            return False
        try:
            text, args = one_text(statements_)
            self._psycopg.ClientCursor(self.db).execute(text, args)
        except self._psycopg.errors.UniqueViolation:
            self.unlock(game_id)
            return False
        return True

    def check(self, present: list[str], gone: list[str], beat: float) -> None:
        """The heartbeat: the writing connection is used (a lost one raises :class:`LeaseLost`), and
        the games somebody is at here are marked present for ``3 * beat`` seconds (``gone``: no more)."""
        self._live()
        try:
            with self.db.transaction():
                if gone:
                    self.db.execute(f"DELETE FROM {PRESENCE} WHERE game_id = ANY(%s)", (gone,))
                if present:
                    self.db.execute(f"INSERT INTO {PRESENCE} SELECT g, now() + %s * interval '1 second' "
                                    "FROM unnest(%s::text[]) AS g ON CONFLICT (game_id) DO UPDATE SET "
                                    "until = excluded.until", (3 * beat, present))
                else:
                    self.db.execute("SELECT 1")
        except self._psycopg.OperationalError:
            self._live()
            raise

    # ------------------------------------------------------------------ shared reads (the reader thread, in a server)
    def notify(self, channel: str, payload: str) -> None:
        self._read("SELECT pg_notify(?, ?)", (channel, payload))

    def tell(self, game_id: str, channel: str, payload: str) -> None:
        """A notice sent by the next commit of ``game_id``'s writes, in its transaction (heard once
        what was queued before it is stored; nothing heard if that commit fails)."""
        self._tx(game_id, [self.notice(channel, payload)])

    @staticmethod
    def notice(channel: str, payload: str) -> Statement:
        """:meth:`notify` as a statement of a transaction: sent when (and only if) it commits."""
        return ("SELECT pg_notify(?, ?)", (channel, payload))

    def running(self) -> int:
        """Games waiting or being played in the whole database (``max_games`` counts them all): read
        from the index of running games alone (schema version 3), not every finished game not yet archived."""
        return int(self._read("SELECT count(*) FROM games WHERE status IN ('waiting', 'playing')", ())[0][0])

    def room(self, code: str) -> tuple[int, bool]:
        """:meth:`running` and :meth:`code_taken` in one query: a create's one read before its rows."""
        row = self._read("SELECT (SELECT count(*) FROM games WHERE status IN ('waiting', 'playing')), "
                         f"EXISTS (SELECT 1 FROM games WHERE code=? UNION ALL SELECT 1 FROM {ARCHIVE['games']} "
                         "WHERE code=?)", (code, code))[0]
        return int(row[0]), bool(row[1])

    def listable(self) -> tuple[list[StoredGame], set[str]]:
        """Every game waiting or being played, oldest first, with its seats (no hands, no actions),
        and the ids of those somebody is connected to, in whichever process."""
        gather = Gather(self._read)
        gather.each("SELECT id, code, kind, setup, host_hash, status FROM games "
                    "WHERE status IN ('waiting', 'playing') ORDER BY created, id", (), "the game", gather.game)
        gather.each("SELECT s.game_id, s.seat, s.kind, s.level, s.name, s.token_hash FROM seats s JOIN games g "
                    "ON g.id = s.game_id WHERE g.status IN ('waiting', 'playing') ORDER BY s.game_id, s.seat",
                    (), "a seat", gather.seat)
        present = {r[0] for r in self._read(f"SELECT game_id FROM {PRESENCE} WHERE until > now()", ())}
        return gather.good(), present

    def _rows(self, sql: str, args: tuple[Any, ...]) -> Iterable[tuple[Any, ...]]:
        return self.db.execute(_pg(sql), args).fetchall()

    def _read(self, sql: str, args: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        """On a connection of its own, so a read never meets the database thread's open transaction;
        a server reads only on its reader thread (:meth:`.workers.Workers.read`), never on the event loop."""
        if self._reader is None or self._reader.closed or self._reader.broken:
            self._reader = self._connect("jayden-jazz reader")
        return list(self._reader.execute(_pg(sql), args).fetchall())

    def close(self) -> None:
        if self._reader is not None:
            self._reader.close()
        self.leases = {}
        self.db.close()          # the session ends: its leases go with it


__all__ = ["LEASE_CLASS", "META", "PRESENCE", "LeaseLost", "PgStore", "safe_address"]
