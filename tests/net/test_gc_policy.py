"""The server process's garbage-collector policy (server.tune_gc): full collections walking a heap of
long-lived games stopped the event loop for 60-125 ms at 1,000 games, the whole p99 tail."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest

from jayden_jazz.net import server as S


def test_tune_gc_freezes_what_is_loaded_and_raises_the_thresholds() -> None:
    code = ("import gc, jayden_jazz.net.server as S; before = gc.get_freeze_count(); S.tune_gc(); "
            "print(gc.get_threshold() == S.GC_THRESHOLDS, before == 0 and gc.get_freeze_count() > 1000)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[2]).stdout.split()
    assert out == ["True", "True"]
    assert S.GC_THRESHOLDS[0] > 700 * 10          # far fewer young collections than CPython's default


def test_the_server_command_tunes_the_collector_once_it_listens(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []

    async def started(self: S.GameServer, host: str, port: int) -> int:
        calls.append(f"start {host}")
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        fut.set_result(None)
        self.failed = fut
        return 1

    async def closed(self: S.GameServer) -> None:
        calls.append("close")

    monkeypatch.setattr(S.GameServer, "start", started)
    monkeypatch.setattr(S.GameServer, "close", closed)
    monkeypatch.setattr(S, "tune_gc", lambda: calls.append("tune_gc"))
    asyncio.run(S.run("127.0.0.1", 0, tmp_path))
    assert calls == ["start 127.0.0.1", "tune_gc", "close"]

