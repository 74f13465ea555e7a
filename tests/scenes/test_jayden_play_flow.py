"""Around the board: threats, hints, undo and autosave, questions that default
to No, resigning, slot names, turn markers, motion, sound and hot seat."""

import time

import pygame
import pytest

from jayden_jazz.jayden import START_JPN, Action, Position, parse_square
from jayden_jazz.saves import jayden as jsave
from jayden_jazz.scenes.jayden import menus
from jayden_jazz.scenes.jayden.panels import EndBar
from jayden_jazz.scenes.jayden.render import CELL_H, CELL_W, square_rect
from jayden_jazz.scenes.title import TitleScene
from jayden_jazz.scenes.windows import ChoiceWindow
from jayden_jazz.shell.sound import EFFECTS
from jayden_jazz.tables.jayden import moves
from jayden_jazz.tables.jayden.view import Request
from tests.helpers import press, step
from tests.scenes.jpn_helpers import jpn
from tests.scenes.test_jayden_scene import HUMANS, act, board, choose, goto, settle


# Master threats -----------------------------------------------------------------
def test_threats_found_by_the_engine():
    base = {"j1": "M", "t14": "m", "a1": "H", "a2": "K", "s14": "k"}
    assert Position(jpn({**base, "j9": "d"})).master_threats("g") == [parse_square("j9")]
    # a Red Hero in the way can step aside first: still a threat
    assert Position(jpn({**base, "j5": "h", "j9": "d"})).master_threats("g") == [parse_square("j9")]
    # a Green piece in the way blocks it
    assert Position(jpn({**base, "j5": "H", "j9": "d"})).master_threats("g") == []
    # without a Mark Red's Dragon may not end on Green's side of the Half Line
    no_mark = dict(base)
    del no_mark["s14"]
    assert Position(jpn({**no_mark, "j9": "d"})).master_threats("g") == []
    # a Scout fires as far as Red's Cannons reach
    assert Position(jpn({**base, "e4": "s", "a14": "c", "b14": "c", "c14": "c"})).master_threats("g") == []
    assert Position(jpn({**base, "g4": "s", "a14": "c", "b14": "c", "c14": "c"})).master_threats("g") == [
        parse_square("g4")]
    assert Position(START_JPN).master_threats("g") == []


def test_enhanced_board_warns_and_marks_the_attacker(make_app):
    start = jpn({"j1": "M", "t14": "m", "a1": "H", "a2": "K", "s14": "k", "j9": "d", "c1": "H"})
    app, sc = board(make_app, start)
    assert sc.view().threats == [parse_square("j9")]
    assert any("could take your Master next turn (Dragon j9)" in t for t, _ in sc.alerts())
    app.render()
    r = square_rect(parse_square("j9"))
    edge = pygame.surfarray.array2d(app.display.logical)[r.x:r.right, r.y]
    assert set(edge.tolist()) & {12, 14}      # the attacker's square is framed (light red / yellow)
    act(app, sc, "j1", "i1")                  # the Master steps out of the line: no more warning
    act(app, sc, "t14", "t13")
    assert sc.view().threats == []


def test_original_mode_gives_no_warning(make_app):
    start = jpn({"j1": "M", "t14": "m", "a1": "H", "a2": "K", "s14": "k", "j9": "d"})
    app, sc = board(make_app, start, enhanced=False)
    assert sc.view().threats == [] and not any("Master" in t for t, _ in sc.notes())


# hints -------------------------------------------------------------------------------
def test_hint_asks_the_hard_level_through_the_worker_and_marks_the_turn(make_app):
    start = jpn({"j1": "M", "a1": "D", "a9": "m", "c1": "H", "e1": "K", "t14": "h"})
    app, sc = board(make_app, start)
    press(app, "h")
    assert sc.request == "hint"
    deadline = time.monotonic() + 60           # only a bound: the worker answers in about 2 s
    while sc.request is not None and time.monotonic() < deadline:
        step(app)
        time.sleep(0.01)
    assert [str(a) for a in sc.hint] == ["a1xa9"]          # the winning capture
    assert sc.view().hint == sc.hint and "Hint: Dragon a1xa9" in sc.message
    act(app, sc, "c1", "c2")
    assert sc.hint == []                                    # a hint is for the position it was asked in


