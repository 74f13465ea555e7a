"""A guest whose host's server moved (started again on another port) takes its own seat back there.

The seat's token, kept in ``online.yaml``, is what proves the seat: given
at the new address -- in Continue's *Server address* row, or on the Join
screen with the code -- it seats the guest again where a join without it
would hear "Every seat of that game is taken". Servers on 127.0.0.1, port 0.
"""

from __future__ import annotations

import pytest

from jayden_jazz.online.connector import Link
from jayden_jazz.online.session import forget_session, load_session, session_path
from jayden_jazz.online.words import ERROR_WORDS
from jayden_jazz.scenes.jayden.board import JaydenScene
from jayden_jazz.scenes.online.jayden import RemoteSeats
from jayden_jazz.scenes.online.resume import ContinueOnlineScene
from tests.helpers import press
from tests.net.conftest import FAST, ThreadServer, client, expect
from tests.scenes.test_online import join_screen, open_online, type_text, until
from tests.scenes.test_online_connect import drawn_text


def online_board(app) -> bool:
    """The one Jayden board on top, seated online."""
    top = app.stack.top
    return isinstance(top, JaydenScene) and isinstance(top.seats, RemoteSeats)


class Moving:
    """A game server on 127.0.0.1 (port 0) whose games can be served again from the same data at another
    port, and a bare client ``host`` ("Lori") connected to it; :meth:`close` stops all of them."""

    def __init__(self, data) -> None:
        self.data = data
        self.servers = [ThreadServer(data, FAST)]
        self.host = client(self.first.url, "Lori")

    @property
    def first(self) -> ThreadServer:
        return self.servers[0]

    def jayden_game(self, *, sit: bool = True) -> str:
        """A Jayden game for two people made by the host (sitting at seat 0 unless ``sit`` is False);
        its join code."""
        self.host.create("jayden", {}, [{"kind": "human"}, {"kind": "human"}])
        code = expect(self.host, "created")["code"]
        if sit:
            self.host.join(code, seat=0)
            expect(self.host, "joined")
        return code

    def move(self) -> ThreadServer:
        """The first server stops; its games are served again from its data, at another port."""
        self.first.stop()
        second = ThreadServer(self.data, FAST)
        self.servers.append(second)
        assert second.port != self.first.port
        return second

    def close(self) -> None:
        self.host.close()
        for s in self.servers:
            s.stop()


@pytest.fixture
def moving(make_app, tmp_path):
    """A :class:`Moving` server, the screen's game set to give up connecting after half a second."""
    make_app.online(connect_ticks=30)
    servers = Moving(tmp_path / "data")
    try:
        yield servers
    finally:
        servers.close()


def at_the_board(make_app, server: ThreadServer, code: str):
    """The screen joins game ``code`` on ``server`` (Play online > Join) and is seated at its board."""
    app = open_online(make_app)
    join_screen(app, f"127.0.0.1:{server.port}", code)
    until(app, lambda: online_board(app), 20, "the board")
    return app


@pytest.fixture
def moved(make_app, moving):
    """The screen's guest seated (seat 1) at a first server, which then stops; the same games served
    again from the same data at another port. Yields (app, new server, code)."""
    code = moving.jayden_game()
    app = at_the_board(make_app, moving.first, code)
    app.back_to("menu")                                  # the guest steps away; the seat stays theirs
    moving.host.close()
    second = moving.move()
    kept = load_session(session_path(app.dirs.saves))
    assert kept is not None and kept["url"] == moving.first.url and kept["seat"] == 1
    yield app, second, code
    app.stack.clear()


def seat_holder(server: ThreadServer, code: str) -> int:
    """The connections seated at seat 1 of the game (its token's seat), as the server sees them."""
    def count() -> int:
        table = server.server.tables[server.server.codes[code]]
        return sum(1 for c in server.server.watchers.get(table.id, ()) if c.seat == 1)
    return int(server.call(count))


