"""The engine protocol (docs/engine-protocol.md) through real engine processes.

Sessions for both games from ``protocol`` to ``quit``, refused commands and
positions, ``stop`` during a search, the client's deadlines, and tournaments
of the Hard level in-process against the same level as an outside engine.
"""

from __future__ import annotations

import os
import queue
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from jayden_jazz.ai.cards.arena import shipped_cards_dirs
from jayden_jazz.ai.cards.player import catalog_for
from jayden_jazz.ai.protocol import client as client_mod
from jayden_jazz.ai.protocol.client import EngineClient, EngineError
from jayden_jazz.ai.protocol.jayden import complete_turn
from jayden_jazz.cards import Action, Game, Rules, get_field, new_game
from jayden_jazz.jayden import START_JPN, Position
from tests.toolscripts import tool

ROOT = Path(__file__).resolve().parents[2]
JAYDEN = [sys.executable, "-m", "jayden_jazz.jayden", "engine"]
CARDS = [sys.executable, "-m", "jayden_jazz.cards", "engine"]
WAIT = 30.0     # generous: the machine may be busy; a hung engine still fails the test


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    return env


class Session:
    """A raw engine process: send lines, read lines, nothing interpreted."""

    def __init__(self, argv: list[str]) -> None:
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                     bufsize=1, cwd=ROOT, env=_env())
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, *lines: str) -> None:
        assert self.proc.stdin is not None
        for line in lines:
            self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def until(self, word: str, seconds: float = WAIT) -> list[str]:
        """Lines up to and including the first that starts with ``word``."""
        got: list[str] = []
        deadline = time.monotonic() + seconds
        while True:
            line = self.lines.get(timeout=max(0.01, deadline - time.monotonic()))
            assert line is not None, f"engine ended; lines so far {got}"
            got.append(line)
            if line.split(" ", 1)[0] == word:
                return got

    def ask(self, line: str, word: str, seconds: float = WAIT) -> list[str]:
        self.send(line)
        return self.until(word, seconds)

    def quit(self) -> int:
        self.send("quit")
        return self.proc.wait(timeout=WAIT)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


@pytest.fixture
def session():
    made: list[Session] = []

    def start(argv: list[str]) -> Session:
        s = Session(argv)
        made.append(s)
        return s

    yield start
    for s in made:
        s.close()


def _deal(seed: int = 3) -> Game:
    catalog = catalog_for(shipped_cards_dirs())
    pool = sorted(c for c in catalog if c.startswith("default/"))
    rng = random.Random(seed)
    hands = [tuple(rng.sample(pool, 5)) for _ in range(2)]
    return new_game(catalog, get_field("3x3"), hands, Rules.preset("updated"), first_seat=0,
                    date=(2026, 11), rng=rng)


def _bestmove(lines: list[str]) -> str:
    assert lines[-1].startswith("bestmove "), lines
    assert all(x.startswith("info ") for x in lines[:-1]), lines
    return lines[-1][len("bestmove "):]


# ---------------------------------------------------------------------- sessions


def test_jayden_session_from_protocol_to_quit(session):
    s = session(JAYDEN + ["--level", "easy", "--seed", "5"])
    head = s.ask("protocol", "protocolok")
    assert head[:2] == ["id name Jayden & Jazz Jayden", "id game jayden"]
    options = {line.split()[2]: line for line in head if line.startswith("option name ")}
    assert {"level", "seed", "movetime", "quietdraw"} <= set(options)
    assert options["level"].startswith("option name level type combo default easy ")
    assert options["seed"].startswith("option name seed type spin default 5 ")
    assert s.ask("isready", "readyok") == ["readyok"]

    s.send("position startpos")
    green = _bestmove(s.ask("go movetime 200", "bestmove"))
    assert len(green.split(" ")) == 2
    assert complete_turn(Position(START_JPN), green.split(" ")) is None

    s.send(f"position startpos moves {green}")
    red = _bestmove(s.ask("go movetime 200", "bestmove"))
    after = Position(START_JPN)
    for word in green.split(" "):
        after.push(word)
    assert after.side == "r" and complete_turn(after, red.split(" ")) is None

    # mid-turn (a JPN whose first action is made): the one action left
    mid = Position(START_JPN)
    mid.push(green.split(" ")[0])
    s.send(f"position {mid.jpn()}")
    last = _bestmove(s.ask("go movetime 200", "bestmove"))
    assert " " not in last and complete_turn(mid, [last]) is None
    assert s.quit() == 0


