"""tools/bench_server.py's saturated lane (#40): a lane's player keeps one lobby connection across its
games, as a player does, and connects its two seats anew to each game; ``--lobby-per-game`` opens a
lobby connection per game as the bench did before. The two measure different things (a connection's
handshake weighs on a game's nine actions), so which one ran must be what the bench says it ran."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from tests.toolscripts import tool

from .conftest import ThreadServer


def _lane(server: ThreadServer, per_game: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, list[str]]:
    """One lane played for a second against ``server``: its Stats and the URLs it connected to."""
    bench = tool("bench_server")
    opened: list[str] = []
    real = bench.connect

    def connect(url: str, **kw: Any) -> Any:
        opened.append(url)
        return real(url, **kw)
    monkeypatch.setattr(bench, "connect", connect)
    target = bench.Target([server.url], False, str(server.data), [], lobby_per_game=per_game)
    stats = bench.Stats()

    async def run() -> None:
        now = time.time()
        window = bench.Window(go=now, start=now, end=now + 1.0)
        window.known.set()
        lane = asyncio.ensure_future(
            bench.saturated_lane(target, server.url, stats, bench.Checker(str(server.data), 1), window))
        await asyncio.sleep(1.2)                  # as the bench's bots: the lane is stopped at the window's end
        lane.cancel()
        await asyncio.gather(lane, return_exceptions=True)
    asyncio.run(run())
    return stats, opened


@pytest.mark.parametrize("per_game", [False, True])
def test_a_lane_keeps_its_lobby_connection_unless_asked_for_one_per_game(
        server: ThreadServer, per_game: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    stats, opened = _lane(server, per_game, monkeypatch)
    lobby = [u for u in opened if u == server.url]
    seats = [u for u in opened if u.startswith(server.url + "/game/")]
    games = len(seats) // 2
    assert games >= 3, opened                     # several games back to back in the second
    assert len(seats) == 2 * games and len(lobby) + len(seats) == len(opened)
    assert len(lobby) == (games if per_game else 1)
    assert len(set(seats)) == games               # each game's two seats at its own path
    assert stats.errors == 0 and stats.acks >= 9 * (games - 1)
    assert stats.uncommitted == 0 and stats.checked_live >= stats.acks
