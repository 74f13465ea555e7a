"""The online screens around a card game: Continue names the game, Host and Join remember their
last values, the join code field takes a code's length, errors keep off the key help line.
Servers listen on 127.0.0.1 port 0 only."""

from __future__ import annotations

import pytest
import yaml

from jayden_jazz.online.session import session_path
from tests.helpers import step
from tests.scenes.test_online_watch import drawn_text


def keep_session(app, kind: str, url: str) -> None:
    path = session_path(app.dirs.saves)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump({"format": 1, "kind": kind, "url": url, "game": "g1", "code": "ABC234",
                                    "seat": 1, "token": "t", "saved": "2026-01-01T00:00:00"}), encoding="utf-8")


@pytest.mark.parametrize("kind, words", [("cards", "Card game"), ("jayden", "Jayden")])
def test_continue_names_the_kind_of_game_kept(make_app, kind, words):
    import socket

    from tests.scenes.test_online import until

    with socket.socket() as s:                   # a loopback port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    make_app.online(connect_ticks=30)
    app = make_app()
    keep_session(app, kind, f"ws://127.0.0.1:{port}")
    app.stack.clear()
    app.stack.push(app.scene("menu"))
    app.stack.push(app.scene("online-continue", path=session_path(app.dirs.saves)))
    step(app)
    text = drawn_text(app)
    assert f"{words}, join code ABC234" in text
    assert ("Jayden" in text) == (kind == "jayden")
    sc = app.stack.top
    until(app, lambda: bool(sc.error), 20, "the server-down error")
    address = f"127.0.0.1:{port}"               # the Server address row of the menu shows it too
    error_rows = [(t, y) for t, y in drawn_rows(app) if t and t in sc.error and t != address]
    assert error_rows and all(y + 14 <= sc.menu.rect.y for _, y in error_rows)    # never over the menu
    app.stack.clear()


def cards_view(rules: dict, hints_on: bool = True) -> dict:
    return {"kind": "cards", "hints": hints_on, "setup": {"rules": rules}}


def test_hints_are_not_offered_at_a_hidden_or_chaos_card_table_whatever_the_host_chose():
    from jayden_jazz.scenes.online import hints

    hidden = cards_view({"preset": "updated", "open": False})
    chaos = cards_view({"preset": "updated", "open": True, "chaos": True})
    assert not hints.allowed(hidden) and hints.words(hidden)[0] == "Hints: none at a table with hidden hands"
    assert not hints.allowed(chaos) and hints.words(chaos)[0] == "Hints: none at a Chaos table"
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


def test_the_joiner_sees_the_rules_in_the_hand_picker_and_the_waiting_room(make_app, online_loop_server):
    from jayden_jazz.scenes.cards.hands import HandChoiceScene
    from jayden_jazz.scenes.online.lobby import LobbyScene
    from tests.helpers import press
    from tests.net.conftest import client
    from tests.scenes.test_online import until
    from tests.scenes.test_online_cards import screen_joins_host

    host = client(online_loop_server.url, "Lori")
    try:
        rules = {"preset": "updated", "open": False, "three_open": True, "hand_swap": True}
        app, _ = screen_joins_host(make_app, online_loop_server, host, rules)
        until(app, lambda: isinstance(app.stack.top, HandChoiceScene), 20, "the hand picker")
        picker = app.stack.top
        assert picker.title == "Rules: Updated, Hidden, Hand Swap, Three Open"
        assert picker.title in drawn_text(app)
        press(app, "escape")                                      # the waiting room says them too
        assert isinstance(app.stack.top, LobbyScene)
        text = drawn_text(app).replace("\n", " ")
        assert "Rules: Updated, Hidden, Hand Swap, Three Open; each picks a hand." in text
        assert "Hints: none at a table with hidden hands" in text
        lobby = app.stack.top
        lobby.refusal = "The server refused the hand: " + "a long reason in many words, " * 12
        rows = [(t, y) for t, y in drawn_rows(app) if t and t in lobby.refusal + " Enter chooses again."]
        assert rows and all(y + 14 <= lobby.leave_rect.y for _, y in rows)   # never over the Leave button
        app.stack.clear()
    finally:
        host.close()


