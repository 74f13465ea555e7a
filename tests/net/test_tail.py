"""What a slow answer was made of (jayden_jazz/net/tail.py, #40): a server told a window records its
batches' commits, its event loop's lateness and the collector's pauses inside that window alone, and
writes them when it ends; the bench adds them up. A stalled loop, a full collection and a slow commit
must each show, and nothing outside the window may."""

from __future__ import annotations

import asyncio
import gc
import json
import random
import time
from pathlib import Path

import pytest

from jayden_jazz.net import tail
from tests.net.conftest import ProcessServer, client, play_out
from tests.net.test_play import seat_clients


def _window(folder: Path, start: float, end: float) -> None:
    (folder / "window").write_text(f"{start} {end}")


def test_only_what_happens_inside_the_window_is_kept(tmp_path: Path) -> None:
    r = tail.Recorder(tmp_path)
    r.commit(0.004, 0.005, 3)                       # no window yet
    now = time.time()
    r.window = (now - 10, now - 5)                  # over
    r.commit(0.004, 0.005, 3)
    r.collected("start", {"generation": 2})
    r.collected("stop", {"generation": 2})
    assert r.commits == [] and r.gc == []
    r.window = (now - 1, now + 60)
    r.commit(0.004, 0.250, 3)
    r.collected("start", {"generation": 2})
    time.sleep(0.03)
    r.collected("stop", {"generation": 2})
    assert r.commits == [(0.004, 0.250, 3)]
    assert r.gc[0][0] == 2 and r.gc[0][1] >= 0.025
    assert r.gc[0][2] < 0.02                        # asleep, not collecting: off the CPU


def test_a_real_collection_is_timed_through_the_collectors_hook(tmp_path: Path) -> None:
    r = tail.Recorder(tmp_path)
    r.window = (time.time() - 1, time.time() + 60)
    gc.callbacks.append(r.collected)
    try:
        gc.collect(2)
    finally:
        gc.callbacks.remove(r.collected)
    assert [g for g, _wall, _cpu, _young in r.gc] == [2]
    assert 0 < r.gc[0][1] < 5 and 0 < r.gc[0][2]


def test_a_young_collection_says_how_many_objects_it_began_with(tmp_path: Path) -> None:
    """The young generation's count as a pause starts: what a young collection walks (#40: its
    length is this count's, so the thresholds are chosen from it)."""
    r = tail.Recorder(tmp_path)
    r.window = (time.time() - 1, time.time() + 60)
    was = gc.get_threshold()
    gc.collect()
    gc.callbacks.append(r.collected)
    try:
        gc.set_threshold(3000, 1000, 1000)
        kept = [[] for _ in range(3500)]            # alive: the count passes 3,000 and a young collection runs
    finally:
        gc.callbacks.remove(r.collected)
        gc.set_threshold(*was)
    young = [x for x in r.gc if x[0] == 0]
    assert young and 3000 <= young[0][3] < 3100 and len(kept) == 3500


def test_a_blocked_loop_shows_as_lateness_and_the_figures_are_written_at_the_windows_end(tmp_path: Path) -> None:
    r = tail.Recorder(tmp_path)
    now = time.time()
    _window(tmp_path, now, now + 0.6)

    async def main() -> None:
        beat = asyncio.get_running_loop().create_task(r.heartbeat())
        await asyncio.sleep(0.15)
        time.sleep(0.08)                            # a blocking call: the loop stops for 80 ms, off the CPU
        await asyncio.sleep(0.1)
        end = time.thread_time() + 0.08
        while time.thread_time() < end:             # a slow callback: 80 ms of the loop's own work
            pass
        await asyncio.wait_for(beat, 5)             # it ends by itself after the window
    asyncio.run(main())
    written = json.loads((tmp_path / f"serve-{tail.os.getpid()}.tail").read_text())
    assert written["window"] == [now, now + 0.6]
    stalls = [(late, used, queued) for late, used, queued in written["late"] if late >= 0.05]
    assert len(stalls) == 2
    assert stalls[0][1] < 0.02 and stalls[1][1] >= 0.07      # the first waited, the second worked
    assert len(written["late"]) >= 10               # ticks of 10 ms over the window's 0.6 s, a few lost to the stalls
    s = tail.summary([written], stall=0.05)
    # the first off the CPU; the second too only if a busy machine kept it waiting longer than it worked
    assert s["stalls"] == 2 and s["stalls_off_cpu"] == 1 + (stalls[1][1] < stalls[1][0] / 2)
    assert s["late_max_ms"] >= 70
    if stalls[0][2] >= 0:                           # the kernel said: the sleep was no wait for a core
        assert stalls[0][2] < 0.04 and s["stalls_blocked"] >= 1


