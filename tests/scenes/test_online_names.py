"""Names online: the name typed on the Host and Join screens is remembered in the settings, sent to the
server and shown on every seat's panel; a computer seat reads "CPU <level>", a lost one is marked. Loopback
servers only (127.0.0.1, port 0)."""

from __future__ import annotations

import pygame

from jayden_jazz.net.protocol import UNSAFE_TEXT
from jayden_jazz.scenes.online import names
from jayden_jazz.scenes.online.host import HostScene
from jayden_jazz.scenes.jayden import status
from jayden_jazz.scenes.jayden.board import JaydenScene
from jayden_jazz.scenes.online.join import JoinScene
from jayden_jazz.settings import Settings
from tests.helpers import press, step
from tests.net.conftest import client, expect
from tests.scenes.test_online import open_online, type_text, until
from tests.scenes.test_online_connect import drawn_text
from tests.scenes.test_online_offers import waiting_guest


def test_a_seat_is_named_as_the_server_names_it():
    assert names.seat_title({"seat": 0, "kind": "human", "name": "Jazz", "joined": True, "connected": True}) == "Jazz"
    assert names.seat_title({"seat": 1, "kind": "human", "name": "Jazz", "joined": True, "connected": False}) \
        == "Jazz (lost)"
    assert names.seat_title({"seat": 1, "kind": "human", "name": "", "joined": False, "connected": False}) == "Player 2"
    assert names.seat_title({"seat": 1, "kind": "computer", "name": "Computer (Hard)", "level": "hard"}) == "CPU Hard"
    view = {"seats": [{"seat": 0, "kind": "human", "name": "A" * 24, "joined": True, "connected": True},
                      {"seat": 1, "kind": "computer", "name": "Jayden", "level": "normal"}]}
    assert names.cards_label(view, 1) == "P2 CPU Normal"
    assert names.name(view, 0, 10) == "A" * 9 + "\u2026"
    assert names.waiting_words(view, 1) == "is thinking" and names.waiting_words(view, 0) == "is to play"


def test_a_bad_name_in_the_settings_file_gives_the_default_with_a_notice(tmp_path):
    path = tmp_path / "settings.yaml"
    path.write_text('player_name: "Jazz"\n', encoding="utf-8")
    assert Settings.load(path)["player_name"] == "Jazz"
    for bad in ('player_name: "Ja\\u0007zz"\n', f'player_name: "{"x" * 25}"\n', "player_name: 12\n"):
        path.write_text(bad, encoding="utf-8")
        s = Settings.load(path)
        assert s["player_name"] == "" and "player_name" in s.notice, bad
    path.write_text('player_name: "Jazz\\ufffd"\n', encoding="utf-8")     # printable, yet the server refuses it
    s = Settings.load(path)
    assert s["player_name"] == "" and "character 5 (U+FFFD)" in s.notice and "server refuses" in s.notice


def type_unsafe(app, ch: str = "\ufffd") -> None:
    """A character an input method may type that the server refuses in a name (U+FFFD is printable)."""
    assert UNSAFE_TEXT.search(ch) and ch.isprintable()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=0, unicode=ch, scancode=0))
    step(app, 1)


def test_hosting_with_a_name_the_server_refuses_says_why_and_starts_nothing(make_app):
    app = open_online(make_app)
    press(app, "return")                                    # Host a game
    host = app.stack.top
    host.menu.index = 0                                     # Your name
    type_text(app, "Jazz")
    type_unsafe(app)                                        # typed, it is refused at once: the font has none
    assert host.name.field.value == "Jazz" and "cannot draw replacement character" in host.name.field.refusal
    assert any("cannot draw replacement character" in t for t in drawn_text(app))
    host.name.field.set("Jazz\ufffd")                       # as a name could come (pasted, kept from before)
    host.name.field.cursor = 5
    host.menu.index = len(host.menu.items) - 2
    press(app, "return")                                    # Start hosting
    window = app.stack.top
    assert window is not host and window.title == "Your name" and host.connector is None
    text = " ".join(window.lines)
    assert "character 5 (U+FFFD)" in text and "Backspace" in text
    assert app.settings["player_name"] == ""                # nothing kept either
    press(app, "return")
    assert app.stack.top is host and host.menu.current.value == "name"
    press(app, "backspace")
    assert host.name.refusal() == ""
    app.stack.clear()


