"""Benchmark of the game server on loopback (not a test; CI does not run it).

    python tools/bench_server.py [--quick] [--games 1000] [--lanes 4] [--seconds 10]

Measured in one run, each server a subprocess on 127.0.0.1, port 0:

* the floor: a bare ``websockets`` echo server, ``lanes`` connections each
  sending a small message and waiting for its echo, as fast as it comes;
* (a) saturated: ``lanes`` card games at once (3x3, dealt hands), bots
  sending the first legal action as soon as their view says it is their
  turn; actions per second, as a ratio to the echo floor's round trips;
* (b) human pace: ``games`` two-seat card games (5x5) held at once, each
  game one action a second; the round trip from an action to its ack (p50,
  p99), and the server's memory per game (resident set size before and
  after the games were set up).

In both (a) and (b) the bench checks, on every ack, in its own connection
to the server's SQLite file, that the action's row is already there: every
action committed before its acknowledgement.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from websockets.asyncio.client import connect  # noqa: E402
from websockets.asyncio.server import serve  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402

from jayden_jazz.net.protocol import VERSION  # noqa: E402

HOST = "127.0.0.1"


# ---------------------------------------------------------------------- servers


async def echo_main() -> None:
    async def echo(ws: Any) -> None:
        async for msg in ws:
            await ws.send(msg)
    async with serve(echo, HOST, 0, ping_interval=None) as server:
        print(f"echo ws://{HOST}:{server.sockets[0].getsockname()[1]}", flush=True)
        await asyncio.Future()


def start(cmd: list[str]) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=ROOT,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.stdout is not None
    line = proc.stdout.readline()
    m = re.search(r"ws://127\.0\.0\.1:\d+", line)
    if not m:
        proc.kill()
        raise SystemExit(f"could not start {cmd}: {line!r}")
    return proc, m.group(0)


def cpu_seconds(pid: int) -> float:
    """User + system CPU time the process has used (a busy shared machine slows the wall
    clock, not this)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


# ---------------------------------------------------------------------- bots


@dataclass
class Stats:
    rtts: list[float] = field(default_factory=list)
    acks: int = 0
    uncommitted: int = 0
    errors: int = 0


class Checker:
    """Reads the server's database on every ack: was the row there already?"""

    def __init__(self, data: Path) -> None:
        self.db = sqlite3.connect(f"file:{data / 'games.sqlite3'}?mode=ro", uri=True)

    def committed(self, game: str, ply: int) -> bool:
        return self.db.execute("SELECT 1 FROM actions WHERE game_id=? AND ply=?", (game, ply)).fetchone() is not None


async def hello(ws: Any) -> None:
    await ws.send(json.dumps({"type": "hello", "version": VERSION}))
    json.loads(await ws.recv())


async def seat_bot(url: str, game: str, seat: int, stats: Stats, checker: Checker, go: asyncio.Event,
                   pace: float, stop: asyncio.Event) -> None:
    async with connect(url, max_size=None, ping_interval=None, open_timeout=60) as ws:
        await hello(ws)
        await ws.send(json.dumps({"type": "join", "game": game, "seat": seat}))
        sent_at: float | None = None
        sent_ply = -1
        try:
            while not stop.is_set():
                m = json.loads(await ws.recv())
                if m["type"] == "ack" and "action" in m:
                    stats.rtts.append(time.perf_counter() - sent_at) if sent_at else None
                    stats.acks += 1
                    if not checker.committed(game, m["ply"]):
                        stats.uncommitted += 1
                    sent_at = None
                elif m["type"] == "error":
                    stats.errors += 1
                elif m["type"] == "view":
                    if m["status"] == "over":
                        return
                    if m["to_move"] == seat and m["ply"] > sent_ply and m["legal"]:
                        await go.wait()
                        if pace:
                            await asyncio.sleep(pace * (random.random() * 2 if m["ply"] == 0 else 1))
                        if stop.is_set():
                            return
                        sent_ply = m["ply"]
                        sent_at = time.perf_counter()
                        await ws.send(json.dumps({"type": "action", "ply": m["ply"], "action": m["legal"][0]}))
        except ConnectionClosed:
            stats.errors += 1


