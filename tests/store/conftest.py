"""Both stores under one suite: the SQLite file (always) and PostgreSQL (when it is installed).

The PostgreSQL half runs on the session's throwaway cluster (``pg_cluster`` in tests/conftest.py,
made by tests/pgcluster.py); without PostgreSQL on the machine it is skipped, saying why (under
CI=true it fails instead).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from jayden_jazz.net.store import BaseStore, Store
from tests.pgcluster import Cluster

STORES = ("sqlite", "postgresql")


Opener = Callable[..., BaseStore]


@pytest.fixture(params=STORES)
def open_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Opener]:
    """Opens the store under test (again and again on the same data: a restart), closing each at the end."""
    opened: list[BaseStore] = []
    if request.param == "postgresql":
        cluster: Cluster = request.getfixturevalue("pg_cluster")
        url = cluster.new_database()
        from jayden_jazz.net.pgstore import PgStore

        def make(on_queue: Callable[[], None] | None = None) -> BaseStore:
            return PgStore(url, on_queue)
        make.spec = url  # type: ignore[attr-defined]
    else:
        def make(on_queue: Callable[[], None] | None = None) -> BaseStore:
            return Store(tmp_path / "data", on_queue)
        make.spec = "sqlite"  # type: ignore[attr-defined]

    def opener(on_queue: Callable[[], None] | None = None) -> BaseStore:
        store = make(on_queue)
        opened.append(store)
        return store
    opener.spec = make.spec  # type: ignore[attr-defined]
    opener.data = tmp_path / "data"  # type: ignore[attr-defined]
    yield opener
    for store in opened:
        try:
            store.close()
        except Exception:
            pass
