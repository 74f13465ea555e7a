"""The games a server holds, counted as they run and let go once over (#40).

A server left running for weeks must not hold every game it ever served.
A game over (or abandoned) that nobody is at any more is forgotten: its
table, its code, its watchers and its seats' away clocks. Whoever comes back
for it later is shown it from the store, as it ended (:func:`.revive.archived`
on one process, a takeover's read with several), so nothing of it is lost --
provided its last writes are on disk first. The one-process server therefore
forgets it once the commits queued so far are done
(:meth:`.commit.GroupCommit.barrier`) and only if nobody came back meanwhile;
the workers (:mod:`.workers`) forget it at once and give its lease back once
committed (a lease held is what fences their writes).

A game is let go when its last connection leaves (:meth:`LetGo.left`), or by
the sweep every :data:`SWEEP` seconds when it ended with nobody at it (its
host abandoning it while its players were away; a finished game read back
for a join that was then refused): the sweep looks only at the games that
ended since the last one, not at every table.

The count of running games a create is checked against (``max_games``) is
kept here too, as games are held, end and are dropped: a create used to walk
every table.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from .games import Table
from .schema import FINISHED

if TYPE_CHECKING:
    from .server import GameServer

log = logging.getLogger("jayden_jazz.net")

SWEEP = 2.0
"""Seconds between looks for games that ended with nobody at them (the workers' heartbeat's pace)."""


class LetGo:
    """Which held games run, which ended since the last sweep, and which wait for their commits."""

    def __init__(self, server: GameServer) -> None:
        self.server = server
        self.running: set[str] = set()
        self.ended: set[str] = set()        # finished since the last sweep (or read back finished)
        self.going: set[str] = set()        # one process: let go once the commits queued so far are done

    def hold(self, table: Table) -> None:
        """``table`` is now in the server's tables: counted, and heard from as it ends."""
        table.ended = self._ended
        if table.status in FINISHED:
            self.ended.add(table.id)        # read back for someone: let go if they do not stay
        else:
            self.running.add(table.id)

    def _ended(self, table: Table) -> None:
        if self.server.tables.get(table.id) is table:
            self.running.discard(table.id)
            self.ended.add(table.id)

    def dropped(self, gid: str, table: Table | None) -> None:
        """The game is no longer held here (let go, handed over, its writes failed)."""
        if table is not None and table.ended == self._ended:
            table.ended = None
        self.running.discard(gid)
        self.ended.discard(gid)
        self.going.discard(gid)

    def nobody_at(self) -> list[str]:
        """The games that ended since the last call, still held, with no connection at them (those
        with one are let go as it leaves)."""
        tables, watchers = self.server.tables, self.server.watchers
        found = [gid for gid in self.ended if gid in tables and not watchers.get(gid)]
        self.ended.clear()
        return found

    def left(self, gid: str) -> None:
        """The last connection left a finished game: forgotten once every write queued so far is on
        disk (a comeback reads it from the store), unless somebody came for it meanwhile. With
        workers, forgotten at once and its lease given back once committed (:meth:`.Workers.finished_left`)."""
        workers = self.server.workers
        if workers is not None:
            workers.finished_left(gid)
            return
        if gid in self.going or gid not in self.server.tables:
            return
        self.going.add(gid)
        self.server.commits.barrier().add_done_callback(lambda _done: self._let_go(gid))

    def _let_go(self, gid: str) -> None:
        if gid not in self.going:           # dropped meanwhile
            return
        self.going.discard(gid)
        table = self.server.tables.get(gid)
        if table is None or table.status not in FINISHED or self.server.watchers.get(gid):
            return
        self.server.forget(gid)
        log.debug("game %s (%s) is over and nobody is at it: let go", gid, table.code)

    # ------------------------------------------------------------------ one process (SQLite)
    async def sweep(self) -> None:
        """The one-process server's look for games that ended with nobody at them."""
        while True:
            await asyncio.sleep(SWEEP)
            for gid in self.nobody_at():
                self.left(gid)


__all__ = ["SWEEP", "LetGo"]
