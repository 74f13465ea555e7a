"""The online Jayden board's own words and windows: names where people play, the join code, only what works
online, and nothing said of a draw offer once the game ended. The screen's seat and a bare client "Jayden"
at the other, through a loopback server (127.0.0.1, port 0)."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from jayden_jazz.jayden import Action
from jayden_jazz.scenes.jayden.menus import MainMenu
from jayden_jazz.scenes.jayden.panels import EndBar, MoveListWindow
from jayden_jazz.scenes.online import names
from jayden_jazz.shell.widgets import LINE_H
from tests.helpers import press, step
from tests.net.conftest import client, create, expect
from tests.scenes.test_online import open_online, until
from tests.scenes.test_online_offers import guest_board, menu_to

LOCAL_ONLY = {"new", "save", "load", "undo", "takeback"}


@contextmanager
def jazz_at_green(make_app, server, setup: dict | None = None) -> Iterator[tuple]:
    """The screen's player "Jazz" at Green, "Jayden" (a bare client) at Red."""
    app = open_online(make_app)
    app.settings["player_name"] = "Jazz"
    sc, guest = guest_board(app, server, setup or {})
    try:
        yield app, sc, guest
    finally:
        guest.close()
        app.stack.clear()


def screen_acts(app, sc) -> str:
    """The screen plays its first legal action by pressing its squares; the action's text."""
    v = sc.seats.view_msg
    act = Action.from_text(v["legal"][0])
    sc.press(act.src)
    sc.press(act.dst)
    until(app, lambda: len(sc.pos.history) == 1 and not sc.seats.follower.busy, 10, "our action played")
    return act.text()


def test_the_online_move_list_and_end_bar_name_the_players_not_the_colours(make_app, online_loop_server):
    with jazz_at_green(make_app, online_loop_server) as (app, sc, guest):
        assert sc.seats.names() == {"g": "Jazz", "r": "Jayden"}
        screen_acts(app, sc)
        press(app, "l")
        window = app.stack.top
        assert isinstance(window, MoveListWindow)
        lines = window.view.lines
        assert lines[0].split()[1] == "Jazz" and "Green" not in lines[0]
        assert [h for h, _ in window.head] == ["Jazz took: nothing", "Jayden took: nothing"]
        press(app, "escape")
        guest.resign(guest.view["game"])
        until(app, lambda: sc.end_shown, 10, "the end shown")
        end = app.stack.top
        assert isinstance(end, EndBar) and end.title == "Jazz wins" and end.lines == ["Jazz wins: Jayden resigned."]


def test_players_of_the_same_name_keep_their_colour_beside_it(make_app, online_loop_server):
    app = open_online(make_app)
    app.settings["player_name"] = "Jayden"
    sc, guest = guest_board(app, online_loop_server, {})
    try:
        assert sc.seats.names() == {"g": "Jayden (Green)", "r": "Jayden (Red)"}
    finally:
        guest.close()
        app.stack.clear()


def test_the_esc_menu_shows_the_join_code_and_only_what_works_online(make_app, online_loop_server):
    with jazz_at_green(make_app, online_loop_server) as (app, sc, guest):
        press(app, "escape")
        menu = app.stack.top
        assert isinstance(menu, MainMenu) and menu.title == "Online game"
        code = sc.seats.link.code
        assert code and any(code in line for line in menu.lines), menu.lines
        values = [i.value for i in menu.items]
        assert not LOCAL_ONLY & set(values) and values[0] == "resume" and menu.menu.index == 0
        assert values[-1] == "leave"
        app.render()                                    # the code and the entries fit the window
        assert menu.menu.rect.top >= menu.rect.top + 12 + len(menu.lines) * LINE_H


def test_the_online_end_bar_offers_no_new_game_and_enter_only_looks_at_the_board(make_app, online_loop_server):
    with jazz_at_green(make_app, online_loop_server) as (app, sc, guest):
        guest.resign(guest.view["game"])
        until(app, lambda: sc.end_shown, 10, "the end shown")
        end = app.stack.top
        values = [i.value for i in end.items]
        assert not LOCAL_ONLY & set(values) and set(values) == {"replay", "moves", "look", "title"}
        assert values[end.index] == "look"
        press(app, "return")                            # the default loses nothing
        assert app.stack.top is sc and sc.seats.link.net.state != "closed"
        press(app, "escape")
        values = [i.value for i in app.stack.top.items]
        assert not {"draw", "resign"} & set(values) and not LOCAL_ONLY & set(values)


def test_no_draw_offer_is_said_after_the_draw_was_agreed(make_app, online_loop_server):
    with jazz_at_green(make_app, online_loop_server) as (app, sc, guest):
        menu_to(app, sc, "draw")
        assert "You offer a draw" in sc.message
        guest.wait_for(lambda m: m["type"] == "view" and m["draw_offer"] == 0)
        guest.answer_draw(guest.view["game"], True)
        until(app, lambda: sc.end_shown, 10, "the end shown")
        assert app.stack.top.title == "Draw"
        press(app, "escape")                            # Look at the board
        assert app.stack.top is sc
        step(app, 5)
        assert "offer" not in sc.message and "offer" not in sc.view().message


def test_their_offer_still_open_when_the_game_ends_is_taken_away(make_app, online_loop_server):
    with jazz_at_green(make_app, online_loop_server) as (app, sc, guest):
        guest.offer_draw(guest.view["game"])
        until(app, lambda: app.stack.top is not sc, 10, "their offer asked")
        assert app.stack.top.title == "Draw offered"
        guest.resign(guest.view["game"])
        until(app, lambda: sc.end_shown, 10, "the end shown")
        assert isinstance(app.stack.top, EndBar) and app.stack.top.title == "Jazz wins"
        press(app, "escape")
        assert app.stack.top is sc                     # no question about an offer of a game that is over


def test_computer_seats_of_one_level_are_numbered_on_the_server_and_on_screen(online_loop_server):
    host = client(online_loop_server.url, "Host")
    try:
        made = create(host, "cards", {"rules": {"random": True}, "field": "5x5"},
                      [{"kind": "human"}, {"kind": "computer", "level": "hard"},
                       {"kind": "computer", "level": "hard"}, {"kind": "computer", "level": "easy"}])
        host.join(made["game"], seat=0)
        expect(host, "joined")
        v = host.wait_for(lambda m: m["type"] == "view")
        assert [s["name"] for s in v["seats"][1:]] == ["Computer (Hard) 1", "Computer (Hard) 2", "Computer (Easy)"]
        shown = [names.name(v, seat) for seat in range(4)]
        assert shown[1:] == ["CPU Hard 1", "CPU Hard 2", "CPU Easy"] and len(set(shown)) == 4
        assert names.plain_name(v, 2) == "CPU Hard 2" and names.cards_label(v, 1) == "P2 CPU Hard 1"
    finally:
        host.close()


def test_a_lone_computer_seat_keeps_its_plain_name():
    view = {"seats": [{"seat": 0, "kind": "human", "name": "Jazz", "joined": True, "connected": True},
                      {"seat": 1, "kind": "computer", "name": "Computer (Hard)", "level": "hard"}]}
    assert names.name(view, 1) == "CPU Hard" and names.plain_name(view, 1) == "CPU Hard"
