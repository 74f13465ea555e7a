"""The store's rules, on both stores (SQLite and PostgreSQL): what is committed comes back;
a resent action is never stored twice; a batch is one transaction and a bad game's write sinks
only that game; finished games are archived at start-up, not loaded, yet still read by id or
code; a version-1 or version-2 database is migrated keeping every game and action, and the count
of running games reads the index of running games (version 3), not every finished game."""

from __future__ import annotations

import sqlite3
import time
from typing import Any

import pytest

from jayden_jazz.net.schema import APPLICATION_ID, SCHEMA_VERSION, base, migration, statements
from jayden_jazz.net.store import FILE_NAME, BaseStore, DatabaseRefused, StoredGame
from jayden_jazz.net.storebase import LeaseLost

from .conftest import Opener

SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "computer", "level": "hard", "name": "Computer (Hard)"}]


def a_game(store: BaseStore, gid: str, code: str, *, plies: int = 3, status: str = "playing",
           created: float = 0.0, ending: tuple[int | None, str] | None = None) -> None:
    store.add_game(gid, code, "cards", {"rules": {"open": True}, "n": gid}, "h" * 64, SEATS, created)
    store.set_seat(gid, 0, "human", "", "Ann", "t" * 64)
    store.set_hand(gid, 0, ["a", "b"])
    store.set_hand(gid, 0, ["c", "d"])          # chosen again: the later hand is kept
    store.set_status(gid, "playing")
    for ply in range(plies):
        store.add_action(gid, ply, ply % 2, f"move {gid} {ply}", status if ply == plies - 1 else None)
    if ending is not None:
        store.set_ending(gid, *ending)


def want(gid: str, code: str, status: str, plies: int = 3,
         ending: tuple[int | None, str] | None = None) -> StoredGame:
    return StoredGame(gid, code, "cards", {"rules": {"open": True}, "n": gid}, "h" * 64, status,
                      [{"kind": "human", "level": "", "name": "Ann", "token_hash": "t" * 64},
                       {"kind": "computer", "level": "hard", "name": "Computer (Hard)", "token_hash": None}],
                      {0: ["c", "d"]}, [(ply % 2, f"move {gid} {ply}") for ply in range(plies)], ending)


def test_what_is_committed_comes_back_after_a_restart(open_store: Opener) -> None:
    store = open_store()
    a_game(store, "g1", "AAAAAA", created=1.0)
    a_game(store, "g2", "BBBBBB", plies=0, created=2.0)
    store.close()
    again = open_store()
    assert again.load() == [want("g1", "AAAAAA", "playing"), want("g2", "BBBBBB", "playing", plies=0)]
    assert again.skipped == []


def test_a_resent_action_is_never_stored_twice(open_store: Opener) -> None:
    store = open_store()
    a_game(store, "g", "AAAAAA", plies=2)
    with pytest.raises(Exception) as refused:
        store.add_action("g", 1, 1, "another move at the same ply")
    assert "unique" in str(refused.value).lower() or "duplicate" in str(refused.value).lower()
    assert store.actions("g") == [(0, 0, "move g 0"), (1, 1, "move g 1")]


def test_a_batch_is_one_transaction_and_a_bad_game_sinks_alone(open_store: Opener) -> None:
    queued: list[int] = []
    store = open_store(lambda: queued.append(1))
    store.add_game("good", "GOOD01", "jayden", {}, "h", SEATS, 0.0)
    store.add_game("bad", "BAD001", "jayden", {}, "h", SEATS, 1.0)
    store.commit(store.take())
    store.add_action("good", 0, 0, "a1-a2")
    store.set_seat("bad", 0, "human", "", "\ud800", None)     # text no UTF-8 holds: the driver refuses it
    batch = store.take()
    assert len(queued) == 4 and store.queued == []
    with pytest.raises(UnicodeEncodeError):
        store.commit(batch)
    assert store.actions("good") == []                          # the failed batch left nothing
    assert store.commit_each(batch).keys() == {"bad"}
    store.add_action("bad", 0, 0, "b1-b2")                      # dropped: that game is broken
    assert store.queued == [] and store.actions("good") == [(0, 0, "a1-a2")] and store.actions("bad") == []


def test_a_finished_game_is_archived_not_loaded_and_still_read(open_store: Opener) -> None:
    store = open_store()
    a_game(store, "run", "RUN001", created=1.0)
    a_game(store, "won", "WON001", plies=5, status="over", created=2.0)
    a_game(store, "gave", "GAVE01", plies=2, created=3.0, ending=(1, "resigned"))
    a_game(store, "left", "LEFT01", plies=1, status="abandoned", created=4.0)
    store.close()
    store = open_store()
    assert [g.id for g in store.load()] == ["run"]
    assert store.game("won") == want("won", "WON001", "over", plies=5)
    assert store.game("x", "GAVE01") == want("gave", "GAVE01", "over", plies=2, ending=(1, "resigned"))
    assert store.game("left") == want("left", "LEFT01", "abandoned", plies=1)
    assert store.game("nothing", "NONE01") is None
    assert store.actions("won") == [(p, p % 2, f"move won {p}") for p in range(5)]
    assert store.code_taken("WON001") and store.code_taken("RUN001") and not store.code_taken("ZZZZZZ")
    store.close()
    store = open_store()                        # a second start archives nothing more and loses nothing
    assert [g.id for g in store.load()] == ["run"] and store.game("won") == want("won", "WON001", "over", plies=5)


