"""Card saves on screen: autosave, Save and Load, Continue, replay viewer, Statistics."""

from __future__ import annotations

import pytest
import yaml

from jayden_jazz import statistics as stats
from jayden_jazz.saves import cards as csave
from jayden_jazz.saves import jayden as jsave
from jayden_jazz.saves import store
from jayden_jazz.scenes.cardkit.library import load_library
from jayden_jazz.scenes.cards.replay import CardsReplayScene
from jayden_jazz.scenes.cards.table import CardsTableScene
from jayden_jazz.scenes.cards.windows import EndWindow, PassScreen
from jayden_jazz.scenes.resume import continue_latest, latest_unfinished
from jayden_jazz.scenes.statistics import StatisticsScene
from jayden_jazz.scenes.title import TitleScene
from jayden_jazz.scenes.windows import ChoiceWindow, MessageWindow
from tests.helpers import assert_ega_only, click, press, step
from tests.scenes.cards_helpers import (PACK_DIR, WEAK5, cell_centre, hand_centre, history, make_table,
                                        play_click, settle)

P0_GRAB = ["t/x1", "t/x2", "t/x3", "t/grab", "t/x4"]
P0_SWAP = ["t/x1", "t/x2", "t/x3", "t/swapper", "t/x4"]
OPENING = [("t/x1", "c3"), ("t/w1", "b1"), ("t/x2", "c2"), ("t/w2", "a2"), ("t/x3", "b3"), ("t/w3", "a3")]


def autosave(app):
    return csave.slot_path(app.dirs.saves, "autosave")


def menu_to(app, label: str) -> None:
    """Open the table's menu and choose an entry by its label."""
    press(app, "ESC")
    menu = app.stack.top
    labels = [i.label for i in menu.items]
    press(app, *["DOWN"] * labels.index(label), "RETURN")


def title_app(make_app):
    app = make_app("--cards", str(PACK_DIR), "--seed", "11")
    assert isinstance(app.stack.top, TitleScene)
    return app


def test_every_placement_is_autosaved_and_a_hidden_game_loads_behind_the_pass_screen(make_app):
    app, sc = make_table(make_app, [P0_GRAB, WEAK5])          # two people, hands hidden
    play_click(app, sc, "t/x1", "c3")
    _, game = csave.load(autosave(app), sc.library.catalog)
    assert [str(a) for a in game.history] == ["t/x1@c3"]
    play_click(app, sc, "t/w1", "b1")
    info, game = csave.load(autosave(app), sc.library.catalog)
    assert [str(a) for a in game.history] == history(sc) and info.seats == [{"kind": "human"}] * 2

    app2 = title_app(make_app)
    press(app2, "RETURN")                                     # Continue: the first entry
    table = next(s for s in app2.stack if isinstance(s, CardsTableScene))
    assert isinstance(app2.stack.top, PassScreen) and table.controller.flow.viewer is None
    assert table.visible_seats() == frozenset()               # no hand is face up behind it
    assert history(table) == ["t/x1@c3", "t/w1@b1"] and table.controller.game.to_move == 0
    press(app2, "RETURN")
    assert table.phase == "turn" and table.visible_seats() == {0}


def test_save_to_a_slot_and_load_it_from_the_menu(make_app):
    app, sc = make_table(make_app, [P0_GRAB, WEAK5], open=True)
    for cid, cell in OPENING[:3]:
        play_click(app, sc, cid, cell)
    menu_to(app, "Save game")
    slots = app.stack.top
    assert isinstance(slots, ChoiceWindow) and slots.items[0].label.startswith("Slot 1")
    press(app, "RETURN")
    path = csave.slot_path(app.dirs.saves, 1)
    assert path.exists() and "Saved to" in sc.controller.messages.text
    menu_to(app, "Save game")
    press(app, "RETURN")                                      # the slot is taken: asks, No first
    ask = app.stack.top
    assert ask.title == "Overwrite?" and ask.menu.current.label == "No"
    press(app, "ESC")

    app2, other = make_table(make_app, [P0_GRAB, WEAK5], open=True)
    play_click(app2, other, "t/x4", "b2")
    menu_to(app2, "Load game")
    slots = app2.stack.top
    labels = [i.label for i in slots.items]
    assert labels[0].startswith("Auto") and "card 4" in labels[1]
    press(app2, "DOWN", "RETURN")                             # Slot 1
    ask = app2.stack.top
    assert ask.title == "Replace this game?" and ask.menu.current.label == "No"
    press(app2, "RETURN")                                     # No: the game in progress goes on
    assert app2.stack.top is other and history(other) == ["t/x4@b2"]
    menu_to(app2, "Load game")
    press(app2, "DOWN", "RETURN", "UP", "RETURN")             # Slot 1, Yes
    table = app2.stack.top
    assert isinstance(table, CardsTableScene) and table is not other
    assert history(table) == [f"{c}@{x}" for c, x in OPENING[:3]] and table.controller.game.to_move == 1
    # the game left stays in the autosave until a card is played in the loaded one
    _, kept = csave.load(autosave(app2), table.library.catalog)
    assert [str(a) for a in kept.history] == ["t/x4@b2"]
    app2.stack.pop()                                          # leaving the loaded table unplayed keeps it too
    _, kept = csave.load(autosave(app2), table.library.catalog)
    assert [str(a) for a in kept.history] == ["t/x4@b2"]
    # ... and Continue brings back the loaded game, the one on the screen when it was left
    latest = latest_unfinished(app2.dirs.saves)
    assert latest is not None and latest.path == csave.slot_path(app2.dirs.saves, 1)
    _, again = csave.load(latest.path, table.library.catalog)
    assert [str(a) for a in again.history] == [f"{c}@{x}" for c, x in OPENING[:3]]


