"""What the tournament makes of an engine that is late, exits, or is not the right engine:
the verdicts docs/engine-protocol.md gives, in one line each."""

from __future__ import annotations

import sys

import pytest

from jayden_jazz.ai.protocol import client as client_mod
from jayden_jazz.ai.protocol.client import EngineClient, EngineError, EngineTimeout
from tests.toolscripts import tool


#: Answers the start-up; on go it waits for stop and then answers a legal first action.
LATE = """
import sys
for line in sys.stdin:
    word = line.split()[0] if line.split() else ""
    out = {"protocol": ["id name late", "id game jayden", "protocolok"], "isready": ["readyok"],
           "stop": ["bestmove c2-c4 e2-e3"], "quit": None}.get(word, [])
    if out is None:
        break
    for x in out:
        print(x, flush=True)
"""

#: Answers the start-up, then exits with status 3 at the first go.
QUITTER = LATE.replace('"stop": ["bestmove c2-c4 e2-e3"]', '"go": None').replace(
    "if out is None:\n        break", "if out is None:\n        sys.exit(3)")


def _fast(monkeypatch) -> None:
    monkeypatch.setattr(client_mod, "MARGIN", 0.2)
    monkeypatch.setattr(client_mod, "STOP_GRACE", 5.0)


def test_a_move_that_comes_only_after_stop_is_too_late(monkeypatch):
    _fast(monkeypatch)
    engine = EngineClient([sys.executable, "-c", LATE], "jayden")
    try:
        with pytest.raises(EngineTimeout, match="only after stop"):
            engine.best("startpos", movetime_ms=10)
        assert engine.proc.poll() is None                 # it answered stop: not killed
    finally:
        engine.close()


def test_an_engine_late_in_a_tournament_game_loses_it(monkeypatch, capsys, tmp_path):
    from jayden_jazz.ai.jayden.arena import play_game

    _fast(monkeypatch)
    script = tmp_path / "late.py"
    script.write_text(LATE)
    out = play_game(f"engine:{sys.executable} {script}", "random", seed=1, a_is_green=True, time_budget=0.01)
    assert (out.winner, out.reason) == ("b", "engine_failed")
    assert "only after stop" in capsys.readouterr().err


def test_an_engine_that_exits_mid_game_says_its_exit_status():
    engine = EngineClient([sys.executable, "-c", QUITTER], "jayden")
    try:
        with pytest.raises(EngineError) as err:
            engine.best("startpos", movetime_ms=10)
        assert str(err.value).endswith("stopped (exit status 3)")
    finally:
        engine.close()


def _tournament(*argv: str) -> int:
    return tool("tournament").main(list(argv))


@pytest.mark.parametrize("script, words", [
    (LATE.replace("id game jayden", "id game cards"), "plays 'cards', not 'jayden'"),
    ("print('id name mute', flush=True)\nprint('id game jayden', flush=True)\n", "stopped (exit status 0)"),
])
def test_the_wrong_engine_stops_the_tournament_with_one_line(capsys, tmp_path, script, words):
    path = tmp_path / "engine.py"
    path.write_text(script)
    code = _tournament("--game", "jayden", "--a", f"engine:{sys.executable} {path}", "--b", "random",
                       "-n", "1", "--jobs", "1", "--budget", "0.05")
    err = capsys.readouterr().err
    assert code == 2
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("tournament stopped: ") and words in lines[0], err
    assert "Traceback" not in err