async def create_games(url: str, n: int, setup: dict[str, Any]) -> list[str]:
    games = []
    async with connect(url, max_size=None, ping_interval=None) as ws:
        await hello(ws)
        for _ in range(n):
            await ws.send(json.dumps({"type": "create", "kind": "cards", "setup": setup,
                                      "seats": [{"kind": "human"}, {"kind": "human"}]}))
            m = json.loads(await ws.recv())
            if m["type"] != "created":
                raise SystemExit(f"the server refused a game: {m}")
            games.append(m["game"])
    return games


# ---------------------------------------------------------------------- the three measurements


async def echo_floor(url: str, pid: int, lanes: int, seconds: float) -> tuple[float, float]:
    count = 0
    end = time.perf_counter() + seconds
    c0 = cpu_seconds(pid)

    async def lane() -> None:
        nonlocal count
        async with connect(url, ping_interval=None) as ws:
            msg = json.dumps({"type": "action", "ply": 3, "action": "default/ember_fox@b2", "ref": 1})
            while time.perf_counter() < end:
                await ws.send(msg)
                await ws.recv()
                count += 1
    await asyncio.gather(*(lane() for _ in range(lanes)))
    return count / seconds, (cpu_seconds(pid) - c0) * 1000 / max(1, count)


async def saturated(url: str, data: Path, pid: int, lanes: int, seconds: float) -> tuple[float, float, Stats]:
    stats = Stats()
    checker = Checker(data)
    go = asyncio.Event()
    go.set()
    stop = asyncio.Event()
    setup = {"rules": {"random": True}, "field": "3x3"}

    async def lane() -> None:
        while not stop.is_set():
            (game,) = await create_games(url, 1, setup)
            await asyncio.gather(*(seat_bot(url, game, s, stats, checker, go, 0.0, stop) for s in (0, 1)))

    tasks = [asyncio.ensure_future(lane()) for _ in range(lanes)]
    await asyncio.sleep(1.0)                  # warm up (connections, first games)
    a0, t0, c0 = stats.acks, time.perf_counter(), cpu_seconds(pid)
    await asyncio.sleep(seconds)
    rate = (stats.acks - a0) / (time.perf_counter() - t0)
    cpu_ms = (cpu_seconds(pid) - c0) * 1000 / max(1, stats.acks - a0)
    stop.set()
    await asyncio.wait(tasks, timeout=10)
    return rate, cpu_ms, stats


async def human_pace(url: str, data: Path, pid: int, games: int, seconds: float) -> dict[str, Any]:
    stats = Stats()
    checker = Checker(data)
    go = asyncio.Event()
    stop = asyncio.Event()
    before = rss_kib(pid)
    ids = await create_games(url, games, {"rules": {"random": True}, "field": "5x5"})
    bots = []
    for gid in ids:
        for s in (0, 1):
            bots.append(asyncio.ensure_future(seat_bot(url, gid, s, stats, checker, go, 1.0, stop)))
        await asyncio.sleep(0.002)            # a ramp, not a stampede of handshakes
    await asyncio.sleep(3.0)                  # every seat joined and has its view
    after = rss_kib(pid)
    go.set()
    await asyncio.sleep(2.0)                  # every game under way
    stats.rtts.clear()
    a0, t0, c0, b0 = stats.acks, time.perf_counter(), cpu_seconds(pid), cpu_seconds(os.getpid())
    await asyncio.sleep(seconds)
    rtts = sorted(stats.rtts)
    acks = stats.acks - a0
    cpu_ms = (cpu_seconds(pid) - c0) * 1000 / max(1, acks)
    bots_ms = (cpu_seconds(os.getpid()) - b0) * 1000 / max(1, acks)
    stop.set()
    for b in bots:
        b.cancel()
    await asyncio.gather(*bots, return_exceptions=True)
    pct = (lambda q: rtts[min(len(rtts) - 1, int(q * len(rtts)))] * 1000 if rtts else float("nan"))
    return {"games": games, "actions_per_s": acks / (time.perf_counter() - t0), "p50_ms": pct(0.5),
            "p99_ms": pct(0.99), "kib_per_game": (after - before) / games, "rss_mib": after / 1024,
            "uncommitted": stats.uncommitted, "errors": stats.errors, "acks": stats.acks, "cpu_ms": cpu_ms,
            "bots_ms": bots_ms, "wall_s": time.perf_counter() - t0}


