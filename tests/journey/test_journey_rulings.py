"""The Journey's later rulings on screen: an abandon is binding, win back, no dead end (the starter grant),
Roulette drawn once, profiles deleted (asked, No first), and a Journey game never hands the computer's
seat to the person."""
# rule: cards.md#trade-rules cards.md#roulette cards.md#collection cards.md#win-back

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

from jayden_jazz.journey.collection import LedgerEntry, won_from_player
from jayden_jazz.journey.trade import Transfer
from jayden_jazz.saves import journey as jsave
from jayden_jazz.saves import journey_game, journey_records
from jayden_jazz.scenes.resume import unfinished_games
from jayden_jazz.tables.cards.flow import Phase
from tests.helpers import press, step
from tests.journey.test_journey_screens import to_table, top


def opponents_scene(make_app, seed: str = "4"):
    """Title -> Journey -> a new profile in slot 1 -> its opponent list."""
    app = make_app("--seed", seed)
    press(app, "DOWN", "RETURN")
    step(app, 3)
    press(app, "RETURN", "RETURN")
    assert top(app) == "OpponentsScene"
    return app, app.stack.top


def _abandon(app, table) -> None:
    table.open_menu()
    labels = [i.label for i in app.stack.top.menu.items]
    app.stack.top.menu.index = labels.index("Abandon: counts as lost")
    press(app, "RETURN")
    assert top(app) == "ChoiceWindow" and app.stack.top.menu.current.label == "No"   # No first
    app.stack.top.menu.index = 1
    press(app, "RETURN")                         # Yes


def test_an_abandon_is_written_before_the_trade_screen_shows_and_cannot_come_back(make_app, user_home):
    app = make_app("--seed", "3")
    card = to_table(app)
    table = app.stack.top
    for _ in range(300):                          # a placement or two, so the game is in its autosave
        if table.phase == Phase.TURN and table.controller.game.to_move == 0 and table.cursor is not None:
            break
        step(app, 10)
        time.sleep(0.003)
    saves = Path(app.dirs.saves)
    _abandon(app, table)
    trade = app.stack.top
    assert top(app) == "TradeScene" and trade.step == "result" and trade.saved
    # what a kill here would leave: the loss is in the profile, and nothing offers the game again
    profile = jsave.load(jsave.profile_path(saves, 1), trade.session.catalog)
    assert profile.progress[card.opponent.id].lost == 1 and profile.games == 1
    assert journey_game.kept(saves, 1) is None
    assert not journey_game.game_path(saves, 1).exists()
    assert not [u for u in unfinished_games(saves) if "journey" in u.path.parts]
    press(app, "RETURN", "RETURN")               # the cards step says it is saved; Enter goes on
    assert trade.step == "written" and not trade.failed
    assert jsave.load(jsave.profile_path(saves, 1), trade.session.catalog).games == 1     # applied once


def test_a_card_lost_to_an_opponent_joins_its_pool_and_can_be_won_back(make_app, user_home):
    app, scene = opponents_scene(make_app)
    session = scene.session
    opponent = next(o for o in session.catalog.opponents.values() if not o.requires)
    mine = next(c for c in session.profile.collection.owned_cards() if c not in opponent.pool)
    saves = Path(app.dirs.saves)
    j = {"opponent": opponent.id, "seed": 5, "rule_index": 0, "trade": "one"}
    after, _ = journey_records.finish(saves, 1, session.profile, session.catalog, j, "lost", False,
                                      [Transfer(mine, 0, 1, "one")], None, {}, opponent.name)
    session.profile = after
    assert session.won_from_you(opponent.id) == [mine]
    assert mine in session.playing(opponent).pool and mine not in opponent.pool
    scene.refresh()
    card = app.scene("journey-opponent", session=session, opponent=opponent, seed=7)
    text = " ".join(line for line, _ in card.lines())
    name = session.catalog[mine].name
    assert f"Won from you (win them back): {name}" in text
    after, _ = journey_records.finish(saves, 1, session.profile, session.catalog, {**j, "seed": 6}, "won", False,
                                      [Transfer(mine, 1, 0, "one")], None, {}, opponent.name)
    assert after.collection.owned(mine) == 1
    assert won_from_player(after.collection.ledger, opponent.id) == []     # won back: no longer theirs


def test_win_back_reads_the_ledger_in_order():
    g = "p-rex-"
    ledger = [LedgerEntry("a", -1, "trade", g + "1"), LedgerEntry("b", +1, "trade", g + "2"),
              LedgerEntry("b", -1, "trade", g + "3"), LedgerEntry("a", +1, "trade", g + "4"),
              LedgerEntry("c", -1, "trade", "p-rex2-5"), LedgerEntry("d", +1, "reward", g + "6")]
    assert won_from_player(ledger, "p/rex") == ["b"]       # a taken and won back; c went to someone else


