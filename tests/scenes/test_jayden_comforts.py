"""The Jayden board's comforts: coordinates, turning the board by key, the piece legend."""

from __future__ import annotations

import pytest

from jayden_jazz.jayden import parse_square
from jayden_jazz.scenes.jayden.panels import LegendWindow
from jayden_jazz.scenes.jayden.render import CELL_H, CELL_W, ROWS, cell_of_square
from jayden_jazz.shell import palette as P
from tests.helpers import pixel, press
from tests.reference import check_reference
from tests.scenes.test_jayden_scene import act, board


@pytest.mark.parametrize("setting,enhanced,shown", [
    ("enhanced", True, True), ("enhanced", False, False), ("on", False, True), ("off", True, False)])
def test_coordinates_follow_the_option(make_app, setting, enhanced, shown):
    app, sc = board(make_app, enhanced=enhanced)
    app.settings["coordinates"] = setting
    assert sc.view().coords is shown
    app.render()
    # the tab of file a sits in the bottom-left square's lower right corner, black behind light grey
    x, y = CELL_W - 6, ROWS * CELL_H - 7
    assert (pixel(app.display.logical, x, y) == P.BLACK) is shown


def test_the_coordinates_turn_with_the_board(make_app):
    app, sc = board(make_app, enhanced=True)
    app.render()
    check_reference(app.display.logical, "jayden_coordinates")
    press(app, "F")
    app.render()
    check_reference(app.display.logical, "jayden_turned")


def test_the_board_turns_by_key_at_any_time_and_says_so(make_app):
    app, sc = board(make_app, enhanced=True)
    square = sc.cursor_square()
    press(app, "F")
    assert sc.flip and sc.cursor_square() == square               # the Action Box stays on its square
    assert sc.cursor == cell_of_square(square, True)
    _, _, right = sc.renderer.status_lines(sc.pos, sc.view())
    assert right[0][0] == "Turned"
    act(app, sc, "c2", "c3")                                       # play goes on, turned
    assert sc.pos.piece_at(parse_square("c3")) == ("H", "g")
    press(app, "F")
    assert not sc.flip
    _, _, right = sc.renderer.status_lines(sc.pos, sc.view())
    assert right[0][0] != "Turned"


def test_in_hot_seat_the_key_turns_the_board_from_where_the_turn_puts_it(make_app):
    app, sc = board(make_app)
    app.settings["hot_seat"] = True
    press(app, "F")                                # Green looks from Red's side
    act(app, sc, "c2", "c3")
    act(app, sc, "e2", "e3")
    assert sc.pos.side == "r" and not sc.flip      # Red's turn: turned back for Red


def test_the_legend_shows_every_piece_and_any_key_closes_it(make_app):
    app, sc = board(make_app)
    press(app, "P")
    legend = app.stack.top
    assert isinstance(legend, LegendWindow)
    app.render()
    check_reference(app.display.logical, "jayden_legend")
    press(app, "SPACE")
    assert app.stack.top is sc and sc.pos.history == []           # closing it played nothing
