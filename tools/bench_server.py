"""Benchmark of the game server on loopback (not a test; CI does not run it).

    python tools/bench_server.py [--quick] [--games [250 500 1000]] [--lanes 16] [--seconds 10]
                                 [--bot-procs 2] [--lobby-per-game] [--baseline DIR [--repeat N]] [--profile DIR]
                                 [--store URL|throwaway [--no-fsync] --workers 1 2 [--proxy]]

Measured in one run, each server a subprocess on 127.0.0.1, port 0, the bots
in ``--bot-procs`` processes of their own (so the bots' work is not counted as
the server's, and on two cores the server keeps one):

* the floor: a bare ``websockets`` echo server (no compression, as the game server), ``lanes`` connections each
  sending a small message and waiting for its echo, as fast as it comes --
  as many messages in flight as the saturated run has (one per game: one
  seat moves at a time), measured right before each saturated run;
* (a) saturated: ``lanes`` card games at once (3x3, dealt hands), each lane
  playing games back to back (a game created, its two seats joined, played
  out), bots sending the first legal action as soon as their view says it
  is their turn. A lane creates its games over one lobby connection kept
  across them, as a player keeps theirs, and its two seats connect anew to
  each game's path: two WebSocket handshakes per game (``--lobby-per-game``:
  a lobby connection per game too, three, as the bench did before #40's last
  round -- a game's cost weighs on its nine actions, so the two figures differ); actions per second, as a ratio to the echo floor's round
  trips. Printed with what every part of the machine did over the window
  (cores busy: the server, the bots, PostgreSQL, HAProxy): "saturated" is
  only saturated when the server's share is near one core per worker. With
  few lanes on PostgreSQL it is not -- each game waits for its commits, the
  worker idles -- and the figure is one of commit latency: raise ``--lanes``
  (16 to 32) until the server's share stops growing, or the machine's
  cores are all busy. The bots run in ``--bot-procs`` processes;
* (b) human pace: ``games`` two-seat card games (5x5) held at once, each
  game one action a second; the round trip from an action to its ack (p50,
  p99; the target is p99 <= 50 ms), the server's CPU per action (user +
  system time from /proc, which does not depend on the machine's load), its
  memory per game (resident set size before and after the games were set
  up), and the 1-minute load average at the end of the measurement.

In both (a) and (b) the bots prove every action committed before its
acknowledgement, in their own connection to the server's database: every ack
of 1 game in ``--check-every`` K (10) is looked up as it arrives (was the row
there already?), and every acked action of every game once more after the
window, in one query per 500 games; both counts are printed (``--check-every
1``: every ack live, as before; a query per ack was a third of the bots' CPU).
The echo floor's server and clients, and the bots, ask for no per-message
deflate (``compression=None``), as the game server and its client do. A bot
reads of each view only what it needs (status, ply, seat to move, first legal
action).

``--store postgresql://...`` (or ``throwaway``: a PostgreSQL cluster made for the run, as the tests
make it but with fsync on, as deployed, unless ``--no-fsync``; ``--sync full`` keeps
synchronous_commit on) ``--workers 1 2`` measures ``serve --workers N`` on that database for each
N in one run, instead of the single SQLite server: every figure sums the workers (CPU, memory), the
bots check each ack in the database. Games are created on the workers in turn and their seats
connect to the worker that created them, at the game's path as a client does; with ``--proxy`` everything goes through HAProxy from
deploy/haproxy.cfg instead (games created through the lobby, seats at ``/game/<CODE>``), and
HAProxy's own CPU per action is printed beside the server's.

``--baseline DIR`` measures the server of another copy of the source too
(e.g. ``git worktree add /tmp/base <commit>``) beside this one, for
each measurement, the two in turn: the baseline first in the first, third...
run of ``--repeat``, this source first in the second, fourth... (on one PostgreSQL
the run that comes first after another's differs from it: never compare one order) (with ``--workers``: its workers, and with ``--proxy`` its deploy/haproxy.cfg), and prints the ratio of their CPU per action (with ``--repeat``, of
the medians: on a shared machine the CPU per action of one run varies by 20 % or so).

What a run's tail was made of, on a line of its own (``made of:``): every server process records over
the measured window (jayden_jazz/net/tail.py, switched on by the bench) its batches' commits as its
event loop waited for them and their longest on the database thread, its loop's lateness (a 10 ms
heartbeat; each stall on the CPU, waiting for a core, or blocked) and the collector's pauses per
generation; the bots' loops the same; and PostgreSQL's WAL fsyncs, the checkpoints its log shows
running in the window and the statements of 100 ms or more, lock waits of 100 ms or more and
autovacuum runs it logged in it (the throwaway cluster logs them in UTC and times its WAL I/O;
nothing guaranteed changes; a logged statement is a batch's whole message, its commit too);
PostgreSQL's wait events, sampled every 5 ms (``--wait-every``; 0: not sampled) from pg_stat_activity
by one connection of the bench (its own CPU and its backend's said; about 0.04 + 0.03 of a core), as shares of the window and apart
in the looks where a statement had run 50 ms or more, with the disk's I/Os in flight at each look
(the longest stretch of looks in a row that found one: #40's bad windows at rest were the disk
holding an I/O for 230-390 ms), and the WAL segments filled and made new in pg_wal; and the machine
over the window: cores busy, the run's own and the other processes' (the busiest named), stolen by
the host, CPU and I/O pressure, the disk's writes and flushes with their mean times, PostgreSQL's
processes' time runnable but waiting for a core (/proc). The RESULT line says when other processes
used 0.2 cores or more. ``--pg-nice N`` runs the throwaway PostgreSQL's processes at nice N (an
operator's lever, tried: -10 changed nothing measured). The servers'
part costs a heartbeat per 10 ms per process: ``--no-tail`` leaves it out, and ``--baseline`` does
(the baseline's servers would not pay for it, and its CPU would read as this source's).

``--profile DIR``: every server process profiles itself (jayden_jazz/net/profiling.py: cProfile of
the event loop, each thread's CPU) over the measured window alone (this source's servers; a baseline
from before the window's file profiles its whole life), read with ``python -m pstats DIR/serve-PID.prof``;
``DIR/serve-PID.window``: each of its threads' CPU seconds over the window.
"""

from __future__ import annotations

import argparse
import asyncio
import glob
import json
import multiprocessing as mp
import os
import random
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import zlib
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from websockets.asyncio.client import connect  # noqa: E402
from websockets.asyncio.server import serve  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402

from jayden_jazz.net.protocol import VERSION  # noqa: E402
from jayden_jazz.net.schema import ARCHIVE  # noqa: E402
from jayden_jazz.net import tail  # noqa: E402

HOST = "127.0.0.1"
TARGET_P99_MS = 50.0


# ---------------------------------------------------------------------- servers


async def echo_main() -> None:
    async def echo(ws: Any) -> None:
        async for msg in ws:
            await ws.send(msg)
    async with serve(echo, HOST, 0, ping_interval=None, compression=None) as server:   # as the game server
        print(f"echo ws://{HOST}:{server.sockets[0].getsockname()[1]}", flush=True)
        await asyncio.Future()


def server_cmd(source: Path, sync: str) -> list[str]:
    """The game server of the source tree ``source`` (this one, or a baseline's)."""
    cmd = [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(source)!r}); "
                                 "from jayden_jazz.net.__main__ import main; sys.exit(main())",
           "serve", "--port", "0", "--rate", "1000", "--max-connections", "100000", "--max-games", "1000000",
           "--sync", sync]
    if os.environ.get("BENCH_SERVER_CMD"):          # e.g. a profiling wrapper
        cmd = os.environ["BENCH_SERVER_CMD"].split()
    return cmd


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


def stop(proc: subprocess.Popen[str]) -> None:
    proc.terminate()
    out, _ = proc.communicate(timeout=30)
    if out and os.environ.get("BENCH_SERVER_CMD"):
        print(out)


def cpu_seconds(pid: int) -> float:
    """User + system CPU time the process has used (a busy shared machine slows the wall
    clock, not this)."""
    return sum(cpu_split(pid))


def cpu_split(pid: int) -> tuple[float, float]:
    """(user, system) CPU seconds of the process."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


def cpu_all(pids: list[int]) -> tuple[float, float]:
    """(user, system) CPU seconds of several processes (the workers) together."""
    split = [cpu_split(p) for p in pids]
    return sum(u for u, _s in split), sum(s for _u, s in split)


def cpu_alive(pids: list[int]) -> dict[int, float]:
    """CPU seconds of each of ``pids`` still running (a database backend may end meanwhile)."""
    out = {}
    for p in pids:
        try:
            out[p] = cpu_seconds(p)
        except OSError:
            pass
    return out


def machine_share(busy: dict[str, float | None], workers: int) -> str:
    """What the machine's cores did over the window: each part's CPU in cores (1.00 = one core busy)."""
    parts = [f"{name} {cores:.2f}" for name, cores in busy.items() if cores is not None]
    return (f"cores busy: {', '.join(parts)} of {os.cpu_count()} "
            f"(the server's {(busy['server'] or 0.0) / workers:.0%} of one core per worker process)")


def whole_disks() -> set[str]:
    """The names of the machine's whole disks (not their partitions): those with a device."""
    return {p.parent.name for p in Path("/sys/block").glob("*/device")}


