"""Messages on the board's status lines say what is true now, and the Main Menu keeps its steps.

A refusal goes when a legal action follows; a Master warning is never
hidden by a passing notice; nothing is written on the board under an open
window. The Main Menu's cursor steps on greyed items too, so the same keys
always pick the same entry, and a greyed item says why when chosen.
"""

from __future__ import annotations

from jayden_jazz.jayden import START_JPN
from jayden_jazz.saves import jayden as jsave
from jayden_jazz.scenes.jayden.board import JaydenScene, local_board
from jayden_jazz.scenes.jayden.menus import MainMenu
from tests.helpers import press, step
from tests.reference import check_reference
from tests.scenes.jpn_helpers import jpn
from tests.scenes.test_jayden_scene import act, board, choose, goto
from tests.tables.test_jayden_controller import SlowBrain

MASTER_THREATENED = jpn({"j1": "M", "j10": "d", "t14": "m", "a2": "K", "s14": "k", "a1": "H"})


def shown(sc) -> str:
    left, second, right = sc.renderer.status_lines(sc.pos, sc.view())
    return " | ".join(t for t, _ in left + second)


def test_a_legal_action_clears_a_refusal(make_app):
    app, sc = board(make_app)
    goto(app, sc, "e7")
    press(app, "RETURN")
    assert "e7 is empty" in sc.message
    act(app, sc, "c2", "c3")                      # legal: the refusal no longer applies
    assert sc.message == "" and "e7 is empty" not in shown(sc)


def test_a_refusal_does_not_outlive_its_turn(make_app):
    app, sc = board(make_app)
    act(app, sc, "c2", "c3")
    goto(app, sc, "c3")
    press(app, "RETURN")                           # the Hero has acted: refused
    assert "already acted" in sc.message
    act(app, sc, "e2", "e3")
    assert sc.pos.side == "r" and sc.message == ""


def test_the_master_warning_outranks_a_passing_notice(make_app):
    app, sc = board(make_app, MASTER_THREATENED, enhanced=True)
    sc.say("Loaded Slot 2")
    left, second, _ = sc.renderer.status_lines(sc.pos, sc.view())
    assert second[0][0].startswith("Danger: Red could take your Master next turn (Dragon j10)")
    assert left[0][0] == "Loaded Slot 2"


def test_no_message_is_drawn_over_an_open_menu(make_app):
    app, sc = board(make_app)
    goto(app, sc, "e7")
    press(app, "RETURN")
    assert "e7 is empty" in shown(sc)
    press(app, "ESCAPE")
    assert isinstance(app.stack.top, MainMenu)
    assert sc.view().message == "" and "e7 is empty" not in shown(sc)
    press(app, "ESCAPE")                           # closed again: the old refusal is done with
    assert app.stack.top is sc and sc.message == ""


def _index_after(app, downs: int) -> str:
    press(app, "ESCAPE")
    for _ in range(downs):
        press(app, "DOWN")
    label = app.stack.top.menu.current.label
    press(app, "ESCAPE")
    return label


def test_the_same_keys_reach_the_same_menu_item_whatever_is_greyed(make_app):
    app, sc = board(make_app, enhanced=False)      # Hint and Undo greyed
    at_start = [_index_after(app, n) for n in range(12)]
    app2, sc2 = board(make_app, enhanced=True)
    act(app2, sc2, "c2", "c3")                     # Hint and Undo available
    later = [_index_after(app2, n) for n in range(12)]
    assert at_start == later
    assert at_start[7] == "New game" and at_start[3] == "Undo" and at_start[4] == "Take back"


def test_a_greyed_item_says_why_when_chosen_and_the_menu_stays(make_app, monkeypatch):
    app, sc = board(make_app, enhanced=True)
    sounds = []
    monkeypatch.setattr(app.sound, "play", sounds.append)
    press(app, "ESCAPE")
    choose(app, "Undo")
    menu = app.stack.top
    assert isinstance(menu, MainMenu) and menu.why == "Nothing to undo yet" and sounds[-1] == "refusal"
    step(app)
    check_reference(app.display.logical, "jayden_menu_why")
    press(app, "DOWN")
    assert menu.why == ""


def _thinking_board(make_app):
    app = make_app()
    game = jsave.JaydenGame(start=START_JPN, actions=[], enhanced=True,
                            players={"g": {"kind": "human"}, "r": {"kind": "computer", "level": "easy"}})
    sc = local_board(app, game, brain=SlowBrain())
    app.stack.push(sc)
    step(app)
    act(app, sc, "c2", "c3")
    act(app, sc, "e2", "e3")
    for _ in range(300):                           # the action's picture, then the question
        step(app)
        if sc.request is not None:
            break
    assert sc.request is not None and sc.pos.side == "r"
    return app, sc


def test_resign_is_available_while_the_computer_thinks(make_app):
    app, sc = _thinking_board(make_app)
    press(app, "ESCAPE")
    items = {i.value: i for i in app.stack.top.items}
    assert items["resign"].enabled and items["draw"].enabled and not items["hint"].enabled
    choose(app, "Resign")
    assert app.stack.top.title == "Resign?"
    choose(app, "Yes, Green resigns")
    assert tuple(sc.pos.result) == ("r", "resigned")


def test_a_draw_offered_while_the_computer_thinks_is_asked_of_it(make_app):
    app, sc = _thinking_board(make_app)
    brain = sc.brain
    press(app, "ESCAPE")
    choose(app, "Offer draw")
    assert brain.asked[-1] == "accepts_draw"
    step(app)
    assert "Red declines the draw" in sc.message


def test_a_takeback_in_hot_seat_is_asked_of_the_other_side(make_app):
    app, sc = board(make_app, enhanced=False)
    act(app, sc, "c2", "c3")
    act(app, sc, "e2", "e3")
    press(app, "ESCAPE")
    choose(app, "Take back")
    question = app.stack.top
    assert question.title == "Take back?" and "Green asks to take back their last turn. Red, do you agree?" in \
        " ".join(question.lines)
    choose(app, "No, play on")
    assert len(sc.pos.history) == 2 and sc.message == "Red says no: play on"
    press(app, "ESCAPE")
    choose(app, "Take back")
    choose(app, "Yes, Red agrees")
    assert sc.pos.history == [] and sc.pos.side == "g" and "takes back" in sc.message


def test_the_takeback_item_says_why_against_the_computer(make_app):
    app, sc = _thinking_board(make_app)
    press(app, "ESCAPE")
    choose(app, "Take back")
    assert app.stack.top.why.startswith("A takeback is agreed between two people")
