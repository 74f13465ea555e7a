"""A game the server could not record (``game_lost``) ends for the player as an abandoned one does: a
window says what happened, the board stays to read, Back to title leaves, Continue forgets it, and the
statistics do not count it. A real loopback server (127.0.0.1, port 0) whose database refuses this one
game's actions (a SQLite trigger, as tests/net/test_isolation.py), the screen at one seat, a bare client
at the other."""

from __future__ import annotations

import sqlite3

from jayden_jazz.net.store import FILE_NAME
from jayden_jazz.online.session import load_session, save_session, session_path
from jayden_jazz.online.words import GAME_LOST_LINE
from jayden_jazz.shell import palette as P
from jayden_jazz.statistics import stats_path
from tests.helpers import press
from tests.scenes.test_online import open_online, until
from tests.scenes.test_online_cards_away import hosted_table
from tests.scenes.test_online_offers import guest_board


def refuse_writes(server, game: str) -> None:
    """The disk refuses this game's next action: the server stops the game and says ``game_lost``."""
    db = sqlite3.connect(server.data / FILE_NAME)
    db.execute(f"CREATE TRIGGER \"refuse {game}\" BEFORE INSERT ON actions WHEN NEW.game_id = '{game}' "
               "BEGIN SELECT RAISE(ABORT, 'injected failure'); END")
    db.commit()
    db.close()


def act(net) -> None:
    """Whichever seat is to act acts, through its own client (the screen's or the guest's)."""
    view = net.view
    net.send_action(view["legal"][0], view["ply"])


def test_the_card_table_closes_with_the_reason_when_the_server_loses_the_game(make_app, online_loop_server):
    app, table, guest, _ = hosted_table(make_app, online_loop_server)
    link = table.online.link
    save_session(app.dirs.saves, link, "cards")
    assert session_path(app.dirs.saves).exists()
    refuse_writes(online_loop_server, link.game)
    mover = link.net if link.net.view["to_move"] == 0 else guest
    act(mover)
    until(app, lambda: table.online.away.closed, 15, "the table closed")
    window = app.stack.top
    assert window.title == "Game lost" and " ".join(window.lines).startswith("The server lost this game")
    assert "Nothing more can be played" in " ".join(window.lines)
    press(app, "escape")
    assert app.stack.top is window                           # no way back into play
    assert not session_path(app.dirs.saves).exists()                  # Continue no longer offers it
    assert not stats_path(app).exists() or "cards" not in stats_path(app).read_text(encoding="utf-8")
    press(app, "return")                                     # Move log: the game stays readable
    assert app.stack.top is not window
    press(app, "escape")
    assert app.stack.top is window
    press(app, "down", "return")                             # Back to title
    assert table not in list(app.stack) and window not in list(app.stack)
    guest.close()
    app.stack.clear()


def test_the_jayden_board_ends_with_the_reason_when_the_server_loses_the_game(make_app, online_loop_server):
    app = open_online(make_app)
    sc, guest = guest_board(app, online_loop_server, {})
    try:
        seats = sc.seats
        assert load_session(session_path(app.dirs.saves))["game"] == seats.link.game      # kept for Continue
        refuse_writes(online_loop_server, seats.link.game)
        act(seats.link.net)                                  # the screen is Green, who acts first
        until(app, lambda: sc.end_shown, 15, "the end shown")
        end = app.stack.top
        assert end.title == "Game lost" and end.lines == [GAME_LOST_LINE]
        assert not session_path(app.dirs.saves).exists()
        assert not stats_path(app).exists() or "jayden" not in stats_path(app).read_text(encoding="utf-8")
        press(app, "return")                                 # Look at the board (the default)
        assert app.stack.top is sc
        assert seats.why_not_now() == GAME_LOST_LINE and seats.over()
        assert ("game lost by the server", P.LIGHT_RED) in seats.state()
        press(app, "escape")                                 # the menu's Leave asks nothing: the game is gone
        menu = app.stack.top.menu
        menu.index = [i.value for i in menu.items].index("leave")
        press(app, "return")
        assert sc not in list(app.stack)
    finally:
        guest.close()
        app.stack.clear()
