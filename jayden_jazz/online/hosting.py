"""The game server this machine runs for the host, kept going for as long as the host hosts.

A subprocess (``python -m jayden_jazz.net serve``) so a busy server never
holds up the frame loop and a crash of one never takes the other along.
Its data folder holds one server at most (:mod:`jayden_jazz.net.datalock`):
when one already serves it -- the server this game started before it was
killed, say -- that one is used, so both players stay on the same server.
A server that stops while hosted is started again on the same folder and
port (:meth:`Hosting.tend`, read each tick by the :class:`~.connector.Link`),
and every child is reaped, so none is left a zombie. One that outlives a
killed game ends by itself once nobody plays (:mod:`jayden_jazz.net.orphan`).

Leaving never freezes the window: :meth:`Hosting.stop` only signals the
server and returns; a thread of its own waits for it to end (killing it
if it will not) and reaps it. A server started again on the same folder
before that is done waits for the folder, never for the frame loop.
"""

from __future__ import annotations

import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Callable, Sequence

from jayden_jazz.net import datalock, orphan
from jayden_jazz.net.datalock import DATA_IN_USE

PORT_TRIES = 10
#: Seconds a hosted server waits, once this game is gone and nobody plays, before it ends.
ORPHAN_GRACE = 180.0
#: Times a hosted server that stopped is started again before the game gives up on it.
RESTARTS = 5
#: Ticks between looks at a server found running (not started here): is it still there?
CHECK_TICKS = 30
#: Seconds a stopped server has to end by itself before it is killed (waited for away from the frame loop).
STOP_GRACE = 5.0
_LISTENING = re.compile(r"listening on ws://([^\s:]+|\[[^\]]+\]):(\d+)")


