"""The Journey's screens played through the real input path: title to trade, Continue, refusals."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from jayden_jazz.saves import journey as jsave
from jayden_jazz.saves.store import SaveError
from jayden_jazz.tables.cards.flow import Phase
from tests.helpers import ctrl, press, step

#: The headless run of docs/playing.md: title -> Journey -> new profile -> the first opponent -> Play ->
#: Random hand -> Done -> four turns of pick and place (seed 3: the opponent starts), an ability offered
#: once (Enter: the first) -> the end -> the trade.
WAITS = " ".join(["WAIT"] * 150)
KEYS = ("DOWN RETURN RETURN RETURN RETURN RETURN CTRL+R RETURN "
        + " ".join([f"{WAITS} RETURN RETURN"] * 4) + f" {WAITS} RETURN {WAITS} RETURN")


def top(app):
    return type(app.stack.top).__name__


def to_table(app):
    press(app, "DOWN", "RETURN")                # Card Journey (Continue is off: the cursor is on the cards)
    step(app, 3)
    assert top(app) == "ProfilesScene"
    press(app, "RETURN")                        # slot 1: new profile
    assert top(app) == "NameWindow"
    press(app, "J", "A", "Z", "RETURN")
    assert top(app) == "OpponentsScene"
    press(app, "RETURN")                        # the first open opponent
    assert top(app) == "OpponentCardScene"
    card = app.stack.top
    press(app, "RETURN")                        # Play
    step(app, 3)
    assert top(app) == "HandChoiceScene"
    ctrl(app, "r")                              # Random hand (Ctrl+R)
    press(app, "RETURN")                        # Done
    step(app, 3)
    assert top(app) == "CardsTableScene"
    return card


def play_out(app, seconds: float = 90.0):
    """Enter on every turn of the person until the end window is up (the computer's turns take real
    time in its worker, so the bound is a time, not a number of frames)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        t = app.stack.top
        if top(app) == "MessageWindow":
            return
        if top(app) == "ChoiceWindow":           # an ability to use: the first offered
            press(app, "RETURN")
        elif getattr(t, "phase", None) == Phase.TURN and t.controller.game.to_move == 0 and t.cursor is not None:
            press(app, "RETURN")
        else:
            step(app, 10)
            if getattr(t, "phase", None) == Phase.COMPUTER:
                time.sleep(0.005)
    t = app.stack.top
    raise AssertionError(f"the game did not end: {top(app)} {getattr(t, 'phase', None)} "
                         f"{getattr(t, 'cursor', None)} {getattr(t, 'message', None)}")


def continue_to_trade(app):
    """Continue on the title brings a finished Journey game back: the window about its trade, then the trade."""
    title = app.stack.top
    title.resume()
    assert title.menu.items[0].enabled
    title.menu.index = 0
    press(app, "RETURN")                              # Continue
    for _ in range(50):
        if top(app) == "MessageWindow":
            break
        step(app, 5)
    assert top(app) == "MessageWindow" and "trade" in " ".join(app.stack.top.lines)
    press(app, "RETURN")
    return app.stack.top


