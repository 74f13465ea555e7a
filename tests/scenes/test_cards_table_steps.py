"""The card table shows every change: scripted games watched frame by frame.

A computer's capture is drawn in its colour with its line in the log
before a person's key is acted on; in hot seat the mover sees the result
before the pass screen; keys pressed while another seat's steps play are refused, not kept.
"""

from __future__ import annotations

import pytest

from jayden_jazz.scenes.cards import players
from jayden_jazz.scenes.cards.render import cell_key, hand_key
from jayden_jazz.scenes.cards.setup import CardsSetupScene
from jayden_jazz.scenes.cards.table import CardsTableScene
from jayden_jazz.scenes.cards.windows import PassScreen
from jayden_jazz.scenes.windows import TextWindow
from jayden_jazz.scenes.windows import ChoiceWindow
from jayden_jazz.shell import palette as P
from tests.helpers import click, ctrl, pixel, press, step
from tests.reference import check_reference
from tests.scenes.cards_helpers import (HUMAN, PACK_DIR, STRONG5, WEAK5, LocalBrain, cell_centre, goto, history,
                                        hand_centre, make_table, play_click, settle, take_seat)

COMPUTER = {"kind": "computer", "level": "normal"}


class ScriptBrain(LocalBrain):
    """Answers the computer seat with fixed actions, in order."""

    def __init__(self, answers: list[str], delay: int = 3) -> None:
        from jayden_jazz.cards.loader import load_packs
        from jayden_jazz.paths import shipped_dir

        catalog, _ = load_packs([shipped_dir("cards"), PACK_DIR])
        super().__init__(catalog, delay=delay)
        self.answers = list(answers)

    def submit_action(self, position, seat, level, seed, pack_dirs, pool=None):
        super().submit_action(position, seat, level, seed, pack_dirs, pool)
        self._answer = self.answers.pop(0)


@pytest.fixture
def fake_ai(monkeypatch):
    monkeypatch.setattr(players, "ai_available", lambda: True)


def fill_colour(app, scene, cell: str) -> int:
    r = scene.layout.card_rect(scene.controller.game.field.index(cell))
    return pixel(app.display.logical, r.x + 3, r.y + 3)


def test_a_computer_capture_is_seen_before_a_person_may_act(make_app, fake_ai):
    brain = ScriptBrain(["t/x1@b1"])
    app, sc = make_table(make_app, [WEAK5, STRONG5], seats=[HUMAN, COMPUTER], brain=brain)
    play_click(app, sc, "t/w1", "a1")
    frames = []
    clicked = False
    said = ""
    for _ in range(400):
        step(app)
        app.render()
        if sc.controller.game.ply == 2 and not clicked:
            # the person clicks a card of their hand while the computer's placement is shown
            click(app, *hand_centre(sc, 0, "t/w3"))
            press(app, "LEFT")
            said = sc.controller.messages.text
            clicked = True
        frames.append((str(sc.phase), sc.controller.game.ply, fill_colour(app, sc, "a1"),
                       sc.controller.log.lines[-1].text if sc.controller.log.lines else "", sc.selected))
        if sc.phase == "turn":
            break
    shown = [f for f in frames if f[0] == "show" and f[1] == 2]
    assert shown, "the computer's placement was never shown as steps"
    before = [f for f in shown if f[2] == P.BLUE]
    after = [f for f in shown if f[2] == P.RED]
    assert before and after                              # a1 turned over while the steps played
    assert all(f[3] == "Player 2 captures Weak 1 on a1 from Player 1 (5>1)" for f in after)
    assert all(f[4] is None for f in shown)              # no key was acted on meanwhile
    assert len(after) >= 20                              # ... and the capture stayed on screen a while
    assert sc.phase == "turn"
    assert said == "Wait: it is Player 2's turn"         # the click in the computer's turn was refused
    assert sc.selected is None and sc.controller.game.ply == 2      # ... and not kept to act in this one
    assert sc.cursor == ("hand", 0, 0)                   # the turn starts on the first card, not where LEFT went
    assert sc.controller.last == sc.controller.game.field.index("b1")          # the last placement stays marked
    assert sc.controller.messages.text == "Since your last turn: 1 card placed (b1); you lost 1 card"
    assert [ln.text for ln in sc.controller.log.lines if ln.first][-1] == "Player 2 plays Solid 1 on b1"