def disk_rows(disks: set[str]) -> list[list[str]]:
    """The /proc/diskstats rows of ``disks``, split into fields (see the kernel's iostats)."""
    return [d for d in (line.split() for line in Path("/proc/diskstats").read_text().splitlines())
            if len(d) >= 14 and d[2] in disks]


def machine_counters() -> dict[str, float]:
    """The whole machine's counters (Linux; what a kernel lacks is left out): its cores' time busy,
    stolen by the host (a VM's cores run when the host lets them) and idle waiting for I/O (/proc/stat,
    seconds); the disks' writes and cache flushes -- an fdatasync on most disks -- with the ms the
    kernel counted them in flight (/proc/diskstats, whole disks only); and the time some task waited
    for a core, or for I/O (/proc/pressure, seconds). Over a window they say whether a slow fsync was
    the disk's (its flushes slow) or the machine's (cores taken: by other work or by the host)."""
    out: dict[str, float] = {}
    tick = os.sysconf("SC_CLK_TCK")
    try:
        f = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
        out.update(cpu_busy=(f[0] + f[1] + f[2] + f[5] + f[6]) / tick, cpu_iowait=f[4] / tick,
                   cpu_steal=(f[7] if len(f) > 7 else 0) / tick)
    except (OSError, ValueError, IndexError):
        pass
    try:
        whole = disk_rows(whole_disks())
        out.update(disk_writes=sum(int(d[7]) for d in whole), disk_write_ms=sum(int(d[10]) for d in whole))
        if whole and all(len(d) >= 20 for d in whole):
            out.update(disk_flushes=sum(int(d[18]) for d in whole), disk_flush_ms=sum(int(d[19]) for d in whole))
    except (OSError, ValueError, IndexError):
        pass
    for name in ("cpu", "io"):
        try:
            some = Path(f"/proc/pressure/{name}").read_text().split("\n", 1)[0]
            out[f"{name}_pressure"] = int(some.rsplit("total=", 1)[1]) / 1e6
        except (OSError, ValueError, IndexError):
            pass
    return out


def all_cpu() -> dict[int, tuple[float, str]]:
    """Every process's CPU seconds and command line (its first 60 characters), from /proc: the
    window's other work named (one that ends meanwhile is not counted)."""
    out: dict[int, tuple[float, str]] = {}
    for stat in glob.glob("/proc/[0-9]*/stat"):
        pid = int(stat.split("/")[2])
        try:
            cpu = cpu_seconds(pid)
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
        except (OSError, ValueError, IndexError):
            continue
        out[pid] = (cpu, cmd[:60])
    return out


def queued(pids: list[int]) -> dict[int, float]:
    """Each process's seconds runnable but waiting for a core so far (/proc/PID/schedstat's second
    field, its main thread: one thread in each of PostgreSQL's processes); one gone or without it is left out."""
    out = {}
    for pid in pids:
        try:
            out[pid] = int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9
        except (OSError, ValueError, IndexError):
            continue
    return out


def others_busy(before: dict[int, tuple[float, str]], after: dict[int, tuple[float, str]], ours: set[int],
                seconds: float, top: int = 3) -> list[tuple[str, float]]:
    """The processes not the run's that used the most cores over the window (their command line,
    cores), those of 0.02 or more; ``ours``: the run's (the bench, its bots, servers, PostgreSQL,
    HAProxy)."""
    used = [(after[p][1] or f"pid {p}", (after[p][0] - c) / seconds)
            for p, (c, _cmd) in before.items() if p in after and p not in ours]
    return sorted([u for u in used if u[1] >= 0.02], key=lambda u: -u[1])[:top]


AT_REST = 0.2
"""Cores other processes may use over a window before its report says the machine was not at rest."""


def own_cores(r: dict[str, Any]) -> float:
    """The cores the run's own processes used over the window (server, bots, PostgreSQL, HAProxy, bench)."""
    return sum(v for v in (r.get("busy") or {}).values() if v is not None) + r.get("bench_busy", 0.0)


def other_cores(r: dict[str, Any]) -> float | None:
    """The cores the machine's other processes used over the window (None: not known)."""
    m = r.get("machine") or {}
    return max(0.0, m["cpu_busy"] / r.get("seconds", 10.0) - own_cores(r)) if "cpu_busy" in m else None


def _machine(m: dict[str, float] | None, seconds: float, measured: float,
             others: list[tuple[str, float]] | None = None) -> list[str]:
    """The made-of line's part for the machine over the window (:func:`machine_counters`' deltas);
    ``measured``: the cores the run's own processes used (server, bots, PostgreSQL, HAProxy, bench);
    ``others``: the busiest other processes (:func:`others_busy`)."""
    if not m or "cpu_busy" not in m:
        return []
    said = (f"the machine over the window: cores busy {m['cpu_busy'] / seconds:.2f} (the run's own processes "
            f"{measured:.2f}, others {max(0.0, m['cpu_busy'] / seconds - measured):.2f}"
            + "".join(f"; {cmd} {cores:.2f}" for cmd, cores in others or [])
            + f"), stolen by the host {m['cpu_steal'] / seconds:.2f}")
    if "cpu_pressure" in m:
        said += (f", some task waiting for a core {100 * m['cpu_pressure'] / seconds:.0f}% of the time, "
                 f"for I/O {100 * m.get('io_pressure', 0.0) / seconds:.0f}%")
    if m.get("disk_writes"):
        said += f"; disk writes {m['disk_writes']:,.0f}, mean {m['disk_write_ms'] / m['disk_writes']:.2f} ms"
    if m.get("disk_flushes"):
        said += f", flushes {m['disk_flushes']:,.0f}, mean {m['disk_flush_ms'] / m['disk_flushes']:.2f} ms"
    return [said]


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


# ---------------------------------------------------------------------- bots (in their own processes)


@dataclass
class Stats:
    rtts: list[float] = field(default_factory=list)   # round trips acked inside the window
    acks: int = 0                                      # acks inside the window
    uncommitted: int = 0       # checked live, and not yet in the database when acked
    checked_live: int = 0
    missing: int = 0           # acked, and not in the database at the end
    checked_end: int = 0
    errors: int = 0
    late_max: float = 0.0      # the bot process's event loop: its longest lateness in the window (s)
    stalls: int = 0            # its heartbeats that woke STALL s late or more
    stalls_off: int = 0        # of those, the ones its thread spent less than half of off the CPU


STALL = 0.02
"""Seconds late a heartbeat (the server's, jayden_jazz/net/tail.py, or a bot process's) counts as a stall."""


@dataclass
class Window:
    """Absolute times (time.time()): bots act from ``go``; only [start, end) is counted.
    ``known`` is set once the times are."""

    go: float = 0.0
    start: float = 0.0
    end: float = 0.0
    known: asyncio.Event = field(default_factory=asyncio.Event)

    def counts(self, now: float) -> bool:
        return self.start <= now < self.end


class Checker:
    """The proof that every ack came after its commit, at a bounded cost to the bots. ``spec``: the
    SQLite server's data folder, or the PostgreSQL address the workers share.

    Live: every ack of 1 game in ``every`` (by its id, so a sampled game is checked at every ply) is
    looked up in the database the moment it arrives -- was the row there already? At the end (after
    the measured window): every acked action of every game, in one query per ``BATCH`` games. A query
    per ack cost the bots about a third of their CPU and PostgreSQL a share of its own (#40); ``every``
    1 checks every ack live, as before."""

    BATCH = 500
    """Games per query of the end check."""

    def __init__(self, spec: str, every: int = 1) -> None:
        self.every = max(1, every)
        self.acked: dict[str, list[int]] = {}
        self.pg = spec.startswith(("postgresql://", "postgres://"))
        if self.pg:
            import psycopg
            self.db: Any = psycopg.connect(spec, autocommit=True)
            self.sql = "SELECT 1 FROM actions WHERE game_id=%s AND ply=%s"
        else:
            self.db = sqlite3.connect(f"file:{Path(spec) / 'games.sqlite3'}?mode=ro", uri=True)
            self.sql = "SELECT 1 FROM actions WHERE game_id=? AND ply=?"

    def sampled(self, game: str) -> bool:
        return self.every == 1 or zlib.crc32(game.encode()) % self.every == 0

    def committed(self, game: str, ply: int) -> bool:
        return self.db.execute(self.sql, (game, ply)).fetchone() is not None

    def ack(self, game: str, ply: int, stats: Stats) -> None:
        """An action acknowledged: kept for the end check, and checked now if its game is sampled."""
        self.acked.setdefault(game, []).append(ply)
        if self.sampled(game):
            stats.checked_live += 1
            if not self.committed(game, ply):
                stats.uncommitted += 1

    def stored(self, games: list[str]) -> set[tuple[str, int]]:
        """(game, ply) of every action of ``games`` in the database (the archive too: a worker started
        again archives the finished games)."""
        if self.pg:
            rows = self.db.execute(f"SELECT game_id, ply FROM actions WHERE game_id = ANY(%s) UNION ALL "
                                   f"SELECT game_id, ply FROM {ARCHIVE['actions']} WHERE game_id = ANY(%s)",
                                   (games, games)).fetchall()
        else:
            marks = ",".join("?" * len(games))
            rows = self.db.execute(f"SELECT game_id, ply FROM actions WHERE game_id IN ({marks}) UNION ALL "
                                   f"SELECT game_id, ply FROM {ARCHIVE['actions']} WHERE game_id IN ({marks})",
                                   games + games).fetchall()
        return {(g, int(p)) for g, p in rows}

    def at_end(self, stats: Stats) -> None:
        """Every acked action looked up, ``BATCH`` games a query: those not in the database are counted."""
        games = list(self.acked)
        for i in range(0, len(games), self.BATCH):
            some = games[i:i + self.BATCH]
            found = self.stored(some)
            for g in some:
                plies = self.acked[g]
                stats.checked_end += len(plies)
                stats.missing += sum((g, p) not in found for p in plies)


