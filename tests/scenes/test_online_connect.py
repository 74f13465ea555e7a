"""Play online > Connect to a server, driven by keys and mouse against a loopback server (127.0.0.1,
port 0) that nobody at the table runs: its list, joining and playing, watching, creating a game there,
the address remembered, an unreachable or malformed address said plainly, Continue, and the Host
screen's word on who holds the hands."""

from __future__ import annotations

import random
import socket
import time

import pytest
import yaml

from jayden_jazz.net import listing
from jayden_jazz.online.session import load_session, session_path
from jayden_jazz.scenes.online.connect import SHOWN, ConnectScene
from jayden_jazz.scenes.online.host import HostScene
from jayden_jazz.scenes.jayden.board import JaydenScene
from jayden_jazz.scenes.online.jayden import RemoteSeats
from jayden_jazz.scenes.online.lobby import LobbyScene
from jayden_jazz.scenes.windows import ChoiceWindow
from tests.helpers import click, press, step
from tests.net.conftest import client, create, expect, pick
from tests.scenes.test_online import open_online, play_screen_turn, type_text, until


def online_board(app) -> bool:
    """The one Jayden board on top, seated online."""
    top = app.stack.top
    return isinstance(top, JaydenScene) and isinstance(top.seats, RemoteSeats)


@pytest.fixture(autouse=True)
def fresh_lists(monkeypatch):
    """The in-process server answers every ``list`` from the games as they are (not a second old)."""
    monkeypatch.setattr(listing, "FRESH_SECONDS", 0.0)
    monkeypatch.setattr(listing, "LOOP_SHARE", float("inf"))


def connect_screen(app, address: str | None = None) -> ConnectScene:
    press(app, "down", "down", "down", "return")          # Play online > Connect to a server
    sc = app.stack.top
    assert isinstance(sc, ConnectScene) and sc.focus == "address"
    if address is not None:
        type_text(app, address)
        press(app, "return")
    return sc


def listed(app, sc: ConnectScene, test=lambda games: True, what: str = "the list") -> None:
    until(app, lambda: sc.browser is not None and sc.browser.games is not None and test(sc.games), 15, what)


def drawn_text(app) -> list[str]:
    """Every text the top screen draws in one frame."""
    texts: list[str] = []
    font = app.font
    real = font.draw

    def record(surface, text, *args, **kw):
        texts.append(text)
        return real(surface, text, *args, **kw)

    font.draw = record
    try:
        app.stack.top.draw(app.display.logical)
    finally:
        font.draw = real
    return texts


def test_a_bare_clients_waiting_game_is_listed_joined_played_remembered_and_continued(make_app, online_loop_server):
    alice = client(online_loop_server.url, "Alice")
    try:
        made = create(alice, "jayden", {}, [{"kind": "human"}, {"kind": "human"}])
        alice.join(made["game"], seat=0)
        expect(alice, "joined")
        app = open_online(make_app)
        address = f"127.0.0.1:{online_loop_server.port}"
        sc = connect_screen(app, address)
        listed(app, sc, lambda games: len(games) == 1)
        g = sc.games[0]
        assert (g.code, g.kind, g.free, g.host, g.seat_words) == (made["code"], "jayden", (1,), "Alice", "1 of 2 free")
        text = drawn_text(app)
        assert made["code"] in text and "1 of 2 free" in text and "Alice" in text
        # the address answered, so it is kept, in the settings file too
        assert app.settings["server_address"] == address
        assert yaml.safe_load(app.settings.path.read_text())["server_address"] == address
        press(app, "down", "down")                          # Your name, then the game
        assert sc.focus == "list" and sc.index == 0
        type_text(app, "x")                                 # a letter on the list types nowhere
        assert sc.address.value == address and sc.name.value == "" and sc.focus == "list"
        press(app, "return")                                # one free seat: joined at once
        until(app, lambda: online_board(app), 20, "the board")
        board = app.stack.top
        assert board.seats.link.seat == 1 and board.seats.link.url == online_loop_server.url and board.seats.link.hosting is None
        assert sc.browser is None                           # the list's own connection closed on the way
        rng = random.Random(2)
        while alice.view is None or alice.view["to_move"] == 0 or alice.view["status"] == "waiting":
            v = alice.view
            if v is not None and v["status"] == "playing" and alice.pending is None:
                alice.send_action(pick(v, rng), v["ply"])
                alice.wait_for(lambda m: m["type"] == "view" and m["ply"] > v["ply"])
            else:
                alice.wait_for(lambda m: m["type"] == "view")
        until(app, lambda: board.seats.why_not_now() == "" and board.seats.shown is board.seats.view_msg, 10, "the screen's turn")
        ply = board.seats.view_msg["ply"]
        play_screen_turn(app, board, board.seats.view_msg, rng)
        until(app, lambda: alice.view["ply"] > ply, 10, "the move on the server")
        assert alice.view["log"][ply]["seat"] == 1
        # left unfinished: Continue takes the seat again on that server
        kept = load_session(session_path(app.dirs.saves))
        assert kept is not None and kept["url"] == online_loop_server.url and "hosted_port" not in kept
        app.back_to("menu")
        press(app, "return")                                # Continue
        until(app, lambda: online_board(app), 20, "back at the board")
        assert app.stack.top.seats.link.seat == 1 and app.stack.top.seats.link.url == online_loop_server.url
        # the address is offered again next time, and its list read at once
        app.stack.clear()
        app.stack.push(app.scene("menu"))
        app.stack.push(app.scene("online"))
        step(app, 2)
        again = connect_screen(app)
        assert again.address.value == address and again.browser is not None
        listed(app, again, lambda games: [x.code for x in games] == [made["code"]])
        assert again.games[0].status == "playing"
        app.stack.clear()
    finally:
        alice.close()