def test_the_speed_setting_governs_the_steps(make_app, fake_ai):
    lengths = {}
    for speed in ("slow", "normal", "instant"):
        brain = ScriptBrain(["t/x1@b1"], delay=1)
        app, sc = make_table(make_app, [WEAK5, STRONG5], seats=[HUMAN, COMPUTER], brain=brain)
        app.settings["animation"] = speed
        play_click(app, sc, "t/w1", "a1")
        n = 0
        while sc.phase != "turn" or sc.controller.game.ply < 2:
            step(app)
            n += 1
            assert n < 2000
        lengths[speed] = n
    assert lengths["slow"] > lengths["normal"] > lengths["instant"]
    assert lengths["instant"] <= 6


def test_hot_seat_shows_the_movers_result_before_the_pass_screen(make_app):
    app, sc = make_table(make_app, [STRONG5, WEAK5], first=1)
    play_click(app, sc, "t/w1", "a1")                    # seat 2 plays; seat 1 takes the screen
    take_seat(app, sc)
    click(app, *hand_centre(sc, 0, "t/x1"))
    click(app, *cell_centre(sc, "b1"))                   # captures a1
    seen = []
    for _ in range(400):
        step(app)
        app.render()
        top = app.stack.top
        seen.append("pass" if isinstance(top, PassScreen) else str(sc.phase))
        if sc.phase == "result":
            break
    assert "pass" not in seen and seen[-1] == "result"
    assert fill_colour(app, sc, "a1") == P.BLUE          # the mover sees the capture in their colour
    assert "Enter: pass the screen on" in " ".join(t for t, _ in sc.picture.top_text())
    step(app, 30)
    assert sc.phase == "result" and app.stack.top is sc  # it waits for the mover
    press(app, "RETURN")
    screen = app.stack.top
    assert isinstance(screen, PassScreen) and screen.seat == 1
    assert screen.summary == "Since your last turn: 1 card placed (b1); you lost 1 card"
    press(app, "RETURN")
    assert sc.phase == "turn" and sc.controller.messages.text == screen.summary


def test_the_move_log_lists_every_line_and_scrolls(make_app):
    app, sc = make_table(make_app, [STRONG5, WEAK5], open=True, first=1)
    for cid, cell in [("t/w1", "a1"), ("t/x1", "b1"), ("t/w2", "c3"), ("t/x2", "c2")]:
        play_click(app, sc, cid, cell)
    settle(app, sc)
    press(app, "l")
    win = app.stack.top
    assert isinstance(win, TextWindow) and win.title == "Move log"
    texts = [line[1:] for line in win.view.lines]
    assert texts[:2] == [" 1. Player 2 plays Weak 1 on a1", " 2. Player 1 plays Solid 1 on b1"]
    assert "    Player 1 captures Weak 1 on a1 from Player 2 (5>1)" in texts
    assert texts[-1].strip() == "Player 1 captures Weak 2 on c3 from Player 2 (5>1)"
    press(app, "ESC")
    press(app, "ESC", "DOWN", "RETURN")                  # the Esc menu's Move log
    assert isinstance(app.stack.top, TextWindow) and app.stack.top.title == "Move log"
    app.render()
    check_reference(app.display.logical, "cards_log")