HEAD = re.compile(r'"status":"(\w+)","ply":(\d+),"to_move":(null|\d+)')
FIRST_STRING = json.JSONDecoder()


def read_view(text: str) -> tuple[str, int, int | None, str | None]:
    """(status, ply, seat to move, first legal action) of a view, without decoding the rest
    (the server writes ``type`` first and these three early; ``legal`` is a top-level key and
    no string holds an unescaped quote, so its last occurrence is the key)."""
    m = HEAD.search(text, 0, 600)
    if m is None:
        v = json.loads(text)
        return v["status"], v["ply"], v["to_move"], (v["legal"] or [None])[0]
    i = text.rfind('"legal":[') + 9
    first = FIRST_STRING.raw_decode(text, i)[0] if text[i] == '"' else None
    return m.group(1), int(m.group(2)), None if m.group(3) == "null" else int(m.group(3)), first


async def hello(ws: Any) -> None:
    await ws.send(json.dumps({"type": "hello", "version": VERSION}))
    json.loads(await ws.recv())


async def seat_bot(url: str, game: str, seat: int, stats: Stats, checker: Checker, window: Window,
                   pace: float, joined: asyncio.Event | None = None) -> None:
    try:
        await play_seat(url, game, seat, stats, checker, window, pace, joined)
    except (OSError, TimeoutError, ConnectionClosed) as e:       # never joined: counted, and not waited for
        stats.errors += 1
        if stats.errors <= 3:
            print(f"a seat could not join {url}: {type(e).__name__}: {e}", file=sys.stderr, flush=True)
    finally:
        if joined is not None:
            joined.set()


async def play_seat(url: str, game: str, seat: int, stats: Stats, checker: Checker, window: Window,
                    pace: float, joined: asyncio.Event | None) -> None:
    async with connect(url, max_size=None, ping_interval=None, open_timeout=120, compression=None, proxy=None) as ws:
        await hello(ws)
        await ws.send(json.dumps({"type": "join", "game": game, "seat": seat}))
        sent_at = 0.0
        sent_ply = -1
        try:
            while True:
                raw = await ws.recv()
                assert isinstance(raw, str)
                if raw.startswith('{"type":"view"'):
                    status, ply, to_move, first = read_view(raw)
                    if joined is not None:
                        joined.set()
                        joined = None
                    if status == "over":
                        return
                    if to_move == seat and ply > sent_ply and first is not None:
                        await window.known.wait()
                        now = time.time()
                        if now < window.go:
                            await asyncio.sleep(window.go - now)
                        if pace:
                            await asyncio.sleep(pace * (random.random() * 2 if ply == 0 else 1))
                        if time.time() >= window.end:
                            return
                        sent_ply = ply
                        sent_at = time.perf_counter()
                        await ws.send(json.dumps({"type": "action", "ply": ply, "action": first}))
                elif raw.startswith('{"type":"ack"'):
                    m = json.loads(raw)
                    if "action" in m and not m.get("duplicate"):
                        if window.counts(time.time()):
                            stats.rtts.append(time.perf_counter() - sent_at)
                            stats.acks += 1
                        checker.ack(game, m["ply"], stats)
                elif raw.startswith(('{"type":"error"', '{"type":"moved"')):
                    stats.errors += 1
                    if stats.errors <= 3:
                        print(f"a seat was answered {raw[:200]}", file=sys.stderr, flush=True)
        except ConnectionClosed as e:
            if time.time() < window.end:
                stats.errors += 1
                if stats.errors <= 3:
                    print(f"a seat's connection was closed: {e}", file=sys.stderr, flush=True)


async def create_one(ws: Any, setup: dict[str, Any]) -> tuple[str, str]:
    """A game created over the lobby connection ``ws`` (said hello): its (id, code). A create
    answered ``rate_limited`` (20 messages a second per connection) is made again a little later."""
    while True:
        await ws.send(json.dumps({"type": "create", "kind": "cards", "setup": setup,
                                  "seats": [{"kind": "human"}, {"kind": "human"}]}))
        m = json.loads(await ws.recv())
        if m["type"] == "created":
            return m["game"], m["code"]
        if m["type"] == "error" and m.get("code") == "rate_limited":
            await asyncio.sleep(0.1)
            continue
        raise SystemExit(f"the server refused a game: {m}")


async def create_games(url: str, n: int, setup: dict[str, Any]) -> list[tuple[str, str]]:
    """``n`` games created over one connection to ``url``: their (id, code)."""
    async with connect(url, max_size=None, ping_interval=None, compression=None, proxy=None) as ws:
        await hello(ws)
        return [await create_one(ws, setup) for _ in range(n)]


async def saturated_lane(target: Target, url: str, stats: Stats, checker: Checker, window: Window) -> None:
    """One saturated lane: 3x3 games created at ``url`` and played out by its two seats, back to back
    until the window ends. The lane's lobby connection is kept across its games, as a player keeps
    theirs (``target.lobby_per_game``: a new one for every game, as the bench did before)."""
    setup = {"rules": {"random": True}, "field": "3x3"}

    async def play(game: str, code: str) -> None:
        at = target.seat_url(url, code)
        await asyncio.gather(*(seat_bot(at, game, s, stats, checker, window, 0.0) for s in (0, 1)))

    if target.lobby_per_game:          # a new lobby connection for every game (and its handshake)
        while time.time() < window.end:
            ((game, code),) = await create_games(url, 1, setup)
            await play(game, code)
        return
    async with connect(url, max_size=None, ping_interval=None, compression=None, proxy=None) as lobby:
        await hello(lobby)
        while time.time() < window.end:
            await play(*await create_one(lobby, setup))


@dataclass
class Target:
    """Where the bots play: the URLs games are created on (in turn), whether through a proxy, what
    the checker reads, the processes measured."""

    urls: list[str]
    proxied: bool
    check: str
    pids: list[int]
    proxy_pid: int | None = None
    db_pids: Any = None
    """() -> the database server's processes (the throwaway PostgreSQL's), or None: not measured."""
    check_every: int = 1
    """The bots check every ack live of 1 game in this many (:class:`Checker`); every ack at the end."""
    pg_log: Path | None = None
    """The throwaway PostgreSQL's log (its checkpoints are read from it), or None."""
    lobby_per_game: bool = False
    """Saturated: each game created over a lobby connection of its own, opened and closed with it
    (the bench before #40's last round), instead of one lobby connection per lane kept across its
    games as a player keeps theirs."""

    def seat_url(self, url: str, code: str) -> str:
        """A seat connects at its game's path, as the game's client does (a proxy routes by it; a
        worker asked for a game it is letting go waits for it rather than answer ``moved``; a
        single server ignores it)."""
        return f"{url}/game/{code}"


async def bots_main(target: Target, games: list[tuple[str, str]], lanes: list[int], pace: float,
                    pipe: Connection) -> None:
    """One bot process: the seats of ``games`` (human pace) or the ``lanes`` (their numbers among
    all processes' lanes), each games played back to back at full speed (saturated). Says ``ready`` once every seat has its first view, is told
    the window, and sends back its Stats at the window's end."""
    stats = Stats()
    checker = Checker(target.check, target.check_every)
    window = Window(go=float("inf"), start=float("inf"), end=float("inf"))
    tasks = []
    if games:
        joins = []
        for url, gid in games:
            for s in (0, 1):
                ev = asyncio.Event()
                joins.append(ev)
                tasks.append(asyncio.ensure_future(seat_bot(url, gid, s, stats, checker, window, pace, ev)))
            await asyncio.sleep(0.002)            # a ramp, not a stampede of handshakes
        await asyncio.gather(*(e.wait() for e in joins))
    else:
        async def lane(i: int) -> None:
            await saturated_lane(target, target.urls[i % len(target.urls)], stats, checker, window)
    pipe.send("ready")
    loop = asyncio.get_running_loop()
    window.go, window.start, window.end = await loop.run_in_executor(None, pipe.recv)
    window.known.set()
    beat = asyncio.ensure_future(heartbeat(window, stats))
    if not games:
        tasks = [asyncio.ensure_future(lane(i)) for i in lanes]
    await asyncio.sleep(max(0.0, window.end - time.time()))
    for t in [*tasks, beat]:
        t.cancel()
    await asyncio.gather(*tasks, beat, return_exceptions=True)
    checker.at_end(stats)           # after the window: its CPU is not the bots' per action
    pipe.send(stats)


