"""The Jazz card game on screen: setup, hand choice, table, card view, end of game.

Games are played through the scene's own input path (key and mouse events
through pygame's queue) with fixed hands, a fixed first seat, a fixed game
date and ``--seed``, so every test replays the same way.
"""
# rule: cards.md#open

from __future__ import annotations

import numpy as np
import pygame
import pytest

from jayden_jazz.cards import Action, Game
from jayden_jazz.cards.result import decide
from jayden_jazz.scenes.cards import players
from jayden_jazz.scenes.cardkit.cards_art import back_surface
from jayden_jazz.scenes.cardkit.cardview import VIEW_H, VIEW_W, CardView, CardViewWindow, text_lines
from jayden_jazz.scenes.cards.config import MatchConfig
from jayden_jazz.scenes.cards.hands import BUTTONS, HandChoiceScene
from jayden_jazz.scenes.cardkit.library import load_library
from jayden_jazz.scenes.cardkit.pictures import ega_picture, nearest_ega, to_ega
from jayden_jazz.scenes.cards.render import cell_key, hand_key
from jayden_jazz.scenes.cards.setup import CardsSetupScene
from jayden_jazz.scenes.cards.table import CardsTableScene
from jayden_jazz.scenes.cards.windows import EndWindow, PassScreen, describe_result
from jayden_jazz.scenes.windows import TextWindow
from jayden_jazz.scenes.title import TitleScene
from jayden_jazz.scenes.windows import ChoiceWindow
from jayden_jazz.shell import palette as P
from tests.helpers import assert_ega_only, click, pixel, press, rgb_array, step
from tests.reference import check_reference
from tests.scenes.cards_helpers import (HUMAN, PACK_DIR, WEAK5, LocalBrain, cell_centre, goto, hand_centre,
                                        history, make_table, play_click, play_keys, settle, take_seat)

P0_GRAB = ["t/x1", "t/x2", "t/x3", "t/grab", "t/x4"]
ONLY_TEST_PACK = ["default", "example"]
COMPUTER = {"kind": "computer", "level": "normal"}


@pytest.fixture
def no_ai(monkeypatch):
    """Screens must not depend on whether the computer player is installed yet."""
    monkeypatch.setattr(players, "ai_available", lambda: False)


@pytest.fixture
def fake_ai(monkeypatch):
    """Computer seats offered and answered in-process by a LocalBrain."""
    brains: list[LocalBrain] = []
    monkeypatch.setattr(players, "ai_available", lambda: True)

    def make():
        from jayden_jazz.cards.loader import load_packs
        from jayden_jazz.paths import shipped_dir

        catalog, _ = load_packs([shipped_dir("cards"), PACK_DIR])
        b = LocalBrain(catalog, seed=len(brains) + 1)
        brains.append(b)
        return b

    monkeypatch.setattr(players, "make_brain", make)
    return brains


def first_free_policy(game: Game) -> Action:
    """A fixed, readable way to play: the first card in hand on the first free cell."""
    return Action(game.hand(game.to_move)[0].id, game.free_cells()[0])


class FrameWatch:
    """Checks every rendered frame: no hand face of a seat other than the one playing its own turn.

    It records which faces the renderer drew (``faces``) and also compares
    the pixels of every other seat's hand with the card-back picture.
    """

    def __init__(self, app, scene) -> None:
        self.app, self.scene = app, scene
        self.frames = 0
        self.pixel_checks = 0
        self.face_frames = 0
        self._render = app.render
        app.render = self.render

    def allowed(self) -> set[int]:
        sc, g = self.scene, self.scene.controller.game
        people = [s for s in range(g.players) if not sc.seat_is_computer(s)]
        if g.is_over() or g.rules.open or not people:
            return set(range(g.players))
        if len(people) == 1:
            return set(people)                 # a computer's hidden hand stays hidden from that person
        in_turn = sc.phase in ("turn", "ability", "targets") or (sc.phase == "show" and sc.pending is not None)
        if sc.controller.flow.viewer is not None and sc.controller.flow.viewer == g.to_move and in_turn:
            return {g.to_move}
        return set()

    def render(self) -> None:
        sc = self.scene
        sc.renderer.faces = None
        self._render()
        if sc.renderer.faces is None:          # covered by an opaque scene (the pass screen)
            return
        self.frames += 1
        allowed = self.allowed()
        hands = [f for f in sc.renderer.faces if f[0] == "hand"]
        if hands:
            self.face_frames += 1
        for _, seat, cid in hands:
            assert seat in allowed, f"frame {self.frames}: seat {seat}'s {cid} drawn while seat " \
                                    f"{sc.controller.game.to_move} is to play (phase {sc.phase})"
        if self.app.stack.top is not sc:
            return
        surf = self.app.display.logical
        view = sc.keys.view_state()
        for seat in range(sc.controller.game.players):
            if seat in allowed:
                continue
            for _, r in sc.renderer.hand_slots(sc.picture.frame(view), seat):
                # the top rows: the part of a card still seen where rows of a small panel overlap
                want = rgb_array(back_surface(r.size))[:12]
                got = rgb_array(surf.subsurface(r))[:12]
                assert np.array_equal(got, want), f"seat {seat}'s hand is not face down at {r}"
                self.pixel_checks += 1


# ---------------------------------------------------------------------------- setup


def test_setup_changes_are_remembered(make_app, no_ai):
    app = make_app("--scene", "cards")
    setup = app.stack.top
    assert isinstance(setup, CardsSetupScene)
    assert setup.menu.current.value == "start"
    press(app, "UP", "UP", "UP", "UP", "UP", "UP", "UP", "UP", "UP", "UP")   # to Players (wraps)
    assert setup.menu.current.value == "players"
    press(app, "RIGHT")                                  # 3 players
    assert setup.config.players == 3 and setup.config.field == "5x5"    # 3x3 takes two players only
    for value in ("field", "preset", "open", "sudden_death"):
        while setup.menu.current.value != value:
            press(app, "DOWN")
        press(app, "RIGHT")
    cfg = setup.config
    assert (cfg.field, cfg.preset, cfg.open, cfg.sudden_death, cfg.pure) == ("7x7", "draft", True, True, False)
    while setup.menu.current.value != "start":
        press(app, "DOWN")
    press(app, "RETURN")
    assert isinstance(app.stack.top, HandChoiceScene)
    assert app.stack.top.size == 19                      # 7x7, three players, Draft: ceil(49/3) + 2
    saved = app.settings["cards"]
    assert saved["players"] == 3 and saved["field"] == "7x7" and saved["preset"] == "draft"
    assert saved["open"] is True and saved["sudden_death"] is True
    assert "7x7" in app.settings.path.read_text()
    press(app, "ESC")                                    # back to the setup, which shows the same
    again = app.stack.top
    assert isinstance(again, CardsSetupScene)
    assert (again.config.players, again.config.field, again.config.preset) == (3, "7x7", "draft")
    fresh = CardsSetupScene(app)
    assert (fresh.config.players, fresh.config.field, fresh.config.open) == (3, "7x7", True)