def test_leaving_a_game_in_progress_asks_first_with_no_as_the_default(make_app):
    app, sc = make_table(make_app, [STRONG5, WEAK5], open=True)
    play_click(app, sc, "t/x1", "a1")
    settle(app, sc)
    press(app, "ESC", *["UP"] * 5, "RETURN")             # New game
    ask = app.stack.top
    assert isinstance(ask, ChoiceWindow) and ask.title == "New game" and ask.menu.current.label == "No"
    press(app, "RETURN")
    assert app.stack.top is sc and sc.controller.game.ply == 1
    press(app, "ESC", "UP", "RETURN")                    # Quit to title
    assert app.stack.top.title == "Quit to title"
    press(app, "ESC")                                    # Esc is No too
    assert app.stack.top is sc
    press(app, "ESC", *["UP"] * 5, "RETURN", "DOWN", "RETURN")   # New game, Yes
    assert isinstance(app.stack.top, CardsSetupScene)


def test_the_ability_offer_waits_for_the_captures_and_hides_none_of_them(make_app):
    hands = [["t/x1", "t/x2", "t/x3", "t/grab", "t/x4"], WEAK5]
    app, sc = make_table(make_app, hands, open=True)
    for cid, cell in [("t/x1", "c3"), ("t/w1", "b1"), ("t/x2", "c2"), ("t/w2", "a2"), ("t/x3", "b3"),
                      ("t/w3", "a3")]:
        play_click(app, sc, cid, cell)
    play_click(app, sc, "t/grab", "a1")
    colours = []
    while sc.phase == "show":
        assert not isinstance(app.stack.top, ChoiceWindow)
        step(app)
        app.render()
        colours.append((fill_colour(app, sc, "b1"), fill_colour(app, sc, "a2")))
    assert (P.BLUE, P.RED) in colours and colours[-1] == (P.BLUE, P.BLUE)    # one after the other
    win = app.stack.top
    assert isinstance(win, ChoiceWindow) and win.title == "Multiple capture"
    app.render()
    for c in ("a1", "b1", "a2"):
        assert fill_colour(app, sc, c) == P.BLUE and not win.rect.colliderect(
            sc.layout.cell_rect(sc.controller.game.field.index(c)))
    press(app, "RETURN")                                 # Grab One: its target
    app.render()
    assert sc.phase == "targets" and fill_colour(app, sc, "b1") == P.BLUE     # still the mover's colour


def test_capture_preview_and_the_hint_are_marked_on_the_board(make_app, fake_ai):
    brain = ScriptBrain(["t/w1@b2"], delay=2)
    app, sc = make_table(make_app, [STRONG5, WEAK5], seats=[HUMAN, COMPUTER], open=True, first=1, brain=brain)
    settle(app, sc)
    take_seat(app, sc)
    press(app, "h")
    step(app, 6)
    assert sc.controller.hint is not None
    hand, cell = sc.picture.hint_marks()
    assert hand == hand_key(0, [c.id for c in sc.controller.game.hand(0)].index(sc.controller.hint[0]))
    assert sc.controller.game.field.name_of(cell) == sc.controller.hint[1]
    sc.ticks = 0
    app.render()
    r = sc.layout.card_rect(cell).inflate(6, 6)
    assert pixel(app.display.logical, r.x + 13, r.y) == P.LIGHT_GREEN       # the dashed hint frame
    assert "(a sure win)" in sc.picture.bottom_text()[0][0] or "(a sure win)" in sc.controller.messages.text
    check_reference(app.display.logical, "cards_hint")
    click(app, *hand_centre(sc, 0, "t/x2"))
    goto(app, sc, cell_key(sc.controller.game.field.index("b1")))   # the cursor on a cell: what would flip
    assert sc.view().preview == {sc.controller.game.field.index("b2")}
    sc.ticks = 0
    app.render()
    check_reference(app.display.logical, "cards_preview")


