"""A computer player that fails on the server: logged in full, and the game goes on."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from jayden_jazz.net import server as S


def test_a_failing_computer_player_is_logged_and_the_game_goes_on(tmp_path: Path,
                                                                   caplog: pytest.LogCaptureFixture) -> None:
    """Both questions put to the computer (a move, a draw offer) go through ``computers.ask``: its
    answer when it has one, else the fallback, with the failure logged in full."""
    from concurrent.futures import ThreadPoolExecutor
    from types import SimpleNamespace

    executor = ThreadPoolExecutor(1)
    server = S.GameServer(tmp_path, executor=executor)
    table = SimpleNamespace(id="g1")
    try:
        ask = server.computers.ask
        assert asyncio.run(ask(table, ("math:hypot", (3, 4)), lambda: "fallback", "x")) == 5.0  # type: ignore[arg-type]
        with caplog.at_level("ERROR", logger=S.log.name):
            answer = asyncio.run(ask(table, ("math:no_such_player", ()), lambda: ["b2-b4"],  # type: ignore[arg-type]
                                     "it plays the first legal action"))
        assert answer == ["b2-b4"]
        assert "game g1: the computer player failed; it plays the first legal action" in caplog.text
        assert "AttributeError" in caplog.text                     # logged in full, with the traceback
    finally:
        server.store.close()
        executor.shutdown()