def test_a_loaded_game_takes_the_autosave_once_a_card_is_played_in_it(make_app):
    app, sc = make_table(make_app, [P0_GRAB, WEAK5], open=True)
    for cid, cell in OPENING[:3]:
        play_click(app, sc, cid, cell)
    menu_to(app, "Save game")
    press(app, "RETURN")
    app2, other = make_table(make_app, [P0_GRAB, WEAK5], open=True)
    play_click(app2, other, "t/x4", "b2")
    menu_to(app2, "Load game")
    press(app2, "DOWN", "RETURN", "UP", "RETURN")
    table = app2.stack.top
    assert isinstance(table, CardsTableScene) and table.loaded_unplayed
    play_click(app2, table, "t/w2", "a2")
    _, now = csave.load(autosave(app2), table.library.catalog)
    assert [str(a) for a in now.history] == history(table) and len(now.history) == 4


def test_a_damaged_save_is_refused_the_file_and_the_game_kept(make_app):
    app, sc = make_table(make_app, [P0_GRAB, WEAK5], open=True)
    play_click(app, sc, "t/x1", "c3")
    path = csave.slot_path(app.dirs.saves, 2)
    from jayden_jazz.scenes.cards import saving
    saving.save_to(sc, path)
    bad = path.read_text().replace("t/x1@c3", "t/x1@c2")
    path.write_text(bad)
    saving.load_into(sc, path)
    top = app.stack.top
    assert isinstance(top, MessageWindow) and top.title == "Save file refused"
    assert "cards-slot2.sav" in " ".join(top.lines) and "checksum" in " ".join(top.lines)
    assert path.read_text() == bad and history(sc) == ["t/x1@c3"]
    press(app, "RETURN")
    assert app.stack.top is sc


def test_an_unfinished_ability_choice_survives_quitting_and_continue(make_app):
    app, sc = make_table(make_app, [P0_SWAP, WEAK5])
    for cid, cell in OPENING:
        play_click(app, sc, cid, cell)
    play_click(app, sc, "t/swapper", "a1")
    settle(app, sc)                                           # the captures are shown before the offer
    press(app, "RETURN")                                      # Use 1: Switcheroo
    click(app, *cell_centre(sc, "a3"))
    assert sc.phase == "targets" and sc.controller.chosen == ["a3"]
    app.stack.clear()                                         # the window is closed mid-choice
    body = store.read(autosave(app))
    assert body["pending"] == {"card": "t/swapper", "cell": "a1", "ability": 1, "targets": ["a3"]}

    app2 = title_app(make_app)
    continue_latest(app2, app2.stack)
    table = next(s for s in app2.stack if isinstance(s, CardsTableScene))
    assert isinstance(app2.stack.top, PassScreen)             # hidden hands: nobody's hand first
    press(app2, "RETURN")
    assert table.phase == "targets" and table.controller.chosen == ["a3"] and table.controller.ability == 1
    click(app2, *hand_centre(table, 0, "t/x4"))
    assert history(table)[-1] == "t/swapper@a1!1>a3>hand:t/x4"


