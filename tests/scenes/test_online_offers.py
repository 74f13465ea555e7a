"""Draw offers and resigning at the online Jayden board: the screen's seat and a bare client at the other
seat, through a real loopback server (127.0.0.1, port 0). The windows ask first (No the default), the
end window says how the game ended, and the statistics count it."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from jayden_jazz.scenes.jayden.board import JaydenScene
from jayden_jazz.statistics import Statistics, stats_path
from tests.helpers import press
from tests.net.conftest import client, create, expect
from tests.scenes.test_online import join_screen, open_online, until


def waiting_guest(server, setup: dict, seat: int = 1):
    """A bare client "Jayden" creates a Jayden game (setup as given) and sits at ``seat``; the other is free."""
    guest = client(server.url, "Jayden")
    created = create(guest, "jayden", setup, [{"kind": "human"}, {"kind": "human"}])
    guest.join(created["game"], seat=seat)
    expect(guest, "joined")
    return guest, created


def guest_board(app, server, setup: dict, seat: int = 1):
    """The screen joins the game of a waiting guest (at ``seat``) and waits for the board in play."""
    guest, created = waiting_guest(server, setup, seat)
    join_screen(app, f"127.0.0.1:{server.port}", created["code"])
    until(app, lambda: isinstance(app.stack.top, JaydenScene), 20, "the board")
    sc = app.stack.top
    until(app, lambda: sc.seats.view_msg is not None and sc.seats.view_msg["status"] == "playing", 10, "playing")
    return sc, guest


@contextmanager
def seated(make_app, server) -> Iterator[tuple]:
    """The screen at seat 0 (Green, first free), a bare client "Jayden" at seat 1 (Red); both let go after."""
    app = open_online(make_app)
    sc, guest = guest_board(app, server, {})
    try:
        yield app, sc, guest
    finally:
        guest.close()
        app.stack.clear()


def menu_to(app, sc, value) -> None:
    press(app, "escape")
    menu = app.stack.top.menu
    menu.index = [i.value for i in menu.items].index(value)
    press(app, "return")


def stats(app):
    return Statistics.load(stats_path(app)).games["jayden"].total


def test_a_draw_offered_from_the_menu_is_declined_then_theirs_is_accepted(make_app, online_loop_server):
    with seated(make_app, online_loop_server) as (app, sc, guest):
        menu_to(app, sc, "draw")
        assert app.stack.top is sc and "You offer a draw" in sc.messages.text
        guest.wait_for(lambda m: m["type"] == "view" and m["draw_offer"] == 0)
        until(app, lambda: sc.seats.view_msg["draw_offer"] == 0, 10, "our offer in our view")
        press(app, "escape")                                   # offering twice is not on offer
        item = next(i for i in app.stack.top.menu.items if i.value == "draw")
        assert not item.enabled and "waits for an answer" in item.hint
        press(app, "escape")
        guest.answer_draw(guest.view["game"], False)
        until(app, lambda: "Jayden (Red) declines the draw" in sc.messages.text, 10, "the decline said")
        guest.offer_draw(guest.view["game"])
        until(app, lambda: app.stack.top is not sc, 10, "their offer asked")
        window = app.stack.top
        assert window.title == "Draw offered" and "Jayden (Red) offers a draw" in " ".join(window.lines)
        assert window.menu.index == 1                          # No is the default
        app.render()
        press(app, "up", "return")                             # Yes, accept the draw
        until(app, lambda: sc.end_shown, 10, "the end shown")
        end = app.stack.top
        assert end.title == "Draw" and "both sides agreed" in " ".join(end.lines)
        assert guest.wait_for(lambda m: m["type"] == "view" and m["status"] == "over")["result"] == {
            "winner": None, "reason": "agreed_draw"}
        assert stats(app).drawn == 1


def test_resigning_asks_first_and_the_other_side_wins(make_app, online_loop_server):
    with seated(make_app, online_loop_server) as (app, sc, guest):
        menu_to(app, sc, "resign")
        assert app.stack.top.title == "Resign?" and app.stack.top.menu.index == 1
        press(app, "return")                                   # No, play on: nothing sent
        assert app.stack.top is sc and sc.seats.view_msg["status"] == "playing"
        menu_to(app, sc, "resign")
        press(app, "up", "return")
        until(app, lambda: sc.end_shown, 10, "the end shown")
        end = app.stack.top
        me = sc.seats.names()["g"]                             # the players' names, not the colours
        assert end.title == "Jayden wins" and f"{me} resigned" in " ".join(end.lines), (me, end.lines)
        v = guest.wait_for(lambda m: m["type"] == "view" and m["status"] == "over")
        assert v["result"] == {"winner": 1, "reason": "resigned"}
        assert stats(app).lost == 1


def test_the_opponent_resigning_shows_our_win(make_app, online_loop_server):
    with seated(make_app, online_loop_server) as (app, sc, guest):
        guest.resign(guest.view["game"])
        until(app, lambda: sc.end_shown, 10, "the end shown")
        assert app.stack.top.title == f"{sc.seats.names()['g']} wins" and sc.pos.result.reason == "resigned"
        assert "Jayden resigned" in " ".join(app.stack.top.lines)
        assert stats(app).won == 1
