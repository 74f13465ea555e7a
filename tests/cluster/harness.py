"""``serve --workers N`` against a PostgreSQL database and HAProxy in front of it, from
deploy/haproxy.cfg, all on 127.0.0.1 (the workers on free ports, HAProxy on a free port found by
binding port 0). Used by the cluster's tests and by tools/bench_server.py --workers."""

from __future__ import annotations

import http.client
import os
import re
import signal
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

from jayden_jazz.net import proxyconf
from jayden_jazz.net.supervisor import end_process

ROOT = Path(__file__).resolve().parents[2]


def haproxy_bin() -> str | None:
    return shutil.which("haproxy") or ("/usr/sbin/haproxy" if os.access("/usr/sbin/haproxy", os.X_OK) else None)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_listening(port: int, timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing listens on 127.0.0.1:{port} in time")


class Workers:
    """``python -m jayden_jazz.net serve --workers N --port 0 --store URL`` in a subprocess."""

    def __init__(self, store: str, data: Path, n: int, extra: list[str] | None = None, source: Path = ROOT) -> None:
        """``source``: the source tree whose server runs (the bench's ``--baseline`` names another)."""
        env = {**os.environ, "PYTHONPATH": str(source)}
        self.proc = subprocess.Popen([sys.executable, "-m", "jayden_jazz.net", "serve", "--workers", str(n),
                                      "--port", "0", "--host", "127.0.0.1", "--store", store, "--data", str(data),
                                      *(extra or [])],
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env, cwd=source)
        assert self.proc.stdout is not None
        self.addresses: list[str] = []
        self.pids: list[int] = []
        for _ in range(n):
            line = self.proc.stdout.readline()
            m = re.match(r"jayden-jazz worker \d+: listening on ws://(127\.0\.0\.1:\d+) \(process (\d+)\)", line)
            if not m:
                self.stop()
                raise RuntimeError(f"the workers did not start: {line!r}")
            self.addresses.append(m.group(1))
            self.pids.append(int(m.group(2)))

    def kill(self, index: int) -> None:
        """SIGKILL worker ``index`` (from 1); the supervisor starts it again."""
        os.kill(self.pids[index - 1], signal.SIGKILL)

    def stop(self) -> None:
        end_process(self.proc, 30)


class HAProxy:
    """HAProxy in the foreground with deploy/haproxy.cfg written for ``backends``."""

    def __init__(self, backends: list[str], folder: Path, template: Path | None = None) -> None:
        """``template``: another config than deploy/haproxy.cfg (the bench's ``--baseline``'s)."""
        exe = haproxy_bin()
        if exe is None:
            raise RuntimeError("haproxy is not installed")
        self.port = free_port()
        self.config = folder / "haproxy.cfg"
        proxyconf.write(self.config, backends, f"127.0.0.1:{self.port}", template=template)
        self.proc = subprocess.Popen([exe, "-db", "-f", str(self.config)], stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE, text=True)
        try:
            wait_listening(self.port)
        except RuntimeError:
            self.stop()
            raise

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def worker_for(self, path: str) -> int:
        """The worker (from 1) HAProxy sends ``path`` to now, read from the header it adds."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
        try:
            conn.request("GET", path)
            name = conn.getresponse().getheader("X-Jayden-Jazz-Worker") or ""
        finally:
            conn.close()
        if not re.fullmatch(r"w\d+", name):
            raise RuntimeError(f"HAProxy named no worker for {path}: {name!r}")
        return int(name[1:])

    def stop(self) -> None:
        end_process(self.proc)


__all__ = ["HAProxy", "Workers", "free_port", "haproxy_bin", "wait_listening"]