def test_setup_offers_only_fields_for_the_player_count(make_app, no_ai):
    app = make_app("--scene", "cards")
    setup = app.stack.top
    for n in (2, 3, 4):
        setup.config.players = n
        setup._fix_field()
        seen = set()
        for _ in range(12):
            setup._change([i.value for i in setup.menu.items].index("field"), 1)
            seen.add(setup.config.field)
        fields = setup.library.fields
        assert all(n in fields[f].allowed_players for f in seen)
        if n == 2:
            assert {"3x3", "cross5", "5x5", "7x7"} <= seen
        else:
            assert "3x3" not in seen and "cross5" not in seen and {"5x5", "donut7", "ring5"} <= seen


def test_settings_from_a_broken_file_fall_back(no_ai):
    cfg = MatchConfig.from_settings({"players": 9, "seats": ["x", {"kind": "computer", "level": "hard"}],
                                     "preset": "weird", "open": "yes", "first": 7, "packs_off": [1, "a"]})
    assert cfg.players == 2 and cfg.preset == "updated" and cfg.open is False and cfg.first is None
    assert cfg.seats[1] == HUMAN                         # no computer player installed: a person plays
    assert cfg.packs_off == ["a"]
    assert MatchConfig.from_settings("nonsense").field == "3x3"


def test_pack_problems_are_announced_and_listed(make_app, no_ai):
    app = make_app("--scene", "cards", "--cards", "tests/cards/bad_packs")
    setup = app.stack.top
    assert setup.library.problems and setup.library.refused
    app.render()
    surf = app.display.logical
    # the red notice line under the menu
    assert any(pixel(surf, x, 296 + 6) == P.LIGHT_RED for x in range(40, 200))
    while setup.menu.current.value != "problems":
        press(app, "UP")
    press(app, "RETURN")
    win = app.stack.top
    assert isinstance(win, TextWindow) and win.title == "Pack problems"
    text = "\n".join(win.view.lines)
    p = next(p for p in setup.library.problems if p.card and p.field)
    assert p.message.split()[0] in text and p.field in text and p.card in text
    assert "over_budget.yaml" in text
    assert win.view.max_top > 0                          # long: it scrolls
    press(app, "DOWN", "DOWN")
    assert win.view.top == 2
    press(app, "ESC")
    assert app.stack.top is setup


def test_no_problem_window_without_problems(make_app, no_ai):
    app = make_app("--scene", "cards")
    setup = app.stack.top
    assert not setup.library.problems                    # a missing own cards folder is no problem
    item = next(i for i in setup.menu.items if i.value == "problems")
    assert not item.enabled


def test_a_pack_dropped_in_the_cards_folder_joins_the_next_setup(make_app, tmp_path):
    app = make_app()
    before = load_library(app)
    assert "t" not in before.pack_ids and load_library(app) is before      # cached while nothing changes
    app.dirs.cards.mkdir(parents=True, exist_ok=True)
    (app.dirs.cards / "t.yaml").write_text((PACK_DIR / "t.yaml").read_text().replace("pictures/ace.png", "x.png"))
    after = load_library(app)
    assert "t" in after.pack_ids and after is not before
    assert [p.field for p in after.problems] == ["picture"]          # the missing picture is reported
    missing = make_app("--cards", str(tmp_path / "nowhere"))
    probs = load_library(missing).problems
    assert any("nowhere" in p.file and "no such file" in p.message for p in probs)


def test_too_few_cards_for_the_hands_is_explained(make_app, no_ai):
    app = make_app("--scene", "cards")
    setup = app.stack.top
    setup.config.packs_off = [p for p in setup.library.pack_ids if p != "example"]
    setup.config.players, setup.config.field = 2, "7x7"
    setup.start()
    top = app.stack.top
    assert isinstance(top, ChoiceWindow) and top.title == "Not enough cards"
    assert "25 different cards" in " ".join(top.lines)


def test_pack_window_switches_packs(make_app, no_ai):
    app = make_app("--scene", "cards", "--cards", str(PACK_DIR))
    setup = app.stack.top
    while setup.menu.current.value != "packs":
        press(app, "UP")
    press(app, "RETURN")
    win = app.stack.top
    assert [p[0] for p in win.packs] == ["default", "example", "t"]
    press(app, "RETURN", "DOWN", "RETURN")               # off: default, example
    press(app, "DOWN", "RETURN")                         # the last pack cannot go off too
    assert win.off == {"default", "example"}
    press(app, "DOWN", "RETURN")                         # Done
    assert app.stack.top is setup and setup.config.packs_off == ["default", "example"]
    assert setup.library.card_ids(setup.config.packs_off)[0].startswith("t/")


# ---------------------------------------------------------------------------- choosing hands


