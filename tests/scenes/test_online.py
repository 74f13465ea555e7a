"""Play online through the screens: host, join by code, find on the network, play Jayden to the end,
connection trouble. Every server here listens on 127.0.0.1 port 0 and every client connects only there
(a headless game hosts on loopback: ``OnlineConfig(local=True)``)."""

from __future__ import annotations

import random
import socket
import time

import pytest

from jayden_jazz.jayden import Action
from jayden_jazz.net.discovery import HostedGame
from jayden_jazz.net.protocol import VERSION
from jayden_jazz.online.announce import Announcement
from jayden_jazz.online.session import load_session, session_path
from jayden_jazz.scenes.online.find import FindScene
from jayden_jazz.scenes.online.host import HostScene
from jayden_jazz.scenes.jayden.board import JaydenScene
from jayden_jazz.scenes.online.join import JoinScene
from jayden_jazz.scenes.online.lobby import LobbyScene
from jayden_jazz.scenes.jayden.render import square_rect
from tests.helpers import click, press, step
from tests.net.conftest import FAST, ThreadServer, client, expect, pick


@pytest.fixture
def fast_server(make_app):
    """Hosted servers without the rate limit a person never reaches, and a short seat timeout."""
    make_app.online(server_args=("--rate", "2000", "--seat-timeout", "1"))


@pytest.fixture
def loop_server(tmp_path):
    s = ThreadServer(tmp_path / "data", FAST)
    yield s
    s.stop()


def until(app, test, seconds: float = 30.0, what: str = "") -> None:
    """Run frames (with a little real time for the network) until ``test()``; bounded."""
    end = time.monotonic() + seconds
    while not test():
        if time.monotonic() > end:
            raise AssertionError(f"not in {seconds} s: {what or test}; top is {app.stack.top!r}")
        step(app, 1)
        time.sleep(0.003)


def type_text(app, text: str) -> None:
    """Typed as a keyboard does: each key with the character it gives (V types v, not the card view)."""
    import pygame

    from jayden_jazz.shell.input import key_code
    for ch in text:
        code = key_code("space" if ch == " " else ch.lower())
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=ch, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))
        step(app, 1)


def open_online(make_app):
    app = make_app()
    app.settings["animation"] = "instant"
    app.stack.clear()
    app.stack.push(app.scene("menu"))
    app.stack.push(app.scene("online"))
    step(app, 2)
    return app


def host_game(app) -> LobbyScene:
    press(app, "return")                            # Host a game
    assert isinstance(app.stack.top, HostScene)
    press(app, "return")                            # the cursor starts on Start hosting
    until(app, lambda: isinstance(app.stack.top, LobbyScene), 40, "the waiting room")
    lobby = app.stack.top
    assert lobby.link.is_host and lobby.link.url.startswith("ws://127.0.0.1:")
    return lobby


def play_screen_turn(app, sc: JaydenScene, v: dict, rng: random.Random) -> None:
    """The person at the screen: click a piece with a legal action (of view ``v``), then its target."""
    attacks = [a for a in v["legal"] if "-" not in a]
    act = Action.from_text(rng.choice(attacks) if attacks and rng.random() < 0.8 else rng.choice(v["legal"]))
    for sq in (act.src, act.dst):
        r = square_rect(sq, sc.flip)
        click(app, r.centerx, r.centery)
    assert sc.seats.sent_ply == v["ply"] or sc.seats.view_msg["ply"] > v["ply"], sc.messages.text


def test_host_a_game_join_by_code_and_play_jayden_to_the_end(make_app, fast_server):
    app = open_online(make_app)
    lobby = host_game(app)
    code = lobby.link.code
    assert len(code) == 6
    app.render()
    guest = client(lobby.link.url, "Guest")
    try:
        guest.join(code)
        joined = expect(guest, "joined")
        assert joined["seat"] == 1
        until(app, lambda: isinstance(app.stack.top, JaydenScene), 20, "the board")
        sc = app.stack.top
        assert sc.seats.side == "g" and not sc.flip
        rng = random.Random(5)
        end = time.monotonic() + 120
        guest_acted = -1
        while True:
            assert time.monotonic() < end, "the game did not finish in time"
            step(app, 1)
            time.sleep(0.002)
            for _ in guest.poll():
                pass
            v, gv = sc.seats.view_msg, guest.view
            if v["status"] == "over" and gv is not None and gv["status"] == "over":
                break
            if gv and gv["status"] == "playing" and gv["to_move"] == 1 and guest.pending is None \
                    and gv["ply"] > guest_acted:
                guest_acted = gv["ply"]
                guest.send_action(pick(gv, rng), gv["ply"])
            if v["status"] == "playing" and v["to_move"] == 0 and v["legal"] and sc.seats.why_not_now() == "" \
                    and sc.seats.shown is v:
                play_screen_turn(app, sc, v, rng)
        until(app, lambda: sc.end_shown, 10, "the end shown")
        # the screen shows exactly the server's game
        assert [a.text() for a in sc.pos.history] == [e["action"] for e in guest.view["log"]]
        assert sc.pos.jpn() == guest.view["board"]["jpn"]
        assert sc.pos.result is not None
        stats = (app.dirs.data / "statistics.yaml")
        assert stats.exists() and "jayden" in stats.read_text()
        hosting = sc.seats.link.hosting
        app.back_to("menu")
        assert hosting is not None and hosting.wait_stopped(15) and not hosting.running   # leaving stops it
    finally:
        guest.close()


