"""What a slow answer was made of, switched on from outside (``tools/bench_server.py`` always).

A p99 of 1.4 s on a machine mostly idle (#40) is not CPU: it is something every action waited behind
-- a commit that took long (a stalled fdatasync, a checkpoint), or the event loop itself stopped
(a garbage collection, a slow callback). The bench cannot tell these apart from outside, so with
``JAYDEN_JAZZ_TAIL=DIR`` in its environment a ``serve`` process records, over the window named in
``DIR/window`` (the bench's measured window, as :mod:`.profiling` reads it):

* each batch's commit: its time on the database thread, and the wait the event loop saw from
  handing it over to resuming (the difference is the loop's own delay);
* the event loop's lateness: a heartbeat asks to sleep :data:`TICK` and notes how much later it woke,
  and how long the thread was runnable but waiting for a core meanwhile (the kernel's schedstat);
* the garbage collector's pauses (``gc.callbacks``), with their generation and the young
  generation's count as each began (the objects a young collection walks).

Each lateness and pause comes with the main thread's CPU over it: a stall the thread spent on the
CPU was the loop's own work (a slow callback, a collection walking the heap); one it did not was
the thread waiting -- for a core (a machine busy with other work) or in a blocking call.

At the window's end it writes ``DIR/serve-PID.tail`` (JSON, :func:`summary`'s input). Off (the
default) this costs one look at the environment; the hooks are a check of one global.
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import time
from pathlib import Path
from typing import Any

from .profiling import read_window

ENV = "JAYDEN_JAZZ_TAIL"
TICK = 0.01
"""Seconds the heartbeat asks to sleep: its lateness beyond this is the loop's stall."""
LOOK = 25
"""Heartbeats between looks for the window's file (a look is a file read on the event loop)."""


class Recorder:
    """One process's figures over the window (nothing is kept outside it)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.window: tuple[float, float] | None = None
        self.commits: list[tuple[float, float, int]] = []
        """(seconds on the database thread, seconds the event loop waited, writes) per batch."""
        self.late: list[tuple[float, float, float]] = []
        """(seconds late, the main thread's CPU seconds over that tick, its seconds runnable but
        waiting for a core over it -- the kernel's schedstat, -1 where there is none) per heartbeat."""
        self.gc: list[tuple[int, float, float, int]] = []
        """(generation, seconds, the thread's CPU seconds, the young generation's count at its start)
        per collection."""
        self._gc_at = (0.0, 0.0, 0)

    def inside(self) -> bool:
        w = self.window
        return w is not None and w[0] <= time.time() < w[1]

    def commit(self, on_thread: float, seen: float, writes: int) -> None:
        if self.inside():
            self.commits.append((on_thread, seen, writes))

    def collected(self, phase: str, info: dict[str, Any]) -> None:
        """A ``gc.callbacks`` entry: the pause is from its start to its stop."""
        if phase == "start":
            self._gc_at = (time.perf_counter(), time.thread_time(), gc.get_count()[0])
        elif self.inside():
            self.gc.append((int(info.get("generation", -1)), time.perf_counter() - self._gc_at[0],
                            time.thread_time() - self._gc_at[1], self._gc_at[2]))

    def figures(self) -> dict[str, Any]:
        return {"pid": os.getpid(), "window": self.window, "tick": TICK,
                "commits": self.commits, "late": self.late, "gc": self.gc}

    def write(self) -> None:
        path = self.folder / f"serve-{os.getpid()}.tail"
        tmp = path.with_suffix(".tail.tmp")
        tmp.write_text(json.dumps(self.figures()))
        tmp.replace(path)

    async def heartbeat(self) -> None:
        """Sleeps :data:`TICK` again and again, noting how late it woke inside the window; writes the
        figures once the window is over (one window per process: the bench starts servers per run)."""
        clock, cpu, queued = time.perf_counter, time.thread_time, _run_queue()
        n = 0
        try:
            while True:
                if self.window is None and n % LOOK == 0:
                    self.window = read_window(self.folder / "window")
                n += 1
                t, c, q = clock(), cpu(), queued()
                await asyncio.sleep(TICK)
                late, used, waited = clock() - t - TICK, cpu() - c, queued() - q
                if self.window is not None:
                    now = time.time()
                    if now >= self.window[1]:
                        self.write()
                        return
                    if now >= self.window[0]:
                        self.late.append((late, used, waited if q >= 0 else -1.0))
        finally:
            queued.close()


class _RunQueue:
    """The calling thread's seconds runnable but not running -- waiting for a core -- from
    ``/proc/thread-self/schedstat`` (its second field, in ns), read again at offset 0 from one open
    file; -1.0 where the kernel has none. A thread off the CPU and not waiting for a core is blocked:
    in a call, or for the GIL held by another thread."""

    def __init__(self) -> None:
        try:
            self.fd: int | None = os.open("/proc/thread-self/schedstat", os.O_RDONLY)
        except OSError:
            self.fd = None

    def __call__(self) -> float:
        if self.fd is None:
            return -1.0
        try:
            return int(os.pread(self.fd, 128, 0).split()[1]) / 1e9
        except (OSError, IndexError, ValueError):
            return -1.0

    def close(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


def _run_queue() -> _RunQueue:
    return _RunQueue()


RECORDER: Recorder | None = None
"""The process's recorder when the environment asks for one, else None."""


def start() -> None:
    """Record if the environment says so (before the event loop starts): the collector's hook now,
    the heartbeat once the loop runs (:func:`watch`)."""
    global RECORDER
    folder = os.environ.get(ENV)
    if not folder:
        return
    Path(folder).mkdir(parents=True, exist_ok=True)
    RECORDER = Recorder(Path(folder))
    gc.callbacks.append(RECORDER.collected)


def watch() -> asyncio.Task[None] | None:
    """The heartbeat on the running loop, if recording (kept by the caller: a task nobody holds may go)."""
    if RECORDER is None:
        return None
    return asyncio.get_running_loop().create_task(RECORDER.heartbeat())


def commit(on_thread: float, seen: float, writes: int) -> None:
    """A batch committed (:mod:`.commit`): its seconds on the database thread, as the loop saw it."""
    if RECORDER is not None:
        RECORDER.commit(on_thread, seen, writes)


def _pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))] if s else 0.0