def test_two_people_choose_hands_unseen_then_play(make_app, no_ai):
    app = make_app("--scene", "cards", "--cards", str(PACK_DIR), "--seed", "3")
    setup = app.stack.top
    setup.config.packs_off = list(ONLY_TEST_PACK)
    setup.config.first = 0
    press(app, "RETURN")                                 # Choose hands
    hc = app.stack.top
    assert isinstance(hc, PassScreen) and hc.seat == 0   # hidden hands: pass screen first
    press(app, "RETURN")
    hc = app.stack.top
    assert isinstance(hc, HandChoiceScene) and hc.phase == "choose" and hc.size == 5
    first = hc.pool[0]
    press(app, "RETURN")                                 # pick the first card
    press(app, "RETURN")                                 # ... and unpick it
    assert hc.picked == []
    press(app, "RETURN", "RIGHT", "RETURN")
    assert hc.picked == [first, hc.pool[1]] and hc.still == 3
    press(app, "LEFT", "RETURN")                         # no duplicate: picking again unpicks
    assert hc.picked == [hc.pool[1]]
    while hc.focus != "buttons":
        press(app, "DOWN")
    press(app, "RETURN")                                 # the first button: Random hand fills the rest
    assert len(hc.picked) == 5 and len(set(hc.picked)) == 5 and hc.pool[1] in hc.picked
    assert hc.focus == "buttons" and BUTTONS[hc.button] == "Done"
    seat0 = list(hc.picked)
    press(app, "RETURN")                                 # Done
    assert isinstance(app.stack.top, PassScreen) and app.stack.top.seat == 1
    app.render()
    assert hc.picked == [] and hc.hands == [tuple(seat0)]
    press(app, "RETURN")
    for _ in range(4):
        press(app, "RIGHT", "RETURN")
    assert hc.still == 1
    while hc.focus != "buttons":                         # down to the buttons
        press(app, "DOWN")
    press(app, "DOWN", "DOWN", "DOWN", "DOWN", "RETURN")   # Done is not possible yet
    assert isinstance(app.stack.top, HandChoiceScene) and "Pick 1 more" in hc.message
    press(app, "UP", "UP", "UP", "UP", "RETURN", "RETURN")   # Random hand, then Done
    table = app.stack.top
    assert isinstance(table, PassScreen)
    table = app.stack._scenes[-2]
    assert isinstance(table, CardsTableScene)
    assert table.match.hands[0] == tuple(seat0) and len(table.match.hands[1]) == 5
    assert table.controller.game.to_move == 0


def test_computer_seat_chooses_its_own_hand(make_app, fake_ai):
    app = make_app("--scene", "cards", "--cards", str(PACK_DIR))
    setup = app.stack.top
    setup.config.seats[1] = dict(COMPUTER)
    setup.config.packs_off = list(ONLY_TEST_PACK)
    press(app, "RETURN")
    hc = app.stack.top
    assert isinstance(hc, HandChoiceScene) and hc.phase == "choose"   # one person: no pass screen
    hc.random_fill()
    press(app, "RETURN")
    assert hc.phase == "computer"
    step(app, 10)
    table = app.stack.top
    assert isinstance(table, CardsTableScene)
    kind, setup_dict, seat, level = fake_ai[0].asked[0]
    assert kind == "hand" and seat == 1 and level == "normal"
    assert setup_dict["hand_size"] == 5 and setup_dict["field"] == "3x3"
    assert set(setup_dict["cards"]) == {c for c in load_library(app).card_ids(ONLY_TEST_PACK)}
    assert len(set(table.match.hands[1])) == 5
    assert table.brain is fake_ai[0]                     # the worker goes on to the table


# ---------------------------------------------------------------------------- table: full games


def test_two_player_game_with_an_ability_and_targets(make_app):
    app, sc = make_table(make_app, [P0_GRAB, WEAK5])
    watch = FrameWatch(app, sc)
    for cid, cell in [("t/x1", "c3"), ("t/w1", "b1"), ("t/x2", "c2"), ("t/w2", "a2"), ("t/x3", "b3"),
                      ("t/w3", "a3")]:
        play_keys(app, sc, cid, cell)
    assert history(sc) == ["t/x1@c3", "t/w1@b1", "t/x2@c2", "t/w2@a2", "t/x3@b3", "t/w3@a3"]
    play_keys(app, sc, "t/grab", "a1")                   # captures b1 and a2: abilities offered
    assert sc.phase == "show" and app.stack.top is sc    # first the card lands and its captures turn
    settle(app, sc)
    win = app.stack.top
    assert isinstance(win, ChoiceWindow) and win.title == "Multiple capture"
    assert [i.label for i in win.items] == ["Use 1: Grab One", "No ability"]
    board = sc.view().board                              # the captured cards are drawn in the mover's colour
    assert board[sc.controller.game.field.index("b1")][1] == 0 and board[sc.controller.game.field.index("a2")][1] == 0
    assert sc.controller.game.owner_at("b1") == 1                   # ... though nothing is played yet
    for c in ("a1", "b1", "a2"):                         # and the window hides none of them
        assert not win.rect.colliderect(sc.layout.cell_rect(sc.controller.game.field.index(c)))
    press(app, "RETURN")                                 # Grab One: choose its target on the field
    assert sc.phase == "targets" and app.stack.top is sc
    assert sc.view().candidates == {cell_key(sc.controller.game.field.index("a3"))}
    press(app, "LEFT")                                   # the cursor only visits legal targets
    assert sc.cursor == cell_key(sc.controller.game.field.index("a3"))
    press(app, "RETURN")
    assert history(sc)[-1] == "t/grab@a1!1>a3"
    assert sc.controller.game.scores() == (7, 0)
    turning = []
    for _ in range(300):
        step(app)
        if sc.view().flips:
            turning.append((set(sc.view().flips), sc.controller.log.lines[-1].text))
    assert turning                                       # taken by the ability after the captures were shown
    assert all(f == {sc.controller.game.field.index("a3")} for f, _ in turning)
    assert all(t == "Player 1 takes Weak 3 on a3 from Player 2" for _, t in turning), turning[0]
    play_keys(app, sc, "t/w4", "c1")
    play_keys(app, sc, "t/x4", "b2")
    settle(app, sc)
    assert sc.controller.game.is_over() and sc.phase == "over"
    end = app.stack.top
    assert isinstance(end, EndWindow) and end.title == "Player 1 wins"
    assert "Player 1 controls the most cards (8)" in " ".join(end.lines)
    assert any(line.startswith("Player 2 (Red):") and " 1 card" in line for line in end.lines)
    assert watch.frames > 100 and watch.pixel_checks > 100 and watch.face_frames > 20
    assert end.menu.current.value == "look"              # the harmless choice first: an Enter too many
    press(app, "RETURN")                                 # only closes the window
    assert app.stack.top is sc and sc.controller.game.is_over() and sc.controller.game.ply == 9
    press(app, "RETURN")                                 # Enter on the finished table: the end window again
    end = app.stack.top
    assert isinstance(end, EndWindow) and end.menu.current.value == "look"
    press(app, "UP", "UP", "UP", "RETURN")               # Rematch with the same hands
    again = app.stack.top
    assert not isinstance(again, CardsTableScene) or again is not sc
    table = next(s for s in app.stack if isinstance(s, CardsTableScene))
    assert table is not sc and table.match.hands == sc.match.hands and table.controller.game.ply == 0