async def heartbeat(window: Window, stats: Stats) -> None:
    """The bot process's own event loop, measured as the server's is (jayden_jazz/net/tail.py): a
    late bot reads as a slow round trip though the server answered at once."""
    while True:
        t, c = time.perf_counter(), time.thread_time()
        await asyncio.sleep(tail.TICK)
        late, used = time.perf_counter() - t - tail.TICK, time.thread_time() - c
        if window.counts(time.time()):
            stats.late_max = max(stats.late_max, late)
            stats.stalls += late >= STALL
            stats.stalls_off += late >= STALL and used < late / 2


def bots_process(target: Target, games: list[tuple[str, str]], lanes: list[int], pace: float, pipe: Connection) -> None:
    random.seed(hash((target.urls[0], len(games), os.getpid())))
    asyncio.run(bots_main(target, games, lanes, pace, pipe))


# ---------------------------------------------------------------------- the measurements


async def echo_floor(url: str, pid: int, lanes: int, seconds: float) -> tuple[float, float]:
    count = 0
    end = time.perf_counter() + seconds
    c0 = cpu_seconds(pid)

    async def lane() -> None:
        nonlocal count
        async with connect(url, ping_interval=None, compression=None, proxy=None) as ws:     # as the game's client
            msg = json.dumps({"type": "action", "ply": 3, "action": "default/ember_fox@b2", "ref": 1})
            while time.perf_counter() < end:
                await ws.send(msg)
                await ws.recv()
                count += 1
    await asyncio.gather(*(lane() for _ in range(lanes)))
    return count / seconds, (cpu_seconds(pid) - c0) * 1000 / max(1, count)


def watched() -> list[Path]:
    """The folders the servers read the measured window from: the profile's (``--profile``) and the
    tail's (jayden_jazz/net/tail.py: always, set by :func:`main`)."""
    return [Path(os.environ[e]) for e in ("JAYDEN_JAZZ_PROFILE", tail.ENV) if os.environ.get(e)]


def name_window(folder: Path, start: float, end: float) -> None:
    """``folder/window``: "START END", written whole (a server never reads half of it)."""
    (folder / "window.tmp").write_text(f"{start} {end}")
    (folder / "window.tmp").replace(folder / "window")


CHECKPOINT_COUNTERS = ("checkpoints_timed", "checkpoints_req", "checkpoint_write_time", "checkpoint_sync_time",
                       "buffers_checkpoint")
WAL_COUNTERS = ("wal_records", "wal_write", "wal_sync", "wal_write_time", "wal_sync_time", "wal_buffers_full")


def pg_stat(spec: str) -> Any:
    """A connection reading PostgreSQL's counters (opened before the window), or None (SQLite)."""
    if not spec.startswith(("postgresql://", "postgres://")):
        return None
    import psycopg
    return psycopg.connect(spec, autocommit=True)


def pg_counters(db: Any) -> dict[str, float]:
    """PostgreSQL's own counters (cluster-wide): its checkpoints and its WAL's writes and fsyncs
    (their times when track_wal_io_timing is on, as on the throwaway cluster). PostgreSQL 17 moved the
    checkpoints to pg_stat_checkpointer; what a version lacks is left out. Backends flush these
    within a second or so: a window's figures, not a single commit's."""
    if db is None:
        return {}
    out: dict[str, float] = {}
    for sql, names in ((f"SELECT {', '.join(CHECKPOINT_COUNTERS)} FROM pg_stat_bgwriter", CHECKPOINT_COUNTERS),
                       ("SELECT num_timed, num_requested, write_time, sync_time, buffers_written "
                        "FROM pg_stat_checkpointer", CHECKPOINT_COUNTERS),
                       (f"SELECT {', '.join(WAL_COUNTERS)} FROM pg_stat_wal", WAL_COUNTERS)):
        try:
            row = db.execute(sql).fetchone()
        except Exception:             # not in this version
            continue
        if row is not None and not any(n in out for n in names):
            out.update({n: float(v or 0) for n, v in zip(names, row)})
    return out


def pg_delta(before: dict[str, float], after: dict[str, float]) -> dict[str, float]:
    return {k: after[k] - v for k, v in before.items() if k in after}


WAIT_SQL = ("SELECT backend_type, wait_event_type, wait_event, "
            "coalesce(extract(epoch FROM clock_timestamp() - query_start), 0) FROM pg_stat_activity WHERE pid <> pg_backend_pid() "
            "AND (state = 'active' OR (backend_type <> 'client backend' AND wait_event_type IS DISTINCT FROM 'Activity'))")
"""The backends at work (a client's running a statement; a background process -- WAL writer,
checkpointer -- not sleeping in its main loop) and what each waits on; no wait event: on the CPU
(or in a call PostgreSQL does not name); with the seconds since the statement began (a batch's
message: its statements and the commit that ends them, one line of the log)."""
WAIT_EVERY = 0.005
"""Seconds between the wait sampler's looks (``--wait-every``; 0: PostgreSQL's waits not sampled)."""
LONG = 0.05
"""A look where a statement has run this many seconds or more is counted apart as well (every
backend's wait in it): what the tail's slow batches wait on, which the window's shares dilute."""
WAL_SQL = ("SELECT pg_current_wal_lsn() - '0/0'::pg_lsn, (SELECT count(*) FROM pg_ls_waldir() WHERE name ~ '^[0-9A-F]{24}$'), "
           "(SELECT setting::bigint FROM pg_settings WHERE name = 'wal_segment_size')")
"""The WAL's position in bytes, the segment files in pg_wal and a segment's size: a young cluster's
pg_wal grows a file per segment filled (each made and zero-filled as it comes); a warmed one's
renames a spent segment instead (recycled, nothing written ahead)."""


def wait_key(backend: str | None, kind: str | None, event: str | None) -> tuple[bool, str]:
    """A sample's name: the wait (``IO:WALSync``) or ``(on CPU)``, and whether a statement's (a
    client backend's); a background process's is named with its type first (``walwriter IO:WALWrite``)."""
    said = f"{kind}:{event}" if kind else "(on CPU)"
    return (True, said) if backend in (None, "client backend") else (False, f"{backend} {said}")


def wal_moved(before: tuple[int, int, int] | None, after: tuple[int, int, int] | None) -> dict[str, int] | None:
    """The WAL over the window from two :data:`WAL_SQL` rows: bytes written, segments filled, files
    in pg_wal before and after."""
    if before is None or after is None:
        return None
    size = max(1, after[2])
    return {"bytes": after[0] - before[0], "segments": after[0] // size - before[0] // size,
            "files_before": before[1], "files_after": after[1]}


class WaitSampler(threading.Thread):
    """PostgreSQL's wait events sampled over the window (#40: a plain INSERT of 270 ms -- on what?):
    one connection of its own polling :data:`WAIT_SQL` every ``every`` s, counting each backend seen
    per :func:`wait_key`; its own cost (this thread's CPU and its backend's) is counted and said."""

    def __init__(self, spec: str, start: float, end: float, every: float = 0.005) -> None:
        super().__init__(daemon=True, name="pg-waits")
        import psycopg
        self.db = psycopg.connect(spec, autocommit=True)
        self.start_at, self.end_at, self.every = start, end, every
        self.counts: dict[str, int] = {}
        """Samples per wait of the statements running."""
        self.background: dict[str, int] = {}
        """Samples per wait of the background processes at work."""
        self.long: dict[str, int] = {}
        """Samples per wait (statements' and background processes' alike) in the looks where a
        statement had run :data:`LONG` s or more."""
        self.long_looks = 0
        self.disks = whole_disks()
        self.disk_looks = 0
        """Looks that found the disk with an I/O in flight, and of the long looks those that did."""
        self.disk_long = 0
        self.disk_run = 0.0
        """The longest stretch of looks in a row that found an I/O in flight (s, look to look)."""
        self.looks = 0
        self.cpu = 0.0
        row = self.db.execute("SELECT pg_backend_pid()").fetchone()
        self.pid = int(row[0]) if row else 0
        self.backend_cpu = 0.0
        self.failed = ""
        self.wal: tuple[tuple[int, int, int] | None, tuple[int, int, int] | None] = (None, None)

    def _disk(self) -> int:
        """The I/Os the whole disks have in flight now (/proc/diskstats' ninth field; 0 where none)."""
        try:
            return sum(int(d[11]) for d in disk_rows(self.disks))
        except (OSError, ValueError):
            return 0

    def _wal(self) -> tuple[int, int, int] | None:
        try:
            row = self.db.execute(WAL_SQL).fetchone()
        except Exception:           # pg_ls_waldir needs a superuser or pg_monitor: left out
            return None
        return (int(row[0]), int(row[1]), int(row[2])) if row else None

    def run(self) -> None:
        try:
            time.sleep(max(0.0, self.start_at - time.time()))
            wal0, c0, b0 = self._wal(), time.thread_time(), cpu_seconds(self.pid)
            busy_since: float | None = None
            while time.time() < self.end_at:
                rows = [(wait_key(*row[:3]), float(row[3])) for row in self.db.execute(WAIT_SQL).fetchall()]
                long = any(client and ran >= LONG for (client, _key), ran in rows)
                self.long_looks += long
                now, in_flight = time.perf_counter(), self._disk() > 0
                self.disk_looks += in_flight
                self.disk_long += in_flight and long
                busy_since = (busy_since if busy_since is not None else now) if in_flight else None
                if busy_since is not None:
                    self.disk_run = max(self.disk_run, now - busy_since)
                for (client, key), _ran in rows:
                    into = self.counts if client else self.background
                    into[key] = into.get(key, 0) + 1
                    if long:
                        self.long[key] = self.long.get(key, 0) + 1
                self.looks += 1
                time.sleep(self.every)
            self.cpu, self.backend_cpu = time.thread_time() - c0, cpu_seconds(self.pid) - b0
            self.wal = (wal0, self._wal())
        except Exception as e:      # the run goes on without: said in the line
            self.failed = f"{type(e).__name__}: {e}"[:100]
        finally:
            self.db.close()

    def figures(self) -> dict[str, Any]:
        return {"looks": self.looks, "every_ms": self.every * 1000, "counts": dict(self.counts),
                "background": dict(self.background), "failed": self.failed,
                "long": dict(self.long), "long_looks": self.long_looks, "long_ms": LONG * 1000,
                "disk_looks": self.disk_looks, "disk_long": self.disk_long, "disk_run_ms": self.disk_run * 1000,
                "cpu_ms": self.cpu * 1000, "backend_cpu_ms": self.backend_cpu * 1000,
                "seconds": self.end_at - self.start_at, "wal": wal_moved(*self.wal)}


