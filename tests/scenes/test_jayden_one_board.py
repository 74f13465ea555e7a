"""One Jayden board for both tables: every key command means the same at a local game and an online one.

A local board (two people, Enhanced) and the board of an online game's seat
(the screen at Green, a bare client "Jayden" at Red, through a loopback
server on 127.0.0.1 port 0) are driven with each command of the key map,
from the same state. Online the command either does what it does locally,
or it is refused with the reason on the message line -- never nothing
without a word. T (turn the board) and K (the legend) work at both.
"""

from __future__ import annotations

import pytest

from jayden_jazz.jayden import START_JPN, Action, parse_square
from jayden_jazz.saves import jayden as jsave
from jayden_jazz.scenes.jayden.board import JaydenScene, local_board
from jayden_jazz.scenes.jayden.local import LocalSeats
from jayden_jazz.scenes.jayden.panels import LegendWindow
from jayden_jazz.scenes.jayden.render import cell_of_square
from jayden_jazz.scenes.online.jayden import NO_UNDO, RemoteSeats
from jayden_jazz.shell.keymap import COMMANDS, key_name
from tests.helpers import press, step
from tests.scenes.test_online import open_online, until
from tests.scenes.test_online_offers import guest_board
from tests.scenes.test_online_watch import drawn_text
from tests.tables.test_jayden_controller import InlineBrain

HUMANS = {"g": {"kind": "human"}, "r": {"kind": "human"}}
START_CELL = cell_of_square(parse_square("c2"), False)      # a Green Scout with moves: Enter selects it


@pytest.fixture
def inline_brains(monkeypatch):
    """Hints from the computer player in this process, at both boards."""
    from jayden_jazz.scenes.jayden import players

    monkeypatch.setattr(players, "make_brain", InlineBrain)
    monkeypatch.setattr(players, "ai_available", lambda: True)


def local(make_app) -> tuple:
    app = make_app()
    app.settings["animation"] = "instant"
    sc = local_board(app, jsave.JaydenGame(START_JPN, [], dict(HUMANS), enhanced=True))
    app.stack.push(sc)
    step(app)
    return app, sc


def ready(app, sc: JaydenScene) -> None:
    """The same starting point before every command: the board on top, nothing selected or said,
    the Action Box on c2, the board facing Green's way with its status lines on."""
    while app.stack.top is not sc:
        app.stack.pop()
    sc.table.deselect()
    sc.table.hint = []
    sc.messages.clear()
    sc.refusal = False
    sc.turned = False
    sc.flip = False
    sc.status_on = True
    sc.cursor = START_CELL


def effect(app, sc: JaydenScene) -> dict:
    """What a command did, as a player sees it (the message's words are compared apart)."""
    top = app.stack.top
    return {"window": None if top is sc else type(top).__name__, "cursor": sc.cursor, "flip": sc.flip,
            "turned": sc.turned, "status": sc.status_on, "selected": sc.selected, "refused": sc.refusal}


def key_of(app, command: str) -> str:
    return key_name(app.input.keymap.keys_of(command)[0])


def test_every_key_command_does_the_same_at_a_local_and_an_online_board_or_says_why_not(
        make_app, online_loop_server, inline_brains):
    lapp, lsc = local(make_app)
    oapp = open_online(make_app)
    osc, guest = guest_board(oapp, online_loop_server, {"hints": True})
    try:
        assert isinstance(lsc.seats, LocalSeats) and isinstance(osc.seats, RemoteSeats)
        ready(lapp, lsc)
        ready(oapp, osc)
        before = effect(oapp, osc)
        assert effect(lapp, lsc) == before
        compared = []
        for command in COMMANDS:
            key = key_of(lapp, command.name)
            ready(lapp, lsc)
            ready(oapp, osc)
            press(lapp, key)
            press(oapp, key)
            here, there = effect(lapp, lsc), effect(oapp, osc)
            if there != here:              # online it may only be refused, with the reason, and nothing else
                assert there == {**before, "refused": True} and osc.message, (command.name, here, there)
            compared.append((command.name, here == there, osc.message))
        same = {name for name, alike, _ in compared if alike}
        # what must work at both tables alike: moving, pressing, the menu, the status line, the log, T and K
        assert {"up", "down_right", "action", "back", "look", "log", "hint", "flip", "legend"} <= same, compared
        assert dict((n, m) for n, _, m in compared)["undo"] == NO_UNDO
    finally:
        guest.close()


def test_t_turns_and_k_opens_the_legend_on_the_online_board(make_app, online_loop_server):
    app = open_online(make_app)
    sc, guest = guest_board(app, online_loop_server, {})
    try:
        ready(app, sc)
        press(app, key_of(app, "flip"))
        assert sc.flip and sc.turned and sc.cursor == (19 - START_CELL[0], 13 - START_CELL[1])
        press(app, key_of(app, "legend"))
        assert isinstance(app.stack.top, LegendWindow)
        text = drawn_text(app)                            # the legend over the turned board, both drawn
        assert " Pieces " in text and "Turned" in text and "Any key closes this." in text
        press(app, "escape")
        assert app.stack.top is sc and sc.flip           # any key closes the legend; the board stays turned
        for _ in range(2):                                # our whole turn, then Red's starts: still turned
            until(app, lambda: sc.seats.why_not_now() == "" and sc.seats.shown is sc.seats.view_msg, 10, "our turn")
            act = Action.from_text(sc.seats.view_msg["legal"][0])
            sc.press(act.src)
            sc.press(act.dst)
            until(app, lambda: sc.seats.sent_ply is None and not sc.seats.follower.busy, 10, "the action played")
        until(app, lambda: sc.pos.side == "r", 10, "Red to act")
        assert sc.flip and sc.turned
    finally:
        guest.close()
        app.stack.clear()
