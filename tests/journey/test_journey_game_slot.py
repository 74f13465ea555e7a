"""A Journey game in progress has its own autosave per profile: never written over by an ordinary card
game, offered by Continue (title and opponent list), removed when its trade is written, and moved out
of the shared autosave an older version kept it in."""

from __future__ import annotations

from pathlib import Path

import pytest

from jayden_jazz.saves import cards as csave
from jayden_jazz.saves import journey as jsave
from jayden_jazz.saves import journey_game, store
from jayden_jazz.scenes.resume import unfinished_games
from jayden_jazz.tables.cards.flow import Phase
from tests.helpers import press, step
from tests.journey.test_journey_screens import continue_to_trade, play_out, to_table, top


def _first_placement(app, table) -> None:
    for _ in range(200):
        if table.phase == Phase.TURN and table.controller.game.to_move == 0 and table.cursor is not None:
            break
        step(app, 10)
    press(app, "RETURN", "RETURN")
    step(app, 5)


def _leave(app, table) -> None:
    table.open_menu()
    labels = [i.label for i in app.stack.top.menu.items]
    app.stack.top.menu.index = labels.index("Leave: continue later")
    press(app, "RETURN")


def _ordinary_table_left(app) -> None:
    """An ordinary two-person card game opened and left: its table autosaves into the shared slot."""
    from jayden_jazz.scenes.cardkit.library import load_library
    from jayden_jazz.scenes.cards.config import Match, MatchConfig

    lib = load_library(app)
    cards = lib.card_ids()[:10]
    cfg = MatchConfig(players=2, field="3x3")
    cfg.seats[1] = {"kind": "human"}
    table = app.scene("cards-table", match=Match(cfg, lib.fields["3x3"], (tuple(cards[:5]), tuple(cards[5:])), 0,
                                                 lib.pack_dir_texts), library=lib)
    app.stack.push(table)
    step(app, 3)
    while table.stack is not None:               # the pass screen, then the table: leaving autosaves
        app.stack.pop()


def test_an_ordinary_card_game_never_writes_over_a_journey_game_in_progress(make_app, user_home):
    app = make_app("--seed", "3")
    to_table(app)
    table = app.stack.top
    _first_placement(app, table)
    ply = table.controller.game.ply
    _leave(app, table)
    assert top(app) == "OpponentsScene"
    saves = Path(app.dirs.saves)
    app.back_to("menu")
    _ordinary_table_left(app)
    shared = csave.slot_path(saves, "autosave")
    assert shared.exists() and journey_game.journey_of(store.read(shared)) is None    # the ordinary game
    journeys = [u for u in unfinished_games(saves) if journey_game.journey_of(store.read(u.path))]
    assert [u.path for u in journeys] == [journey_game.game_path(saves, 1)]           # the Journey game lives
    # the Journey's opponent list offers it first, and a new game is refused while it waits
    title = app.stack.top
    title.menu.index = [i.value for i in title.menu.items].index("journey")
    press(app, "RETURN")
    step(app, 3)
    assert top(app) == "ProfilesScene"
    press(app, "RETURN")
    scene = app.stack.top
    assert top(app) == "OpponentsScene" and scene.list.current.value == "continue"
    assert scene.list.current.label.strip().startswith("Continue the game") and scene.kept.name[:10] in scene.list.current.label
    scene.choose(next(r.value for r in scene.list.rows if r.value in scene.opponents and r.enabled))
    press(app, "RETURN")                          # Play on the opponent's card
    assert top(app) == "MessageWindow" and "not finished" in " ".join(app.stack.top.lines)
    press(app, "RETURN")
    assert app.stack.top is scene
    press(app, "RETURN")                          # Continue the game against ...
    again = app.stack.top
    assert top(app) == "CardsTableScene" and again.match.setup is not None and again.controller.game.ply == ply


def test_continue_on_the_title_brings_a_finished_journey_game_back_to_its_trade(make_app, user_home):
    app = make_app("--seed", "3")
    to_table(app)
    play_out(app)
    saves = Path(app.dirs.saves)
    kept = journey_game.game_path(saves, 1)
    assert kept.exists() and not csave.slot_path(saves, "autosave").exists()
    app.back_to("menu")                           # left on the end window: the trade is not written
    trade = continue_to_trade(app)
    assert top(app) == "TradeScene"
    before = jsave.load(jsave.profile_path(saves, 1), trade.session.catalog).games
    while trade.step != "written":
        press(app, "RETURN")
    assert not trade.failed and not kept.exists()
    assert jsave.load(jsave.profile_path(saves, 1), trade.session.catalog).games == before + 1
    press(app, "RETURN")                          # back to the profile's opponent list
    assert top(app) == "OpponentsScene" and app.stack.top.session.profile.games == before + 1
    assert all(r.value != "continue" for r in app.stack.top.list.rows)


# ---------------------------------------------------------------------- moving from the shared autosave

def _journey_body(slot: int = 2, seed: int = 5, **extra) -> dict:
    return {"game": "cards", "saved": "2026-11-29T16:40:00", "seed": None, "seats": [],
            "config": {"players": 2, "journey": {"profile": slot, "opponent": "default/rex", "seed": seed,
                                                 "rule_index": 0, "trade": "one"}}, **extra}


def test_a_journey_game_in_the_shared_autosave_moves_to_its_profile_slot(tmp_path):
    shared = csave.slot_path(tmp_path, "autosave")
    body = _journey_body()
    store.write(shared, body)
    assert journey_game.move_from_shared(tmp_path) == journey_game.game_path(tmp_path, 2)
    assert not shared.exists() and store.read(journey_game.game_path(tmp_path, 2)) == body
    assert journey_game.move_from_shared(tmp_path) is None           # once