def test_esc_while_choosing_targets_goes_back_to_the_ability_window(make_app):
    app, sc = make_table(make_app, [P0_GRAB, WEAK5])
    for cid, cell in [("t/x1", "c3"), ("t/w1", "b1"), ("t/x2", "c2"), ("t/w2", "a2"), ("t/x3", "b3"),
                      ("t/w3", "a3")]:
        play_click(app, sc, cid, cell)
    play_click(app, sc, "t/grab", "a1")
    press(app, "RETURN")                                 # pressed while the captures turn: kept
    step(app, 200)
    assert sc.phase == "targets"
    press(app, "ESC")
    assert isinstance(app.stack.top, ChoiceWindow) and sc.phase == "ability"
    press(app, "ESC")                                    # and Esc there takes the card back
    assert app.stack.top is sc and sc.phase == "turn" and sc.pending is None
    assert sc.controller.game.ply == 6 and sc.selected is not None
    click(app, *cell_centre(sc, "a1"))
    press(app, "DOWN", "RETURN")                         # No ability (kept until the offer comes)
    step(app, 200)
    assert history(sc)[-1] == "t/grab@a1" and sc.controller.game.scores() == (6, 1)


def test_swap_picks_a_field_card_and_a_hand_card_by_mouse(make_app):
    hands = [["t/x1", "t/x2", "t/x3", "t/swapper", "t/x4"], WEAK5]
    app, sc = make_table(make_app, hands)
    for cid, cell in [("t/x1", "c3"), ("t/w1", "b1"), ("t/x2", "c2"), ("t/w2", "a2"), ("t/x3", "b3"),
                      ("t/w3", "a3")]:
        play_click(app, sc, cid, cell)
    play_click(app, sc, "t/swapper", "a1")
    settle(app, sc)
    press(app, "RETURN")                                 # Use 1: Switcheroo
    assert sc.phase == "targets"
    cands = sc.view().candidates
    a3 = cell_key(sc.controller.game.field.index("a3"))
    x4 = hand_key(0, [c.id for c in sc.controller.game.hand(0)].index("t/x4"))
    assert cands == {a3, x4}                             # the played card is not in the hand any more
    click(app, *cell_centre(sc, "c1"))                   # not a target: refused
    assert sc.controller.chosen == [] and "not a target" in sc.controller.messages.text
    click(app, *cell_centre(sc, "a3"))
    assert sc.controller.chosen == ["a3"] and sc.phase == "targets"
    click(app, *hand_centre(sc, 0, "t/x4"))
    assert history(sc)[-1] == "t/swapper@a1!1>a3>hand:t/x4"
    assert sc.controller.game.card_at("a3").id == "t/x4" and sc.controller.game.owner_at("a3") == 0
    assert "t/w3" in sc.controller.game.hand_ids(0)


def test_three_player_game_with_hidden_hands_never_shows_another_hand(make_app):
    hands = [[f"t/x{i}" for i in range(1, 9)] + ["t/grab"],
             [f"t/w{i}" for i in range(1, 9)] + ["t/booster"],
             [f"t/x{i}" for i in range(1, 9)] + ["t/swapper"]]
    app, sc = make_table(make_app, hands, field="5x5", first=1)
    watch = FrameWatch(app, sc)
    assert isinstance(app.stack.top, PassScreen) and app.stack.top.seat == 1
    seen_pass = seen_result = 0
    while True:
        settle(app, sc)
        if sc.phase == "over":
            break
        if sc.phase == "result":                         # the mover sees the result before passing on
            seen_result += 1
            assert app.stack.top is sc
            press(app, "RETURN")
            continue
        if isinstance(app.stack.top, PassScreen):
            seen_pass += 1
            assert app.stack.top.seat == sc.controller.game.to_move
        if sc.phase == "ability":
            press(app, "UP", "RETURN")                   # wraps to "No ability"
            continue
        act = first_free_policy(sc.controller.game)
        play_click(app, sc, act.card, act.cell)
    g = sc.controller.game
    assert g.ply == 25 and not g.free_cells() and sum(g.scores()) == 25
    replay = Game(g.setup, load_library(app).catalog)
    for a in g.history:
        replay.push(a)
    assert replay.result() == g.result()
    assert seen_pass >= 25                               # before every turn of three people
    assert seen_result >= 24                             # and after every placement but the last
    assert watch.pixel_checks > 500 and watch.face_frames > 25
    assert isinstance(app.stack.top, EndWindow)


def test_four_players_sudden_death_ends_at_once(make_app):
    weak = ["t/w1", "t/w2", "t/w3", "t/w4", "t/w5", "t/w6", "t/w7"]
    strong = ["t/x1", "t/x2", "t/x3", "t/x4", "t/x5", "t/x6", "t/x7"]
    app, sc = make_table(make_app, [strong, weak, weak, weak], field="5x5", sudden_death=True)
    watch = FrameWatch(app, sc)
    for cid, cell in [("t/x1", "e5"), ("t/w1", "b1"), ("t/w1", "a2"), ("t/w1", "e1")]:
        play_click(app, sc, cid, cell)
    play_click(app, sc, "t/x2", "a1")                    # captures b1 (seat 1) and a2 (seat 2)
    assert not isinstance(app.stack.top, ChoiceWindow) or app.stack.top.title != "Multiple capture"
    settle(app, sc)
    res = sc.controller.game.result()
    assert res.reason == "sudden_death" and res.winners == (0,)
    assert len(sc.controller.game.free_cells()) == 20               # empty cells stay empty
    end = app.stack.top
    assert isinstance(end, EndWindow) and end.title == "Player 1 wins"
    assert "Sudden Death" in " ".join(end.lines)
    assert watch.pixel_checks > 50


