"""The profiling switch (jayden_jazz/net/profiling.py, ``tools/bench_server.py --profile``): off, a
server process writes nothing; with ``JAYDEN_JAZZ_PROFILE=DIR`` it leaves a cProfile of its main
thread that pstats reads, naming what ran there, and each thread's CPU by name."""

from __future__ import annotations

import os
import pstats
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

WORK = """
import threading, time
from jayden_jazz.net import profiling
profiling.start()
def busy_loop_of_the_test():
    end = time.thread_time() + 0.2
    while time.thread_time() < end:
        pass
    time.sleep(profiling.EVERY * 1.5)      # alive at the next write of the threads' CPU
t = threading.Thread(target=busy_loop_of_the_test, name="jayden-jazz-db_0")
t.start()
busy_loop_of_the_test()
t.join()
"""


def run(env: dict[str, str]) -> None:
    subprocess.run([sys.executable, "-c", WORK], check=True, cwd=ROOT, timeout=60,
                   env={**os.environ, "PYTHONPATH": str(ROOT), **env})


def test_off_it_writes_nothing_on_it_leaves_a_profile_and_the_threads_cpu(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "JAYDEN_JAZZ_PROFILE"}
    subprocess.run([sys.executable, "-c", WORK], check=True, cwd=ROOT, timeout=60,
                   env={**env, "PYTHONPATH": str(ROOT)})
    assert list(tmp_path.iterdir()) == []
    run({"JAYDEN_JAZZ_PROFILE": str(tmp_path / "prof")})
    (prof,) = (tmp_path / "prof").glob("serve-*.prof")
    (threads,) = (tmp_path / "prof").glob("serve-*.threads")
    assert prof.stem == threads.stem
    names = {func[2] for func in pstats.Stats(str(prof)).stats}         # type: ignore[attr-defined]
    assert "busy_loop_of_the_test" in names
    rows = [line.split("\t") for line in threads.read_text().splitlines()]
    cpu = {name: float(user) + float(system) for name, user, system in rows}
    assert cpu["MainThread"] >= 0.1 and cpu["jayden-jazz-db_0"] >= 0.1   # (its last write saw it alive)


WINDOWED = """
import threading, time
from pathlib import Path
from jayden_jazz.net import profiling
profiling.start()
def spin(seconds):
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass
def setting_up_before_the_window():
    spin(0.2)
def work_in_the_window():
    spin(0.3)
def db_thread_work():
    spin(0.3)
    time.sleep(max(0.0, now + 3.6 - time.time()))   # alive when the window ends
setting_up_before_the_window()
now = time.time()
Path(WHERE, "window").write_text(f"{now + 0.3} {now + 3.3}")   # wide: a loaded machine spins slowly
time.sleep(0.5)                       # the window has begun
t = threading.Thread(target=db_thread_work, name="jayden-jazz-db_0")
t.start()
work_in_the_window()
t.join()
time.sleep(max(0.0, now + 3.9 - time.time()))   # the window has ended: its profile is written
"""


def test_a_window_named_by_the_bench_profiles_that_window_alone(tmp_path: Path) -> None:
    """What an action costs is read over the measured window: the set-up before it (handshakes, games
    dealt) is dropped from the profile, and each thread's CPU is given over the window alone."""
    where = tmp_path / "prof"
    subprocess.run([sys.executable, "-c", f"WHERE = {str(where)!r}\n" + WINDOWED], check=True, cwd=ROOT,
                   timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT), "JAYDEN_JAZZ_PROFILE": str(where)})
    (prof,) = where.glob("serve-*.prof")
    (window,) = where.glob("serve-*.window")
    stats = pstats.Stats(str(prof)).stats                                  # type: ignore[attr-defined]
    names = {func[2] for func in stats}
    assert "work_in_the_window" in names and "setting_up_before_the_window" not in names
    spent = sum(ct for func, (_cc, _nc, _tt, ct, _callers) in stats.items() if func[2] == "spin")
    assert 0.2 <= spent               # the window's work is in it (by the wall clock: at least its CPU)
    rows = [line.split("\t") for line in window.read_text().splitlines()]
    cpu = {name: float(user) + float(system) for name, user, system in rows}
    assert 0.2 <= cpu["MainThread"] <= 0.6      # not the 0.5 s of the whole life
    assert cpu["jayden-jazz-db_0"] >= 0.2