def test_continue_asks_for_the_new_address_and_the_token_takes_the_seat_back(moved):
    app, second, code = moved
    token = load_session(session_path(app.dirs.saves))["token"]
    press(app, "return")                                  # Continue, on top of the title menu
    sc = app.stack.top
    assert isinstance(sc, ContinueOnlineScene)
    until(app, lambda: bool(sc.error), 20, "no server at the old address")
    assert "No game server answers at 127.0.0.1:" in sc.error
    assert [i.value for i in sc.menu.items] == ["again", "address", "forget", "back"]
    press(app, "down")                                    # the Server address row, the old address in it
    assert sc.menu.current.value == "address" and sc.address.value.startswith("127.0.0.1:")
    app.render()
    press(app, *["backspace"] * len(sc.address.value))
    type_text(app, "nowhere/at all")
    press(app, "return")
    assert "is not an address" in sc.error and sc.connector is None
    press(app, *["backspace"] * len(sc.address.value))
    type_text(app, f"127.0.0.1:{second.port}")
    press(app, "return")                                  # Enter in the row tries it
    until(app, lambda: online_board(app), 20, "back at the board")
    board = app.stack.top
    assert board.seats.link.seat == 1 and board.seats.side == "r"
    until(app, lambda: seat_holder(second, code) == 1, 10, "seated at the new server")
    kept = load_session(session_path(app.dirs.saves))
    assert kept["url"] == second.url and kept["token"] == token     # the new address is kept for next time


def test_join_with_the_code_at_the_new_address_gives_the_seat_back_not_every_seat_taken(moved):
    app, second, code = moved
    press(app, "down", "down", "down", "down", "return")  # Title > Play online
    join_screen(app, f"127.0.0.1:{second.port}", code)
    until(app, lambda: online_board(app), 20, "back at the board")
    board = app.stack.top
    assert board.seats.link.seat == 1
    until(app, lambda: seat_holder(second, code) == 1, 10, "seated at the new server")
    assert load_session(session_path(app.dirs.saves))["url"] == second.url


def test_without_this_machines_seat_a_full_game_still_says_every_seat_is_taken(moved):
    app, second, code = moved
    forget_session(app.dirs.saves)
    press(app, "down", "down", "down", "down", "return")
    sc = join_screen(app, f"127.0.0.1:{second.port}", code)
    until(app, lambda: bool(sc.error), 20, "the refusal")
    assert sc.error == ERROR_WORDS["no_free_seat"]


def test_join_at_the_kept_address_of_a_full_game_takes_this_machines_seat_back(moved):
    """The same address (Join used instead of Continue): the game is full, and one seat is ours."""
    app, second, code = moved
    path = session_path(app.dirs.saves)
    path.write_text(_at(path.read_text(), second.url))    # as Continue keeps it once seated there
    assert load_session(path)["url"] == second.url
    press(app, "down", "down", "down", "down", "return")
    sc = join_screen(app, f"127.0.0.1:{second.port}", code)
    until(app, lambda: online_board(app) or bool(sc.error), 20, "back at the board")
    assert sc.error == "" and app.stack.top.seats.link.seat == 1
    until(app, lambda: seat_holder(second, code) == 1, 10, "seated at the new server")


def _at(text: str, url: str) -> str:
    """The kept session with another server address."""
    return "\n".join(f"url: {url}" if line.startswith("url:") else line for line in text.splitlines()) + "\n"


# ------------------------------------------------------------------ from the table or the waiting room
def _new_address_from_continue(app, second: ThreadServer) -> None:
    """On Continue opened for a new address: the row is ready, the old address is not tried; type the
    new one and Enter."""
    sc = app.stack.top
    assert isinstance(sc, ContinueOnlineScene) and sc.connector is None
    assert sc.menu.current.value == "address" and "Type its new address" in sc.error
    press(app, *["backspace"] * len(sc.address.value))
    type_text(app, f"127.0.0.1:{second.port}")
    press(app, "return")


def _new_address_from_the_menu(app, value: str, second: ThreadServer) -> None:
    """Esc, the menu's entry ``value`` (the new address; it must be there), then the new address given."""
    press(app, "escape")
    menu = app.stack.top
    values = [i.value for i in menu.menu.items]
    assert value in values
    menu.menu.index = values.index(value)
    press(app, "return")
    _new_address_from_continue(app, second)


