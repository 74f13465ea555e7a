"""Classic rules at the table: "Same!" and each Combo link shown step by step, the rules summary.

The scripted game (``classic_pack``) ends with a Same on b2 that takes b1
and a2; b1 then takes c1 by Combo, and c1 takes c2. Frames are recorded one
by one, so the order a player sees is checked, not just the end state.
"""
# rule: cards.md#classic-rules

from __future__ import annotations

from pathlib import Path

import pytest

from jayden_jazz.cards import Action, Rules
from jayden_jazz.cards.rule_text import RULE_HELP, RULE_NAMES, describe
from jayden_jazz.cards.rules import CAPTURE_RULES
from jayden_jazz.tables.cards.present import Announcement, steps_for
from jayden_jazz.cards import events as ev
from tests.helpers import assert_ega_only, step
from tests.reference import check_reference
from tests.scenes.cards_helpers import make_table, play_click, settle

CLASSIC_PACK = Path(__file__).resolve().parent / "classic_pack"
HANDS = (("c/p1", "c/p2", "c/p3", "c/p4", "c/same"), ("c/top", "c/link1", "c/link2", "c/left", "c/p5"))
CHAIN = [("c/p1", "a3"), ("c/top", "b1"), ("c/p2", "c3"), ("c/link1", "c1"), ("c/p3", "a1"),
         ("c/link2", "c2"), ("c/p4", "b3"), ("c/left", "a2")]
WATCHED = ("b1", "a2", "c1", "c2")


def table_before_the_same(make_app, **config):
    app, scene = make_table(make_app, HANDS, argv=("--cards", str(CLASSIC_PACK)), open=True,
                            classic=["same", "combo"], **config)
    for card, cell in CHAIN:
        settle(app, scene)
        scene.commit(Action(card, cell))
    settle(app, scene)
    return app, scene


def frames_of_the_same(app, scene, limit: int = 900) -> list[tuple[str | None, tuple[int | None, ...]]]:
    """(banner word, shown owners of WATCHED) for every frame from the Same placement on."""
    play_click(app, scene, "c/same", "b2")
    out = []
    for _ in range(limit):
        view = scene.view()
        board = view.board or {}
        owners = tuple(board[scene.controller.game.field.index(c)][1] if scene.controller.game.field.index(c) in board
                       else scene.controller.game.owner_at(c) for c in WATCHED)
        out.append((view.banner[0] if view.banner else None, owners))
        if scene.phase not in ("show",):
            break
        step(app)
    return out


def first(frames, pred) -> int:
    return next(i for i, f in enumerate(frames) if pred(f))


def test_same_is_announced_before_its_cards_turn_and_each_combo_link_follows(make_app):
    app, scene = table_before_the_same(make_app)
    frames = frames_of_the_same(app, scene)
    same = first(frames, lambda f: f[0] == "Same!")
    assert frames[same][1] == (1, 1, 1, 1)                           # announced before any card turns
    b1_turns = first(frames, lambda f: f[1][0] == 0)
    assert same < b1_turns
    assert all(f[0] == "Same!" for f in frames[same:same + 5])        # held long enough to read
    combo1 = first(frames, lambda f: f[0] == "Combo!")
    assert frames[combo1][1] == (0, 0, 1, 1)                           # b1, a2 taken; c1 next
    c1_turns = first(frames, lambda f: f[1][2] == 0)
    combo2 = first(frames[c1_turns:], lambda f: f[0] == "Combo!") + c1_turns
    assert frames[combo2][1] == (0, 0, 0, 1)                           # one link after the other
    c2_turns = first(frames, lambda f: f[1][3] == 0)
    assert combo1 < c1_turns < combo2 < c2_turns
    log = [ln.text for ln in scene.controller.log.lines]
    took = [ln for ln in log if " captures " in ln]
    assert [t.split(" on ")[1].split(" ")[0] for t in took[-4:]] == ["b1", "a2", "c1", "c2"]   # breadth first
    assert [t.rsplit("(", 1)[1].split(":")[0].rstrip(")") for t in took[-4:]] == ["Same", "Same", "Combo", "Combo"]
    assert not any(ln.startswith("Same!") or ln.startswith("Combo!") for ln in log)   # causes, not banners


def test_the_steps_follow_the_animation_speed(make_app):
    counts = {}
    for speed in ("normal", "fast", "instant"):
        app, scene = table_before_the_same(make_app)
        app.settings["animation"] = speed
        counts[speed] = len(frames_of_the_same(app, scene))
    assert counts["instant"] < counts["fast"] < counts["normal"]


def test_a_same_step_on_the_table_is_drawn_in_ega(make_app):
    app, scene = table_before_the_same(make_app)
    play_click(app, scene, "c/same", "b2")
    for _ in range(200):
        if scene.view().banner is not None and scene.view().banner[0] == "Combo!":
            break
        step(app)
    app.render()
    assert_ega_only(app.display.logical)
    check_reference(app.display.logical, "cards_combo_step")


def test_announcements_come_from_the_report_not_the_scene():
    events = [ev.Placed(0, "c/same", "b2"), ev.Captured("b1", "c/top", 0, 1, "plus"),
              ev.Captured("a2", "c/left", 0, 1, "plus"), ev.Captured("a1", "c/p3", 0, 1, "higher"),
              ev.Captured("c1", "c/link1", 0, 1, "combo")]
    steps = steps_for(events, 1.0, str, lambda c, n: str(n))
    kinds = [(type(s.event).__name__, s.banner[0] if s.banner else None) for s in steps]
    assert kinds == [("Placed", None), ("Announcement", "Plus!"), ("Captured", None), ("Captured", None),
                     ("Captured", None), ("Announcement", "Combo!"), ("Captured", None)]
    plus = steps[1].event
    assert isinstance(plus, Announcement) and plus.cells == ("b1", "a2") and plus.cell == "b2"
    assert steps_for(events, 0.0, str, lambda c, n: str(n))[1].ticks == 0      # instant speed


@pytest.mark.parametrize("on", [(), ("same", "plus", "combo"), ("reverse", "fallen_ace"),
                                ("same", "same_wall", "elemental"), CAPTURE_RULES])
def test_the_rules_summary_lists_exactly_the_active_rules(make_app, on):
    app, scene = make_table(make_app, HANDS, argv=("--cards", str(CLASSIC_PACK)), open=True, classic=list(on))
    assert scene.controller.game.rules.classic == tuple(on)
    summary = scene.windows.rules_summary()
    named = [ln.split(":")[0] for ln in summary if ln.split(":")[0] in RULE_NAMES.values()]
    assert named == [RULE_NAMES[r] for r in on]
    for r in on:
        assert f"{RULE_NAMES[r]}: {RULE_HELP[r]}" in summary               # the data table's words
    assert describe(Rules(**{r: True for r in on})) == [ln for ln in summary if ln.split(":")[0] in named]
    from jayden_jazz.scenes.cards.windows import rules_window

    win = rules_window(app, summary, lambda: None)
    assert win.rect.bottom <= 350 and win.rect.top >= 0                  # the window fits the screen