def test_following_a_hint_keeps_its_second_action_marked(make_app):
    app, sc = board(make_app)
    sc.table.hint = [Action.from_text("c2-c4"), Action.from_text("e2-e3")]
    act(app, sc, "c2", "c4")
    assert [str(a) for a in sc.hint] == ["e2-e3"]
    act(app, sc, "d2", "d3")
    assert sc.hint == []


def test_hint_is_refused_in_original_mode(make_app):
    app, sc = board(make_app, enhanced=False)
    press(app, "h")
    assert sc.request is None and "Enhanced mode" in sc.message


# undo, autosave ---------------------------------------------------------------------
def test_autosave_is_rewritten_after_undo(make_app, user_home):
    app, sc = board(make_app)
    act(app, sc, "c2", "c4")
    act(app, sc, "e2", "e3")
    auto = jsave.slot_path(app.dirs.saves, "autosave")
    assert jsave.load(auto)[1].history
    press(app, "u")
    assert not sc.pos.history
    game, pos = jsave.load(auto)
    assert pos.jpn() == START_JPN and game.actions == []


def test_undo_after_the_end_leaves_no_finished_game_in_the_autosave(make_app, user_home):
    start = jpn({"j1": "M", "a1": "D", "a9": "m", "c1": "H", "e1": "K", "t14": "h"})
    app, sc = board(make_app, start)
    act(app, sc, "a1", "a9")
    settle(app, sc)
    auto = jsave.slot_path(app.dirs.saves, "autosave")
    assert jsave.load(auto)[1].result is not None
    press(app, "ESC")                                       # look at the board
    press(app, "u")
    assert sc.pos.result is None
    assert jsave.load(auto)[1].result is None and jsave.load(auto)[1].jpn() == start


# questions default to No ----------------------------------------------------------
def test_yes_no_highlights_no():
    app = type("A", (), {"sound": None})()
    w = menus.yes_no(app, "Q", "text", lambda yes: None)
    assert w.menu.current.value is False


def test_draw_offer_from_the_computer_defaults_to_no(make_app):
    app = make_app()
    game = jsave.JaydenGame(start=START_JPN, actions=[],
                            players={"g": {"kind": "computer", "level": "easy"}, "r": {"kind": "human"}})
    from jayden_jazz.scenes.jayden.board import JaydenScene, local_board
    sc = local_board(app, game)
    app.stack.push(sc)
    sc.table.side_request = Request.OFFER

    class Reply:
        ok, value = True, True
    sc.table.ensure_brain().poll = lambda: Reply()
    step(app)
    top = app.stack.top
    assert isinstance(top, ChoiceWindow) and top.title == "Draw offered"
    press(app, "RETURN")                                    # a stray Enter
    assert sc.pos.result is None


@pytest.mark.parametrize("choice,title", [("New game", "Leave this game?"), ("Load game", "Leave this game?"),
                                          ("Quit to title", "Leave this game?")])
def test_leaving_a_game_under_way_asks_first(make_app, choice, title):
    app = make_app()
    app.stack.push(TitleScene(app)) if not isinstance(app.stack.top, TitleScene) else None
    from jayden_jazz.scenes.jayden.board import JaydenScene, local_board
    sc = local_board(app, jsave.JaydenGame(START_JPN, [], dict(HUMANS)))
    app.stack.push(sc)
    step(app)
    act(app, sc, "c2", "c4")
    press(app, "ESC")
    choose(app, choice)
    assert app.stack.top.title == title
    press(app, "RETURN")                                    # No is the default
    assert app.stack.top is sc and sc.pos.history
    press(app, "ESC")
    choose(app, choice)
    press(app, "UP", "RETURN")                              # Yes
    assert app.stack.top is not sc


def test_a_new_board_leaves_without_asking(make_app):
    app = make_app()
    from jayden_jazz.scenes.jayden.board import JaydenScene, local_board
    app.stack.push(TitleScene(app))
    sc = local_board(app, jsave.JaydenGame(START_JPN, [], dict(HUMANS)))
    app.stack.push(sc)
    step(app)
    press(app, "ESC")
    choose(app, "Quit to title")
    assert isinstance(app.stack.top, TitleScene)


