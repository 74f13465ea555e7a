"""tools/bench_server.py's proof that no ack came before its commit, made cheaper (#40): every ack of
1 game in K checked live, every acked action checked at the end, a query per batch of games. Cheaper
must not mean blind: an ack whose row is missing is counted live (a sampled game) and at the end
(any game), the archive counts as stored, and a sampled game is checked at every one of its plies."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from jayden_jazz.net.schema import SCHEMA_VERSION, base, migration, statements
from tests.toolscripts import tool



def _bench() -> Any:
    return tool("bench_server")


def _database(folder: Path, live: list[tuple[str, int]], archived: list[tuple[str, int]]) -> None:
    """The server's SQLite file with these actions (the real tables: what the checker's queries read)."""
    db = sqlite3.connect(folder / "games.sqlite3")
    for sql in statements(base("sqlite")):
        db.execute(sql)
    for version in range(2, SCHEMA_VERSION + 1):
        for sql in migration(version, "sqlite"):
            db.execute(sql)
    db.executemany("INSERT INTO actions VALUES (?, ?, 0, 'x')", live)
    db.executemany("INSERT INTO archived_actions VALUES (?, ?, 0, 'x')", archived)
    db.commit()
    db.close()


def test_every_ack_is_checked_at_the_end_and_the_missing_ones_are_counted(tmp_path: Path) -> None:
    bench = _bench()
    games = [f"game-{i}" for i in range(40)]
    stored = [(g, p) for g in games for p in range(3)]
    _database(tmp_path, stored[1:], stored[:1])         # the first game's ply 0 in the archive
    checker = bench.Checker(str(tmp_path), every=4)
    checker.BATCH = 7                                   # several queries, one of them short
    stats = bench.Stats()
    for g in games:
        for p in range(3):
            checker.ack(g, p, stats)
    checker.ack("game-0", 3, stats)                     # acked, never stored
    checker.ack("game-39", 5, stats)
    checker.at_end(stats)
    assert stats.checked_end == 40 * 3 + 2
    assert stats.missing == 2


def test_a_sampled_game_is_checked_live_at_every_ply_the_others_never(tmp_path: Path) -> None:
    bench = _bench()
    games = [f"game-{i}" for i in range(200)]
    _database(tmp_path, [], [])                         # nothing stored: every live check fails
    checker = bench.Checker(str(tmp_path), every=10)
    sampled = [g for g in games if checker.sampled(g)]
    assert 5 <= len(sampled) <= 40                      # about 1 in 10 (by the id's hash)
    stats = bench.Stats()
    for g in games:
        for p in range(4):
            checker.ack(g, p, stats)
    assert stats.checked_live == stats.uncommitted == 4 * len(sampled)
    every = bench.Checker(str(tmp_path), every=1)
    assert all(every.sampled(g) for g in games)


def test_the_report_says_both_counts_and_a_missing_ack_fails_the_target() -> None:
    bench = _bench()
    r = {"p99_ms": 10.0, "p50_ms": 5.0, "rate": 100.0, "cpu_ms": 0.5, "sys_ms": 0.1, "db_ms": 0.2,
         "bots_ms": 0.3, "proxy_ms": 0.0, "busy": {"server": 0.5, "bots": 0.1, "PostgreSQL": None, "HAProxy": None},
         "rss_kib": 1024, "kib_per_game": 70.0, "load": 1.0, "errors": 0, "uncommitted": 0,
         "checked_live": 12, "missing": 0, "checked_end": 130, "check_every": 10}
    text = bench.report("", r, 10, 1)
    assert "acked before committed: 0 of 12 checked live (every ack of 1 game in 10)" in text
    assert "acked and not in the database at the end: 0 of 130" in text
    assert "target p99 <= 50 ms met" in text
    assert "NOT met" in bench.report("", {**r, "missing": 1}, 10, 1)
