"""The position editor: place and remove pieces, choose who acts, share the JPN text, play from it."""

from __future__ import annotations

from jayden_jazz.jayden import START_JPN, parse_square
from jayden_jazz.scenes.jayden import clipboard
from jayden_jazz.scenes.jayden.board import JaydenScene
from jayden_jazz.scenes.jayden.editor import JpnWindow, PieceWindow, PositionEditorScene
from jayden_jazz.scenes.jayden.setup import JaydenSetupScene
from jayden_jazz.scenes.windows import MessageWindow
from tests.helpers import press, step
from tests.reference import check_reference
from tests.scenes.jpn_helpers import jpn
from tests.scenes.test_jayden_scene import choose, goto

SMALL = jpn({"j1": "M", "t14": "m", "s14": "k", "a2": "K", "c2": "H"})


def _editor(make_app, start=START_JPN):
    app = make_app("--scene", "jayden")
    assert isinstance(app.stack.top, JaydenSetupScene)
    choose(app, "Set up a position")
    ed = app.stack.top
    assert isinstance(ed, PositionEditorScene) and ed.jpn() == START_JPN
    ed.set_jpn(start)
    return app, ed


def test_pieces_are_placed_and_removed_with_the_keys(make_app):
    app, ed = _editor(make_app)
    goto(app, ed, "e5")
    press(app, "RETURN")
    window = app.stack.top
    assert isinstance(window, PieceWindow) and window.side == "g"
    press(app, "RIGHT")                                      # Red
    choose(app, "Dragon")
    assert ed.pieces[parse_square("e5")] == "d" and ed.brush == ("D", "r")
    press(app, "RETURN")
    app.render()
    check_reference(app.display.logical, "jayden_editor")
    press(app, "RETURN")                                     # the brush again: a Red Dragon
    goto(app, ed, "c2")
    press(app, "DELETE")
    assert parse_square("c2") not in ed.pieces
    assert "4d15" in ed.jpn() and ed.jpn().endswith(" g - 0 0 1")


def test_the_side_to_act_is_chosen_and_the_game_starts_from_the_position(make_app):
    app, ed = _editor(make_app, SMALL)
    press(app, "ESCAPE")
    choose(app, "To act: Green")
    assert ed.side == "r" and ed.message == "Red is to act"
    press(app, "ESCAPE")
    choose(app, "Play from this position")
    sc = app.stack.top
    assert isinstance(sc, JaydenScene) and sc.game.start == ed.jpn() and sc.pos.side == "r"
    assert len(app.stack) == 2                               # the board took the team selection's place


def test_a_position_that_is_already_over_is_refused_with_the_reason(make_app):
    app, ed = _editor(make_app)
    press(app, "ESCAPE")
    choose(app, "Empty board")
    press(app, "ESCAPE")
    choose(app, "Play from this position")
    window = app.stack.top
    assert isinstance(window, MessageWindow) and window.title == "Cannot play this position"
    assert "Green and Red have no Master" in " ".join(window.lines)


def test_copy_and_paste_go_through_the_clipboard(make_app, monkeypatch):
    board = {"text": ""}
    monkeypatch.setattr(clipboard, "copy_text", lambda text: board.update(text=text) or True)
    monkeypatch.setattr(clipboard, "paste_text", lambda: board["text"])
    app, ed = _editor(make_app, SMALL)
    press(app, "ESCAPE")
    choose(app, "Copy as JPN text")
    assert board["text"] == SMALL and "Copied" in ed.message
    board["text"] = START_JPN
    press(app, "ESCAPE")
    choose(app, "Paste JPN text")
    assert ed.jpn() == START_JPN
    board["text"] = "hello"
    press(app, "ESCAPE")
    choose(app, "Paste JPN text")
    assert ed.jpn() == START_JPN and ed.message.startswith("That is not a position: expected 6 fields")


def test_without_a_clipboard_a_text_field_takes_the_position(make_app, monkeypatch):
    monkeypatch.setattr(clipboard, "paste_text", lambda: None)
    app, ed = _editor(make_app)
    press(app, "ESCAPE")
    choose(app, "Paste JPN text")
    window = app.stack.top
    assert isinstance(window, JpnWindow) and window.field.value == START_JPN
    window.field.set("20/20 g")
    press(app, "RETURN")
    assert app.stack.top is window and window.problem.startswith("That is not a position")
    window.field.set(SMALL)
    press(app, "RETURN")
    assert app.stack.top is ed and ed.jpn() == SMALL
    step(app)