async def main_async(args: argparse.Namespace) -> None:
    echo_proc, echo_url = start([sys.executable, __file__, "--echo-server"])
    tmp = Path(tempfile.mkdtemp(prefix="bench-server-"))
    serve_cmd = [sys.executable, "-m", "jayden_jazz.net", "serve", "--port", "0", "--rate", "1000",
                 "--max-connections", "100000", "--max-games", "1000000"]
    serve_cmd += ["--sync", args.sync]
    if os.environ.get("BENCH_SERVER_CMD"):          # e.g. a profiling wrapper
        serve_cmd = os.environ["BENCH_SERVER_CMD"].split()
    try:
        floor, echo_ms = await echo_floor(echo_url, echo_proc.pid, args.lanes, args.seconds)
        print(f"echo floor: {args.lanes} connections, {floor:,.0f} round trips/s; "
              f"echo server CPU {echo_ms:.3f} ms per round trip", flush=True)
        proc, url = start(serve_cmd + ["--data", str(tmp / "a")])
        try:
            rate, cpu_ms, st = await saturated(url, tmp / "a", proc.pid, args.lanes, args.seconds)
        finally:
            proc.terminate()
            proc.wait(10)
        rt = sorted(st.rtts)
        print(f"(a) saturated: {args.lanes} games at once, {rate:,.0f} actions/s = {rate / floor:.3f} x the echo "
              f"floor; round trip p50 {rt[len(rt) // 2] * 1000:.1f} ms; server CPU {cpu_ms:.2f} ms per action "
              f"({cpu_ms / echo_ms:.0f} x the echo's per round trip); "
              f"acks {st.acks}, "
              f"acked before committed: {st.uncommitted}", flush=True)
        for n in args.games:
            proc, url = start(serve_cmd + ["--data", str(tmp / f"b{n}")])
            try:
                r = await human_pace(url, tmp / f"b{n}", proc.pid, n, args.seconds)
            finally:
                proc.terminate()
                out, _ = proc.communicate(timeout=30)
                if out and os.environ.get("BENCH_SERVER_CMD"):
                    print(out)
            ok = "holds" if r["p99_ms"] <= 50 and not r["errors"] else "does not hold"
            print(f"(b) human pace: {n} games ({2 * n} connections), {r['actions_per_s']:,.0f} actions/s, "
                  f"round trip p50 {r['p50_ms']:.1f} ms p99 {r['p99_ms']:.1f} ms ({ok} p99 <= 50 ms); "
                  f"server CPU {r['cpu_ms']:.2f} ms per action (the bots' {r['bots_ms']:.2f}); "
                  f"server {r['rss_mib']:.0f} MiB, {r['kib_per_game']:.0f} KiB per game; "
                  f"acked before committed: {r['uncommitted']}; errors {r['errors']}", flush=True)
    finally:
        echo_proc.terminate()


def machine() -> str:
    load = os.getloadavg()
    return f"{os.cpu_count()} cores, load average {load[0]:.1f} at the start"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--echo-server", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--quick", action="store_true", help="small numbers, a few seconds each")
    parser.add_argument("--games", type=int, nargs="+", default=[250, 500, 1000],
                        help="numbers of 2-seat games to hold at human pace (default 250 500 1000)")
    parser.add_argument("--lanes", type=int, default=4, help="games at once in the saturated run (default 4)")
    parser.add_argument("--sync", choices=("full", "normal"), default="full",
                        help="the server's commit mode (default full: fsync before each ack)")
    parser.add_argument("--seconds", type=float, default=10.0, help="length of each measurement (default 10)")
    args = parser.parse_args()
    if args.echo_server:
        asyncio.run(echo_main())
        return
    if args.quick:
        args.games, args.seconds = [50], 3.0
    random.seed(1)
    print(machine(), flush=True)
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
