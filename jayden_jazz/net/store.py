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

Each queued change names its game. When a batch fails, each game's changes
are committed on their own (:meth:`Store.commit_each`): one game's bad write
costs that game (marked broken, its later writes dropped), never the others
nor the process. Reading back, a game whose rows are damaged is left out
(:attr:`Store.skipped`) and the others load. What may be opened at all --
ours, new, or refused in one line without a byte changed -- is
:mod:`.dbfile`'s to say.

Seat tokens are kept only as SHA-256 hashes: the file alone does not let
anyone act for a seat.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .dbfile import DatabaseRefused, open_database

log = logging.getLogger("jayden_jazz.net")

FILE_NAME = "games.sqlite3"
SYNC_MODES = ("full", "normal")
"""``full``: a commit is on disk (fsync) before the ack -- survives a power cut too.
``normal`` (WAL): a commit survives the server being killed, not the machine losing power."""
Statement = tuple[str, tuple[Any, ...]]
Write = tuple[str, list[Statement]]
"""One game's id and the statements of one of its changes, committed together or not at all."""


class DataFolderRefused(DatabaseRefused):
    """The data folder cannot be used (a file in its place, no permission); one line."""


def prepare_folder(folder: Path) -> None:
    """The data folder, made private (0700) when created here; a file in its place is refused."""
    if folder.exists() and not folder.is_dir():
        raise DataFolderRefused(f"the data folder {folder} is a file, not a folder; name a folder with --data")
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    except OSError as e:
        raise DataFolderRefused(f"the data folder {folder} cannot be made ({e.strerror}); "
                                "name another with --data") from None


def make_private(path: Path) -> None:
    """Only the owner may read a file the server keeps (games, seat names, the log)."""
    try:
        if path.is_file() and not path.is_symlink() and (path.stat().st_mode & 0o777) != 0o600:
            os.chmod(path, 0o600)
    except OSError as e:
        log.warning("cannot make %s private (%s)", path, e.strerror)


def _surrogate_text(raw: bytes) -> str:
    """Stored text, read without stopping at bytes that are not UTF-8 (a damaged row): they become
    lone surrogates, which :func:`_check_text` then refuses for that game alone."""
    return raw.decode("utf-8", "surrogateescape")


_NOT_UTF8 = re.compile(r"[\udc80-\udcff]")


