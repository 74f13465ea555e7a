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
