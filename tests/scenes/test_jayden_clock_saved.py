"""A timed game is saved with its clock: Save, Load and Continue bring back the time each side had."""

from __future__ import annotations

from jayden_jazz.jayden import Action
from jayden_jazz.saves import jayden as jsave
from jayden_jazz.saves import store
from jayden_jazz.scenes.jayden import saving
from jayden_jazz.scenes.jayden.board import JaydenScene
from jayden_jazz.scenes.resume import continue_latest
from jayden_jazz.scenes.title import TitleScene
from jayden_jazz.tables.jayden.clock import TICKS_PER_SECOND as SECOND
from tests.helpers import press, step
from tests.scenes.test_jayden_scene import act


def _timed_game(make_app):
    """Green's first turn played on a 3+2 clock, then Red thinking for a while."""
    app = make_app("--scene", "jayden")
    press(app, "UP", "RIGHT", "DOWN", "RETURN")                # Clock 3+2, Start game
    sc = app.stack.top
    assert isinstance(sc, JaydenScene) and sc.table.clock is not None
    act(app, sc, "c2", "c3")
    step(app, 2 * SECOND)
    act(app, sc, "e2", "e3")                                   # Green's turn ends: the autosave
    step(app, 5 * SECOND)                                      # Red's clock runs
    return app, sc


def test_the_autosave_keeps_the_clock_and_continue_brings_it_back(make_app):
    app, sc = _timed_game(make_app)
    auto = jsave.slot_path(app.dirs.saves, "autosave")
    body = store.read(auto)
    assert body["clock"]["minutes"] == 3 and body["clock"]["increment"] == 2
    assert body["clock"]["left"]["g"] < 180 * SECOND                # Green's two seconds are gone
    saving.save_to(sc, jsave.slot_path(app.dirs.saves, 1))
    left = dict(sc.table.clock.left)
    assert left["r"] <= 175 * SECOND
    app.back_to("menu")
    assert isinstance(app.stack.top, TitleScene)
    continue_latest(app, app.stack)
    back = app.stack.top
    assert isinstance(back, JaydenScene) and back.table.clock is not None
    assert back.table.clock.left == left                            # the time each side had, to the tick
    assert back.table.clock.name == "3+2"
    step(app, SECOND)
    assert back.table.clock.left["r"] == left["r"] - SECOND         # Red's time runs on, Green's waits
    assert back.table.clock.left["g"] == left["g"]
    app.render()
    assert [t for t, _ in back.view().clock][1].startswith("Red 2:5")


def test_a_turn_ended_just_before_saving_still_earns_its_increment_after_loading(make_app):
    app, sc = _timed_game(make_app)
    clock = sc.table.clock
    act(app, sc, "c13", "c12")
    assert sc.table.act("r", Action.from_text("e13-e12")).ok    # Red's turn ends; no tick yet: the increment is due
    path = jsave.slot_path(app.dirs.saves, 2)
    saving.save_to(sc, path)
    before = dict(clock.left)
    pending = clock.saved()["timing"]
    game, pos = jsave.load(path)
    assert game.clock["timing"] == pending and game.clock["left"] == before
    saving.load_from(sc, path)
    step(app, 1)
    after = sc.table.clock.left
    # the first tick after loading sees the same turn change the game would have seen
    assert pending["side"] == "r"                                # Red's turn was the last one timed
    expect = dict(before)
    expect["r"] += 2 * SECOND
    expect["g"] -= 1
    assert after == expect


def test_an_untimed_game_and_a_save_from_before_clocks_were_kept_load_untimed(make_app):
    app, sc = _timed_game(make_app)
    path = jsave.slot_path(app.dirs.saves, 3)
    saving.save_to(sc, path)
    body = store.read(path)
    del body["clock"]                                           # as an older version wrote it
    store.write(path, body)
    saving.load_from(sc, path)
    assert sc.table.clock is None and sc.view().clock == []
    untimed = jsave.slot_path(app.dirs.saves, 4)
    saving.save_to(sc, untimed)
    assert store.read(untimed)["clock"] is None


def test_a_hand_edited_clock_is_refused_in_plain_words(make_app, tmp_path):
    app, sc = _timed_game(make_app)
    path = jsave.slot_path(app.dirs.saves, 5)
    saving.save_to(sc, path)
    body = store.read(path)
    body["clock"]["left"]["g"] = -5
    store.write(path, body)
    try:
        jsave.load(path)
    except jsave.SaveError as e:
        assert "clock" in str(e) and "left" in str(e)
    else:
        raise AssertionError("a negative time left was accepted")