def test_setup_arrows_go_both_ways_by_mouse_and_choices_persist(make_app, monkeypatch):
    monkeypatch.setattr(players, "ai_available", lambda: False)
    app = make_app("--scene", "cards")
    setup = app.stack.top
    values = [i.value for i in setup.menu.items]
    row = values.index("preset")
    y = setup.menu.rect.y + row * 16 + 5
    text = "\u25c4 " + setup.value_text("preset") + " \u25ba"
    right = setup.menu.rect.right - 8
    left = right - app.font.width(text)
    assert setup.config.preset == "updated"
    click(app, right - 4, y)                             # \u25ba
    assert setup.config.preset == "draft"
    assert app.settings["cards"]["preset"] == "draft"    # remembered at once
    row = values.index("field")
    y = setup.menu.rect.y + row * 16 + 5
    before = setup.config.field
    text = "\u25c4 " + setup.value_text("field") + " \u25ba"
    left = right - app.font.width(text)
    click(app, left + 3, y)                              # \u25c4 goes back
    back = setup.config.field
    click(app, right - 4, y)
    assert back != before and setup.config.field == before
    press(app, "ESC")                                    # Back, then a new setup shows the same
    again = CardsSetupScene(app)
    assert again.config.preset == "draft"


def test_problem_counts_name_refused_cards_and_packs():
    from jayden_jazz.cards.catalog import Problem
    from jayden_jazz.scenes.cards.setup import problem_summary

    probs = [Problem("a.yaml", 3, "p/x", "sides.top", "too big"), Problem("a.yaml", 4, "p/x", "name", "missing"),
             Problem("b.yaml", 1, None, None, "not YAML"), Problem("a.yaml", 9, "p/y", "likes", "long", "warning")]
    assert problem_summary(probs) == "4 problems; 1 card and 1 pack refused"
    assert problem_summary(probs[3:]) == "1 problem"


def test_last_hand_and_named_saved_hands_come_back(make_app, monkeypatch):
    from jayden_jazz.scenes.cards.hands import BUTTONS, HandChoiceScene
    from jayden_jazz.scenes.cards.hands_saved import NameWindow

    monkeypatch.setattr(players, "ai_available", lambda: False)
    app = make_app("--scene", "cards", "--cards", str(PACK_DIR))
    setup = app.stack.top
    setup.config.packs_off = ["default", "example"]
    setup.config.open = True                             # no pass screens
    press(app, "RETURN")
    hc = app.stack.top
    assert isinstance(hc, HandChoiceScene)
    for ch in "weak":
        press(app, ch)
    for _ in range(5):
        press(app, "RETURN", "RIGHT")
    first = list(hc.picked)
    assert len(first) == 5 and all(c.startswith("t/w") for c in first)
    hc.press_button(BUTTONS.index("Saved hands"))
    press(app, "RETURN")                                 # Save this hand as a new one
    name = app.stack.top
    assert isinstance(name, NameWindow) and name.text == "Hand 1"
    press(app, "w", "e", "a", "k", "RETURN")
    assert hc.saved.saved_hands() == {"weak": first}
    hc.press_button(BUTTONS.index("Done"))               # seat 1 is remembered
    assert hc.seat == 1
    hc.random_fill()
    hc.press_button(BUTTONS.index("Done"))
    assert isinstance(app.stack.top, CardsTableScene)
    saved = app.settings["cards"]
    assert saved["last_hands"]["0"] == first and saved["saved_hands"]["weak"] == first
    assert saved["players"] == 2                         # the setup is kept beside them
    hc2 = HandChoiceScene(app, setup.config.copy())
    app.stack.push(hc2)
    hc2.press_button(BUTTONS.index("Last hand"))
    assert hc2.picked == first
    hc2.picked = []
    hc2.press_button(BUTTONS.index("Saved hands"))
    menu = app.stack.top
    assert [i.label for i in menu.items] == ["Load weak (5 cards)", "Back"]
    press(app, "RETURN")
    assert hc2.picked == first and hc2.focus == "buttons" and BUTTONS[hc2.button] == "Done"


