"""Stored games back in memory: the running ones at start-up, a finished one when asked for.

The store archives finished games at start-up (:mod:`.schema`), so the
server rebuilds only what runs. A finished game is still reachable: joining
it by code or id (to watch it, or a seat coming back to see the end) reads
it from the store and replays it, and from then on it is held like any
other. Only a finished game comes back this way: a game still live in the
store but not in memory was dropped (its writes failed) or could not be
rebuilt, and stays out. With a shared store (several processes on one
PostgreSQL database) a running game not in memory is another process's, or
nobody's since one died: :mod:`.workers` takes its lease and rebuilds it
here with :func:`rebuild`.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

from .games import CardsTable, JaydenTable, Refusal, SeatInfo, Table
from .schema import FINISHED

if TYPE_CHECKING:
    from .server import GameServer

log = logging.getLogger("jayden_jazz.net")


def log_skipped(server: GameServer, skipped: list[tuple[str, str]] | None = None) -> None:
    """The damaged games the store's last read met (or ``skipped``: those a read elsewhere met)."""
    for gid, why in server.store.skipped if skipped is None else skipped:
        log.error("game %s in %s is damaged and is not offered (its rows are kept): %s", gid, server.store.where, why)


def rebuild(server: GameServer, g: Any) -> Table | None:
    """A stored game back in ``server``'s tables, replayed through the engine; None (logged) when it cannot be."""
    seats = [SeatInfo(s["kind"], s["name"], s["level"], s["token_hash"]) for s in g.seats]
    try:
        table = server.make_table(g.id, g.code, g.kind, g.setup, seats, g.host_hash)
        if isinstance(table, CardsTable):
            table.hands = dict(g.hands)
        if g.status != "waiting":
            table.start()
            table.replay(g.actions)
            if g.ending is not None and isinstance(table, JaydenTable) and table.status == "playing":
                table.end_off_board(*g.ending)
    except Exception as e:   # a card pack removed since, a damaged record: keep the rows, skip the game
        log.error("game %s cannot be rebuilt and is not offered: %s", g.id,
                  e.message if isinstance(e, Refusal) else f"{type(e).__name__}: {e}")
        return None
    table.status = g.status if g.status == "abandoned" else table.status
    server.tables[g.id] = table
    server.letgo.hold(table)
    server.codes[g.code] = g.id
    now = time.monotonic()
    for i, s in enumerate(seats):
        if s.kind == "human" and s.token_hash is not None:
            server.away[(g.id, i)] = now
    return table


def load_running(server: GameServer) -> None:
    """Start-up: the store archives the finished games, then hands back what runs."""
    stored = server.store.load()
    log_skipped(server)
    for g in stored:
        rebuild(server, g)


def archived(server: GameServer, key: str, code: str) -> str | None:
    """A finished game not in memory, by id (``key``) or join ``code``, rebuilt; its id, or None."""
    try:
        g = server.store.game(key, code)
    except Exception as e:      # the archive unreadable: said in the log; the game is not there
        log.error("reading game %r from the archive in %s failed: %s: %s", key, server.store.where,
                  type(e).__name__, e)
        return None
    log_skipped(server)
    if g is None or g.status not in FINISHED or g.id in server.store.broken:
        return None
    if g.id in server.tables:
        return g.id
    holder = server.codes.get(g.code)
    table = rebuild(server, g)
    if holder is not None:
        server.codes[g.code] = holder     # its code was given out again: it names the running game
    return None if table is None else table.id


__all__ = ["archived", "load_running", "rebuild"]
