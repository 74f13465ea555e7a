"""One server per data folder, and a hosted server that neither outlives its game nor stays dead.

Every server here listens on 127.0.0.1; each first binds port 0. A hosted
server started again after it was killed takes the port the system gave
the first one, on 127.0.0.1 too.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from jayden_jazz.net import datalock
from jayden_jazz.net.datalock import DATA_IN_USE
from jayden_jazz.online import hosting as H
from jayden_jazz.online.connector import Link
from tests.net.conftest import ROOT, ProcessServer, client, create, expect

pytestmark = pytest.mark.skipif(sys.platform.startswith("win"), reason="SIGKILL and /proc")


def serve(data: Path, *more: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "jayden_jazz.net", "serve", "--host", "127.0.0.1", "--port", "0",
                             "--data", str(data), *more], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=ROOT)


def until(test, seconds: float, what: str):
    end = time.monotonic() + seconds
    while True:
        got = test()
        if got:
            return got
        if time.monotonic() > end:
            raise AssertionError(f"not in {seconds} s: {what}")
        time.sleep(0.05)


def gone(pid: int) -> bool:
    """Ended and reaped: no process, not even a zombie, by that number."""
    return not os.path.exists(f"/proc/{pid}")


def ended(pid: int) -> bool:
    """Not running (a zombie left to whoever adopted the orphan counts: reaping it is theirs)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


def test_a_second_serve_on_the_same_data_folder_is_refused_in_one_line_naming_pid_and_port(tmp_path):
    data = tmp_path / "server"
    first = ProcessServer(data)
    try:
        found = datalock.running(data)
        assert found is not None and found.pid == first.proc.pid and found.port == first.port
        second = serve(data)
        out, err = second.communicate(timeout=30)
        assert second.returncode == DATA_IN_USE
        lines = err.strip().splitlines()
        assert len(lines) == 1, err
        assert f"process id {first.proc.pid}" in lines[0] and f"port {first.port}" in lines[0], lines[0]
        assert "listening" not in out                     # it never served
        assert first.proc.poll() is None                  # and the first one goes on
    finally:
        first.kill()
    # killed, it leaves its info behind, but the lock went with it: the folder is free again
    assert (data / datalock.INFO_FILE).exists() and datalock.running(data) is None
    again = ProcessServer(data)
    try:
        found = datalock.running(data)
        assert found is not None and found.pid == again.proc.pid
    finally:
        again.stop()
    assert datalock.running(data) is None and not (data / datalock.INFO_FILE).exists()


OWNER = """
import os, subprocess, sys, time
p = subprocess.Popen([sys.executable, "-m", "jayden_jazz.net", "serve", "--host", "127.0.0.1", "--port", "0",
                      "--data", sys.argv[1], "--rate", "2000", "--owner", str(os.getpid()), "--orphan-grace", "1"],
                     stdout=subprocess.DEVNULL, stderr=open(sys.argv[2], "a"))
print(p.pid, flush=True)
time.sleep(120)
"""


def test_a_hosted_server_whose_game_is_gone_ends_once_nobody_plays(tmp_path):
    """The owner alive, or a player connected: it goes on. Owner gone and nobody there for the grace: it ends."""
    data = tmp_path / "server"
    log = tmp_path / "server.log"
    owner = subprocess.Popen([sys.executable, "-c", OWNER, str(data), str(log)], stdout=subprocess.PIPE, text=True,
                             env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=ROOT)
    bot = None
    try:
        assert owner.stdout is not None
        pid = int(owner.stdout.readline())
        found = until(lambda: (r := datalock.running(data)) is not None and r.port is not None and r, 30,
                      "the hosted server listening")
        assert found.pid == pid and found.owner == owner.pid
        time.sleep(2.5)                                   # alone, but its game is there
        assert datalock.running(data) is not None
        bot = client(found.url, "Guest")
        game = create(bot, "jayden", {}, [{"kind": "human"}, {"kind": "computer", "level": "easy"}])
        bot.join(game["code"])
        expect(bot, "joined")
        owner.send_signal(signal.SIGKILL)                 # the hosting game is killed
        owner.wait(10)
        time.sleep(2.5)                                   # a player is still there: it goes on
        assert datalock.running(data) is not None
        bot.close()
        bot = None
        until(lambda: datalock.running(data) is None, 15, "the orphaned server ending by itself")
        until(lambda: ended(pid), 10, "its process ended")
        assert "is gone and no player has been connected" in log.read_text()
    finally:
        if bot is not None:
            bot.close()
        if owner.poll() is None:
            owner.kill()
            owner.wait(10)
        if datalock.running(data) is not None:
            os.kill(pid, signal.SIGKILL)


