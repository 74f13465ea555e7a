"""The archive move killed at each of its write boundaries loses nothing, on both stores.

A server process starts (which moves the finished games to the archive) and
is killed with ``os._exit`` -- no rollback, no clean-up, as a SIGKILL leaves
it -- just before each statement of the move (SQLite: also before ``BEGIN``
and ``COMMIT``). After each kill every game is wholly live or wholly
archived, never both, never half; started again, every finished game is
archived and every game reads back whole.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from jayden_jazz.net.schema import archive_move
from jayden_jazz.net.store import BaseStore, DatabaseRefused

from .conftest import Opener
from .test_store import a_game, want

ROOT = Path(__file__).resolve().parents[2]
KILLED = 37

CHILD = textwrap.dedent("""
    import os, sys
    from pathlib import Path
    spec, data, at = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3])
    seen = 0

    def count(*_args):
        global seen
        seen += 1
        if seen == at:
            os._exit(%d)

    if spec == "sqlite":
        from jayden_jazz.net.store import Store
        store = Store(data)
        store.db.set_trace_callback(count)              # called as each statement begins
    else:
        from jayden_jazz.net import pgstore
        store = pgstore.PgStore(spec)
        plain = pgstore._pg
        pgstore._pg = lambda sql: (count(), plain(sql))[1]
    store.load()
    os._exit(0)
""" % KILLED)

GAMES = {   # id: (code, status, plies, ending)
    "run": ("RUN001", "playing", 3, None),
    "won": ("WON001", "over", 9, None),
    "gave": ("GAVE01", "playing", 4, (0, "resigned")),
    "left": ("LEFT01", "abandoned", 2, None),
}


def make(store: BaseStore) -> None:
    for i, (gid, (code, status, plies, ending)) in enumerate(GAMES.items()):
        a_game(store, gid, code, plies=plies, status=status, created=float(i), ending=ending)


def opened(open_store: Opener) -> BaseStore:
    """The store again; a killed PostgreSQL session may hold its lock a moment longer."""
    end = time.monotonic() + 10
    while True:
        try:
            return open_store()
        except DatabaseRefused as e:
            if "in use" not in str(e) or time.monotonic() > end:
                raise
            time.sleep(0.05)


def check_whole(store: BaseStore) -> str:
    """Each game in exactly one place, all its rows with it; returns where the finished ones are."""
    places = set()
    for gid, (code, status, plies, _ending) in GAMES.items():
        live = store._read("SELECT count(*) FROM games WHERE id=?", (gid,))[0][0]
        kept = store._read("SELECT count(*) FROM archived_games WHERE id=?", (gid,))[0][0]
        assert live + kept == 1, (gid, live, kept)
        prefix = "" if live else "archived_"
        for table, rows in (("actions", plies), ("seats", 2), ("hands", 1)):
            here = store._read(f"SELECT count(*) FROM {prefix}{table} WHERE game_id=?", (gid,))[0][0]
            other = store._read(f"SELECT count(*) FROM {'archived_' if live else ''}{table} WHERE game_id=?",
                                (gid,))[0][0]
            assert (here, other) == (rows, 0), (gid, table, here, other)
        if status != "playing" or _ending:
            places.add("live" if live else "archive")
        else:
            assert live, gid                      # a running game is never archived
    assert len(places) == 1, places               # one transaction: all finished games moved, or none
    return places.pop()


def run_child(spec: str, data: Path, at: int) -> int:
    """A store started in a process of its own, killed before its ``at``-th statement (0: never)."""
    child = subprocess.run([sys.executable, "-c", CHILD, spec, str(data), str(at)], cwd=ROOT, timeout=60,
                           env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True)
    assert child.returncode in (KILLED, 0), child.stderr
    return child.returncode


def test_a_kill_at_each_write_boundary_of_the_archive_move_loses_nothing(open_store: Opener) -> None:
    spec, data = open_store.spec, open_store.data  # type: ignore[attr-defined]
    boundaries = len(archive_move()) + (2 if spec == "sqlite" else 0)    # + BEGIN and COMMIT
    store = opened(open_store)
    make(store)
    store.close()
    for at in range(1, boundaries + 1):
        assert run_child(spec, data, at) == KILLED
        store = opened(open_store)
        assert check_whole(store) == "live", at        # killed before its commit: nothing moved, nothing lost
        store.close()
    assert run_child(spec, data, 0) == 0
    store = opened(open_store)
    assert check_whole(store) == "archive"
    assert [g.id for g in store.load()] == ["run"]
    for gid, (code, status, plies, ending) in GAMES.items():
        final = "over" if ending else status
        assert store.game(gid) == want(gid, code, final, plies=plies, ending=ending), gid