def test_cards_session_plays_a_whole_game(session):
    game = _deal()
    start = game.position()
    s = session(CARDS + ["--level", "normal"])
    head = s.ask("protocol", "protocolok")
    assert head[:2] == ["id name Jayden & Jazz cards", "id game cards"]
    names = {line.split()[2] for line in head if line.startswith("option name ")}
    assert {"level", "seed", "movetime", "packs", "pool"} <= names
    s.send("setoption name pool value default")
    assert s.ask("isready", "readyok") == ["readyok"]
    played: list[str] = []
    while not game.is_over():
        s.send(f"position {start}" + (" moves " + " ".join(played) if played else ""))
        move = _bestmove(s.ask("go movetime 100", "bestmove"))
        action = Action.parse(move)
        assert game.is_legal(action), move
        game.push(action)
        played.append(move)
    assert len(played) == 9
    s.send(f"position {start} moves " + " ".join(played))
    (line,) = s.ask("go", "error")
    assert line.startswith("error the game is over")
    assert s.quit() == 0


# ---------------------------------------------------------------------- refusals


def _refused(s: Session, line: str) -> str:
    """The engine answers ``line`` with exactly one error line and goes on."""
    s.send(line)
    got = s.ask("isready", "readyok")
    assert len(got) == 2 and got[0].startswith("error ") and got[1] == "readyok", (line, got)
    return got[0]


def test_jayden_refuses_bad_commands_and_positions_and_goes_on(session):
    s = session(JAYDEN + ["--level", "easy"])
    assert "no position" in _refused(s, "go")
    assert "unknown command 'frobnicate'" in _refused(s, "frobnicate now")
    assert "startpos" in _refused(s, "position")
    assert "JPN" in _refused(s, "position not a position")
    assert "not a position" in _refused(s, "position " + START_JPN.replace(" g ", " x "))
    assert "move 1 (z9-z10)" in _refused(s, "position startpos moves z9-z10")
    assert "move 1 (b2-b9)" in _refused(s, "position startpos moves b2-b9")
    assert "easy, normal, hard" in _refused(s, "setoption name level value superhard")
    assert "no option named 'Hash'" in _refused(s, "setoption name Hash value 16")
    assert "whole number" in _refused(s, "setoption name movetime value soon")
    assert "movetime" in _refused(s, "go wtime 1000 btime 1000")
    # a refused position leaves none behind it: the engine still has no position
    assert "no position" in _refused(s, "go movetime 50")
    s.send("position startpos moves b2-b4")
    move = _bestmove(s.ask("go movetime 100", "bestmove"))
    pos = Position(START_JPN)
    pos.push("b2-b4")
    assert complete_turn(pos, [move]) is None
    # a game that is over has no move
    s.send("position 20/20/20/20/20/20/20/20/20/20/20/20/20/M19 r - 0 0 9")
    assert "game is over" in _refused(s, "go")
    assert s.quit() == 0


def test_cards_refuses_bad_positions_and_goes_on(session):
    s = session(CARDS + ["--level", "easy"])
    assert "no fixed start" in _refused(s, "position startpos")
    assert "not a card position" in _refused(s, "position jazz1 field=nonsense")
    assert "neither a pack nor a card" in _refused(s, "setoption name pool value nosuchpack")
    assert "no folder" in _refused(s, "setoption name packs value /nonexistent/cards")
    start = _deal().position()
    assert "cannot be played" in _refused(s, f"position {start} moves default/nosuch@a1")
    s.send(f"position {start}")
    move = _bestmove(s.ask("go movetime 100", "bestmove"))
    assert _deal().is_legal(Action.parse(move))
    assert s.quit() == 0


# ---------------------------------------------------------------------- stop


@pytest.mark.parametrize("argv", [JAYDEN, CARDS], ids=["jayden", "cards"])
def test_stop_during_a_long_search_answers_a_legal_move_at_once(session, argv):
    s = session(argv + ["--level", "hard"])
    assert s.ask("isready", "readyok") == ["readyok"]
    game = _deal()
    s.send("position startpos" if argv is JAYDEN else f"position {game.position()}")
    s.send("go movetime 600000")                    # ten minutes: only stop ends it
    assert s.ask("isready", "readyok") == ["readyok"]   # answered while it thinks
    time.sleep(0.3)
    sent = time.monotonic()
    lines = s.ask("stop", "bestmove", seconds=WAIT)
    assert time.monotonic() - sent < WAIT           # far from the ten minutes asked for
    move = _bestmove(lines)
    assert any("stopped" in x for x in lines[:-1])
    if argv is JAYDEN:
        assert complete_turn(Position(START_JPN), move.split(" ")) is None
    else:
        assert game.is_legal(Action.parse(move))
    # the engine goes on: the next search starts a fresh worker
    assert _bestmove(s.ask("go movetime 100", "bestmove"))
    assert s.quit() == 0