def test_a_code_given_out_again_names_the_newest_game(open_store: Opener) -> None:
    store = open_store()
    a_game(store, "old", "SAME01", status="over", created=1.0)
    assert store.load() == []
    a_game(store, "new", "SAME01", status="over", created=2.0)     # allowed: the old one is archived
    assert store.load() == []
    assert store.game("x", "SAME01").id == "new"                    # type: ignore[union-attr]
    assert store.game("old").id == "old"                            # type: ignore[union-attr]


def version_1(open_store: Opener, version: int = 1) -> None:
    """A database as a version-1 server left it: live tables only, running and finished games (with
    ``version`` 2: as a version-2 server left it, its archive tables empty: not yet started again)."""
    rows: list[tuple[str, tuple[Any, ...]]] = []

    class Recorder(BaseStore):
        def commit(self, writes: Any) -> None:
            rows.extend(statement for _g, statements_ in writes for statement in statements_)
    rec = Recorder()
    a_game(rec, "run", "RUN001", created=1.0)
    a_game(rec, "won", "WON001", plies=40, status="over", created=2.0)
    a_game(rec, "gave", "GAVE01", plies=2, created=3.0, ending=(None, "agreed_draw"))
    spec = open_store.spec  # type: ignore[attr-defined]
    if spec == "sqlite":
        folder = open_store.data  # type: ignore[attr-defined]
        folder.mkdir()
        db = sqlite3.connect(folder / FILE_NAME, isolation_level=None)
        for s in statements(base("sqlite")) + [m for step in range(2, version + 1) for m in migration(step, "sqlite")]:
            db.execute(s)
        for sql, args in rows:
            db.execute(sql, args)
        db.execute(f"PRAGMA application_id={APPLICATION_ID}")
        db.execute(f"PRAGMA user_version={version}")
        db.close()
    else:
        import psycopg
        with psycopg.connect(spec, autocommit=True) as db:
            for s in statements(base("postgresql")) + [m for step in range(2, version + 1)
                                                       for m in migration(step, "postgresql")]:
                db.execute(s)
            db.execute("CREATE TABLE jayden_jazz_meta (application_id BIGINT NOT NULL, version INTEGER NOT NULL)")
            db.execute("INSERT INTO jayden_jazz_meta VALUES (%s, %s)", (APPLICATION_ID, version))
            for sql, args in rows:
                db.execute(sql.replace("?", "%s"), args)


def test_a_version_1_database_is_migrated_keeping_every_game_and_action(open_store: Opener) -> None:
    version_1(open_store)
    store = open_store()
    if open_store.spec == "sqlite":  # type: ignore[attr-defined]
        assert store.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION  # type: ignore[attr-defined]
    else:
        assert store.version() == SCHEMA_VERSION  # type: ignore[attr-defined]
    assert store.load() == [want("run", "RUN001", "playing")]
    assert store.game("won") == want("won", "WON001", "over", plies=40)
    assert store.game("gave") == want("gave", "GAVE01", "over", plies=2, ending=(None, "agreed_draw"))


def test_a_version_2_database_is_migrated_keeping_every_game_and_gains_the_index_of_running_games(
        open_store: Opener) -> None:
    version_1(open_store, version=2)
    store = open_store()
    running = "SELECT count(*) FROM games WHERE status IN ('waiting', 'playing')"
    if open_store.spec == "sqlite":  # type: ignore[attr-defined]
        db = store.db  # type: ignore[attr-defined]
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 3
        plan = " ".join(str(r[-1]) for r in db.execute("EXPLAIN QUERY PLAN " + running))
    else:
        assert store.version() == SCHEMA_VERSION == 3  # type: ignore[attr-defined]
        assert store.running() == 1  # type: ignore[attr-defined]
        import psycopg
        with psycopg.connect(open_store.spec, autocommit=True) as db:  # type: ignore[attr-defined]
            db.execute("SET enable_seqscan = off")     # a table this small is read whole anyway
            plan = " ".join(r[0] for r in db.execute("EXPLAIN " + running))
    assert "games_running" in plan, plan               # the count reads the running games' index only
    assert store.load() == [want("run", "RUN001", "playing")]
    assert store.game("won") == want("won", "WON001", "over", plies=40)
    assert store.game("gave") == want("gave", "GAVE01", "over", plies=2, ending=(None, "agreed_draw"))