def test_opponent_drop_shows_waiting_with_a_counter_and_recovers(make_app, fast_server):
    app = open_online(make_app)
    lobby = host_game(app)
    guest = client(lobby.link.url, "Guest")
    guest.join(lobby.link.code)
    expect(guest, "joined")
    token = guest.session["token"]
    until(app, lambda: isinstance(app.stack.top, JaydenScene), 20, "the board")
    sc = app.stack.top
    guest.close()
    until(app, lambda: any("Guest lost connection - waiting" in t for t, _ in sc.notes()), 15, "the waiting note")
    # after the server's wait (1 s here) the host is asked what to do; keep waiting is the first answer
    until(app, lambda: app.stack.top is not sc, 15, "the host's question")
    assert "Player away" == app.stack.top.title
    app.render()
    press(app, "return")                              # Keep waiting
    assert app.stack.top is sc
    back = client(lobby.link.url, "Guest")
    try:
        back.join(lobby.link.game, token=token)
        expect(back, "joined")
        until(app, lambda: not any("lost connection" in t for t, _ in sc.notes()), 15, "the note gone")
        assert "Guest is back" in sc.messages.text
    finally:
        back.close()
        app.stack.clear()


def test_the_host_may_end_an_abandoned_game(make_app, fast_server):
    app = open_online(make_app)
    lobby = host_game(app)
    guest = client(lobby.link.url, "Guest")
    guest.join(lobby.link.code)
    expect(guest, "joined")
    until(app, lambda: isinstance(app.stack.top, JaydenScene), 20, "the board")
    sc = app.stack.top
    guest.close()
    until(app, lambda: app.stack.top is not sc, 15, "the host's question")
    press(app, "down", "down", "return")             # End the game as abandoned ...
    assert app.stack.top.menu.index == 1              # ... asks first, No highlighted
    press(app, "up", "return")
    until(app, lambda: sc.seats.view_msg["status"] == "abandoned", 10, "abandoned")
    until(app, lambda: sc.end_shown, 5)
    assert "abandoned" in sc.seats.state()[1][0]
    from jayden_jazz.statistics import Statistics, stats_path
    total = Statistics.load(stats_path(app)).games["jayden"].total
    assert total.played == 0 and total.abandoned == 1          # recorded as abandoned, not won or lost
    assert not session_path(app.dirs.saves).exists()                   # Continue no longer offers it
    app.stack.clear()


def join_screen(app, address: str, code: str) -> JoinScene:
    press(app, "down", "return")                      # Join a game
    sc = app.stack.top
    assert isinstance(sc, JoinScene)
    if sc.focused != "address":                       # another app of the test joined first: its values are kept
        sc.fields["address"].set("")
        sc.fields["code"].set("")
        sc.focus = list(sc.rows).index("address")
    type_text(app, address)
    press(app, "return")
    type_text(app, code)
    press(app, "return")                              # to Join
    assert sc.focused == "join"
    press(app, "return")
    return sc


