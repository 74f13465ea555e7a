"""tools/bench_server.py says what a run's tail was made of (#40): the checkpoints PostgreSQL's log
shows running in the window (one begun before it counts: a spread checkpoint writes for minutes),
PostgreSQL's own counters over the window, and one line with every part in it."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from tests.toolscripts import tool

LOG = """\
2026-12-04 15:00:00.100 UTC [10] LOG:  checkpoint starting: time
2026-12-04 15:04:30.000 UTC [10] LOG:  checkpoint complete: wrote 900 buffers (5.5%); write=269.8 s, sync=0.150 s, total=270.0 s; sync files=40, longest=0.120 s, average=0.004 s
2026-12-04 15:05:00.000 UTC [10] LOG:  checkpoint starting: time
2026-12-04 15:05:00.500 UTC [11] LOG:  statement: SELECT 1
2026-12-04 15:06:00.000 UTC [10] LOG:  checkpoint complete: wrote 12 buffers (0.1%); write=59.0 s, sync=1.400 s, total=60.0 s; sync files=3, longest=1.300 s, average=0.4 s
2026-12-04 15:10:00.000 UTC [10] LOG:  checkpoint starting: wal
"""


def _at(hms: str) -> float:
    import datetime as dt
    return dt.datetime.fromisoformat(f"2026-12-04 {hms}").replace(tzinfo=dt.timezone.utc).timestamp()


def test_the_checkpoints_running_in_the_window_are_found_in_the_log(tmp_path: Path) -> None:
    bench = tool("bench_server")
    log = tmp_path / "log"
    log.write_text(LOG)
    found = bench.checkpoints_in(log, _at("15:05:30"), _at("15:05:40"))
    assert [c["why"] for c in found] == ["time"]                  # begun before the window, ended after
    assert found[0]["start"] == _at("15:05:00") and found[0]["end"] == _at("15:06:00")
    assert "longest=1.300 s" in found[0]["done"]
    assert bench.checkpoints_in(log, _at("15:06:10"), _at("15:06:20")) == []
    running = bench.checkpoints_in(log, _at("15:11:00"), _at("15:11:10"))
    assert [(c["why"], c["end"]) for c in running] == [("wal", None)]     # still running at the log's end
    both = bench.checkpoints_in(log, _at("15:04:00"), _at("15:05:10"))
    assert len(both) == 2
    assert bench.checkpoints_in(None, 0.0, 1.0) is None
    assert bench.checkpoints_in(tmp_path / "none", 0.0, 1.0) is None


def _run() -> dict[str, Any]:
    return {"tail": {"processes": 2, "batches": 1200, "writes_per_batch": 1.4, "commit_p50_ms": 3.2,
                     "commit_p99_ms": 41.0, "commit_max_ms": 1400.0, "commit_thread_max_ms": 1390.0,
                     "late_p99_ms": 2.0, "late_max_ms": 90.0, "stalls": 4, "stall_ms": 20.0, "stalls_off_cpu": 3,
                     "stalls_queued": 2, "stalls_blocked": 1,
                     "gc_count": 3, "gc_total_ms": 4.5, "gc_max_ms": 2.0, "gc_max_cpu_ms": 1.5, "gc_max_generation": 0,
                     "gc_p99_ms": 1.8, "gc_p99_cpu_ms": 1.2, "gc_max_young": 10004,
                     "gc_generations": {"0": {"count": 2, "cpu_p50_ms": 0.5, "cpu_p99_ms": 1.5, "cpu_max_ms": 1.5,
                                              "young_max": 10004},
                                        "1": {"count": 1, "cpu_p50_ms": 0.9, "cpu_p99_ms": 0.9, "cpu_max_ms": 0.9, "cpu_total_ms": 0.9,
                                              "young_max": 10001}}},
            "bots_late_max_ms": 6.0, "bots_stalls": 0, "bots_stalls_off": 0,
            "pg": {"wal_sync": 1300.0, "wal_sync_time": 5200.0, "wal_buffers_full": 0.0, "checkpoints_timed": 1.0,
                   "checkpoints_req": 0.0, "checkpoint_sync_time": 1400.0},
            "checkpoints": [{"start": 0.0, "end": 10.0, "why": "time", "done": "wrote 12 buffers; sync=1.400 s"}]}


def test_the_made_of_line_names_every_part() -> None:
    bench = tool("bench_server")
    text = bench.made_of(_run())
    assert "commits 1,200 (1.4 writes each) waited p50 3.2 p99 41.0 max 1400.0 ms" in text
    assert "(longest on the database thread 1390.0)" in text
    assert "server loop late p99 2.0 max 90.0 ms, 4 stalls >= 20 ms (3 of them off the CPU" in text
    assert "not working -- 2 waiting for a core, 1 blocked in a call or for the GIL);" in text
    assert ("GC 3 pauses, 4.5 ms in all, p99 1.8 ms (1.2 on the CPU), the longest 2.0 ms (1.5 of it on the CPU; "
            "generation 0, 10,004 young objects)") in text
    assert ("; generation 0: 2 pauses, CPU p50 0.5 p99 1.5 max 1.5 ms (0 in all), young objects <= 10,004; generation "
            "1: 1 pauses, CPU p50 0.9 p99 0.9 max 0.9 ms (1 in all), young objects <= 10,001;") in text
    assert "bots' loops late max 6.0 ms, 0 stalls (0 off the CPU)" in text
    assert "WAL fsyncs 1,300, mean 4.00 ms" in text
    assert "checkpoints finished 1 (sync 1400 ms)" in text
    assert "checkpoints running in the window 1: time, wrote 12 buffers; sync=1.400 s" in text
    bare = bench.made_of({**_run(), "tail": None, "pg": {}, "checkpoints": None})
    assert "the server's parts not recorded" in bare and "WAL" not in bare and "checkpoints" not in bare


def test_the_report_carries_the_made_of_line() -> None:
    bench = tool("bench_server")
    r = {"p99_ms": 10.0, "p50_ms": 5.0, "rate": 100.0, "cpu_ms": 0.5, "sys_ms": 0.1, "db_ms": 0.2,
         "bots_ms": 0.3, "proxy_ms": 0.0, "busy": {"server": 0.5, "bots": 0.1, "PostgreSQL": None, "HAProxy": None},
         "rss_kib": 1024, "kib_per_game": 70.0, "load": 1.0, "errors": 0, "uncommitted": 0,
         "checked_live": 12, "missing": 0, "checked_end": 130, "check_every": 10, **_run()}
    lines = bench.report("2 workers: ", r, 10, 2).splitlines()
    assert lines[1].startswith("(b) 2 workers: made of: commits 1,200")
    assert lines[2].startswith("RESULT 2 workers: 10 games")


def test_postgresqls_counters_move_over_a_window(pg_cluster: Any) -> None:
    import psycopg
    bench = tool("bench_server")
    url = str(pg_cluster.new_database())
    assert bench.pg_stat("/some/sqlite/folder") is None and bench.pg_counters(None) == {}
    stat = bench.pg_stat(url)
    try:
        before = bench.pg_counters(stat)
        assert {"checkpoints_timed", "checkpoint_sync_time", "wal_records", "wal_sync"} <= set(before)
        with psycopg.connect(url, autocommit=True) as db:
            db.execute("CREATE TABLE t (x int)")
            for i in range(20):
                db.execute("INSERT INTO t VALUES (%s)", (i,))
            db.execute("SELECT pg_stat_force_next_flush()")     # this backend's counters now, not in a second
        delta = bench.pg_delta(before, bench.pg_counters(stat))
    finally:
        stat.close()
    assert delta["wal_records"] >= 20
    assert all(v >= 0 for v in delta.values())


SLOW_LOG = """\
2026-12-04 16:00:00.000 UTC [20] LOG:  duration: 250.000 ms  statement: INSERT INTO actions VALUES ('g', 0)
2026-12-04 16:00:05.000 UTC [21] LOG:  duration: 702.125 ms  statement: INSERT INTO actions VALUES ('h', 3);
\tUPDATE games SET ply = 4
2026-12-04 16:00:06.000 UTC [22] LOG:  process 22 still waiting for ExclusiveLock on extension of relation 16390 of database 5 after 100.045 ms
2026-12-04 16:00:06.100 UTC [22] LOG:  process 22 acquired ExclusiveLock on extension of relation 16390 of database 5 after 180.2 ms
2026-12-04 16:00:07.000 UTC [23] LOG:  automatic analyze of table "db.public.actions"
2026-12-04 16:00:09.000 UTC [24] LOG:  checkpoint starting: time
2026-12-04 16:00:20.000 UTC [20] LOG:  duration: 900.000 ms  statement: SELECT 1
"""


def test_what_held_postgresql_up_in_the_window_is_read_from_its_log(tmp_path: Path) -> None:
    """The throwaway cluster logs statements of 100 ms or more, lock waits of 100 ms or more and
    autovacuum runs (#40: a first commit of 700 ms inside PostgreSQL on a new cluster); the window's
    alone are counted, and the line names the longest."""
    bench = tool("bench_server")
    log = tmp_path / "log"
    log.write_text(SLOW_LOG)
    slow = bench.slow_in(log, _at("16:00:01"), _at("16:00:10"))
    assert slow["statements"] == [[702.125, "INSERT INTO actions VALUES ('h', 3);", 2]]     # a batch of 2 lines
    assert len(slow["lock_waits"]) == 2 and "extension of relation" in slow["lock_waits"][0]
    assert slow["autovacuum"] == ['automatic analyze of table "db.public.actions"']
    assert bench.slow_in(None, 0.0, 1.0) is None and bench.slow_in(tmp_path / "none", 0.0, 1.0) is None
    text = bench.made_of({**_run(), "slow": slow})
    assert ("statements >= 100 ms in the window 1 (the longest 702.1 ms: a batch of 2 lines and its commit, the "
            "first INSERT INTO actions VALUES ('h', 3);); "
            "lock waits 2 (process 22 still waiting for ExclusiveLock") in text
    assert "autovacuum runs 1 (automatic analyze" in text
    assert "statements >=" not in bench.made_of(_run())         # a database given by address: not read


def test_each_sampled_wait_is_named_and_a_background_process_apart() -> None:
    bench = tool("bench_server")
    assert bench.wait_key("client backend", "IO", "WALSync") == (True, "IO:WALSync")
    assert bench.wait_key("client backend", None, None) == (True, "(on CPU)")
    assert bench.wait_key("walwriter", "IO", "WALInitWrite") == (False, "walwriter IO:WALInitWrite")
    assert bench.wait_key(None, "LWLock", "WALWrite") == (True, "LWLock:WALWrite")


def test_the_wal_over_the_window_counts_segments_filled_and_files_made() -> None:
    bench = tool("bench_server")
    mb16 = 16 * 2**20
    moved = bench.wal_moved((mb16 * 3 - 10, 4, mb16), (mb16 * 5 + 10, 6, mb16))
    assert moved == {"bytes": 2 * mb16 + 20, "segments": 3, "files_before": 4, "files_after": 6}
    assert bench.wal_moved(None, (1, 1, mb16)) is None


def _waits() -> dict[str, Any]:
    return {"looks": 1500, "every_ms": 5.0, "counts": {"IO:WALSync": 61, "(on CPU)": 20, "IO:WALInitWrite": 9,
                                                         "LWLock:WALWrite": 10},
            "background": {"walwriter IO:WALWrite": 7}, "failed": "", "cpu_ms": 310.0, "backend_cpu_ms": 420.4,
            "seconds": 10.0, "wal": {"bytes": 40 * 2**20, "segments": 3, "files_before": 2, "files_after": 4},
            "long": {"LWLock:WALWrite": 30, "IO:WALInitSync": 10, "walwriter IO:WALInitWrite": 10}, "long_looks": 12,
            "long_ms": 50.0, "disk_looks": 40, "disk_long": 3, "disk_run_ms": 12.4}


def test_the_made_of_line_gives_the_sampled_waits_as_shares_and_the_wal_segments_made() -> None:
    bench = tool("bench_server")
    text = bench.made_of({**_run(), "waits": _waits()})
    assert ("PostgreSQL's waits sampled (1,500 looks every 5 ms, 100 statements seen running; the sampler's CPU "
            "310 ms + its backend's 420 ms in 10 s): IO:WALSync 61%, (on CPU) 20%, LWLock:WALWrite 10%, "
            "IO:WALInitWrite 9%; background: walwriter IO:WALWrite 7") in text
    assert ("in the 12 looks where a statement had run 50 ms or more: LWLock:WALWrite 60%, IO:WALInitSync 20%, "
            "walwriter IO:WALInitWrite 20% (the disk with an I/O in flight in 3 of them); the disk had an I/O in "
            "flight in 40 looks, at most 12 ms in a row;") in text
    assert ("WAL 40.0 MB in the window, 3 segments filled; files in pg_wal 2 -> 4 (2 made new and zero-filled, "
            "1 recycled)") in text
    failed = bench.made_of({**_run(), "waits": {**_waits(), "failed": "OperationalError: gone"}})
    assert "PostgreSQL's waits not sampled (OperationalError: gone)" in failed and "IO:WALSync" not in failed
    assert "waits sampled" not in bench.made_of(_run())         # SQLite: nothing sampled


def test_the_sampler_sees_a_statement_waiting_and_the_wal_moving(pg_cluster: Any) -> None:
    """Against the test suite's PostgreSQL (a unix socket, no port): a statement sleeping in the
    window is seen in its wait (Timeout:PgSleep), and a WAL switch counts as a segment filled."""
    import psycopg
    bench = tool("bench_server")
    url = str(pg_cluster.new_database())
    start = time.time() + 0.2
    sampler = bench.WaitSampler(url, start, start + 0.6, every=0.005)
    sampler.start()
    with psycopg.connect(url, autocommit=True) as db:
        time.sleep(max(0.0, start + 0.05 - time.time()))
        db.execute("CREATE TABLE w (x int)")
        db.execute("INSERT INTO w VALUES (1)")
        db.execute("SELECT pg_switch_wal()")
        db.execute("SELECT pg_sleep(0.3)")
    sampler.join(5)
    got = sampler.figures()
    assert got["failed"] == ""
    assert got["looks"] >= 20
    assert got["counts"].get("Timeout:PgSleep", 0) >= 10
    assert got["long"].get("Timeout:PgSleep", 0) >= 5 and got["long_looks"] >= 5     # asleep 50 ms and more
    assert got["wal"]["segments"] >= 1 and got["wal"]["bytes"] > 0
    assert got["backend_cpu_ms"] >= 0 and got["cpu_ms"] > 0
    assert 0 <= got["disk_long"] <= got["disk_looks"] <= got["looks"] and got["disk_run_ms"] >= 0


def test_the_machine_over_the_window_says_whose_cores_and_how_slow_the_disks_flushes() -> None:
    """A slow WAL fsync is the disk's (its flushes slow) or the machine's (cores taken by other work
    or by the host): the line gives both."""
    bench = tool("bench_server")
    m = {"cpu_busy": 15.0, "cpu_iowait": 0.5, "cpu_steal": 2.0, "disk_writes": 4000.0, "disk_write_ms": 1400.0,
         "disk_flushes": 2000.0, "disk_flush_ms": 160.0, "cpu_pressure": 3.4, "io_pressure": 0.2}
    text = bench.made_of({**_run(), "machine": m, "seconds": 10.0, "busy": {"server": 0.5, "bots": 0.2,
                                                                          "PostgreSQL": 0.1, "HAProxy": None},
                          "bench_busy": 0.1, "others": [("python -m pytest -q", 0.55)]})
    assert ("the machine over the window: cores busy 1.50 (the run's own processes 0.90, others 0.60; "
            "python -m pytest -q 0.55), stolen by the "
            "host 0.20, some task waiting for a core 34% of the time, for I/O 2%; disk writes 4,000, mean 0.35 ms, "
            "flushes 2,000, mean 0.08 ms") in text
    assert "the machine over" not in bench.made_of({**_run(), "machine": {}})
    assert ("PostgreSQL's processes runnable but waiting for a core 1,250 ms in all over the window"
            in bench.made_of({**_run(), "pg_queued_s": 1.25}))
    assert "waiting for a core 0 ms" not in bench.made_of(_run())      # not measured: not said


def test_the_machines_counters_only_grow() -> None:
    bench = tool("bench_server")
    before = bench.machine_counters()
    if "cpu_busy" not in before:
        import pytest
        pytest.skip("no /proc/stat: not Linux")
    sum(i * i for i in range(3_000_000))        # some CPU between the two reads: several clock ticks
    after = bench.machine_counters()
    assert set(after) == set(before)
    assert after["cpu_busy"] > before["cpu_busy"]
    assert all(after[k] >= v for k, v in before.items())


def test_the_busiest_other_processes_are_named_and_the_runs_own_left_out() -> None:
    bench = tool("bench_server")
    before = {1: (10.0, "init"), 7: (5.0, "python -m pytest"), 8: (1.0, "postgres"), 9: (0.0, ""), 11: (3.0, "gone")}
    after = {1: (10.1, "init"), 7: (10.0, "python -m pytest"), 8: (9.0, "postgres"), 9: (0.5, ""), 12: (9.0, "new")}
    assert bench.others_busy(before, after, {8}, 10.0) == [("python -m pytest", 0.5), ("pid 9", 0.05)]
    mine = bench.all_cpu()
    waited = bench.queued([os.getpid(), 0])
    assert list(waited) == [os.getpid()] and waited[os.getpid()] >= 0      # pid 0 has none: left out
    assert "python" in mine[os.getpid()][1]            # this process, by its command line


def test_the_result_says_when_other_work_took_cores_in_the_window() -> None:
    bench = tool("bench_server")
    r = {"p99_ms": 10.0, "p50_ms": 5.0, "rate": 100.0, "cpu_ms": 0.5, "sys_ms": 0.1, "db_ms": 0.2,
         "bots_ms": 0.3, "proxy_ms": 0.0, "busy": {"server": 0.5, "bots": 0.2, "PostgreSQL": 0.1, "HAProxy": None},
         "rss_kib": 1024, "kib_per_game": 70.0, "load": 1.0, "errors": 0, "uncommitted": 0,
         "checked_live": 12, "missing": 0, "checked_end": 130, "check_every": 10, **_run(),
         "bench_busy": 0.1, "seconds": 10.0}
    busy = bench.report("", {**r, "machine": {"cpu_busy": 15.0, "cpu_steal": 0.0}}, 10, 2).splitlines()[-1]
    assert busy.endswith("target p99 <= 50 ms met (the machine NOT at rest: other processes used 0.60 cores in the window)")
    rest = bench.report("", {**r, "machine": {"cpu_busy": 9.5, "cpu_steal": 0.0}}, 10, 2).splitlines()[-1]
    assert rest.endswith("target p99 <= 50 ms met")
    assert bench.report("", r, 10, 2).splitlines()[-1].endswith("met")       # not measured: nothing said


def test_pg_nice_renices_the_processes_and_says_why_it_cannot() -> None:
    """``--pg-nice``: the cluster's processes at that nice value (a child process of the test here)."""
    import subprocess
    import sys
    bench = tool("bench_server")
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        bench.first_for_a_core([child.pid], 5)
        assert os.getpriority(os.PRIO_PROCESS, child.pid) == 5
    finally:
        child.kill()
        child.wait()
    bench.first_for_a_core([child.pid], 5)                  # ended since listed: left out
    import pytest
    if os.geteuid() != 0:
        with pytest.raises(SystemExit, match="could not be reniced"):
            bench.first_for_a_core([os.getpid()], -5)       # not allowed: said, not a traceback
