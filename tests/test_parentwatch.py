"""The one parent-watch helper (jayden_jazz.parentwatch), used by the game's AI workers and the
server's computer-player worker: a worker ends once the process that started it is gone, even
SIGKILLed, and nothing is started in a process no multiprocessing parent started."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from jayden_jazz import parentwatch

ROOT = Path(__file__).resolve().parent.parent

# A parent that starts one spawned worker (the watch as its initializer), says the worker's pid,
# then keeps it busy sleeping: a busy worker reads nothing from its parent, so only the watch can
# notice the parent is gone.
PARENT = """
import concurrent.futures as cf, multiprocessing as mp, os, sys, time
from jayden_jazz import parentwatch
watched = sys.argv[1] == "watched"
pool = cf.ProcessPoolExecutor(1, mp_context=mp.get_context("spawn"),
                              initializer=parentwatch.exit_with_parent if watched else None, initargs=("watch",) if watched else ())
print(pool.submit(os.getpid).result(30), flush=True)
pool.submit(time.sleep, 120)
time.sleep(120)
"""


def _gone(pid: int) -> bool:
    """No such process, or only its zombie left (reparented and not reaped yet)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            return f.read().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except FileNotFoundError:
        return True


def _worker_of(name: str) -> tuple[subprocess.Popen[str], int]:
    proc = subprocess.Popen([sys.executable, "-c", PARENT, name], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.stdout is not None
    return proc, int(proc.stdout.readline())


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("watched", [True, False])
def test_a_worker_ends_when_its_parent_is_killed_only_when_watched(watched: bool) -> None:
    """Unwatched (the control), a busy worker goes on for nobody after its parent's SIGKILL."""
    proc, worker = _worker_of("watched" if watched else "unwatched")
    try:
        assert not _gone(worker)
        proc.send_signal(signal.SIGKILL)                # no clean-up runs in the parent
        proc.wait(10)
        deadline = time.monotonic() + (15 if watched else 1.5)
        while not _gone(worker) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _gone(worker) is watched
    finally:
        proc.kill()
        proc.wait(10)
        if not _gone(worker):
            os.kill(worker, signal.SIGKILL)


def test_a_process_no_multiprocessing_parent_started_is_not_watched() -> None:
    """The game or the server itself has no parent to wait for: no thread, so nothing ends it."""
    assert parentwatch.exit_with_parent("never") is None
