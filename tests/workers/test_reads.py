"""A worker's reads of the database never stop its event loop (issue #40).

* A ``list`` whose read waits on a lock the test holds: meanwhile another
  connection of the same worker gets its ``pong``, and a player's move its
  ``ack`` -- both before the read can have finished (the lock is still held,
  the reader seen waiting on it); the list is answered once the lock goes.
* A join that takes a game over from another worker, its read waiting on
  that lock: the worker's other game is played on and pings answered; once
  the lock goes, the game is handed over and the join answered.
* The reader's connection killed (``pg_terminate_backend``): the read that
  meets it is answered ``store_unavailable``, and the worker goes on: the
  same message said again is answered, and the game is still played.
* A resignation naming a game not sat at is refused without a read (it
  used to read the archive, on the loop, for any name given).
* A seat taken tells the other worker's lobby by a notice in the seat's own
  commit, with no read of its own: the other worker's kept list is dropped,
  the reader never asked to notify, and a list read there afterwards shows
  the seat taken.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.net.conftest import ThreadServer, client, create, expect, pick

from .conftest import RANDOM_3X3, TWO, game_url, seated

GATE = (4040, 40)
"""The advisory lock the slowed read waits for while the test holds it."""


def to_move(players: list[Any]) -> tuple[Any, dict[str, Any]]:
    """The player whose turn it is, with the view saying so."""
    end = time.monotonic() + 10
    while time.monotonic() < end:
        for c in players:
            c.poll()
            v = c.view
            if v is not None and v["status"] == "playing" and v["to_move"] == v["you"] and c.pending is None:
                return c, v
        time.sleep(0.01)
    raise AssertionError("nobody's turn came")


def ping(c: Any) -> dict[str, Any]:
    ref = c._say({"type": "ping"})          # the client has no ping of its own (websockets pings itself)
    return c.wait_for(lambda m: m.get("ref") == ref, 10)


def waiting_on_lock(admin: Any, pid: int) -> bool:
    row = admin.execute("SELECT wait_event_type FROM pg_stat_activity WHERE pid = %s", (pid,)).fetchone()
    return row is not None and row[0] == "Lock"


@pytest.fixture
def worker(two_workers: tuple[ThreadServer, ThreadServer]) -> Iterator[ThreadServer]:
    yield two_workers[0]


def test_a_slow_read_holds_up_only_its_own_answer_never_the_workers_pings_or_moves(
        worker: ThreadServer, database: str) -> None:
    import psycopg
    a = worker
    store = a.server.store  # type: ignore[union-attr]
    created, players = seated(a)
    lister = client(a.url, "Lister")
    real = store.listable

    def slow_listable() -> Any:
        store._read("SELECT pg_advisory_xact_lock(?, ?)", GATE)     # on the reader connection
        return real()

    with psycopg.connect(database, autocommit=True) as admin:
        admin.execute("SELECT pg_advisory_lock(%s, %s)", GATE)
        released = False
        try:
            store.listable = slow_listable
            ref = lister.list_games()
            end = time.monotonic() + 10
            while (store._reader is None or not waiting_on_lock(admin, store._reader.info.backend_pid)) \
                    and time.monotonic() < end:
                time.sleep(0.02)
            assert waiting_on_lock(admin, store._reader.info.backend_pid)     # the list's read is stuck
            mover, view = to_move(players)
            assert ping(players[1 - players.index(mover)])["type"] == "pong"
            mover.send_action(pick(view, random.Random(1)), view["ply"])
            ack = mover.wait_for(lambda m: m["type"] in ("ack", "error"), 10)
            assert ack["type"] == "ack" and ack["ply"] == view["ply"]
            assert ping(players[0])["type"] == "pong"
            assert waiting_on_lock(admin, store._reader.info.backend_pid)     # ...all the while
            assert [m for m in lister.poll() if m.get("ref") == ref] == []   # and not answered yet
            admin.execute("SELECT pg_advisory_unlock(%s, %s)", GATE)
            released = True
            games = lister.wait_for(lambda m: m.get("ref") == ref, 10)
            assert games["type"] == "games" and created["code"] in {g["code"] for g in games["games"]}
        finally:
            store.listable = real
            if not released:
                admin.execute("SELECT pg_advisory_unlock(%s, %s)", GATE)
            for c in [*players, lister]:
                c.close()


def test_a_takeover_waiting_on_its_read_holds_up_neither_pings_nor_the_other_games_of_its_worker(
        two_workers: tuple[ThreadServer, ThreadServer], database: str) -> None:
    import psycopg
    a, b = two_workers
    store = b.server.store  # type: ignore[union-attr]
    wanted, held_on_a = seated(a)
    for c in held_on_a:        # gone, so they do not follow the game to B and ask for it back
        c.close()
    _here, players = seated(b)                      # a game B holds, played on meanwhile
    real = store.locate

    def slow_game(*args: Any) -> Any:
        store._read("SELECT pg_advisory_xact_lock(?, ?)", GATE)
        return real(*args)

    watcher = client(game_url(b, wanted["code"]), "Watcher")
    with psycopg.connect(database, autocommit=True) as admin:
        admin.execute("SELECT pg_advisory_lock(%s, %s)", GATE)
        released = False
        try:
            store.locate = slow_game
            ref = watcher.join(wanted["code"], spectator=True)       # B must read A's game to take it
            end = time.monotonic() + 10
            while (store._reader is None or not waiting_on_lock(admin, store._reader.info.backend_pid)) \
                    and time.monotonic() < end:
                time.sleep(0.02)
            assert waiting_on_lock(admin, store._reader.info.backend_pid)
            mover, view = to_move(players)
            assert ping(players[1 - players.index(mover)])["type"] == "pong"
            mover.send_action(pick(view, random.Random(3)), view["ply"])
            ack = mover.wait_for(lambda m: m["type"] in ("ack", "error"), 10)
            assert ack["type"] == "ack" and ack["ply"] == view["ply"]
            assert waiting_on_lock(admin, store._reader.info.backend_pid)
            assert [m for m in watcher.poll() if m.get("ref") == ref] == []
            admin.execute("SELECT pg_advisory_unlock(%s, %s)", GATE)
            released = True
            joined = watcher.wait_for(lambda m: m.get("ref") == ref, 10)
            assert joined["type"] == "joined" and joined["game"] == wanted["game"]   # handed over to B
            assert wanted["game"] in b.call(lambda: set(b.server.tables))  # type: ignore[union-attr]
        finally:
            store.locate = real
            if not released:
                admin.execute("SELECT pg_advisory_unlock(%s, %s)", GATE)
            for c in [*players, watcher]:
                c.close()


def test_a_read_whose_connection_is_killed_answers_store_unavailable_and_the_worker_goes_on(
        worker: ThreadServer, database: str) -> None:
    import psycopg
    a = worker
    store = a.server.store  # type: ignore[union-attr]
    created, players = seated(a)
    lister = client(a.url, "Lister")
    try:
        lister.list_games()
        expect(lister, "games")                       # the reader connection is open
        pid = store._reader.info.backend_pid
        with psycopg.connect(database, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
            end = time.monotonic() + 10
            while admin.execute("SELECT 1 FROM pg_stat_activity WHERE pid = %s", (pid,)).fetchone() \
                    and time.monotonic() < end:
                time.sleep(0.02)
        lister.create("cards", RANDOM_3X3, TWO)      # its first read meets the killed connection
        refused = expect(lister, "error")
        assert refused["code"] == "store_unavailable" and "database" in refused["message"]
        assert ping(lister)["type"] == "pong"          # the connection stays
        again = create(lister, "cards", RANDOM_3X3, TWO)       # said again: read on a new connection
        assert store._reader.info.backend_pid != pid
        lister.list_games()
        listed = {g["code"] for g in expect(lister, "games")["games"]}
        assert {created["code"], again["code"]} <= listed
        mover, view = to_move(players)                 # the game held here plays on
        mover.send_action(pick(view, random.Random(2)), view["ply"])
        ack = mover.wait_for(lambda m: m["type"] in ("ack", "error"), 10)
        assert ack["type"] == "ack" and ack["ply"] == view["ply"]
    finally:
        for c in [*players, lister]:
            c.close()


def test_resigning_in_a_game_not_sat_at_is_refused_without_reading_the_store(worker: ThreadServer) -> None:
    a = worker
    store = a.server.store  # type: ignore[union-attr]
    _created, players = seated(a)
    asked: list[Any] = []
    real = store.locate

    def counted(*args: Any) -> Any:
        asked.append(args)
        return real(*args)

    try:
        store.locate = counted
        for key in ("ABCDEF", "no-such-game"):     # named, not held here: the store's archive is not asked
            players[0].resign(key)
            assert expect(players[0], "error")["code"] == "not_your_game"
        assert asked == []
    finally:
        store.locate = real
        for c in players:
            c.close()


def test_a_seat_taken_tells_the_other_workers_lobby_in_its_own_commit_without_a_read(
        two_workers: tuple[ThreadServer, ThreadServer]) -> None:
    from jayden_jazz.net.notices import LOBBY
    a, b = two_workers
    store = a.server.store  # type: ignore[union-attr]
    told: list[tuple[str, str]] = []
    real = store.notify

    def counted(channel: str, payload: str) -> None:
        told.append((channel, payload))
        real(channel, payload)

    host = client(a.url)
    looker = client(b.url)
    seat = None
    try:
        made = create(host, "cards", RANDOM_3X3, TWO)
        looker.list_games()
        before = [g for g in expect(looker, "games")["games"] if g["code"] == made["code"]]
        assert [s["taken"] for s in before[0]["seats"]] == [False, False]    # B's list, kept now
        heard = b.call(lambda: b.server.workers._list_drops)  # type: ignore[union-attr]
        store.notify = counted
        seat = client(game_url(a, made["code"]), "Ann")
        seat.join(made["code"], seat=0)
        expect(seat, "joined")
        end = time.monotonic() + 10
        while b.call(lambda: b.server.workers._list_drops) == heard and time.monotonic() < end:  # type: ignore[union-attr]
            time.sleep(0.01)
        assert b.call(lambda: b.server.workers._list_drops) > heard  # type: ignore[union-attr]
        assert [c for c, _p in told if c == LOBBY] == []                   # no read of its own sent it
        looker.list_games()
        after = [g for g in expect(looker, "games")["games"] if g["code"] == made["code"]]
        assert [s["taken"] for s in after[0]["seats"]] == [True, False]
    finally:
        store.notify = real
        for c in (host, looker, seat):
            if c is not None:
                c.close()

def test_a_create_reads_once_before_its_rows_and_never_gives_a_code_an_archived_game_had(
        two_workers: tuple[ThreadServer, ThreadServer], database: str) -> None:
    from jayden_jazz.net.pgstore import PgStore
    a, _b = two_workers
    old = a.call(lambda: a.server.lobby.draw_code())
    past = PgStore(database)      # a game of long ago, finished and archived
    try:
        past.add_game("gone", old, "cards", RANDOM_3X3, "h" * 64, [dict(s, name="Ann") for s in TWO], 0.0)
        past.set_status("gone", "over")
        past.archive_finished()
        assert past.code_taken(old) and past.load() == [] and past.game("gone").code == old  # type: ignore[union-attr]
    finally:
        past.close()
    workers = a.server.workers  # type: ignore[union-attr]
    lobby = a.server.lobby
    reads: list[str] = []
    real_read, real_draw = workers.read, lobby.draw_code
    drawn = iter([old])

    async def counted(fn: Any, *args: Any) -> Any:
        reads.append(fn.__name__)
        return await real_read(fn, *args)
    workers.read = counted
    host = client(a.url)
    try:
        made = create(host, "cards", RANDOM_3X3, TWO)           # a fresh code: one read in all
        assert reads == ["room"]
        reads.clear()
        lobby.draw_code = lambda: next(drawn, None) or real_draw()
        again = create(host, "cards", RANDOM_3X3, TWO)          # the archived game's code drawn first
        assert again["code"] != old and again["code"] != made["code"]
        assert reads == ["room", "code_taken"]                   # found taken, another drawn and asked
    finally:
        workers.read, lobby.draw_code = real_read, real_draw
        host.close()
