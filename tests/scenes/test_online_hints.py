"""Hints online: the host's choice decides for both players, whatever each one's Enhanced setting; a hint
is worked out on this machine and sends nothing to the server (loopback servers, 127.0.0.1 port 0)."""

from __future__ import annotations

import random
import time

import pytest

from jayden_jazz.scenes.online.hints import NOT_ALLOWED
from tests.helpers import ctrl, press, step
from tests.net.conftest import client, create, expect
from tests.net.test_play import catalog_ids
from tests.scenes.test_online import join_screen, open_online, until
from tests.scenes.test_online_cards import host_cards
from tests.scenes.test_online_offers import guest_board
from tests.tables.test_jayden_controller import InlineBrain, SlowBrain


@pytest.fixture
def brains(monkeypatch):
    """The computer player of both games asked in this process; every brain made is kept."""
    from jayden_jazz.cards.loader import load_packs
    from jayden_jazz.paths import shipped_dir
    from jayden_jazz.scenes.cards import players as card_players
    from jayden_jazz.scenes.jayden import players as jayden_players
    from tests.scenes.cards_helpers import LocalBrain

    made: list = []

    def jayden() -> InlineBrain:
        made.append(InlineBrain())
        return made[-1]

    def cards() -> LocalBrain:
        made.append(LocalBrain(load_packs([shipped_dir("cards")])[0], delay=1))
        return made[-1]

    monkeypatch.setattr(jayden_players, "make_brain", jayden)
    monkeypatch.setattr(jayden_players, "ai_available", lambda: True)
    monkeypatch.setattr(card_players, "make_brain", cards)
    monkeypatch.setattr(card_players, "ai_available", lambda: True)
    return made


def record_sent(net) -> list:
    """Every message the screen's client sends from now on."""
    sent: list = []
    say = net._say
    net._say = lambda msg: (sent.append(msg), say(msg))[1]
    return sent


def jayden_seated(make_app, server, hints: bool, *, screen_seat: int = 0, enhanced: bool = False):
    """A bare client "Jayden" creates the game (Hints as given) and sits at the other seat; the screen joins."""
    app = open_online(make_app)
    app.settings["enhanced"] = enhanced             # the host's choice decides, not this
    sc, guest = guest_board(app, server, {"hints": hints}, 1 - screen_seat)
    return app, sc, guest


def test_jayden_online_hint_is_marked_when_the_host_allowed_hints(make_app, online_loop_server, brains):
    app, sc, guest = jayden_seated(make_app, online_loop_server, True)
    try:
        assert "H hint" in sc.notes()[-1][0]
        sent = record_sent(sc.seats.link.net)
        press(app, "h")
        until(app, lambda: bool(sc.table.hint), 10, "the hint")
        hint = [a.text() for a in sc.table.hint]
        assert hint[0] in sc.seats.view_msg["legal"] and sc.messages.text.startswith("Hint: ")
        assert [a.text() for a in sc.view().hint] == hint        # marked on the board
        assert len(brains) == 1 and brains[0].asked == ["turn"]
        step(app, 5)
        assert sent == [] and sc.seats.view_msg["ply"] == 0                  # nothing went to the server
        app.stack.clear()
        assert brains[0].closed                                         # the worker ends with the screen
    finally:
        guest.close()


def test_jayden_online_hint_is_refused_with_the_reason_when_not_allowed(make_app, online_loop_server, brains):
    app, sc, guest = jayden_seated(make_app, online_loop_server, False, enhanced=True)
    try:
        press(app, "h")
        assert sc.messages.text == NOT_ALLOWED and brains == [] and sc.table.hint == []
        assert "hint" not in sc.notes()[-1][0]
        press(app, "escape")                                            # the menu's entry is greyed with it
        item = next(i for i in app.stack.top.menu.items if i.value == "hint")
        assert not item.enabled and item.hint == NOT_ALLOWED
        app.stack.clear()
    finally:
        guest.close()


def test_jayden_online_hint_asked_twice_waits_for_the_first(make_app, online_loop_server, brains, monkeypatch):
    from jayden_jazz.scenes.jayden import players

    slow = SlowBrain()
    monkeypatch.setattr(players, "make_brain", lambda: slow)
    app, sc, guest = jayden_seated(make_app, online_loop_server, True)
    try:
        press(app, "h")
        assert "Thinking about a hint" in sc.messages.text
        press(app, "h")
        assert sc.messages.text == "A hint is on its way" and slow.asked == ["turn"]
        slow.answer()
        until(app, lambda: bool(sc.table.hint), 10, "the hint")
        app.stack.clear()
    finally:
        guest.close()


def test_jayden_online_hint_is_for_your_own_turn(make_app, online_loop_server, brains):
    app, sc, guest = jayden_seated(make_app, online_loop_server, True, screen_seat=1)
    try:
        press(app, "h")                                                  # Green (the guest) is to act
        assert "is to act" in sc.messages.text and brains == []
        app.stack.clear()
    finally:
        guest.close()


def test_jayden_online_hint_asked_as_the_opponents_turn_arrives_is_for_the_board_as_the_server_holds_it(
        make_app, online_loop_server, brains):
    app, sc, guest = jayden_seated(make_app, online_loop_server, True, screen_seat=1)
    try:
        for _ in range(2):                                               # Green's (the guest's) whole turn
            v = guest.wait_for(lambda m: m["type"] == "view" and m["to_move"] == 0 and m["ply"] == len(m["log"]))
            guest.send_action(v["legal"][0], v["ply"])
            expect(guest, "ack")
        end = time.monotonic() + 10
        while (sc.seats.link.net.view or {}).get("ply") != 2:                  # arrived, the screen not yet run
            assert time.monotonic() < end
            time.sleep(0.01)
        assert len(sc.pos.history) < 2
        press(app, "h")
        until(app, lambda: bool(sc.table.hint), 10, "the hint")
        assert len(sc.pos.history) == 2 and sc.table.hint[0].text() in sc.seats.view_msg["legal"]
        app.stack.clear()
    finally:
        guest.close()


