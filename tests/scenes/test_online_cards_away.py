"""The card table online when the other player loses the connection, as the Jayden board: the waiting
note with a live counter, then the host's choice -- keep waiting (and they come back), the computer plays
their seat, or the game ends as abandoned (asked first, No the default) and is counted so. A real
loopback server (127.0.0.1, port 0) in a thread; the screen is the host, a bare client the other seat."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from contextlib import contextmanager

from jayden_jazz.net.client import NetClient
from jayden_jazz.online.connector import Link
from jayden_jazz.online.session import session_path
from jayden_jazz.scenes.cards.table import CardsTableScene
from jayden_jazz.statistics import Statistics, stats_path
from jayden_jazz.tables.cards.flow import Phase
from tests.helpers import press
from tests.net.conftest import client, create, expect
from tests.scenes.test_online import open_online, until


def hosted_table(make_app, server, name: str = "Jazz"):
    """The screen hosts (holds the host token) at seat 0 of an Open card game with Random hands; the bare
    client "Jayden" sits at seat 1. Returns (app, table, guest, its token)."""
    app = open_online(make_app)
    guest = client(server.url, "Jayden")
    created = create(guest, "cards", {"rules": {"open": True, "random": True}, "field": "3x3"},
                     [{"kind": "human"}, {"kind": "human"}])
    guest.join(created["game"], seat=1)
    token = expect(guest, "joined")["token"]
    net = NetClient(server.url, name=name, backoff=(0.05, 0.5)).start()
    net.join(created["game"], seat=0)
    joined = expect(net, "joined")
    link = Link(net, server.url, created["game"], created["code"], joined["seat"],
                  host_token=created["host_token"], kind="cards")
    net.wait_for(lambda m: m["type"] == "view" and m["status"] == "playing")
    app.stack.push(app.scene("online-lobby", link=link))
    until(app, lambda: isinstance(app.stack.top, CardsTableScene), 20, "the card table")
    return app, app.stack.top, guest, token


@contextmanager
def comes_back(app, table, server, token: str) -> Iterator[NetClient]:
    """"Jayden" connects again with the seat's ``token`` and the table says so; closed after the block."""
    back = client(server.url, "Jayden")
    try:
        back.join(table.online.link.game, token=token)
        expect(back, "joined")
        until(app, lambda: "Jayden is back" in table.controller.messages.text, 15, "back")
        until(app, lambda: not table.online.away.presence.away, 5)
        yield back
    finally:
        back.close()


def lose_guest(app, table, guest) -> None:
    guest.close()
    until(app, lambda: "Jayden lost connection - waiting" in table.controller.messages.text, 15, "the waiting note")
    until(app, lambda: app.stack.top is not table, 15, "the host's question")
    assert app.stack.top.title == "Player away"
    assert [i.value for i in app.stack.top.menu.items] == ["wait", "computer", "abandon"]


def test_keep_waiting_then_the_player_comes_back(make_app, online_loop_server):
    app, table, guest, token = hosted_table(make_app, online_loop_server)
    assert (table.picture.seat_label(0), table.picture.seat_label(1)) == ("P1 Jazz", "P2 Jayden")     # the names given
    lose_guest(app, table, guest)
    assert table.picture.seat_label(1) == "P2 Jayden (lost)"
    press(app, "return")                                     # Keep waiting
    assert app.stack.top is table

    def seconds() -> int:
        m = re.search(r"Jayden lost connection - waiting (\d+) s", table.controller.messages.text)
        return int(m.group(1)) if m else -1
    first = seconds()
    until(app, lambda: seconds() > first >= 0, 15, "the counter counting on")
    with comes_back(app, table, online_loop_server, token):
        assert "(lost)" not in table.picture.seat_label(1)
    app.stack.clear()


def test_the_computer_takes_the_lost_seat_and_plays_it_on_the_table(make_app, online_loop_server):
    app, table, guest, _ = hosted_table(make_app, online_loop_server)
    lose_guest(app, table, guest)
    press(app, "down", "return")                             # The computer plays their seat
    until(app, lambda: table.online.link.net.view["seats"][1]["kind"] == "computer", 10, "the seat given")
    assert table.picture.seat_label(1) == "P2 CPU Normal"
    rng = random.Random(2)
    start = len(table.controller.game.history)

    def computer_played() -> bool:
        if table.phase == Phase.TURN and table.controller.game.to_move == 0 and app.stack.top is table:
            g = table.controller.game
            table.controller.play(0, g.parse_action(rng.choice([str(a) for a in g.legal_actions()])))
        return any(e["seat"] == 1 for e in table.online.link.net.view["log"][start:] if e["event"] == "Placed") \
            and len(table.controller.game.history) >= table.online.link.net.view["ply"] > start
    until(app, computer_played, 60, "the server's computer playing seat 1 here")
    assert table.online.problem == "" and table.online.refused == []
    app.stack.clear()


def test_the_host_ends_the_game_as_abandoned_and_it_is_counted_so(make_app, online_loop_server):
    app, table, guest, _ = hosted_table(make_app, online_loop_server)
    lose_guest(app, table, guest)
    press(app, "down", "down", "return")                     # End the game as abandoned ...
    assert app.stack.top.title == "End the game?" and app.stack.top.menu.index == 1   # ... No first
    press(app, "return")                                     # No, keep waiting: nothing sent
    assert app.stack.top is table and table.online.link.net.view["status"] == "playing"
    press(app, "escape")                                     # the host's question again, from the menu
    menu = app.stack.top.menu
    menu.index = [i.value for i in menu.items].index(("away", 1))
    press(app, "return")
    assert app.stack.top.title == "Player away"
    press(app, "down", "down", "return")
    press(app, "up", "return")                               # Yes, end it
    until(app, lambda: table.online.away.closed, 10, "the table closed")
    window = app.stack.top
    assert window.title == "Abandoned" and "abandoned" in " ".join(window.lines)
    press(app, "escape")
    assert app.stack.top is window                           # no way back into play
    total = Statistics.load(stats_path(app)).games["cards"].total
    assert total.abandoned == 1 and total.played == 0
    assert not session_path(app.dirs.saves).exists()
    press(app, "down", "return")                             # Back to title
    assert app.stack.top is not window
    app.stack.clear()