def test_a_whole_journey_game_from_the_title_to_the_trade_written(make_app, user_home):
    app = make_app("--seed", "3")
    card = to_table(app)
    table = app.stack.top
    assert table.match.names()[0] == "jaz" and table.match.names()[1] == card.opponent.name
    assert table.picture.seat_label(0) == "P1 jaz" and table.picture.seat_label(1) == "P2 " + card.opponent.name[:15]
    owned = set(app.stack._scenes[2].session.profile.collection.owned_cards())
    assert set(table.controller.game.setup.hands[0]) <= owned             # only the profile's own cards
    assert table.controller.game.setup.hands[1] and set(table.controller.game.setup.hands[1]) <= set(card.opponent.pool)
    play_out(app)
    press(app, "RETURN")
    trade = app.stack.top
    assert top(app) == "TradeScene" and trade.step == "result"
    path = jsave.profile_path(Path(app.dirs.saves), 1)
    before = jsave.load(path, trade.session.catalog)
    press(app, "RETURN")
    if trade.step == "choose":                  # One, won: choose one of the opponent's cards, review
        press(app, "RETURN")
        assert trade.step == "review" and len(trade.picked) == 1
        press(app, "RETURN")                    # Confirm
    assert trade.step == "changes"
    assert jsave.load(path, trade.session.catalog).games == before.games    # nothing written yet
    press(app, "RETURN")
    assert trade.step == "written" and not trade.failed
    after = jsave.load(path, trade.session.catalog)
    assert after.games == 1
    stats = after.progress[card.opponent.id]
    assert (stats.won, stats.drawn, stats.lost) == {"won": (1, 0, 0), "drawn": (0, 1, 0),
                                                    "lost": (0, 0, 1)}[trade.outcome]
    delta = {c: after.collection.owned(c) - before.collection.owned(c)
             for c in set(after.collection.counts) | set(before.collection.counts)}
    expected: dict[str, int] = {}
    for e in trade.conclusion.entries:
        expected[e.card] = expected.get(e.card, 0) + e.delta
    assert {c: d for c, d in delta.items() if d} == {c: d for c, d in expected.items() if d}
    assert jsave.record_path(path, trade.conclusion and __import__(
        "jayden_jazz.scenes.journey.run", fromlist=["game_id"]).game_id(trade.setup)).exists()
    press(app, "RETURN")
    assert top(app) == "OpponentsScene"
    app.stack.push(app.scene("statistics"))
    press(app, "LEFT")                          # the Journey's page, left of the card game's
    assert app.stack.top.game == "journey"
    from jayden_jazz.scenes.journey.stats_page import journey_rows

    rows = {label.strip(): values for label, values, _ in journey_rows(app)}
    won, lost = len(trade.conclusion.cards_won) + (trade.conclusion.reward is not None), \
        len(trade.conclusion.cards_lost)
    assert rows[card.opponent.name] == (stats.won, stats.drawn, stats.lost, won, lost)
    assert "Profile 1: jaz" in rows


def test_the_headless_keys_run_reaches_the_trade_screen(make_app, user_home):
    app = make_app("--seed", "3", "--keys", KEYS)
    app._run_simulated(None, settle=400)
    assert top(app) == "TradeScene"


def test_leaving_keeps_the_game_for_continue_and_abandon_asks_with_no_first(make_app, user_home):
    app = make_app("--seed", "3")
    to_table(app)
    table = app.stack.top
    for _ in range(200):                        # the first placement of the person
        if table.phase == Phase.TURN and table.controller.game.to_move == 0 and table.cursor is not None:
            break
        step(app, 10)
    press(app, "RETURN", "RETURN")
    step(app, 5)
    table.open_menu()
    labels = [i.label for i in app.stack.top.menu.items]
    assert "Leave: continue later" in labels and "Abandon: counts as lost" in labels
    app.stack.top.menu.index = labels.index("Leave: continue later")
    press(app, "RETURN")
    assert top(app) == "OpponentsScene"
    app.back_to("menu")
    title = app.stack.top
    title.resume()
    assert title.menu.items[0].enabled               # Continue offers the Journey game
    title.menu.index = 0
    press(app, "RETURN")
    again = app.stack.top
    assert top(app) == "CardsTableScene" and again.match.setup is not None
    assert again.controller.game.ply == table.controller.game.ply and again.match.names()[0] == "jaz"
    again.open_menu()
    labels = [i.label for i in app.stack.top.menu.items]
    app.stack.top.menu.index = labels.index("Abandon: counts as lost")
    press(app, "RETURN")
    assert top(app) == "ChoiceWindow" and app.stack.top.menu.current.label == "No"
    press(app, "RETURN")                              # No: the game goes on
    assert app.stack.top is again
    again.open_menu()
    app.stack.top.menu.index = labels.index("Abandon: counts as lost")
    press(app, "RETURN", "DOWN", "RETURN")            # Yes
    trade = app.stack.top
    assert top(app) == "TradeScene" and trade.abandoned and trade.outcome == "lost"
    press(app, "RETURN", "RETURN", "RETURN")
    assert trade.step == "written" and not trade.failed
    profile = jsave.load(jsave.profile_path(Path(app.dirs.saves), 1), trade.session.catalog)
    assert profile.progress[trade.opponent.id].lost == 1
    app.back_to("menu")
    app.stack.top.resume()
    assert not app.stack.top.menu.items[0].enabled    # the abandoned game is settled: nothing to continue


