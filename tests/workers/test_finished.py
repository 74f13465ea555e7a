"""A finished game nobody is at any more is let go (#40): its lease, its table and its seats' away
clocks are not kept for the process's life. Kept, a worker held one advisory lock per game it had
ever served, and PostgreSQL's shared lock table (about 12,800 locks at the default settings) ran
out: then not even a new connection to the database opens. Whoever comes back for the game takes
it as any game not held here, and sees it as it ended."""

from __future__ import annotations

import random
import time
from typing import Any

from tests.net.conftest import ThreadServer, client, create, expect, play_out

from jayden_jazz.net.pgstore import LEASE_CLASS
from jayden_jazz.net.workers import lease_key

from .conftest import RANDOM_3X3, TWO, game_url, seated


def _held(server: ThreadServer, gid: str) -> bool:
    return bool(server.call(lambda: gid in server.server.tables))  # type: ignore[union-attr]


def _lease_free(database: str, code: str) -> bool:
    """Whether another session can take the game's lease (and it gives it back at once)."""
    import psycopg
    with psycopg.connect(database, autocommit=True) as db:
        got = bool(db.execute("SELECT pg_try_advisory_lock(%s, %s)", (LEASE_CLASS, lease_key(code))).fetchone()[0])
        if got:
            db.execute("SELECT pg_advisory_unlock(%s, %s)", (LEASE_CLASS, lease_key(code)))
        return got


def _until(check: Any, seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while not check() and time.monotonic() < deadline:
        time.sleep(0.02)
    return bool(check())


def test_a_finished_game_is_let_go_once_its_last_player_leaves_and_comes_back_as_it_ended(
        two_workers: tuple[ThreadServer, ThreadServer], database: str) -> None:
    a, b = two_workers
    created, players = seated(a)
    gid, code = created["game"], created["code"]
    final = play_out(players, random.Random(5))
    assert final["status"] == "over" and final["ply"] == 9
    players[0].close()
    time.sleep(0.3)
    assert _held(a, gid) and not _lease_free(database, code)     # a player still at it: kept, leased
    players[1].close()
    assert _until(lambda: not _held(a, gid))
    assert _until(lambda: _lease_free(database, code))
    assert a.call(lambda: [k for k in a.server.away if k[0] == gid]) == []   # type: ignore[union-attr]
    watcher = client(game_url(b, code))                          # the other worker takes it back
    try:
        watcher.join(code, spectator=True)
        expect(watcher, "joined")
        seen = watcher.wait_for(lambda m: m["type"] == "view", 10)
        assert seen["status"] == "over" and seen["ply"] == 9 and seen["result"] == final["result"]
        assert _held(b, gid) and not _held(a, gid)
    finally:
        watcher.close()


def test_a_game_still_played_is_kept_when_its_players_leave(
        two_workers: tuple[ThreadServer, ThreadServer], database: str) -> None:
    a, _b = two_workers
    created, players = seated(a)
    for c in players:
        c.close()
    time.sleep(0.5)
    assert _held(a, created["game"]) and not _lease_free(database, created["code"])


def test_leases_are_given_back_many_in_one_statement_and_only_those_held(database: str) -> None:
    from jayden_jazz.net.pgstore import PgStore
    store = PgStore(database)
    try:
        codes = {"g1": "ABCDEF", "g2": "ABCDEG", "g3": "ABCDEH"}
        for gid, code in codes.items():
            assert store.lease(gid, lease_key(code))
        assert not any(_lease_free(database, c) for c in codes.values())
        store.unlock_many(["g1", "g3", "never-held"])
        assert [_lease_free(database, c) for c in codes.values()] == [True, False, True]
        assert set(store.leases) == {"g2"}
        store.unlock_many(["g1"])                      # given back already: nothing to do, nothing fails
        assert not _lease_free(database, codes["g2"])
    finally:
        store.close()


def test_a_game_ended_with_nobody_at_it_is_let_go_too(
        two_workers: tuple[ThreadServer, ThreadServer], database: str) -> None:
    a, _b = two_workers
    host = client(a.url)
    try:
        created = create(host, "cards", RANDOM_3X3, TWO)
        gid, code = created["game"], created["code"]
        ann = client(game_url(a, code), "Ann")                # by its path: kept here, not let go by its park
        ann.join(code, seat=0)
        expect(ann, "joined")
        ann.close()
        time.sleep(1.5)                                      # past the park's second: still held, still waiting
        assert _held(a, gid) and not _lease_free(database, code)
        host.host(gid, created["host_token"], "abandon")      # still waiting: the host may end it at once
        assert expect(host, "ack")["host"] == "abandon"
        assert a.call(lambda: a.server.tables[gid].status) == "abandoned"  # type: ignore[union-attr]
        assert _until(lambda: not _held(a, gid))               # no connection ever left it: the heartbeat's look
        assert _until(lambda: _lease_free(database, code))
    finally:
        host.close()
