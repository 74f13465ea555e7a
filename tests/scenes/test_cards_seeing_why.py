"""Seeing why cards turned: what Same and Plus matched is framed on the cards while the banner
shows and written in the caption and the log."""
# rule: cards.md#classic-rules

from __future__ import annotations

from jayden_jazz.cards import Action, Card, Field, Rules, new_game
from jayden_jazz.cards import events as ev
from jayden_jazz.tables.cards.movelog import event_text
from tests.helpers import assert_ega_only, step
from tests.reference import check_reference
from tests.scenes.cards_helpers import play_click
from tests.scenes.test_cards_classic_table import table_before_the_same


def test_the_pairs_same_matched_are_framed_while_its_banner_shows_and_logged(make_app):
    app, scene = table_before_the_same(make_app)
    play_click(app, scene, "c/same", "b2")
    f = scene.controller.game.field
    seen = None
    for _ in range(300):
        view = scene.view()
        if view.banner is not None and view.banner[0] == "Same!":
            seen = view
            break
        step(app)
    assert seen is not None
    # Same Maker on b2: top 3 against b1's bottom 3, left 4 against a2's right 4
    assert sorted(seen.matched) == sorted([(f.index("b2"), 0), (f.index("b1"), 2),
                                           (f.index("b2"), 3), (f.index("a2"), 1)])
    assert scene.controller.caption is not None and scene.controller.caption[0].startswith("Same! 3=3 and 4=4: 2 cards")
    app.render()
    assert_ega_only(app.display.logical)
    check_reference(app.display.logical, "cards_same_marks")
    for _ in range(400):
        if scene.phase != "show":
            break
        step(app)
    assert scene.view().matched == ()                     # gone with the banner
    took = [ln.text for ln in scene.controller.log.lines if " captures " in ln.text]
    assert took[-4].endswith("on b1 from Player 2 (Same: 3=3 and 4=4)")
    assert took[-1].endswith(")") and "(Combo: " in took[-1]        # the link names its comparison
    link = took[-1].rsplit("(Combo: ", 1)[1].rstrip(")")
    assert link[1] in "><=" and len(link) == 3


def test_plus_writes_the_equal_sums():
    cards = {c.id: c for c in [Card.from_sides("k/x", "3711"), Card.from_sides("k/up", "1171"),
                               Card.from_sides("k/right", "1113")]
             + [Card.from_sides(f"k/p{i}", "1111") for i in range(7)]}
    hands = (("k/x", "k/p0", "k/p1", "k/p2", "k/p3"), ("k/up", "k/right", "k/p4", "k/p5", "k/p6"))
    g = new_game(cards, Field.rectangle(3), hands, Rules.preset("updated", plus=True), first_seat=1)
    g.play(Action("k/up", "b1"))
    g.play(Action("k/p0", "a3"))
    g.play(Action("k/right", "c2"))
    rep = g.play(Action("k/x", "b2"))
    caught = [e for e in rep.events if isinstance(e, ev.Captured)]
    assert [(e.cell, e.cause) for e in caught] == [("b1", "plus"), ("c2", "plus")]
    assert caught[0].matched == (ev.Match(0, "b1", 3, 7), ev.Match(1, "c2", 7, 3))
    assert event_text(caught[0], lambda c: c, lambda c, n: "").endswith("(Plus: 3+7 = 7+3)")


def test_the_preview_shows_the_picked_cards_values_as_they_would_be_on_the_cell(make_app):
    from jayden_jazz.scenes.cards.render import cell_key
    from tests.helpers import click
    from tests.scenes.cards_helpers import goto, hand_centre, take_seat
    from tests.scenes.test_cards_elements import elemental_table

    app, sc = elemental_table(make_app)
    take_seat(app, sc)
    click(app, *hand_centre(sc, 0, "c/same"))             # Same Maker, fire, printed 3524
    f = sc.controller.game.field
    for cell, values in (("a1", (4, 6, 3, 5)), ("b1", (2, 4, 1, 3)), ("b2", (3, 5, 2, 4))):
        goto(app, sc, cell_key(f.index(cell)))
        assert sc.view().preview_values == (f.index(cell), values, (3, 5, 2, 4))
    goto(app, sc, cell_key(f.index("a1")))
    assert sc.picture.bottom_text()[0][0] == "a1: Same Maker 4635 here (printed 3524)"
    sc.ticks = 0
    app.render()
    assert_ega_only(app.display.logical)
    check_reference(app.display.logical, "cards_preview_values")


def test_your_cards_the_others_know_are_marked_in_your_hand(make_app, monkeypatch):
    from jayden_jazz.scenes.cards import players
    from jayden_jazz.scenes.cards.render import hand_key
    from tests.scenes.cards_helpers import HUMAN, STRONG5, WEAK5, LocalBrain, goto, make_table, take_seat

    monkeypatch.setattr(players, "ai_available", lambda: True)
    app, sc = make_table(make_app, [WEAK5, STRONG5], seats=[HUMAN, {"kind": "computer", "level": "easy"}],
                         first=0, classic=["hand_swap", "three_open"])
    sc.brain = LocalBrain(sc.library.catalog)
    take_seat(app, sc)
    g = sc.controller.game
    ids = g.hand_ids(0)
    known = set(g.setup.shown[0]) | {g.setup.hand_swap[1]}        # shown to all, and the card received
    want = {hand_key(0, i) for i, cid in enumerate(ids) if cid in known}
    assert want and len(want) < len(ids)
    view = sc.view()
    assert view.known_own == frozenset(want)
    assert not any(k[1] == 1 for k in view.known_own)              # the computer's hand is not face up here
    goto(app, sc, sorted(want)[0])
    assert sc.picture.bottom_text()[0][0].endswith("(the others know this card)")
    sc.ticks = 0
    app.render()
    assert_ega_only(app.display.logical)
    check_reference(app.display.logical, "cards_known_own")


