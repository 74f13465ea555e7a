"""Helpers written once for both boards: the message timer, the computer's turn, Yes/No questions."""

from __future__ import annotations

from types import SimpleNamespace

from jayden_jazz.scenes.seats import ComputerTurn, MessageTimer


def test_a_message_stays_its_ticks_then_goes():
    m = MessageTimer(3)
    m.say("hello")
    for _ in range(2):
        m.tick()
        assert m.text == "hello" and m
    m.tick()
    assert m.text == "" and not m
    m.say("longer", ticks=5)
    assert m.left == 5
    m.clear()
    assert not m


def test_the_computer_turn_asks_once_holds_the_answer_then_plays_it():
    asked = []
    replies = [None, None, SimpleNamespace(ok=True, value="7")]
    turn = ComputerTurn()

    def step():
        return turn.step(lambda: asked.append(1), lambda: replies.pop(0) if replies else None, int, 3)

    assert step() is None and asked == [1]              # asked, nothing yet
    assert step() is None and step() is None            # polling
    assert step() is None and turn.chosen == 7          # the answer, checked, is held...
    assert step() is None and step() is None
    assert step() == ("play", 7) and turn.chosen is None    # ... for 3 ticks, then played
    assert asked == [1]


def test_the_computer_turn_reports_a_bad_answer_and_plays_at_once_when_instant():
    turn = ComputerTurn()
    poll = iter([SimpleNamespace(ok=True, value="x")])

    def check(v):
        raise ValueError(f"it answered {v!r}")

    turn.step(lambda: None, lambda: None, check, 3)
    assert turn.step(lambda: None, lambda: next(poll), check, 3) == ("failed", "it answered 'x'")
    turn.reset()
    turn.step(lambda: None, lambda: None, int, 0)
    assert turn.step(lambda: None, lambda: SimpleNamespace(ok=True, value="4"), int, 0) == ("play", 4)
    turn.step(lambda: None, lambda: None, int, 0)
    assert turn.step(lambda: None, lambda: SimpleNamespace(ok=False, value="boom"), int, 0) == ("failed", "boom")


def test_the_question_answers_no_unless_yes_is_chosen(make_app):
    from jayden_jazz.scenes.confirm import confirm_window
    from tests.helpers import press

    app = make_app()
    done = []
    for keys, want in ((["RETURN"], []), (["ESC"], []), (["DOWN", "RETURN"], [1])):
        app.stack.push(confirm_window(app, "Leave", "Sure?", lambda: done.append(1)))
        press(app, *keys)
        assert done == want
