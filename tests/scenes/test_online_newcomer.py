"""What a newcomer tripped on in the Play online screens, each now said or asked.

Continue's *Forget this game* dropped the kept seat at once: it asks
first, No the default. The Join screen's empty name box said nothing of
what the seat is called (Host's and Connect's say "Player 1, 2..."); a key
typed into a whole join code did nothing and said nothing. Connect's
*Create a game here* while the server had not answered yet said "type its
address and press Enter", which the player had done. Find's Enter on an
empty list did nothing. No server is started: the addresses are refused
or not reached (127.0.0.1, port 9).
"""

from __future__ import annotations

import yaml

from jayden_jazz.online.session import load_session, session_path
from jayden_jazz.scenes.online.connect import ConnectScene
from jayden_jazz.scenes.online.find import NO_GAME, FindScene
from jayden_jazz.scenes.online.join import CODE_LENGTH, ROWS, JoinScene
from jayden_jazz.scenes.online.resume import ContinueOnlineScene
from tests.helpers import press, step
from tests.scenes.test_online import open_online, type_text
from tests.scenes.test_online_connect import drawn_text


def test_forget_this_game_asks_first_and_no_keeps_it(make_app):
    app = open_online(make_app)
    path = session_path(app.dirs.saves)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump({"format": 1, "kind": "cards", "url": "ws://127.0.0.1:9", "game": "g1",
                                    "code": "ABC123", "seat": 1, "token": "t" * 22,
                                    "saved": "2026-12-04T07:49:51"}))
    assert load_session(path) is not None
    sc = app.scene("online-continue", path=path, new_address=True)      # nothing tried: no waiting
    app.stack.push(sc)
    assert isinstance(sc, ContinueOnlineScene) and sc.connector is None
    sc.menu.index = [i.value for i in sc.menu.items].index("forget")
    press(app, "return")
    ask = app.stack.top
    assert ask is not sc and ask.title == "Forget this game?"
    assert [i.label for i in ask.menu.items] == ["Yes, forget it", "No, keep it"] and ask.menu.index == 1
    press(app, "return")                                       # Enter on the default: No
    assert app.stack.top is sc and load_session(path) is not None
    press(app, "return")
    press(app, "escape")                                       # Esc is No too
    assert app.stack.top is sc and load_session(path) is not None
    press(app, "return")
    press(app, "up", "return")                                 # Yes, forget it
    assert not path.exists() and app.stack.top is not sc


def test_the_join_screens_empty_name_says_what_the_seat_is_called(make_app):
    app = open_online(make_app)
    app.settings["player_name"] = ""
    app.stack.push(app.scene("online-join"))
    sc = app.stack.top
    assert isinstance(sc, JoinScene) and sc.focused != "name"
    assert "(Player 1, 2...)" in drawn_text(app)
    sc.focus = ROWS.index("name")                              # focused: the box is for typing, no hint in it
    assert "(Player 1, 2...)" not in drawn_text(app)
    type_text(app, "Lori")
    sc.focus = ROWS.index("address")
    texts = drawn_text(app)
    assert "Lori" in texts and "(Player 1, 2...)" not in texts


def test_a_key_typed_into_a_whole_join_code_says_why_nothing_happened(make_app, sounds):
    app = open_online(make_app)
    app.stack.push(app.scene("online-join"))
    sc = app.stack.top
    played = sounds(app)
    sc.focus = ROWS.index("code")
    type_text(app, "k7qw2m")
    assert sc.fields["code"].value == "K7QW2M" and len("K7QW2M") == CODE_LENGTH and sc.error == ""
    type_text(app, "x")
    assert sc.fields["code"].value == "K7QW2M"
    assert sc.error == f"A join code is at most {CODE_LENGTH} letters and digits (Backspace makes room)."
    assert played[-1] == "illegal" and any("A join code is at most" in t for t in drawn_text(app))
    press(app, "backspace")                                    # the way out it names
    type_text(app, "p")
    assert sc.fields["code"].value == "K7QW2P" and sc.error == ""


