"""The card game online through the screens: host a card game, each player picks their own hand on
their own machine, Random hands dealt by the server, computer seats. Servers listen on 127.0.0.1
port 0 only (a headless game hosts on loopback)."""

from __future__ import annotations

import pytest

from jayden_jazz.online.session import load_session, session_path
from jayden_jazz.scenes.online import host_cards as HC
from jayden_jazz.scenes.cards.hands import HandChoiceScene
from jayden_jazz.scenes.online.host import HostScene
from jayden_jazz.scenes.online.lobby import LobbyScene
from tests.helpers import ctrl, press
from tests.net.conftest import client, expect
from tests.net.test_play import catalog_ids
from tests.scenes.test_online import join_screen, open_online, until


@pytest.fixture
def fast_server(make_app):
    """Hosted servers without the rate limit a person never reaches, and a short seat timeout."""
    make_app.online(server_args=("--rate", "2000", "--seat-timeout", "1"))


def host_cards(app, **choices: int) -> LobbyScene:
    """Host > Game: Card game, then the given option indices, then Start hosting."""
    press(app, "return")
    sc = app.stack.top
    assert isinstance(sc, HostScene)
    press(app, "up", "up", "up", "up", "up")         # from Start hosting up past Hints and the Jayden rows to Game
    assert sc.menu.items[sc.menu.index].value == "game"
    press(app, "right")
    assert sc.kind == "cards"
    for key, index in choices.items():
        sc.menu.index = [i.value for i in sc.menu.items].index(key)
        for _ in range(index):
            press(app, "right")
    sc.menu.index = len(sc.menu.items) - 2
    press(app, "return")
    until(app, lambda: isinstance(app.stack.top, (LobbyScene, HandChoiceScene)), 40, "the waiting room")
    lobby = next(s for s in app.stack if isinstance(s, LobbyScene))
    assert lobby.link.is_host and lobby.link.kind == "cards"
    return lobby


def test_the_card_options_make_the_create_message():
    setup, seats = HC.cards_create({"preset": 1, "field": 0, "open": 0, "random": 0, "players": 2, "others": 2,
                                    "fill": 1})
    assert setup == {"rules": {"preset": "draft", "open": True, "random": False}, "field": "5x5"}   # 4 players: 5x5
    assert seats == [{"kind": "human"}, {"kind": "human"}, {"kind": "computer", "level": "normal"},
                     {"kind": "computer", "level": "normal"}]
    assert HC.shown("field", {"field": 0, "players": 2}) == "5x5 (3x3 is for 2)"
    setup, seats = HC.cards_create({})
    assert setup["field"] == "3x3" and setup["rules"]["open"] is True and seats == [{"kind": "human"}] * 2
    setup, _ = HC.cards_create({"open": 1, "hand_rules": 7, "random": 1})
    assert setup["rules"] == {"preset": "updated", "open": False, "random": True, "three_open": True,
                              "hand_swap": True, "chaos": True}
    assert HC.shown("hand_rules", {"hand_rules": 4}) == "Three Open + Hand Swap"


def test_host_a_card_game_pick_a_hand_on_the_screen_and_the_guest_sends_theirs(make_app, fast_server):
    app = open_online(make_app)
    lobby = host_cards(app)
    until(app, lambda: isinstance(app.stack.top, HandChoiceScene), 20, "the hand picker")
    picker = app.stack.top
    assert picker.seat == 0 and picker.size == 5 and picker.rules.open
    app.render()
    press(app, "escape")                             # back to the waiting room: nothing sent
    assert app.stack.top is lobby and lobby.hand_sent is None and lobby.needs_hand()
    press(app, "return")                             # Enter opens the picker again
    picker = app.stack.top
    assert isinstance(picker, HandChoiceScene)
    ctrl(app, "r")
    press(app, "return")                        # Random hand, Done
    assert app.stack.top is lobby and lobby.hand_sent is not None and len(lobby.hand_sent) == 5
    mine = list(lobby.hand_sent)
    guest = client(lobby.link.url, "Guest")
    try:
        guest.join(lobby.link.code)
        assert expect(guest, "joined")["seat"] == 1
        bad = [mine[0]] * 5
        guest.choose_hand(bad)                       # refused in plain words: one copy of each card
        assert "one copy" in expect(guest, "error")["message"]
        theirs = [c for c in picker.pool if c not in mine][:5]
        guest.choose_hand(theirs)
        expect(guest, "ack")
        until(app, lambda: (lobby.view or {}).get("status") == "playing", 20, "the game started")
        v = lobby.view
        assert v["kind"] == "cards" and v["board"]["hands"][0] == mine and v["board"]["hands"][1] == theirs  # Open
        app.render()
        assert load_session(session_path(app.dirs.saves))["kind"] == "cards"      # kept for Continue
        app.stack.clear()
    finally:
        guest.close()