def test_the_ability_window_is_reopened_for_a_save_made_in_it(make_app):
    app, sc = make_table(make_app, [P0_GRAB, WEAK5], open=True)
    for cid, cell in OPENING:
        play_click(app, sc, cid, cell)
    play_click(app, sc, "t/grab", "a1")
    settle(app, sc)                                           # the captures are shown before the offer
    assert sc.phase == "ability"
    app.stack.clear()
    app2 = title_app(make_app)
    press(app2, "RETURN")                                     # Continue
    win = app2.stack.top
    assert isinstance(win, ChoiceWindow) and win.title == "Multiple capture"
    press(app2, "RETURN", "LEFT", "RETURN")                   # Grab One, on a3
    table = next(s for s in app2.stack if isinstance(s, CardsTableScene))
    assert history(table)[-1] == "t/grab@a1!1>a3"


def _finish(app, sc):
    for cid, cell in OPENING:
        play_click(app, sc, cid, cell)
    play_click(app, sc, "t/grab", "a1")
    settle(app, sc)                                           # the captures are shown before the offer
    press(app, "DOWN", "RETURN")                              # No ability
    for cid, cell in [("t/w4", "c1"), ("t/x4", "b2")]:
        play_click(app, sc, cid, cell)
    for _ in range(200):
        if isinstance(app.stack.top, EndWindow):
            break
        step(app)
    assert sc.controller.game.is_over() and isinstance(app.stack.top, EndWindow)


def test_the_end_of_a_game_counts_in_the_statistics_and_can_be_replayed(make_app):
    app, sc = make_table(make_app, [P0_GRAB, WEAK5], open=True,
                         seats=[{"kind": "human"}, {"kind": "human"}])
    _finish(app, sc)
    s = stats.Statistics.load(stats.stats_path(app))
    cards = s.games["cards"]
    assert (cards.total.played, cards.total.won) == (1, 1) and cards.opponents["human"].won == 1
    assert cards.rules["Updated + Open"].played == 1 and s.games["jayden"].total.played == 0
    assert store.read(autosave(app))["result"]["winners"] == [0]
    assert latest_unfinished(app.dirs.saves) is None          # a finished game is not continued
    end = app.stack.top
    labels = [i.label for i in end.items]
    steps = labels.index("Watch replay") - end.menu.index          # from "Look at the table", where it starts
    press(app, *(["DOWN"] * steps if steps >= 0 else ["UP"] * -steps), "RETURN")
    rp = app.stack.top
    assert isinstance(rp, CardsReplayScene) and rp.index == 0 and len(rp.actions) == 9
    press(app, "DOWN")                                        # to the end
    assert rp.game.position() == sc.controller.game.position()
    assert rp.log_lines()[-1][0].strip() == "P1 wins 7-2"
    press(app, "UP")                                          # back to the start
    assert rp.index == 0 and rp.game.ply == 0
    press(app, "RIGHT", "RIGHT", "LEFT")
    assert rp.index == 1 and not rp.playing
    press(app, "RETURN")                                      # play
    step(app, rp.step_ticks * 2 + 2)
    assert rp.index == 3
    app.render()
    assert_ega_only(app.display.logical)
    log = rp.log_lines()
    assert log[3][1] == 3 and "t/x2" not in log[3][0] and log[3][0].startswith(" 3. P1 ")
    press(app, "ESC")
    assert app.stack.top is sc


def test_continue_takes_the_newest_unfinished_game_of_either_game(make_app):
    app = title_app(make_app)
    continue_latest(app, app.stack)
    top = app.stack.top
    assert isinstance(top, MessageWindow) and "no unfinished game" in " ".join(top.lines)
    press(app, "RETURN")
    lib = load_library(app)
    from jayden_jazz.cards import new_game
    g = new_game(lib.catalog, lib.fields["3x3"], [P0_GRAB, WEAK5], first_seat=0, date=(2026, 6))
    info = csave.CardsSave([{"kind": "human"}, {"kind": "computer", "level": "easy"}])
    csave.save(csave.slot_path(app.dirs.saves, 3), info, g)
    jgame = jsave.JaydenGame(start=jsave.Position().jpn(), actions=[], players={"g": {"kind": "human"},
                                                                                 "r": {"kind": "human"}})
    jpath = jsave.slot_path(app.dirs.saves, "autosave")
    jsave.save(jpath, jgame, jgame.position())
    body = store.read(jpath)
    body["saved"] = "2099-01-01T00:00:00"                     # the newer one
    store.write(jpath, body)
    assert latest_unfinished(app.dirs.saves).game == "jayden"
    app.stack.top.resume()                                    # as when a window over it closes
    assert app.stack.top.menu.current.value == "continue"
    press(app, "RETURN")
    from jayden_jazz.scenes.jayden.board import JaydenScene
    assert isinstance(app.stack.top, JaydenScene)
    body["result"] = {"winner": "g", "reason": "master_taken"}
    store.write(jpath, body)
    assert latest_unfinished(app.dirs.saves).path.name == "cards-slot3.sav"