def test_a_running_game_is_watched_from_the_list(make_app, online_loop_server):
    bob, carol = client(online_loop_server.url, "Bob"), client(online_loop_server.url, "Carol")
    try:
        made = create(bob, "jayden", {}, [{"kind": "human"}, {"kind": "human"}])
        bob.join(made["game"], seat=0)
        expect(bob, "joined")
        carol.join(made["code"], seat=1)
        expect(carol, "joined")
        app = open_online(make_app)
        sc = connect_screen(app, f"127.0.0.1:{online_loop_server.port}")
        listed(app, sc, lambda games: len(games) == 1 and games[0].status == "playing")
        assert sc.games[0].seat_words == "playing" and sc.games[0].free == ()
        r = sc.list_rect
        click(app, r.x + 40, r.y + 4)                       # the mouse: the first game
        win = app.stack.top
        assert isinstance(win, ChoiceWindow) and win.title == "That game is under way"
        assert [i.value for i in win.items] == ["watch", "back"]
        press(app, "return")                                # Watch
        until(app, lambda: online_board(app), 20, "the board, watched")
        watched = app.stack.top
        assert watched.seats.link.watching and watched.seats.link.seat is None
        until(app, lambda: bob.view is not None and bob.view["status"] == "playing", 10, "Bob's view")
        bob.send_action(pick(bob.view, random.Random(1)), 0)
        until(app, lambda: watched.seats.view_msg["ply"] >= 1, 10, "the move seen")
        assert not session_path(app.dirs.saves).exists()             # watching keeps nothing for Continue
        app.stack.clear()
    finally:
        bob.close()
        carol.close()


def test_a_game_created_there_is_joined_by_a_bare_client(make_app, online_loop_server):
    app = open_online(make_app)
    sc = connect_screen(app, f"127.0.0.1:{online_loop_server.port}")
    listed(app, sc)
    assert sc.games == [] and any("No games on" in t for t in drawn_text(app))
    press(app, "up")                                        # from the address round to the buttons
    assert sc.focus == "buttons" and sc.button == 0
    press(app, "return")                                    # Create a game here
    create_sc = app.stack.top
    assert isinstance(create_sc, HostScene) and create_sc.url and create_sc.menu.current.label == "Create the game"
    assert "the server holds the hands" in create_sc.intro and create_sc.url == online_loop_server.url
    press(app, "return")
    until(app, lambda: isinstance(app.stack.top, LobbyScene), 20, "the waiting room")
    lobby = app.stack.top
    assert lobby.link.is_host and lobby.link.hosting is None and lobby.link.url == online_loop_server.url
    kept = load_session(session_path(app.dirs.saves))                # Continue rejoins that server, hosts nothing
    assert kept is not None and kept["url"] == online_loop_server.url and "hosted_port" not in kept
    assert kept["host_token"] == lobby.link.host_token
    assert any("Connect to a server" in t for t in drawn_text(app))
    dave = client(online_loop_server.url, "Dave")
    try:
        dave.list_games()
        games = expect(dave, "games")["games"]
        assert [(g["code"], g["free"]) for g in games] == [(lobby.link.code, [1])]
        dave.join(games[0]["code"])
        assert expect(dave, "joined")["seat"] == 1
        until(app, lambda: online_board(app), 20, "the board")
        assert app.stack.top.seats.link.is_host and app.stack.top.seats.link.seat == 0
        app.stack.clear()
    finally:
        dave.close()


