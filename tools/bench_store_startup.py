"""Benchmark: the server's start-up with a long history (issue #38). Not a test; CI does not run it.

    python tools/bench_store_startup.py [--games 100000] [--running 50] [--baseline DIR] [--repeat 3]
                                        [--repeat-before 1]

Makes one SQLite database as a version-1 server leaves it: ``--games``
finished games (card games on 3x3 played to the end, and Jayden games
resigned after a few moves; real records, replayed by the engines) and
``--running`` games under way. Then, in the same run, each start-up in a
fresh process (the time of ``GameServer(data)``: open the file, check it,
read the games back and replay them):

* before: the server of ``--baseline`` (a copy of the source before the
  archive, e.g. ``git archive <commit> | tar -x -C DIR``) on a copy of the file;
* after, first start: this server on another copy: the migration to version
  2 and moving every finished game to the archive, once;
* after, later starts: the same file again (what every start costs from then on).

It prints each time, the games in memory after each start, and the ratio
before / after (later starts; medians over ``--repeat-before`` and ``--repeat``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from jayden_jazz.net.games import CardsTable, JaydenTable, SeatInfo, check_setup  # noqa: E402
from jayden_jazz.net.schema import APPLICATION_ID, base, statements  # noqa: E402
from jayden_jazz.net.server import default_pack_dirs  # noqa: E402

Record = tuple[str, dict[str, Any], list[tuple[int, str]], tuple[int | None, str] | None]

CHILD = """
import sys, time
t0 = time.perf_counter()
from jayden_jazz.net.server import GameServer
t1, c1 = time.perf_counter(), time.process_time()
server = GameServer(sys.argv[1])
t2, c2 = time.perf_counter(), time.process_time()
print(f"{t2 - t1:.4f} {c2 - c1:.4f} {len(server.tables)}")
server.store.close()
"""


def templates(rng: random.Random, count: int) -> list[Record]:
    """Finished games played out by the engines: (kind, setup, actions, ending)."""
    from jayden_jazz.cards import load_packs
    dirs = default_pack_dirs()
    catalog, _ = load_packs([Path(d) for d in dirs])
    seats = [SeatInfo("human", "Ann"), SeatInfo("human", "Bob")]
    out: list[Record] = []
    for i in range(count):
        if i % 2 == 0:
            setup = check_setup("cards", {"rules": {"random": True}, "field": "3x3"}, [{"kind": "human"}] * 2, rng)
            table: Any = CardsTable("t", "C", setup, seats, "h", catalog=catalog, pack_dirs=dirs)
            limit, ending = 1000, None
        else:
            setup = check_setup("jayden", {}, [{"kind": "human"}] * 2, rng)
            table = JaydenTable("t", "C", setup, seats, "h")
            limit, ending = rng.randrange(6, 30), (rng.randrange(2), "resigned")
        table.start()
        actions = []
        while table.status == "playing" and len(actions) < limit:
            seat = table.to_move()
            text = rng.choice(table.legal()) if isinstance(table, CardsTable) else \
                rng.choice(table.position.legal_actions()).text()
            table.play(seat, table.ply, text)
            actions.append((seat, text))
        if table.status == "playing":
            table.end_off_board(*ending)   # type: ignore[misc]
        else:
            ending = None
        out.append(("cards" if isinstance(table, CardsTable) else "jayden", setup, actions, ending))
    return out


def make_database(folder: Path, finished: int, running: int, rng: random.Random) -> dict[str, int]:
    """A version-1 file: every game in the live tables, as a server before the archive kept them."""
    folder.mkdir(parents=True)
    db = sqlite3.connect(folder / "games.sqlite3", isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    for s in statements(base("sqlite")):
        db.execute(s)
    db.execute(f"PRAGMA application_id={APPLICATION_ID}")
    db.execute("PRAGMA user_version=1")
    done = templates(rng, 16)
    games, seats, actions, endings = [], [], [], []
    for n in range(finished + running):
        gid, code = f"g{n:07d}", f"{n:06X}"
        if n < finished:
            kind, setup, record, ending = done[n % len(done)]
            status = "over"
        else:                              # a Jayden game under way: its first few moves
            kind, setup, record, ending = done[1]
            record, ending, status = record[:4], None, "playing"
        games.append((gid, code, kind, json.dumps(setup), "h" * 64, status, float(n)))
        seats += [(gid, 0, "human", "", "Ann", "a" * 64), (gid, 1, "human", "", "Bob", "b" * 64)]
        actions += [(gid, ply, seat, text) for ply, (seat, text) in enumerate(record)]
        if ending is not None:
            endings.append((gid, ending[0], ending[1]))
    db.execute("BEGIN")
    db.executemany("INSERT INTO games VALUES (?,?,?,?,?,?,?)", games)
    db.executemany("INSERT INTO seats VALUES (?,?,?,?,?,?)", seats)
    db.executemany("INSERT INTO actions VALUES (?,?,?,?)", actions)
    db.executemany("INSERT INTO endings VALUES (?,?,?)", endings)
    db.execute("COMMIT")
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    return {"games": len(games), "actions": len(actions), "bytes": (folder / "games.sqlite3").stat().st_size}


def start(root: Path, data: Path) -> tuple[float, float, int]:
    """One start-up in a fresh process of the source at ``root``: (seconds, CPU seconds, games in memory).
    The CPU time is the process's own (user + system): on a shared machine it varies far less than
    the wall-clock time."""
    env = {**os.environ, "PYTHONPATH": str(root), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    out = subprocess.run([sys.executable, "-c", CHILD, str(data)], cwd=root, env=env, capture_output=True,
                         text=True, timeout=3600)
    if out.returncode != 0:
        raise SystemExit(f"the server at {root} did not start:\n{out.stderr[-2000:]}")
    seconds, cpu, tables = out.stdout.split()
    return float(seconds), float(cpu), int(tables)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100_000, help="finished games (default 100000)")
    parser.add_argument("--running", type=int, default=50, help="games under way (default 50)")
    parser.add_argument("--baseline", type=Path, default=None, help="the source before the archive, to compare")
    parser.add_argument("--repeat", type=int, default=3, help="later starts measured (default 3)")
    parser.add_argument("--repeat-before", type=int, default=1,
                        help="baseline starts measured (default 1: minutes each at 100,000 games)")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="jj-bench-store-"))
    try:
        t = time.perf_counter()
        made = make_database(work / "v1", args.games, args.running, random.Random(38))
        print(f"database: {made['games']} games ({args.games} finished, {args.running} running), "
              f"{made['actions']} actions, {made['bytes'] / 2**20:.0f} MiB, made in {time.perf_counter() - t:.0f} s", flush=True)
        before: list[tuple[float, float]] = []
        if args.baseline is not None:
            for i in range(args.repeat_before):
                shutil.copytree(work / "v1", work / f"before{i}")
                seconds, cpu, tables = start(args.baseline, work / f"before{i}")
                print(f"before ({args.baseline}): {seconds:.3f} s ({cpu:.3f} s CPU), {tables} games in memory",
                      flush=True)
                before.append((seconds, cpu))
                shutil.rmtree(work / f"before{i}")
        shutil.copytree(work / "v1", work / "after")
        seconds, cpu, tables = start(ROOT, work / "after")
        print(f"after, first start (migration + archiving {args.games} games, once): {seconds:.3f} s "
              f"({cpu:.3f} s CPU), {tables} games in memory", flush=True)
        after: list[tuple[float, float]] = []
        for _ in range(args.repeat):
            seconds, cpu, tables = start(ROOT, work / "after")
            print(f"after, a later start: {seconds:.3f} s ({cpu:.3f} s CPU), {tables} games in memory", flush=True)
            after.append((seconds, cpu))
        if before:
            for i, what in enumerate(("wall-clock", "CPU")):
                b = statistics.median(x[i] for x in before)
                a = statistics.median(x[i] for x in after)
                print(f"start-up before / after ({what}, medians): {b:.3f} s / {a:.3f} s = {b / a:.0f}x")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