def test_commands_sent_while_the_engine_starts_keep_their_order(session):
    s = session(JAYDEN + ["--level", "hard"])
    # no isready first: the go waits for the thinking process, the stop after it still stops it
    s.send("position startpos", "go movetime 600000", "stop", "frobnicate")
    lines = s.ask("isready", "readyok")
    assert [x.split(" ", 1)[0] for x in lines] == ["info", "bestmove", "error", "readyok"], lines
    assert complete_turn(Position(START_JPN), _bestmove(lines[:2]).split(" ")) is None
    assert s.quit() == 0


def test_quit_during_a_search_ends_the_engine(session):
    s = session(JAYDEN + ["--level", "hard"])
    s.send("position startpos", "go movetime 600000")
    assert s.ask("isready", "readyok") == ["readyok"]
    assert s.quit() == 0


def test_input_closed_after_go_still_answers_then_exits(session):
    s = session(JAYDEN + ["--level", "easy"])
    s.send("position startpos", "go movetime 100")
    assert s.proc.stdin is not None
    s.proc.stdin.close()
    move = _bestmove(s.until("bestmove"))
    assert complete_turn(Position(START_JPN), move.split(" ")) is None
    assert s.proc.wait(timeout=WAIT) == 0


# ---------------------------------------------------------------------- the client


SILENT = """
import sys
for line in sys.stdin:
    word = line.split()[0] if line.split() else ""
    out = {"protocol": ["id name silent", "id game jayden", "protocolok"], "isready": ["readyok"],
           "quit": None}.get(word, [])
    if out is None:
        break
    for x in out:
        print(x, flush=True)
"""


def test_client_stops_then_kills_an_engine_that_never_answers_go(monkeypatch):
    monkeypatch.setattr(client_mod, "MARGIN", 0.2)
    monkeypatch.setattr(client_mod, "STOP_GRACE", 0.3)
    engine = EngineClient([sys.executable, "-c", SILENT], "jayden")
    try:
        assert engine.name == "silent"
        with pytest.raises(EngineError, match="nor stop"):
            engine.best("startpos", movetime_ms=10)
        assert engine.proc.poll() is not None       # killed
    finally:
        engine.close()


def test_client_refuses_an_engine_of_the_other_game():
    with pytest.raises(EngineError, match="plays 'jayden', not 'cards'"):
        EngineClient([sys.executable, "-c", SILENT], "cards")


def test_an_engine_answering_an_illegal_turn_loses_the_game(tmp_path):
    from jayden_jazz.ai.jayden.arena import play_game

    script = tmp_path / "cheat.py"
    script.write_text(SILENT.replace('"quit": None}', '"quit": None, "go": ["bestmove b2-b9"]}'))
    out = play_game(f"engine:{sys.executable} {script}", "random", seed=1, a_is_green=True, time_budget=0.05)
    assert (out.winner, out.reason) == ("b", "engine_failed")


# ---------------------------------------------------------------------- tournaments


def _tournament(capsys, *argv: str) -> str:
    assert tool("tournament").main(list(argv)) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("game, extra", [("jayden", ["--max-turns", "15", "--budget", "0.03"]),
                                         ("cards", ["--budget", "0.05"])])
def test_hard_in_process_against_hard_through_the_protocol(capsys, monkeypatch, game, extra):
    monkeypatch.setenv("PYTHONPATH", _env()["PYTHONPATH"])
    engine = f"engine:{sys.executable} -m jayden_jazz.{game} engine --level hard"
    out = _tournament(capsys, "--game", game, "--a", "hard", "--b", engine, "-n", "2", "--jobs", "1", *extra)
    assert f"{game}: A = hard, B = {engine}, 2 games" in out and "'time_budget'" in out
    assert out.count("[") >= 2 and "[2/2]" in out
    assert "engine_failed" not in out
    decisions = [line for line in out.splitlines() if line.startswith("  B (engine:")]
    assert decisions and " 0 decisions" not in decisions[0]


# ---------------------------------------------------------------------- the floors


def test_the_rules_packages_reach_the_engine_without_importing_the_players():
    code = ("import sys, jayden_jazz.jayden.__main__, jayden_jazz.cards.__main__, jayden_jazz.handoff; "
            "print(sorted(m for m in sys.modules if m.startswith('jayden_jazz.ai')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=_env(),
                         timeout=WAIT)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


STRAY = """
import sys
import jayden_jazz.engine as engine

keep = engine._protocol_output


def noisy():
    out = keep()
    print("stray")      # after the switch: must not reach the protocol's output
    return out


if __name__ == "__main__":
    engine._protocol_output = noisy
    sys.exit(engine.main(["jayden", "--level", "easy"]))
"""


def test_a_stray_print_goes_to_standard_error_not_into_the_protocol(session, tmp_path):
    script = tmp_path / "noisy_engine.py"
    script.write_text(STRAY)
    s = session([sys.executable, str(script)])
    assert s.ask("isready", "readyok") == ["readyok"]
    assert s.quit() == 0
