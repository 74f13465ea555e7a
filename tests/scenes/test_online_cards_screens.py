"""The online screens around a card game: Continue names the game, Host and Join remember their
last values, the join code field takes a code's length, errors keep off the key help line.
Servers listen on 127.0.0.1 port 0 only."""

from __future__ import annotations

import pytest
import yaml

from jayden_jazz.scenes.online import link as L
from tests.helpers import step
from tests.scenes.test_online import loop_server  # noqa: F401  (a fixture)
from tests.scenes.test_online_watch import drawn_text


def keep_session(app, kind: str, url: str) -> None:
    path = L.session_path(app)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump({"format": 1, "kind": kind, "url": url, "game": "g1", "code": "ABC234",
                                    "seat": 1, "token": "t", "saved": "2026-01-01T00:00:00"}), encoding="utf-8")


@pytest.mark.parametrize("kind, words", [("cards", "Card game"), ("jayden", "Jayden")])
def test_continue_names_the_kind_of_game_kept(make_app, kind, words):
    import socket

    with socket.socket() as s:                   # a loopback port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    app = make_app()
    keep_session(app, kind, f"ws://127.0.0.1:{port}")
    app.stack.clear()
    app.stack.push(app.scene("menu"))
    app.stack.push(app.scene("online-continue", path=L.session_path(app)))
    step(app)
    text = drawn_text(app)
    assert f"{words}, join code ABC234" in text
    assert ("Jayden" in text) == (kind == "jayden")
    app.stack.clear()


def cards_view(rules: dict, hints_on: bool = True) -> dict:
    return {"kind": "cards", "hints": hints_on, "setup": {"rules": rules}}


def test_hints_are_not_offered_at_a_hidden_or_chaos_card_table_whatever_the_host_chose():
    from jayden_jazz.scenes.online import hints

    hidden = cards_view({"preset": "updated", "open": False})
    chaos = cards_view({"preset": "updated", "open": True, "chaos": True})
    assert not hints.allowed(hidden) and hints.words(hidden)[0].startswith("Hints: none (hidden hands")
    assert not hints.allowed(chaos) and hints.words(chaos)[0].startswith("Hints: none (Chaos")
    open_table = cards_view({"preset": "updated", "open": True})
    assert hints.allowed(open_table) and hints.words(open_table)[0].startswith("Hints: allowed")
    assert hints.allowed({"kind": "jayden", "hints": True, "setup": {}})


def test_the_host_screen_says_a_hidden_card_table_has_no_hints(make_app):
    app = make_app()
    host = app.scene("online-host")
    app.stack.push(host)
    host.values.update({"game": 1, "open": 1, "hints": 1})        # Card game, Hidden, Hints: Allowed
    host.build_menu()
    text = drawn_text(app)
    assert "None (hidden hands)" in text and "Allowed" not in text and host.no_hints()
    host.values["open"] = 0                                       # Open: the host's choice again
    assert "Allowed" in drawn_text(app) and not host.no_hints()
    app.stack.clear()


def test_the_joiner_sees_the_rules_in_the_hand_picker_and_the_waiting_room(make_app, loop_server):
    from jayden_jazz.scenes.cards.hands import HandChoiceScene
    from jayden_jazz.scenes.online.lobby import LobbyScene
    from tests.helpers import press
    from tests.net.conftest import client
    from tests.scenes.test_online import until
    from tests.scenes.test_online_cards import screen_joins_host

    host = client(loop_server.url, "Lori")
    try:
        rules = {"preset": "updated", "open": False, "three_open": True, "hand_swap": True}
        app, _ = screen_joins_host(make_app, loop_server, host, rules)
        until(app, lambda: isinstance(app.stack.top, HandChoiceScene), 20, "the hand picker")
        picker = app.stack.top
        assert picker.title == "Rules: Updated, Hidden, Hand Swap, Three Open"
        assert picker.title in drawn_text(app)
        press(app, "escape")                                      # the waiting room says them too
        assert isinstance(app.stack.top, LobbyScene)
        text = drawn_text(app).replace("\n", " ")
        assert "Rules: Updated, Hidden, Hand Swap, Three Open; each player picks a hand." in text
        assert "Hints: none (hidden hands" in text
        app.stack.clear()
    finally:
        host.close()