def test_joining_with_a_name_the_server_refuses_says_why_and_sends_nothing(make_app):
    app = open_online(make_app)
    press(app, "down", "return")                            # Join a game
    sc = app.stack.top
    assert isinstance(sc, JoinScene)
    press(app, "up")
    type_text(app, "Jazz")
    type_unsafe(app)
    assert sc.fields["name"].value == "Jazz" and "cannot draw" in sc.error   # refused as it is typed
    sc.fields["name"].set("Jazz\ufffd")                     # as a name could come (pasted, kept from before)
    press(app, "return")
    type_text(app, "127.0.0.1:1")
    press(app, "return")
    type_text(app, "ABC234")
    press(app, "return", "return")                          # to Join, and join
    assert sc.connector is None and sc.focused == "name"
    assert "character 5 (U+FFFD)" in sc.error and app.settings["player_name"] == ""
    app.render()                                            # the words are drawn on the screen
    app.stack.clear()


def test_the_name_typed_when_hosting_is_remembered_and_shown_on_both_boards(make_app, online_fast_server):
    app = open_online(make_app)
    press(app, "return")                                    # Host a game
    host = app.stack.top
    assert isinstance(host, HostScene)
    press(app, "up", "up", "up", "up", "up", "up")          # from Start hosting up to Your name
    assert host.menu.current.value == "name"
    type_text(app, "Jazz Band")
    press(app, "return")                                    # Enter goes on to the next row, not hosting
    assert host.menu.current.value == "game" and host.connector is None
    host.menu.index = len(host.menu.items) - 2
    press(app, "return")                                    # Start hosting
    until(app, lambda: app.stack.top is not host and host.connector is None, 40, "the waiting room")
    lobby = app.stack.top
    assert app.settings["player_name"] == "Jazz Band"
    assert Settings.load(app.settings.path)["player_name"] == "Jazz Band"      # saved in the file too
    guest = client(lobby.link.url, "Jayden")
    try:
        guest.join(lobby.link.code)
        expect(guest, "joined")
        until(app, lambda: isinstance(app.stack.top, JaydenScene), 20, "the board")
        sc = app.stack.top
        v = guest.wait_for(lambda m: m["type"] == "view" and m["status"] == "playing")
        assert v["seats"][0]["name"] == "Jazz Band" and v["seats"][1]["name"] == "Jayden"
        until(app, lambda: sc.seats.shown is sc.seats.view_msg, 10, "the board brought to the view")
        state = [t for t, _ in sc.seats.state()]                 # who is to act stays first, as offline
        assert state == ["Green to act, first action", "your turn", "You are Green (Jazz Band)"]
        left = " | ".join(t for t, _ in sc.renderer.status_lines(sc.pos, status.board_view(sc))[0])
        assert left.startswith("Green to act, first action"), left
        assert sc.notes()[0][0] == "Red: Jayden"
    finally:
        guest.close()
        app.stack.clear()


def test_the_name_typed_when_joining_is_sent_and_a_second_visit_offers_it_again(make_app, online_loop_server):
    app = open_online(make_app)
    creator, created = waiting_guest(online_loop_server, {})
    try:
        press(app, "down", "return")                        # Join a game
        sc = app.stack.top
        assert isinstance(sc, JoinScene) and sc.focused == "address"
        press(app, "up")
        assert sc.focused == "name"
        type_text(app, "Jazz")
        press(app, "return")
        assert sc.focused == "address"
        type_text(app, f"127.0.0.1:{online_loop_server.port}")
        press(app, "return")
        type_text(app, created["code"])
        press(app, "return", "return")                      # to Join, and join
        until(app, lambda: isinstance(app.stack.top, JaydenScene), 20, "the board")
        v = creator.wait_for(lambda m: m["type"] == "view" and m["status"] == "playing")
        assert v["seats"][0]["name"] == "Jazz"
        assert app.stack.top.notes()[0][0] == "Red: Jayden"
        app.stack.clear()
        app.stack.push(app.scene("menu"))
        app.stack.push(app.scene("online-join"))
        assert app.stack.top.fields["name"].value == "Jazz"  # remembered
    finally:
        creator.close()
        app.stack.clear()