def test_long_names_fit_a_tile_in_two_lines():
    from jayden_jazz.scenes.cards.hands_draw import name_lines

    assert name_lines("Springwright", 11) == ["Springwrig\u2026"]      # never split in two
    assert name_lines("The Grand Carrot", 11) == ["The Grand", "Carrot"]
    assert all(len(line) <= 11 for line in name_lines("A Very Long Name Indeed Here", 11))


def test_the_seat_to_move_has_the_large_panel(make_app, fake_ai):
    hands = [[f"t/x{i}" for i in range(1, 8)], [f"t/w{i}" for i in range(1, 8)],
             [f"t/x{i}" for i in range(2, 9)], [f"t/w{i}" for i in range(2, 9)]]
    app, sc = make_table(make_app, hands, field="5x5", open=True)
    lay = sc.layout
    for seat in range(4):
        settle(app, sc)
        assert sc.controller.game.to_move == seat
        step(app)
        mine = lay.panels[seat]
        assert all(mine.h > p.h for s, p in lay.panels.items() if s != seat)
        view = sc.keys.view_state()
        mine_cards = [r for _, r in sc.renderer.hand_slots(sc.picture.frame(view), seat)]
        rows = sorted({r.y for r in mine_cards})
        assert all(b - a >= r.h for a, b in zip(rows, rows[1:]) for r in mine_cards[:1])   # no overlap
        act = sc.controller.game.legal_actions(abilities=False)[0]
        play_click(app, sc, act.card, act.cell)
    # one person against three computers: that person's hand stays the large one
    brain = ScriptBrain(["t/w1@e5", "t/x2@e4", "t/w2@e3"] * 3, delay=1)
    app, sc = make_table(make_app, hands, field="5x5", seats=[HUMAN, COMPUTER, COMPUTER, COMPUTER], first=1,
                         brain=brain)
    for _ in range(40):
        step(app)
        assert sc.layout.focused == 0


def test_a_pack_dropped_in_during_a_game_is_on_offer_at_the_next_new_game(make_app):
    app, sc = make_table(make_app, [STRONG5, WEAK5], open=True)
    assert "extra" not in sc.library.pack_ids
    app.dirs.cards.mkdir(parents=True, exist_ok=True)
    text = (PACK_DIR / "t.yaml").read_text().replace("id: t\n", "id: extra\n", 1).replace("pictures/ace.png", "")
    (app.dirs.cards / "extra.yaml").write_text(text)
    press(app, "ESC", *["UP"] * 5, "RETURN")             # New game: nothing played, so no question
    setup = app.stack.top
    assert isinstance(setup, CardsSetupScene) and "extra" in setup.library.pack_ids


def test_a_loaded_game_gets_its_log_and_last_placement_back(make_app):
    from jayden_jazz.saves import cards as csave
    from jayden_jazz.scenes.cards import saving

    app, sc = make_table(make_app, [STRONG5, WEAK5], open=True, first=1)
    for cid, cell in [("t/w1", "a1"), ("t/x1", "b1"), ("t/w2", "c3")]:
        play_click(app, sc, cid, cell)
    settle(app, sc)
    path = csave.slot_path(app.dirs.saves, 2)
    saving.save_to(sc, path)
    table = saving.load_table(app, path)
    app.stack.push(table)
    step(app)
    assert table.controller.log.texts() == sc.controller.log.texts()
    assert table.controller.last == table.controller.game.field.index("c3")
    assert table.controller.turn_ply == sc.controller.turn_ply


def test_r_is_random_hand_until_a_search_begins_then_it_types(make_app, monkeypatch):
    from jayden_jazz.scenes.cards.hands import HandChoiceScene

    monkeypatch.setattr(players, "ai_available", lambda: False)
    app = make_app("--scene", "cards", "--cards", str(PACK_DIR))
    setup = app.stack.top
    setup.config.packs_off = ["default", "example"]
    setup.config.open = True
    press(app, "RETURN")
    hc = app.stack.top
    assert isinstance(hc, HandChoiceScene)
    ctrl(app, "r")
    assert len(hc.picked) == hc.size and hc.search == ""          # Random hand, and no letter typed
    press(app, "ESC")                                    # (nothing to clear: back to the setup)
    press(app, "RETURN")
    hc = app.stack.top
    press(app, "g", "r", "a", "b")                       # once typing, R types too
    assert hc.search == "grab" and hc.picked == []
    assert [hc.catalog[c].name for c in hc.shown] == ["Grabber"]