def test_four_player_open_game_by_keyboard(make_app):
    hands = [[f"t/x{i}" for i in range(1, 8)], [f"t/w{i}" for i in range(1, 8)],
             [f"t/x{i}" for i in range(2, 9)], [f"t/w{i}" for i in range(2, 9)]]
    app, sc = make_table(make_app, hands, field="5x5", open=True)
    watch = FrameWatch(app, sc)
    assert app.stack.top is sc                           # Open: no pass screens
    assert sc.visible_seats() == {0, 1, 2, 3}
    while not sc.controller.game.is_over():
        settle(app, sc)
        if sc.phase == "ability":
            press(app, "UP", "RETURN")
            continue
        if sc.phase == "over":
            break
        act = first_free_policy(sc.controller.game)
        play_keys(app, sc, act.card, act.cell)
    settle(app, sc)
    g = sc.controller.game
    assert g.ply == 25 and sum(g.scores()) == 25 and g.result() is not None
    assert [len(g.hand(s)) for s in range(4)] == [0, 1, 1, 1]
    assert watch.face_frames == watch.frames             # every frame shows the open hands


# ---------------------------------------------------------------------------- table: details


def test_a_picked_card_goes_back_and_taken_cells_are_refused(make_app):
    app, sc = make_table(make_app, [P0_GRAB, WEAK5], open=True)
    click(app, *hand_centre(sc, 0, "t/x1"))
    assert sc.selected == 0
    click(app, *hand_centre(sc, 0, "t/x1"))              # again: put back
    assert sc.selected is None
    click(app, *cell_centre(sc, "b2"))                   # no card picked
    assert "Pick a card" in sc.controller.messages.text and sc.controller.game.ply == 0
    play_click(app, sc, "t/x1", "b2")
    take_seat(app, sc)
    click(app, *hand_centre(sc, 1, "t/w1"))
    click(app, *cell_centre(sc, "b2"))
    assert "already holds a card" in sc.controller.messages.text and sc.controller.game.ply == 1
    click(app, *hand_centre(sc, 0, "t/x2"))              # not this player's hand
    assert "Player 1's hand" in sc.controller.messages.text


def test_capture_preview_follows_the_cursor(make_app):
    app, sc = make_table(make_app, [P0_GRAB, WEAK5], open=True)
    play_click(app, sc, "t/x1", "c3")
    play_click(app, sc, "t/w1", "b2")
    take_seat(app, sc)
    click(app, *hand_centre(sc, 0, "t/x2"))
    goto(app, sc, cell_key(sc.controller.game.field.index("b1")))
    assert sc.view().preview == {sc.controller.game.field.index("b2")}
    goto(app, sc, cell_key(sc.controller.game.field.index("a1")))
    assert sc.view().preview == frozenset()


def test_turn_effect_is_shown_with_its_turns_and_card_values(make_app):
    hands = [["t/x1", "t/x2", "t/x3", "t/booster", "t/x4"], WEAK5]
    app, sc = make_table(make_app, hands, open=True, first=1)
    for cid, cell in [("t/w1", "b1"), ("t/x1", "c3"), ("t/w2", "a2")]:
        play_click(app, sc, cid, cell)
    play_click(app, sc, "t/booster", "a1")
    settle(app, sc)
    press(app, "RETURN")                                 # Pump: no targets, played at once
    assert history(sc)[-1] == "t/booster@a1!1"
    settle(app, sc)
    lines = [t for t, _ in sc.renderer.effect_lines(sc.picture.frame(), 0)]
    assert lines[0].endswith("Pump") and " ".join(x.strip() for x in lines[1:-1]) == "+1 all sides: this card"
    assert "a1, 2 turns left" in lines[-1]
    assert sc.controller.game.effective_sides("a1") == (6, 6, 6, 6)
    goto(app, sc, cell_key(sc.controller.game.field.index("a1")))
    press(app, "TAB")                                    # the full card view, with values now
    win = app.stack.top
    assert isinstance(win, CardViewWindow)
    assert win.view.effective.values == (6, 6, 6, 6)
    assert any("Now 6666 (printed 5555)" in line for line in win.view.lines)
    app.render()
    surf = app.display.logical
    top_value = [pixel(surf, x, y) for x in range(195 + 113, 195 + 135) for y in range(30, 50)]
    assert P.YELLOW in top_value and P.WHITE not in top_value          # raised: drawn in yellow
    press(app, "ESC")
    play_click(app, sc, "t/w3", "c1")
    settle(app, sc)
    assert sc.renderer.effect_lines(sc.picture.frame(), 0)[-1][0].strip().endswith("1 turn left")
    play_click(app, sc, "t/x2", "b3")
    settle(app, sc)
    assert sc.controller.game.effects() == () and sc.renderer.effect_lines(sc.picture.frame(), 0) == []
    assert sc.controller.game.effective_sides("a1") == (5, 5, 5, 5) and not sc.controller.game.is_over()


def test_mouse_right_click_opens_the_card_view_and_hidden_cards_stay_hidden(make_app):
    app, sc = make_table(make_app, [P0_GRAB, WEAK5])
    take_seat(app, sc)
    x, y = hand_centre(sc, 0, "t/grab")
    click(app, x, y, button=3)
    win = app.stack.top
    assert isinstance(win, CardViewWindow) and win.view.card.id == "t/grab"
    press(app, "RETURN")
    assert app.stack.top is sc
    x, y = sc.renderer.hand_slots(sc.picture.frame(sc.keys.view_state()), 1)[0][1].center
    click(app, x, y, button=3)                           # the other player's face-down card
    assert app.stack.top is sc


def test_esc_menu_rules_options_and_quit(make_app):
    app, sc = make_table(make_app, [P0_GRAB, WEAK5], open=True, pure=True)
    press(app, "ESC")
    menu = app.stack.top
    assert isinstance(menu, ChoiceWindow) and [i.label for i in menu.items] == [
        "Resume", "Move log (L)", "Rules summary", "Options", "New game", "Save game", "Load game",
        "Watch replay", "Quit to title"]
    press(app, "DOWN", "DOWN", "RETURN")
    rules = app.stack.top
    text = " ".join(rules.lines)
    assert "Pure: no abilities" in text and "Open: all hands are face up" in text and "higher than" in text
    press(app, "RETURN")
    press(app, "ESC", "RETURN")                          # Resume
    assert app.stack.top is sc
    press(app, "ESC", "DOWN", "DOWN", "DOWN", "RETURN")  # Options
    from jayden_jazz.scenes.options import OptionsScene
    assert isinstance(app.stack.top, OptionsScene)
    press(app, "ESC")
    assert app.stack.top is sc
    press(app, "ESC", "UP", "RETURN")                    # Quit to title
    assert isinstance(app.stack.top, TitleScene)


