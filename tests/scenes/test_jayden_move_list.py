"""The move list: the bar, a click and Enter all mean the same turn, on every row of a long list."""

from __future__ import annotations

import random

from jayden_jazz.jayden import START_JPN, Position
from jayden_jazz.saves import jayden as jsave
from jayden_jazz.scenes.jayden.board import local_board
from jayden_jazz.scenes.jayden.panels import MoveListWindow
from jayden_jazz.scenes.jayden.replay import ReplayScene
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.widgets import LINE_H as ROW_H
from tests.helpers import click, pixel, press, step
from tests.scenes.test_jayden_scene import HUMANS


def long_game(turns: int = 40, seed: int = 7) -> list[str]:
    """Legal actions for ``turns`` whole turns that leave the game under way."""
    rng = random.Random(seed)
    pos = Position(START_JPN)
    while pos.turn <= turns:
        options = pos.legal_actions()
        rng.shuffle(options)
        for a in options:
            pos.push(a)
            if pos.result is None:
                break
            pos.pop()
    while pos.acted is not None or pos.fired:       # end on a finished turn
        pos.pop()
    return [str(a) for a in pos.history]


def _scene(make_app, actions):
    app = make_app()
    game = jsave.JaydenGame(start=START_JPN, actions=actions, players=dict(HUMANS))
    sc = local_board(app, game)
    app.stack.push(sc)
    step(app)
    return app, sc


def _bar_row(app, window: MoveListWindow) -> int:
    """The row the dark bar is drawn on, read from the screen (its left edge carries no text)."""
    app.render()
    rows = [r for r in range(window.view.rows)
            if pixel(app.display.logical, window.body.x + 1, window.body.y + r * ROW_H + ROW_H // 2) == P.DARK_GRAY]
    assert len(rows) == 1, rows
    return rows[0]


def test_a_click_on_every_row_looks_back_at_that_turn(make_app):
    actions = long_game()
    app, sc = _scene(make_app, actions)
    press(app, "L")
    window = app.stack.top
    assert isinstance(window, MoveListWindow)
    ends = list(window.ends)
    assert len(ends) > 2 * window.view.rows                 # long enough to scroll twice
    for i, end in enumerate(ends):
        press(app, "L")
        window = app.stack.top
        assert isinstance(window, MoveListWindow)
        window.view.top = min(i, window.view.max_top)       # the turn somewhere in view
        app.render()
        row = i - window.view.top
        line = window.view.lines[i]
        assert line.lstrip().startswith(str(i // 2 + 1))    # the words on that row are that turn's
        click(app, window.body.x + 60, window.body.y + row * ROW_H + ROW_H - 2)   # the row's lowest pixel
        viewer = app.stack.top
        assert isinstance(viewer, ReplayScene) and viewer.index == end, (i, viewer.index, end)
        press(app, "ESCAPE")
        assert app.stack.top is sc


def test_enter_opens_the_turn_under_the_bar_on_every_row(make_app):
    actions = long_game()
    app, sc = _scene(make_app, actions)
    press(app, "L")
    window = app.stack.top
    n = len(window.ends)
    for i in range(n - 1, -1, -5):
        press(app, "L")
        window = app.stack.top
        press(app, *["UP"] * (n - 1 - i))
        assert window.index == i
        row = _bar_row(app, window)
        assert window.view.top + row == i                      # the bar is on that turn's words
        press(app, "RETURN")
        viewer = app.stack.top
        assert isinstance(viewer, ReplayScene) and viewer.index == window.ends[i]
        press(app, "ESCAPE")


def test_the_replay_list_opens_where_the_replay_stands_and_ends_with_the_result(make_app):
    actions = long_game(12)
    pos = Position(START_JPN)
    for a in actions:
        pos.push(a)
    pos.resign("r")
    app = make_app()
    viewer = ReplayScene(app, START_JPN, actions)
    app.stack.push(viewer)
    press(app, "DOWN", "DOWN", "DOWN")                          # to the end of turn 2 (Green's second)
    at = viewer.index
    press(app, "L")
    window = app.stack.top
    assert isinstance(window, MoveListWindow) and window.ends[window.index] == at and window.index == 2
    assert _bar_row(app, window) == 2 - window.view.top
    press(app, "ESCAPE")
    assert not any(line.startswith("Game over") for line in window.view.lines)   # resigned: not on the board


def test_a_finished_replays_list_ends_with_how_it_ended(make_app):
    from tests.jayden.jayden_helpers import jpn
    start = jpn("Ma1 Ka3 Dj3 mj9 kt12 ht13", "g", "-", 0, 0, 1)
    app = make_app()
    viewer = ReplayScene(app, start, ["j3xj9"])
    app.stack.push(viewer)
    assert viewer.index == 0                                   # the replay starts at the start
    press(app, "L")
    window = app.stack.top
    assert window.view.lines[-1].startswith("Game over: Green wins")
    app.render()
    assert pixel(app.display.logical, *_first_ink(app, window, len(window.view.lines) - 1)) == P.YELLOW


def _first_ink(app, window, line_no):
    y0 = window.body.y + (line_no - window.view.top) * ROW_H
    surf = app.display.logical
    for y in range(y0, y0 + ROW_H):
        for x in range(window.body.x, window.body.x + 200):
            if pixel(surf, x, y) not in (P.BLUE, P.DARK_GRAY):
                return x, y
    raise AssertionError("no words on that row")
