"""Several server processes on one PostgreSQL database (the throwaway cluster of tests/store).

Every server listens on 127.0.0.1, port 0, each with a data folder of its
own (the folder's lock is per process; the games are the database's). A
client names its game in the path, ``/game/<CODE>``, as the proxy routes
it; a test plays the proxy by pointing a client at the worker it means.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.net.conftest import FAST, ThreadServer, client, create, expect
from tests.store import conftest as stores

if hasattr(stores, "pg_cluster"):     # the session's cluster, where the stores' tests define it, shared here
    pg_cluster = stores.pg_cluster


RANDOM_3X3 = {"rules": {"random": True}, "field": "3x3"}
TWO = [{"kind": "human"}] * 2


def seated(a: Any) -> tuple[dict[str, Any], list[Any]]:
    """A card game created on worker ``a`` over the lobby path, both seats taken by clients naming
    the game in their path: the ``created`` answer and the two players (Ann at seat 0, Bob at 1)."""
    host = client(a.url)
    created = create(host, "cards", RANDOM_3X3, TWO)
    host.close()
    players = [client(game_url(a, created["code"]), name) for name in ("Ann", "Bob")]
    for i, c in enumerate(players):
        c.join(created["code"], seat=i)
        expect(c, "joined")
    return created, players


def game_url(server: Any, code: str) -> str:
    """The address a client of game ``code`` connects to, on ``server`` (a Thread- or ProcessServer)."""
    return f"{server.url}/game/{code}"


def stored_actions(url: str, gid: str) -> list[tuple[int, int, str]]:
    from jayden_jazz.net.pgstore import PgStore
    store = PgStore(url)
    try:
        return store.actions(gid)
    finally:
        store.close()


@pytest.fixture
def database(pg_cluster: Any) -> str:
    return str(pg_cluster.new_database())


@pytest.fixture
def two_workers(database: str, tmp_path: Path) -> Iterator[tuple[ThreadServer, ThreadServer]]:
    """Two servers in threads of this process, on one database (to look inside them)."""
    from jayden_jazz.net.pgstore import PgStore
    a = ThreadServer(tmp_path / "a", FAST, store=PgStore(database))
    b = ThreadServer(tmp_path / "b", FAST, store=PgStore(database))
    yield a, b
    a.stop()
    b.stop()