def test_new_game_from_the_pass_screen_menu(make_app):
    app, sc = make_table(make_app, [P0_GRAB, WEAK5])
    assert isinstance(app.stack.top, PassScreen)
    press(app, "ESC")
    press(app, *["UP"] * 5, "RETURN")                    # New game (nothing played yet: no question)
    assert isinstance(app.stack.top, CardsSetupScene)
    assert not any(isinstance(s, (CardsTableScene, PassScreen)) for s in app.stack)


# ---------------------------------------------------------------------------- computer seats


def test_computer_placements_are_shown_one_at_a_time(make_app, fake_ai):
    brain = None
    hands = [P0_GRAB, ["t/x5", "t/x6", "t/x7", "t/x8", "t/booster"]]
    from jayden_jazz.cards.loader import load_packs
    from jayden_jazz.paths import shipped_dir

    catalog, _ = load_packs([shipped_dir("cards"), PACK_DIR])
    brain = LocalBrain(catalog, seed=5, delay=20)
    app, sc = make_table(make_app, hands, first=1, seats=[HUMAN, COMPUTER], brain=brain)
    watch = FrameWatch(app, sc)
    assert sc.phase == "computer"
    step(app, 2)
    assert brain.asked and brain.asked[0][0] == "action" and brain.asked[0][2] == 1
    assert sc.controller.game.ply == 0 and "thinking" in sc.picture.top_text()[1][0]
    press(app, "ESC")                                    # the menu works while it thinks
    assert isinstance(app.stack.top, ChoiceWindow)
    app.render()
    press(app, "RETURN")                                 # Resume
    plies = []
    for _ in range(120):
        step(app)
        plies.append(sc.controller.game.ply)
        if sc.controller.game.ply == 0 and sc.controller.computer.chosen is not None:
            assert sc.picture.computer_pick() is not None        # the chosen card is framed before it lands
    assert plies[0] == 0 and plies[-1] == 1 and sorted(plies) == plies
    assert sc.phase == "turn"                            # a person's turn: one person, no pass screen
    assert sc.visible_seats() == {0}
    while not sc.controller.game.is_over():
        settle(app, sc)
        if sc.phase == "ability":
            press(app, "UP", "RETURN")
            continue
        if sc.phase == "turn":
            act = first_free_policy(sc.controller.game)
            play_click(app, sc, act.card, act.cell)
    settle(app, sc)
    assert sc.controller.game.is_over() and watch.pixel_checks > 0
    press(app, "DOWN", "RETURN")                         # Back to title (below Look at the table, where it starts)
    assert isinstance(app.stack.top, TitleScene) and brain.closed


def test_hint_names_a_move_and_its_value(make_app, fake_ai):
    from jayden_jazz.cards.loader import load_packs
    from jayden_jazz.paths import shipped_dir

    catalog, _ = load_packs([shipped_dir("cards"), PACK_DIR])
    brain = LocalBrain(catalog, delay=2)
    app, sc = make_table(make_app, [P0_GRAB, WEAK5], seats=[HUMAN, COMPUTER], brain=brain)
    assert sc.phase == "turn" and "H hint" in sc.picture.bottom_text()[-1][0]
    press(app, "h")
    step(app, 4)
    kind, text, seat = brain.asked[-1]
    assert kind == "hint" and seat == 0 and "format: jazz-record-1" in text
    assert sc.controller.messages.text == "Hint: Solid 1 on a1 (a sure win)"
    assert sc.cursor == hand_key(0, 0)
    app.settings["enhanced"] = False
    press(app, "h")
    assert len(brain.asked) == 1                         # Original mode: no hints


def test_a_hint_while_another_card_is_picked_puts_that_card_back(make_app, fake_ai):
    from jayden_jazz.cards.loader import load_packs
    from jayden_jazz.paths import shipped_dir

    catalog, _ = load_packs([shipped_dir("cards"), PACK_DIR])
    brain = LocalBrain(catalog, delay=2)
    app, sc = make_table(make_app, [P0_GRAB, WEAK5], seats=[HUMAN, COMPUTER], brain=brain)
    click(app, *hand_centre(sc, 0, "t/grab"))            # another card than the hint will name
    assert sc.picture.top_text()[1][0].startswith("place ")
    press(app, "h")
    step(app, 4)
    assert sc.controller.messages.text == "Hint: Solid 1 on a1 (a sure win)"
    assert sc.selected is None and sc.cursor == hand_key(0, 0)
    assert sc.picture.top_text()[1][0] == "pick a card from your hand"   # the prompt names no other card
    press(app, "RETURN")                                 # Enter picks the hinted card
    assert sc.selected == 0 and "Solid 1" in sc.picture.top_text()[1][0]


def test_a_broken_computer_answer_hands_the_seat_to_a_person(make_app, fake_ai):
    class Broken(LocalBrain):
        def submit_action(self, *args):
            super().submit_action(*args)
            self._answer = "t/nothing@z9"

    from jayden_jazz.cards.loader import load_packs
    from jayden_jazz.paths import shipped_dir

    catalog, _ = load_packs([shipped_dir("cards"), PACK_DIR])
    app, sc = make_table(make_app, [P0_GRAB, WEAK5], first=1, seats=[HUMAN, COMPUTER],
                         brain=Broken(catalog, delay=1))
    step(app, 5)
    win = app.stack.top
    assert isinstance(win, ChoiceWindow) and win.title == "Computer player"
    assert sc.config.seats[1] == HUMAN
    press(app, "RETURN")
    take_seat(app, sc)
    assert sc.controller.game.to_move == 1


# ---------------------------------------------------------------------------- end of game texts