def drawn_rows(app) -> list[tuple[str, int]]:
    """(text, y) of every text the next frame draws."""
    seen: list[tuple[str, int]] = []
    font = app.font
    plain = font.draw

    def draw(surface, text, x, y, *a, **k):
        seen.append((str(text), y))
        return plain(surface, text, x, y, *a, **k)

    font.draw = draw
    try:
        app.render()
    finally:
        del font.draw
    return seen


def test_join_takes_a_codes_length_remembers_the_address_and_code_and_errors_keep_off_the_help(make_app):
    import socket

    from jayden_jazz.scenes.online.join import CODE_LENGTH, JoinScene
    from jayden_jazz.settings import Settings
    from tests.helpers import press
    from tests.scenes.test_online import open_online, type_text, until

    with socket.socket() as s:                       # a loopback port nobody listens on: the server is down
        s.bind(("127.0.0.1", 0))
        address = f"127.0.0.1:{s.getsockname()[1]}"
    make_app.online(connect_ticks=30)
    app = open_online(make_app)
    press(app, "down", "return")                     # Join a game
    sc = app.stack.top
    assert isinstance(sc, JoinScene) and sc.focused == "address"
    type_text(app, address)
    press(app, "return")
    type_text(app, "abc-")                           # a dash, as codes are written, is taken and not kept
    assert sc.error == "" and sc.fields["code"].value == "ABC"
    type_text(app, "def234")                         # more than a code has: the field stops at its length
    assert sc.fields["code"].value == "ABCDEF" and CODE_LENGTH == 6
    from jayden_jazz.net.server import CODE_ALPHABET, CODE_LENGTH as SERVER_CODE_LENGTH
    from jayden_jazz.net.route import CODE_CHARS
    assert CODE_LENGTH == SERVER_CODE_LENGTH and CODE_CHARS == CODE_ALPHABET
    press(app, "return", "return")                   # to Join to play, and join
    until(app, lambda: bool(sc.error) and sc.connector is None, 20, "the server-down error")
    assert "No game server answers" in sc.error
    rows = drawn_rows(app)
    help_y = next(y for text, y in rows if text.startswith("\u2191\u2193 field"))
    error_rows = [(t, y) for t, y in rows if y > sc.rows["back"].bottom and y != help_y]
    assert error_rows and all(y + 14 <= help_y for _, y in error_rows)      # above the help line, never on it
    app.render()
    kept = Settings.load(app.settings.path)["online_join"]
    assert kept == {"address": address, "code": "ABCDEF"}
    app.stack.clear()
    again = JoinScene(app)                           # next time: the last address and code, ready to join
    assert again.fields["address"].value == address and again.fields["code"].value == "ABCDEF"


def test_error_lines_fit_the_room_above_the_help(make_app):
    from jayden_jazz.scenes.online.fit import error_lines

    long = "No game server answers at 127.0.0.1:9: " + "is the host's game running? " * 8
    lines = error_lines(long, 3 * 16, 58)
    assert len(lines) == 3 and lines[-1].endswith("\u2026") and all(len(x) <= 58 for x in lines)
    assert error_lines("Short.", 3 * 16) == ["Short."]


def test_host_remembers_the_game_rules_and_seats(make_app, online_fast_server):
    from jayden_jazz.scenes.online.host import HostScene
    from jayden_jazz.settings import Settings
    from tests.scenes.test_online import open_online
    from tests.scenes.test_online_cards import host_cards

    app = open_online(make_app)
    host_cards(app, preset=1, open=1, hand_rules=4, players=1, others=2)   # Draft, Hidden, 3 Open + Swap, 3, Normal
    app.stack.clear()
    kept = Settings.load(app.settings.path)["online_host"]
    assert kept["game"] == "Card game" and kept["open"] == "Hidden" and kept["players"] == "3"
    again = HostScene(app)
    assert again.kind == "cards"
    for key, index in {"preset": 1, "open": 1, "hand_rules": 4, "players": 1, "others": 2}.items():
        assert again.values[key] == index, key
    app.settings["online_host"] = {"game": "Card game", "open": "Sideways", "players": 7}   # edited by hand
    odd = HostScene(app)
    assert odd.kind == "cards" and odd.values["open"] == 0 and odd.values["players"] == 0