def test_the_statistics_screen_shows_the_counts_and_a_damaged_file_notice(make_app, user_home):
    user_home.mkdir(parents=True, exist_ok=True)
    (user_home / stats.FILE_NAME).write_text("format: 1\ngames: [broken\n")
    app = make_app("--scene", "statistics")
    top = app.stack.top
    assert isinstance(top, MessageWindow) and "starts afresh" in " ".join(top.lines)
    assert (user_home / "statistics.yaml.bak").exists()
    press(app, "RETURN")
    sc = app.stack.top
    assert isinstance(sc, StatisticsScene) and sc.game == "cards"
    s = stats.Statistics(stats.stats_path(app))
    s.add("jayden", "won", ["hard"], "Enhanced")
    s.add("jayden", "won", ["hard"], "Enhanced")
    s.save()
    sc.stats = stats.Statistics.load(stats.stats_path(app))
    press(app, "RIGHT")
    assert sc.game == "jayden"
    rows = {label.strip(): t for label, t, _ in sc.rows()}
    assert rows["All games"].won == 2 and rows["against Hard"].best_streak == 2 and rows["Enhanced"].played == 2
    app.render()
    assert_ega_only(app.display.logical)
    press(app, "r")
    ask = app.stack.top
    assert ask.title == "Reset statistics?" and ask.menu.current.label == "No"
    press(app, "RETURN")                                      # No: nothing lost
    assert stats.Statistics.load(stats.stats_path(app)).games["jayden"].total.played == 2
    press(app, "r", "UP", "RETURN")                           # Yes
    assert stats.Statistics.load(stats.stats_path(app)).games["jayden"].total.played == 0
    assert sc.rows()[0][1].played == 0
    press(app, "ESC")
    assert isinstance(app.stack.top, TitleScene)


def test_a_jayden_game_counts_once_at_its_end(make_app):
    from tests.scenes.jpn_helpers import jpn
    from tests.scenes.test_jayden_scene import act, board
    start = jpn({"j1": "M", "a1": "D", "a9": "m", "c1": "H", "e1": "K", "t14": "h"})
    app, sc = board(make_app, start)
    sc.game.players["r"] = {"kind": "computer", "level": "easy"}
    act(app, sc, "a1", "a9")
    assert sc.pos.result.winner == "g"
    s = stats.Statistics.load(stats.stats_path(app))
    assert s.games["jayden"].total.won == 1 and s.games["jayden"].opponents["easy"].played == 1
    stats.record_jayden_game(app, sc.game, sc.pos.result)     # the same game again: not counted
    s = stats.Statistics.load(stats.stats_path(app))
    assert s.games["jayden"].total.played == 1


def test_the_record_file_of_a_table_is_what_the_computer_reads(make_app):
    app, sc = make_table(make_app, [P0_GRAB, WEAK5], open=True)
    play_click(app, sc, "t/x1", "c3")
    body = store.read(autosave(app))
    assert yaml.safe_load(sc.controller.game_text())["actions"] == body["record"]["actions"] == ["t/x1@c3"]


def test_watch_replay_from_the_menu_plays_this_game_or_any_save(make_app):
    app, sc = make_table(make_app, [P0_GRAB, WEAK5], open=True)
    for cid, cell in OPENING[:2]:
        play_click(app, sc, cid, cell)
    from jayden_jazz.scenes.cards import saving
    saving.save_to(sc, csave.slot_path(app.dirs.saves, 4))
    play_click(app, sc, *OPENING[2])
    menu_to(app, "Watch replay")
    chooser = app.stack.top
    labels = [i.label for i in chooser.items]
    assert labels[0] == "This game" and [i.enabled for i in chooser.items][-2:] == [True, False]
    press(app, "RETURN")
    rp = app.stack.top
    assert isinstance(rp, CardsReplayScene) and len(rp.actions) == 3
    press(app, "ESC")
    menu_to(app, "Watch replay")
    enabled = [x for x, item in zip(labels, chooser.items) if item.enabled]    # the bar skips empty slots
    slot4 = next(i for i, x in enumerate(enabled) if x.startswith("Slot 4"))
    press(app, *["DOWN"] * slot4, "RETURN")
    rp = app.stack.top
    assert isinstance(rp, CardsReplayScene) and len(rp.actions) == 2
    press(app, "ESC")
    assert app.stack.top is sc and history(sc) == [f"{c}@{x}" for c, x in OPENING[:3]]


