"""The pygame-free ``jayden_jazz.online`` package: its floor, its settings given by argument, and a
hosted server stopped without freezing the frame loop and reaped later (never a ``<defunct>``)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import threading
from dataclasses import replace

from jayden_jazz.net.protocol import VERSION
from jayden_jazz.online import hosting as H
from jayden_jazz.online.config import LOOPBACK, NoFinder, OnlineConfig
from jayden_jazz.online.connector import Connector
from tests.test_import_floors import ROOT, SCREENS, broken, package_imports


def test_the_online_package_imports_no_pygame_and_nothing_of_the_screens():
    modules = package_imports("jayden_jazz.online")
    assert {"jayden_jazz.online.hosting", "jayden_jazz.online.connector", "jayden_jazz.online.session",
            "jayden_jazz.online.announce", "jayden_jazz.online.config"} <= set(modules)   # it is there to hold
    assert broken("jayden_jazz.online", denied=SCREENS) == []
    code = ("import sys, pkgutil, importlib, jayden_jazz.online as o\n"
            "for m in pkgutil.iter_modules(o.__path__): importlib.import_module('jayden_jazz.online.' + m.name)\n"
            "print(sorted(n for n in sys.modules if n == 'pygame' or n.startswith(('pygame.', 'jayden_jazz.scenes',"
            " 'jayden_jazz.shell'))))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_the_settings_are_given_not_patched():
    local = OnlineConfig(local=True)
    assert local.listen(8765) == LOOPBACK and not local.announces
    assert isinstance(local.make_finder(), NoFinder)
    real = OnlineConfig()
    assert real.listen(None) == ("0.0.0.0", 8765) and real.listen(9000) == ("0.0.0.0", 9000) and real.announces
    fake = object()
    assert replace(local, finder=lambda: fake).make_finder() is fake
    # what the Connector gives its client comes from its own settings, and two live side by side
    mine = Connector("ws://127.0.0.1:9", config=replace(local, client_options={"version": VERSION + 1}))
    other = Connector("ws://127.0.0.1:9", config=local)
    assert mine.config.client_options == {"version": VERSION + 1} and other.config.client_options == {}


class SlowChild:
    """A stand-in for the server's process that ends only when the test lets it (as one that ignores
    SIGTERM for a while would): it records what was done to it, and from which thread."""

    def __init__(self, *args, **kwargs) -> None:
        self.args = args[0] if args else []
        self.stdout = io.StringIO("listening on ws://127.0.0.1:4321\n")
        self.returncode: int | None = None
        self.let_go = threading.Event()
        self.terminated = self.killed = False
        self.reaped_in: str | None = None

    def poll(self) -> int | None:
        return self.returncode

    def terminate(self) -> None:
        self.terminated = True

    def kill(self) -> None:
        self.killed = True
        self.let_go.set()

    def wait(self, timeout: float | None = None) -> int:
        if not self.let_go.wait(timeout):
            raise subprocess.TimeoutExpired("serve", timeout or 0)
        self.returncode = -9 if self.killed else 0
        self.reaped_in = threading.current_thread().name
        return self.returncode


def hosted(tmp_path, made: list[SlowChild], stop_grace: float = H.STOP_GRACE) -> H.Hosting:
    def popen(*args, **kwargs) -> SlowChild:
        made.append(SlowChild(*args, **kwargs))
        return made[-1]

    hosting = H.Hosting(tmp_path / "server", ("127.0.0.1", 0), server_args=("--rate", "2000"),
                        stop_grace=stop_grace, popen=popen)
    for _ in range(1000):
        if hosting.poll() is not None:
            break
        threading.Event().wait(0.005)
    return hosting


def test_stop_returns_at_once_and_the_server_is_reaped_later_in_the_background(tmp_path):
    made: list[SlowChild] = []
    hosting = hosted(tmp_path, made)
    child = made[0]
    assert hosting.url == "ws://127.0.0.1:4321"
    assert child.args[-2:] == ["--rate", "2000"]                # the serve options given, not patched in
    hosting.stop()
    assert child.terminated and child.returncode is None        # signalled; still running; stop did not wait
    assert hosting.reaper is not None and hosting.reaper.is_alive()
    again = H.Hosting(tmp_path / "server", ("127.0.0.1", 0), popen=lambda *a, **k: made.append(SlowChild()) or made[-1])
    assert again.poll() is None and len(made) == 1              # hosting again there waits for the folder
    child.let_go.set()                                          # the server ends
    assert hosting.wait_stopped(10)
    assert child.returncode == 0 and child.reaped_in == "jayden-jazz-reap" and not child.killed
    again.poll()
    assert len(made) == 2                                       # now the new one starts
    again.stop()
    made[1].let_go.set()
    assert H.wait_all_stopped(10)


def test_a_server_that_will_not_end_is_killed_and_reaped_away_from_the_frame_loop(tmp_path):
    made: list[SlowChild] = []
    hosting = hosted(tmp_path, made, stop_grace=0.01)     # it gets a hundredth of a second to end
    hosting.stop()
    assert hosting.wait_stopped(10)
    assert made[0].terminated and made[0].killed and made[0].returncode == -9
    assert made[0].reaped_in == "jayden-jazz-reap"


def test_a_real_server_ignoring_sigterm_a_while_is_reaped_no_defunct_left(tmp_path):
    """A real child that shrugs off SIGTERM for a moment: stop returns while it still runs; the
    reaper collects it, so its process entry is gone (no zombie)."""
    go = tmp_path / "go"
    script = ("import signal, sys, time, pathlib\n"
              "signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
              "print('listening on ws://127.0.0.1:4322', flush=True)\n"
              f"while not pathlib.Path({str(go)!r}).exists(): time.sleep(0.02)\n")

    def popen(args, **kwargs):
        return subprocess.Popen([sys.executable, "-c", script], **kwargs)

    hosting = H.Hosting(tmp_path / "server", ("127.0.0.1", 0), popen=popen)
    for _ in range(3000):
        if hosting.poll() is not None:
            break
        threading.Event().wait(0.01)
    proc = hosting.proc
    assert hosting.url == "ws://127.0.0.1:4322" and proc is not None
    hosting.stop()
    assert proc.returncode is None and os.waitpid(proc.pid, os.WNOHANG) == (0, 0)   # alive, not waited for
    go.write_text("")                                                              # it may end now
    assert hosting.wait_stopped(15)
    assert proc.returncode == 0
    try:
        os.kill(proc.pid, 0)
        alive = True
    except ProcessLookupError:
        alive = False
    assert not alive                                        # reaped: no <defunct> entry left
