"""Where a server process's CPU goes, switched on from outside (``tools/bench_server.py --profile``).

With ``JAYDEN_JAZZ_PROFILE=DIR`` in its environment a ``serve`` process profiles its event loop
(cProfile, the main thread: the handlers, views, frames) and writes ``DIR/serve-PID.prof`` as it
ends, and every second ``DIR/serve-PID.threads``: each thread's CPU seconds so far, by name --
cProfile sees one thread only, and the database's work (psycopg on the commit and reader threads)
happens on others. Off (the default) this costs one look at the environment at start-up.

A measurement names its window by writing ``DIR/window`` ("START END", Unix seconds; the bench's
measured window): at START the process drops what its profile holds (the set-up, the handshakes)
and profiles again (by the wall clock, as before: the main thread's CPU clock would cost a system
call per call profiled, several times what is measured), at END it writes that profile, ``DIR/serve-PID.prof``, and each thread's CPU
over the window, ``DIR/serve-PID.window`` -- what one action costs, not what setting up did.
"""

from __future__ import annotations

import atexit
import os
import signal
import threading
import time
from pathlib import Path

ENV = "JAYDEN_JAZZ_PROFILE"
EVERY = 1.0
"""Seconds between writes of the threads' CPU (a thread ended since is in the last one written)."""
LOOK = 0.05
"""Seconds between looks for the window's file and its start and end."""


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


def read_window(path: Path) -> tuple[float, float] | None:
    """The window ``DIR/window`` names, or None (not written yet, or half written)."""
    try:
        start, end = (float(x) for x in path.read_text().split())
    except (OSError, ValueError):
        return None
    return start, end


def start() -> None:
    """Profile this process if the environment says so (before the event loop starts; the main thread)."""
    folder = os.environ.get(ENV)
    if not folder:
        return
    import cProfile
    where = Path(folder)
    where.mkdir(parents=True, exist_ok=True)
    stem = where / f"serve-{os.getpid()}"
    profile = [cProfile.Profile()]
    stop = threading.Event()
    at_start: dict[str, tuple[float, float]] = {}

    def write(path: Path, text: str) -> None:
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_text(text)
        tmp.replace(path)

    def write_threads() -> None:
        last = 0.0
        window: tuple[float, float] | None = None
        phase = 0                # 0: before the window, 1: in it, 2: after it
        while not stop.wait(LOOK):
            now = time.time()
            if now - last >= EVERY:
                last = now
                write(stem.with_suffix(".threads"),
                      "\n".join(f"{name}\t{user:.2f}\t{system:.2f}" for name, user, system in thread_cpu()) + "\n")
            if phase < 2 and window is None:
                window = read_window(where / "window")
            if window is not None and phase == 0 and now >= window[0]:
                phase = 1
                signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGUSR1)
            elif window is not None and phase == 1 and now >= window[1]:
                phase = 2
                signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGUSR1)

    def turn(_signum: int, _frame: object) -> None:
        """The window starts (a new profile, by CPU time) or ends (written now, with the threads' CPU)."""
        profile[0].disable()
        if not at_start:
            at_start.update({name: (user, system) for name, user, system in thread_cpu()})
            profile[0] = cProfile.Profile()     # its clock the wall's (a CPU clock is a system call a time)
            profile[0].enable()
            return
        profile[0].dump_stats(str(stem.with_suffix(".prof")))
        rows = []
        for name, user, system in thread_cpu():
            u0, s0 = at_start.get(name, (0.0, 0.0))
            rows.append(f"{name}\t{user - u0:.2f}\t{system - s0:.2f}")
        write(stem.with_suffix(".window"), "\n".join(rows) + "\n")
        profile[0] = cProfile.Profile()        # not enabled: the window's profile is the one written

    def dump() -> None:
        stop.set()
        profile[0].disable()
        if not stem.with_suffix(".window").exists():
            profile[0].dump_stats(str(stem.with_suffix(".prof")))
    signal.signal(signal.SIGUSR1, turn)
    threading.Thread(target=write_threads, name="profile-threads", daemon=True).start()
    atexit.register(dump)
    profile[0].enable()


__all__ = ["ENV", "read_window", "start", "thread_cpu"]
