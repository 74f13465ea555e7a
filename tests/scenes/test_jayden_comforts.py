"""The Jayden board's comforts: coordinates, turning the board by key, the piece legend."""

from __future__ import annotations

import pytest

from jayden_jazz.jayden import parse_square
from jayden_jazz.scenes.jayden.panels import LegendWindow
from jayden_jazz.scenes.jayden.render import CELL_H, CELL_W, ROWS, cell_of_square, square_rect
from jayden_jazz.shell import palette as P
from tests.helpers import pixel, press, step
from tests.reference import check_reference
from tests.scenes.jpn_helpers import jpn
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
    press(app, "T")
    app.render()
    check_reference(app.display.logical, "jayden_turned")


def test_the_board_turns_by_key_at_any_time_and_says_so(make_app):
    app, sc = board(make_app, enhanced=True)
    square = sc.cursor_square()
    press(app, "T")
    assert sc.flip and sc.cursor_square() == square               # the Action Box stays on its square
    assert sc.cursor == cell_of_square(square, True)
    _, _, right = sc.renderer.status_lines(sc.pos, sc.view())
    assert right[0][0] == "Turned"
    act(app, sc, "c2", "c3")                                       # play goes on, turned
    assert sc.pos.piece_at(parse_square("c3")) == ("H", "g")
    press(app, "T")
    assert not sc.flip
    _, _, right = sc.renderer.status_lines(sc.pos, sc.view())
    assert right[0][0] != "Turned"


def test_in_hot_seat_the_key_turns_the_board_from_where_the_turn_puts_it(make_app):
    app, sc = board(make_app)
    app.settings["hot_seat"] = True
    press(app, "T")                                # Green looks from Red's side
    act(app, sc, "c2", "c3")
    act(app, sc, "e2", "e3")
    assert sc.pos.side == "r" and not sc.flip      # Red's turn: turned back for Red


def test_the_legend_shows_every_piece_and_any_key_closes_it(make_app):
    app, sc = board(make_app)
    press(app, "K")
    legend = app.stack.top
    assert isinstance(legend, LegendWindow)
    app.render()
    check_reference(app.display.logical, "jayden_legend")
    press(app, "SPACE")
    assert app.stack.top is sc and sc.pos.history == []           # closing it played nothing


def test_pieces_at_risk_get_a_red_corner_and_a_note(make_app):
    start = jpn({"j1": "M", "t14": "m", "s14": "k", "a2": "K", "e5": "H", "e9": "d", "p5": "H"})
    app, sc = board(make_app, start, enhanced=True)
    assert sc.view().endangered == [parse_square("e5")]
    assert ("At risk next turn: 1 piece (red corner)", P.LIGHT_RED) in sc.notes()
    app.render()
    r = square_rect(parse_square("e5"))
    assert pixel(app.display.logical, r.right - 3, r.y + 2) == P.LIGHT_RED
    r = square_rect(parse_square("p5"))
    assert pixel(app.display.logical, r.right - 3, r.y + 2) != P.LIGHT_RED
    check_reference(app.display.logical, "jayden_at_risk")
    app2, sc2 = board(make_app, start, enhanced=False)
    assert sc2.view().endangered == [] and not any(t.startswith("At risk") for t, _ in sc2.notes())


def test_a_clock_picked_at_setup_runs_on_the_status_line_and_time_out_ends_the_game(make_app):
    from jayden_jazz.scenes.jayden.board import JaydenScene
    from jayden_jazz.scenes.jayden.panels import EndBar
    from jayden_jazz.scenes.jayden.setup import JaydenSetupScene

    app = make_app("--scene", "jayden")
    setup = app.stack.top
    assert isinstance(setup, JaydenSetupScene) and setup.clock_label() == "Off"
    press(app, "UP", "RIGHT")                                  # Clock: the first choice
    assert setup.clock_label() == "3 min + 2 s a turn"
    press(app, "DOWN", "RETURN")                               # Start game
    sc = app.stack.top
    assert isinstance(sc, JaydenScene) and sc.table.clock is not None
    assert app.settings["jayden"]["clock"] == "3+2"
    act(app, sc, "c2", "c3")
    app.render()
    assert [t for t, _ in sc.view().clock] == ["Green 3:00", "Red 3:00"]
    check_reference(app.display.logical, "jayden_clock")
    sc.table.clock.left["g"] = 3
    for _ in range(10):
        step(app)
    assert tuple(sc.pos.result) == ("r", "time_out")
    while not isinstance(app.stack.top, EndBar):
        step(app)
    assert app.stack.top.title == "Red wins" and "Green ran out of time" in app.stack.top.lines[0]


def test_the_instructions_show_each_piece_s_picture_beside_its_name_and_letter(make_app):
    from jayden_jazz.scenes.instructions import InstructionsScene

    app = make_app()
    ins = InstructionsScene(app, "Jayden")
    app.stack.push(ins)
    items = [line for line in ins.view.lines if line.startswith("\x03")]
    assert sorted(line[1] for line in items) == sorted("MHDIRKCSN")
    assert all(line[2:].startswith(f"{name} ({line[1]}):") for line in items
               for name in [line[2:].split(" ")[0]])
    ins.view.top = next(i for i, line in enumerate(ins.view.lines) if line == "\x01The pieces")
    app.render()
    check_reference(app.display.logical, "instructions_pieces")
    hero = next(i for i, line in enumerate(ins.view.lines) if line.startswith("\x03H")) - ins.view.top
    y = 48 + hero * 16 + 8
    colours = {pixel(app.display.logical, x, y) for x in range(24, 56)}
    assert colours & {P.GREEN, P.LIGHT_GREEN}                     # the Hero's picture, in Green's colours
