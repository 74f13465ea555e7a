"""``serve --workers N``'s supervisor, with stand-in workers (tests/cluster/fake_worker.py) on
127.0.0.1: it says where each listens, starts again one that dies on the same port, gives up on
one that dies at once again and again, stops them all on SIGTERM/SIGINT, and leaves none behind
even when it is killed itself."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from jayden_jazz.net import supervisor
from jayden_jazz.net.__main__ import main
from jayden_jazz.net.supervisor import StartFailed, Supervisor

ROOT = Path(__file__).resolve().parents[2]
FAKE = Path(__file__).with_name("fake_worker.py")
ENV = {**os.environ, "JJ_ROOT": str(ROOT)}


def fake(modes: list[str], mark: Path) -> supervisor.Command:
    return lambda i, port: [sys.executable, str(FAKE), str(port), modes[i - 1], f"{mark}-{i}"]


def pids(mark: Path, i: int) -> list[int]:
    return [int(x) for x in Path(f"{mark}-{i}.pids").read_text().split()]


def running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:            # a zombie (ours, not yet reaped) is gone as far as anyone can tell
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0] != "Z"
    except (OSError, IndexError):
        return False


def gone_in_time(all_pids: list[int], timeout: float = 10.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if not any(running(p) for p in all_pids):
            return True
        time.sleep(0.05)
    return False


def test_every_worker_says_where_it_listens_and_one_that_dies_comes_back_on_its_port(tmp_path: Path) -> None:
    said: list[str] = []
    sup = Supervisor(fake(["live", "die-once"], tmp_path / "m"), [0, 0], say=said.append, env=ENV,
                     backoff=(0.1, 1.0))
    addresses = sup.start()
    try:
        assert len(addresses) == 2 and all(re.fullmatch(r"ws://127\.0\.0\.1:\d+", a) for a in addresses)
        assert len(set(addresses)) == 2
        assert [s.split(":")[0] for s in said] == ["jayden-jazz worker 1", "jayden-jazz worker 2"]
        end = time.monotonic() + 10
        while sup.restarts == 0 and time.monotonic() < end:
            sup.tend(time.monotonic())
            time.sleep(0.05)
        assert sup.restarts == 1
        assert [w.address for w in sup.workers] == addresses          # the proxy's address still holds
        assert any("worker 2" in s and "ended (exit 3)" in s for s in said), said
        assert any(s.startswith("jayden-jazz worker 2: listening on " + addresses[1] + " again") for s in said)
        assert len(pids(tmp_path / "m", 2)) == 2 and len(pids(tmp_path / "m", 1)) == 1
    finally:
        sup.stop()
    assert gone_in_time(pids(tmp_path / "m", 1) + pids(tmp_path / "m", 2))


def test_a_worker_that_dies_at_once_again_and_again_is_reported_and_left_stopped(tmp_path: Path) -> None:
    said: list[str] = []
    sup = Supervisor(fake(["die"], tmp_path / "m"), [0], say=said.append, env=ENV, backoff=(0.05, 0.2),
                     quick=5.0, give_up=3)
    done: list[int] = []
    t = threading.Thread(target=lambda: done.append(sup.run(0.05) if sup.start() else -1))
    t.start()
    t.join(20)
    assert done == [2]                                                  # every worker given up: the supervisor ends
    assert len(pids(tmp_path / "m", 1)) == 3                            # started 3 times, not a 4th
    report = [s for s in said if "not started again" in s]
    assert len(report) == 1 and "died 3 times in a row" in report[0] and "dying as told" in report[0]


def test_a_worker_that_cannot_start_stops_the_others_and_says_why(tmp_path: Path) -> None:
    sup = Supervisor(fake(["live", "refuse"], tmp_path / "m"), [0, 0], say=lambda s: None, env=ENV)
    with pytest.raises(StartFailed, match=r"worker 2 \(port 0\) did not start: cannot listen on 127.0.0.1:1"):
        sup.start()
    assert gone_in_time(pids(tmp_path / "m", 1))


RUNNER = """
import sys
sys.path.insert(0, {root!r})
from jayden_jazz.net.supervisor import Supervisor
cmd = lambda i, port: [sys.executable, {fake!r}, str(port), "live", {mark!r} + "-" + str(i)]
sup = Supervisor(cmd, [0, 0, 0])
sup.start()
sys.exit(sup.run())
"""


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGINT, signal.SIGKILL])
def test_no_worker_outlives_the_supervisor(tmp_path: Path, how: signal.Signals) -> None:
    mark = tmp_path / "m"
    proc = subprocess.Popen([sys.executable, "-c", RUNNER.format(root=str(ROOT), fake=str(FAKE), mark=str(mark))],
                            stdout=subprocess.PIPE, text=True, env=ENV)
    assert proc.stdout is not None
    lines = [proc.stdout.readline() for _ in range(3)]
    assert all(line.startswith(f"jayden-jazz worker {i + 1}: listening on ws://127.0.0.1:") for i, line in enumerate(lines))
    workers = [pids(mark, i)[0] for i in (1, 2, 3)]
    assert all(running(p) for p in workers)
    proc.send_signal(how)
    assert proc.wait(20) == (-signal.SIGKILL if how == signal.SIGKILL else 0)
    assert gone_in_time(workers), [p for p in workers if running(p)]


def test_workers_are_refused_with_sqlite_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--workers", "2", "--port", "0", "--data", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["jayden-jazz serve: --workers needs --store postgresql://... (one SQLite file is served by one process)"]
    assert not any(tmp_path.iterdir())                                   # nothing started, nothing written


def test_ports_follow_the_first_and_a_worker_command_keeps_the_options(tmp_path: Path) -> None:
    assert supervisor.ports_for(9000, 3) == [9000, 9001, 9002] and supervisor.ports_for(0, 2) == [0, 0]
    cmd = supervisor.worker_command(["--store", "postgresql://x/y"], tmp_path, tmp_path / "serve.log")(2, 9001)
    assert cmd[cmd.index("--port") + 1] == "9001" and cmd[cmd.index("--store") + 1] == "postgresql://x/y"
    assert cmd[cmd.index("--data") + 1] == str(tmp_path / "worker-2") and "--supervised" in cmd
    assert cmd[cmd.index("--log") + 1] == str(tmp_path / "serve-2.log")


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL])
def test_real_workers_on_postgresql_stop_with_their_supervisor(pg_cluster, tmp_path: Path, how: signal.Signals) -> None:
    from .harness import Workers
    workers = Workers(pg_cluster.new_database(), tmp_path / "data", 2)
    try:
        assert len(set(workers.addresses)) == 2 and all(running(p) for p in workers.pids)
        workers.proc.send_signal(how)
        assert workers.proc.wait(30) == (-signal.SIGKILL if how == signal.SIGKILL else 0)
        assert gone_in_time(workers.pids, 20), [p for p in workers.pids if running(p)]
    finally:
        workers.stop()


def test_serve_workers_writes_the_proxys_config_for_the_addresses_it_got(pg_cluster, tmp_path: Path) -> None:
    from .harness import Workers
    conf = tmp_path / "haproxy.cfg"
    workers = Workers(pg_cluster.new_database(), tmp_path / "data", 2,
                      ["--proxy-config", str(conf), "--proxy-listen", "127.0.0.1:7654"])
    try:
        assert workers.proc.stdout is not None
        assert workers.proc.stdout.readline().strip() == \
            f"jayden-jazz serve: the haproxy configuration for them is in {conf}"
        lines = conf.read_text(encoding="utf-8").splitlines()
        assert [f"    server w{i} {a} check" for i, a in enumerate(workers.addresses, 1)] == \
            [line for line in lines if line.endswith(" check") and line.startswith("    server w")]
        assert "    bind 127.0.0.1:7654  # jj:listen" in lines
    finally:
        workers.stop()


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGINT])
def test_a_supervised_worker_stopped_ends_cleanly_while_it_watches_its_pipe(tmp_path: Path, how: signal.Signals) -> None:
    """The worker's watch on its standard input must not hold the interpreter's stdin lock: a worker
    stopped while the watch waits ended with "Fatal Python error: _enter_buffered_busy" (an abort, so
    a nonzero status a service manager would restart) instead of exit 0."""
    proc = subprocess.Popen([sys.executable, "-m", "jayden_jazz.net", "serve", "--supervised", "--port", "0",
                             "--data", str(tmp_path / "data")], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert "listening on ws://127.0.0.1:" in line, line
        proc.send_signal(how)
        proc.wait(30)           # the pipe stays open, as the supervisor's does: the watch is still waiting
        assert proc.stderr is not None
        err = proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
        for pipe in (proc.stdin, proc.stdout, proc.stderr):
            if pipe is not None:
                pipe.close()
    assert "Fatal Python error" not in err, err
    assert proc.returncode == 0, (proc.returncode, err)