# resign --------------------------------------------------------------------------------
def test_resign_from_the_menu(make_app, user_home):
    app, sc = board(make_app)
    act(app, sc, "c2", "c4")
    press(app, "ESC")
    choose(app, "Resign")
    assert app.stack.top.title == "Resign?"
    press(app, "RETURN")                                    # No
    assert sc.pos.result is None
    press(app, "ESC")
    choose(app, "Resign")
    press(app, "UP", "RETURN")
    assert tuple(sc.pos.result) == ("r", "resigned")
    bar = app.stack.top
    assert isinstance(bar, EndBar) and bar.title == "Red wins" and "Green resigned" in bar.lines[0]
    game, pos = jsave.load(jsave.slot_path(app.dirs.saves, "autosave"))
    assert tuple(pos.result) == ("r", "resigned")


# names and messages ------------------------------------------------------------------
def test_messages_name_slots(make_app, user_home):
    app, sc = board(make_app)
    sc.seats.save_to(jsave.slot_path(app.dirs.saves, 3))
    assert sc.message == "Saved to Slot 3"
    sc.seats.load_from(jsave.slot_path(app.dirs.saves, 3))
    assert sc.message == "Loaded Slot 3"
    act(app, sc, "c2", "c4")
    act(app, sc, "e2", "e3")
    sc.seats.load_from(jsave.slot_path(app.dirs.saves, "autosave"))
    assert sc.message == "Loaded the autosave"


def test_damaged_save_label_is_cut_between_words(make_app, user_home):
    app, sc = board(make_app)
    path = jsave.slot_path(app.dirs.saves, 1)
    sc.seats.save_to(path)
    path.write_text(path.read_text()[:60])
    w = menus.slot_window(app, "Load game", app.dirs.saves, include_autosave=True, on_choose=lambda p: None)
    label = [i.label for i in w.items if i.value == path][0]
    assert label.startswith("Slot 1  (unusable:") and len(label) <= menus.SLOT_COLS
    words = label.rstrip("\u2026").split()
    from jayden_jazz.saves.store import SaveError, read
    with pytest.raises(SaveError) as e:
        read(path)
    whole = f"Slot 1  (unusable: {e.value.problem})".split()
    assert words == whole[:len(words)]                      # every shown word is whole


def test_a_message_keeps_free_cannons_and_the_hovered_piece(make_app):
    app, sc = board(make_app)
    goto(app, sc, "b1")
    sc.say("A fairly long message that fills most of the second status line for a while")
    left, second, right = sc.renderer.status_lines(sc.pos, sc.view())
    assert [t for t, _ in right] == ["Free Cannons 2", "b1 Green Scout"]
    assert second[0][0].startswith("A fairly long message")


# markers, motion, sounds ------------------------------------------------------------
def test_markers_show_the_whole_last_turn_and_a_hero_jumps_landing(make_app):
    start = jpn({"j1": "M", "c3": "H", "c4": "h", "e1": "H", "j14": "m", "b14": "h", "a2": "K", "s14": "k"})
    app, sc = board(make_app, start)
    act(app, sc, "c3", "c4")                  # the Hero jumps c4 and lands on c5
    act(app, sc, "e1", "e2")
    marks = sc.view().marks
    assert [(str(m.action), m.land) for m in marks] == [("c3xc4", parse_square("c5")), ("e1-e2", parse_square("e2"))]
    act(app, sc, "b14", "b13")                # Red's first action: Green's turn still marked
    assert len(sc.view().marks) == 3
    act(app, sc, "j14", "k13") if False else act(app, sc, "s14", "s13")
    assert [str(m.action) for m in sc.view().marks] == ["b14-b13", "s14-s13"]
    settle(app, sc)
    sc.cursor = (0, 7)
    app.render()
    surf = pygame.surfarray.array2d(app.display.logical)
    r = square_rect(parse_square("s13"))
    assert (surf[r.x:r.right, r.y] == 12).any()            # Red's marker in light red