def test_join_by_code_through_the_screen_and_wrong_code(make_app, loop_server):
    host = client(loop_server.url, "Host")
    try:
        created = (host.create("jayden", {}, [{"kind": "human"}, {"kind": "human"}]), expect(host, "created"))[1]
        host.join(created["game"], seat=0)
        expect(host, "joined")
        app = open_online(make_app)
        sc = join_screen(app, f"127.0.0.1:{loop_server.port}", "ZZZZZZ")
        until(app, lambda: bool(sc.error), 15, "an error")
        assert "no game with that code" in sc.error
        app.render()
        assert sc.connector is None and app.stack.top is sc
        sc.fields["code"].set(created["code"].lower())
        sc.focus = list(sc.rows).index("join")
        press(app, "return")
        until(app, lambda: isinstance(app.stack.top, JaydenScene), 15, "joined")   # both seats taken
        board = app.stack.top
        assert board.seats.side == "r" and board.flip
        until(app, lambda: board.seats.view_msg is not None, 5)
        board.press(0)                                # not our turn: refused, with why
        assert "is to act; their action will show here" in board.messages.text
        app.stack.clear()
    finally:
        host.close()


def test_join_errors_no_server_bad_address_and_protocol_version(make_app, loop_server, monkeypatch):
    app = open_online(make_app)
    sc = join_screen(app, "bad/address", "ABCDEF")
    assert "is not an address" in sc.error and sc.focused == "address"
    with socket.socket() as s:                        # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        free = s.getsockname()[1]
    make_app.online(connect_ticks=60)
    sc.fields["address"].set(f"127.0.0.1:{free}")
    sc.focus = list(sc.rows).index("join")
    press(app, "return")
    until(app, lambda: bool(sc.error), 20, "no server")
    assert "No game server answers at 127.0.0.1:" in sc.error
    make_app.online(client_options={"version": VERSION + 1})
    sc.fields["address"].set(f"127.0.0.1:{loop_server.port}")
    press(app, "return")
    until(app, lambda: bool(sc.error), 15, "version refused")
    assert "different protocol versions" in sc.error
    app.stack.clear()


class FakeFinder:
    def __init__(self) -> None:
        self.listed: list[HostedGame] = []
        self.closed = False

    def games(self) -> list[HostedGame]:
        return list(self.listed)

    def close(self) -> None:
        self.closed = True


def test_find_lists_games_live_and_enter_joins(make_app, loop_server, monkeypatch):
    finder = FakeFinder()
    make_app.online(finder=lambda: finder)
    host = client(loop_server.url, "Host")
    try:
        host.create("jayden", {}, [{"kind": "human"}, {"kind": "human"}])
        created = expect(host, "created")
        host.join(created["game"], seat=0)
        expect(host, "joined")
        app = open_online(make_app)
        app.settings["player_name"] = "Lori"             # the name from Host or Join goes with Find too
        press(app, "down", "down", "return")
        sc = app.stack.top
        assert isinstance(sc, FindScene) and sc.games == []
        finder.listed = [HostedGame("Jazz's machine", "127.0.0.1", loop_server.port, "jayden", created["code"], 1,
                                    VERSION)]
        until(app, lambda: len(sc.games) == 1, 5, "the list updated")
        finder.listed.append(HostedGame("Lori", "127.0.0.1", loop_server.port, "cards", "P3XR8D", 0, VERSION))
        until(app, lambda: len(sc.games) == 2, 5, "the list updated")
        assert [i.enabled for i in sc.menu.items] == [True, True]         # a full game can be watched
        app.render()
        press(app, "return")
        until(app, lambda: isinstance(app.stack.top, JaydenScene), 15, "joined from the list")
        assert finder.closed
        until(app, lambda: host.view is not None and host.view["seats"][1]["name"] == "Lori", 10, "the name sent")
        app.stack.clear()
    finally:
        host.close()


def test_our_own_connection_lost_shows_reconnecting_and_the_game_resumes(make_app, tmp_path):
    from tests.net.conftest import ProcessServer

    data = tmp_path / "data"
    proc = ProcessServer(data)
    host = client(proc.url, "Host")
    try:
        host.create("jayden", {}, [{"kind": "human"}, {"kind": "human"}])
        created = expect(host, "created")
        host.join(created["game"], seat=0)
        expect(host, "joined")
        app = open_online(make_app)
        join_screen(app, f"127.0.0.1:{proc.port}", created["code"])
        until(app, lambda: isinstance(app.stack.top, JaydenScene), 20, "the board")
        sc = app.stack.top
        proc.kill()
        until(app, lambda: sc.seats.presence.own_lost, 15, "the lost connection noticed")
        assert sc.notes()[0][0].startswith("Reconnecting")
        app.render()
        assert sc.seats.why_not_now().startswith("Not connected to the server")
        proc = ProcessServer(data, proc.port)          # the same port and data folder
        until(app, lambda: not sc.seats.presence.own_lost and sc.seats.view_msg is not None
              and sc.seats.view_msg["status"] == "playing",
              30, "reconnected")
        until(app, lambda: host.state == "connected" and host.view is not None and host.view["to_move"] == 0, 30)
        first = host.view["legal"][0]
        host.send_action(first, host.view["ply"])
        until(app, lambda: [a.text() for a in sc.pos.history] == [first], 15, "the host's action shown")
        app.stack.clear()
    finally:
        host.close()
        proc.stop()


