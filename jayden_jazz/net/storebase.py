"""What both stores share (SQLite in a file, PostgreSQL at an address): the queue of writes,
the statements that make each change, and reading the games back.

A change is the statements of one game committed together or not at all;
the server queues them and commits a batch in one transaction (group
commit), then answers. Actions are keyed by (game, ply), so a resent action
can never be stored twice. The SQL here is written once, with ``?`` for
parameters, in the part of SQL both dialects read alike (``ON CONFLICT``
upserts rather than SQLite's ``INSERT OR REPLACE``); a store translates the
placeholders if its driver wants others.

Reading back is forgiving per game: a game whose rows are damaged (text that
is not JSON or UTF-8, a gap in its plies, a seat out of place) is left out and
named in :attr:`BaseStore.skipped`, its rows kept as they are; the others load.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from .schema import ARCHIVE, archive_move

Statement = tuple[str, tuple[Any, ...]]
Write = tuple[str, list[Statement]]
"""One game's id and the statements of one of its changes, committed together or not at all."""
Rows = Callable[[str, tuple[Any, ...]], Iterable[tuple[Any, ...]]]

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


class Gather:
    """Rows of one query after another into games, each row's damage charged to its game alone."""

    def __init__(self, rows: Rows) -> None:
        self.rows = rows
        self.games: dict[Any, StoredGame] = {}
        self.bad: dict[Any, str] = {}

    def each(self, sql: str, args: tuple[Any, ...], what: str, build: Callable[..., None]) -> None:
        for row in self.rows(sql, args):
            gid = row[0]
            if gid in self.bad:
                continue
            try:
                _check_text(*row)
                build(*row)
            except Exception as e:      # whatever the damage: this game, not the others
                self.bad[gid] = f"{what}: {e}"

    def game(self, gid: Any, code: Any, kind: Any, setup: Any, host: Any, status: Any) -> None:
        parsed = json.loads(setup)
        if not all(isinstance(v, str) for v in (gid, code, kind, host, status)) or not isinstance(parsed, dict):
            raise ValueError("a field has the wrong type")
        self.games[gid] = StoredGame(gid, code, kind, parsed, host, status)

    def seat(self, gid: Any, seat: Any, kind: Any, level: Any, name: Any, th: Any) -> None:
        g = self.games.get(gid)
        if g is None:
            return                      # a row of a game that is not there: ignored
        if seat != len(g.seats) or not all(isinstance(v, str) for v in (kind, level, name)):
            raise ValueError(f"seat {seat!r} is out of place or has a field of the wrong type")
        g.seats.append({"kind": kind, "level": level, "name": name, "token_hash": th})

    def hand(self, gid: Any, seat: Any, cards: Any) -> None:
        if gid in self.games:
            parsed = json.loads(cards)
            if not isinstance(seat, int) or not isinstance(parsed, list) \
                    or not all(isinstance(c, str) for c in parsed):
                raise ValueError("a hand is not a list of card ids")
            self.games[gid].hands[seat] = parsed

    def action(self, gid: Any, ply: Any, seat: Any, text: Any) -> None:
        g = self.games.get(gid)
        if g is None:
            return
        if ply != len(g.actions):
            raise ValueError(f"ply {len(g.actions)} is missing")
        if not isinstance(seat, int) or not isinstance(text, str):
            raise ValueError(f"ply {ply} has a field of the wrong type")
        g.actions.append((seat, text))

    def ending(self, gid: Any, seat: Any, reason: Any) -> None:
        if gid in self.games:
            if not isinstance(reason, str) or not (seat is None or isinstance(seat, int)):
                raise ValueError("an ending has a field of the wrong type")
            self.games[gid].ending = (seat, reason)

    def read(self, prefix: str, game_id: str | None) -> None:
        """The games of the live tables (``prefix`` "") or the archive ("archived_"): all, or one."""
        args: tuple[Any, ...] = () if game_id is None else (game_id,)
        one, of = ("", "") if game_id is None else (" WHERE id=?", " WHERE game_id=?")
        self.each(f"SELECT id, code, kind, setup, host_hash, status FROM {prefix}games{one} ORDER BY created, id",
                  args, "the game", self.game)
        self.each(f"SELECT game_id, seat, kind, level, name, token_hash FROM {prefix}seats{of} "
                  "ORDER BY game_id, seat", args, "a seat", self.seat)
        self.each(f"SELECT game_id, seat, cards FROM {prefix}hands{of}", args, "a hand", self.hand)
        self.each(f"SELECT game_id, ply, seat, action FROM {prefix}actions{of} ORDER BY game_id, ply",
                  args, "an action", self.action)
        self.each(f"SELECT game_id, seat, reason FROM {prefix}endings{of}", args, "its end", self.ending)

    def good(self) -> list[StoredGame]:
        return [g for gid, g in self.games.items() if gid not in self.bad]

    def skipped(self) -> list[tuple[str, str]]:
        return [(repr(gid) if not isinstance(gid, str) else gid, why) for gid, why in self.bad.items()]