def cards_at_our_turn(make_app, **choices: int):
    """The screen hosts a two-seat Open card game; a bare client plays the other seat until it is ours."""
    from jayden_jazz.scenes.cards.hands import HandChoiceScene
    from jayden_jazz.scenes.cards.table import CardsTableScene
    from jayden_jazz.tables.cards.flow import Phase

    app = open_online(make_app)
    app.settings["enhanced"] = True
    lobby = host_cards(app, **choices)
    until(app, lambda: isinstance(app.stack.top, HandChoiceScene), 20, "the hand picker")
    ctrl(app, "r")
    press(app, "return")
    mine = list(lobby.hand_sent or [])
    guest = client(lobby.link.url, "Guest")
    guest.join(lobby.link.code)
    expect(guest, "joined")
    guest.choose_hand([c for c in catalog_ids() if c not in mine][:5])
    until(app, lambda: isinstance(app.stack.top, CardsTableScene), 20, "the card table")
    table = app.stack.top
    rng = random.Random(4)
    end = time.monotonic() + 30
    while not (table.phase == Phase.TURN and table.controller.game.to_move == 0):
        assert time.monotonic() < end, "our turn never came"
        step(app, 1)
        time.sleep(0.003)
        guest.poll()
        gv = guest.view
        if gv and gv["status"] == "playing" and gv["to_move"] == 1 and guest.pending is None:
            guest.send_action(rng.choice(gv["legal"]), gv["ply"])
    return app, table, guest


def test_the_online_card_table_refuses_hints_the_host_did_not_allow_even_in_enhanced_mode(
        make_app, online_fast_server, brains):
    app, table, guest = cards_at_our_turn(make_app)
    try:
        assert app.settings["enhanced"] and not table.online.hints_allowed and not table.computers.hints_on()
        press(app, "h")
        assert table.controller.messages.text == NOT_ALLOWED and not table.controller.hint_waiting
        assert not any(b.asked and b.asked[-1][0] == "hint" for b in brains)
        app.stack.clear()
    finally:
        guest.close()


def test_the_online_card_table_gives_a_hint_when_the_host_allowed_them(make_app, online_fast_server, brains):
    app, table, guest = cards_at_our_turn(make_app, hints=1)
    try:
        assert table.online.hints_allowed and table.computers.hints_on()
        sent = record_sent(table.online.link.net)
        ply = len(table.controller.game.history)
        press(app, "h")
        until(app, lambda: not table.controller.hint_waiting, 10, "the hint")
        assert table.controller.messages.text.startswith("Hint: ") and table.picture.hint_marks() is not None
        assert brains[-1].asked[-1][0] == "hint" and brains[-1].asked[-1][2] == 0
        step(app, 5)
        assert sent == [] and len(table.controller.game.history) == ply                  # nothing went to the server
        app.stack.clear()
    finally:
        guest.close()


def drawn(app, scene) -> list[str]:
    """The texts ``scene`` draws."""
    texts: list[str] = []
    font = app.font
    real = font.draw

    def spy(surface, text, *args, **kwargs):
        texts.append(text)
        return real(surface, text, *args, **kwargs)

    font.draw = spy
    try:
        scene.draw(app.display.logical)
    finally:
        del font.draw
    return texts


def test_the_host_chooses_hints_and_the_waiting_room_says_it_to_host_and_joiner(make_app, online_fast_server):
    from jayden_jazz.scenes.online.host import HostScene
    from jayden_jazz.scenes.online.lobby import LobbyScene

    app = open_online(make_app)
    press(app, "return")                                      # Host a game
    host = app.stack.top
    assert isinstance(host, HostScene) and host.options["hints"][host.values["hints"]] == ("Off", False)
    press(app, "up")
    assert host.menu.current.value == "hints"
    press(app, "right", "down", "return")                     # Hints: Allowed, Start hosting
    until(app, lambda: isinstance(app.stack.top, LobbyScene) and app.stack.top.view is not None, 40, "the room")
    lobby = app.stack.top
    assert lobby.view["hints"] is True
    assert "Hints: allowed (either player, on their own turn)" in drawn(app, lobby)
    joiner = client(lobby.link.url, "Jayden")
    try:
        joiner.join(lobby.link.code)
        assert expect(joiner, "view")["hints"] is True        # the joiner's view says it too
    finally:
        joiner.close()
        app.stack.clear()


def test_a_joiner_sees_hints_off_in_the_waiting_room(make_app, online_loop_server):
    from jayden_jazz.scenes.online.lobby import LobbyScene

    app = open_online(make_app)
    host = client(online_loop_server.url, "Host")
    try:
        created = create(host, "cards", {"field": "3x3", "rules": {"open": True}}, [{"kind": "human"}] * 2)
        join_screen(app, f"127.0.0.1:{online_loop_server.port}", created["code"])
        until(app, lambda: any(isinstance(s, LobbyScene) and s.view is not None for s in app.stack), 20, "the room")
        lobby = next(s for s in app.stack if isinstance(s, LobbyScene))
        assert "Hints: off (the host did not allow them)" in drawn(app, lobby)
        app.stack.clear()
    finally:
        host.close()
