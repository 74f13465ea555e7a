"""The card table's words name the seats as its panels do: online the server's names, in the Journey the
profile's and the opponent's, offline "Player N". Names are words only: the record keeps seat numbers.
Loopback servers only (127.0.0.1, port 0)."""

from __future__ import annotations

import time

from jayden_jazz.cards import events as ev
from jayden_jazz.scenes.cards.render import SMALL_ROOM, fit_bar
from jayden_jazz.scenes.online import names
from jayden_jazz.tables.cards.flow import Phase
from jayden_jazz.tables.cards.movelog import NAME_COLS, MoveLog, drawn_text, event_text, short_name
from jayden_jazz.tables.cards.present import steps_for
from jayden_jazz.shell.font import wrap
from tests.helpers import press, step

LONG = "Annabelle Quintessential"          # 24 letters: the longest name the server takes


def _card(cid: str) -> str:
    return cid.split("/")[-1].upper()


def _ab(cid: str, n: int) -> str:
    return f"Ability {n}"


def test_the_sentences_use_the_seat_names_given_and_player_n_without():
    who = ("Jazz", "Gus Cobblefoot").__getitem__
    placed, taken = ev.Placed(0, "t/a", "b2"), ev.Captured("a1", "t/w", 1, 0, "higher", ())
    assert event_text(placed, _card, _ab) == "Player 1 plays A on b2"
    assert event_text(placed, _card, _ab, who) == "Jazz plays A on b2"
    assert event_text(taken, _card, _ab, who) == "Gus Cobblefoot captures W on a1 from Jazz (higher)"
    assert drawn_text(ev.CardDrawn(1, "t/a"), _card, seen=False, seat_name=who) == "Chaos draws a card for Gus Cobblefoot"
    assert steps_for([placed], 1.0, _card, _ab, seat_name=who)[0].caption == "Jazz plays A on b2"
    log = MoveLog()
    log.add(1, 0, event_text(placed, _card, _ab, who), True)
    log.add(2, 1, event_text(ev.Placed(1, "t/w", "a1"), _card, _ab, who), True)
    log.add(2, 1, event_text(taken, _card, _ab, who))
    assert "you lost 1 card" in log.summary_for(0, 1, who)          # the lines are read with the same names


def test_a_long_name_is_cut_with_an_ellipsis():
    assert short_name("Gus Cobblefoot") == "Gus Cobblefoot"
    cut = short_name(LONG)
    assert len(cut) == NAME_COLS and cut.endswith("\u2026") and cut.startswith("Annabelle")
    view = {"seats": [{"seat": 0, "kind": "human", "name": "Ann", "joined": True, "connected": False},
                      {"seat": 1, "kind": "computer", "name": "x", "level": "hard"}]}
    assert names.name(view, 0) == "Ann (lost)" and names.plain_name(view, 0) == "Ann"   # the log keeps the name
    assert names.plain_name(view, 1) == "CPU Hard" and names.plain_name(view, 2) == "Player 3"


def test_offline_the_words_stay_player_n(make_app):
    from jayden_jazz.scenes.cards.table import CardsTableScene

    app = make_app()
    table = CardsTableScene(app)
    assert [table.seat_word(s) for s in range(table.controller.game.players)] == \
        [f"Player {s + 1}" for s in range(table.controller.game.players)]
    assert table.controller.seat_name(1) == "Player 2"


def test_the_journey_table_names_the_profile_and_the_opponent_in_its_words(make_app, user_home):
    from tests.journey.test_journey_screens import to_table

    app = make_app("--seed", "3")
    card = to_table(app)
    table = app.stack.top
    opponent = short_name(card.opponent.name)
    end = time.monotonic() + 60
    while not (table.phase == Phase.TURN and table.controller.game.to_move == 0):       # seed 3: the opponent starts
        assert time.monotonic() < end, "our turn never came"
        step(app, 5)
        time.sleep(0.005)
    assert table.controller.log.lines[0].text.startswith(f"{opponent} plays ")
    assert table.picture.top_text()[0][0] == "jaz"
    press(app, "RETURN")                        # pick the first card
    press(app, "RETURN")                        # place it on the free cell the cursor went to
    step(app, 2)
    mine = [ln.text for ln in table.controller.log.lines if ln.first]
    assert mine[1].startswith("jaz plays "), mine
    assert table.controller.messages.text.startswith("jaz plays ") or table.controller.caption[0].startswith("jaz plays ")
    assert not any("Player 1" in ln.text or "Player 2" in ln.text for ln in table.controller.log.lines)
    app.stack.clear()


def test_the_online_table_says_the_servers_names_and_a_long_one_fits_the_bottom_bar(make_app, online_fast_server):
    from tests.scenes.test_online_hints import cards_at_our_turn

    def named(*args, **kwargs):
        app = make_app(*args, **kwargs)
        app.settings["player_name"] = LONG
        return app

    app, table, guest = cards_at_our_turn(named)
    try:
        assert table.picture.seat_label(0) == "P1 " + LONG                     # the panel: the whole name
        short = short_name(LONG)
        assert table.picture.top_text()[0][0] == short
        mine = table.online.link.net.view["seats"][0]
        mine["connected"] = False                                       # seen as lost: the status says so ...
        assert table.picture.top_text()[0][0] == short + " (lost)" and table.seat_word(0) == short   # ... the words don't
        mine["connected"] = True
        guest_lines = [ln.text for ln in table.controller.log.lines if ln.first and ln.seat == 1]
        assert all(t.startswith("Guest plays ") for t in guest_lines)
        press(app, "return")                                           # pick
        press(app, "return")                                           # place
        end = time.monotonic() + 20
        while not any(ln.first and ln.seat == 0 for ln in table.controller.log.lines):
            assert time.monotonic() < end, "our placement never reached the log"
            step(app, 1)
        line = next(ln.text for ln in table.controller.log.lines if ln.first and ln.seat == 0)
        assert line.startswith(f"{short} plays ") and LONG not in line
        assert not any("Player 1" in ln.text for ln in table.controller.log.lines)
        table.say(line + ": 3 captures; Ability 1")                   # the longest the bar says of a placement
        shown, small = fit_bar(app.font, table.picture.bottom_text())
        if small:
            assert len(wrap(shown[0][0], SMALL_ROOM)) <= 2             # two small lines, nothing elided
        else:
            assert shown[0][0] == line + ": 3 captures; Ability 1"
        app.stack.clear()
    finally:
        guest.close()
