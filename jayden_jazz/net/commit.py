"""Writes before answers: the server's group commit.

The store queues every write; while one commit runs on the database thread,
what is queued meanwhile waits for the next, so a thousand games cost a few
commits a second, not a thousand. An answer (or a close) is held until the
batch holding every write made before it is on disk: nobody hears of a state
the store does not hold. When a batch fails, each game's writes are tried on
their own, so one game's bad write costs that game only; that game is then
closed on this server and whoever was at it, or waited for an answer about
it, is told ``game_lost`` instead.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from . import protocol as P
from . import tail
from .connection import Conn, Outgoing, deliver
from .games import Table
from .store import BaseStore
from .storebase import LeaseLost

log = logging.getLogger("jayden_jazz.net")

LOST_WORDS = "the server could not record this game, so it has stopped it; the server's log says why"

Started = tuple[int, list[Any], float, "asyncio.Future[float]"]
"""A batch handed to the database thread: its number, its writes, when, and its commit running."""

Lost = Callable[[str], tuple[Table | None, set[Conn]]]
"""Drops a game whose writes failed; returns its table (if it still had one) and who was at it."""


class GroupCommit:
    def __init__(self, store: BaseStore, spawn: Callable[[Coroutine[Any, Any, None]], None], lost: Lost) -> None:
        self.store = store
        self._spawn = spawn
        self._lost = lost
        store.on_queue = self._kick
        self._next_batch = 1          # the batch that collects the writes queued now
        self._done_batch = 0          # the last batch on disk
        self._flushing = False
        self._held: deque[tuple[int, Conn, Outgoing, str | None]] = deque()
        self._barriers: list[tuple[int, asyncio.Future[None]]] = []
        self.on_lease_lost: Callable[[], None] | None = None
        """Called (the shared store's server) when the leases went with the store's connection."""
        self._db_thread = ThreadPoolExecutor(1, thread_name_prefix="jayden-jazz-db")

    def send(self, conn: Conn, message: Outgoing, game: str | None = None) -> None:
        """Send (or, given (code, reason), close) once every write queued so far is on disk.
        ``game`` (by default the one the connection sits at) is the game the message tells of:
        if that game's writes fail, an error goes instead."""
        need = self._next_batch if self.store.queued else self._next_batch - 1
        if need <= self._done_batch and not self._held:
            deliver(conn, message)
        else:
            self._held.append((need, conn, message, game if game is not None else
                               conn.table.id if conn.table is not None else None))

    def close_after(self, conn: Conn, code: int, reason: str) -> None:
        self.send(conn, (code, reason))

    def barrier(self) -> asyncio.Future[None]:
        """Done once every write queued so far is committed (or failed): a game handed over lets its
        commits finish first."""
        need = self._next_batch if self.store.queued else self._next_batch - 1
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        if need <= self._done_batch:
            done.set_result(None)
        else:
            self._barriers.append((need, done))
        return done

    def forget(self, games: set[str], conns: set[Conn]) -> None:
        """What waits for these games or to these connections is never sent: they are no longer served
        here (the lease was lost, or handed over with nothing of theirs acknowledged but the writes)."""
        self._held = deque(e for e in self._held if e[1] not in conns and e[3] not in games)

    def _kick(self) -> None:
        if not self._flushing:
            self._flushing = True
            self._spawn(self._flush())

    async def _flush(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            started: Started | None = None
            while started is not None or self.store.queued:
                batch, writes, handed, running = started if started is not None else self._start(loop)
                started = None
                lease_lost = False
                try:
                    failed = await self._commit(loop, writes, handed, running)
                except LeaseLost as e:
                    log.error("%s; every game here is let go", e)
                    failed, lease_lost = {}, True
                    if self.on_lease_lost is not None:
                        self.on_lease_lost()
                fenced = set(self.store.fenced_out)
                if fenced:       # games no longer leased here: what waited for their writes is never sent
                    self._held = deque(e for e in self._held if e[3] not in fenced)
                self._done_batch = batch
                for need, done in [b for b in self._barriers if b[0] <= batch]:
                    self._barriers.remove((need, done))
                    if not done.done():
                        done.set_result(None)
                if not failed and not lease_lost and self.store.queued:
                    # the next batch goes to the database thread before this one's answers are written:
                    # its commit runs while they are (they were 1-12 ms of the loop at 1,000 games, #40)
                    started = self._start(loop)
                lost = {gid: self._lost(gid) for gid in failed}
                unsent: list[tuple[Conn, Outgoing, str | None]] = []
                corked: list[Conn] = []         # a connection's frames of this batch go in one write
                while self._held and self._held[0][0] <= batch:
                    _need, conn, message, game = self._held.popleft()
                    if game in failed:
                        unsent.append((conn, message, game))
                    else:
                        deliver(conn, message, corked)
                for conn in corked:
                    conn.uncork()
                for gid, (table, watchers) in lost.items():
                    self._tell_lost(gid, table, watchers, unsent)
        finally:
            self._flushing = False

    def _start(self, loop: asyncio.AbstractEventLoop) -> Started:
        """The queued writes, as the next batch, handed to the database thread now."""
        writes = self.store.take()
        batch = self._next_batch
        self._next_batch += 1
        self.store.fenced_out.clear()
        return batch, writes, time.perf_counter(), loop.run_in_executor(self._db_thread, self._timed_commit, writes)

    async def _commit(self, loop: asyncio.AbstractEventLoop, writes: list[Any], handed: float,
                      running: asyncio.Future[float]) -> dict[str, str]:
        """A batch's commit (``running`` since ``handed``) awaited; when it failed, each game's writes
        on their own. Returns the games whose writes could not be stored."""
        try:
            on_thread = await running
            tail.commit(on_thread, time.perf_counter() - handed, len(writes))
            return {}
        except LeaseLost:
            raise
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

    def _timed_commit(self, writes: list[Any]) -> float:
        """The batch committed (on the database thread); its seconds there, for :mod:`.tail`."""
        t = time.perf_counter()
        self.store.commit(writes)
        return time.perf_counter() - t

    def _tell_lost(self, gid: str, table: Table | None, watchers: set[Conn],
                   unsent: list[tuple[Conn, Outgoing, str | None]]) -> None:
        """Everyone at a dropped game, and whoever waited for an answer about it (``unsent``, and
        what is held for it still), hears why instead."""
        told: set[Conn] = set()
        waiting: set[Conn] = set()
        later = [e for e in self._held if e[3] == gid]
        for e in later:
            self._held.remove(e)
        about = [(c, m) for c, m, game in unsent if game == gid] + [(e[1], e[2]) for e in later]
        for conn, message in about:
            waiting.add(conn)
            if isinstance(message, dict) and "ref" in message:      # the answer a client waits for, by its ref
                deliver(conn, P.error("game_lost", LOST_WORDS, ref=message["ref"]))
                told.add(conn)
        for conn in watchers | waiting:
            if table is not None and conn.table is table:
                conn.table = conn.seat = None
            if conn not in told:
                deliver(conn, P.error("game_lost", LOST_WORDS))
        for conn, message in about:
            if isinstance(message, tuple):      # a close that waited still happens
                deliver(conn, message)

    async def on_db(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` on the database thread, in turn with the commits (a lease is taken on the
        connection that writes)."""
        return await asyncio.get_running_loop().run_in_executor(self._db_thread, fn, *args)

    def close(self) -> None:
        """The server stops: what is queued is committed here and now (game by game if need be)."""
        if self.store.queued:
            writes = self.store.take()
            try:
                self.store.commit(writes)
            except Exception:
                self.store.commit_each(writes)
        self._db_thread.shutdown(wait=True)


__all__ = ["GroupCommit", "LOST_WORDS"]