def test_the_list_moves_by_keys_and_mouse_refreshes_and_offers_a_seat(make_app, online_loop_server):
    eve = client(online_loop_server.url, "Eve")
    try:
        made = [create(eve, "jayden", {}, [{"kind": "human"}, {"kind": "human"}]) for _ in range(10)]
        app = open_online(make_app)
        sc = connect_screen(app, f"127.0.0.1:{online_loop_server.port}")
        listed(app, sc, lambda games: len(games) == 10)
        assert [g.code for g in sc.games] == [m["code"] for m in reversed(made)]      # the newest first
        press(app, "end")                                   # in the address: the text cursor
        assert sc.focus == "address" and sc.address.cursor == len(sc.address.value)
        press(app, "down", "down", "end")                   # on the list: the last game
        assert sc.focus == "list" and sc.index == 9 and sc.top == 10 - SHOWN
        press(app, "home")
        assert sc.index == 0 and sc.top == 0
        press(app, "pagedown")
        assert sc.index == SHOWN
        press(app, "pageup", "up")
        assert sc.focus == "name"
        extra = create(eve, "cards", {"field": "3x3"}, [{"kind": "human"}, {"kind": "computer"}])
        press(app, "down", "down")                          # back on the list: R asks again at once
        type_text(app, "r")
        listed(app, sc, lambda games: len(games) == 11, "the list asked again")
        assert sc.games[0].code == extra["code"] and sc.games[0].kind == "cards"
        assert sc.games[0].rules.startswith("3x3, Updated, hidden hands")
        r = sc.list_rect
        click(app, r.x + 40, r.y + 4 + 16)                  # the second game: two free seats, so which?
        win = app.stack.top
        assert isinstance(win, ChoiceWindow) and win.title == f"Join {made[-1]['code']}"
        assert [i.label for i in win.items] == ["Play Green (moves first)", "Play Red", "Watch", "Back to the list"]
        press(app, "down", "return")                        # Play Red
        until(app, lambda: isinstance(app.stack.top, LobbyScene), 20, "the waiting room")
        assert app.stack.top.link.seat == 1 and not app.stack.top.link.is_host
        app.stack.clear()
    finally:
        eve.close()


def test_an_unreachable_or_malformed_address_is_said_plainly(make_app, monkeypatch):
    make_app.online(connect_ticks=40)
    with socket.socket() as s:                              # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    app = open_online(make_app)
    sc = connect_screen(app)
    press(app, "return")                                    # nothing typed
    assert "Type the server's address" in sc.error and sc.browser is None
    type_text(app, "not an address!")
    press(app, "return")
    assert "is not an address" in sc.error
    sc.address.set("example.org:8765")
    press(app, "return")
    assert "only to this machine" in sc.error and sc.browser is None      # a headless game stays on loopback
    sc.address.set(f"127.0.0.1:{port}")
    press(app, "return")
    assert sc.browser is not None
    until(app, lambda: sc.browser is None, 15, "the server given up")
    assert f"No game server answers at 127.0.0.1:{port}" in sc.error
    assert any("No game server answers" in t for t in drawn_text(app))
    assert app.settings["server_address"] == ""            # an address that never answered is not kept
    press(app, "up")                                        # the buttons: Create needs a server first
    press(app, "return")
    assert isinstance(app.stack.top, ConnectScene) and "Connect to a server first" in sc.error
    press(app, "right")
    assert sc.button == 1                                   # Refresh
    back = sc.button_rects[2]
    click(app, back.centerx, back.centery)                  # the mouse: Back
    assert app.stack.top is not sc and sc.browser is None