def test_a_hosted_server_that_died_is_started_again_on_the_same_port_and_reaped(tmp_path):
    hosting = H.Hosting(tmp_path / "server", ("127.0.0.1", 0), server_args=("--rate", "2000"))
    bot = None
    try:
        url = until(hosting.poll, 30, "the hosted server listening")
        port, first = hosting.port, hosting.proc
        assert first is not None
        bot = client(url, "Host")
        game = create(bot, "jayden", {}, [{"kind": "human"}, {"kind": "human"}])
        bot.join(game["code"], seat=0)
        token = expect(bot, "joined")["token"]
        first.send_signal(signal.SIGKILL)
        until(lambda: ended(first.pid), 10, "the kill")
        assert not gone(first.pid)                        # a zombie until someone reaps it...
        # noticed at a tick (once the kernel lets it be reaped): being started again
        until(lambda: hosting.tend() is None, 10, "the host's game noticing")
        assert gone(first.pid)                            # ...and the host's game did: no <defunct> left
        again = until(hosting.tend, 30, "the server started again")
        assert again == url and hosting.port == port and hosting.proc is not None
        assert hosting.proc.pid != first.pid and hosting.restarts == 1
        found = datalock.running(tmp_path / "server")
        assert found is not None and found.pid == hosting.proc.pid
        # the game is still there, and the seat's token still fits
        bot.wait_for(lambda m: m["type"] == "joined", 20)
        view = bot.wait_for(lambda m: m["type"] == "view", 10)
        assert view["code"] == game["code"] and view["you"] == 0
        assert bot.session is not None and bot.session["token"] == token
    finally:
        if bot is not None:
            bot.close()
        proc = hosting.proc
        hosting.stop()
        assert hosting.wait_stopped(15)
        assert proc is None or gone(proc.pid)


def test_hosting_on_a_folder_already_served_uses_that_server(tmp_path):
    """No second server: Host (or Continue) on a served folder connects to the one there."""
    data = tmp_path / "server"
    first = ProcessServer(data)
    try:
        hosting = H.Hosting(data, ("127.0.0.1", 0))
        assert not hosting.started_here
        assert hosting.poll() == first.url
        assert hosting.tend() == first.url and hosting.running
        hosting.stop()                                    # a server started by hand is left alone
        assert first.proc.poll() is None
    finally:
        first.stop()


def test_the_hosts_link_follows_its_server_when_it_had_to_move_to_another_port():
    """Started again while its port was taken, the server listens on the next: the host's connection
    goes there (the guest gives the new address: tests/scenes/test_online_moved.py)."""
    from jayden_jazz.net.client import NetClient

    class Moved:
        url = "ws://127.0.0.1:2"

        def tend(self) -> str:
            return self.url

    net = NetClient("ws://127.0.0.1:1")                  # never started: nothing is sent anywhere
    link = Link(net, net.url, "g", "CODE", 0, hosting=Moved(), host_token="h")  # type: ignore[arg-type]
    assert link.poll() == []
    assert link.url == net.url == "ws://127.0.0.1:2"


def test_the_lock_names_its_holder_only_while_held_and_a_damaged_info_file_hides_nothing(tmp_path):
    data = tmp_path / "server"
    lock = datalock.DataLock(data, owner=1234)
    lock.take()
    try:
        assert datalock.running(data) == datalock.Running(os.getpid(), "", None, 1234)    # starting
        lock.listening("0.0.0.0", 4321)
        found = datalock.running(data)
        assert found is not None and found.port == 4321 and found.url == "ws://127.0.0.1:4321"
        with pytest.raises(datalock.DataInUse, match=f"process id {os.getpid()} on port 4321"):
            datalock.DataLock(data).take()
        (data / datalock.INFO_FILE).write_text("{not json", encoding="utf-8")
        assert datalock.running(data) == datalock.Running(0)      # held: someone serves it, unnamed
        with pytest.raises(datalock.DataInUse, match="already served by another server"):
            datalock.DataLock(data).take()
    finally:
        lock.release()
    assert datalock.running(data) is None and not (data / datalock.INFO_FILE).exists()
    (tmp_path / "a file").write_text("", encoding="utf-8")
    with pytest.raises(datalock.DataFolderError, match="cannot use the data folder"):
        datalock.DataLock(tmp_path / "a file").take()


def test_a_server_another_live_game_hosts_is_used_but_never_stopped_by_this_one(tmp_path):
    """Two game windows on one machine: the second uses the first's server; leaving, it leaves it running."""
    data = tmp_path / "server"
    first = H.Hosting(data, ("127.0.0.1", 0), server_args=("--rate", "2000"))
    try:
        url = until(first.poll, 30, "the first window's server")
        second = H.Hosting(data, ("127.0.0.1", 0))
        assert not second.started_here and second.poll() == url
        found = datalock.running(data)
        assert found is not None and found.owner == os.getpid()       # this test process is the first window
        second.stop()
        assert first.running and first.tend() == url
    finally:
        first.stop()
    assert first.wait_stopped(15)
    assert not first.running and datalock.running(data) is None


def test_the_orphan_rule_counts_seated_players_only_and_waits_the_whole_grace():
    from types import SimpleNamespace

    from jayden_jazz.net import orphan

    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait(10)                                         # a process id that no longer runs (reaped)
    server = SimpleNamespace(conns=[], failed=None)
    alive_owner = orphan.OrphanWatch(server, os.getpid(), grace=10)
    assert not alive_owner.check(0.0) and not alive_owner.check(100.0)     # its game is there
    w = orphan.OrphanWatch(server, dead.pid, grace=10)
    assert not w.check(0.0) and not w.check(9.9) and w.check(10.0)
    player = SimpleNamespace(seat=1, closing=False)
    spectator = SimpleNamespace(seat=None, closing=False)
    server.conns = [player, spectator]
    assert not w.check(20.0) and w.alone_since is None    # a player back: the wait starts over
    server.conns = [spectator]                            # a spectator alone keeps nothing going
    assert not w.check(21.0) and not w.check(30.9) and w.check(31.0)