def _waits(w: dict[str, Any] | None, top: int = 6) -> list[str]:
    """The made-of line's part for the sampled waits: the statements' top waits as shares of the
    samples, the background processes' apart, the sampler's own cost, the WAL segments."""
    if w is None:
        return []
    if w.get("failed"):
        return [f"PostgreSQL's waits not sampled ({w['failed']})"]
    client, background = w["counts"], w.get("background", {})
    seen = sum(client.values())
    said = (f"PostgreSQL's waits sampled ({w['looks']:,} looks every {w['every_ms']:.0f} ms, {seen:,} statements "
            f"seen running; the sampler's CPU {w['cpu_ms']:.0f} ms + its backend's {w['backend_cpu_ms']:.0f} ms "
            f"in {w['seconds']:.0f} s): ")
    ranked = sorted(client.items(), key=lambda kv: (-kv[1], kv[0]))
    said += ", ".join(f"{k} {100 * n / seen:.0f}%" if seen else k for k, n in ranked[:top]) or "none running"
    if background:
        said += "; background: " + ", ".join(f"{k} {n}" for k, n in sorted(background.items(), key=lambda kv: (-kv[1], kv[0]))[:top])
    out = [said]
    if "long" in w:
        many = sum(w["long"].values())
        ranked = sorted(w["long"].items(), key=lambda kv: (-kv[1], kv[0]))
        out.append(f"in the {w['long_looks']:,} looks where a statement had run {w['long_ms']:.0f} ms or more: "
                   + (", ".join(f"{k} {100 * n / many:.0f}%" for k, n in ranked[:top]) if many else "none")
                   + (f" (the disk with an I/O in flight in {w['disk_long']:,} of them)" if "disk_long" in w and many else ""))
    if "disk_looks" in w:
        out.append(f"the disk had an I/O in flight in {w['disk_looks']:,} looks, at most "
                   f"{w['disk_run_ms']:.0f} ms in a row")
    wal = w.get("wal")
    if wal:
        made = max(0, wal["files_after"] - wal["files_before"])
        out.append(f"WAL {wal['bytes'] / 2**20:.1f} MB in the window, {wal['segments']} segments filled; files in "
                   f"pg_wal {wal['files_before']} -> {wal['files_after']} ({made} made new and zero-filled, "
                   f"{max(0, wal['segments'] - made)} recycled)")
    return out


def log_lines(log: Path | None) -> list[str] | None:
    """The throwaway PostgreSQL's log as lines; None without one (a database given by address) or
    when it cannot be read."""
    if log is None:
        return None
    try:
        return log.read_text(errors="replace").splitlines()
    except OSError:
        return None


LOG_TIME = re.compile(r"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)?) (\S+) .*?checkpoint (starting|complete): ?(.*)$")


def checkpoints_in(log: Path | None, start: float, end: float) -> list[dict[str, Any]] | None:
    """The checkpoints PostgreSQL's log says ran at any time in [start, end) (begun before it and still
    running count: a spread checkpoint writes for minutes, and its counter moves only at its end), each
    with its start, end (None: still running) and what its completion line says (write, sync, longest
    file's sync); None without a log (a database given by address)."""
    lines = log_lines(log)
    if lines is None:
        return None
    import datetime as dt
    found: list[dict[str, Any]] = []
    for line in lines:
        m = LOG_TIME.match(line)
        if not m:
            continue
        when = dt.datetime.fromisoformat(m.group(1))
        at = when.replace(tzinfo=dt.timezone.utc).timestamp() if m.group(2) in ("UTC", "GMT") else when.timestamp()
        if m.group(3) == "starting":
            found.append({"start": at, "end": None, "why": m.group(4), "done": ""})
        elif found and found[-1]["end"] is None:
            found[-1].update(end=at, done=m.group(4))
    return [c for c in found if c["start"] < end and (c["end"] is None or c["end"] > start)]


LOG_LINE = re.compile(r"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)?) (\S+) .*?(?:LOG|ERROR):\s+(.*)$")
DURATION = re.compile(r"duration: ([\d.]+) ms\s+(?:statement|execute[^:]*): ?(.*)")
SLOW_MS = 100
"""The throwaway cluster logs every statement of this many ms or more (log_min_duration_statement)."""


def slow_in(log: Path | None, start: float, end: float) -> dict[str, Any] | None:
    """What PostgreSQL's log says held it up in [start, end) (the throwaway cluster logs them):
    statements of :data:`SLOW_MS` ms or more (ms, the statement's first line, its lines: a server's
    batch is one message of a statement a line, run as one transaction, and its time in the log is
    the whole message's, its commit's too), waits for a lock
    longer than its deadlock_timeout (the log's words), autovacuum and autoanalyze runs; None
    without a log (a database given by address)."""
    lines = log_lines(log)
    if lines is None:
        return None
    import datetime as dt
    out: dict[str, Any] = {"statements": [], "lock_waits": [], "autovacuum": []}
    counting: list[Any] | None = None
    for line in lines:
        if line.startswith("\t") and counting is not None:     # a message's next line: one statement more
            counting[2] += 1
            continue
        counting = None
        m = LOG_LINE.match(line)
        if not m:
            continue
        when = dt.datetime.fromisoformat(m.group(1))
        at = when.replace(tzinfo=dt.timezone.utc).timestamp() if m.group(2) in ("UTC", "GMT") else when.timestamp()
        if not start <= at < end:
            continue
        text = m.group(3)
        d = DURATION.match(text)
        if d:
            counting = [float(d.group(1)), d.group(2)[:120], 1]
            out["statements"].append(counting)
        elif "still waiting for" in text or ("acquired" in text and "after" in text):
            out["lock_waits"].append(text[:160])
        elif text.startswith("automatic "):
            out["autovacuum"].append(text[:160])
    return out


def _slow(slow: dict[str, Any] | None) -> list[str]:
    if slow is None:
        return []
    said = f"statements >= {SLOW_MS} ms in the window {len(slow['statements'])}"
    if slow["statements"]:
        ms, text, *lines = max(slow["statements"])
        more = "" if not lines else f"a batch of {lines[0]} line{'s' if lines[0] > 1 else ''} and its commit, the first "
        said += f" (the longest {ms:.1f} ms: {more}{text[:80]})"
    said += f"; lock waits {len(slow['lock_waits'])}" + (f" ({slow['lock_waits'][0][:100]})" if slow["lock_waits"] else "")
    said += f"; autovacuum runs {len(slow['autovacuum'])}" + (f" ({slow['autovacuum'][0][:100]})" if slow["autovacuum"] else "")
    return [said]


def _off_cpu(t: dict[str, Any]) -> str:
    """The stalls off the CPU told apart where the kernel said (jayden_jazz/net/tail.py's schedstat)."""
    if "stalls_queued" not in t or t["stalls_queued"] + t["stalls_blocked"] == 0:
        return ""
    return f" -- {t['stalls_queued']} waiting for a core, {t['stalls_blocked']} blocked in a call or for the GIL"