def test_random_hands_are_dealt_and_a_computer_takes_the_third_seat(make_app, fast_server):
    from jayden_jazz.scenes.cards.table import CardsTableScene
    from jayden_jazz.tables.cards.flow import Phase

    app = open_online(make_app)
    lobby = host_cards(app, random=1, players=1, others=2, fill=1)   # 3 players: guest, computer Normal
    until(app, lambda: lobby.view is not None and lobby.view["seats"][2]["kind"] == "computer", 20, "the view")
    v = lobby.view
    assert v["setup"]["field"]["name"] == "5x5" and v["setup"]["rules"].get("random")
    assert not lobby.needs_hand() and app.stack.top is lobby          # nobody picks under Random
    guest = client(lobby.link.url, "Guest")
    try:
        guest.join(lobby.link.code)
        expect(guest, "joined")
        until(app, lambda: isinstance(app.stack.top, CardsTableScene), 20, "the card table")
        table = app.stack.top
        sent = [-1]

        def our_turn() -> bool:
            gv = guest.view
            if gv["to_move"] == 1 and guest.pending is None and gv["ply"] > sent[0]:
                sent[0] = gv["ply"]
                guest.send_action(gv["legal"][0], gv["ply"])          # the guest plays its turns
            g = table.controller.game
            return table.phase == Phase.TURN and g.to_move == 0 and gv["ply"] == len(g.history)
        until(app, our_turn, 30, "our turn")
        dealt = guest.view["board"]["hands"]
        assert [list(table.controller.game.hand_ids(s)) for s in range(3)] == dealt and None not in dealt[1] + dealt[2]
        app.stack.clear()
    finally:
        guest.close()


def test_hidden_hands_and_the_hand_rules_are_hosted(make_app, fast_server):
    app = open_online(make_app)
    lobby = host_cards(app, open=1, hand_rules=4, random=1)          # Hidden, Three Open + Hand Swap, Random
    until(app, lambda: lobby.view is not None, 20, "the view")
    rules = lobby.view["setup"]["rules"]
    assert not rules["open"] and rules.get("three_open") and rules.get("hand_swap") and rules.get("random")
    app.render()
    app.stack.clear()


def test_joining_a_card_game_by_code_goes_to_its_waiting_room_and_picker(make_app, fast_server, tmp_path):
    from tests.net.conftest import FAST, ThreadServer
    server = ThreadServer(tmp_path / "data", FAST)
    host = client(server.url, "Host")
    try:
        host.create("cards", {"rules": {"preset": "updated"}, "field": "3x3"}, [{"kind": "human"}, {"kind": "human"}])
        created = expect(host, "created")
        app = open_online(make_app)
        join_screen(app, f"127.0.0.1:{server.port}", created["code"])
        until(app, lambda: isinstance(app.stack.top, HandChoiceScene), 20, "the hand picker")
        assert app.stack.top.seat in (0, 1)
        app.stack.clear()
    finally:
        host.close()
        server.stop()


def test_play_a_whole_two_player_open_card_game_through_the_table(make_app, fast_server):
    """The screen's seat plays with the table's commands; the guest (a bare client) plays from its view; the
    guest's placements are shown as steps here; the end is shown; the table matched the server throughout."""
    import random
    import time

    from jayden_jazz.scenes.cards.table import CardsTableScene
    from jayden_jazz.tables.cards.flow import Phase
    from tests.helpers import step

    app = open_online(make_app)
    app.settings["animation"] = "fast"                 # the steps are shown (instant would skip them)
    lobby = host_cards(app)
    random_hand(app)
    mine = list(lobby.hand_sent or [])
    guest = client(lobby.link.url, "Guest")
    rng = random.Random(3)
    try:
        guest.join(lobby.link.code)
        expect(guest, "joined")
        guest.choose_hand([c for c in catalog_ids() if c not in mine][:5])
        until(app, lambda: isinstance(app.stack.top, CardsTableScene), 20, "the card table")
        table = app.stack.top
        assert table.online is not None and table.online.seat == 0
        assert [list(table.controller.game.hand_ids(s)) for s in range(2)] == guest.view["board"]["hands"]
        steps_seen = False
        guest_acted = -1
        end = time.monotonic() + 90
        while not table.end_shown:
            assert time.monotonic() < end, "the game did not finish in time"
            step(app, 1)
            time.sleep(0.002)
            for _ in guest.poll():
                pass
            gv = guest.view
            steps_seen = steps_seen or (table.controller.show is not None and table.controller.caption is not None
                                        and table.controller.caption[1] == 1)
            if gv and gv["status"] == "playing" and gv["to_move"] == 1 and guest.pending is None \
                    and gv["ply"] > guest_acted:
                guest_acted = gv["ply"]
                guest.send_action(rng.choice(gv["legal"]), gv["ply"])
            if table.phase == Phase.TURN and table.controller.game.to_move == 0 and app.stack.top is table:
                legal = [str(a) for a in table.controller.game.legal_actions()]
                table.controller.play(0, table.controller.game.parse_action(rng.choice(legal)))
        assert table.online.problem == "" and table.online.refused == []
        until(app, lambda: (guest.view or {}).get("status") == "over", 10, "the server's end")
        res = guest.view["result"]
        assert table.controller.game.result().to_dict() == res
        assert len(table.controller.game.history) == guest.view["ply"]
        assert steps_seen                                  # the guest's placements were shown as steps
        from jayden_jazz.statistics import Statistics, stats_path
        total = Statistics.load(stats_path(app)).games["cards"].total
        assert total.played == 1 and total.won + total.drawn + total.lost == 1      # counted once, as offline
        hosting = table.online.link.hosting
        app.stack.clear()
        assert hosting is not None and hosting.wait_stopped(15) and not hosting.running
    finally:
        guest.close()


