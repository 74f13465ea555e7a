"""Several server processes on one PostgreSQL database: leases, takeover, handover, the lobby.

Each game is served by one process at a time, the one holding its lease
(:mod:`.pgstore`: an advisory lock on the connection that writes). A
process holds only the games somebody asked it for: a join, a watch or a
host command for a game not held here takes its lease, reads the game back
and rebuilds it by replay (:func:`.revive.rebuild`) -- the takeover of a
dead process's games is just that, since its leases died with it. A
connection whose path names the game (``/game/<CODE>``: the proxy routes
by it) asks the holder to let go (``NOTIFY`` on :data:`.notices.RELEASE`)
and waits up to :data:`HANDOVER_WAIT` seconds; a connection to the lobby
(any other path) is told ``moved`` at once, to come back by the game's path.
A game created over the lobby's path is *parked* once its rows are
committed: its path leads to whichever process its code hashes to, which
this one cannot know. A connection naming it by its path arriving here says
the path leads here, and the game stays (no letting go and taking again: a
lease, a read and a replay per game, as much as a card game's nine actions
cost); another process asking for it has it handed over at once; nobody
either way within :data:`PARK` seconds, it is let go, and the path's process
takes it unasked-for when somebody comes.
The holder lets its commits for the game finish, tells each of the game's
connections ``moved``, forgets the game and unlocks. A game over that its last
connection has left is forgotten at once and its lease given back with the
heartbeat once its writes are committed (:meth:`Workers.finished_left`): a
lease held per game ever served filled PostgreSQL's shared lock table.

The lobby is the database's: ``list`` reads every process's waiting and
running games, with who is connected from a small table each process keeps
fresh for the games it serves (:data:`.pgstore.PRESENCE`) -- a table, not
notices, so a process started later, or a ``list`` after a crash, reads the
same answer without asking anyone. A kept answer is dropped when any process
says a game was created or a seat taken (:data:`.notices.LOBBY`).

Every read of the database (a takeover's, the list's, the count before a
create, a handover asked for) runs on a reader thread of its own (:meth:`Workers.read`),
awaited by the handler as a task the connection's next messages wait for: a
slow or unreachable database then holds up only the messages that need it,
never the event loop (pings, other games' moves), and a read never waits
behind a commit on the database thread, nor a commit behind a read.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from . import listing, revive
from . import protocol as P
from .connection import INTERNAL, Conn, deliver
from .dbfile import DatabaseRefused
from .games import Refusal, SeatInfo, Table
from .lobby import CODE_ALPHABET, CODE_LENGTH, game_row
from .notices import LOBBY, RELEASE, Notices
from .schema import FINISHED
from .storebase import LeaseLost, StoredGame

if TYPE_CHECKING:
    from .pgstore import PgStore
    from .server import GameServer

log = logging.getLogger("jayden_jazz.net")

HANDOVER_WAIT = 3.0
"""Seconds a join naming a game waits for its holder to let go before answering ``game_busy``."""
RETRY = 0.05
"""Seconds between tries at the lease while waiting; the holder is asked again each second."""
BEAT = 1.0
"""Seconds between heartbeats: a lost store connection is found within this (its leases with it)."""
PRESENCE_EVERY = 2
"""Heartbeats between writes of who is connected (the list's ``present`` is that fresh)."""
SETTLE = 0.5
"""Seconds a game stays where it just went: its new holder keeps it at least this long before letting
it go again, and its last holder lets the asker take it first. Behind a proxy that routes one path to
one process this never matters; while the proxy's set of processes changes, two processes asked for
one game pass it to and fro at most this often rather than as fast as they can."""
PARK = 1.0
"""Seconds a game created over the lobby's path waits here for a connection naming it by its path
(its seats, come at once as a game's client does) before it is let go for its path's process."""
CREATE_TRIES = 20
SEAT_TAKEN = "seat"
"""The lobby notice of a seat taken (one payload for all: a notice says only that lists are stale)."""
BUSY_WORDS = "the game is moving between servers; try again in a moment"
UNAVAILABLE_WORDS = "the server cannot reach its games database just now; try again in a moment"

Lines = list[dict[str, object]]
"""A ``list`` answer's games."""
Skipped = list[tuple[str, str]]
"""(game id, why) of the damaged games a read met."""


def lease_key(code: str) -> int:
    """A join code as the lease's number: 6 letters of 32 are 30 bits, one number per code, so two
    games never share a lease (codes are never given out twice)."""
    if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
        raise Refusal("no_game", f"there is no game {code!r} on this server")
    n = 0
    for ch in code:
        n = n * len(CODE_ALPHABET) + CODE_ALPHABET.index(ch)
    return n


def normal_code(key: str) -> str:
    return key.upper().replace("-", "").replace(" ", "")


@dataclass
class Listed:
    """A game as ``list`` shows it, read from the database (no engine rebuilt for a list line)."""

    id: str
    code: str
    kind: str
    status: str
    setup: dict[str, Any]
    seats: list[SeatInfo] = field(default_factory=list)

    @classmethod
    def of(cls, g: StoredGame) -> Listed:
        return cls(g.id, g.code, g.kind, g.status, g.setup,
                   [SeatInfo(s["kind"], s["name"], s["level"], s["token_hash"]) for s in g.seats])


class Workers:
    """The shared store's side of a server (None on SQLite: one process holds every game)."""

    def __init__(self, server: GameServer) -> None:
        self.server = server
        self.store: PgStore = server.store  # type: ignore[assignment]
        self.store.fenced = True
        self.leaving: set[str] = set()      # games being handed over: not served, not taken again yet
        self.taking: dict[str, asyncio.Future[None]] = {}
        self.moves: dict[str, float] = {}    # when each game last came here or went (monotonic): SETTLE
        self.releasing: set[str] = set()     # games asked for by another process, going once settled
        self.parked: dict[str, asyncio.TimerHandle] = {}   # made over the lobby's path: whose path leads here?
        self._unlocks: list[tuple[str, asyncio.Future[None]]] = []   # finished games let go: their leases to give back
        self.notices: Notices | None = None
        self._present: set[str] = set()
        self._listed: tuple[float, list[dict[str, object]], int] | None = None
        self._listing: asyncio.Task[tuple[Lines, int]] | None = None   # the list being read
        self._list_drops = 0         # how often a kept list was dropped: one read meanwhile is not kept
        self._drops = 0              # how often every game here was let go (drop_all)
        self._reads = ThreadPoolExecutor(1, thread_name_prefix="jayden-jazz-reader")

    def start(self) -> None:
        server = self.server
        server.commits.on_lease_lost = self.drop_all
        self.notices = Notices(self.store.spec, (RELEASE, LOBBY), self._notice, asyncio.get_running_loop())
        self.notices.start()
        server.spawn(self._beat())

    def close(self) -> None:
        if self.notices is not None:
            self.notices.stop()
        if self._listing is not None:
            self._listing.cancel()
        for handle in self.parked.values():
            handle.cancel()
        self._reads.shutdown(wait=False, cancel_futures=True)   # a hung read ends as the store closes

    async def read(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` (a read of the store, on its reader connection) on the reader thread: the
        event loop goes on meanwhile, and the database thread's commits neither wait for it nor it for them."""
        return await asyncio.get_running_loop().run_in_executor(self._reads, fn, *args)

    # ------------------------------------------------------------------ the handlers
    def create(self, conn: Conn, msg: P.Create) -> None:
        self._later(conn, msg.ref, self._create(conn, msg))

    def join(self, conn: Conn, msg: P.Join) -> None:
        self._here_or_taken(conn, msg.game, msg.ref, lambda: self._joined(conn, msg))

    def host(self, conn: Conn, msg: P.HostCommand) -> None:
        self._here_or_taken(conn, msg.game, msg.ref, lambda: self.server.lobby.host(conn, msg))

    def list(self, conn: Conn, msg: P.ListGames) -> None:
        """Every process's games, as :meth:`.lobby.Lobby.list` answers for one, kept as long; read
        again (off the loop, one read for every ``list`` that arrives meanwhile) once stale."""
        kept = self._listed
        if kept is not None and time.monotonic() < kept[0]:
            self.server.commits.send(conn, P.games(kept[1], kept[2], msg.ref))
        else:
            self._later(conn, msg.ref, self._list(conn, msg))

    async def _list(self, conn: Conn, msg: P.ListGames) -> None:
        if self._listing is None or self._listing.done():
            self._listing = asyncio.get_running_loop().create_task(self._read_list())
        games, more = await asyncio.shield(self._listing)
        self.server.commits.send(conn, P.games(games, more, msg.ref))

    async def _read_list(self) -> tuple[Lines, int]:
        """Kept from the read's start; the loop's share counts the loop's work only (the read is not)."""
        start, drops = time.monotonic(), self._list_drops
        stored, present = await self.read(self.store.listable)
        now = time.monotonic()
        games, more = listing.listing([Listed.of(g) for g in stored], lambda t: t.id in present)
        if drops == self._list_drops:     # no process said meanwhile that a game changed: kept
            cost = time.monotonic() - now
            self._listed = (start + max(listing.FRESH_SECONDS, cost / listing.LOOP_SHARE), games, more)
        return games, more

    def _drop_list(self) -> None:
        self._listed = None
        self._list_drops += 1

    def _joined(self, conn: Conn, msg: P.Join) -> None:
        self.server.lobby.join(conn, msg)
        if msg.token is None and not msg.spectator and conn.table is not None:   # a seat taken: lists show it
            # the other processes' kept lists are dropped by a notice in the seat's own commit: no
            # read of its own, never heard before the seat is stored, and every seat's notice in one
            # batch is one (PostgreSQL folds equal notices of a transaction)
            self._drop_list()
            self.store.tell(conn.table.id, LOBBY, SEAT_TAKEN)

    def _here_or_taken(self, conn: Conn, key: str, ref: int | None, then: Callable[[], None]) -> None:
        table = self._here(key)
        if table is not None:
            if conn.route == table.code:    # its path leads here: a parked game stays
                self._unpark(table.id)
            then()
        else:
            self._later(conn, ref, self._take_then(conn, key, ref, then))

    def _here(self, key: str) -> Table | None:
        tables = self.server.tables
        gid = key if key in tables else self.server.codes.get(normal_code(key))
        return None if gid is None or gid in self.leaving else tables.get(gid)

    async def _take_then(self, conn: Conn, key: str, ref: int | None, then: Callable[[], None]) -> None:
        if await self.take(conn, key, ref) and not conn.closing:
            then()

    def _later(self, conn: Conn, ref: int | None, work: Coroutine[Any, Any, None]) -> None:
        """A handler's work that waits for the database, in a task; the connection's next messages
        wait for it (:attr:`.connection.Conn.busy`), so they are answered in order."""
        busy: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        conn.busy = busy
        self.server.spawn(self._answer(conn, ref, work, busy))

    async def _answer(self, conn: Conn, ref: int | None, work: Coroutine[Any, Any, None],
                      busy: asyncio.Future[None]) -> None:
        """Its refusals answered as the read loop would."""
        try:
            await work
        except (P.ProtocolError, Refusal) as e:
            self.server.commits.send(conn, P.refusal(e.code, e.message, ref))
        except LeaseLost as e:
            log.error("%s; every game here is let go", e)
            self.drop_all()
            self.server.commits.send(conn, P.refusal("game_busy", BUSY_WORDS, ref))
        except (self.store.driver_error, DatabaseRefused) as e:   # the database away: said, the connection stays
            log.warning("a message waited for %s, which failed (%s: %s)", self.store.where, type(e).__name__, e)
            self.server.commits.send(conn, P.refusal("store_unavailable", UNAVAILABLE_WORDS, ref))
        except Exception:   # a bug: this connection ends, as the read loop does it
            log.exception("closing a connection after an unexpected error")
            self.server.commits.send(conn, P.error("internal", INTERNAL))
            self.server.commits.close_after(conn, 1011, "internal error")
        finally:
            if conn.busy is busy:
                conn.busy = None
            busy.set_result(None)

    # ------------------------------------------------------------------ creating: a code no process holds
    async def _create(self, conn: Conn, msg: P.Create) -> None:
        server = self.server
        code = server.lobby.draw_code()
        running, taken = await self.read(self.store.room, code)     # the count and a code: one read
        if running >= server.limits.max_games:
            raise Refusal("too_many_games", "the servers hold as many games as they can; try again later")
        for _ in range(CREATE_TRIES):
            if taken:
                code = await self._new_code()
            table, host_token = server.lobby.new_table(msg, code)
            taken = True      # claimed by another process meanwhile, if the claim below fails
            # the other processes hear of it as it is committed, in its transaction (no read of its own)
            rows = self.store.game_rows(*game_row(table)) + [self.store.notice(LOBBY, table.id)]
            if await server.commits.on_db(self.store.claim, table.id, lease_key(table.code), rows):
                break
        else:
            raise Refusal("game_busy", "no free game code was found; try again in a moment")
        server.lobby.open(conn, table, host_token, msg.ref)
        self._drop_list()
        if conn.route != table.code and table.status == "waiting" and table.id not in server.computers.thinking:
            # made over the lobby's path: the proxy sends the game's own path to whichever process
            # its code hashes to; kept a moment for a connection by that path to come here
            loop = asyncio.get_running_loop()
            self.parked[table.id] = loop.call_later(PARK, self._park_over, table.id)

    def _unpark(self, gid: str) -> bool:
        handle = self.parked.pop(gid, None)
        if handle is not None:
            handle.cancel()
        return handle is not None

    def _park_over(self, gid: str) -> None:
        """Nobody came for it by its path here: let go, so its path's process needs no handover."""
        if self.parked.pop(gid, None) is not None:
            self.server.spawn(self.release(gid, settle=False))

    async def _new_code(self) -> str:
        """As :meth:`.lobby.Lobby.new_code`, the archive asked off the loop."""
        while True:
            code = self.server.lobby.draw_code()
            if not await self.read(self.store.code_taken, code):
                return code

    # ------------------------------------------------------------------ taking a game over
    def _game(self, gid: str, archived: bool) -> tuple[StoredGame | None, Skipped]:
        """On the reader thread: a stored game with the damaged games its read met (read together,
        as the next read on that thread replaces them)."""
        stored = self.store.read_game(gid, archived)
        if stored is None and not archived and not self.store.skipped:   # archived meanwhile (a process started)
            stored = self.store.read_game(gid, True)
        return stored, list(self.store.skipped)

    def _locate(self, key: str, code: str) -> tuple[tuple[str, str, str, bool] | None, Skipped]:
        self.store.skipped = []
        return self.store.locate(key, code), list(self.store.skipped)

    async def _stored(self, gid: str, archived: bool = False) -> StoredGame | None:
        stored, skipped = await self.read(self._game, gid, archived)
        revive.log_skipped(self.server, skipped)
        return stored  # type: ignore[no-any-return]

    async def take(self, conn: Conn, key: str, ref: int | None) -> bool:
        """The game held here, by its lease and a replay; False when ``conn`` was told ``moved``."""
        while True:     # which game, in one query; the whole of it is read once its lease is held
            found, skipped = await self.read(self._locate, key, normal_code(key))
            revive.log_skipped(self.server, skipped)
            if found is None or found[0] in self.store.broken:
                raise Refusal("no_game", f"there is no game {key!r} on this server")
            gid, code, status, archived = found
            if self._here(gid) is not None:
                return True
            if status in FINISHED:     # nothing more is written for it: any process may show it
                stored = await self._stored(gid, archived)
                if stored is None:
                    raise Refusal("no_game", f"there is no game {key!r} on this server")
                return self._rebuilt(stored) is not None
            pending = self.taking.get(gid)
            if pending is None:
                break
            await asyncio.shield(pending)      # another connection here is taking it: then look again
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.taking[gid] = done
        try:
            return await self._lease(conn, gid, code, ref)
        finally:
            del self.taking[gid]
            done.set_result(None)

    async def _lease(self, conn: Conn, gid: str, code: str, ref: int | None) -> bool:
        key = lease_key(code)
        on_db = self.server.commits.on_db
        deadline = time.monotonic() + HANDOVER_WAIT
        asked = -1.0
        while gid in self.leaving or self._settling(gid) or not await on_db(self.store.lease, gid, key):
            if conn.route != code:
                self.moved(conn, gid, code, ref)
                return False
            now = time.monotonic()
            if now >= deadline:
                raise Refusal("game_busy", BUSY_WORDS)
            if now - asked >= 1.0:
                await self.read(self.store.notify, RELEASE, gid)
                asked = now
            await asyncio.sleep(RETRY)
        drops = self._drops
        try:     # ours: read whole only now, its last holder may have written until it let go
            again = await self._stored(gid)
        except BaseException:
            await on_db(self.store.unlock, gid)
            raise
        if drops != self._drops:     # the store's connection was lost meanwhile, and the lease with it
            raise Refusal("game_busy", BUSY_WORDS)
        table = self._rebuilt(again) if again is not None else None
        if table is None:
            await on_db(self.store.unlock, gid)
            raise Refusal("no_game", f"the game {code} cannot be rebuilt here; the server's log says why")
        self.moves[gid] = time.monotonic()
        log.info("game %s (%s) taken over by this server", gid, code)
        return True

    def _settling(self, gid: str) -> bool:
        """The game just went from here: the process that asked for it takes it first."""
        went = self.moves.get(gid)
        return went is not None and gid not in self.server.tables and time.monotonic() - went < SETTLE

    def _rebuilt(self, stored: StoredGame) -> Table | None:
        table = revive.rebuild(self.server, stored)
        if table is not None:
            self.server.computers.think(table)     # a computer seat to move moves, as after a restart
        return table

    def moved(self, conn: Conn, gid: str, code: str, ref: int | None) -> None:
        self.server.commits.send(conn, P.moved(gid, code, ref))
        self.server.commits.close_after(conn, 1012, "moved")

    # ------------------------------------------------------------------ letting a game go
    def _notice(self, channel: str, payload: str) -> None:
        if channel == LOBBY:
            self._drop_list()
        elif channel == RELEASE and payload in self.server.tables and payload not in self.leaving:
            table = self.server.tables[payload]
            if table.status not in FINISHED:
                self.server.spawn(self.release(payload, SETTLE - (time.monotonic() - self.moves.get(payload, 0.0))))

    def finished_left(self, gid: str) -> None:
        """The last connection left a finished game: it is forgotten now and its lease given back
        once its writes are committed (the next heartbeat). Kept, every finished game held its lease --
        a lock in PostgreSQL's shared lock table, which about 12,800 held locks fill at the default
        settings, and then no connection to the database opens -- and its table and its seats'
        away clocks, for the process's life. Anyone who comes back for it later is shown it as any
        finished game not held here (a read and a replay, no lease)."""
        if gid in self.server.tables and gid not in self.leaving and gid not in self.releasing:
            self._unpark(gid)
            self.server.forget(gid)
            # its lease once its last writes are committed, with the others' of the second: one
            # statement per heartbeat, not a round trip per game (a finished game needs no lease to
            # be shown again, here or elsewhere: :meth:`take`)
            self._unlocks.append((gid, self.server.commits.barrier()))

    async def release(self, gid: str, after: float = 0.0, settle: bool = True) -> None:
        """Another process is asked for this game by its path: our commits for it finish, its
        connections are told ``moved`` (after their answers), it is forgotten, then unlocked. A game
        that came here less than :data:`SETTLE` ago goes once that is over (``after`` seconds).
        ``settle=False``: a game created over the lobby's path that nobody came for by its path here
        (:data:`PARK`) goes without holding it back here (its path may still lead here)."""
        server = self.server
        if gid in self.releasing:       # asked again meanwhile (the asker repeats itself each second)
            return
        self._unpark(gid)
        self.releasing.add(gid)
        try:
            if after > 0:
                await asyncio.sleep(after)
            table = server.tables.get(gid)
            if table is None:
                return
            self.leaving.add(gid)
            if settle:
                self.moves[gid] = time.monotonic()
            try:
                for conn in server.watchers.get(gid, set()):
                    conn.table = conn.seat = None
                    self.moved(conn, gid, table.code, None)
                server.forget(gid)
                await server.commits.barrier()
                await server.commits.on_db(self.store.unlock, gid)
            finally:
                self.leaving.discard(gid)
        finally:
            self.releasing.discard(gid)
        log.info("game %s (%s) %s", gid, table.code,
                 "handed over to another server" if settle else "let go once stored, for its path's server")

    def drop_all(self) -> None:
        """The leases are gone with the store's connection: every game here may be another process's
        already. None is served any more; what waited for their writes is never sent; their
        connections are told ``moved`` (reconnecting, they are served by whoever takes the game)."""
        server = self.server
        self._drops += 1
        for gid in list(self.parked):
            self._unpark(gid)
        watchers = {gid: set(conns) for gid, conns in server.watchers.items()}
        self._unlocks = []       # gone with the connection
        server.commits.forget(set(server.tables), set().union(*watchers.values()) if watchers else set())
        for gid, table in list(server.tables.items()):
            for conn in watchers.get(gid, ()):
                conn.table = conn.seat = None
                deliver(conn, P.moved(gid, table.code, None))
                deliver(conn, (1012, "moved"))
            server.forget(gid)
        self._present = set()

    # ------------------------------------------------------------------ the heartbeat and the lobby
    async def _beat(self) -> None:
        beats = 0
        while True:
            await asyncio.sleep(BEAT)
            beats += 1
            now = time.monotonic()
            self.moves = {gid: t for gid, t in self.moves.items() if now - t < SETTLE}
            present: list[str] = []
            gone: list[str] = []
            if beats % PRESENCE_EVERY == 0:
                here = {gid for gid, conns in self.server.watchers.items() if conns and gid in self.server.tables}
                for gid in self.server.letgo.nobody_at():
                    self.finished_left(gid)      # ended with nobody at it (abandoned by its host, say)
                present, gone = sorted(here), sorted(self._present - here)
                self._present = here
            ready = [gid for gid, committed in self._unlocks if committed.done()]
            self._unlocks = [(gid, committed) for gid, committed in self._unlocks if not committed.done()]
            try:
                if ready:
                    await self.server.commits.on_db(self.store.unlock_many, ready)
                await self.server.commits.on_db(self.store.check, present, gone, BEAT * PRESENCE_EVERY)
            except LeaseLost as e:
                log.error("%s; every game here is let go", e)
                self.drop_all()
            except Exception as e:     # the database away: the next beat tries again
                log.warning("the heartbeat to %s failed (%s: %s)", self.store.where, type(e).__name__, e)


__all__ = ["BUSY_WORDS", "HANDOVER_WAIT", "Listed", "Workers", "lease_key"]