def test_l_and_h_open_the_log_and_ask_a_hint_once(make_app, fake_ai):
    brain = ScriptBrain([], delay=2)
    app, sc = make_table(make_app, [STRONG5, WEAK5], seats=[HUMAN, COMPUTER], open=True, brain=brain)
    settle(app, sc)
    press(app, "h")
    assert [a[0] for a in brain.asked] == ["hint"]       # one question, not two
    step(app, 4)
    press(app, "l")
    assert isinstance(app.stack.top, TextWindow) and app.stack.top.title == "Move log"
    press(app, "ESC")
    assert app.stack.top is sc


def test_the_table_asks_for_frames_only_while_something_moves(make_app, fake_ai):
    """Idle like a native app: every tick during steps and computer turns, else at the blink."""
    brain = ScriptBrain(["t/x1@b1"], delay=30)
    app, sc = make_table(make_app, [WEAK5, STRONG5], seats=[HUMAN, COMPUTER], brain=brain)
    sc.controller.messages.clear()
    assert sc.phase == "turn" and 1 < sc.redraw_in() <= 15
    play_click(app, sc, "t/w1", "a1")
    seen = set()
    for _ in range(400):
        step(app)
        if sc.phase in ("show", "computer"):
            seen.add(str(sc.phase))
            assert sc.redraw_in() == 1
        if sc.phase == "turn" and sc.controller.game.ply == 2:
            break
    assert seen == {"show", "computer"}
    wait = sc.redraw_in()
    assert wait is not None and wait <= 15


def test_clicks_while_a_placement_that_ends_the_turn_is_shown_never_act_in_the_next_turn(make_app):
    """Two people at one open table: what the first clicks while their placement is shown is
    refused, not kept to pick and place for the second person once their turn comes."""
    app, sc = make_table(make_app, [WEAK5, STRONG5], seats=[HUMAN, HUMAN], open=True)
    play_click(app, sc, "t/w1", "b2")
    assert sc.phase == "show"
    click(app, *hand_centre(sc, 1, "t/x1"))
    assert sc.controller.messages.text == "Wait: Player 1's placement is still being shown"
    click(app, *cell_centre(sc, "a1"))
    press(app, "RETURN")
    assert not sc.queue
    settle(app, sc)
    step(app, 30)
    assert sc.phase == "turn" and sc.controller.game.to_move == 1 and history(sc) == ["t/w1@b2"]
    assert sc.selected is None and sc.pending is None


def test_keys_pressed_while_an_own_capture_is_shown_still_reach_the_ability_offer(make_app):
    """The same turn goes on after the steps (the ability offer): keys pressed meanwhile are kept for it."""
    from tests.scenes.test_cards_scene import P0_GRAB

    app, sc = make_table(make_app, [P0_GRAB, WEAK5])
    for cid, cell in [("t/x1", "c3"), ("t/w1", "b1"), ("t/x2", "c2"), ("t/w2", "a2"), ("t/x3", "b3"),
                      ("t/w3", "a3")]:
        play_click(app, sc, cid, cell)
    play_click(app, sc, "t/grab", "a1")
    assert sc.phase == "show" and sc.keys.wait_reason() == ""
    press(app, "DOWN", "RETURN")                          # No ability, chosen before the offer opens
    assert len(sc.queue) == 2
    settle(app, sc)
    step(app, 200)
    assert history(sc)[-1] == "t/grab@a1" and not sc.queue