def test_the_host_screen_says_what_the_hosting_machine_keeps_for_each_game(make_app):
    """Jayden has no hidden hands: the host keeps the game and its record; the card game's host
    holds every hand. Both suggest a server for strangers."""
    app = open_online(make_app)
    press(app, "return")                                    # Host a game
    sc = app.stack.top
    assert isinstance(sc, HostScene) and sc.kind == "jayden"
    jayden = " ".join(drawn_text(app))
    assert "keeps the game and its record" in jayden and "Connect to a server" in jayden
    assert "hand" not in jayden.lower()
    press(app, "up", "up", "up", "up", "up", "right")      # Game: Card game (its many rows)
    assert sc.kind == "cards"
    cards = " ".join(drawn_text(app))
    assert "holds every hand" in cards and "Connect to a server" in cards
    assert "keeps the game and its record" not in cards


class FakeNet:
    """Stands in for a server's connection: what it says is given by the test."""

    def __init__(self, *messages: dict) -> None:
        self.inbox = list(messages)
        self.state, self.connects, self.asked, self.closed = "connected", 1, 0, False

    def poll(self) -> list[dict]:
        out, self.inbox = self.inbox, []
        return out

    def list_games(self) -> int:
        self.asked += 1
        return self.asked

    def close(self) -> None:
        self.closed = True


def server_list(*messages: dict):
    from jayden_jazz.online.browse import ServerList
    from jayden_jazz.online.config import OnlineConfig

    sl = ServerList.__new__(ServerList)            # the real constructor would connect: fields by hand
    sl.url, sl.net, sl.games, sl.more, sl.error, sl.lost, sl.ticks, sl.asked = (
        "ws://127.0.0.1:9", FakeNet(*messages), None, 0, "", False, 0, 0)
    sl.config = OnlineConfig(local=True)
    return sl


def test_what_a_strange_server_lists_is_checked_and_cut_never_trusted():
    from jayden_jazz.online.browse import listed

    good = {"code": "ABC234", "kind": "cards", "status": "waiting", "rules": "3x3\x1b[2J, Updated" + "x" * 200,
            "hints": "yes", "host": "Mallory\n" * 10, "seats": [{"name": "A"}, {"name": 7}], "free": [1, 9, True, -1]}
    g = listed(good)
    assert g is not None and g.free == (1,) and g.hints is False and g.seats == ("A", "")
    assert "\x1b" not in g.rules and len(g.rules) <= 60 and "\n" not in g.host and len(g.host) <= 24
    for bad in (None, [], {**good, "kind": "chess"}, {**good, "code": "../etc"}, {**good, "code": ""},
                {**good, "status": "over"}, {**good, "seats": "two"}, {**good, "seats": [{}]},
                {**good, "seats": [{}] * 9}, {**good, "seats": [{}, 3]}, {**good, "free": "all"}):
        assert listed(bad) is None, bad
    sl = server_list({"type": "games", "games": [good, {"code": 1}, "x"], "more": -4})
    assert sl.update() and [x.code for x in sl.games] == ["ABC234"] and sl.more == 0
    sl.net.inbox.append({"type": "games", "games": "many", "more": True})
    assert sl.update() and sl.games == [] and sl.more == 0


def test_a_server_that_does_not_list_its_games_is_said_plainly():
    sl = server_list({"type": "error", "code": "unknown_type", "message": "unknown message type \"list\""})
    assert sl.update()
    assert "does not list its games" in sl.error and "Join a game" in sl.error
    end = time.monotonic() + 5
    while not sl.net.closed and time.monotonic() < end:      # closed in the background
        time.sleep(0.01)
    assert sl.net.closed


def test_the_list_is_asked_for_again_every_few_seconds_only_while_connected():
    from jayden_jazz.online.browse import REFRESH_TICKS

    sl = server_list()
    for _ in range(REFRESH_TICKS * 2 + 1):
        sl.update()
    assert sl.net.asked == 2
    sl.net.state = "reconnecting"
    for _ in range(REFRESH_TICKS * 2):
        sl.update()
    assert sl.net.asked == 2                                # nothing piles up while the server is away