def test_postgresql_several_servers_per_database_one_lease_per_game_and_a_foreign_table_left_alone(
        open_store: Opener) -> None:
    if open_store.spec == "sqlite":  # type: ignore[attr-defined]
        pytest.skip("one server per SQLite file is the data folder's lock (tests/net/test_one_server.py)")
    import psycopg
    first, second = open_store(), open_store()              # two processes on one database
    assert first.lease("g1", 11) and first.lease("g1", 11)  # held already: still ours
    assert not second.lease("g1", 11) and second.lease("g2", 12)
    first.unlock("g1")
    assert second.lease("g1", 11) and not first.lease("g1", 11)
    second.close()                                          # the leases went with its session ...
    deadline = time.monotonic() + 10                        # ... once its backend has ended, a moment later
    while not first.lease("g1", 11) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert first.lease("g1", 11) and first.lease("g2", 12)
    first.close()
    with psycopg.connect(open_store.spec, autocommit=True) as db:  # type: ignore[attr-defined]
        db.execute("DROP TABLE jayden_jazz_meta")           # now the games table is nobody's we know
        before = db.execute("SELECT count(*) FROM games").fetchone()
    with pytest.raises(DatabaseRefused) as foreign:
        open_store()
    assert "games table that is not ours" in str(foreign.value)
    with psycopg.connect(open_store.spec, autocommit=True) as db:  # type: ignore[attr-defined]
        assert db.execute("SELECT count(*) FROM games").fetchone() == before
        assert db.execute("SELECT to_regclass('jayden_jazz_meta')").fetchone() == (None,)


def test_postgresql_servers_starting_together_archive_each_finished_game_once(open_store: Opener) -> None:
    if open_store.spec == "sqlite":  # type: ignore[attr-defined]
        pytest.skip("one server per SQLite file is the data folder's lock")
    import threading
    store = open_store()
    for i in range(20):
        a_game(store, f"g{i}", f"AAAA{i:02d}", plies=2, status="over" if i % 2 else "playing", created=float(i))
    starts = [open_store() for _ in range(4)]
    ready = threading.Barrier(len(starts))
    failed: list[BaseException] = []

    def start(s: BaseStore) -> None:
        ready.wait(10)
        try:
            s.archive_finished()      # what every server does as it starts: one at a time, never twice
        except BaseException as e:
            failed.append(e)
    threads = [threading.Thread(target=start, args=(s,)) for s in starts]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert failed == []
    assert [g.id for g in store.load()] == [f"g{i}" for i in range(0, 20, 2)]
    assert store._read("SELECT count(*) FROM archived_games", ())[0][0] == 10
    assert all(store.actions(f"g{i}") == [(0, 0, f"move g{i} 0"), (1, 1, f"move g{i} 1")] for i in range(20))


def test_postgresql_a_lost_connection_is_made_again_and_the_retry_stores_each_write_once(open_store: Opener) -> None:
    if open_store.spec == "sqlite":  # type: ignore[attr-defined]
        pytest.skip("a file has no connection to lose")
    import psycopg
    queued: list[int] = []
    store = open_store(lambda: queued.append(1))
    a_game(store, "g", "AAAAAA", plies=0)
    store.commit(store.take())
    with psycopg.connect(open_store.spec, autocommit=True) as admin:  # type: ignore[attr-defined]
        pid = store.db.info.backend_pid  # type: ignore[attr-defined]
        assert admin.execute("SELECT pg_terminate_backend(%s)", (pid,)).fetchone() == (True,)
    store.add_action("g", 0, 0, "first")
    store.add_action("g", 1, 1, "second")
    batch = store.take()
    with pytest.raises(psycopg.OperationalError):
        store.commit(batch)                                    # the server learns of the loss here...
    assert store.commit_each(batch) == {}                      # ...and the retry, on a new session, stores it
    assert store.actions("g") == [(0, 0, "first"), (1, 1, "second")]
    assert store.commit_each(batch).keys() == {"g"}            # sent again: refused by (game, ply), never twice
    assert store.actions("g") == [(0, 0, "first"), (1, 1, "second")]
    store.fenced = True                                        # as in a server: only leased games are written
    a_game(store, "h", "BBBBBB", plies=0)
    assert store.lease("h", 7)
    store.commit(store.take())
    with psycopg.connect(open_store.spec, autocommit=True) as admin:  # type: ignore[attr-defined]
        admin.execute("SELECT pg_terminate_backend(%s)", (store.db.info.backend_pid,))  # type: ignore[attr-defined]
    store.add_action("h", 0, 0, "first")
    with pytest.raises(LeaseLost):
        store.commit(store.take())                             # its lease went with the connection: nothing written
    assert store.leases == {} and store.actions("h") == []
    store.add_action("h", 0, 0, "first")
    store.commit(store.take())                                 # never again: the game is not leased here
    assert store.fenced_out == {"h"} and store.actions("h") == []
