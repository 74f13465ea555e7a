"""Playing Jayden through the scene's own input path: keys and mouse."""

import pytest

from jayden_jazz.jayden import START_JPN, Position, parse_square
from jayden_jazz.saves import jayden as jsave
from jayden_jazz.scenes.jayden.board import JaydenScene, local_board
from jayden_jazz.scenes.jayden.panels import EndBar
from jayden_jazz.scenes.jayden.render import CELL_H, CELL_W, cell_of_square
from jayden_jazz.scenes.jayden.setup import JaydenSetupScene
from jayden_jazz.scenes.title import TitleScene
from jayden_jazz.scenes.windows import ChoiceWindow, MessageWindow
from tests.helpers import assert_ega_only, click, pixel, press, step
from tests.scenes.jpn_helpers import jpn

HUMANS = {"g": {"kind": "human"}, "r": {"kind": "human"}}


def board(make_app, start=START_JPN, **kw):
    app = make_app()
    game = jsave.JaydenGame(start=start, actions=[], players=dict(HUMANS), **kw)
    scene = local_board(app, game)
    app.stack.push(scene)
    step(app)
    return app, scene


def goto(app, scene, square: str):
    """Walk the Action Box with the arrow keys (diagonals when both differ)."""
    tc, tr = cell_of_square(parse_square(square), getattr(scene, "flip", False))
    keys = {(-1, -1): "HOME", (0, -1): "UP", (1, -1): "PGUP", (-1, 0): "LEFT", (1, 0): "RIGHT",
            (-1, 1): "END", (0, 1): "DOWN", (1, 1): "PGDN"}
    for _ in range(40):
        c, r = scene.cursor
        if (c, r) == (tc, tr):
            return
        d = ((tc > c) - (tc < c), (tr > r) - (tr < r))
        press(app, keys[d])
    raise AssertionError("cursor never arrived")


def settle(app, scene, limit=600):
    """Run frames until the board's motion and the pending end of game are shown."""
    for _ in range(limit):
        if scene.motion is None and not scene.pending_end:
            return
        step(app)
    raise AssertionError("the motion never ended")


def choose(app, label: str):
    """Pick a menu entry by its label with the arrow keys, then Enter."""
    top = app.stack.top
    items = top.items if hasattr(top, "items") else top.menu.items
    labels = [i.label for i in items]
    assert label in labels, labels
    for _ in range(len(labels) + 1):
        index = top.index if hasattr(top, "index") and not hasattr(top, "menu") else top.menu.index
        if labels[index] == label:
            press(app, "RETURN")
            return
        press(app, "DOWN")
    raise AssertionError(f"could not reach {label}")


def act(app, scene, src: str, dst: str):
    goto(app, scene, src)
    press(app, "RETURN")
    goto(app, scene, dst)
    press(app, "SPACE")


