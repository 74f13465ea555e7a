"""One seat module for both games: the same brain code and computer turn drive a Jayden board and a card table.

The worker process is replaced by an in-process stand-in that runs the very
function the brain names (``module:function``), so everything between the
board and the process — asking, polling, showing each move for its time,
cancelling and closing — is the shipped code of ``scenes/seats.py``.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

import pytest

from jayden_jazz.ai import worker as worker_module
from jayden_jazz.ai.worker import Reply
from jayden_jazz.jayden import START_JPN
from jayden_jazz.saves import jayden as jsave
from jayden_jazz.scenes import seats
from jayden_jazz.scenes.cards import players as card_players
from jayden_jazz.scenes.jayden import players as jayden_players
from jayden_jazz.scenes.jayden.board import JaydenScene, local_board
from jayden_jazz.scenes.jayden.setup import JaydenSetupScene
from jayden_jazz.scenes.windows import ChoiceWindow
from jayden_jazz.tables.jayden.controller import AI_SELECT_TICKS
from tests.helpers import press, step
from tests.scenes.cards_helpers import make_table
from tests.scenes.jpn_helpers import jpn

COMPUTER = {"kind": "computer", "level": "easy"}
FIVE_A = ["t/w1", "t/w2", "t/w3", "t/w4", "t/w5"]
FIVE_B = ["t/x1", "t/x2", "t/x3", "t/x4", "t/x5"]


class InProcessWorker:
    """Stands in for ``AIWorker``: runs the named function here and answers after ``delay`` polls."""

    made: list["InProcessWorker"] = []

    def __init__(self, delay: int = 3) -> None:
        self.delay = delay
        self.asked: list[str] = []
        self.cancelled = 0
        self.closed = False
        self._reply: Reply | None = None
        self._left = 0
        InProcessWorker.made.append(self)

    @property
    def busy(self) -> bool:
        return self._reply is not None

    def submit(self, target: str, *args: Any, **kwargs: Any) -> int:
        module, _, name = target.partition(":")
        self.asked.append(name)
        self._reply = Reply(True, getattr(import_module(module), name)(*args, **kwargs))
        self._left = self.delay
        return len(self.asked)

    def poll(self) -> Reply | None:
        if self._reply is None:
            return None
        self._left -= 1
        if self._left > 0:
            return None
        reply, self._reply = self._reply, None
        return reply

    def cancel(self) -> None:
        self.cancelled += 1
        self._reply = None

    def close(self) -> None:
        self.closed = True


@pytest.fixture
def in_process(monkeypatch):
    InProcessWorker.made = []
    monkeypatch.setattr(worker_module, "AIWorker", InProcessWorker)
    monkeypatch.setattr(card_players, "ai_available", lambda: True)
    return InProcessWorker.made


# the shared parts --------------------------------------------------------------------
def test_both_games_offer_the_same_seats_and_labels():
    assert card_players.LEVELS == jayden_players.LEVELS == seats.LEVELS
    assert card_players.label is jayden_players.label is seats.label
    assert card_players.is_computer is jayden_players.is_computer is seats.is_computer
    assert seats.label({"kind": "computer", "level": "hard"}) == "Computer (Hard)"
    assert seats.label(None) == seats.label({"kind": "human"}) == "Human"
    assert [seats.label(c) for c in jayden_players.player_choices()] == \
        [seats.label(c) for c in card_players.seat_choices()]
    assert seats.seat_choices(False) == [{"kind": "human"}]
    assert not seats.ai_available("no_such_package.player")


def test_both_brains_are_the_shared_worker_brain():
    assert issubclass(card_players.WorkerBrain, seats.WorkerBrain)
    assert issubclass(jayden_players.WorkerBrain, seats.WorkerBrain)
    assert isinstance(card_players.make_brain(), seats.WorkerBrain)
    assert isinstance(jayden_players.make_brain(), seats.WorkerBrain)


def test_a_computer_turn_of_several_moves_shows_each_for_its_time():
    turn = seats.ComputerTurn(several=True)
    replies = [None, Reply(True, ["a", "b"])]
    played: list[tuple[int, str]] = []
    for tick in range(40):
        out = turn.step(lambda: None, lambda: replies.pop(0) if replies else None, list, 5)
        if out is not None:
            assert out[0] == "play"
            played.append((tick, out[1]))
            if len(played) == 2:
                break
    assert [m for _, m in played] == ["a", "b"]
    assert played[0][0] == 2 + 5 and played[1][0] - played[0][0] == 5    # each held 5 ticks
    assert not turn.busy


def test_an_unusable_answer_fails_with_the_reason():
    turn = seats.ComputerTurn(several=True)
    assert turn.step(lambda: None, lambda: None, list, 5) is None          # asked
    assert turn.step(lambda: None, lambda: Reply(True, []), list, 5) == ("failed", "it returned no move")
    assert turn.step(lambda: None, lambda: Reply(False, "boom"), list, 5) is None    # asks again first
    assert turn.step(lambda: None, lambda: Reply(False, "boom"), list, 5) == ("failed", "boom")


# a Jayden board through the shared code --------------------------------------------
def jayden_board(make_app, start: str, players: dict[str, dict[str, str]], *argv: str) -> tuple[Any, JaydenScene]:
    app = make_app(*argv)
    game = jsave.JaydenGame(start=start, actions=[], players=players)
    scene = local_board(app, game)
    app.stack.push(scene)
    return app, scene


def test_a_jayden_game_between_computers_runs_on_the_shared_seat_code(make_app, in_process):
    start = jpn({"j1": "M", "a1": "D", "a9": "m", "e1": "K", "c1": "H", "t14": "h", "s13": "h"})
    app, sc = jayden_board(make_app, start, {"g": dict(COMPUTER), "r": dict(COMPUTER)})
    shown: dict[str, int] = {}
    for _ in range(3000):
        step(app)
        if sc.table.computer.chosen is not None:
            key = str(sc.table.computer.chosen)
            shown[key] = shown.get(key, 0) + 1
            assert sc.selected == sc.table.computer.chosen.src       # the piece is shown selected first
        if sc.pos.result is not None:
            break
    assert sc.pos.result is not None and sc.pos.result.winner == "g"
    worker = in_process[0]
    assert "choose_turn" in worker.asked
    played = [str(a) for a in sc.pos.history]
    assert played and all(shown.get(a, 0) >= AI_SELECT_TICKS for a in played)
    app.stack.clear()
    assert worker.closed and sc.brain is None                   # the process goes with the board


def test_jayden_computer_pace_follows_the_animation_setting(make_app, in_process):
    def held(speed: str) -> int:
        app, sc = jayden_board(make_app, START_JPN, {"g": dict(COMPUTER), "r": {"kind": "human"}})
        app.settings["animation"] = speed
        ticks = 0
        while not sc.pos.history and ticks < 600:
            step(app)
            ticks += sc.table.computer.chosen is not None
        app.stack.clear()
        return ticks

    normal, slow = held("normal"), held("slow")
    assert normal == AI_SELECT_TICKS and slow == 2 * AI_SELECT_TICKS


def test_esc_new_game_cancels_the_jayden_computer_and_leaving_closes_it(make_app, in_process, monkeypatch):
    monkeypatch.setattr(InProcessWorker.__init__, "__defaults__", (10_000,))   # thinks "forever"
    app, sc = jayden_board(make_app, START_JPN, {"g": dict(COMPUTER), "r": {"kind": "human"}})
    step(app, 3)
    assert sc.request == "turn"
    worker = in_process[0]
    press(app, "ESC")
    assert isinstance(app.stack.top, ChoiceWindow)
    menu = app.stack.top.menu
    menu.index = [i.label for i in menu.items].index("New game")
    press(app, "RETURN")
    assert worker.cancelled == 1 and isinstance(app.stack.top, JaydenSetupScene)
    assert worker.closed                                       # the board left the stack


def test_jayden_hint_goes_through_the_same_brain(make_app, in_process):
    start = jpn({"j1": "M", "a1": "D", "a9": "m", "c1": "H", "e1": "K", "t14": "h"})
    app, sc = jayden_board(make_app, start, {"g": {"kind": "human"}, "r": {"kind": "human"}})
    app.settings["enhanced"] = True
    sc.game.enhanced = True
    press(app, "h")
    step(app, 5)
    assert in_process[0].asked == ["choose_turn"] and [str(a) for a in sc.hint] == ["a1xa9"]


# a card table through the same code -----------------------------------------------
def test_a_card_game_between_computers_runs_on_the_shared_seat_code(make_app, in_process):
    app, sc = make_table(make_app, [FIVE_A, FIVE_B], seats=[COMPUTER, COMPUTER],
                         brain=card_players.WorkerBrain())
    for _ in range(5000):
        step(app)
        if sc.controller.game.is_over():
            break
    assert sc.controller.game.is_over() and len(sc.controller.game.history) == 9
    worker = in_process[0]
    assert worker.asked.count("choose_action") == 9
    app.stack.clear()
    assert worker.closed and sc.brain is None


def test_leaving_a_card_table_while_the_computer_thinks_closes_it(make_app, in_process, monkeypatch):
    monkeypatch.setattr(InProcessWorker.__init__, "__defaults__", (10_000,))
    app, sc = make_table(make_app, [FIVE_A, FIVE_B], seats=[COMPUTER, {"kind": "human"}],
                         brain=card_players.WorkerBrain())
    step(app, 3)
    worker = in_process[0]
    assert worker.busy and sc.controller.computer.asked
    app.stack.pop()
    assert worker.closed