def made_of(r: dict[str, Any]) -> str:
    """What the window's waits were made of: the workers' commits as their event loop waited for them,
    the loops' lateness and the collector's pauses (jayden_jazz/net/tail.py), the bots' loops, and
    PostgreSQL's checkpoints and WAL fsyncs over the window."""
    out = []
    t = r.get("tail")
    if t:
        out.append(f"commits {t['batches']:,} ({t['writes_per_batch']:.1f} writes each) waited p50 "
                   f"{t['commit_p50_ms']:.1f} p99 {t['commit_p99_ms']:.1f} max {t['commit_max_ms']:.1f} ms "
                   f"(longest on the database thread {t['commit_thread_max_ms']:.1f}); server loop late p99 "
                   f"{t['late_p99_ms']:.1f} max {t['late_max_ms']:.1f} ms, {t['stalls']} stalls >= "
                   f"{t['stall_ms']:.0f} ms ({t['stalls_off_cpu']} of them off the CPU: waiting for a core or a "
                   f"call, not working{_off_cpu(t)}); GC {t['gc_count']} pauses, {t['gc_total_ms']:.1f} ms in all, p99 "
                   f"{t.get('gc_p99_ms', 0.0):.1f} ms ({t.get('gc_p99_cpu_ms', 0.0):.1f} on the CPU), the longest "
                   f"{t['gc_max_ms']:.1f} ms ({t['gc_max_cpu_ms']:.1f} of it on the CPU; generation "
                   f"{t['gc_max_generation']}, {t.get('gc_max_young', 0):,} young objects)"
                   + "".join(f"; generation {g}: {f['count']} pauses, CPU p50 {f['cpu_p50_ms']:.1f} p99 "
                             f"{f['cpu_p99_ms']:.1f} max {f['cpu_max_ms']:.1f} ms ({f.get('cpu_total_ms', 0.0):.0f} in all), "
                             f"young objects <= {f['young_max']:,}"
                             for g, f in t.get("gc_generations", {}).items()))
    else:
        out.append("the server's parts not recorded")
    out.append(f"bots' loops late max {r.get('bots_late_max_ms', 0.0):.1f} ms, {r.get('bots_stalls', 0)} stalls "
               f"({r.get('bots_stalls_off', 0)} off the CPU)")
    pg = r.get("pg") or {}
    if "wal_sync" in pg:
        syncs = pg["wal_sync"]
        mean = f", mean {pg['wal_sync_time'] / syncs:.2f} ms" if syncs and pg.get("wal_sync_time") else ""
        out.append(f"PostgreSQL WAL fsyncs {syncs:,.0f}{mean}, WAL buffers full {pg.get('wal_buffers_full', 0):.0f}")
    if "checkpoints_timed" in pg:
        out.append(f"checkpoints finished {pg['checkpoints_timed'] + pg['checkpoints_req']:.0f} "
                   f"(sync {pg['checkpoint_sync_time']:.0f} ms)")
    cps = r.get("checkpoints")
    if cps is not None:
        said = "; ".join(f"{c['why'] or '?'}, {'still running' if c['end'] is None else c['done'][:120]}" for c in cps)
        out.append(f"checkpoints running in the window {len(cps)}{': ' + said if cps else ''}")
    out += _slow(r.get("slow"))
    out += _waits(r.get("waits"))
    out += _machine(r.get("machine"), r.get("seconds", 10.0), own_cores(r), r.get("others", []))
    if r.get("pg_queued_s") is not None:
        out.append(f"PostgreSQL's processes runnable but waiting for a core {r['pg_queued_s'] * 1000:,.0f} ms in all "
                   f"over the window")
    return "made of: " + "; ".join(out)


Share = tuple[list[tuple[str, str]], list[int]]
"""A bot process's work: the games whose seats it plays (human pace), or its lanes (saturated)."""


def run_bots(target: Target, shares: list[Share], pace: float, warmup: float, seconds: float) -> dict[str, Any]:
    """Start one bot process per share, wait until all are ready, run the window; the
    server's and the bots' CPU over the window, and every process's Stats."""
    ctx = mp.get_context("spawn")
    procs, pipes = [], []
    for games, lanes in shares:
        ours, theirs = ctx.Pipe()
        p = ctx.Process(target=bots_process, args=(target, games, lanes, pace, theirs), daemon=True)
        p.start()
        procs.append(p)
        pipes.append(ours)
    stat = pg_stat(target.check)
    waits: WaitSampler | None = None
    try:
        for pipe in pipes:
            if not pipe.poll(300) or pipe.recv() != "ready":
                raise SystemExit("a bot process did not get ready in 5 minutes")
        rss = sum(rss_kib(pid) for pid in target.pids)
        proxy = target.proxy_pid
        go = time.time() + 0.5
        window = (go, go + warmup, go + warmup + seconds)
        for pipe in pipes:
            pipe.send(window)
        for folder in watched():     # the servers profile and time the measured window alone
            name_window(folder, window[1], window[2])
        waits = WaitSampler(target.check, window[1], window[2], WAIT_EVERY) if stat is not None and WAIT_EVERY else None
        if waits is not None:
            waits.start()
        time.sleep(max(0.0, window[1] - time.time()))
        db = target.db_pids() if target.db_pids else []
        pg0, m0, me0, all0 = pg_counters(stat), machine_counters(), sum(os.times()[:2]), all_cpu()
        (u0, s0), b0 = cpu_all(target.pids), sum(cpu_seconds(p.pid or 0) for p in procs)
        h0, d0, q0 = cpu_seconds(proxy) if proxy else 0.0, cpu_alive(db), queued(db)
        time.sleep(max(0.0, window[2] - time.time()))
        (u1, s1), b1 = cpu_all(target.pids), sum(cpu_seconds(p.pid or 0) for p in procs)
        h1, d1, q1 = cpu_seconds(proxy) if proxy else 0.0, cpu_alive(db), queued(db)
        load = os.getloadavg()[0]
        pg1, m1, me1, all1 = pg_counters(stat), machine_counters(), sum(os.times()[:2]), all_cpu()
        run_pids = {os.getpid(), *target.pids, *(p.pid or 0 for p in procs), *db, *([proxy] if proxy else [])}
        if waits is not None:
            waits.join(10)
        total = Stats()
        for pipe in pipes:
            if not pipe.poll(60):
                raise SystemExit("a bot process did not report")
            st = pipe.recv()
            total.rtts += st.rtts
            total.acks += st.acks
            total.uncommitted += st.uncommitted
            total.checked_live += st.checked_live
            total.missing += st.missing
            total.checked_end += st.checked_end
            total.errors += st.errors
            total.late_max = max(total.late_max, st.late_max)
            total.stalls += st.stalls
            total.stalls_off += st.stalls_off
        parts = tail.summary(tail.read(Path(os.environ[tail.ENV]), target.pids), STALL) \
            if os.environ.get(tail.ENV) else None
    finally:
        for folder in watched():       # the next run's servers wait for a window of their own
            (folder / "window").unlink(missing_ok=True)
        if stat is not None:
            stat.close()
        for p in procs:
            p.join(10)
            if p.is_alive():
                p.kill()
    acks = max(1, total.acks)
    rtts = sorted(total.rtts)
    pct = (lambda q: rtts[min(len(rtts) - 1, int(q * len(rtts)))] * 1000 if rtts else float("nan"))
    return {"rate": total.acks / seconds, "p50_ms": pct(0.5), "p99_ms": pct(0.99),
            "cpu_ms": (u1 + s1 - u0 - s0) * 1000 / acks,
            "sys_ms": (s1 - s0) * 1000 / acks,
            "bots_ms": (b1 - b0) * 1000 / acks, "proxy_ms": (h1 - h0) * 1000 / acks,
            "db_ms": sum(d1.get(p, 0.0) - c for p, c in d0.items()) * 1000 / acks if db else float("nan"),
            "busy": {"server": (u1 + s1 - u0 - s0) / seconds, "bots": (b1 - b0) / seconds,
                     "PostgreSQL": sum(d1.get(p, 0.0) - c for p, c in d0.items()) / seconds if db else None,
                     "HAProxy": (h1 - h0) / seconds if proxy else None},
            "acks": total.acks, "uncommitted": total.uncommitted, "checked_live": total.checked_live,
            "missing": total.missing, "checked_end": total.checked_end, "check_every": target.check_every,
            "errors": total.errors, "load": load, "rss_kib": rss,
            "tail": parts, "bots_late_max_ms": total.late_max * 1000, "bots_stalls": total.stalls, "bots_stalls_off": total.stalls_off,
            "pg": pg_delta(pg0, pg1), "checkpoints": checkpoints_in(target.pg_log, window[1], window[2]),
            "slow": slow_in(target.pg_log, window[1], window[2]),
            "waits": waits.figures() if waits is not None else None,
            "machine": pg_delta(m0, m1), "bench_busy": (me1 - me0) / seconds, "seconds": seconds,
            "others": others_busy(all0, all1, run_pids, seconds),
            "pg_queued_s": sum(q1[p] - q for p, q in q0.items() if p in q1) if db else None}


class Single:
    """The one SQLite server of ``cmd`` (this source's, or a baseline's)."""

    def __init__(self, cmd: list[str]) -> None:
        self.cmd = cmd

    def start(self, data: Path) -> tuple[Target, Any]:
        proc, url = start(self.cmd + ["--data", str(data)])
        return Target([url], False, str(data), [proc.pid]), lambda: stop(proc)


PG_NICE = 0
"""``--pg-nice N``: the throwaway PostgreSQL's processes run at this nice value (0: as started)."""


