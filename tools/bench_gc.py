"""What the collector walks per action in a server's games, and how long it stops (not a test; #40).

    python tools/bench_gc.py [--games 500] [--rounds 20] [--young N | --thresholds A B C] [--census]

The servers' event loops stop while the garbage collector runs; at 1,000 games its pauses were
30-80 ms. Measured through the whole server (tools/bench_server.py) they move with the machine's
load; here they are measured in one process, with no sockets and no database, on what the server
keeps per action: ``--games`` two-seat card games as the bench's human pace plays them (5x5, dealt
hands), each round one action per game, each followed by the views a server sends (both seats and a
spectator, :meth:`~jayden_jazz.net.games.CardsTable.view_text`). Under the server's policy
(jayden_jazz/net/gcpolicy.py: its modules frozen first, the games made after) or plain
``--thresholds``, every collection of ``--rounds`` rounds is timed (``gc.callbacks``) with its
generation, the objects it walked (the young generation's count as it started) and its CPU.

Printed: containers made and still alive per action as the collector counts them toward a young
collection (CPython counts every container made, the dicts it never tracks too);
per generation the pauses (count, CPU p50, p99, max ms, objects walked at most); a full collection of
the whole heap at the end (what the policy's rare full collection costs). The figures are CPU in one
thread with the objects warm in the cache: a server's, its heap cold among sockets and other work,
are 2-3 times longer (docs/network.md).
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import gc
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from jayden_jazz.net import gcpolicy, server as S  # noqa: E402
from jayden_jazz.net.games import CardsTable, SeatInfo  # noqa: E402


class Pauses:
    """Every collection's (generation, seconds, CPU seconds, objects in the young generation)."""

    def __init__(self) -> None:
        self.seen: list[tuple[int, float, float, int]] = []
        self._at = (0.0, 0.0, 0)
        self.on = False

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._at = (time.perf_counter(), time.thread_time(), gc.get_count()[0])
        elif self.on:
            t, c, n = self._at
            self.seen.append((int(info["generation"]), time.perf_counter() - t, time.thread_time() - c, n))


def make_games(server: S.GameServer, n: int) -> list[CardsTable]:
    tables = []
    for i in range(n):
        t = server.make_table(f"g{i}", f"C{i}", "cards",
                              {"rules": {"random": True}, "field": "5x5", "seed": i, "date": "2026-12"},
                              [SeatInfo("human", "A", token_hash="a"), SeatInfo("human", "B", token_hash="b")], "h")
        assert isinstance(t, CardsTable)
        t.start()
        tables.append(t)
    return tables


def play_round(tables: list[CardsTable], fresh: list[CardsTable]) -> int:
    """One action in every game (the first legal, as the bench's bots play), its views; a game over
    is replaced by a new one from ``fresh``, as players start another. Returns the actions played."""
    played = 0
    for i, t in enumerate(tables):
        seat = t.to_move()
        if seat is None:
            if fresh:
                tables[i] = fresh.pop()
            continue
        t.play(seat, t.ply, json.loads(t.legal_text())[0])
        for viewer in (0, 1, None):
            t.view_text(viewer, {})
        played += 1
    return played


def _pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))] if s else 0.0


def measure(games: int, rounds: int, thresholds: tuple[int, int, int] | None = None, census: bool = False,
            young: int = gcpolicy.YOUNG, full_every: int = gcpolicy.FULL_EVERY) -> dict[str, Any]:
    """The figures of one run (ms), the process's collector set back as it was after: under the
    server's policy (:mod:`~jayden_jazz.net.gcpolicy`, ``young`` and ``full_every``), or with
    ``thresholds`` plain thresholds after one ``gc.freeze()`` (the policy before #40's change)."""
    return asyncio.run(_measure(games, rounds, thresholds, census, young, full_every))