def click_square(app, square: str, button=1):
    c, r = cell_of_square(parse_square(square))
    click(app, c * CELL_W + CELL_W // 2, r * CELL_H + CELL_H // 2, button)


def test_select_move_and_turn_passes_after_two_actions(make_app):
    app, sc = board(make_app)
    act(app, sc, "c2", "c4")
    assert sc.pos.piece_at("c4") == ("H", "g") and sc.pos.acted == parse_square("c4")
    assert sc.pos.side == "g"
    act(app, sc, "e2", "e3")
    assert sc.pos.side == "r" and sc.pos.turn == 1 and sc.pos.acted is None
    assert [str(a) for a in sc.pos.history] == ["c2-c4", "e2-e3"]


def test_deselect_by_pressing_the_selected_piece_again(make_app):
    app, sc = board(make_app)
    goto(app, sc, "c2")
    press(app, "RETURN")
    assert sc.selected == parse_square("c2") and sc.targets
    press(app, "RETURN")
    assert sc.selected is None and not sc.pos.history


def test_illegal_action_is_refused_with_its_reason(make_app, monkeypatch):
    app, sc = board(make_app)
    beeps = []
    monkeypatch.setattr(app.sound, "play", beeps.append)
    act(app, sc, "c2", "c7")            # a Hero cannot go five squares
    assert not sc.pos.history and beeps[-1] == "refusal"
    assert sc.message == "Hero c2 to c7: a Hero moves 1 or 2 squares"
    assert sc.selected == parse_square("c2")    # refused: the Hero stays selected
    goto(app, sc, "c2")
    press(app, "RETURN")                 # put it down
    goto(app, sc, "c13")                 # an enemy piece cannot be selected
    press(app, "RETURN")
    assert sc.selected is None and beeps[-1] == "refusal"
    assert "c13 is Red's; Green is to act" in sc.message


def test_the_same_piece_cannot_act_twice(make_app):
    app, sc = board(make_app)
    act(app, sc, "c2", "c3")
    goto(app, sc, "c3")
    press(app, "RETURN")
    assert sc.selected is None and "already acted" in sc.message


def test_mouse_plays_too(make_app):
    app, sc = board(make_app)
    click_square(app, "d2")
    click_square(app, "d4")
    assert sc.pos.piece_at("d4") == ("H", "g")


def test_attack_with_a_dragon(make_app):
    start = jpn({"j1": "M", "a1": "D", "a5": "h", "c1": "H", "j14": "m", "b14": "h"})
    app, sc = board(make_app, start)
    act(app, sc, "a1", "a5")
    assert sc.pos.piece_at("a5") == ("D", "g") and str(sc.pos.history[-1]) == "a1xa5"


def test_hero_jump_attack_names_the_enemy_square(make_app):
    start = jpn({"j1": "M", "c3": "H", "c4": "h", "a1": "H", "j14": "m", "b14": "h"})
    app, sc = board(make_app, start)
    act(app, sc, "c3", "c4")
    assert sc.pos.piece_at("c5") == ("H", "g") and sc.pos.piece_at("c4") is None


def test_scout_fires_with_cannons(make_app):
    start = jpn({"j1": "M", "a1": "C", "b1": "C", "e5": "S", "g6": "r", "a2": "H",
                 "j14": "m", "b14": "h"})
    app, sc = board(make_app, start)
    goto(app, sc, "e5")
    press(app, "RETURN")
    assert sc.view().targets[parse_square("g6")] == "fire"
    assert sc.view().costs[parse_square("g6")] == 2
    goto(app, sc, "g6")
    press(app, "RETURN")
    assert sc.pos.piece_at("g6") is None and sc.pos.piece_at("e5") == ("S", "g")
    assert sc.pos.fired == 2 and sc.pos.free_cannons("g") == 0


def test_master_conditions_and_turn_ends_at_once(make_app):
    start = jpn({"j1": "M", "k2": "r", "a1": "H", "j14": "m", "b14": "h"})
    app, sc = board(make_app, start)
    act(app, sc, "j1", "k2")
    assert sc.pos.piece_at("k2") == ("R", "g")
    assert sc.pos.side == "r"                        # one Master action ends the turn


def test_sentinel_deploys_and_raises_shield(make_app):
    start = jpn({"j1": "M", "l1": "N", "a1": "H", "j14": "m", "b14": "h"})
    app, sc = board(make_app, start)
    act(app, sc, "l1", "f5")
    assert sc.pos.piece_at("f5") == ("X", "g") and sc.pos.shielded(parse_square("e4"))


def test_win_by_taking_the_master_shows_end_window(make_app):
    start = jpn({"j1": "M", "a1": "D", "a9": "m", "c1": "H", "e1": "K", "t14": "h"})
    app, sc = board(make_app, start)
    act(app, sc, "a1", "a9")
    assert sc.pos.result.winner == "g" and sc.pos.result.reason == "master_taken"
    assert sc.motion is not None                      # the capture is shown before the end bar
    settle(app, sc)
    top = app.stack.top
    assert isinstance(top, EndBar) and top.title == "Green wins"
    assert "destroyed" in " ".join(top.lines)
    press(app, "RIGHT", "RETURN")                     # Watch replay
    from jayden_jazz.scenes.jayden.replay import ReplayScene
    assert isinstance(app.stack.top, ReplayScene)
    step(app, 60)
    assert app.stack.top.index == 1


def test_forfeit_when_the_side_cannot_complete_a_turn(make_app):
    # Green's Master is boxed in by its own Cannons, and the Cannons (which never
    # attack) are blocked by Red Heroes: Green has no legal action at all.
    start = jpn({"a1": "M", "a2": "C", "b1": "C", "b2": "C", "a3": "h", "b3": "h", "c1": "h", "c2": "h",
                 "t14": "m"}, side="r")
    pos = Position(start)
    assert pos.result is None
    app, sc = board(make_app, start)
    # Red plays two quiet actions; then Green must forfeit
    act(app, sc, "t14", "s13")
    assert sc.pos.side == "g"
    assert sc.pos.result is not None and sc.pos.result.reason == "forfeit" and sc.pos.result.winner == "r"


def test_esc_menu_and_back_to_board(make_app):
    app, sc = board(make_app)
    press(app, "ESC")
    assert isinstance(app.stack.top, ChoiceWindow) and app.stack.top.title == "Main Menu"
    press(app, "ESC")
    assert app.stack.top is sc


def test_undo_in_enhanced_mode(make_app):
    app, sc = board(make_app)
    act(app, sc, "c2", "c4")
    press(app, "u")
    assert not sc.pos.history and sc.pos.jpn() == START_JPN


def test_draw_offer_between_humans(make_app):
    app, sc = board(make_app)
    sc.menu_choice("draw")
    top = app.stack.top
    assert "offers a draw" in " ".join(top.lines)
    press(app, "RETURN")                             # the default is No
    assert sc.pos.result is None and "declines" in sc.message
    sc.menu_choice("draw")
    press(app, "UP", "RETURN")                       # Yes
    assert sc.pos.result.reason == "agreed_draw"


def test_save_and_load_round_trip(make_app, user_home):
    app, sc = board(make_app)
    act(app, sc, "c2", "c4")
    act(app, sc, "e2", "e3")
    path = jsave.slot_path(app.dirs.saves, 2)
    sc.seats.save_to(path)
    text = path.read_text()
    assert text.startswith("jayden-jazz save\nformat: 1\nchecksum: sha256:")
    app2, sc2 = board(make_app)
    sc2.seats.load_from(path)
    assert sc2.pos.jpn() == sc.pos.jpn() and [str(a) for a in sc2.pos.history] == ["c2-c4", "e2-e3"]


def test_autosave_at_each_turn_end(make_app, user_home):
    app, sc = board(make_app)
    act(app, sc, "c2", "c4")
    auto = jsave.slot_path(app.dirs.saves, "autosave")
    assert not auto.exists()
    act(app, sc, "e2", "e3")
    assert auto.exists()
    _, pos = jsave.load(auto)
    assert pos.side == "r"


@pytest.mark.parametrize("damage,message", [
    (lambda t: t[: len(t) // 2], "checksum does not match"),                   # truncated
    (lambda t: t.replace("c2-c4", "c2-c5"), "checksum does not match"),         # tampered
    (lambda t: t.replace("format: 1", "format: 9"), "newer version"),            # from the future
    (lambda t: "hello\n", "not a Jayden & Jazz save"),                           # not a save
    (lambda t: t.replace("checksum: ", "checksun: "), "checksum line"),
])
def test_bad_saves_are_refused_and_left_untouched(make_app, user_home, damage, message):
    app, sc = board(make_app)
    act(app, sc, "c2", "c4")
    act(app, sc, "e2", "e3")
    path = jsave.slot_path(app.dirs.saves, 1)
    sc.seats.save_to(path)
    bad = damage(path.read_text())
    path.write_text(bad)
    app2, sc2 = board(make_app)
    act(app2, sc2, "d2", "d3")                      # a game in progress
    before = sc2.pos.jpn()
    sc2.seats.load_from(path)
    top = app2.stack.top
    assert isinstance(top, MessageWindow) and top.title == "Save file refused"
    shown = " ".join(top.lines)
    assert message in shown and "jayden-slot1.sav" in shown
    assert path.read_text() == bad                   # not overwritten
    assert sc2.pos.jpn() == before                   # the current game continues


def test_save_with_replay_mismatch_is_refused(make_app, user_home):
    from jayden_jazz.saves import store
    path = user_home / "x.sav"
    body = jsave.to_body(jsave.JaydenGame(START_JPN, [], dict(HUMANS)), Position())
    body["actions"] = ["c2-c4"]                       # position field says the start
    store.write(path, body)
    with pytest.raises(store.SaveError, match="do not lead to the saved position"):
        jsave.load(path)


def test_team_selection_starts_the_game(make_app):
    app = make_app("--scene", "jayden")
    setup = app.stack.top
    assert isinstance(setup, JaydenSetupScene)
    press(app, "RETURN")                              # "Start game" is preselected
    assert isinstance(app.stack.top, JaydenScene)
    press(app, "ESC")
    press(app, "UP", "RETURN")                        # wraps to Quit to title
    assert isinstance(app.stack.top, TitleScene)


def test_opening_board_screenshot_content(make_app):
    app, sc = board(make_app)
    app.settings["coordinates"] = "off"          # the bare board: squares, Half Line, pieces
    sc.status_on = False
    app.render()
    surf = app.display.logical
    assert surf.get_size() == (640, 350)
    assert_ega_only(surf)
    # a1 corner square (bottom-left) is blue or gray at its margin pixel
    assert pixel(surf, 1, 14 * CELL_H - CELL_H + 1) in (1, 8)
    assert pixel(surf, 100, 7 * CELL_H) == 14 or pixel(surf, 100, 7 * CELL_H - 1) == 14   # the Half Line
    assert pixel(surf, 100, 6 * CELL_H - 8) in (1, 8)                                    # empty squares
    # Green pieces at the bottom use green, Red pieces at the top use red
    def colours_in(col, row):
        return {pixel(surf, x, y) for x in range(col * CELL_W, col * CELL_W + CELL_W)
                for y in range(row * CELL_H, row * CELL_H + CELL_H)}
    assert 2 in colours_in(2, 12) or 10 in colours_in(2, 12)        # c2 Green Hero
    assert 4 in colours_in(2, 1) or 12 in colours_in(2, 1)          # c13 Red Hero


def test_reference_screenshots(make_app):
    from tests.reference import check_reference
    app, sc = board(make_app)
    app.render()
    check_reference(app.display.logical, "jayden_opening")
    act(app, sc, "c2", "c4")
    act(app, sc, "e2", "e3")
    act(app, sc, "c13", "c11")
    goto(app, sc, "s13")
    press(app, "RETURN")
    sc.ticks = 0
    app.render()
    assert_ega_only(app.display.logical)
    check_reference(app.display.logical, "jayden_in_progress")


def test_computer_game_keeps_the_loop_running_and_finishes(make_app):
    """Both sides are computers; the scene keeps drawing while they think."""
    start = jpn({"j1": "M", "a1": "D", "a9": "m", "e1": "K", "c1": "H", "t14": "h", "s13": "h"})
    app = make_app()
    game = jsave.JaydenGame(start=start, actions=[],
                            players={"g": {"kind": "computer", "level": "easy"},
                                     "r": {"kind": "computer", "level": "easy"}})
    sc = local_board(app, game)
    app.stack.push(sc)
    frames_while_thinking = 0
    for _ in range(6000):
        step(app)
        if sc.request is not None:
            frames_while_thinking += 1
        if sc.pos.result is not None:
            break
    assert sc.pos.result is not None and sc.pos.result.winner == "g"
    assert sc.pos.result.reason == "master_taken"
    assert frames_while_thinking > 0         # frames kept coming while the worker searched
    assert sc.brain is not None
    app.stack.clear()
    assert sc.brain is None                 # the worker process is closed with the scene


def test_esc_while_the_computer_thinks_opens_the_menu(make_app):
    app = make_app()
    game = jsave.JaydenGame(start=START_JPN, actions=[],
                            players={"g": {"kind": "computer", "level": "hard"}, "r": {"kind": "human"}})
    sc = local_board(app, game)
    app.stack.push(sc)
    step(app, 2)
    assert sc.request == "turn"
    press(app, "RETURN")                     # not this side's turn: the way out is named
    assert sc.message == "Green (computer) is to act; Esc opens the menu" and not sc.pos.history
    press(app, "ESC")
    assert isinstance(app.stack.top, ChoiceWindow) and app.stack.top.title == "Main Menu"
    choose(app, "New game")                  # cancels the search at once
    assert isinstance(app.stack.top, JaydenSetupScene)
    assert sc.brain is None or not sc.brain.busy


def test_saving_over_a_slot_asks_first(make_app, user_home):
    app, sc = board(make_app)
    path = jsave.slot_path(app.dirs.saves, 1)
    sc.seats.confirm_save(path)                     # empty slot: saved at once
    first = path.read_text()
    act(app, sc, "c2", "c4")
    sc.seats.confirm_save(path)
    assert app.stack.top.title == "Overwrite?"
    assert "Slot 1 already holds a game" in " ".join(app.stack.top.lines)
    press(app, "RETURN")                      # No is the default
    assert path.read_text() == first
    sc.seats.confirm_save(path)
    press(app, "UP", "RETURN")                # Yes
    assert sc.message == "Saved to Slot 1"
    assert "c2-c4" in path.read_text()