def test_the_field_card_under_the_cursor_shows_its_whole_name_on_7x7(make_app):
    from jayden_jazz.scenes.cards.render import cell_key
    from tests.scenes.cards_helpers import goto, take_seat
    from tests.scenes.test_cards_scene import _finished_position

    strong = [f"t/x{i}" for i in range(1, 9)] + ["t/grab", "t/booster", "t/swapper", "t/ace", "t/w8"]
    weak = [f"t/w{i}" for i in range(1, 9)] + ["t/x1", "t/x2", "t/x3", "t/x4", "t/x5"]
    moves = [("t/x1", "a1"), ("t/w1", "g7"), ("t/w1", "d4"), ("t/ace", "e5")]
    app, sc = _finished_position(make_app, [strong, weak, weak, strong], "7x7", moves)
    take_seat(app, sc)
    goto(app, sc, cell_key(sc.controller.game.field.index("e5")))
    assert sc.picture.bottom_text()[0][0] == "e5: Ace Tester 6437"  # the keyboard cursor: the whole name below too
    sc.ticks = 0
    sc.controller.messages.clear()
    app.render()
    surf = app.display.logical
    assert_ega_only(surf)
    r = sc.layout.card_rect(sc.controller.game.field.index("e5"))
    font = app.font
    plate = font.render("Ace Tester", 15)
    assert plate.get_width() > r.w - 20                     # too long for the face at full size ...
    check_reference(surf, "cards_7x7_cursor_name")          # ... so it is written on a plate under the card


def test_short_names_are_cut_with_an_ellipsis_never_split():
    from jayden_jazz.shell.smallfont import name_lines

    assert name_lines("Rally Rowan", 4, 2) == ["Ral\u2026", "Row\u2026"]
    assert name_lines("Quillstorm", 4, 2) == ["Qui\u2026"]
    assert name_lines("Archivist Marlo", 5, 2) == ["Arch\u2026", "Marlo"]


def test_the_replay_viewer_names_cells_causes_and_elements(make_app):
    from jayden_jazz.scenes.cards.replay import CardsReplayScene
    from tests.scenes.cards_helpers import settle
    from tests.scenes.test_cards_elements import elemental_table

    app, scene = elemental_table(make_app)
    for card, cell in (("c/p1", "a1"), ("c/top", "b1"), ("c/p2", "c3")):
        settle(app, scene)
        scene.commit(Action(card, cell))
    settle(app, scene)
    viewer = CardsReplayScene(app, scene.controller.game.record(), scene.library.catalog, playing=False)
    app.stack.push(viewer)
    viewer.go_to(3)
    texts = [t for t, _ in viewer.log_lines()]
    assert "  a1 captured (6>1)" in texts                    # Top Pair, ice on ice: 6 against 1
    assert viewer.cell_rect(0).w >= 96                      # 3x3: faces large enough for whole names
    app.render()
    assert_ega_only(app.display.logical)
    check_reference(app.display.logical, "cards_replay")


def test_the_log_names_the_player_who_uses_an_ability(make_app):
    from tests.scenes.cards_helpers import WEAK5, make_table, settle
    from jayden_jazz.tables.cards.controller import TableController

    hands = [["t/x1", "t/x2", "t/x3", "t/booster", "t/x4"], WEAK5]
    app, sc = make_table(make_app, hands, open=True, first=1)
    for cid, cell in [("t/w1", "b1"), ("t/x1", "c3"), ("t/w2", "a2")]:
        play_click(app, sc, cid, cell)
    play_click(app, sc, "t/booster", "a1")
    settle(app, sc)
    from tests.helpers import press
    press(app, "RETURN")                                 # Pump
    settle(app, sc)
    texts = [ln.text for ln in sc.controller.log.lines]
    assert any(t.startswith("Player 1 uses Booster's Pump: ") for t in texts)
    assert any(t.startswith("Booster's Pump on a1 lasts 2 turns") for t in texts)
    # an ability without a name is called by its number and what it does
    from jayden_jazz.cards.loader import load_packs
    from jayden_jazz.paths import shipped_dir

    cat = load_packs([shipped_dir("cards")])[0]
    sand = next(c for c in cat.values() if c.name == "Sandstorm")
    ctl = TableController.__new__(TableController)
    ctl.catalog = cat
    assert ctl.ability_name(sand.id, 1) == "ability 1 (-2 right/left, all cards)"
    used = ev.AbilityUsed(1, sand.id, 1, "modify", "Turn: ...", ())
    assert event_text(used, ctl.card_name, ctl.ability_name).startswith(
        "Player 2 uses Sandstorm's ability 1 (-2 right/left, all cards): ")
