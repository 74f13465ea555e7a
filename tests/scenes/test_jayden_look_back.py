"""Looking back: a turn picked in the move list shows the position after it, then the game again."""

from __future__ import annotations

from jayden_jazz.jayden import START_JPN, Position
from jayden_jazz.scenes.jayden.panels import MoveListWindow
from jayden_jazz.scenes.jayden.replay import ReplayScene
from tests.helpers import click, press, step
from tests.reference import check_reference
from tests.scenes.test_jayden_scene import act, board

TURNS = [("c2", "c4"), ("e2", "e3"), ("c13", "c11"), ("e13", "e12"), ("g2", "g3"), ("i2", "i3")]


def _played(make_app):
    app, sc = board(make_app)
    for src, dst in TURNS:
        act(app, sc, src, dst)
    return app, sc


def after(n: int) -> str:
    pos = Position(START_JPN)
    for src, dst in TURNS[:n]:
        pos.push(f"{src}-{dst}")
    return pos.jpn()


def test_a_turn_picked_in_the_move_list_is_shown_then_the_game_comes_back(make_app):
    app, sc = _played(make_app)
    now = sc.pos.jpn()
    press(app, "L")
    window = app.stack.top
    assert isinstance(window, MoveListWindow) and window.index == 2       # the latest turn under the bar
    press(app, "UP", "RETURN")                                           # turn 2 (Red)
    viewer = app.stack.top
    assert isinstance(viewer, ReplayScene) and viewer.looking_back and not viewer.playing
    assert viewer.pos.jpn() == after(4)
    step(app, 60)
    assert viewer.index == 4                                             # paused: it stays
    app.render()
    check_reference(app.display.logical, "jayden_look_back")
    press(app, "UP")                                                     # a turn earlier
    assert viewer.pos.jpn() == after(2)
    press(app, "DOWN", "DOWN")                                           # to the latest turn
    assert viewer.pos.jpn() == now
    press(app, "LEFT")                                                   # one action back
    assert viewer.index == 5
    press(app, "ESCAPE")
    assert app.stack.top is sc and sc.pos.jpn() == now and len(sc.pos.history) == 6


def test_a_click_on_a_turn_looks_back_at_it(make_app):
    app, sc = _played(make_app)
    press(app, "L")
    window = app.stack.top
    app.render()
    click(app, window.body.x + 40, window.body.y + 3)                    # the first line: turn 1
    viewer = app.stack.top
    assert isinstance(viewer, ReplayScene) and viewer.pos.jpn() == after(2)
    press(app, "RETURN")
    assert app.stack.top is sc


def test_the_replay_viewer_steps_by_turn_and_jumps_from_its_move_list(make_app):
    app, sc = _played(make_app)
    viewer = ReplayScene(app, START_JPN, [f"{a}-{b}" for a, b in TURNS])
    app.stack.push(viewer)
    press(app, "DOWN")
    assert viewer.index == 2 and not viewer.playing
    press(app, "DOWN", "UP", "UP")
    assert viewer.index == 0
    press(app, "L")
    assert isinstance(app.stack.top, MoveListWindow)
    assert app.stack.top.index == 0                                     # at the start: the first turn
    press(app, "DOWN", "RETURN")                                         # turn 2 of 3
    assert app.stack.top is viewer and viewer.index == 4 and viewer.pos.jpn() == after(4)