def test_a_stall_off_the_cpu_is_told_waiting_for_a_core_or_blocked() -> None:
    """schedstat's time runnable but not running (a busy machine) against neither (a blocking call,
    or the GIL another thread holds); ticks recorded before it was kept (two figures) count as neither."""
    ticks = {"commits": [], "gc": [], "late": [[0.05, 0.001, 0.04], [0.05, 0.001, 0.002], [0.05, 0.04, 0.0],
                                              [0.05, 0.001], [0.05, 0.001, -1.0], [0.001, 0.0, 0.0]]}
    s = tail.summary([ticks], stall=0.02)
    assert s["stalls"] == 5 and s["stalls_off_cpu"] == 4
    assert s["stalls_queued"] == 1 and s["stalls_blocked"] == 1


def test_the_run_queue_reads_this_threads_wait_for_a_core() -> None:
    queued = tail._run_queue()
    try:
        first = queued()
        if first < 0:
            pytest.skip("no /proc/thread-self/schedstat here")
        end = time.thread_time() + 0.05
        while time.thread_time() < end:
            pass
        assert queued() >= first                    # a counter of the thread's life, never going back
    finally:
        queued.close()
    assert queued() == -1.0                         # closed: nothing read


def test_the_summary_adds_up_every_process() -> None:
    a = {"commits": [[0.003, 0.004, 2]] * 98 + [[0.5, 0.6, 9]], "late": [[0.001, 0.001]] * 50 + [[0.3, 0.01]],
         "gc": [[0, 0.001, 0.001, 9000]]}
    b = {"commits": [[0.003, 0.004, 1]], "late": [[0.002, 0.0], [0.03, 0.03]],
         "gc": [[2, 0.09, 0.03, 12000], [1, 0.01, 0.01]]}        # a file written before the count was kept
    s = tail.summary([a, b], stall=0.02)
    assert s["processes"] == 2 and s["batches"] == 100
    assert s["writes_per_batch"] == pytest.approx((98 * 2 + 9 + 1) / 100)
    assert s["commit_p50_ms"] == pytest.approx(4.0)
    assert s["commit_max_ms"] == pytest.approx(600.0) and s["commit_thread_max_ms"] == pytest.approx(500.0)
    assert s["stalls"] == 2 and s["stalls_off_cpu"] == 1 and s["late_max_ms"] == pytest.approx(300.0)
    assert s["gc_count"] == 3 and s["gc_max_ms"] == pytest.approx(90.0) and s["gc_max_generation"] == 2
    assert s["gc_max_cpu_ms"] == pytest.approx(30.0) and s["gc_max_young"] == 12000
    assert s["gc_p99_ms"] == pytest.approx(90.0) and s["gc_p99_cpu_ms"] == pytest.approx(30.0)
    gens = s["gc_generations"]
    assert sorted(gens) == ["0", "1", "2"] and gens["2"]["count"] == 1 and gens["2"]["young_max"] == 12000
    assert gens["0"]["cpu_max_ms"] == pytest.approx(1.0) and gens["1"]["young_max"] == 0
    assert gens["2"]["cpu_total_ms"] == pytest.approx(30.0)
    assert s["gc_total_ms"] == pytest.approx(101.0)
    empty = tail.summary([], stall=0.02)
    assert empty["batches"] == 0 and empty["commit_max_ms"] == 0.0 and empty["gc_max_generation"] == -1


def test_a_server_told_a_window_writes_its_commits_and_loop_over_it(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "tail"
    folder.mkdir()
    monkeypatch.setenv(tail.ENV, str(folder))
    start = time.time()
    _window(folder, start, start + 6.0)            # read at the server's first heartbeat, before any play
    server = ProcessServer(tmp_path / "data")
    clients: list = []
    try:
        clients, _game = seat_clients(server, "cards", {"rules": {"random": True}, "field": "3x3"}, 2)  # type: ignore[arg-type]
        play_out(clients, random.Random(4))
        path = folder / f"serve-{server.proc.pid}.tail"
        found = tail.read(folder, [server.proc.pid], wait=10.0)
        assert path.exists()
    finally:
        for c in clients:
            c.close()
        server.stop()
    (written,) = found
    assert written["pid"] == server.proc.pid
    assert len(written["commits"]) >= 9             # a 3x3 game's nine actions, each acked after its commit
    assert all(seen >= on_thread > 0 for on_thread, seen, _n in written["commits"])
    assert len(written["late"]) > 50                # the heartbeat ran over the window's seconds with the server up
