"""Refused keys said where they are typed: the online screens' fields, the join code checked on
Enter without asking the server, and the JPN window."""

from __future__ import annotations


from jayden_jazz.net.lobby import CODE_ALPHABET
from jayden_jazz.net.route import CODE_CHARS, CODE_LENGTH, code_of
from jayden_jazz.scenes.jayden import clipboard
from jayden_jazz.scenes.jayden.editor import JpnWindow
from jayden_jazz.scenes.online.connect import ConnectScene
from jayden_jazz.scenes.online.host import HostScene
from jayden_jazz.scenes.online.join import CODE_WORDS, ROWS, JoinScene, code_refusal
from jayden_jazz.settings import MAX_PLAYER_NAME
from tests.helpers import press
from tests.scenes.test_jayden_editor import _editor
from tests.scenes.test_jayden_scene import choose
from tests.scenes.test_online import open_online, type_text
from tests.scenes.test_online_connect import drawn_text


def open_join(make_app):
    app = open_online(make_app)
    app.settings["online_join"] = None
    app.stack.push(app.scene("online-join"))
    sc = app.stack.top
    assert isinstance(sc, JoinScene)
    return app, sc


# the join code ------------------------------------------------------------------------------------


def test_the_join_codes_alphabet_and_length_are_the_servers():
    assert CODE_CHARS == CODE_ALPHABET and CODE_LENGTH == 6
    assert CODE_WORDS == "the letters A-Z but I and O, and the digits 2-9"
    assert all(code_of(ch * CODE_LENGTH) for ch in CODE_CHARS)        # every character it names is a code's
    assert not any(code_of(ch * CODE_LENGTH) for ch in "IO01")        # and the ones it leaves out are not


def test_a_short_join_code_is_said_on_enter_and_kept_without_asking_the_server(make_app, sounds):
    app, sc = open_join(make_app)
    played = sounds(app)
    sc.fields["address"].set("127.0.0.1:1")
    sc.focus = ROWS.index("code")
    type_text(app, "k7q-w")                            # a dash as codes are written: taken, not kept
    assert sc.fields["code"].value == "K7QW" and sc.error == ""
    press(app, "return")
    assert sc.error == f"A join code has {CODE_LENGTH} letters and digits (you typed 4)."
    assert sc.focused == "code" and sc.fields["code"].value == "K7QW" and sc.connector is None
    assert played[-1] == "refusal" and any("(you typed 4)" in t for t in drawn_text(app))
    sc.focus = ROWS.index("join")
    press(app, "return")                               # Join to play: the same words, nothing sent
    assert sc.connector is None and sc.focused == "code" and "(you typed 4)" in sc.error
    assert app.settings["online_join"] is None         # nothing kept either
    type_text(app, "2m")
    assert sc.error == "" and sc.fields["code"].value == "K7QW2M"
    press(app, "return")                               # a whole code: Enter goes on to Join to play
    assert sc.focused == "join" and sc.error == ""


def test_a_letter_no_join_code_has_is_refused_as_it_is_typed_and_named(make_app, sounds):
    app, sc = open_join(make_app)
    played = sounds(app)
    sc.focus = ROWS.index("code")
    type_text(app, "ab")
    type_text(app, "o")
    assert sc.fields["code"].value == "AB" and played[-1] == "illegal"
    assert sc.error == f'A join code has no "O": it uses only {CODE_WORDS}.'
    type_text(app, "1")
    assert sc.fields["code"].value == "AB" and sc.error.startswith('A join code has no "1"')
    assert any('has no "1"' in t for t in drawn_text(app))


def test_a_remembered_code_no_server_could_have_is_said_on_enter():
    assert code_refusal("ab-cd2f") == ""
    assert code_refusal("ABCD0F") == f'A join code has no "0": it uses only {CODE_WORDS}.'
    assert code_refusal("ABCDEFG") == f"A join code has {CODE_LENGTH} letters and digits (you typed 7)."


# the other online fields --------------------------------------------------------------------------


def test_the_connect_screens_full_address_is_said_in_its_error_line(make_app, sounds):
    app = open_online(make_app)
    app.settings["server_address"] = ""
    app.stack.push(app.scene("online-connect"))
    sc = app.stack.top
    assert isinstance(sc, ConnectScene) and sc.focus == "address"
    played = sounds(app)
    limit = sc.address.max_len
    sc.address.set("9" * limit)
    sc.address.cursor = limit
    type_text(app, "9")
    assert sc.address.value == "9" * limit and played[-1] == "illegal"
    assert sc.error == f"An address is at most {limit} characters (Backspace makes room)."
    assert any("An address is at most" in t for t in drawn_text(app))
    press(app, "backspace")
    assert sc.error == ""


def test_the_host_screen_says_a_full_name_above_its_notes(make_app, sounds):
    app = open_online(make_app)
    app.settings["player_name"] = ""
    press(app, "return")                               # Host a game
    host = app.stack.top
    assert isinstance(host, HostScene)
    host.menu.index = 0                                # Your name
    played = sounds(app)
    type_text(app, "j" * (MAX_PLAYER_NAME + 1))
    assert host.name.field.value == "j" * MAX_PLAYER_NAME and played[-1] == "illegal"
    words = f"A name is at most {MAX_PLAYER_NAME} characters (Backspace makes room)."
    texts = drawn_text(app)
    assert words in texts and any("firewall" in t or "strangers" in t for t in texts)   # the notes still show
    press(app, "down")
    assert words not in drawn_text(app)


def test_continues_full_address_is_said_over_its_error_which_comes_back_after(make_app, sounds):
    from jayden_jazz.online.session import session_path
    from tests.scenes.test_online_cards_screens import keep_session

    app = make_app()
    keep_session(app, "jayden", "ws://127.0.0.1:1")
    app.stack.push(app.scene("online-continue", path=session_path(app.dirs.saves), new_address=True))
    sc = app.stack.top
    assert sc.menu.current.value == "address" and sc.error.startswith("No game server answers")
    played = sounds(app)
    limit = sc.address.max_len
    sc.address.set("7" * limit)
    sc.address.cursor = limit
    type_text(app, "7")
    words = f"An address is at most {limit} characters (Backspace makes room)."
    assert sc.address.value == "7" * limit and played[-1] == "illegal"
    shown = " ".join(drawn_text(app))                  # wrapped in the error lines above the menu
    assert words in shown and "No game server answers" not in shown
    press(app, "backspace")                            # the next key: the screen's own words again
    assert any("No game server answers" in t for t in drawn_text(app)) and sc.connector is None


# the JPN window -----------------------------------------------------------------------------------


def test_the_jpn_window_says_a_full_text_on_its_problem_line(make_app, monkeypatch):
    monkeypatch.setattr(clipboard, "paste_text", lambda: None)
    app, ed = _editor(make_app)
    press(app, "ESCAPE")
    choose(app, "Paste JPN text")
    window = app.stack.top
    assert isinstance(window, JpnWindow)
    limit = window.field.max_len
    window.field.set("8" * limit)
    window.field.cursor = limit
    type_text(app, "8")
    assert window.field.value == "8" * limit
    assert f"A position's JPN text is at most {limit} characters (Backspace makes room)." in drawn_text(app)