def test_continue_offers_an_unfinished_online_game_and_rejoins_the_seat(make_app, loop_server):
    from jayden_jazz.scenes.resume import latest_to_continue

    host = client(loop_server.url, "Host")
    try:
        host.create("jayden", {}, [{"kind": "human"}, {"kind": "human"}])
        created = expect(host, "created")
        host.join(created["game"], seat=0)
        expect(host, "joined")
        app = open_online(make_app)
        join_screen(app, f"127.0.0.1:{loop_server.port}", created["code"])
        until(app, lambda: isinstance(app.stack.top, JaydenScene), 20, "the board")
        kept = load_session(session_path(app.dirs.saves))
        assert kept is not None and kept["game"] == created["game"] and kept["seat"] == 1
        sc = app.stack.top
        press(app, "escape")
        press(app, "up", "return")                    # Leave the game ...
        assert app.stack.top.menu.index == 1          # ... asks first, No highlighted
        press(app, "up", "return")
        until(app, lambda: type(app.stack.top).__name__ == "TitleScene", 5)
        assert sc.seats.link.net.state == "closed"
        u = latest_to_continue(app.dirs.saves)
        assert u is not None and u.game == "online"
        title = app.stack.top
        title._refresh_continue()
        assert title.menu.items[0].enabled and title.menu.index == 0
        press(app, "return")                          # Continue
        until(app, lambda: isinstance(app.stack.top, JaydenScene), 20, "back at the board")
        again = app.stack.top
        assert again.seats.link.seat == 1 and again.seats.side == "r"
        until(app, lambda: host.view is not None and host.view["seats"][1]["connected"], 10)
        app.stack.clear()
    finally:
        host.close()


def test_a_damaged_session_file_is_not_offered(make_app, tmp_path):
    app = make_app()
    path = session_path(app.dirs.saves)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("game: [1, 2\n", encoding="utf-8")
    assert load_session(path) is None
    path.write_text("kind: jayden\nurl: http://x\ngame: g\ncode: C\nseat: 0\ntoken: t\nsaved: s\n", encoding="utf-8")
    assert load_session(path) is None               # not a WebSocket address
    from jayden_jazz.scenes.resume import latest_to_continue
    assert latest_to_continue(app.dirs.saves) is None


def test_the_host_may_give_an_away_seat_to_the_computer_and_the_game_goes_on(make_app, fast_server):
    app = open_online(make_app)
    lobby = host_game(app)
    leave = lobby.leave_rect                        # the waiting room can be left by mouse too: it asks first
    click(app, leave.centerx, leave.centery)
    assert app.stack.top.title == "Leave?" and app.stack.top.menu.index == 1
    press(app, "return")                            # No, wait
    assert app.stack.top is lobby
    guest = client(lobby.link.url, "Guest")
    guest.join(lobby.link.code)
    expect(guest, "joined")
    until(app, lambda: isinstance(app.stack.top, JaydenScene), 20, "the board")
    sc = app.stack.top
    guest.close()
    until(app, lambda: app.stack.top is not sc, 15, "the host's question")
    press(app, "down", "return")                    # The computer plays their seat
    until(app, lambda: sc.seats.view_msg["seats"][1]["kind"] == "computer" and not sc.seats.presence.away, 10,
          "the seat given")
    assert not any("lost connection" in t for t, _ in sc.notes())
    rng = random.Random(1)
    until(app, lambda: sc.seats.why_not_now() == "" and sc.seats.shown is sc.seats.view_msg, 10)
    v = sc.seats.view_msg
    play_screen_turn(app, sc, v, rng)
    until(app, lambda: sc.seats.view_msg["ply"] >= 1, 10)
    if sc.seats.view_msg["to_move"] == 0:                 # a turn is two actions
        until(app, lambda: sc.seats.why_not_now() == "" and sc.seats.shown is sc.seats.view_msg, 10)
        play_screen_turn(app, sc, sc.seats.view_msg, rng)
    until(app, lambda: sc.seats.view_msg["to_move"] == 0 and sc.seats.view_msg["ply"] >= 4, 60, "the computer's turn")
    assert any(e["seat"] == 1 for e in sc.seats.view_msg["log"])
    app.stack.clear()


