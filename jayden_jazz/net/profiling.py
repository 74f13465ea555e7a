"""Where a server process's CPU goes, switched on from outside (``tools/bench_server.py --profile``).

With ``JAYDEN_JAZZ_PROFILE=DIR`` in its environment a ``serve`` process profiles its event loop
(cProfile, the main thread: the handlers, views, frames) and writes ``DIR/serve-PID.prof`` as it
ends, and every second ``DIR/serve-PID.threads``: each thread's CPU seconds so far, by name --
cProfile sees one thread only, and the database's work (psycopg on the commit and reader threads)
happens on others. Off (the default) this costs one look at the environment at start-up.
"""

from __future__ import annotations

import atexit
import os
import threading
from pathlib import Path

ENV = "JAYDEN_JAZZ_PROFILE"
EVERY = 1.0
"""Seconds between writes of the threads' CPU (a thread ended since is in the last one written)."""


def thread_cpu() -> list[tuple[str, float, float]]:
    """(name, user, system) CPU seconds of each live thread of this process (Linux: /proc)."""
    tick = os.sysconf("SC_CLK_TCK")
    out = []
    for t in threading.enumerate():
        try:
            fields = Path(f"/proc/self/task/{t.native_id}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:       # ended meanwhile
            continue
        out.append((t.name, int(fields[11]) / tick, int(fields[12]) / tick))
    return out


def start() -> None:
    """Profile this process if the environment says so (before the event loop starts)."""
    folder = os.environ.get(ENV)
    if not folder:
        return
    import cProfile
    where = Path(folder)
    where.mkdir(parents=True, exist_ok=True)
    stem = where / f"serve-{os.getpid()}"
    profile = cProfile.Profile()
    stop = threading.Event()

    def write_threads() -> None:
        while not stop.wait(EVERY):
            lines = [f"{name}\t{user:.2f}\t{system:.2f}" for name, user, system in thread_cpu()]
            tmp = stem.with_suffix(".threads.tmp")
            tmp.write_text("\n".join(lines) + "\n")
            tmp.replace(stem.with_suffix(".threads"))

    def dump() -> None:
        stop.set()
        profile.disable()
        profile.dump_stats(str(stem.with_suffix(".prof")))
    threading.Thread(target=write_threads, name="profile-threads", daemon=True).start()
    atexit.register(dump)
    profile.enable()


__all__ = ["ENV", "start", "thread_cpu"]