def summary(files: list[dict[str, Any]], stall: float = 0.02) -> dict[str, Any]:
    """Every process's figures together (milliseconds): commits (count, writes per batch, the wait the
    loop saw p50/p99/max, the longest on the thread), the loop's lateness (p99, max, how many
    heartbeats woke ``stall`` s late or more, and of those how many spent less than half of it on
    the CPU: waiting, not working -- of those, how many waited for a core half of it or more, and
    how many did not: blocked, in a call or for the GIL), the collector's pauses (count, total, p99 and its CPU's p99,
    max with its generation, its CPU and the young objects it began with; per generation, their
    CPU's p50, p99 and max)."""
    commits = [c for f in files for c in f["commits"]]
    ticks = [x for f in files for x in f["late"]]
    late = [x[0] for x in ticks]
    pauses = [g for f in files for g in f["gc"]]
    seen = [c[1] for c in commits]
    worst = max(pauses, key=lambda g: g[1]) if pauses else (-1, 0.0, 0.0, 0)
    return {"processes": len(files), "batches": len(commits),
            "writes_per_batch": sum(c[2] for c in commits) / len(commits) if commits else 0.0,
            "commit_p50_ms": _pct(seen, 0.5) * 1000, "commit_p99_ms": _pct(seen, 0.99) * 1000,
            "commit_max_ms": max(seen, default=0.0) * 1000,
            "commit_thread_max_ms": max((c[0] for c in commits), default=0.0) * 1000,
            "late_p99_ms": _pct(late, 0.99) * 1000, "late_max_ms": max(late, default=0.0) * 1000,
            "stalls": sum(x >= stall for x in late), "stall_ms": stall * 1000,
            "stalls_off_cpu": sum(t[0] >= stall and t[1] < t[0] / 2 for t in ticks),
            "stalls_queued": sum(t[0] >= stall and t[1] < t[0] / 2 and len(t) > 2 and t[2] >= t[0] / 2
                                 for t in ticks),
            "stalls_blocked": sum(t[0] >= stall and t[1] < t[0] / 2 and len(t) > 2 and 0 <= t[2] < t[0] / 2
                                  for t in ticks),
            "gc_count": len(pauses), "gc_total_ms": sum(g[1] for g in pauses) * 1000,
            "gc_p99_ms": _pct([g[1] for g in pauses], 0.99) * 1000,
            "gc_p99_cpu_ms": _pct([g[2] for g in pauses], 0.99) * 1000,
            "gc_max_ms": worst[1] * 1000, "gc_max_cpu_ms": worst[2] * 1000, "gc_max_generation": worst[0],
            "gc_max_young": worst[3] if len(worst) > 3 else 0,
            "gc_generations": {str(g): _generation([p for p in pauses if p[0] == g])
                               for g in sorted({p[0] for p in pauses})}}


def _generation(pauses: list[Any]) -> dict[str, float]:
    """One generation's pauses (ms): how many, their CPU's p50, p99, max and sum, the most young objects
    one began with. CPU, not wall time: the thread's own work, which other processes' load on the
    machine stretches little (a pause waiting for a core is the load's, not the collector's)."""
    cpu = [p[2] * 1000 for p in pauses]
    return {"count": len(pauses), "cpu_p50_ms": _pct(cpu, 0.5), "cpu_p99_ms": _pct(cpu, 0.99),
            "cpu_max_ms": max(cpu, default=0.0), "cpu_total_ms": sum(cpu), "young_max": max((p[3] for p in pauses if len(p) > 3), default=0)}


def read(folder: Path, pids: list[int], wait: float = 3.0) -> list[dict[str, Any]]:
    """The figures of ``pids`` written in ``folder``, waiting up to ``wait`` s for each (a process
    writes its own at its first heartbeat after the window); one not written (not recording, or
    ended) is left out."""
    out = []
    until = time.monotonic() + wait
    for pid in pids:
        path = folder / f"serve-{pid}.tail"
        while not path.exists() and time.monotonic() < until:
            time.sleep(0.05)
        try:
            out.append(json.loads(path.read_text()))
        except (OSError, ValueError):
            continue
    return out


__all__ = ["ENV", "RECORDER", "Recorder", "TICK", "commit", "read", "start", "summary", "watch"]