def test_an_older_format_is_migrated_as_it_moves(tmp_path, monkeypatch):
    shared = csave.slot_path(tmp_path, "autosave")
    store.write(shared, _journey_body())                              # format 1
    monkeypatch.setattr(store, "FORMAT", 2)
    monkeypatch.setitem(store.MIGRATIONS, 1, lambda b: {**b, "migrated": True})
    target = journey_game.move_from_shared(tmp_path)
    assert target is not None and not shared.exists()
    assert target.read_text().splitlines()[1] == "format: 2"
    assert store.read(target)["migrated"] is True


@pytest.mark.parametrize("case", ["newer", "damaged", "ordinary", "settled", "other-game-in-slot"])
def test_what_cannot_or_need_not_move_is_left_untouched(tmp_path, case):
    shared = csave.slot_path(tmp_path, "autosave")
    store.write(shared, _journey_body() if case != "ordinary" else {"game": "cards", "config": {}})
    if case == "newer":
        shared.write_text(shared.read_text().replace("format: 1", "format: 9", 1))
    elif case == "damaged":
        shared.write_text(shared.read_text()[:-20])
    elif case == "settled":
        rec = journey_game.record_of(tmp_path, _journey_body()["config"]["journey"])
        rec.parent.mkdir(parents=True)
        rec.write_text("settled")
    elif case == "other-game-in-slot":
        journey_game.game_path(tmp_path, 2).parent.mkdir(parents=True)
        store.write(journey_game.game_path(tmp_path, 2), _journey_body(seed=99))
    text = shared.read_bytes()
    slot_before = journey_game.game_path(tmp_path, 2).read_bytes() if case == "other-game-in-slot" else None
    assert journey_game.move_from_shared(tmp_path) is None
    assert shared.read_bytes() == text
    if slot_before is None:
        assert not journey_game.game_path(tmp_path, 2).exists()
    else:
        assert journey_game.game_path(tmp_path, 2).read_bytes() == slot_before


def test_a_move_stopped_between_its_two_steps_finishes_at_the_next_start(tmp_path):
    """Killed after the slot was written and before the shared file was removed: the same game in both."""
    shared = csave.slot_path(tmp_path, "autosave")
    body = _journey_body()
    store.write(shared, body)
    target = journey_game.game_path(tmp_path, 2)
    target.parent.mkdir(parents=True)
    store.write(target, body)
    assert journey_game.move_from_shared(tmp_path) == target
    assert not shared.exists() and store.read(target) == body


def test_the_game_moves_when_the_program_starts(make_app, user_home):
    from jayden_jazz import paths

    saves = paths.user_dirs().saves
    saves.mkdir(parents=True)
    store.write(csave.slot_path(saves, "autosave"), _journey_body(slot=3))
    make_app()
    assert journey_game.game_path(saves, 3).exists() and not csave.slot_path(saves, "autosave").exists()


def test_loading_another_journey_game_of_a_profile_with_one_waiting_is_refused(make_app, user_home):
    from jayden_jazz.saves.store import SaveError
    from jayden_jazz.scenes.cards import saving

    app = make_app("--seed", "3")
    to_table(app)
    table = app.stack.top
    _first_placement(app, table)
    _leave(app, table)
    saves = Path(app.dirs.saves)
    body = store.read(journey_game.game_path(saves, 1))
    if table.match.opponent.roulette:
        pytest.skip("the first opponent draws its rules: another seed may draw others")
    other = csave.slot_path(saves, 2)
    store.write(other, {**body, "config": {**body["config"], "journey": {**body["config"]["journey"],
                                                                          "seed": body["config"]["journey"]["seed"] + 1}}})
    with pytest.raises(SaveError, match="another Journey game waiting"):
        saving.load_table(app, other)
    again = saving.load_table(app, journey_game.game_path(saves, 1))     # the waiting one itself loads
    assert again.match.setup == table.match.setup


@pytest.mark.parametrize("where", ["own slot", "shared autosave"])
def test_an_abandoned_game_already_traded_is_not_offered_by_continue(tmp_path, where):
    """Stopped after the trade was written and before the autosave was removed: nothing to go back to."""
    from jayden_jazz.scenes import resume
    from jayden_jazz.scenes.resume import latest_unfinished
    from tests.saves.card_save_helpers import random_game, seats_for

    game = random_game(5)
    game.play(game.legal_actions()[0])                     # begun, not over
    info = seats_for(game)
    info.config["journey"] = _journey_body(slot=1)["config"]["journey"]
    path = journey_game.game_path(tmp_path, 1) if where == "own slot" else csave.slot_path(tmp_path, "autosave")
    path.parent.mkdir(parents=True, exist_ok=True)
    csave.save(path, info, game)
    body = store.read(path)
    rec = journey_game.record_of(tmp_path, body["config"]["journey"])
    rec.parent.mkdir(parents=True)
    rec.write_text("settled", encoding="utf-8")
    assert resume._unfinished(path) is None and latest_unfinished(tmp_path) is None
    assert journey_game.kept(tmp_path, 1) is None
    rec.unlink()                                           # not traded yet: offered
    resume._checked.clear()
    assert resume._unfinished(path) is not None
    assert (journey_game.kept(tmp_path, 1) is not None) == (where == "own slot")