def test_end_texts_explain_ties_and_draws():
    names = ("Player 1", "Player 2", "Player 3")
    title, text = describe_result(decide((4, 4, 2), (17, 12, 30), "field_full"), names)
    assert title == "Player 1 wins"
    assert "Player 1 and Player 2 tie with 4 cards each" in text
    assert "points left in hand: Player 1 17, Player 2 12" in text
    assert "30" not in text.split("\n")[0]               # a seat outside the tie is not compared
    title, text = describe_result(decide((4, 4, 2), (12, 12, 30), "field_full"), names)
    assert title == "Shared draw" and "Player 1 and Player 2 share a draw" in text
    title, text = describe_result(decide((2, 1, 0), (0, 5, 9), "sudden_death", 0), names)
    assert title == "Player 1 wins" and "Sudden Death" in text
    title, text = describe_result(decide((1, 0, 0), (0, 5, 9), "instant_win", 0), names, "Last Word")
    assert "(Last Word)" in text


# ---------------------------------------------------------------------------- pictures and card view


def test_pictures_are_reduced_to_the_ega_palette():
    rgb = np.array([[[250, 250, 250], [200, 30, 30], [20, 30, 150]]], dtype=np.uint8)
    assert nearest_ega(rgb).tolist() == [[P.WHITE, P.RED, P.BLUE]]
    img = pygame.Surface((10, 10), pygame.SRCALPHA, 32)
    img.fill((200, 100, 10, 255))
    img.fill((0, 0, 0, 0), (0, 0, 5, 10))
    surf = to_ega(img, (20, 20))
    assert surf.get_size() == (20, 20) and surf.get_bitsize() == 8
    assert surf.get_at_mapped((15, 5)) == P.BROWN and surf.get_at_mapped((2, 5)) == 255
    pic = ega_picture(PACK_DIR / "pictures" / "ace.png")
    assert pic is ega_picture(PACK_DIR / "pictures" / "ace.png")           # cached
    assert pic.get_at_mapped((32, 30)) == P.YELLOW and pic.get_at_mapped((2, 2)) == P.BLUE
    assert ega_picture(PACK_DIR / "pictures" / "missing.png") is None


def test_card_view_text_fits_29_columns(make_app):
    app = make_app("--cards", str(PACK_DIR))
    lib = load_library(app)
    for card in lib.catalog.values():
        for line in text_lines(card):
            assert len(line) - 1 <= 29, (card.id, line)
    ace = lib.catalog["t/ace"]
    lines = " ".join(line[1:] for line in text_lines(ace))
    assert "Also known as Ace, The Checker" in lines and "Likes: Green builds" in lines
    assert "1. Turn: Second Look (2)" in lines and "Dislikes:" in lines
    view = CardView(app.font, ace)
    surf = app.display.logical
    surf.fill(0)
    view.draw(surf, 0, 0)
    assert pixel(surf, 10 + 32, 30 + 30) == P.YELLOW     # the picture, mapped to EGA
    assert pixel(surf, 0, 0) == P.WHITE and pixel(surf, 2, 2) == P.WHITE and pixel(surf, VIEW_W - 1, VIEW_H - 1) == P.WHITE


# ---------------------------------------------------------------------------- screenshots


def _only_test_pack(monkeypatch):
    from jayden_jazz import paths

    monkeypatch.setattr(paths, "card_pack_dirs", lambda extra=(), dirs=None: [PACK_DIR])


def test_screenshot_setup(make_app, no_ai, monkeypatch):
    _only_test_pack(monkeypatch)
    app = make_app("--scene", "cards")
    app.render()
    surf = app.display.logical
    assert surf.get_size() == (640, 350)
    assert_ega_only(surf)
    assert pixel(surf, 40, 234 + 4) == P.CYAN            # the highlight bar on "Choose hands"
    assert pixel(surf, 31, 74) == P.LIGHT_BLUE and pixel(surf, 31, 90) == P.LIGHT_RED   # seat colours
    check_reference(surf, "cards_setup")


def test_screenshot_hand_choice(make_app, no_ai, monkeypatch):
    _only_test_pack(monkeypatch)
    app = make_app("--scene", "cards", "--seed", "2")
    setup = app.stack.top
    setup.config.seats[1] = dict(HUMAN)
    press(app, "RETURN", "RETURN")                       # Choose hands, take the seat
    hc = app.stack.top
    assert isinstance(hc, HandChoiceScene)
    press(app, "a", "c", "e")                            # typing finds a card by its name
    assert [hc.catalog[c].name for c in hc.shown] == ["Ace Tester"]
    press(app, "RETURN", "ESC")                          # pick it; Esc clears the search, not the screen
    assert isinstance(app.stack.top, HandChoiceScene) and hc.search == "" and len(hc.shown) == len(hc.pool)
    assert hc.shown[hc.index] == "t/ace"                 # the cursor stays on the card
    press(app, "LEFT", "RETURN")
    hc.finder.cycle_sort()                                      # by name
    assert [hc.catalog[c].name for c in hc.shown[:2]] == ["Ace Tester", "Booster"]
    press(app, *["UP"] * 8)                              # to the top rows
    hc.ticks = 0
    app.render()
    surf = app.display.logical
    assert_ega_only(surf)
    assert pixel(surf, 640 - VIEW_W, 0) == P.WHITE       # the full card view on the right
    r = hc.painter.grid_rect(hc.shown.index("t/ace"))
    assert pixel(surf, r.x + 1, r.y + 1) == P.BLUE       # picked: in the seat's colour
    first = hc.top_row * 3
    free = next(i for i in range(first, first + 15) if hc.shown[i] not in hc.picked)
    r0 = hc.painter.grid_rect(free)
    assert pixel(surf, r0.x + 1, r0.y + 1) == P.DARK_GRAY    # not picked: gray
    check_reference(surf, "cards_hands")


def _finished_position(make_app, hands, field, moves, **kw):
    app, sc = make_table(make_app, hands, field=field, open=True, **kw)
    for cid, cell in moves:
        play_click(app, sc, cid, cell)
    settle(app, sc)
    sc.ticks = 0
    sc.controller.messages.clear()
    return app, sc