def test_create_before_the_server_answers_says_to_wait_and_the_words_go_once_it_does(make_app, sounds):
    app = open_online(make_app)
    app.settings["server_address"] = ""
    app.stack.push(app.scene("online-connect"))
    sc = app.stack.top
    assert isinstance(sc, ConnectScene)
    played = sounds(app)
    sc.focus, sc.button = "buttons", 0                         # Create a game here, nothing typed yet
    press(app, "return")
    assert sc.error == "Connect to a server first: type its address and press Enter." and played[-1] == "refusal"

    class Silent:                                              # a server that has not answered yet
        address, url, games, error, lost, more = "127.0.0.1:9", "ws://127.0.0.1:9", None, "", False, 0

        def update(self) -> bool:
            return False

        def close(self) -> None:
            pass
    sc.browser = Silent()  # type: ignore[assignment]
    press(app, "return")
    assert sc.error == "Wait for 127.0.0.1:9 to answer: a game is made there once it has."
    assert played[-1] == "refusal" and app.stack.top is sc

    def answers() -> bool:
        sc.browser.games = []                                  # its list: no games yet
        return True
    sc.browser.update = answers  # type: ignore[method-assign]
    step(app, 1)
    assert sc.error == ""                                      # it answered: the waiting words are over
    assert "No games on 127.0.0.1:9 yet." in drawn_text(app)
    sc.browser = None


def test_enter_on_finds_empty_list_says_there_is_nothing_yet_until_a_game_shows(make_app, sounds):
    app = open_online(make_app)

    class Finder:
        listed: list = []

        def games(self) -> list:
            return list(self.listed)

        def close(self) -> None:
            pass
    finder = Finder()
    app.stack.push(app.scene("online-find"))
    sc = app.stack.top
    assert isinstance(sc, FindScene)
    sc.finder = finder
    played = sounds(app)
    press(app, "return")
    assert sc.error == NO_GAME and played[-1] == "refusal" and sc.connector is None
    assert any(t.startswith("No game to join yet") for t in drawn_text(app))
    from jayden_jazz.net.discovery import HostedGame
    finder.listed = [HostedGame("Lori", "127.0.0.1", 9, "jayden", "K7QW2M", 1, 1, True)]
    sc._refresh()
    assert sc.error == "" and len(sc.menu.items) == 1


def test_a_long_list_on_find_scrolls_and_each_line_keeps_its_seats_and_address(make_app):
    """Fourteen games ran over the key help and out of the window, and a long host name cut off the seats
    and the address (``full`` read ``fu``)."""
    from jayden_jazz.net.discovery import HostedGame
    from jayden_jazz.scenes.online.find import COLS, ROWS

    games = [HostedGame(f"Player number {i} with a long machine name", f"203.0.113.{i}", 8765,
                        "cards" if i % 2 else "jayden", f"CODE{i:02d}", i % 3, 1, True) for i in range(14)]

    class Finder:
        def games(self) -> list:
            return list(games)

        def close(self) -> None:
            pass
    app = open_online(make_app)
    app.stack.push(app.scene("online-find"))
    sc = app.stack.top
    sc.finder = Finder()
    sc._refresh()
    assert len(sc.menu.items) == ROWS and sc.menu.rect.bottom < sc.frame.bottom - 30     # above the key help
    for item, g in zip(sc.menu.items, games):
        assert len(item.label) <= COLS and item.label.startswith("Player nu") and ".. - " in item.label
        assert item.label.endswith(f"{'full' if g.seats_free <= 0 else 'free'} - {g.address}:8765")
    assert f"Games 1-{ROWS} of 14 shown; \u2191\u2193 shows more." in drawn_text(app)
    press(app, *["down"] * 12)
    assert sc.menu.current.value is games[12] and sc.top == 12 - ROWS + 1
    assert f"Games {sc.top + 1}-{sc.top + ROWS} of 14 shown; \u2191\u2193 shows more." in drawn_text(app)
    press(app, *["down"] * 5)                                  # the last game is the last
    assert sc.menu.current.value is games[13] and len(sc.menu.items) == ROWS
    games.pop(0)                                               # the list changes under the cursor: it stays
    sc._refresh()
    assert sc.menu.current.value.code == "CODE13"
