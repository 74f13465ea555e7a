"""The game server: one asyncio process, many games of both kinds.

Every connection says ``hello`` first, then creates, joins or watches a
game. The server is the only truth: it judges each action with the engine
(:mod:`.games`), commits it to SQLite (:mod:`.store`) *before* it answers
``ack``, and then sends every connection of the game its own full view
(:mod:`.views`). Writes are grouped: everything queued while one commit
runs (on a database thread) goes into the next, and each answer waits for
the commit holding the writes made before it. Computer seats think in one
worker process beside the event loop, so a search never holds up another
game.

Bad input is answered, never obeyed: :mod:`.protocol` refuses malformed
messages, a token bucket per connection refuses floods (and closes a
connection that keeps flooding), frames over 64 KiB close the connection
with code 1009 (the ``websockets`` library enforces ``max_size``), and the
connection and game counts are capped. Messages are written straight to
each connection's socket buffer, so one slow reader cannot stall the rest;
a reader so slow that 4 MiB wait for it is disconnected.
"""

from __future__ import annotations

import asyncio
import gc
import hmac
import ipaddress
import logging
import random
import secrets
import time
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server as WsServer, ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed
from websockets.frames import DATA_OPCODES
from websockets.protocol import State

from . import datalock, listing, orphan, revive
from . import protocol as P
from jayden_jazz.jayden.position import AGREED_DRAW, RESIGNED

from .games import JAYDEN_SIDES, CardsTable, JaydenTable, Refusal, SeatInfo, Table, check_setup
from .store import BaseStore, Store, open_store, token_hash

log = logging.getLogger("jayden_jazz.net")

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"   # no 0/O, 1/I: read aloud and typed by hand
CODE_LENGTH = 6


@dataclass
class Limits:
    """What one server accepts; the defaults suit a 2-core machine (docs/network.md)."""

    max_message: int = P.MAX_MESSAGE
    rate: float = 20.0              # messages a second per connection, on average
    burst: float = 40.0
    flood_strikes: int = 100        # refused messages before the connection is closed
    max_connections: int = 4096
    max_games: int = 10_000         # games waiting or being played
    hello_timeout: float = 10.0
    message_timeout: float = 20.0   # a message begun must be whole within this (a trickling sender is closed)
    per_address: int = 32           # connections at once from one address (a house behind one router: a few)
    exempt: tuple[str, ...] = ("127.0.0.1", "::1")   # this machine itself: not counted per address
    idle_timeout: float = 600.0     # no message at all for this long closes the connection
    seat_timeout: float = 60.0      # a seat away this long may be given to the computer
    presence_interval: float = 5.0
    ping_interval: float | None = 20.0
    ping_timeout: float | None = 20.0
    out_buffer: int = 4 * 1024 * 1024   # bytes waiting for a slow reader before it is disconnected


_closing: set[asyncio.Task[Any]] = set()

INTERNAL = "the server failed while handling that message (its log says why); this connection is closed"


class TimedConnection(ServerConnection):
    """A connection that knows since when a message it has not finished receiving began arriving
    (``begun``), so a sender trickling a frame a byte at a time, which no read timeout sees, is
    closed by the server's sweep (:attr:`Limits.message_timeout`)."""

    begun: float | None = None
    _whole = False

    def data_received(self, data: bytes) -> None:
        now = time.monotonic()
        opening = self.protocol.state is State.CONNECTING       # the handshake has its own timeout
        if self.begun is None and not opening:
            self.begun = now
        self._whole = False
        super().data_received(data)
        if self._whole or opening:   # a message ended in this data; what follows it (if any) starts now
            self.begun = now if self.protocol.reader.buffer else None

    def process_event(self, event: Any) -> None:
        if getattr(event, "opcode", None) in DATA_OPCODES and getattr(event, "fin", False):
            self._whole = True
        super().process_event(event)


@dataclass(eq=False)
class Conn:
    """One client connection. Messages are written at once, in order, to the socket's buffer
    (``broadcast``: no task wakes per message), which is why the server's answers cost so
    little; a reader that lets ``most`` bytes pile up is disconnected."""

    ws: ServerConnection
    bucket: P.TokenBucket
    closed: asyncio.Future[None]     # done once a close this side asked for has run
    table: Table | None = None
    seat: int | None = None
    strikes: int = 0
    closing: bool = False
    most: int = 4 * 1024 * 1024
    last: float = 0.0                # monotonic time of its latest message (the idle sweep)
    greeted: bool = False

    def send(self, message: dict[str, Any] | str) -> None:
        """Send a message (a dict, or a view already encoded)."""
        if self.closing:
            return
        broadcast([self.ws], message if isinstance(message, str) else P.encode(message))
        transport = self.ws.transport
        if transport is not None and transport.get_write_buffer_size() > self.most:
            # too slow a reader: close rather than hold the whole game's messages for it
            self.close(1008, "messages not read fast enough")

    def close(self, code: int, reason: str) -> None:
        """Close, after the messages already sent (a refused hello's error)."""
        if self.closing:
            return
        self.closing = True
        task = asyncio.get_running_loop().create_task(self.ws.close(code, reason))
        _closing.add(task)

        def done(t: asyncio.Task[None]) -> None:
            _closing.discard(t)
            if not self.closed.done():
                self.closed.set_result(None)
        task.add_done_callback(done)


