"""The game server: one asyncio process, many games of both kinds.

Every connection says ``hello`` first, then creates, joins or watches a
game. The server is the only truth: it judges each action with the engine
(:mod:`.games`), commits it to the store *before* it answers ``ack``, and
then sends every connection of the game its own full view (:mod:`.views`).

The server is in parts, each in a module named for its idea, sharing the
state held here (the games, their codes, who watches which, who is away):

* :mod:`.connection` -- a connection's life: caps, hello, the read loop
  with its rate limit, the idle and slow-frame sweep;
* :mod:`.commit` -- the group commit that holds every answer until the
  writes before it are on disk, and ``game_lost`` when they cannot be;
* :mod:`.lobby` -- creating, joining, watching, listing, game codes, the
  host's commands, presence;
* :mod:`.turns` -- hands, actions, draw offers, resignations, views;
* :mod:`.computers` -- computer seats, in a worker process;
* :mod:`.workers` -- with a shared store (PostgreSQL), the games this
  process holds by lease among others on the same database: taken over on
  demand, handed over when asked, the lobby read from the database.

A message arrives typed (:mod:`.protocol`) and goes to its handler by the
table :attr:`GameServer.handlers`, keyed by the message's class.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from collections.abc import Callable, Coroutine, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server as WsServer, serve

from . import datalock, gcpolicy, orphan, revive, tail
from . import protocol as P
from .commit import GroupCommit
from .computers import Computers
from .connection import Conn, Connections, TimedConnection, address_key
from .letgo import LetGo
from .games import CardsTable, JaydenTable, SeatInfo, Table
from .limits import Limits
from .lobby import CODE_ALPHABET, CODE_LENGTH, Lobby
from .store import BaseStore, Store, open_store
from .turns import Turns
from .workers import Workers

log = logging.getLogger("jayden_jazz.net")

Handler = Callable[[Conn, Any], None]


def default_pack_dirs() -> list[str]:
    from jayden_jazz.paths import shipped_dir
    return [str(shipped_dir("cards"))]


class GameServer:
    def __init__(self, data: Path, limits: Limits | None = None, *, pack_dirs: Sequence[str] | None = None,
                 executor: Executor | None = None, sync: str = "full", store: BaseStore | None = None) -> None:
        """Raises :class:`~.store.DatabaseRefused` (one line for people) when the data folder or
        its database cannot be used; nothing in it is then changed. ``store``: another store
        than the SQLite file in ``data`` (:func:`~.store.open_store`)."""
        self.limits = limits or Limits()
        self.store = store if store is not None else Store(Path(data), sync=sync)
        self.pack_dirs = list(pack_dirs) if pack_dirs is not None else default_pack_dirs()
        self._catalog: Any = None
        self.tables: dict[str, Table] = {}
        self.codes: dict[str, str] = {}
        self.conns: set[Conn] = set()
        self.watchers: dict[str, set[Conn]] = {}
        self.away: dict[tuple[str, int], float] = {}
        self.rng = random.Random(secrets.randbits(64))
        self._ws: WsServer | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self.failed: asyncio.Future[None] | None = None
        self.letgo = LetGo(self)
        """The running games counted, the finished ones nobody is at let go (:mod:`.letgo`)."""
        self._load()
        self.commits = GroupCommit(self.store, self.spawn, self._drop_game)
        self.connections = Connections(self)
        self.lobby = Lobby(self)
        self.turns = Turns(self)
        self.computers = Computers(self, executor)
        self.handlers: dict[type[P.ClientMessage], Handler] = {
            P.Hello: self._hello_twice, P.Ping: self._ping, P.ListGames: self.lobby.list,
            P.Create: self.lobby.create, P.Join: self.lobby.join, P.HostCommand: self.lobby.host,
            P.ViewAsk: self.turns.view, P.Hand: self.turns.hand, P.Action: self.turns.action,
            P.OfferDraw: self.turns.off_board, P.AnswerDraw: self.turns.off_board, P.Resign: self.turns.off_board,
        }
        """What each client message does: one handler per message class (a test holds every class here)."""
        self.workers: Workers | None = None
        if self.store.shared:       # other processes may hold games of this store: what names a game goes by lease
            self.workers = Workers(self)
            self.handlers.update({P.Create: self.workers.create, P.Join: self.workers.join,
                                  P.HostCommand: self.workers.host, P.ListGames: self.workers.list})

    # ------------------------------------------------------------------ the games
    @property
    def catalog(self) -> Any:
        if self._catalog is None:
            from jayden_jazz.cards import load_packs
            self._catalog, _problems = load_packs([Path(d) for d in self.pack_dirs])
        return self._catalog

    def make_table(self, gid: str, code: str, kind: str, setup: dict[str, Any], seats: list[SeatInfo],
                   host_hash: str) -> Table:
        if kind == "jayden":
            return JaydenTable(gid, code, setup, seats, host_hash)
        return CardsTable(gid, code, setup, seats, host_hash, catalog=self.catalog, pack_dirs=self.pack_dirs)

    def _load(self) -> None:
        """The running games (the store archives finished ones first: start-up reads what runs). A
        shared store's games are loaded on demand, by whichever process is asked for each first
        (:mod:`.workers`): only the archiving is done here."""
        if self.store.shared:
            self.store.archive_finished()
        else:
            revive.load_running(self)

    def forget(self, gid: str) -> None:
        """A game no longer served here (handed over to another process, or its lease lost)."""
        self._drop_game(gid)

    def _drop_game(self, gid: str) -> tuple[Table | None, set[Conn]]:
        """A game whose writes failed: memory and store would part ways, so it is served no more
        (the store keeps what it had; a restart offers that). Returns its table and who was at it."""
        table = self.tables.pop(gid, None)
        self.letgo.dropped(gid, table)
        if table is not None and self.codes.get(table.code) == gid:
            del self.codes[table.code]
        self.computers.thinking.discard(gid)
        if table is not None:       # its seats' clocks, without a walk of every away clock
            for seat in range(len(table.seats)):
                self.away.pop((gid, seat), None)
        else:
            for key in [k for k in self.away if k[0] == gid]:
                del self.away[key]
        return table, self.watchers.pop(gid, set())

    # ------------------------------------------------------------------ the messages no part owns
    def _hello_twice(self, conn: Conn, msg: P.Hello) -> None:
        raise P.ProtocolError("hello_twice", "hello is said once, at the start")

    def _ping(self, conn: Conn, msg: P.Ping) -> None:
        self.commits.send(conn, P.pong(msg.ref))

    # ------------------------------------------------------------------ startup and shutdown
    async def start(self, host: str = "127.0.0.1", port: int = 8765) -> int:
        """Listen; returns the port (useful with port 0)."""
        self.failed = asyncio.get_running_loop().create_future()
        lim = self.limits
        self._ws = await serve(self.connections.handle, host, port, max_size=lim.max_message,
                               ping_interval=lim.ping_interval, ping_timeout=lim.ping_timeout, max_queue=16,
                               close_timeout=3, compression=None, open_timeout=lim.hello_timeout,
                               create_connection=TimedConnection)
        self.spawn(self.lobby.presence_loop())
        self.spawn(self.connections.sweep())
        if self.workers is not None:
            self.workers.start()
        else:
            self.spawn(self.letgo.sweep())
        for table in self.tables.values():
            self.computers.think(table)
        return int(self._ws.sockets[0].getsockname()[1])

    async def close(self) -> None:
        if self._ws is not None:
            self._ws.close()
            await self._ws.wait_closed()
        for t in list(self._tasks):
            t.cancel()
        if self.workers is not None:
            self.workers.close()
        self.computers.shutdown()
        self.commits.close()
        self.store.close()

    def spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)

    def _task_done(self, task: asyncio.Task[Any]) -> None:
        """A background task that failed is logged in full once; the server goes on."""
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a background task of the server failed", exc_info=task.exception())


def tune_gc() -> None:
    """The collector's policy for a server process (:mod:`.gcpolicy`): what is loaded so far frozen,
    short young collections, what they keep frozen, a full collection now and then on this loop."""
    gcpolicy.install(asyncio.get_running_loop())


async def run(host: str, port: int, data: Path, limits: Limits | None = None, sync: str = "full",
              owner: int | None = None, orphan_grace: float = orphan.DEFAULT_GRACE, store: str | None = None) -> None:
    """Serve until cancelled (the command line's entry). The data folder is locked first: a second
    server on it raises :class:`~.datalock.DataInUse` (:mod:`.datalock`); a hosted one (``owner``)
    ends by itself once its game is gone and nobody plays (:mod:`.orphan`)."""
    with datalock.held(data, owner) as lock:
        await _serve(host, port, data, limits, sync, lock, orphan.Owner(owner, orphan_grace), store)


async def _serve(host: str, port: int, data: Path, limits: Limits | None, sync: str, lock: datalock.DataLock,
                 owner: orphan.Owner, store: str | None = None) -> None:
    server = GameServer(data, limits, sync=sync, store=open_store(store, data, sync=sync) if store else None)
    bound = await server.start(host, port)
    orphan.stop_on_terminate(server)
    lock.listening(host, bound)
    tune_gc()
    print(f"jayden-jazz server: listening on ws://{host}:{bound}, data in {data}", flush=True)
    assert server.failed is not None
    watch = orphan.watch(server, owner)
    heartbeat = tail.watch()        # None unless measured (tools/bench_server.py)
    try:
        await server.failed
    finally:
        orphan.unwatch(watch)
        if heartbeat is not None:
            heartbeat.cancel()
        await server.close()


__all__ = ["CODE_ALPHABET", "CODE_LENGTH", "GameServer", "Limits", "address_key", "run"]
