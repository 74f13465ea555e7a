"""PostgreSQL's batch as one message of its statements (:func:`jayden_jazz.net.pgstore.one_text`):
still one transaction, all or nothing, even when the database itself refuses a statement in the
middle; values bound by psycopg arrive exactly as they were, whatever quotes or semicolons they
hold; the connection is usable after a refusal; a new game's lobby notice goes out with its rows,
only when they commit; a game is found in one query (id, code, status, archived or not)."""

from __future__ import annotations

from typing import Any

import pytest

from jayden_jazz.net.notices import LOBBY

from .conftest import Opener
from .test_store import SEATS, a_game


# the one-message batch is PostgreSQL's (SQLite commits its own way, tests/store/test_store.py)
pytestmark = pytest.mark.parametrize("open_store", ["postgresql"], indirect=True)


@pytest.fixture
def pg_store(open_store: Opener) -> Opener:
    assert open_store.spec != "sqlite"  # type: ignore[attr-defined]
    return open_store


def test_a_statement_the_database_refuses_mid_batch_leaves_nothing_of_the_batch(pg_store: Opener) -> None:
    store = pg_store(lambda: None)
    store.add_game("a", "AAAAAA", "cards", {}, "h", SEATS, 0.0)
    store.add_game("b", "BBBBBB", "cards", {}, "h", SEATS, 1.0)
    store.add_action("b", 0, 0, "first")
    store.commit(store.take())
    store.add_action("a", 0, 0, "a's first")                 # fine ...
    store.add_action("b", 0, 1, "b's ply 0 again")           # ... but this key is taken: the database refuses
    store.add_action("a", 1, 1, "a's second")
    batch = store.take()
    with pytest.raises(Exception) as refused:
        store.commit(batch)
    assert "unique" in str(refused.value).lower() or "duplicate" in str(refused.value).lower()
    assert store.actions("a") == [] and store.actions("b") == [(0, 0, "first")]
    assert store.commit_each(batch).keys() == {"b"}          # the connection works on; a's writes go in
    assert store.actions("a") == [(0, 0, "a's first"), (1, 1, "a's second")]


def test_values_arrive_exactly_whatever_they_hold(pg_store: Opener) -> None:
    store = pg_store(lambda: None)
    odd = ["it's", "a; DROP TABLE games; --", "%s %(x)s ?", "back\\slash", "\"quoted\"", "$1 $$ $q$", "é ☃ 𝄞", ""]
    store.add_game("g", "GGGGGG", "cards", {"note": odd}, "h", SEATS, 0.0)
    for ply, text in enumerate(odd):
        store.add_action("g", ply, ply % 2, text)
    store.commit(store.take())
    assert [a[2] for a in store.actions("g")] == odd
    stored = store.game("g")
    assert stored is not None and stored.setup == {"note": odd}


def test_a_new_games_lobby_notice_goes_out_with_its_rows_and_only_then(pg_store: Opener) -> None:
    import psycopg
    from jayden_jazz.net.pgstore import PgStore
    store = pg_store()
    assert isinstance(store, PgStore)
    with psycopg.connect(pg_store.spec, autocommit=True) as listener:  # type: ignore[attr-defined]
        listener.execute(f"LISTEN {LOBBY}")
        rows = store.game_rows("g1", "CODEAA", "cards", {}, "h", SEATS, 0.0) + [store.notice(LOBBY, "g1")]
        assert store.claim("g1", 1, rows)
        heard = [(n.channel, n.payload) for n in listener.notifies(timeout=2, stop_after=1)]
        assert heard == [(LOBBY, "g1")]
        store.unlock("g1")
        again = store.game_rows("g2", "CODEAA", "cards", {}, "h", SEATS, 1.0) + [store.notice(LOBBY, "g2")]
        assert not store.claim("g2", 2, again)                # the code is taken: nothing kept, nothing said
        assert list(listener.notifies(timeout=0.5)) == []
    assert store.game("g2") is None and "g2" not in store.leases    # its lease given back


def test_a_game_is_found_in_one_query_live_or_archived(pg_store: Opener) -> None:
    store = pg_store()
    a_game(store, "done", "DONE01", status="over", created=1.0)
    store.load()                                              # archives it
    a_game(store, "live", "LIVE01", created=2.0)
    asked: list[Any] = []
    real = store._read

    def counted(sql: str, args: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        asked.append(sql)
        return real(sql, args)
    store._read = counted  # type: ignore[method-assign]
    assert store.locate("x", "LIVE01") == ("live", "LIVE01", "playing", False) and len(asked) == 1
    assert store.locate("done") == ("done", "DONE01", "over", True)
    assert store.locate("nothing", "NONE01") is None