def test_screenshot_3x3_table(make_app):
    moves = [("t/ace", "b2"), ("t/w1", "a1"), ("t/x1", "c1"), ("t/w2", "b1")]
    app, sc = _finished_position(make_app, [["t/ace", "t/x1", "t/x2", "t/grab", "t/booster"], WEAK5], "3x3",
                                 moves)
    app.render()
    surf = app.display.logical
    assert_ega_only(surf)
    b2 = sc.layout.card_rect(sc.controller.game.field.index("b2"))
    assert pixel(surf, b2.x, b2.y + 50) == P.LIGHT_BLUE  # seat 1's border
    assert pixel(surf, b2.x + 3, b2.bottom - 8) == P.BLUE
    b1 = sc.layout.card_rect(sc.controller.game.field.index("b1"))
    assert pixel(surf, b1.x + 3, b1.bottom - 8) == P.RED
    assert sc.layout.cell_w >= 96                        # 3x3: big cards
    check_reference(surf, "cards_table_3x3")


def test_screenshot_7x7_table_four_players(make_app):
    strong = [f"t/x{i}" for i in range(1, 9)] + ["t/grab", "t/booster", "t/swapper", "t/ace", "t/w8"]
    weak = [f"t/w{i}" for i in range(1, 9)] + ["t/x1", "t/x2", "t/x3", "t/x4", "t/x5"]
    moves = [("t/x1", "a1"), ("t/w1", "g7"), ("t/w1", "d4"), ("t/x1", "a7"), ("t/x2", "b1"), ("t/w2", "g6"),
             ("t/w2", "c4"), ("t/x2", "e5")]
    app, sc = _finished_position(make_app, [strong, weak, weak, strong], "7x7", moves)
    app.render()
    surf = app.display.logical
    assert_ega_only(surf)
    lay = sc.layout
    assert lay.cell_w >= 42 and lay.cell_h >= 42 and lay.field_rect.bottom <= 334   # room for cell labels
    d4 = lay.card_rect(sc.controller.game.field.index("d4"))
    assert pixel(surf, d4.x + 3, d4.y + 3) == P.GREEN    # seat 3's card
    a1 = lay.card_rect(sc.controller.game.field.index("a1"))
    assert pixel(surf, a1.x + 3, a1.y + 3) == P.BLUE
    for cell, seat, colour in (("e5", 3, P.MAGENTA), ("g7", 1, P.RED), ("c4", 2, P.GREEN)):
        r = lay.card_rect(sc.controller.game.field.index(cell))
        assert sc.controller.game.owner_at(cell) == seat and pixel(surf, r.x + 3, r.y + 3) == colour
    check_reference(surf, "cards_table_7x7")


def test_screenshot_full_card_view(make_app):
    app, sc = make_table(make_app, [["t/ace", "t/x1", "t/x2", "t/grab", "t/booster"], WEAK5], open=True)
    click(app, *hand_centre(sc, 0, "t/ace"), button=3)
    win = app.stack.top
    assert isinstance(win, CardViewWindow)
    app.render()
    surf = app.display.logical
    assert_ega_only(surf)
    x0 = (640 - VIEW_W) // 2
    assert pixel(surf, x0, 0) == P.WHITE and pixel(surf, x0 + VIEW_W - 1, VIEW_H - 1) == P.WHITE
    assert pixel(surf, x0 + 10 + 32, 30 + 30) == P.YELLOW    # the picture's face
    assert pixel(surf, x0 + 114, 29) == P.BLACK              # the top value box
    check_reference(surf, "cards_cardview")


# ---------------------------------------------------------------------------- the real computer player


def test_real_computer_player_through_the_worker(make_app):
    """Hand choice and one placement by ``jayden_jazz.ai.cards.player`` in its worker process."""
    import time

    if not players.ai_available():
        pytest.skip("the computer player (jayden_jazz.ai.cards.player) is not installed yet")
    app = make_app("--scene", "cards", "--seed", "5")
    setup = app.stack.top
    setup.config.seats[1] = {"kind": "computer", "level": "easy"}
    setup.config.first = 1
    setup.config.open = True
    setup.config.packs_off = ["example"]
    press(app, "RETURN")                                 # Choose hands
    app.stack.top.random_fill()                          # seat 1: random hand, Done
    press(app, "RETURN")
    deadline = time.monotonic() + 60
    while not isinstance(app.stack.top, CardsTableScene) and time.monotonic() < deadline:
        step(app)
        time.sleep(0.01)
    table = app.stack.top
    assert isinstance(table, CardsTableScene), "the computer never chose its hand"
    assert len(set(table.match.hands[1])) == 5
    while table.controller.game.ply == 0 and time.monotonic() < deadline:
        step(app)
        time.sleep(0.01)
    assert table.controller.game.ply == 1 and table.controller.game.history[0].card in table.match.hands[1]
    while table.phase != "turn" and time.monotonic() < deadline:
        step(app)
    press(app, "h")                                      # a hint from the Hard level
    while table.controller.hint_waiting and time.monotonic() < deadline:
        step(app)
        time.sleep(0.01)
    assert table.controller.messages.text.startswith("Hint: ")
    app.stack.clear()
    assert table.brain is None                           # the worker process was closed


def test_the_computer_guesses_hidden_cards_only_from_the_packs_in_use(make_app, fake_ai):
    """A pack switched off can deal no card, so the computer must not imagine one in a hand."""
    from jayden_jazz.cards.loader import load_packs
    from jayden_jazz.paths import shipped_dir

    catalog, _ = load_packs([shipped_dir("cards"), PACK_DIR])
    brain = LocalBrain(catalog, seed=5, delay=1)
    hands = [P0_GRAB, ["t/x5", "t/x6", "t/x7", "t/x8", "t/booster"]]
    app, sc = make_table(make_app, hands, first=1, seats=[HUMAN, COMPUTER], brain=brain,
                         packs_off=["default", "example"])
    step(app, 3)
    assert brain.pools and brain.pools[0] is not None
    assert brain.pools[0] == sc.library.card_ids(["default", "example"])
    assert all(cid.startswith("t/") for cid in brain.pools[0])
    settle(app, sc)                                      # the person's turn: the hint guesses alike
    press(app, "h")
    step(app, 3)
    assert brain.asked[-1][0] == "hint" and brain.pools[-1] == brain.pools[0]

    # a game holding a card of a pack now switched off: every card may be guessed again
    brain2 = LocalBrain(catalog, seed=5, delay=1)
    app2, sc2 = make_table(make_app, [["default/pillar", *P0_GRAB[1:]], hands[1]], first=1,
                           seats=[HUMAN, COMPUTER], brain=brain2, packs_off=["default", "example"])
    step(app2, 3)
    assert brain2.pools == [None]