def first_for_a_core(pids: list[int], nice: int) -> None:
    """The throwaway cluster's processes at ``nice`` (negative: first for a core; the backends made
    later inherit the postmaster's): an operator's lever tried by the bench (#40: a WAL flush waiting
    for a core holds every batch behind it), not a setting of PostgreSQL's; nothing guaranteed changes."""
    for pid in pids:
        try:
            os.setpriority(os.PRIO_PROCESS, pid, nice)
        except ProcessLookupError:      # ended since it was listed (a backend come and gone)
            continue
        except OSError as e:
            raise SystemExit(f"--pg-nice {nice}: PostgreSQL's process {pid} could not be reniced ({e.strerror}; "
                             "a negative value needs root)") from e


def measure_settings(url: str) -> None:
    """The throwaway cluster says what its tail is made of: each checkpoint in its log (UTC times),
    its WAL's write and fsync times counted (track_wal_io_timing: a clock read per WAL write), every
    statement of :data:`SLOW_MS` ms or more, every wait for a lock of 100 ms or more (deadlock_timeout
    is when a waiter looks for a deadlock and, with log_lock_waits, logs its wait) and every autovacuum
    run. Nothing of what is guaranteed changes (fsync, synchronous_commit)."""
    import psycopg
    with psycopg.connect(url, autocommit=True) as db:
        for name, value in (("log_checkpoints", "on"), ("log_timezone", "UTC"), ("track_wal_io_timing", "on"),
                            ("log_min_duration_statement", str(SLOW_MS)), ("log_lock_waits", "on"),
                            ("deadlock_timeout", "100ms"), ("log_autovacuum_min_duration", "0")):
            db.execute(f"ALTER SYSTEM SET {name} = '{value}'")
        db.execute("SELECT pg_reload_conf()")


class Cluster:
    """``serve --workers N`` on PostgreSQL (a new database each time with ``throwaway``), with
    HAProxy in front when ``proxied`` (tests/cluster/harness.py: the tests' own helpers)."""

    def __init__(self, n: int, store: str, proxied: bool, sync: str, source: Path = ROOT, fsync: bool = True) -> None:
        self.n, self.store, self.proxied, self.sync, self.source, self.fsync = n, store, proxied, sync, source, fsync
        self._pg: Any = None

    def database(self) -> str:
        if self.store != "throwaway":
            return self.store
        if self._pg is None:
            from tests.pgcluster import start_cluster
            self._gen = start_cluster(fsync=self.fsync)
            self._pg = next(self._gen)
            measure_settings(self._pg.url())
            if PG_NICE:
                first_for_a_core(self._pg.pids(), PG_NICE)
        return str(self._pg.new_database())

    def start(self, data: Path) -> tuple[Target, Any]:
        from tests.cluster.harness import HAProxy, Workers
        db = self.database()
        workers = Workers(db, data, self.n, ["--rate", "1000", "--max-connections", "100000",
                                             "--max-games", "1000000", "--sync", self.sync], source=self.source)
        db_pids = self.db_pids()
        if not self.proxied:
            return Target([f"ws://{a}" for a in workers.addresses], False, db, workers.pids, None, db_pids,
                          pg_log=self.pg_log()), workers.stop
        data.mkdir(parents=True, exist_ok=True)
        proxy = HAProxy(workers.addresses, data, self.source / "deploy" / "haproxy.cfg")

        def done() -> None:
            proxy.stop()
            workers.stop()
        return Target([proxy.url], True, db, workers.pids, proxy.proc.pid, db_pids, pg_log=self.pg_log()), done

    def pg_log(self) -> Path | None:
        """The throwaway PostgreSQL's log, or None (a database given by address)."""
        return None if self._pg is None else Path(self._pg.root) / "log"

    def db_pids(self) -> Any:
        """The throwaway PostgreSQL's processes, or None (a database given by address is not measured)."""
        return None if self._pg is None else self._pg.pids

    def close(self) -> None:
        if self._pg is not None:
            self._pg.stop()
            self._pg = None


def saturated(server: Single | Cluster, data: Path, lanes: int, procs: int, seconds: float,
              check_every: int = 1, lobby_per_game: bool = False) -> dict[str, Any]:
    target, done = server.start(data)
    target.check_every = check_every
    target.lobby_per_game = lobby_per_game
    try:
        shares: list[Share] = [([], list(range(lanes))[i::procs]) for i in range(min(procs, lanes))]
        return run_bots(target, shares, 0.0, 1.0, seconds)
    finally:
        done()


