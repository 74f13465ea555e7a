"""The online card table's windows offer only what works online: the Esc menu (with the join code)
and the end window (its first choice harmless). Servers listen on 127.0.0.1 port 0 only."""

from __future__ import annotations

import random

import pytest

from jayden_jazz.scenes.cards.table import CardsTableScene
from jayden_jazz.scenes.online import cards_menu
from tests.helpers import press
from tests.net.conftest import FAST, ThreadServer, client
from tests.scenes.test_online import until
from tests.scenes.test_online_cards import play_until, random_hand, screen_at_table

OFFLINE_ONLY = {"new", "save", "load", "rematch"}


@pytest.fixture
def joined(make_app, online_fast_server, tmp_path):
    """The screen at seat 1 of an open 3x3 game a bare client ("Lori", seat 0) made; (app, table, host, code)."""
    server = ThreadServer(tmp_path / "data", FAST)
    host = client(server.url, "Lori")
    try:
        app, table, created = screen_at_table(make_app, server, host)
        yield app, table, host, created["code"]
        app.stack.clear()
    finally:
        host.close()
        server.stop()


def test_the_online_menu_shows_the_join_code_and_only_what_works_online(joined):
    app, table, host, code = joined
    press(app, "escape")
    menu = app.stack.top
    values = [i.value for i in menu.items]
    assert menu.title == "Online game" and f"Join code: {code}" in " ".join(menu.lines)
    assert not OFFLINE_ONLY & set(values)
    assert values[0] == "resume" and values[-1] == "leave" and "log" in values and "replay" in values
    app.render()
    menu.menu.index = values.index("leave")
    press(app, "return")                            # leaving a game that goes on asks, No first
    ask = app.stack.top
    assert ask.title == "Leave this game?" and ask.menu.index == 1 and "Continue" in " ".join(ask.lines)
    press(app, "return")
    assert app.stack.top is table


def test_the_online_end_window_offers_no_rematch_and_enter_only_looks(joined):
    app, table, host, _ = joined
    play_until(app, table, host, random.Random(5), lambda: table.end_shown)
    end = app.stack.top
    values = [i.value for i in end.menu.items]
    assert values == [i.value for i in cards_menu.end_items(table.online)]
    assert values[0] == "look" and end.menu.index == 0 and not OFFLINE_ONLY & set(values)
    app.render()
    press(app, "return")                            # a stray Enter: the table, nothing else
    assert app.stack.top is table and table.controller.game.is_over()
    press(app, "escape")
    values = [i.value for i in app.stack.top.menu.items]
    assert not OFFLINE_ONLY & set(values)
    app.stack.top.menu.index = values.index("leave")
    press(app, "return")                            # the game is over: leaving asks nothing
    assert not any(isinstance(s, CardsTableScene) for s in app.stack)


def test_a_three_seat_game_counts_once_per_kind_of_opponent(make_app, online_fast_server):
    """Seat 1 here, two computer seats at Easy: one game, counted once, against Easy only."""
    import time

    from jayden_jazz.statistics import Statistics, stats_path
    from jayden_jazz.tables.cards.flow import Phase
    from tests.helpers import step
    from tests.scenes.test_online import open_online
    from tests.scenes.test_online_cards import host_cards

    app = open_online(make_app)
    host_cards(app, players=1, others=1)                  # 3 players, the others Computer - Easy
    random_hand(app)
    until(app, lambda: isinstance(app.stack.top, CardsTableScene), 30, "the card table")
    table = app.stack.top
    rng = random.Random(4)
    end = time.monotonic() + 120
    while not table.end_shown:
        assert time.monotonic() < end, "the game did not finish in time"
        step(app, 1)
        time.sleep(0.002)
        if table.phase == Phase.TURN and table.controller.game.to_move == 0 and app.stack.top is table:
            table.controller.play(0, rng.choice(table.controller.game.legal_actions()))
    until(app, lambda: stats_path(app).exists(), 10, "the game counted as its end window opened")
    press(app, "return")                                  # Look at the table: it goes on updating
    step(app, 30)
    games = Statistics.load(stats_path(app)).games["cards"]
    assert games.total.played == 1
    assert {k: t.played for k, t in games.opponents.items() if t.played} == {"easy": 1}
    assert sum(t.played for t in games.rules.values()) == 1
    app.stack.clear()
