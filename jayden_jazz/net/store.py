"""The server's record of every game, in SQLite: nothing acknowledged is lost.

One file, ``games.sqlite3`` under the data folder, in WAL mode with
``synchronous=FULL``: a transaction is on disk when ``commit`` returns, and
the server acknowledges an action only after its row is committed. The
server queues its writes and commits everything queued in one transaction
off the event loop (group commit: one fsync for all the actions that came
in meanwhile), then sends the answers that waited for it. A
server killed at any moment and started again reads every game back
(:meth:`Store.load`) and rebuilds it by replaying its actions through the
engine, so it offers each game exactly as it was.

Seat tokens are kept only as SHA-256 hashes: the file alone does not let
anyone act for a seat.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL,
    setup TEXT NOT NULL,
    host_hash TEXT NOT NULL,
    status TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    game_id TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    level TEXT NOT NULL,
    name TEXT NOT NULL,
    token_hash TEXT,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS hands (
    game_id TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    cards TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS endings (
    game_id TEXT PRIMARY KEY REFERENCES games(id),
    seat INTEGER,
    reason TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games(id),
    ply INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game_id, ply)
);
"""

FILE_NAME = "games.sqlite3"
SYNC_MODES = ("full", "normal")
"""``full``: a commit is on disk (fsync) before the ack -- survives a power cut too.
``normal`` (WAL): a commit survives the server being killed, not the machine losing power."""
Statement = tuple[str, tuple[Any, ...]]


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass
class StoredGame:
    id: str
    code: str
    kind: str
    setup: dict[str, Any]
    host_hash: str
    status: str
    seats: list[dict[str, Any]] = field(default_factory=list)
    hands: dict[int, list[str]] = field(default_factory=dict)
    actions: list[tuple[int, str]] = field(default_factory=list)
    ending: tuple[int | None, str] | None = None   # an end off the board: (seat, resigned|agreed_draw)


class Store:
    """All writes go through here, each in its own committed transaction."""

    def __init__(self, folder: Path, on_queue: Callable[[], None] | None = None, *, sync: str = "full") -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / FILE_NAME
        # explicit transactions below; one thread at a time (the server's database thread)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        if sync not in SYNC_MODES:
            raise ValueError(f"sync is one of {', '.join(SYNC_MODES)}, not {sync!r}")
        self.db.execute(f"PRAGMA synchronous={sync.upper()}")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(SCHEMA)
        self.queued: list[Statement] = []
        self.on_queue = on_queue

    def _tx(self, statements: list[Statement]) -> None:
        """Queue the statements (``on_queue`` set: the server commits them in batches) or,
        without a queue hook, commit them at once."""
        if self.on_queue is None:
            self.commit(statements)
            return
        self.queued += statements
        self.on_queue()

    def take(self) -> list[Statement]:
        """The queued statements, to commit together (one fsync for many writes)."""
        out, self.queued = self.queued, []
        return out

    def commit(self, statements: list[Statement]) -> None:
        """Run ``statements`` in one transaction; on disk when this returns."""
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        try:
            for sql, args in statements:
                db.execute(sql, args)
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def add_game(self, game_id: str, code: str, kind: str, setup: dict[str, Any], host_hash: str,
                 seats: list[dict[str, Any]], created: float) -> None:
        rows: list[Statement] = [
            ("INSERT INTO games VALUES (?,?,?,?,?,?,?)",
             (game_id, code, kind, json.dumps(setup), host_hash, "waiting", created))]
        for i, s in enumerate(seats):
            rows.append(("INSERT INTO seats VALUES (?,?,?,?,?,?)",
                         (game_id, i, s["kind"], s.get("level", ""), s["name"], s.get("token_hash"))))
        self._tx(rows)

    def set_seat(self, game_id: str, seat: int, kind: str, level: str, name: str, token_hash: str | None) -> None:
        self._tx([("UPDATE seats SET kind=?, level=?, name=?, token_hash=? WHERE game_id=? AND seat=?",
                   (kind, level, name, token_hash, game_id, seat))])

    def set_hand(self, game_id: str, seat: int, cards: list[str]) -> None:
        self._tx([("INSERT OR REPLACE INTO hands VALUES (?,?,?)", (game_id, seat, json.dumps(cards)))])

    def set_status(self, game_id: str, status: str) -> None:
        self._tx([("UPDATE games SET status=? WHERE id=?", (status, game_id))])

    def set_ending(self, game_id: str, seat: int | None, reason: str) -> None:
        """A game ended off the board (a resignation, an agreed draw), with its status, in one
        transaction: the actions alone would not give the result back after a restart."""
        self._tx([("INSERT OR REPLACE INTO endings VALUES (?,?,?)", (game_id, seat, reason)),
                  ("UPDATE games SET status='over' WHERE id=?", (game_id,))])

    def add_action(self, game_id: str, ply: int, seat: int, action: str, status: str | None = None) -> None:
        """One action (and the game's new status, when it changed) in one transaction."""
        rows: list[Statement] = [
            ("INSERT INTO actions VALUES (?,?,?,?)", (game_id, ply, seat, action))]
        if status is not None:
            rows.append(("UPDATE games SET status=? WHERE id=?", (status, game_id)))
        self._tx(rows)

    def load(self) -> list[StoredGame]:
        """Every game, oldest first, with seats, hands and actions in order."""
        db = self.db
        games: dict[str, StoredGame] = {}
        for gid, code, kind, setup, host, status in db.execute(
                "SELECT id, code, kind, setup, host_hash, status FROM games ORDER BY created, id"):
            games[gid] = StoredGame(gid, code, kind, json.loads(setup), host, status)
        for gid, seat, kind, level, name, th in db.execute(
                "SELECT game_id, seat, kind, level, name, token_hash FROM seats ORDER BY game_id, seat"):
            games[gid].seats.append({"kind": kind, "level": level, "name": name, "token_hash": th})
        for gid, seat, cards in db.execute("SELECT game_id, seat, cards FROM hands"):
            games[gid].hands[seat] = json.loads(cards)
        for gid, ply, seat, action in db.execute("SELECT game_id, ply, seat, action FROM actions ORDER BY game_id, ply"):
            g = games[gid]
            if ply != len(g.actions):
                raise ValueError(f"{self.path}: game {gid} is missing ply {len(g.actions)}")
            g.actions.append((seat, action))
        for gid, seat, reason in db.execute("SELECT game_id, seat, reason FROM endings"):
            if gid in games:
                games[gid].ending = (seat, reason)
        return list(games.values())

    def actions(self, game_id: str) -> list[tuple[int, int, str]]:
        """(ply, seat, action) of one game, in order (tests and tools)."""
        return list(self.db.execute("SELECT ply, seat, action FROM actions WHERE game_id=? ORDER BY ply",
                                    (game_id,)))

    def close(self) -> None:
        self.db.close()


__all__ = ["FILE_NAME", "Store", "StoredGame", "token_hash"]