def test_three_seats_open_with_the_computer_in_the_others_plays_to_the_end(make_app, fast_server):
    """Open 5x5 for three: the screen's seat and two computer seats on the server, shown as remote seats."""
    import random
    import time

    from jayden_jazz.scenes.cards.table import CardsTableScene
    from jayden_jazz.tables.cards.flow import Phase
    from tests.helpers import step

    app = open_online(make_app)
    lobby = host_cards(app, players=1, others=1)         # 3 players, the others Computer - Easy
    random_hand(app)
    until(app, lambda: isinstance(app.stack.top, CardsTableScene), 30, "the card table")
    table = app.stack.top
    assert table.controller.game.players == 3 and table.controller.game.field.name == "5x5"
    assert [s["kind"] for s in lobby.view["seats"]] == ["human", "computer", "computer"]
    rng = random.Random(4)
    end = time.monotonic() + 120
    while not table.end_shown:
        assert time.monotonic() < end, "the game did not finish in time"
        step(app, 1)
        time.sleep(0.002)
        if table.phase == Phase.TURN and table.controller.game.to_move == 0 and app.stack.top is table:
            g = table.controller.game
            table.controller.play(0, g.parse_action(rng.choice([str(a) for a in g.legal_actions()])))
    net = table.online.link.net
    until(app, lambda: net.view["status"] == "over", 10, "the server's end")   # our last action may be in flight
    v = net.view
    assert table.online.problem == "" and table.online.refused == []
    assert table.controller.game.result().to_dict() == v["result"] and len(table.controller.game.history) == v["ply"]
    app.stack.clear()


def screen_joins_host(make_app, server, host, rules: dict):
    """``host`` (a bare client) makes a 3x3 card game under ``rules``, sits at seat 0 with a hand; the screen joins."""
    host.create("cards", {"rules": rules, "field": "3x3"}, [{"kind": "human"}, {"kind": "human"}])
    created = expect(host, "created")
    host.join(created["game"], seat=0)
    expect(host, "joined")
    host.choose_hand(catalog_ids()[:5])
    app = open_online(make_app)
    join_screen(app, f"127.0.0.1:{server.port}", created["code"])
    return app, created


def random_hand(app) -> None:
    """Once the hand picker opens: a random hand (Ctrl+R), Done."""
    until(app, lambda: isinstance(app.stack.top, HandChoiceScene), 20, "the hand picker")
    ctrl(app, "r")
    press(app, "return")


def screen_at_table(make_app, server, host):
    """:func:`screen_joins_host` for an Open game of the updated rules, then a random hand: the screen at
    seat 1 of its card table. Returns (app, table, created)."""
    from jayden_jazz.scenes.cards.table import CardsTableScene

    app, created = screen_joins_host(make_app, server, host, {"preset": "updated", "open": True})
    random_hand(app)
    until(app, lambda: isinstance(app.stack.top, CardsTableScene), 20, "the card table")
    return app, app.stack.top, created


def seat0_move(bot, rng, acted: int) -> int:
    """One poll of a bare client at seat 0: a random legal action once per turn. The last ply acted on."""
    for _ in bot.poll():
        pass
    bv = bot.view
    if bv and bv["status"] == "playing" and bv["to_move"] == 0 and bot.pending is None and bv["ply"] > acted:
        acted = bv["ply"]
        bot.send_action(rng.choice(bv["legal"]), bv["ply"])
    return acted