def test_a_profile_that_cannot_form_a_hand_receives_the_starter_cards_it_lacks_and_is_told(make_app, user_home):
    app, scene = opponents_scene(make_app)
    session = scene.session
    starter = session.catalog.starter()
    profile = jsave.Profile("Poor")
    keep = sorted(starter)[:3]                    # three different cards: no hand of five
    from jayden_jazz.journey.collection import starter_entries

    profile.collection.apply(starter_entries({c: starter[c] for c in keep}))
    jsave.save(session.path, profile, session.catalog)
    session.profile = jsave.load(session.path, session.catalog)
    assert session.stuck()
    scene.resume()
    assert top(app) == "MessageWindow" and app.stack.top.title == "Starter grant"
    assert "starter cards it lacks" in " ".join(app.stack.top.lines)
    granted = jsave.load(session.path, session.catalog)
    assert dict(granted.collection.counts) == dict(starter)
    notes = [e for e in granted.collection.ledger if e.note == "starter grant"]
    assert notes and {e.card for e in notes} == set(starter) - set(keep)      # recorded, as every change
    assert not session.stuck()
    press(app, "RETURN")
    scene.resume()
    assert top(app) == "OpponentsScene"            # once: nothing more to grant


def test_roulette_is_drawn_once_and_kept_across_reopening_and_restarting(make_app, user_home):
    app, scene = opponents_scene(make_app)
    session = scene.session
    roulette = next(o for o in session.catalog.opponents.values() if o.roulette)
    seen = set()
    for _ in range(4):                            # opening the card again draws nothing new
        card = app.scene("journey-opponent", session=session, opponent=roulette)
        seen.add((card.setup.seed, card.setup.rule_index))
    assert len(seen) == 1
    seed = seen.pop()[0]
    assert "kept until that game is played" in " ".join(line for line, _ in card.lines())
    # a restart: the profile is read again from its file
    again = jsave.load(session.path, session.catalog)
    assert again.pinned[roulette.id] == seed
    from jayden_jazz.scenes.journey.run import Session

    fresh = Session(app, session.library, 1, again)
    assert app.scene("journey-opponent", session=fresh, opponent=roulette).setup.seed == seed
    # played (here: its record applied): the next game draws again
    j = {"opponent": roulette.id, "seed": seed, "rule_index": 0, "trade": roulette.trade}
    after, _ = journey_records.finish(Path(app.dirs.saves), 1, again, session.catalog, j, "drawn", False, [], None,
                                      {}, roulette.name)
    assert roulette.id not in after.pinned


def test_a_profile_is_deleted_only_when_asked_and_no_is_the_default(make_app, user_home):
    app, scene = opponents_scene(make_app)
    saves = Path(app.dirs.saves)
    session = scene.session
    j = {"opponent": next(iter(session.catalog.opponents)), "seed": 9, "rule_index": 0, "trade": "one"}
    journey_records.finish(saves, 1, session.profile, session.catalog, j, "drawn", False, [], None, {}, "X")
    press(app, "ESCAPE")
    assert top(app) == "ProfilesScene"
    profiles = app.stack.top
    press(app, "DELETE")
    assert top(app) == "ChoiceWindow" and app.stack.top.menu.current.value is False
    press(app, "RETURN")                          # No
    assert jsave.profile_path(saves, 1).exists()
    press(app, "DELETE")
    app.stack.top.menu.index = 1
    press(app, "RETURN")                          # Yes
    assert not jsave.profile_path(saves, 1).exists()
    assert not jsave.record_path(jsave.profile_path(saves, 1), "x").parent.exists()
    assert profiles.loaded[1] is None and profiles.menu.items[0].label == "1. New profile"


def test_a_killed_computer_worker_is_started_again_and_keeps_its_seat(make_app, user_home):
    app = make_app("--seed", "3")
    to_table(app)
    table = app.stack.top
    end = time.monotonic() + 60
    killed = False
    while time.monotonic() < end and not killed:   # the opponent's turn, its worker thinking
        worker = getattr(table.brain, "_worker", None)
        if table.phase == Phase.COMPUTER and worker is not None and worker._proc is not None \
                and worker._proc.is_alive() and worker.busy:
            os.kill(worker._proc.pid, signal.SIGKILL)
            worker._proc.join(5)
            killed = True
        else:
            step(app, 2)
            time.sleep(0.002)
    assert killed
    while time.monotonic() < end and top(app) != "MessageWindow":
        step(app, 2)
    assert top(app) == "MessageWindow" and "started again" in " ".join(app.stack.top.lines)
    assert table.controller.flow.computer[1] and table.match.config.seats[1]["kind"] == "computer"
    ply = table.controller.game.ply
    press(app, "RETURN")
    while time.monotonic() < end and table.controller.game.ply == ply:      # the computer plays its turn itself
        step(app, 5)
        time.sleep(0.003)
    assert table.controller.game.ply == ply + 1 and table.controller.flow.computer[1]


def test_a_starter_grant_that_cannot_be_written_is_said_once(make_app, user_home):
    app, scene = opponents_scene(make_app)
    session = scene.session
    from jayden_jazz.journey.collection import starter_entries

    profile = jsave.Profile("Poor")
    profile.collection.apply(starter_entries({sorted(session.catalog.starter())[0]: 1}))
    jsave.save(session.path, profile, session.catalog)
    session.profile = jsave.load(session.path, session.catalog)

    def refuse(_profile):
        raise OSError(28, "No space left on device")
    session.write = refuse
    scene.resume()
    assert top(app) == "MessageWindow" and "could not be written" in " ".join(app.stack.top.lines)
    press(app, "RETURN")                               # closing it returns to the list: not said again
    assert top(app) == "OpponentsScene"
    app.stack.clear()                                  # and leaving ends (no window at every return)
    assert app.stack.top is None
