"""Loopback servers and bot players for the network tests.

Every server here listens on 127.0.0.1, port 0; every client connects only
there. A server runs either in a thread of the test process (its own
asyncio loop) or as a real subprocess (``python -m jayden_jazz.net serve``)
for the tests that kill it.
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from jayden_jazz.net.client import NetClient
from jayden_jazz.net.server import GameServer, Limits
from jayden_jazz.net.supervisor import end_process

ROOT = Path(__file__).resolve().parents[2]


class ThreadServer:
    """A GameServer on its own loop in a daemon thread."""

    def __init__(self, data: Path, limits: Limits | None = None, store: Any = None) -> None:
        self.data = data
        self.limits = limits
        self.store = store       # another store than the data folder's file (a PgStore: tests/workers)
        self.port = 0
        self.server: GameServer | None = None
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._stopped: asyncio.Future[None] | None = None
        self._thread = threading.Thread(target=self._main, daemon=True)
        self._thread.start()
        if not self._ready.wait(20):
            raise RuntimeError("the test server did not start")

    def _main(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.run_until_complete(self._serve())

    async def _serve(self) -> None:
        self.server = GameServer(self.data, self.limits, store=self.store)
        self.port = await self.server.start("127.0.0.1", 0)
        self._stopped = asyncio.get_running_loop().create_future()
        self._ready.set()
        await self._stopped
        await self.server.close()

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def call(self, fn: Callable[[], Any]) -> Any:
        """Run ``fn`` on the server's loop and return its value (reading server state)."""
        async def run() -> Any:
            return fn()
        return asyncio.run_coroutine_threadsafe(run(), self._loop).result(10)

    def stop(self) -> None:
        if self._stopped is not None:
            self._loop.call_soon_threadsafe(self._stopped.set_result, None)
        self._thread.join(10)


class ProcessServer:
    """``python -m jayden_jazz.net serve`` in a subprocess (to be SIGKILLed)."""

    def __init__(self, data: Path, port: int = 0, store: str | None = None) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen([sys.executable, "-m", "jayden_jazz.net", "serve", "--host", "127.0.0.1",
                                      "--port", str(port), "--data", str(data), "--rate", "2000"]
                                     + (["--store", store] if store else []),
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env, cwd=ROOT)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        m = re.search(r"ws://127\.0\.0\.1:(\d+)", line)
        if not m:
            self.proc.kill()
            raise RuntimeError(f"the server did not start: {line!r}")
        self.port = int(m.group(1))

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        end_process(self.proc)


FAST = Limits(rate=2000, burst=2000, seat_timeout=0.5, presence_interval=0.2)
"""Bots play far faster than people: the play tests lift the rate limit (the fuzz test keeps it)."""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ThreadServer]:
    s = ThreadServer(tmp_path / "data", FAST)
    yield s
    s.stop()


def client(url: str, name: str = "") -> NetClient:
    return NetClient(url, name=name, backoff=(0.05, 0.5)).start()


def expect(c: NetClient, kind: str, timeout: float = 10.0) -> dict[str, Any]:
    """The next message of ``kind`` (or an error, which fails the test with its words)."""
    msg = c.wait_for(lambda m: m["type"] in (kind, "error"), timeout)
    assert msg["type"] == kind, msg
    return msg


def create(c: NetClient, kind: str, setup: dict[str, Any], seats: list[dict[str, Any]]) -> dict[str, Any]:
    c.create(kind, setup, seats)
    return expect(c, "created")


def pick(view: dict[str, Any], rng: random.Random) -> str:
    """A bot's choice among the legal actions of its view (Jayden: attacks first, to end sooner)."""
    legal = view["legal"]
    if view["kind"] == "jayden":
        attacks = [a for a in legal if "-" not in a]
        if attacks and rng.random() < 0.8:
            return rng.choice(attacks)
    return rng.choice(legal)


def play_out(clients: list[NetClient], rng: random.Random, timeout: float = 30.0,
             on_message: Callable[[int, dict[str, Any]], None] | None = None,
             between: Callable[[], None] | None = None) -> dict[str, Any]:
    """Bots play until the game is over; returns the final view of the first client."""
    end = time.monotonic() + timeout
    acted = [-1] * len(clients)     # the last ply each bot acted on (its view may lag its ack)
    while time.monotonic() < end:
        for i, c in enumerate(clients):
            for m in c.poll():
                if on_message is not None:
                    on_message(i, m)
        views = [c.view for c in clients]
        if all(v is not None and v["status"] in ("over", "abandoned") for v in views):
            return views[0]  # type: ignore[return-value]
        for i, (c, v) in enumerate(zip(clients, views)):
            if (v is not None and v["status"] == "playing" and v["you"] is not None and v["to_move"] == v["you"]
                    and c.pending is None and v["legal"] and c.state == "connected" and v["ply"] > acted[i]):
                acted[i] = v["ply"]
                c.send_action(pick(v, rng), v["ply"])
        if between is not None:
            between()
        time.sleep(0.002)
    raise AssertionError(f"the game did not finish in {timeout} s: {[c.view and c.view['ply'] for c in clients]}")