class Hosting:
    """A game server for the host: started here, or found already serving the data folder.

    It listens on ``listen`` (the Host screen passes every interface and port
    8765, or loopback and a free port when headless; a taken port moves on to
    the next) with its games in ``data``. ``poll()`` is read each tick while
    connecting: None while starting, then the local URL, or RuntimeError with
    why it could not start. ``tend()`` is read each tick while hosting.
    ``server_args`` are more ``serve`` options (tests: no rate limit);
    ``stop_grace``: seconds a stopped server has to end before it is killed;
    ``popen`` starts the process (tests give a stand-in).
    """

    def __init__(self, data: Path, listen: tuple[str, int] = ("127.0.0.1", 0), *,
                 server_args: Sequence[str] = (), orphan_grace: float = ORPHAN_GRACE,
                 stop_grace: float = STOP_GRACE, popen: Callable[..., Any] = subprocess.Popen) -> None:
        self.data = Path(data)
        self.server_args = tuple(server_args)
        self.orphan_grace = orphan_grace
        self.stop_grace = stop_grace
        self._popen = popen
        self.reaper: threading.Thread | None = None     # the thread that waits for a stopped server to end
        self.host, self.port = listen
        self.url: str | None = None
        self.proc: subprocess.Popen[str] | None = None
        self.found: datalock.Running | None = None      # a server already serving the folder, not started here
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._tries = 0
        self.restarts = 0
        self.error = ""
        self._ticks = 0
        self._stopped = False
        self._after = _stopping(self.data)          # a server of this folder still being stopped here
        if self._after is None:
            self._begin()

    def _begin(self) -> None:
        """Use the server serving the folder, or start one."""
        running = datalock.running(self.data)
        if running is not None:
            self.found = running
        else:
            self._start()

    @property
    def started_here(self) -> bool:
        return self.proc is not None

    def _start(self) -> None:
        self.data.mkdir(parents=True, exist_ok=True, mode=0o700)
        root = str(Path(__file__).resolve().parents[2])
        env = {**os.environ, "PYTHONPATH": root + os.pathsep + os.environ.get("PYTHONPATH", "")}
        # the server writes its own log (server.log: private, rotated); stderr keeps only what
        # stops it (one line) or a crash before its log is open, fresh each start
        err = os.fdopen(os.open(self.data / "server.err", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w")
        try:
            self.proc = self._popen(
                [sys.executable, "-m", "jayden_jazz.net", "serve", "--host", self.host, "--port", str(self.port),
                 "--data", str(self.data), "--log", str(self.data / "server.log"),
                 "--owner", str(os.getpid()), "--orphan-grace", f"{self.orphan_grace:g}", *self.server_args],
                stdout=subprocess.PIPE, stderr=err, stdin=subprocess.DEVNULL, text=True, env=env)
        finally:
            err.close()
        out = self.proc.stdout
        lines = self._lines = queue.Queue()     # a fresh queue: an earlier server's last words stay in its own

        def read() -> None:
            assert out is not None
            with out:
                for line in out:
                    lines.put(line)
            lines.put(None)

        threading.Thread(target=read, name="jayden-jazz-host", daemon=True).start()

    # ------------------------------------------------------------------ starting
    def poll(self) -> str | None:
        if self.url is not None:
            return self.url
        if self._after is not None:
            if self._after.is_alive():
                return None             # the folder's last server is still ending
            self._after = None
            self._begin()
        if self.found is not None:
            return self._poll_found()
        while True:
            try:
                line = self._lines.get_nowait()
            except queue.Empty:
                return None
            if line is None:
                return self._failed()
            m = _LISTENING.search(line)
            if m:
                self.port = int(m.group(2))
                self.url = f"ws://127.0.0.1:{self.port}" if self.host in ("0.0.0.0", "127.0.0.1") \
                    else f"ws://{m.group(1)}:{self.port}"
                return self.url

    def _poll_found(self) -> str | None:
        running = datalock.running(self.data)
        if running is None:             # it stopped before it said where it listens: start one here
            self.found = None
            self._start()
            return None
        self.found = running
        if running.url is not None:
            self.port = running.port or self.port
            self.url = running.url
        return self.url

    def _failed(self) -> str | None:
        assert self.proc is not None
        code = self.proc.wait(5)
        tail = self._log_tail()
        if code == DATA_IN_USE and datalock.running(self.data) is not None:
            self.proc = None            # another game started one on this folder first: use that one
            self.found = datalock.running(self.data)
            return self._poll_found()
        if code == 2 and "cannot listen" in tail and self.port and self._tries < PORT_TRIES:
            self._tries += 1
            self.port += 1          # taken: the next port
            self._start()
            return None
        self.error = tail or f"the server stopped (exit code {code})"
        raise RuntimeError(self.error)

    def _log_tail(self) -> str:
        """The last line of what stopped the server (its stderr), else of its log."""
        for name in ("server.err", "server.log"):
            try:
                lines = (self.data / name).read_text(encoding="utf-8", errors="replace").strip().splitlines()
            except OSError:
                continue
            if lines:
                return lines[-1]
        return ""

    # ------------------------------------------------------------------ hosting
    def tend(self) -> str | None:
        """Once a tick while hosting: the URL, or None while a server that stopped is started again
        (on the same folder and, when free, the same port). Its exit is reaped here."""
        if self._stopped or self.error:
            return self.url
        if self.url is None:
            try:
                return self.poll()
            except RuntimeError:
                return None             # why is in self.error; the seat shows it is reconnecting
        if self.proc is not None:
            if self.proc.poll() is None:
                return self.url
        else:
            self._ticks += 1
            if self._ticks % CHECK_TICKS or datalock.running(self.data) is not None:
                return self.url
            self.found = None
        self._restart()
        return None

    def _restart(self) -> None:
        self.restarts += 1
        self.url, self.proc, self._tries = None, None, 0
        if self.restarts > RESTARTS:
            self.error = f"the server stopped {self.restarts} times; see {self.data / 'server.log'}"
            return
        self._start()

    @property
    def running(self) -> bool:
        if self.proc is not None:
            return self.proc.poll() is None
        found = self.found
        if found is None:
            return False
        now = datalock.running(self.data)
        return now is not None and now.pid == found.pid

    def stop(self, found_too: bool = True) -> None:
        """Stop the server without waiting for it: it is signalled here, and waited for and reaped
        in the background (``reaper``). One found running is stopped too when ``found_too`` and it
        was hosted by a game that is gone (one started by hand, or another game window's, is left alone)."""
        self._stopped = True
        proc = self.proc
        if proc is not None:
            if proc.poll() is None:
                try:
                    proc.terminate()
                except OSError:
                    pass                # ended meanwhile: the reaper reaps it
            self._reap(_end_child, proc)
            return
        found = self.found
        if not found_too or found is None or found.owner is None or found.pid <= 0 or orphan.alive(found.owner):
            return
        now = datalock.running(self.data)
        if now is None or now.pid != found.pid:
            return                      # gone already (or another in its place: not ours to stop)
        try:
            os.kill(found.pid, signal.SIGTERM)
        except OSError:
            return
        self._reap(_end_found, self.data)

    def _reap(self, target: Callable[[Any, float], None], arg: Any) -> None:
        self.reaper = threading.Thread(target=target, args=(arg, self.stop_grace), name="jayden-jazz-reap",
                                       daemon=True)
        _STOPPING[self.data.resolve()] = self.reaper
        self.reaper.start()

    def wait_stopped(self, timeout: float) -> bool:
        """Whether the stopped server has ended (and was reaped) within ``timeout`` seconds: for a
        program that ends, and for tests; the frame loop never calls it."""
        if self.reaper is not None:
            self.reaper.join(timeout)
            return not self.reaper.is_alive()
        return True


#: Servers being stopped in the background, by data folder: one hosted there again waits for it.
_STOPPING: dict[Path, threading.Thread] = {}


def _stopping(data: Path) -> threading.Thread | None:
    thread = _STOPPING.get(Path(data).resolve())
    return thread if thread is not None and thread.is_alive() else None


def wait_all_stopped(timeout: float) -> bool:
    """Wait, ``timeout`` seconds at most, for every server stopped here to end: for a program that is
    ending (its window gone), so it leaves nothing running behind it. True when all ended."""
    end = time.monotonic() + timeout
    for thread in list(_STOPPING.values()):
        thread.join(max(0.0, end - time.monotonic()))
    return not any(t.is_alive() for t in _STOPPING.values())


def _end_child(proc: Any, grace: float) -> None:
    """Wait for a signalled child to end, kill it if it will not, and reap it: no ``<defunct>`` left."""
    try:
        proc.wait(grace)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def _end_found(data: Path, grace: float) -> None:
    """Wait (a while) for a signalled server this game did not start to let go of its folder."""
    end = time.monotonic() + grace
    while datalock.running(data) is not None and time.monotonic() < end:
        time.sleep(0.05)


__all__ = ["CHECK_TICKS", "Hosting", "ORPHAN_GRACE", "PORT_TRIES", "RESTARTS", "STOP_GRACE", "wait_all_stopped"]
