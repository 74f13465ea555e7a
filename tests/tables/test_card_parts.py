"""The card table's hint and computer-seat parts, driven through the controller with a brain that answers as told."""

from __future__ import annotations

import random
from typing import Any

import pytest

from jayden_jazz.ai.worker import Reply
from jayden_jazz.cards import Field, Rules, new_game
from jayden_jazz.tables.cards.controller import TableController
from jayden_jazz.tables.cards.flow import Phase
from jayden_jazz.tables.cards.view import Refusal, Screen
from tests.tables.test_card_controller import CATALOG, HUMAN, P0_GRAB, WEAK5, settle

COMPUTER = {"kind": "computer", "level": "easy"}


class ScriptedBrain:
    """Answers each question with the next of ``answers`` (a Reply), one poll after it was asked."""

    def __init__(self, *answers: Reply) -> None:
        self.answers = list(answers)
        self.asked: list[str] = []
        self.due: Reply | None = None
        self.cancelled = 0

    def submit_hint(self, text: str, seat: int, pack_dirs: Any, pool: Any) -> None:
        self.asked.append("hint")
        self.due = self.answers.pop(0)

    def submit_action(self, text: str, seat: int, level: str, seed: int, pack_dirs: Any, pool: Any) -> None:
        self.asked.append(f"action {seat} {level}")
        self.due = self.answers.pop(0)

    def poll(self) -> Reply | None:
        reply, self.due = self.due, None
        return reply

    def cancel(self) -> None:
        self.cancelled += 1
        self.due = None


class Failures(Screen):
    def __init__(self) -> None:
        self.failed: list[tuple[int, str]] = []

    def computer_failed(self, seat: int, text: str) -> None:
        self.failed.append((seat, text))


def table(brain: ScriptedBrain, seats: list[dict[str, Any]], screen: Screen | None = None) -> TableController:
    game = new_game(CATALOG, Field.rectangle(3), [P0_GRAB, WEAK5], Rules(open=True), first_seat=0, date=(2026, 6))
    ctl = TableController(game, [dict(s) for s in seats], CATALOG, brain=lambda: brain, rng=random.Random(1),
                          factor=lambda: 0.0, screen=screen)
    ctl.start()
    return ctl


def test_a_hint_is_said_and_marked_once_it_comes_and_a_second_one_waits_for_it():
    brain = ScriptedBrain(Reply(True, {"action": "t/x2@b2", "value": "win"}))
    ctl = table(brain, [HUMAN, HUMAN])
    ctl.pick(0, "t/x1")
    ctl.ask_hint(0)
    assert ctl.hint_waiting and ctl.busy and ctl.messages.text == "Looking for a good move..."
    with pytest.raises(Refusal, match="A hint is on its way"):
        ctl.ask_hint(0)
    ctl.tick()
    assert not ctl.hint_waiting and ctl.hint == ("t/x2", "b2")
    name = CATALOG["t/x2"].name
    assert ctl.messages.text == ctl.hint_text == f"Hint: {name} on b2 (a sure win)"
    assert ctl.selected is None                  # the other card picked goes back to the hand
    assert ctl.view(0).hint == ("t/x2", "b2")
    ctl.place(0, "t/x2", "b2")
    assert ctl.hint is None and brain.asked == ["hint"]


def test_a_hint_that_is_no_legal_action_is_dropped_in_plain_words():
    brain = ScriptedBrain(Reply(True, {"action": "t/w1@b2"}), Reply(True, {"action": "not an action"}))
    ctl = table(brain, [HUMAN, HUMAN])
    for _ in range(2):
        ctl.ask_hint(0)
        ctl.tick()
        assert ctl.hint is None and ctl.messages.text == "No hint this time"


def test_a_card_played_while_a_hint_is_on_its_way_cancels_the_question():
    brain = ScriptedBrain(Reply(True, {"action": "t/x2@b2"}))
    ctl = table(brain, [HUMAN, HUMAN])
    ctl.ask_hint(0)
    ctl.place(0, "t/x1", "a1")
    assert brain.cancelled == 1 and not ctl.hint_waiting and ctl.hint is None
    assert ctl.game.ply == 1


def test_the_computer_seat_asks_at_its_level_and_plays_its_answer():
    brain = ScriptedBrain(Reply(True, "t/w1@c3"))
    ctl = table(brain, [HUMAN, COMPUTER])
    ctl.place(0, "t/x1", "a1")
    settle(ctl)
    assert brain.asked == ["action 1 easy"]
    assert [str(a) for a in ctl.game.history] == ["t/x1@a1", "t/w1@c3"]
    assert ctl.phase == Phase.TURN and ctl.game.to_move == 0


@pytest.mark.parametrize("answer, why", [(Reply(True, "t/x2@b2"), "which is not a legal action"),
                                         (Reply(False, "Traceback\nMemoryError: out of memory"), "out of memory")])
def test_a_failed_computer_seat_goes_to_a_person_and_says_why(answer, why):
    brain, screen = ScriptedBrain(answer), Failures()
    ctl = table(brain, [HUMAN, COMPUTER], screen)
    ctl.place(0, "t/x1", "a1")
    for _ in range(5):
        ctl.tick()
    assert ctl.seats[1] == {"kind": "human"} and not ctl.is_computer(1)
    [(seat, text)] = screen.failed
    assert seat == 1 and why in text and text.endswith("Player 2 is now played by a person.")
    assert ctl.game.ply == 1


def test_in_the_journey_a_failed_computer_seat_stays_the_computers_and_is_asked_again():
    brain, screen = ScriptedBrain(Reply(False, "crashed"), Reply(True, "t/w1@c3")), Failures()
    ctl = table(brain, [HUMAN, COMPUTER], screen)
    ctl.computer_seats_kept = True
    ctl.place(0, "t/x1", "a1")
    for _ in range(5):
        ctl.tick()
    assert ctl.seats[1] == COMPUTER and len(screen.failed) == 1
    assert "started again and Player 2 plays on" in screen.failed[0][1]
    ctl.resume_turn()
    settle(ctl)
    assert brain.asked == ["action 1 easy", "action 1 easy"] and ctl.game.ply == 2


def test_the_view_carries_the_hint_its_words_and_the_message_to_the_mover_only():
    brain = ScriptedBrain(Reply(True, {"action": "t/x2@b2", "value": "win"}))
    game = new_game(CATALOG, Field.rectangle(3), [P0_GRAB, WEAK5], Rules(), first_seat=0, date=(2026, 6))
    ctl = TableController(game, [dict(HUMAN), dict(HUMAN)], CATALOG, brain=lambda: brain, rng=random.Random(1),
                          factor=lambda: 0.0)                # hands hidden from each other
    ctl.start()
    ctl.seat_ready(0)                                         # the hot seat's pass screen
    ctl.ask_hint(0)
    mine, theirs = ctl.view(0), ctl.view(1)
    assert mine.hint_asked and not theirs.hint_asked           # the other seat never learns of it
    assert mine.message == "Looking for a good move..." and mine.message_left == ctl.messages.left > 0
    assert mine.seen == frozenset({0}) and theirs.seen == frozenset({1})
    assert [h.seat for h in mine.hands if h.cards is not None] == [0]
    ctl.tick()
    mine, theirs = ctl.view(0), ctl.view(1)
    assert not mine.hint_asked and mine.hint_text == ctl.hint_text.strip() != ""
    assert theirs.hint is None and theirs.hint_text == ""        # a hint's words name the mover's card