def test_load_game_on_the_setup_screen(make_app):
    app, sc = make_table(make_app, [P0_GRAB, WEAK5], open=True)
    play_click(app, sc, *OPENING[0])
    from jayden_jazz.scenes.cards import saving
    saving.save_to(sc, csave.slot_path(app.dirs.saves, 1))
    app2 = make_app("--cards", str(PACK_DIR), "--scene", "cards")
    setup = app2.stack.top
    labels = [i.label for i in setup.menu.items]
    press(app2, *["DOWN"] * (labels.index("Load game") - setup.menu.index), "RETURN")
    press(app2, "DOWN", "RETURN")                             # Slot 1
    table = app2.stack.top
    assert isinstance(table, CardsTableScene) and history(table) == ["t/x1@c3"]
    assert not any(s is setup for s in app2.stack)


def test_continue_passes_over_a_damaged_save(make_app):
    app = title_app(make_app)
    lib = load_library(app)
    from jayden_jazz.cards import new_game
    g = new_game(lib.catalog, lib.fields["3x3"], [P0_GRAB, WEAK5], first_seat=0, date=(2026, 6))
    good = csave.slot_path(app.dirs.saves, 1)
    csave.save(good, csave.CardsSave([{"kind": "human"}] * 2), g)
    bad = csave.slot_path(app.dirs.saves, 2)
    csave.save(bad, csave.CardsSave([{"kind": "human"}] * 2), g)
    body = store.read(bad)
    body.update(saved="2099-01-01T00:00:00", seats="everyone")
    store.write(bad, body)
    assert latest_unfinished(app.dirs.saves).path == good


def test_title_offers_continue_only_when_a_game_is_unfinished(make_app):
    app = title_app(make_app)
    title = app.stack.top
    assert not title.menu.items[0].enabled and title.menu.current.value == "cards"
    press(app, "UP")                                          # Continue cannot be chosen
    assert title.menu.current.value != "continue"
    jgame = jsave.JaydenGame(start=jsave.Position().jpn(), actions=[], players={"g": {"kind": "human"},
                                                                                 "r": {"kind": "human"}})
    jsave.save(jsave.slot_path(app.dirs.saves, "autosave"), jgame, jgame.position())
    app2 = title_app(make_app)
    assert app2.stack.top.menu.items[0].enabled and app2.stack.top.menu.current.value == "continue"


def test_the_seed_a_save_recorded_stays_with_the_loaded_table_and_its_autosave(make_app):
    from jayden_jazz.scenes.cards import saving

    app, sc = make_table(make_app, [P0_GRAB, WEAK5], open=True)
    play_click(app, sc, *OPENING[0])
    sc.match.seed = 4242                                      # as a dealt game would record it
    path = csave.slot_path(app.dirs.saves, 2)
    saving.save_to(sc, path)
    assert csave.load(path, sc.library.catalog)[0].seed == 4242
    table = saving.load_table(app, path, sc.library)
    assert table.match.seed == 4242
    saving.autosave(table)
    assert csave.load(autosave(app), sc.library.catalog)[0].seed == 4242


@pytest.mark.parametrize("where", [0, 2, 4], ids=["first", "middle", "last"])
@pytest.mark.parametrize("use", [True, False], ids=["used", "declined"])
def test_an_ability_card_from_any_hand_position_is_saved_as_played(make_app, where, use):
    """The autosave after an ability choice holds the game on screen, with no choice left open.

    It used to be written while the choice was still open, reading the hand the card had just
    left: the last card of a hand crashed the table, any other recorded the wrong card.
    """
    hand = ["t/x1", "t/x2", "t/x3", "t/x4"]
    hand.insert(where, "t/grab")
    app, sc = make_table(make_app, [hand, WEAK5], open=True)
    for cid, cell in OPENING:
        play_click(app, sc, cid, cell)
    play_click(app, sc, "t/grab", "a1")
    settle(app, sc)
    assert sc.phase == "ability"
    if use:
        press(app, "RETURN", "LEFT", "RETURN")                # Grab One, on a3
    else:
        press(app, "DOWN", "RETURN")                          # No ability
    played = history(sc)
    assert played[-1] == ("t/grab@a1!1>a3" if use else "t/grab@a1")
    body = store.read(autosave(app))
    assert body.get("pending") is None
    info, game = csave.load(autosave(app), sc.library.catalog)
    assert [str(a) for a in game.history] == played and info.pending is None
    assert [c.id for c in game.hand(0)] == [c.id for c in sc.controller.game.hand(0)]