def test_a_shot_flies_then_bursts_and_stays_marked(make_app):
    start = jpn({"j1": "M", "a1": "C", "b1": "C", "e5": "S", "g6": "r", "a2": "K", "c1": "H",
                 "j14": "m", "s14": "k"})
    app, sc = board(make_app, start)
    act(app, sc, "e5", "g6")
    m = sc.motion
    assert m is not None and [type(s).__name__ for s in m.steps] == ["Shot", "Burst"]
    frames = 0
    while sc.motion is not None:
        step(app)
        frames += 1
    assert frames + 1 == m.total > 10         # (the first frame ran with the press)
    assert sc.view().marks[-1].kind == "fire"


def test_animation_speed_setting_scales_motion(make_app):
    lengths = {}
    for speed in ("slow", "normal", "fast", "instant"):
        app, sc = board(make_app)
        app.settings["animation"] = speed
        act(app, sc, "c2", "c4")
        lengths[speed] = 0 if sc.motion is None else sc.motion.total
    assert lengths["slow"] > lengths["normal"] > lengths["fast"] > lengths["instant"] == 0


def test_each_kind_of_action_has_its_own_sound(make_app):
    names = ("move", "attack", "fire", "condition", "deploy", "refusal", "game_end")
    assert len({tuple(EFFECTS[n]) for n in names}) == len(names)
    start = jpn({"j1": "M", "k2": "r", "l1": "N", "a1": "C", "b1": "C", "e5": "S", "g6": "r",
                 "c3": "H", "c4": "h", "a2": "K", "j14": "m", "s14": "k", "t13": "h"})
    app, sc = board(make_app, start)
    heard = []
    app.sound.play = heard.append
    act(app, sc, "c3", "c4")
    act(app, sc, "e5", "g6")
    assert heard[-3:] == ["attack", "select", "fire"]
    act(app, sc, "j14", "j13")               # a Master action ends Red's turn
    act(app, sc, "j1", "k2")
    assert heard[-1] == "condition"
    act(app, sc, "j13", "j12")
    act(app, sc, "l1", "p5")
    assert heard[-1] == "deploy"


# hot seat ---------------------------------------------------------------------------------
def test_hot_seat_turns_the_board_for_red(make_app):
    app, sc = board(make_app)
    app.settings["hot_seat"] = True
    act(app, sc, "c2", "c4")
    act(app, sc, "e2", "e3")
    assert sc.flip and sc.pos.side == "r"
    # the Action Box is on Red's Master, shown at the bottom of the screen
    assert sc.cursor_square() == parse_square("k14") and sc.cursor[1] == 13
    app.render()
    act(app, sc, "c13", "c11")                # the keys and the mouse follow the turned board
    act(app, sc, "d13", "d12")
    assert sc.pos.piece_at("c11") == ("H", "r") and not sc.flip


def test_hot_seat_is_off_by_default(make_app):
    app, sc = board(make_app)
    act(app, sc, "c2", "c4")
    act(app, sc, "e2", "e3")
    assert not sc.flip


def test_records_name_pieces_and_what_they_took():
    pos = Position(jpn({"j1": "M", "c3": "H", "c4": "h", "e1": "H", "j14": "m", "b14": "h", "t13": "h"}))
    recs = moves.replay(pos.jpn(), ["c3xc4", "e1-e2", "b14-b13"])
    assert [r.text() for r in recs] == ["Hero c3xc4 (Hero)", "Hero e1-e2", "Hero b14-b13"]
    assert moves.taken(recs, "g") == {"H": 1} and moves.taken_text(moves.taken(recs, "g")) == "1 Hero"
    assert moves.turn_lines(recs) == ["  1 Green Hero c3xc4 (Hero), Hero e1-e2", "  1 Red   Hero b14-b13 ..."]
    assert CELL_W == 32 and CELL_H == 23


def test_a_press_during_the_final_capture_shows_one_end_bar(make_app):
    start = jpn({"j1": "M", "a1": "D", "a9": "m", "c1": "H", "e1": "K", "t14": "h"})
    app, sc = board(make_app, start)
    act(app, sc, "a1", "a9")
    assert sc.motion is not None
    press(app, "RETURN")                      # impatient: skips the picture
    bars = [s for s in app.stack if isinstance(s, EndBar)]
    assert len(bars) == 1 and sc.motion is None