def play_until(app, table, guest, rng, done, seconds: float = 90.0) -> None:
    """The screen's seat 1 and the guest (a bare client at seat 0) play until ``done()``."""
    import time

    from jayden_jazz.tables.cards.flow import Phase
    from tests.helpers import step

    acted = -1
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, "not in time"
        step(app, 1)
        time.sleep(0.002)
        acted = seat0_move(guest, rng, acted)
        if table.phase == Phase.TURN and table.controller.game.to_move == 1 and app.stack.top is table:
            g = table.controller.game
            table.controller.play(1, g.parse_action(rng.choice([str(a) for a in g.legal_actions()])))


def test_continue_takes_up_an_open_card_game_where_it_stands_and_finishes_it(make_app, fast_server, tmp_path):
    import random

    from jayden_jazz.scenes.cards.table import CardsTableScene
    from jayden_jazz.scenes.resume import latest_to_continue
    from tests.net.conftest import FAST, ThreadServer

    server = ThreadServer(tmp_path / "data", FAST)
    host = client(server.url, "Host")
    rng = random.Random(6)
    try:
        app, table, created = screen_at_table(make_app, server, host)
        play_until(app, table, host, rng, lambda: len(table.controller.game.history) >= 4)
        assert load_session(session_path(app.dirs.saves))["kind"] == "cards"
        app.stack.clear()                                  # the player leaves; the seat stays theirs
        app.stack.push(app.scene("menu"))
        u = latest_to_continue(app.dirs.saves)
        assert u is not None and u.game == "online"
        app.stack.push(app.scene("online-continue", path=u.path))
        until(app, lambda: isinstance(app.stack.top, CardsTableScene), 20, "back at the card table")
        again = app.stack.top
        until(app, lambda: host.view["seats"][1]["connected"], 10)
        assert again.online.ply(again) == host.view["ply"] >= 4 and again.online.base == host.view["ply"]
        assert [ln.ply for ln in again.controller.log.lines if ln.first] == list(range(1, again.online.base + 1))  # the server's log
        play_until(app, again, host, rng, lambda: again.end_shown)
        assert again.online.problem == "" and again.online.refused == []
        until(app, lambda: (host.view or {}).get("status") == "over", 10, "the server's end")
        assert again.controller.game.result().to_dict() == host.view["result"]
        assert not session_path(app.dirs.saves).exists()            # over: Continue no longer offers it
        app.stack.clear()
    finally:
        host.close()
        server.stop()


def test_a_card_this_machine_lacks_keeps_the_waiting_room_and_says_which(make_app, fast_server, monkeypatch):
    app = open_online(make_app)
    lobby = host_cards(app)
    random_hand(app)
    mine = list(lobby.hand_sent or [])
    from jayden_jazz.scenes.cardkit import library as lib
    loaded = lib.load_library(app)
    missing = catalog_ids()[-1]                      # the guest plays a card this machine does not have
    monkeypatch.setattr(lib, "load_library", lambda app: _without(loaded, missing))
    guest = client(lobby.link.url, "Guest")
    try:
        guest.join(lobby.link.code)
        expect(guest, "joined")
        guest.choose_hand([missing] + [c for c in catalog_ids() if c not in mine and c != missing][:4])
        until(app, lambda: bool(lobby.refusal), 20, "the refusal")
        assert missing in lobby.refusal and app.stack.top is lobby
        app.render()
        app.stack.clear()
    finally:
        guest.close()


def _without(library, card_id):
    """A library like ``library`` without one card (a pack this machine lacks)."""
    import copy

    other = copy.copy(library)
    other.catalog = {k: v for k, v in library.catalog.items() if k != card_id}
    return other


def test_a_refusal_from_the_server_shows_on_the_table_in_words(make_app, fast_server):
    from jayden_jazz.scenes.cards.table import CardsTableScene

    app = open_online(make_app)
    lobby = host_cards(app)
    random_hand(app)
    mine = list(lobby.hand_sent or [])
    guest = client(lobby.link.url, "Guest")
    try:
        guest.join(lobby.link.code)
        expect(guest, "joined")
        guest.choose_hand([c for c in catalog_ids() if c not in mine][:5])
        until(app, lambda: isinstance(app.stack.top, CardsTableScene), 20, "the card table")
        table = app.stack.top
        table.online.link.net.send_action(f"{mine[0]}@a1", 7)        # a ply the game is not at
        until(app, lambda: bool(table.online.refused), 10, "the refusal")
        assert table.online.refused == ["The game had moved on; the board now shows it as it stands."]
        assert table.controller.messages.text == table.online.refused[0] and table.online.problem == ""
        app.stack.clear()
    finally:
        guest.close()