def test_at_the_board_a_guest_whose_server_moved_gives_its_new_address_and_plays_on(make_app, moving):
    code = moving.jayden_game()
    app = at_the_board(make_app, moving.first, code)
    board = app.stack.top
    press(app, "escape")                                # connected: the menu has no such entry
    assert "new-address" not in [i.value for i in app.stack.top.menu.items]
    press(app, "escape")
    assert app.stack.top is board
    moving.host.close()
    until(app, lambda: "(lost)" in board.seats.seat_name(0), 15, "the host away")
    assert board.seats.state()[0][0].startswith("Green (Lori, lost) to act")     # one pair of brackets
    second = moving.move()                              # the server goes; it comes back elsewhere
    until(app, lambda: board.seats.why_not_now().startswith("Not connected"), 20, "the lost connection")
    assert board.seats.why_not_now() == "Not connected to the server: reconnecting. Moved? Esc: new address."
    assert "Server moved? Esc: new address" in [text for text, _ in board.seats.notes()]   # the status line
    _new_address_from_the_menu(app, "new-address", second)
    until(app, lambda: online_board(app), 20, "back at the board")
    assert app.stack.top.seats.link.seat == 1 and app.stack.top.seats.link.url == second.url
    until(app, lambda: seat_holder(second, code) == 1, 10, "seated at the new server")
    assert load_session(session_path(app.dirs.saves))["url"] == second.url
    app.stack.clear()


def test_in_the_waiting_room_a_guest_whose_server_moved_gives_its_new_address(make_app, moving):
    code = moving.jayden_game(sit=False)                # the host has not sat down: the room waits
    moving.host.close()
    app = open_online(make_app)
    join_screen(app, f"127.0.0.1:{moving.first.port}", code)
    until(app, lambda: type(app.stack.top).__name__ == "LobbyScene", 20, "the waiting room")
    lobby = app.stack.top
    seat = lobby.link.seat
    assert seat is not None
    press(app, "return")                                  # connected: Enter does nothing of the kind
    assert app.stack.top is lobby
    second = moving.move()
    until(app, lambda: lobby.lost and lobby.link.net.state != "connected", 20, "the lost connection")
    app.render()
    drawn = drawn_text(app)
    assert "It moved? Enter: give its new address." in " ".join(drawn)
    assert "reconnecting" in drawn and "connected \u2713" not in drawn     # our seat is not shown connected
    press(app, "return")
    _new_address_from_continue(app, second)
    until(app, lambda: type(app.stack.top).__name__ == "LobbyScene" and app.stack.top is not lobby, 20,
          "the waiting room again")
    again = app.stack.top
    assert again.link.seat == seat and again.link.url == second.url
    app.stack.clear()


def test_at_the_card_table_a_guest_whose_server_moved_gives_its_new_address(make_app, moving):
    from jayden_jazz.scenes.cards.table import CardsTableScene
    from jayden_jazz.scenes.online import moved
    from tests.scenes.test_online_cards import screen_at_table

    app, table, created = screen_at_table(make_app, moving.first, moving.host)
    moving.host.close()
    second = moving.move()
    until(app, lambda: table.controller.messages.text == moved.HINT, 20, "the lost connection said, with the way out")
    _new_address_from_the_menu(app, moved.VALUE, second)
    until(app, lambda: isinstance(app.stack.top, CardsTableScene) and app.stack.top is not table, 20,
          "back at the card table")
    assert app.stack.top.online.link.seat == 1 and app.stack.top.online.link.url == second.url
    until(app, lambda: seat_holder(second, created["code"]) == 1, 10, "seated at the new server")
    app.stack.clear()


def test_only_a_players_seat_on_a_server_elsewhere_whose_connection_is_down_is_offered_a_new_address():
    from types import SimpleNamespace

    from jayden_jazz.scenes.online import moved

    def link(state: str, seat: int | None = 1, hosting: object = None):
        return Link(SimpleNamespace(state=state), "ws://127.0.0.1:9", "g", "CODE", seat,  # type: ignore[arg-type]
                      hosting=hosting)  # type: ignore[arg-type]
    assert moved.offered(link("reconnecting")) and moved.items(link("reconnecting"))[0].value == moved.VALUE
    assert not moved.offered(link("connected")) and moved.items(link("connected")) == []
    assert not moved.offered(link("reconnecting", seat=None))                  # watching: nothing kept
    assert not moved.offered(link("reconnecting", hosting=object()))           # this machine's own server