def human_pace(server: Single | Cluster, data: Path, games: int, procs: int, seconds: float,
               check_every: int = 1) -> dict[str, Any]:
    target, done = server.start(data)
    target.check_every = check_every
    try:
        before = sum(rss_kib(p) for p in target.pids)
        setup = {"rules": {"random": True}, "field": "5x5"}
        urls = target.urls
        made = [asyncio.run(create_games(u, games // len(urls) + (i < games % len(urls)), setup))
                for i, u in enumerate(urls)]
        ids = [(target.seat_url(u, code), gid) for u, some in zip(urls, made) for gid, code in some]
        shares: list[Share] = [(ids[i::procs], []) for i in range(procs)]
        r = run_bots(target, shares, 1.0, 3.0, seconds)
        r["kib_per_game"] = (r["rss_kib"] - before) / games
        return r
    finally:
        done()


def proof(r: dict[str, Any]) -> str:
    """The two counts of the proof that nothing was acked before it was committed (:class:`Checker`)."""
    sample = "every ack" if r["check_every"] == 1 else f"every ack of 1 game in {r['check_every']}"
    return (f"acked before committed: {r['uncommitted']} of {r['checked_live']:,} checked live ({sample}); "
            f"acked and not in the database at the end: {r['missing']} of {r['checked_end']:,}")


def report(label: str, r: dict[str, Any], games: int, workers: int) -> str:
    met = r["p99_ms"] <= TARGET_P99_MS and not r["errors"] and not r["uncommitted"] and not r["missing"]
    return (f"(b) {label}human pace: {games} games ({2 * games} connections), {r['rate']:,.0f} actions/s of "
            f"~{games:,} offered, round trip p50 {r['p50_ms']:.1f} ms p99 {r['p99_ms']:.1f} ms; server CPU "
            f"{r['cpu_ms']:.3f} ms per action ({r['sys_ms']:.3f} of it in the kernel; PostgreSQL's {r['db_ms']:.3f}; "
            f"the bots' {r['bots_ms']:.3f}{'; HAProxy %.3f' % r['proxy_ms'] if r['proxy_ms'] else ''}); "
            f"{machine_share(r['busy'], workers)}; "
            f"{r['rss_kib'] / 1024:.0f} MiB, "
            f"{r['kib_per_game']:.0f} KiB per game; load average {r['load']:.1f}; {proof(r)}; "
            f"errors {r['errors']}\n"
            f"(b) {label}{made_of(r)}\n"
            f"RESULT {label}{games} games: p99 {r['p99_ms']:.1f} ms, server CPU {r['cpu_ms']:.3f} ms/action -- "
            f"target p99 <= {TARGET_P99_MS:g} ms {'met' if met else 'NOT met'}{not_at_rest(r)}")


def not_at_rest(r: dict[str, Any]) -> str:
    """The RESULT line's warning when other work took cores in the window (#40: such windows' WAL
    fsyncs are slow while the disk's flushes are not, the flushing backend waiting for a core)."""
    others = other_cores(r)
    if others is None or others < AT_REST:
        return ""
    return f" (the machine NOT at rest: other processes used {others:.2f} cores in the window)"


def ratio(cpu: dict[str, list[float]], base_label: str, this_label: str) -> str:
    """Baseline over this, of the medians of the runs (each alternated with the other's)."""
    base, this = statistics.median(cpu[base_label]), statistics.median(cpu[this_label])
    runs = f" (medians of {len(cpu[this_label])} runs each)" if len(cpu[this_label]) > 1 else ""
    return f"{base:.3f} / {this:.3f} ms = {base / this:.2f}{runs}" if this else "n/a (no action measured)"


def servers_of(args: argparse.Namespace) -> tuple[list[tuple[str, Single | Cluster]], list[tuple[str, str]], Any]:
    """The servers measured, in the order they run (a baseline right before this source's), the pairs
    (baseline's label, this one's) whose CPU per action is compared, and the shared PostgreSQL (or None)."""
    trees = [("baseline ", Path(args.baseline).resolve())] if args.baseline else []
    trees.append(("", ROOT))
    if not args.workers:
        servers: list[tuple[str, Single | Cluster]] = [(b, Single(server_cmd(t, args.sync))) for b, t in trees]
        return servers, [("baseline ", "")] if args.baseline else [], None
    pg = Cluster(0, args.store, args.proxy, args.sync, fsync=not args.no_fsync)   # one PostgreSQL for every run
    servers, pairs = [], []
    for n in args.workers:
        label = f"{n} worker{'s' if n > 1 else ''}{' via HAProxy' if args.proxy else ''}: "
        for b, tree in trees:
            c = Cluster(n, args.store, args.proxy, args.sync, source=tree)
            c.database = pg.database  # type: ignore[method-assign]
            c.db_pids = pg.db_pids  # type: ignore[method-assign]
            c.pg_log = pg.pg_log  # type: ignore[method-assign]
            servers.append((b + label, c))
        if args.baseline:
            pairs.append(("baseline " + label, label))
    return servers, pairs, pg


def in_turn(servers: list[tuple[str, Single | Cluster]], rep: int, paired: bool) -> list[tuple[str, Single | Cluster]]:
    """The servers of repeat ``rep`` in the order they run: with a baseline, each pair (baseline, this)
    swapped on odd repeats. Measured (#40): on one PostgreSQL a run and the one right after it differ
    in p50 by up to 2x whatever their sources (on a loaded machine the first run on a new cluster was
    the slower in 4 of 4 invocations), so with one fixed order that difference reads as the change's."""
    if not paired or rep % 2 == 0:
        return servers
    return [s for i in range(0, len(servers), 2) for s in (servers[i + 1], servers[i])]


def main_run(args: argparse.Namespace) -> None:
    echo_proc, echo_url = start([sys.executable, __file__, "--echo-server"])
    tmp = Path(tempfile.mkdtemp(prefix="bench-server-"))
    servers, pairs, pg = servers_of(args)
    workers = {label: (server.n if isinstance(server, Cluster) else 1) for label, server in servers}
    if pg is not None and args.store == "throwaway":
        print(f"PostgreSQL: a throwaway cluster made for the run, fsync {'off' if args.no_fsync else 'on'}, "
              f"synchronous_commit {'on' if args.sync == 'full' else 'off'} (--sync {args.sync})"
              f"{f', its processes at nice {PG_NICE}' if PG_NICE else ''}", flush=True)
    try:
        cpu: dict[str, list[float]] = {label: [] for label, _server in servers}
        if args.lanes:
            for rep in range(args.repeat):
                for label, server in in_turn(servers, rep, bool(args.baseline)):
                    floor, echo_ms = asyncio.run(echo_floor(echo_url, echo_proc.pid, args.lanes, min(args.seconds, 3.0)))
                    print(f"echo floor right before: {args.lanes} connections, each one message in flight as a "
                          f"saturated lane has, {floor:,.0f} round trips/s; echo server CPU {echo_ms:.3f} ms per "
                          f"round trip; load average {os.getloadavg()[0]:.1f}", flush=True)
                    r = saturated(server, tmp / f"a{label.strip()}{len(cpu[label])}", args.lanes, args.bot_procs,
                                  args.seconds, args.check_every, args.lobby_per_game)
                    cpu[label].append(r["cpu_ms"])
                    lobby = ("a new lobby connection per game, --lobby-per-game" if args.lobby_per_game
                             else "one lobby connection per lane, kept across its games")
                    print(f"(a) {label}saturated: {args.lanes} games at once ({lobby}), {r['rate']:,.0f} actions/s = "
                          f"{r['rate'] / floor:.3f} x the echo floor; round trip p50 {r['p50_ms']:.1f} ms; server CPU "
                          f"{r['cpu_ms']:.3f} ms per action ({r['cpu_ms'] / echo_ms:.0f} x the echo's per round "
                          f"trip; PostgreSQL's {r['db_ms']:.3f}; the bots' {r['bots_ms']:.3f}"
                          f"{'; HAProxy %.3f' % r['proxy_ms'] if r['proxy_ms'] else ''}); "
                          f"{machine_share(r['busy'], workers[label])}; acks {r['acks']}, "
                          f"{proof(r)}; errors {r['errors']}; "
                          f"load average {r['load']:.1f}", flush=True)
                    print(f"(a) {label}{made_of(r)}", flush=True)
            for base, this in pairs:
                print(f"(a) {this}server CPU per action, baseline / this: {ratio(cpu, base, this)}", flush=True)
        for n in args.games:
            cpu = {label: [] for label, _server in servers}
            for rep in range(args.repeat):
                for label, server in in_turn(servers, rep, bool(args.baseline)):
                    r = human_pace(server, tmp / f"b{n}{label.strip()}{len(cpu[label])}", n, args.bot_procs, args.seconds,
                                   args.check_every)
                    cpu[label].append(r["cpu_ms"])
                    print(report(label, r, n, workers[label]), flush=True)
            for base, this in pairs:
                print(f"(b) {this}{n} games: server CPU per action, baseline / this: {ratio(cpu, base, this)}", flush=True)
    finally:
        echo_proc.terminate()
        if pg is not None:
            pg.close()
        shutil.rmtree(tmp, ignore_errors=True)


def machine() -> str:
    load = os.getloadavg()
    return f"{os.cpu_count()} cores, load average {load[0]:.1f} at the start"


def main() -> None:
    global WAIT_EVERY, PG_NICE
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--echo-server", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--quick", action="store_true", help="small numbers, a few seconds each")
    parser.add_argument("--games", type=int, nargs="*", default=[250, 500, 1000],
                        help="numbers of 2-seat games to hold at human pace (default 250 500 1000; "
                             "none given: no human-pace run)")
    parser.add_argument("--lanes", type=int, default=16,
                        help="games at once in the saturated run (default 16: enough to keep a worker on "
                             "PostgreSQL busy rather than waiting for its commits; the tables before #40's "
                             "proof used 4; 0 skips it)")
    parser.add_argument("--check-every", type=int, default=10, metavar="K",
                        help="the bots check live, in the database, every ack of 1 game in K (default 10; 1: every "
                             "ack, as before #40's sampling) and every ack at the end of the window, a query per "
                             "500 games; both counts are printed")
    parser.add_argument("--lobby-per-game", action="store_true",
                        help="saturated: each game created over a lobby connection of its own (three handshakes "
                             "per game, as the bench did before #40's last round; default: one lobby connection "
                             "per lane kept across its games, as a player keeps theirs: two handshakes per game)")
    parser.add_argument("--bot-procs", type=int, default=2, help="processes the human-pace bots run in (default 2)")
    parser.add_argument("--baseline", metavar="DIR", help="also measure the server of this source tree")
    parser.add_argument("--repeat", type=int, default=1,
                        help="runs of each measurement (with --baseline: alternated; default 1)")
    parser.add_argument("--sync", choices=("full", "normal"), default="full",
                        help="the server's commit mode (default full: fsync before each ack)")
    parser.add_argument("--seconds", type=float, default=10.0, help="length of each measurement (default 10)")
    parser.add_argument("--store", default="throwaway", metavar="URL",
                        help="with --workers: postgresql://... or throwaway (a cluster made for the run; default)")
    parser.add_argument("--workers", type=int, nargs="+", default=[], metavar="N",
                        help="measure serve --workers N on PostgreSQL for each N (e.g. 1 2) instead of one SQLite server")
    parser.add_argument("--profile", metavar="DIR",
                        help="each server process writes a cProfile of its event loop and its threads' CPU "
                             "to DIR (jayden_jazz/net/profiling.py; the profile slows the server)")
    parser.add_argument("--pg-nice", type=int, default=0, metavar="N",
                        help="with the throwaway PostgreSQL: its processes at nice N (e.g. -10: first for a core, "
                             "as an operator could; root only for a negative N; default 0: as started)")
    parser.add_argument("--no-fsync", action="store_true",
                        help="with --workers and the throwaway PostgreSQL: fsync off (not as deployed: a commit "
                             "is then not on the disk when acked; the default keeps fsync on)")
    parser.add_argument("--proxy", action="store_true", help="with --workers: through HAProxy (deploy/haproxy.cfg)")
    parser.add_argument("--no-tail", action="store_true",
                        help="the servers record nothing of what the tail is made of (no 'made of:' server part; "
                             "off by itself with --baseline: a baseline without the recorder would not pay for its "
                             "heartbeat, a wakeup every 10 ms, ~0.2 ms of CPU each on this machine's bare loop)")
    parser.add_argument("--wait-every", type=float, default=WAIT_EVERY * 1000, metavar="MS",
                        help="with PostgreSQL: sample its wait events every MS ms over the window (default 5; "
                             "0: not sampled; the sampler's CPU and its backend's are printed, about 0.07 of a core)")
    args = parser.parse_args()
    WAIT_EVERY = max(0.0, args.wait_every) / 1000
    PG_NICE = args.pg_nice
    if args.echo_server:
        asyncio.run(echo_main())
        return
    if args.quick:
        args.games, args.seconds = args.games[:1] if args.games != [250, 500, 1000] else [50], 3.0
    if args.profile:
        os.environ["JAYDEN_JAZZ_PROFILE"] = str(Path(args.profile).resolve())
        Path(args.profile).mkdir(parents=True, exist_ok=True)
        (Path(args.profile) / "window").unlink(missing_ok=True)
    random.seed(1)
    print(machine(), flush=True)
    parts = Path(tempfile.mkdtemp(prefix="bench-tail-"))
    if not args.no_tail and not args.baseline:      # every server records what its tail is made of
        os.environ[tail.ENV] = str(parts)
    try:
        main_run(args)
    finally:
        shutil.rmtree(parts, ignore_errors=True)


if __name__ == "__main__":
    main()