@pytest.mark.parametrize("damage", ["truncated", "count"])
def test_a_refused_profile_says_why_and_is_left_untouched(make_app, user_home, damage):
    app = make_app()
    path = jsave.profile_path(Path(app.dirs.saves), 2)
    path.parent.mkdir(parents=True, exist_ok=True)
    press(app, "DOWN", "RETURN")
    step(app, 3)
    scene = app.stack.top
    catalog = scene.library.catalog
    from jayden_jazz.journey.collection import Collection, starter_entries

    good = jsave.Profile("Bea", Collection())
    good.collection.apply(starter_entries(catalog.starter()))
    jsave.save(path, good, catalog)
    text = path.read_bytes()
    bad = text[: len(text) // 2] if damage == "truncated" else text.replace(b"games: 0", b"games: -4")
    path.write_bytes(bad)
    with pytest.raises(SaveError):
        jsave.load(path, catalog)
    scene.refresh()
    assert "Refused" in scene.menu.items[1].label
    scene.menu.index = 1
    press(app, "RETURN")
    window = app.stack.top
    assert top(app) == "ChoiceWindow" and window.menu.current.label == "Keep it as it is"
    assert any(line for line in window.lines)
    press(app, "DOWN", "RETURN")                      # Start a new profile here: asked, No first
    assert app.stack.top.menu.current.label == "No"
    press(app, "RETURN")
    assert path.read_bytes() == bad                   # never written over


def test_a_finished_game_left_before_its_trade_comes_back_with_continue(make_app, user_home):
    """Quitting on the trade screen does not escape the trade: Continue opens the end and the trade."""
    app = make_app("--seed", "3")
    card = to_table(app)
    play_out(app)
    app.back_to("menu")                               # left before the trade was written
    trade = continue_to_trade(app)
    assert top(app) == "TradeScene" and trade.opponent.id == card.opponent.id
    while trade.step != "written":
        press(app, "RETURN")
    assert not trade.failed
    app.back_to("menu")
    app.stack.top.resume()
    assert not app.stack.top.menu.items[0].enabled    # settled: nothing left to continue


def test_a_journey_game_saved_in_a_slot_loads_as_a_journey_game(make_app, user_home):
    from jayden_jazz.saves import cards as csave
    from jayden_jazz.scenes.cards import saving

    app = make_app("--seed", "3")
    to_table(app)
    table = app.stack.top
    table.open_menu()
    labels = [i.label for i in app.stack.top.menu.items]
    app.stack.top.menu.index = labels.index("Save game")
    press(app, "RETURN", "RETURN")                    # Save game, the first slot
    path = csave.slot_path(Path(app.dirs.saves), 1)
    assert path.exists()
    again = saving.load_table(app, path)
    assert again.match.setup == table.match.setup and again.match.opponent == table.match.opponent
    assert again.controller.game.record().to_data() == table.controller.game.record().to_data()


def test_a_refused_profile_can_go_back_to_its_last_good_copy_when_asked(make_app, user_home):
    app = make_app()
    press(app, "DOWN", "RETURN")
    step(app, 3)
    scene = app.stack.top
    catalog = scene.library.catalog
    from jayden_jazz.journey.collection import Collection, starter_entries

    path = jsave.profile_path(Path(app.dirs.saves), 3)
    good = jsave.Profile("Bea", Collection())
    good.collection.apply(starter_entries(catalog.starter()))
    jsave.save(path, good, catalog)
    jsave.save(path, good, catalog)                   # the second save keeps the first as .bak
    bad = path.read_bytes().replace(b"name: Bea", b"name: Bob")
    path.write_bytes(bad)
    scene.refresh()
    scene.menu.index = 2
    press(app, "RETURN")
    values = [i.value for i in app.stack.top.menu.items]
    assert values == ["keep", "backup", "new"]
    press(app, "DOWN", "RETURN")
    assert app.stack.top.menu.current.label == "No"
    press(app, "DOWN", "RETURN")                      # Yes
    assert jsave.load(path, catalog).name == "Bea"
    assert path.with_name(path.name + ".refused").read_bytes() == bad
    assert "Bea" in scene.menu.items[2].label