def test_continue_into_a_game_abandoned_meanwhile_shows_its_end_and_forgets_it(make_app, loop_server):
    host = client(loop_server.url, "Host")
    try:
        host.create("jayden", {}, [{"kind": "human"}, {"kind": "human"}])
        created = expect(host, "created")
        host.join(created["game"], seat=0)
        expect(host, "joined")
        app = open_online(make_app)
        join_screen(app, f"127.0.0.1:{loop_server.port}", created["code"])
        until(app, lambda: isinstance(app.stack.top, JaydenScene), 20, "the board")
        app.back_to("menu")                           # left without finishing: kept for Continue
        time.sleep(0.6)                               # the test server's seat timeout
        host.host(created["game"], created["host_token"], "abandon")
        expect(host, "ack")
        press(app, "return")                          # Continue
        until(app, lambda: isinstance(app.stack.top, JaydenScene) or
              (app.stack.top.title == "Abandoned" if hasattr(app.stack.top, "title") else False), 20)
        until(app, lambda: getattr(app.stack.top, "title", "") == "Abandoned", 10, "the end shown")
        assert not session_path(app.dirs.saves).exists()
        app.stack.clear()
    finally:
        host.close()


def test_the_announcement_runs_beside_the_frame_loop_and_stays_as_full_until_closed(monkeypatch):
    """No network: the mDNS advertiser is a stand-in that records what it was asked."""
    from jayden_jazz.net import discovery

    made: list = []

    class FakeAdvertiser:
        def __init__(self, game, addresses) -> None:
            self.game, self.addresses, self.closed = game, list(addresses), False
            made.append(self)

        def update(self, game) -> None:
            self.game = game

        def close(self) -> None:
            self.closed = True

    monkeypatch.setattr(discovery, "Advertiser", FakeAdvertiser)
    monkeypatch.setattr(discovery, "lan_addresses", lambda: ["127.0.0.2"])
    a = Announcement()
    a.update("Jazz's laptop", 8765, "jayden", "K7QW2M", 1)
    a.update("Jazz's laptop", 8765, "jayden", "K7QW2M", 1)        # once is enough
    end = time.monotonic() + 5
    while a._ad is None and time.monotonic() < end:
        time.sleep(0.01)
    assert len(made) == 1 and made[0].game.code == "K7QW2M" and made[0].addresses == ["127.0.0.2"]
    a.update("Jazz's laptop", 8765, "jayden", "K7QW2M", 0)        # the last seat is taken: listed as full
    end = time.monotonic() + 5
    while made[0].game.seats_free != 0 and time.monotonic() < end:
        time.sleep(0.01)
    assert made[0].game.seats_free == 0 and made[0].game.code == "K7QW2M" and not made[0].closed and len(made) == 1
    a.close()                                                       # the host left
    assert made[0].closed and a._ad is None
    a.update("Jazz's laptop", 8765, "jayden", "K7QW2M", 1)
    assert len(made) == 1
    off = Announcement(enabled=False)
    off.update("x", 8765, "jayden", "K7QW2M", 1)
    assert len(made) == 1


def test_the_other_players_action_is_shown_selected_then_played_with_its_steps(make_app, loop_server):
    host = client(loop_server.url, "Host")
    try:
        host.create("jayden", {}, [{"kind": "human"}, {"kind": "human"}])
        created = expect(host, "created")
        host.join(created["game"], seat=0)
        expect(host, "joined")
        app = open_online(make_app)
        app.settings["animation"] = "normal"
        join_screen(app, f"127.0.0.1:{loop_server.port}", created["code"])
        until(app, lambda: isinstance(app.stack.top, JaydenScene), 20, "the board")
        sc = app.stack.top
        until(app, lambda: host.view is not None and host.view["status"] == "playing", 10)
        first = host.view["legal"][0]
        act = Action.from_text(first)
        host.send_action(first, host.view["ply"])
        until(app, lambda: sc.table.selected == act.src, 10, "the piece shown selected first")
        assert sc.pos.history == [] and sc.seats.follower.incoming    # not yet played on the board
        app.render()
        until(app, lambda: len(sc.pos.history) == 1, 5, "then played")
        assert sc.table.step is not None                       # ... with its steps
        until(app, lambda: not sc.seats.follower.busy, 5)
        assert [a.text() for a in sc.pos.history] == [first]
        app.stack.clear()
    finally:
        host.close()