class LeaseLost(Exception):
    """The connection holding this process's leases is gone (:mod:`.pgstore`): every game it served
    may already be another's. Nothing of the batch was written; the server stops serving them all."""


class BaseStore:
    """All writes go through here, each change in a committed transaction. A store gives
    :meth:`commit` (one transaction, durable when it returns), :meth:`_rows` (reads on the
    connection that writes: start-up) and :meth:`_read` (reads on a connection of their own, safe
    beside a commit running in the database thread), and :meth:`close`."""

    where = "the store"
    """What to name in the log: a file's path, or an address without its password."""
    shared = False
    """Whether other server processes may serve games of the same store (PostgreSQL: leases, :mod:`.workers`)."""

    def __init__(self, on_queue: Callable[[], None] | None = None) -> None:
        self.queued: list[Write] = []
        self.broken: set[str] = set()       # games whose writes failed: nothing more is written for them
        self.skipped: list[tuple[str, str]] = []   # (game id, why) of the games the last load left out
        self.on_queue = on_queue
        self.fenced_out: set[str] = set()   # games the last commits left out: not leased here (PostgreSQL)

    # ------------------------------------------------------------------ what each store gives
    def commit(self, writes: list[Write]) -> None:
        """Run every statement of ``writes`` in one transaction; durable when this returns."""
        raise NotImplementedError

    def _rows(self, sql: str, args: tuple[Any, ...]) -> Iterable[tuple[Any, ...]]:
        raise NotImplementedError

    def _read(self, sql: str, args: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    # ------------------------------------------------------------------ writes
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
            except Exception as e:      # a driver's error, or text the driver cannot encode
                failed[game_id] = f"{type(e).__name__}: {e}"
        self.broken.update(failed)
        self.queued = [w for w in self.queued if w[0] not in self.broken]
        return failed

    def add_game(self, game_id: str, code: str, kind: str, setup: dict[str, Any], host_hash: str,
                 seats: list[dict[str, Any]], created: float) -> None:
        self._tx(game_id, self.game_rows(game_id, code, kind, setup, host_hash, seats, created))

    @staticmethod
    def game_rows(game_id: str, code: str, kind: str, setup: dict[str, Any], host_hash: str,
                  seats: list[dict[str, Any]], created: float) -> list[Statement]:
        """The statements of a new game (a shared store commits them with its lease: ``claim``)."""
        rows: list[Statement] = [
            ("INSERT INTO games VALUES (?,?,?,?,?,?,?)",
             (game_id, code, kind, json.dumps(setup), host_hash, "waiting", created))]
        for i, s in enumerate(seats):
            rows.append(("INSERT INTO seats VALUES (?,?,?,?,?,?)",
                         (game_id, i, s["kind"], s.get("level", ""), s["name"], s.get("token_hash"))))
        return rows

    def set_seat(self, game_id: str, seat: int, kind: str, level: str, name: str, token_hash: str | None) -> None:
        self._tx(game_id, [("UPDATE seats SET kind=?, level=?, name=?, token_hash=? WHERE game_id=? AND seat=?",
                   (kind, level, name, token_hash, game_id, seat))])

    def set_hand(self, game_id: str, seat: int, cards: list[str]) -> None:
        self._tx(game_id, [("INSERT INTO hands VALUES (?,?,?) ON CONFLICT (game_id, seat) "
                            "DO UPDATE SET cards = excluded.cards", (game_id, seat, json.dumps(cards)))])

    def set_status(self, game_id: str, status: str) -> None:
        self._tx(game_id, [("UPDATE games SET status=? WHERE id=?", (status, game_id))])

    def set_ending(self, game_id: str, seat: int | None, reason: str) -> None:
        """A game ended off the board (a resignation, an agreed draw), with its status, in one
        transaction: the actions alone would not give the result back after a restart."""
        self._tx(game_id, [("INSERT INTO endings VALUES (?,?,?) ON CONFLICT (game_id) "
                            "DO UPDATE SET seat = excluded.seat, reason = excluded.reason", (game_id, seat, reason)),
                           ("UPDATE games SET status='over' WHERE id=?", (game_id,))])

    def add_action(self, game_id: str, ply: int, seat: int, action: str, status: str | None = None) -> None:
        """One action (and the game's new status, when it changed) in one transaction."""
        rows: list[Statement] = [
            ("INSERT INTO actions VALUES (?,?,?,?)", (game_id, ply, seat, action))]
        if status is not None:
            rows.append(("UPDATE games SET status=? WHERE id=?", (status, game_id)))
        self._tx(game_id, rows)

    def archive_finished(self) -> None:
        """Move every finished game to the archive, in one transaction (see :func:`.schema.archive_move`)."""
        self.commit([("", [(sql, ()) for sql in archive_move()])])

    # ------------------------------------------------------------------ reads
    def load(self) -> list[StoredGame]:
        """The games not finished, oldest first, with seats, hands and actions in order; the finished
        ones are moved to the archive first, so this reads only what is running (issue #38)."""
        self.archive_finished()
        gather = Gather(self._rows)
        gather.read("", None)
        self.skipped = gather.skipped()
        return gather.good()

    def game(self, key: str, code: str | None = None) -> StoredGame | None:
        """One game by id (or by join ``code``), live or archived; None when there is none or its
        rows are damaged (then named in :attr:`skipped`). The newest game holding a code answers."""
        found = self.locate(key, code)
        return None if found is None else self.read_game(found[0], found[3])

    def locate(self, key: str, code: str | None = None) -> tuple[str, str, str, bool] | None:
        """(id, code, status, archived) of the game with this id (or join ``code``), live or archived,
        in one query: what a takeover needs before it holds the lease (it reads the whole game after)."""
        code = key if code is None else code
        for prefix in ("", "archived_"):
            found = self._read(f"SELECT id, code, status FROM {prefix}games WHERE id=? OR code=? "
                               "ORDER BY created DESC", (key, code))
            if found:
                row = next((r for r in found if r[0] == key), found[0])
                if not all(isinstance(v, str) for v in row):     # damaged: named, as a whole read would
                    self.skipped = [(repr(row[0]), "the game: a field has the wrong type")]
                    return None
                return row[0], row[1], row[2], bool(prefix)
        return None

    def read_game(self, gid: str, archived: bool = False) -> StoredGame | None:
        """The game ``gid`` with its seats, hands, actions and ending (live, or ``archived``); None when
        it is not there or its rows are damaged (then named in :attr:`skipped`)."""
        gather = Gather(self._read)
        gather.read("archived_" if archived else "", gid)
        self.skipped = gather.skipped()
        good = gather.good()
        return good[0] if good else None

    def code_taken(self, code: str) -> bool:
        """Whether a game, live or archived, holds this join code (a new game's must be new)."""
        return bool(self._read(f"SELECT 1 FROM games WHERE code=? UNION ALL "
                               f"SELECT 1 FROM {ARCHIVE['games']} WHERE code=? LIMIT 1", (code, code)))

    def actions(self, game_id: str) -> list[tuple[int, int, str]]:
        """(ply, seat, action) of one game, live or archived, in order (tests and tools)."""
        return [tuple(r) for r in self._read(  # type: ignore[misc]
            f"SELECT ply, seat, action FROM actions WHERE game_id=? UNION ALL "
            f"SELECT ply, seat, action FROM {ARCHIVE['actions']} WHERE game_id=? ORDER BY ply",
            (game_id, game_id))]


__all__ = ["BaseStore", "Gather", "LeaseLost", "Statement", "StoredGame", "Write", "token_hash"]