def _watch_server() -> None:
    """In the worker process: exit the moment the server is gone (even SIGKILLed), so no
    search goes on for nobody."""
    import multiprocessing as mp
    import os
    import threading

    parent = mp.parent_process()
    if parent is None:
        return

    def watch() -> None:
        from multiprocessing.connection import wait
        try:
            wait([parent.sentinel])
        except (OSError, ValueError):
            pass
        os._exit(0)

    threading.Thread(target=watch, name="watch-server", daemon=True).start()


def _call(target: str, args: tuple[Any, ...]) -> Any:
    """In the worker process: run ``module:function`` (a computer player's question)."""
    module, _, name = target.partition(":")
    return getattr(import_module(module), name)(*args)


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
        self._executor = executor
        self.tables: dict[str, Table] = {}
        self.codes: dict[str, str] = {}
        self.conns: set[Conn] = set()
        self.per_address: dict[str, int] = {}
        self.watchers: dict[str, set[Conn]] = {}
        self.away: dict[tuple[str, int], float] = {}
        self.thinking: set[str] = set()
        self.rng = random.Random(secrets.randbits(64))
        self._ws: WsServer | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._load()
        # group commit: writes queue up in the store; answers wait for the batch holding them
        self.store.on_queue = self._kick
        self._next_batch = 1          # the batch that collects the writes queued now
        self._done_batch = 0          # the last batch on disk
        self._flushing = False
        self._held: deque[tuple[int, Conn, dict[str, Any] | str | tuple[int, str], str | None]] = deque()
        self._db_thread = ThreadPoolExecutor(1, thread_name_prefix="jayden-jazz-db")
        self.failed: asyncio.Future[None] | None = None
        self._listed: tuple[float, list[dict[str, Any]], int] | None = None    # ``list``: (kept until, games, more)

    # ------------------------------------------------------------------ startup and shutdown
    @property
    def catalog(self) -> Any:
        if self._catalog is None:
            from jayden_jazz.cards import load_packs
            self._catalog, _problems = load_packs([Path(d) for d in self.pack_dirs])
        return self._catalog

    def _make_table(self, gid: str, code: str, kind: str, setup: dict[str, Any], seats: list[SeatInfo],
                    host_hash: str) -> Table:
        if kind == "jayden":
            return JaydenTable(gid, code, setup, seats, host_hash)
        return CardsTable(gid, code, setup, seats, host_hash, catalog=self.catalog, pack_dirs=self.pack_dirs)

    def _load(self) -> None:
        """The running games (the store archives finished ones first: start-up reads what runs)."""
        revive.load_running(self)

    # ------------------------------------------------------------------ writes before answers
    def _send(self, conn: Conn, message: dict[str, Any] | str | tuple[int, str], game: str | None = None) -> None:
        """Send (or, given (code, reason), close) once every write queued so far is on disk:
        nobody hears of a state the store does not hold. ``game`` (by default the one the
        connection sits at) is the game the message tells of: if that game's writes fail, an
        error goes instead."""
        need = self._next_batch if self.store.queued else self._next_batch - 1
        if need <= self._done_batch and not self._held:
            _deliver(conn, message)
        else:
            self._held.append((need, conn, message, game if game is not None else
                               conn.table.id if conn.table is not None else None))

    def _close_after(self, conn: Conn, code: int, reason: str) -> None:
        self._send(conn, (code, reason))

    def _kick(self) -> None:
        if not self._flushing:
            self._flushing = True
            self._spawn(self._flush())

    async def _flush(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while self.store.queued:
                writes = self.store.take()
                batch = self._next_batch
                self._next_batch += 1
                failed = await self._commit(loop, writes)
                self._done_batch = batch
                lost = {gid: self.tables.get(gid) for gid in failed}
                for gid in failed:
                    self._drop_game(gid)
                unsent: list[tuple[Conn, Any, str | None]] = []
                while self._held and self._held[0][0] <= batch:
                    _need, conn, message, game = self._held.popleft()
                    if game in failed:
                        unsent.append((conn, message, game))
                    else:
                        _deliver(conn, message)
                for gid, table in lost.items():
                    self._tell_lost(gid, table, unsent)
        finally:
            self._flushing = False

    async def _commit(self, loop: asyncio.AbstractEventLoop, writes: list[Any]) -> dict[str, str]:
        """Commit a batch; when it fails, each game's writes on their own, so one game's bad write
        costs that game only. Returns the games whose writes could not be stored."""
        try:
            await loop.run_in_executor(self._db_thread, self.store.commit, writes)
            return {}
        except Exception as e:
            log.error("a batch of writes to %s failed (%s: %s); writing each game's on its own",
                      self.store.where, type(e).__name__, e)
        try:
            failed = await loop.run_in_executor(self._db_thread, self.store.commit_each, writes)
        except Exception:     # the retry itself broke: every game of the batch is lost, the others go on
            log.exception("writing the batch game by game failed")
            failed = {gid: "the database failed" for gid, _ in writes}
            self.store.broken.update(failed)
        for gid, why in failed.items():
            log.error("game %s could not be stored (%s); it is closed on this server", gid, why)
        return failed

    def _drop_game(self, gid: str) -> None:
        """A game whose writes failed: memory and store would part ways, so it is served no more
        (the store keeps what it had; a restart offers that)."""
        table = self.tables.pop(gid, None)
        if table is not None and self.codes.get(table.code) == gid:
            del self.codes[table.code]
        self.thinking.discard(gid)
        for key in [k for k in self.away if k[0] == gid]:
            del self.away[key]

    def _tell_lost(self, gid: str, table: Table | None, unsent: list[tuple[Conn, Any, str | None]]) -> None:
        """Everyone at a dropped game, and whoever waited for an answer about it (``unsent``, and
        what is held for it still), hears why instead."""
        words = "the server could not record this game, so it has stopped it; the server's log says why"
        told: set[Conn] = set()
        waiting: set[Conn] = set()
        later = [e for e in self._held if e[3] == gid]
        for e in later:
            self._held.remove(e)
        for conn, message, game in unsent + [(e[1], e[2], e[3]) for e in later]:
            if game != gid:
                continue
            waiting.add(conn)
            if isinstance(message, dict) and "ref" in message:      # the answer a client waits for, by its ref
                _deliver(conn, P.error("game_lost", words, ref=message["ref"]))
                told.add(conn)
        for conn in self.watchers.pop(gid, set()) | waiting:
            if table is not None and conn.table is table:
                conn.table = conn.seat = None
            if conn not in told:
                _deliver(conn, P.error("game_lost", words))
        for conn, message, game in unsent + [(e[1], e[2], e[3]) for e in later]:
            if game == gid and isinstance(message, tuple):      # a close that waited still happens
                _deliver(conn, message)

    async def start(self, host: str = "127.0.0.1", port: int = 8765) -> int:
        """Listen; returns the port (useful with port 0)."""
        self.failed = asyncio.get_running_loop().create_future()
        lim = self.limits
        self._ws = await serve(self._handle, host, port, max_size=lim.max_message, ping_interval=lim.ping_interval,
                               ping_timeout=lim.ping_timeout, max_queue=16, close_timeout=3,
                               compression=None, open_timeout=lim.hello_timeout,
                               create_connection=TimedConnection)
        self._spawn(self._presence_loop())
        self._spawn(self._idle_loop())
        for table in self.tables.values():
            self._think(table)
        return int(self._ws.sockets[0].getsockname()[1])

    async def close(self) -> None:
        if self._ws is not None:
            self._ws.close()
            await self._ws.wait_closed()
        for t in list(self._tasks):
            t.cancel()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
        if self.store.queued:
            writes = self.store.take()
            try:
                self.store.commit(writes)
            except Exception:
                self.store.commit_each(writes)
        self._db_thread.shutdown(wait=True)
        self.store.close()

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)

    def _task_done(self, task: asyncio.Task[Any]) -> None:
        """A background task that failed is logged in full once; the server goes on."""
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a background task of the server failed", exc_info=task.exception())

    # ------------------------------------------------------------------ one connection
    async def _handle(self, ws: ServerConnection) -> None:
        lim = self.limits
        if len(self.conns) >= lim.max_connections:
            await ws.send(P.encode(P.error("server_full", "this server holds as many connections as it can; "
                                                          "try again later")))
            await ws.close(1013, "server full")
            return
        address = address_key(str(ws.remote_address[0]) if ws.remote_address else "")
        counted = address not in lim.exempt
        if counted and self.per_address.get(address, 0) >= lim.per_address:
            await ws.send(P.encode(P.error("too_many_connections", f"this server takes at most {lim.per_address} "
                                                                    "connections at once from one address")))
            await ws.close(1008, "too many connections from one address")
            return
        if counted:
            self.per_address[address] = self.per_address.get(address, 0) + 1
        conn = Conn(ws, P.TokenBucket(lim.rate, lim.burst), asyncio.get_running_loop().create_future(),
                    most=lim.out_buffer)
        self.conns.add(conn)
        try:
            if await self._hello(conn):
                await self._read(conn)
        except ConnectionClosed:
            pass
        except Exception:   # a bug met by one message: that connection ends, the server and its games go on
            log.exception("closing a connection from %s after an unexpected error", address)
            conn.send(P.error("internal", INTERNAL))
            conn.close(1011, "internal error")
        finally:
            if counted:
                left = self.per_address.get(address, 1) - 1
                if left > 0:
                    self.per_address[address] = left
                else:
                    self.per_address.pop(address, None)
            self.conns.discard(conn)
            try:
                self._leave(conn)
            except Exception:
                log.exception("a connection's leaving failed")
            self._close_after(conn, 1000, "")
            await asyncio.wait([conn.closed], timeout=2)    # a close held for a commit, then run

    async def _hello(self, conn: Conn) -> bool:
        try:
            raw = await asyncio.wait_for(conn.ws.recv(), self.limits.hello_timeout)
        except TimeoutError:
            await conn.ws.close(1008, "no hello")
            return False
        msg: dict[str, Any] = {}
        try:
            msg = P.parse_client(raw)
            if msg["type"] != "hello":
                raise P.ProtocolError("hello_first", "the first message must be hello with the protocol version")
        except P.ProtocolError as e:
            self._send(conn, P.error(e.code, e.message, **(_ref(msg) or e.extra)))
            self._close_after(conn, 1008, e.code)
            return False
        if msg["version"] != P.VERSION:
            log.info("refused a client from %s: %s", conn.ws.remote_address, P.version_refusal(msg["version"]))
            self._send(conn, P.error("version", P.version_refusal(msg["version"]), server_version=P.VERSION,
                                     **_ref(msg)))
            self._close_after(conn, 1008, "protocol version")
            return False
        self._send(conn, {"type": "welcome", "version": P.VERSION, "server": "jayden-jazz",
                   "limits": {"max_message": self.limits.max_message, "rate": self.limits.rate, "burst": self.limits.burst,
                              "seat_timeout": self.limits.seat_timeout}, **_ref(msg)})
        conn.last, conn.greeted = time.monotonic(), True
        return True

    async def _read(self, conn: Conn) -> None:
        lim = self.limits
        recv = conn.ws.recv
        while True:
            raw = await recv()      # an idle connection is closed by _idle_loop, not a timer per message
            if conn.closing:
                continue        # read on, so the client's close frame gets through
            now = conn.last = time.monotonic()
            if not conn.bucket.take(now):
                conn.strikes += 1
                if conn.strikes >= lim.flood_strikes:
                    self._close_after(conn, 1008, "too many messages")
                    continue
                self._send(conn, P.error("rate_limited", f"too many messages: at most {lim.rate:g} a second "
                                                         f"on average; this one was dropped ({conn.strikes} of "
                                                         f"{lim.flood_strikes} before the connection is closed)"))
                continue
            msg: dict[str, Any] = {}
            try:
                msg = P.parse_client(raw)
                self._dispatch(conn, msg)
            except P.ProtocolError as e:
                self._send(conn, P.error(e.code, e.message, **(_ref(msg) or e.extra)))
            except Refusal as e:
                extra = _ref(msg)
                if e.code == "stale_ply" and conn.table is not None:
                    extra["view"] = conn.table.view(conn.seat, self._presence_of(conn.table))
                self._send(conn, P.error(e.code, e.message, **extra))

    # ------------------------------------------------------------------ messages
    def _dispatch(self, conn: Conn, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        if kind == "hello":
            raise P.ProtocolError("hello_twice", "hello is said once, at the start")
        if kind == "ping":
            self._send(conn, {"type": "pong", **_ref(msg)})
        elif kind == "list":
            self._list(conn, msg)
        elif kind == "create":
            self._create(conn, msg)
        elif kind == "join":
            self._join(conn, msg)
        elif kind == "host":
            self._host(conn, msg)
        else:
            table, seat = self._seated(conn, kind)
            if kind == "view":
                view = self._view(table, seat)
                self._send(conn, f'{{"ref":{msg["ref"]},{view[1:]}' if "ref" in msg else view)
            elif kind == "hand":
                self._hand(conn, table, seat, msg)
            elif kind == "action":
                self._action(conn, table, seat, msg)
            else:
                self._off_board(conn, table, seat, msg)

    def _list(self, conn: Conn, msg: dict[str, Any]) -> None:
        """The games anyone may join or watch (``listing``: no hand, token or seed), worked out again
        only once the last answer is a second old (longer when that took long: ``LOOP_SHARE``)."""
        now = time.monotonic()
        if self._listed is None or now >= self._listed[0]:
            games, more = listing.listing(self.tables.values(), lambda t: bool(self.watchers.get(t.id)))
            cost = time.monotonic() - now
            self._listed = (now + max(listing.FRESH_SECONDS, cost / listing.LOOP_SHARE), games, more)
        _until, games, more = self._listed
        self._send(conn, {"type": "games", "games": games, "more": more, **_ref(msg)})

    def _seated(self, conn: Conn, kind: str) -> tuple[Table, int]:
        if conn.table is None:
            raise Refusal("not_joined", f"join a game before sending {kind}")
        if conn.seat is None and kind != "view":
            raise Refusal("spectator", "a spectator watches; only a seat's player may act")
        return conn.table, conn.seat  # type: ignore[return-value]

    def _create(self, conn: Conn, msg: dict[str, Any]) -> None:
        active = sum(1 for t in self.tables.values() if t.status in ("waiting", "playing"))
        if active >= self.limits.max_games:
            raise Refusal("too_many_games", "this server holds as many games as it can; try again later")
        seats_in = msg["seats"]
        setup = check_setup(msg["kind"], msg["setup"], seats_in, self.rng)
        seats = []
        for i, s in enumerate(seats_in):
            if s["kind"] == "computer":
                level = s.get("level", "normal")
                seats.append(SeatInfo("computer", s.get("name") or f"Computer ({level.capitalize()})", level))
            else:
                if "level" in s:
                    raise Refusal("bad_setup", "only a computer seat has a level")
                seats.append(SeatInfo("human", s.get("name") or f"Player {i + 1}"))
        _number_computers(seats)
        gid = secrets.token_urlsafe(9)
        code = self._new_code()
        host_token = secrets.token_urlsafe(16)
        table = self._make_table(gid, code, msg["kind"], setup, seats, token_hash(host_token))
        self.store.add_game(gid, code, table.kind, setup, table.host_hash,
                            [{"kind": s.kind, "level": s.level, "name": s.name} for s in seats], time.time())
        self.tables[gid] = table
        self.codes[code] = gid
        if isinstance(table, CardsTable):
            self._computer_hands(table)
        self._maybe_start(table)
        self._send(conn, {"type": "created", "game": gid, "code": code, "host_token": host_token, **_ref(msg)}, gid)

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.codes and not self.store.code_taken(code):    # archived games' codes too
                return code

    def _find(self, key: str) -> Table:
        code = key.upper().replace("-", "").replace(" ", "")
        gid = key if key in self.tables else self.codes.get(code)
        if gid is None:
            gid = revive.archived(self, key, code)     # a finished game, from the archive
        if gid is None:
            raise Refusal("no_game", f"there is no game {key!r} on this server")
        return self.tables[gid]

    def _join(self, conn: Conn, msg: dict[str, Any]) -> None:
        table = self._find(msg["game"])
        token = msg.get("token")
        if msg.get("spectator"):
            if "seat" in msg or token:
                raise P.ProtocolError("bad_field", "a spectator joins without a seat or token")
            self._bind(conn, table, None)
            self._send(conn, {"type": "joined", "game": table.id, "code": table.code, "seat": None, **_ref(msg)})
            self._send(conn, self._view(table, None))
            return
        if token is not None:
            th = token_hash(token)
            seat = next((i for i, s in enumerate(table.seats)
                         if s.token_hash is not None and hmac.compare_digest(s.token_hash, th)), None)
            if seat is None or ("seat" in msg and msg["seat"] != seat):
                raise Refusal("wrong_token", "that token does not belong to a seat of this game")
        else:
            seat = msg.get("seat")
            if seat is None:
                seat = next((i for i, s in enumerate(table.seats) if s.kind == "human" and s.token_hash is None), None)
                if seat is None:
                    raise Refusal("no_free_seat", "every seat of this game is taken; join as a spectator")
            if seat >= len(table.seats):
                raise Refusal("no_seat", f"this game has seats 0 to {len(table.seats) - 1}")
            s = table.seats[seat]
            if s.kind != "human":
                raise Refusal("seat_taken", f"seat {seat} is played by the computer")
            if s.token_hash is not None:
                raise Refusal("seat_taken", f"seat {seat} is taken; rejoin it with its token")
            if table.status not in ("waiting", "playing"):
                raise Refusal("not_waiting", "the game is over")
            token = secrets.token_urlsafe(16)
            s.token_hash = token_hash(token)
            if msg.get("name"):
                s.name = msg["name"]
            self.store.set_seat(table.id, seat, s.kind, s.level, s.name, s.token_hash)
        self._bind(conn, table, seat)
        self._send(conn, {"type": "joined", "game": table.id, "code": table.code, "seat": seat, "token": token, **_ref(msg)})
        self._maybe_start(table)
        self._broadcast(table)

    def _bind(self, conn: Conn, table: Table, seat: int | None) -> None:
        if conn.table is table and conn.seat == seat:
            return
        self._leave(conn)
        conn.table, conn.seat = table, seat
        self.watchers.setdefault(table.id, set()).add(conn)
        if seat is not None and self.away.pop((table.id, seat), None) is not None:
            self._presence(table, seat, "back", 0.0)

    def _leave(self, conn: Conn) -> None:
        table, seat = conn.table, conn.seat
        if table is None:
            return
        conns = self.watchers.get(table.id, set())
        conns.discard(conn)
        conn.table = conn.seat = None
        if seat is not None and not any(c.seat == seat for c in conns) and table.seats[seat].kind == "human":
            self.away[(table.id, seat)] = time.monotonic()
            if table.status in ("waiting", "playing"):
                self._presence(table, seat, "lost", 0.0)
                self._broadcast(table)

    def _hand(self, conn: Conn, table: Table, seat: int, msg: dict[str, Any]) -> None:
        if not isinstance(table, CardsTable):
            raise Refusal("not_cards", "only the card game has hands to choose")
        table.choose_hand(seat, msg["cards"])
        self.store.set_hand(table.id, seat, list(msg["cards"]))
        self._send(conn, {"type": "ack", "hand": True, "ply": table.ply, **_ref(msg)})
        self._maybe_start(table)
        self._broadcast(table)

    def _action(self, conn: Conn, table: Table, seat: int, msg: dict[str, Any]) -> None:
        ply, text = msg["ply"], msg["action"]
        if not self._play(table, seat, ply, text):
            self._send(conn, {"type": "ack", "ply": ply, "action": text, "duplicate": True, **_ref(msg)})
            self._send(conn, self._view(table, seat))
            return
        self._send(conn, {"type": "ack", "ply": ply, "action": text, **_ref(msg)})
        self._broadcast(table)
        self._think(table)

    def _play(self, table: Table, seat: int, ply: int, text: str) -> bool:
        """Judge, then commit; the caller acknowledges only after this returns."""
        before = table.status
        if not table.play(seat, ply, text):
            return False
        self.store.add_action(table.id, ply, seat, text, table.status if table.status != before else None)
        return True

    def _off_board(self, conn: Conn, table: Table, seat: int, msg: dict[str, Any]) -> None:
        """A draw offer, its answer, or a resignation (Jayden): not actions, so they name no ply;
        the game they name must be the one this connection sits at."""
        if self._find(msg["game"]) is not table:
            raise Refusal("not_your_game", "you can only offer a draw or resign in the game you sit at")
        if not isinstance(table, JaydenTable):
            raise Refusal("not_jayden", "draw offers and resigning are for Jayden games")
        kind = msg["type"]
        if kind == "offer_draw":
            table.offer_draw(seat)
            answer: dict[str, Any] = {"draw": "offered"}
        elif kind == "answer_draw":
            table.answer_draw(seat, bool(msg["accept"]))
            answer = {"draw": "accepted" if msg["accept"] else "declined"}
        else:
            table.resign(seat)
            answer = {"resigned": True}
        self._store_end(table)
        self._send(conn, {"type": "ack", **answer, "ply": table.ply, **_ref(msg)})
        self._broadcast(table)
        if kind == "offer_draw":
            self._computer_answers_draw(table)

    def _store_end(self, table: JaydenTable) -> None:
        res = table.position.result
        if table.status == "over" and res is not None and res.reason in (RESIGNED, AGREED_DRAW):
            loser = None if res.winner is None else 1 - JAYDEN_SIDES.index(res.winner)
            self.store.set_ending(table.id, loser, res.reason)

    def _computer_answers_draw(self, table: JaydenTable) -> None:
        """A draw offered to a computer seat: its player answers as it does offline."""
        if table.draw_offer is None:
            return
        them = 1 - table.draw_offer
        if table.seats[them].kind == "computer":
            self._spawn(self._computer_draw(table, them))

    async def _computer_draw(self, table: JaydenTable, seat: int) -> None:
        offer, jpn = table.draw_offer, table.position.jpn()
        yes = bool(await self._ask_computer(table, ("jayden_jazz.ai.jayden.player:accepts_draw",
                                                    (jpn, table.seats[seat].level or "normal")),
                                            lambda: False, "it declines the draw offer"))
        if table.draw_offer != offer or table.position.jpn() != jpn or table.status != "playing":
            return          # the offer lapsed or the game moved on meanwhile
        try:
            table.answer_draw(seat, yes)
        except Refusal:
            return
        self._store_end(table)
        self._broadcast(table)

    def _host(self, conn: Conn, msg: dict[str, Any]) -> None:
        table = self._find(msg["game"])
        if not hmac.compare_digest(table.host_hash, token_hash(msg["token"])):
            raise Refusal("wrong_token", "only the host (with the host token) may do that")
        if table.status not in ("waiting", "playing"):
            raise Refusal("not_playing", "the game is already over")
        now = time.monotonic()
        waited = {seat: now - t for (gid, seat), t in self.away.items() if gid == table.id}
        timeout = self.limits.seat_timeout
        if msg["command"] == "abandon":
            if table.status == "playing" and not any(w >= timeout for w in waited.values()):
                raise Refusal("too_soon", f"a game can be ended as abandoned once a player has been away "
                                          f"{timeout:g} seconds")
            table.status = "abandoned"
            self.store.set_status(table.id, "abandoned")
        else:
            seat = msg.get("seat")
            if seat is None or seat >= len(table.seats) or table.seats[seat].kind != "human":
                raise Refusal("no_seat", "name a human seat of this game")
            s = table.seats[seat]
            if s.token_hash is not None and waited.get(seat, -1.0) < timeout:
                raise Refusal("too_soon", f"{s.name} can be replaced by the computer after {timeout:g} seconds away")
            s.kind, s.level, s.token_hash = "computer", "normal", None
            self.store.set_seat(table.id, seat, s.kind, s.level, s.name, None)
            self.away.pop((table.id, seat), None)
            if isinstance(table, CardsTable):
                self._computer_hands(table)
            self._maybe_start(table)
        self._send(conn, {"type": "ack", "host": msg["command"], "ply": table.ply, **_ref(msg)}, table.id)
        self._broadcast(table)
        self._think(table)

    # ------------------------------------------------------------------ game flow
    def _computer_hands(self, table: CardsTable) -> None:
        before = set(table.hands)
        table.computer_hands()
        for seat in sorted(set(table.hands) - before):
            self.store.set_hand(table.id, seat, table.hands[seat])

    def _maybe_start(self, table: Table) -> None:
        if table.status == "waiting" and table.ready_to_start():
            table.start()
            self.store.set_status(table.id, table.status)
            self._think(table)

    def _presence_of(self, table: Table) -> dict[int, float | None]:
        now = time.monotonic()
        presence: dict[int, float | None] = {}
        for s in range(len(table.seats)):
            since = self.away.get((table.id, s))
            presence[s] = None if since is None else now - since
        return presence

    def _view(self, table: Table, seat: int | None) -> str:
        """``seat``'s view, encoded (the card game shares most of it between seats)."""
        return table.view_text(seat, self._presence_of(table))

    def _broadcast(self, table: Table) -> None:
        views: dict[int | None, str] = {}
        for c in list(self.watchers.get(table.id, ())):
            if c.seat not in views:
                views[c.seat] = self._view(table, c.seat)
            self._send(c, views[c.seat])

    def _presence(self, table: Table, seat: int, state: str, waited: float) -> None:
        msg = {"type": "presence", "game": table.id, "seat": seat, "name": table.seats[seat].name, "state": state,
               "waited": round(waited, 1), "host_may_act": waited >= self.limits.seat_timeout}
        for c in list(self.watchers.get(table.id, ())):
            self._send(c, msg)

    async def _presence_loop(self) -> None:
        while True:
            await asyncio.sleep(self.limits.presence_interval)
            now = time.monotonic()
            for (gid, seat), t in list(self.away.items()):
                table = self.tables.get(gid)
                try:
                    if table is not None and table.status in ("waiting", "playing") and self.watchers.get(gid):
                        self._presence(table, seat, "lost", now - t)
                except Exception:   # one game's bug: logged, the loop goes on for the others
                    log.exception("game %s: telling who is away failed", gid)

    async def _idle_loop(self) -> None:
        """Close connections silent for ``idle_timeout``: one sweep a few times per timeout, which
        costs far less than a timer around every read of every connection."""
        timeout, slow = self.limits.idle_timeout, self.limits.message_timeout
        while True:
            await asyncio.sleep(min(5.0, timeout / 4, slow / 4))
            now = time.monotonic()
            cutoff = now - timeout
            for conn in [c for c in self.conns if c.greeted and not c.closing and c.last < cutoff]:
                self._close_after(conn, 1000, "idle for too long")
            for conn in [c for c in self.conns if not c.closing]:
                begun = getattr(conn.ws, "begun", None)
                if begun is not None and now - begun > slow:
                    self._close_after(conn, 1008, "a message took too long to arrive")

    def _think(self, table: Table) -> None:
        """Ask the worker for the computer seat to move, unless it is already asked."""
        if table.id in self.thinking or table.computer_request() is None:
            return
        self.thinking.add(table.id)
        self._spawn(self._computer_move(table))

    async def _ask_computer(self, table: Table, request: tuple[str, tuple[Any, ...]],
                            fallback: Callable[[], Any], instead: str) -> Any:
        """A computer player's answer, worked out in the process pool (started on first need), or
        ``fallback()`` when it fails: a bug in the computer player must neither stop the server nor
        stall the game, so it is logged in full and the game goes on (``instead`` says how)."""
        if self._executor is None:
            import multiprocessing as mp
            self._executor = ProcessPoolExecutor(1, mp_context=mp.get_context("spawn"), initializer=_watch_server)
        try:
            return await asyncio.get_running_loop().run_in_executor(self._executor, _call, *request)
        except BrokenProcessPool:
            log.error("game %s: the computer player's process died (another is started); %s", table.id, instead)
            self._executor = None
        except Exception:   # a bug in the computer player: logged in full, the game goes on
            log.exception("game %s: the computer player failed; %s", table.id, instead)
        return fallback()

    async def _computer_move(self, table: Table) -> None:
        try:
            request = table.computer_request()
            if request is None:
                return
            ply, seat = table.ply, table.to_move()
            answer = await self._ask_computer(table, request, lambda: [table.fallback_action()],
                                              "it plays the first legal action")
            if table.ply != ply or table.to_move() != seat or table.status != "playing":
                return
            for text in ([answer] if isinstance(answer, str) else list(answer)):
                self._play(table, seat, table.ply, text)   # type: ignore[arg-type]
            self._broadcast(table)
        except Refusal as e:
            log.error("game %s: the computer's move was refused: %s", table.id, e.message)
        except Exception:   # a bug: logged in full; the game waits (a restart replays it), the server goes on
            log.exception("game %s: playing the computer's move failed", table.id)
            return
        finally:
            self.thinking.discard(table.id)
        self._think(table)


def address_key(address: str) -> str:
    """Who a connection counts against in :attr:`Limits.per_address`: an IPv4 address (also when
    it arrives IPv4-mapped, ``::ffff:a.b.c.d``), ``::1`` as it is, and any other IPv6 address by
    its /64 -- one home or phone is given a whole /64 and could take a new address per connection."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        if not ip.is_loopback:
            return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def _deliver(conn: Conn, message: dict[str, Any] | str | tuple[int, str]) -> None:
    if isinstance(message, tuple):
        conn.close(*message)
    else:
        conn.send(message)


def _ref(msg: dict[str, Any]) -> dict[str, Any]:
    return {"ref": msg["ref"]} if "ref" in msg else {}


GC_THRESHOLDS = (50_000, 20, 100)
"""The collector's thresholds in a server process (CPython's are 700, 10, 10). A server's heap is
mostly long-lived (games, connections, their buffers); with the defaults a full collection walked
all of it every few seconds and found nothing, 60-125 ms with the event loop stopped at 1,000
games -- the whole tail of the round trips (docs/network.md). Young cycles are still collected."""


def tune_gc() -> None:
    """Everything loaded so far (modules, the stored games) moves to the permanent generation,
    which no collection walks; then the thresholds above."""
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


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
    try:
        await server.failed
    finally:
        orphan.unwatch(watch)
        await server.close()


def _number_computers(seats: list[SeatInfo]) -> None:
    """Computer seats that would share a name ("Computer (Hard)" twice) are numbered, so every
    seat's name tells it apart in views, presence messages and the server's log."""
    for name in {s.name for s in seats if s.kind == "computer"}:
        alike = [s for s in seats if s.kind == "computer" and s.name == name]
        if len(alike) > 1:
            for n, s in enumerate(alike, 1):
                s.name = f"{name[:P.MAX_NAME - len(str(n)) - 1]} {n}"     # still a name the protocol allows


__all__ = ["GameServer", "Limits", "run"]