def _check_text(*values: Any) -> None:
    for v in values:
        if isinstance(v, str) and _NOT_UTF8.search(v):
            raise ValueError("a stored text is not UTF-8")


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
        if sync not in SYNC_MODES:
            raise ValueError(f"sync is one of {', '.join(SYNC_MODES)}, not {sync!r}")
        prepare_folder(folder)
        self.path = folder / FILE_NAME
        # explicit transactions below; one thread at a time (the server's database thread)
        self.db = open_database(self.path, sync)
        self.db.text_factory = _surrogate_text
        for suffix in ("", "-wal", "-shm"):
            make_private(self.path.with_name(FILE_NAME + suffix))
        self.queued: list[Write] = []
        self.broken: set[str] = set()       # games whose writes failed: nothing more is written for them
        self.skipped: list[tuple[str, str]] = []   # (game id, why) of the games the last load left out
        self.on_queue = on_queue

    def _tx(self, game_id: str, statements: list[Statement]) -> None:
        """Queue one change of one game (``on_queue`` set: the server commits them in batches) or,
        without a queue hook, commit it at once."""
        if game_id in self.broken:
            return
        if self.on_queue is None:
            self.commit([(game_id, statements)])
            return
        self.queued.append((game_id, statements))
        self.on_queue()

    def take(self) -> list[Write]:
        """The queued changes, to commit together (one fsync for many writes)."""
        out, self.queued = self.queued, []
        return out

    def commit(self, writes: list[Write]) -> None:
        """Run every statement of ``writes`` in one transaction; on disk when this returns."""
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        try:
            for _game, statements in writes:
                for sql, args in statements:
                    db.execute(sql, args)
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise

    def commit_each(self, writes: list[Write]) -> dict[str, str]:
        """After a batch failed: each game's changes in a transaction of their own, in order, so
        one game's bad statement sinks only that game. Returns the games that failed, with why;
        they are marked broken (later writes for them are dropped)."""
        order: dict[str, list[Write]] = {}
        for w in writes:
            order.setdefault(w[0], []).append(w)
        failed: dict[str, str] = {}
        for game_id, own in order.items():
            try:
                self.commit(own)
            except Exception as e:      # sqlite3.Error, or text the driver cannot encode
                failed[game_id] = f"{type(e).__name__}: {e}"
        self.broken.update(failed)
        self.queued = [w for w in self.queued if w[0] not in self.broken]
        return failed

    def add_game(self, game_id: str, code: str, kind: str, setup: dict[str, Any], host_hash: str,
                 seats: list[dict[str, Any]], created: float) -> None:
        rows: list[Statement] = [
            ("INSERT INTO games VALUES (?,?,?,?,?,?,?)",
             (game_id, code, kind, json.dumps(setup), host_hash, "waiting", created))]
        for i, s in enumerate(seats):
            rows.append(("INSERT INTO seats VALUES (?,?,?,?,?,?)",
                         (game_id, i, s["kind"], s.get("level", ""), s["name"], s.get("token_hash"))))
        self._tx(game_id, rows)

    def set_seat(self, game_id: str, seat: int, kind: str, level: str, name: str, token_hash: str | None) -> None:
        self._tx(game_id, [("UPDATE seats SET kind=?, level=?, name=?, token_hash=? WHERE game_id=? AND seat=?",
                   (kind, level, name, token_hash, game_id, seat))])

    def set_hand(self, game_id: str, seat: int, cards: list[str]) -> None:
        self._tx(game_id, [("INSERT OR REPLACE INTO hands VALUES (?,?,?)", (game_id, seat, json.dumps(cards)))])

    def set_status(self, game_id: str, status: str) -> None:
        self._tx(game_id, [("UPDATE games SET status=? WHERE id=?", (status, game_id))])

    def set_ending(self, game_id: str, seat: int | None, reason: str) -> None:
        """A game ended off the board (a resignation, an agreed draw), with its status, in one
        transaction: the actions alone would not give the result back after a restart."""
        self._tx(game_id, [("INSERT OR REPLACE INTO endings VALUES (?,?,?)", (game_id, seat, reason)),
                  ("UPDATE games SET status='over' WHERE id=?", (game_id,))])

    def add_action(self, game_id: str, ply: int, seat: int, action: str, status: str | None = None) -> None:
        """One action (and the game's new status, when it changed) in one transaction."""
        rows: list[Statement] = [
            ("INSERT INTO actions VALUES (?,?,?,?)", (game_id, ply, seat, action))]
        if status is not None:
            rows.append(("UPDATE games SET status=? WHERE id=?", (status, game_id)))
        self._tx(game_id, rows)

    def load(self) -> list[StoredGame]:
        """Every game, oldest first, with seats, hands and actions in order. A game whose rows are
        damaged (text that is not JSON or UTF-8, a gap in its plies, a seat out of place) is left
        out and named in :attr:`skipped`, its rows kept as they are; the others load."""
        db = self.db
        games: dict[Any, StoredGame] = {}
        bad: dict[Any, str] = {}

        def each(sql: str, what: str, build: Callable[..., None]) -> None:
            for row in db.execute(sql):
                gid = row[0]
                if gid in bad:
                    continue
                try:
                    _check_text(*row)
                    build(*row)
                except Exception as e:      # whatever the damage: this game, not the others
                    bad[gid] = f"{what}: {e}"

        def game(gid: Any, code: Any, kind: Any, setup: Any, host: Any, status: Any) -> None:
            parsed = json.loads(setup)
            if not all(isinstance(v, str) for v in (gid, code, kind, host, status)) or not isinstance(parsed, dict):
                raise ValueError("a field has the wrong type")
            games[gid] = StoredGame(gid, code, kind, parsed, host, status)

        def seat(gid: Any, seat: Any, kind: Any, level: Any, name: Any, th: Any) -> None:
            g = games.get(gid)
            if g is None:
                return                      # a row of a game that is not there: ignored
            if seat != len(g.seats) or not all(isinstance(v, str) for v in (kind, level, name)):
                raise ValueError(f"seat {seat!r} is out of place or has a field of the wrong type")
            g.seats.append({"kind": kind, "level": level, "name": name, "token_hash": th})

        def hand(gid: Any, seat: Any, cards: Any) -> None:
            if gid in games:
                parsed = json.loads(cards)
                if not isinstance(seat, int) or not isinstance(parsed, list) \
                        or not all(isinstance(c, str) for c in parsed):
                    raise ValueError("a hand is not a list of card ids")
                games[gid].hands[seat] = parsed

        def action(gid: Any, ply: Any, seat: Any, text: Any) -> None:
            g = games.get(gid)
            if g is None:
                return
            if ply != len(g.actions):
                raise ValueError(f"ply {len(g.actions)} is missing")
            if not isinstance(seat, int) or not isinstance(text, str):
                raise ValueError(f"ply {ply} has a field of the wrong type")
            g.actions.append((seat, text))

        def ending(gid: Any, seat: Any, reason: Any) -> None:
            if gid in games:
                if not isinstance(reason, str) or not (seat is None or isinstance(seat, int)):
                    raise ValueError("an ending has a field of the wrong type")
                games[gid].ending = (seat, reason)

        each("SELECT id, code, kind, setup, host_hash, status FROM games ORDER BY created, id", "the game", game)
        each("SELECT game_id, seat, kind, level, name, token_hash FROM seats ORDER BY game_id, seat", "a seat", seat)
        each("SELECT game_id, seat, cards FROM hands", "a hand", hand)
        each("SELECT game_id, ply, seat, action FROM actions ORDER BY game_id, ply", "an action", action)
        each("SELECT game_id, seat, reason FROM endings", "its end", ending)
        self.skipped = [(repr(gid) if not isinstance(gid, str) else gid, why) for gid, why in bad.items()]
        return [g for gid, g in games.items() if gid not in bad]

    def actions(self, game_id: str) -> list[tuple[int, int, str]]:
        """(ply, seat, action) of one game, in order (tests and tools)."""
        return list(self.db.execute("SELECT ply, seat, action FROM actions WHERE game_id=? ORDER BY ply",
                                    (game_id,)))

    def close(self) -> None:
        self.db.close()


__all__ = ["DataFolderRefused", "DatabaseRefused", "FILE_NAME", "Store", "StoredGame", "Write", "make_private",
           "prepare_folder", "token_hash"]