async def _measure(games: int, rounds: int, thresholds: tuple[int, int, int] | None, census: bool,
                   young: int, full_every: int) -> dict[str, Any]:
    was = gc.get_threshold()
    server = S.GameServer(Path(tempfile.mkdtemp(prefix="bench-gc-")))
    server.catalog       # noqa: B018 -- loaded at start-up as a server's first game does
    pauses = Pauses()
    gc.callbacks.append(pauses)       # before the policy's: a pause ends before what it kept is frozen
    if thresholds is None:
        gcpolicy.install(asyncio.get_running_loop(), young, full_every)
    else:
        gc.freeze()
        gc.set_threshold(*thresholds)
    try:
        tables = make_games(server, games)
        fresh = make_games(server, games)          # the next games, made before: set-up is not an action
        play_round(tables, fresh)                  # every cache of the views made once
        count0 = gc.get_count()[0]
        pauses.on = True
        cpu = time.thread_time()
        actions = 0
        for _ in range(rounds):
            actions += play_round(tables, fresh)
            await asyncio.sleep(0)                 # the loop's turn (a full collection the policy asked for)
        cpu = time.thread_time() - cpu
        pauses.on = False
        alive_young = gc.get_count()[0] - count0 + sum(p[3] for p in pauses.seen if p[0] == 0)
        gcpolicy.uninstall()
        gc.unfreeze()
        full = time.thread_time()
        gc.collect()
        full = time.thread_time() - full
        heap = len(gc.get_objects())
        by_type = collections.Counter(type(o).__name__ for o in gc.get_objects()) if census else None
    finally:
        gc.callbacks.remove(pauses)
        gcpolicy.uninstall()
        gc.unfreeze()
        gc.set_threshold(*was)
    out: dict[str, Any] = {"games": games, "actions": actions,
                           "policy": f"thresholds {tuple(thresholds)}" if thresholds else
                                     f"the server's: young {young:,}, kept frozen, full every {full_every:,}",
                           "cpu_ms_per_action": cpu * 1000 / max(1, actions),
                           "young_per_action": alive_young / max(1, actions),
                           "full_ms": full * 1000, "heap": heap, "generations": {}}
    for g in (0, 1, 2):
        mine = [p for p in pauses.seen if p[0] == g]
        secs = [p[2] * 1000 for p in mine]
        out["generations"][g] = {"count": len(mine), "p50_ms": _pct(secs, 0.5), "p99_ms": _pct(secs, 0.99),
                                 "max_ms": max(secs, default=0.0), "total_ms": sum(secs),
                                 "young_max": max((p[3] for p in mine), default=0)}
    if by_type is not None:
        out["by_type"] = by_type.most_common(8)
    return out


def report(r: dict[str, Any]) -> str:
    lines = [f"{r['games']} games, {r['actions']} actions, {r['policy']}: "
             f"{r['young_per_action']:.1f} containers alive per action counted toward a young collection; "
             f"{r['cpu_ms_per_action']:.3f} ms CPU per action with the collector; load average {os.getloadavg()[0]:.1f}"]
    for g, f in r["generations"].items():
        if f["count"]:
            lines.append(f"  generation {g}: {f['count']} pauses, CPU p50 {f['p50_ms']:.1f} p99 {f['p99_ms']:.1f} "
                         f"max {f['max_ms']:.1f} ms, {f['total_ms']:.0f} ms in all; young objects at start <= {f['young_max']:,}")
    lines.append(f"  a full collection of the whole heap at the end: {r['full_ms']:.1f} ms CPU, {r['heap']:,} objects tracked")
    if "by_type" in r:
        lines.append("  the heap by type: " + ", ".join(f"{k} {n}" for k, n in r["by_type"]))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=500, help="games held at once (default 500: one worker's of 1,000)")
    parser.add_argument("--rounds", type=int, default=20,
                        help="actions per game measured (default 20: a 5x5 game has 25; one that ends is replaced)")
    parser.add_argument("--thresholds", type=int, nargs=3, metavar="N",
                        help="plain thresholds after one gc.freeze() instead of the server's policy "
                             "(50000 20 100: the server's before #40)")
    parser.add_argument("--young", type=int, default=gcpolicy.YOUNG,
                        help=f"the policy's young threshold (default the server's, {gcpolicy.YOUNG:,})")
    parser.add_argument("--census", action="store_true", help="the heap at the end by type")
    args = parser.parse_args()
    thresholds = tuple(args.thresholds) if args.thresholds else None
    print(report(measure(args.games, args.rounds, thresholds, args.census, args.young)), flush=True)  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
