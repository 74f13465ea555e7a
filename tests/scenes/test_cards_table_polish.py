"""The card table as a new player meets it: clicks mean what the screen shows."""

from __future__ import annotations

from jayden_jazz.scenes.cards.render import hand_key
from tests.helpers import click
from tests.scenes.cards_helpers import STRONG5, WEAK5, cell_centre, goto, make_table



def test_a_click_on_a_free_cell_plays_the_card_the_arrow_keys_framed(make_app):
    app, sc = make_table(make_app, [STRONG5, WEAK5], open=True)
    goto(app, sc, hand_key(0, 2))                        # arrows onto the third card; not picked
    assert sc.selected is None
    click(app, *cell_centre(sc, "b2"))
    assert sc.controller.game.card_at("b2") is not None and sc.controller.game.card_at("b2").id == "t/x3"


def test_a_click_on_a_free_cell_with_no_card_chosen_says_what_to_do(make_app):
    app, sc = make_table(make_app, [STRONG5, WEAK5], open=True)
    click(app, *cell_centre(sc, "b2"))                   # the first card is framed, but nobody chose it
    assert sc.controller.game.ply == 0
    assert sc.controller.messages.text == "Pick a card of your hand first, then a free cell"


# ---------------------------------------------------------------------------- faces and layouts
import itertools  # noqa: E402

import pytest  # noqa: E402

from jayden_jazz.scenes.cards.render import TableView  # noqa: E402
from jayden_jazz.shell import palette as P  # noqa: E402
from tests.helpers import assert_ega_only, pixel, step  # noqa: E402
from tests.reference import check_reference  # noqa: E402
from tests.scenes.cards_helpers import play_click, settle  # noqa: E402

DEFAULT = ["grand_carrot", "old_bramble", "archivist_marlo", "ashfeather", "pillar", "springwright", "brickmason",
           "rebootica", "quillstorm", "grindstone", "lagspike", "chipsy", "flagrunner", "ricochet", "tilejack",
           "nitpick", "pixel_pilar", "chainlink", "wikiwren", "thornback", "mid_tier_milo", "doublejump_dex",
           "bracketeer", "bumper", "dashline", "strafe", "hugsworth", "swapmeet_sal", "underdog_pip"]
HAND_SIZE = {("3x3", 2): 5, ("5x5", 2): 13, ("5x5", 3): 9, ("5x5", 4): 7,
             ("7x7", 2): 25, ("7x7", 3): 17, ("7x7", 4): 13}


def hands_for(field: str, players: int) -> list[list[str]]:
    n = HAND_SIZE[(field, players)]
    pool = [f"default/{c}" for c in DEFAULT] + [f"t/x{i}" for i in range(1, 9)] + [f"t/w{i}" for i in range(1, 9)]
    return [pool[s * 3:s * 3 + n] if s * 3 + n <= len(pool) else pool[-n:] for s in range(players)]


@pytest.mark.parametrize("field,players", [("3x3", 2)] + [(f, p) for f, p in itertools.product(("5x5", "7x7"), (2, 3, 4))])
def test_no_face_up_hand_card_hides_another(make_app, field, players):
    """Open games: every seat's face-up cards lie side by side, whichever seat is to move."""
    app, sc = make_table(make_app, hands_for(field, players), field=field, open=True)
    for mover in range(players):
        sc.layout.focus(mover)
        view = TableView(visible=frozenset(range(players)))
        for seat in range(players):
            rects = [r for _, r in sc.renderer.hand_slots(sc.picture.frame(view), seat)]
            assert len(rects) == len(sc.controller.game.hand(seat))
            panel = sc.layout.panels[seat]
            for a, b in itertools.combinations(rects, 2):
                assert not a.colliderect(b), f"seat {seat + 1}'s cards overlap ({field}, {players} players)"
            assert all(panel.contains(r) for r in rects)
        big = sc.renderer.hand_slots(sc.picture.frame(view), mover)[0][1]
        assert all(big.w >= r.w for s in range(players) for _, r in sc.renderer.hand_slots(sc.picture.frame(view), s))


def test_screenshot_5x5_mid_game_with_names(make_app):
    hands = hands_for("5x5", 2)
    app, sc = make_table(make_app, hands, field="5x5", open=True)
    moves = [(hands[0][0], "c3"), (hands[1][0], "b2"), (hands[0][1], "d4"), (hands[1][1], "c2"),
             (hands[0][6], "a5"), (hands[1][3], "e1")]
    for cid, cell in moves:
        play_click(app, sc, cid, cell)
    settle(app, sc)
    sc.ticks = 0
    sc.controller.messages.clear()
    app.render()
    surf = app.display.logical
    assert_ega_only(surf)
    assert sc.layout.cell_w == 60
    c3 = sc.layout.card_rect(sc.controller.game.field.index("c3"))
    # the name's small capitals (white) sit under the top value, inside the owner's fill
    band = [pixel(surf, x, y) for x in range(c3.x + 4, c3.right - 4) for y in range(c3.y + 13, c3.y + 24)]
    assert band.count(P.WHITE) >= 20
    check_reference(surf, "cards_table_5x5")


def test_screenshot_three_players_open(make_app):
    hands = hands_for("7x7", 3)
    app, sc = make_table(make_app, hands, field="7x7", open=True)
    for cid, cell in [(hands[0][0], "d4"), (hands[1][0], "c4"), (hands[2][0], "e4"), (hands[0][1], "d3")]:
        play_click(app, sc, cid, cell)
    settle(app, sc)
    sc.ticks = 0
    sc.controller.messages.clear()
    app.render()
    surf = app.display.logical
    assert_ega_only(surf)
    check_reference(surf, "cards_table_3p_open")


# ---------------------------------------------------------------------------- the bars
from jayden_jazz.scenes.cards.render import (BAR_H, BAR_ROOM, SEP, TWO_LINE_H, fit_bar, small_lines,  # noqa: E402
                                             two_lines)
from jayden_jazz.shell.smallfont import small_font  # noqa: E402

LONG_MESSAGES = [
    "Since your last turn: 3 cards placed (c2, d4, e5); you lost 12 cards; 2 seats skipped; the field was reset",
    "Hint: Doublejump Dex on c3, then Myth Made Real on a1, b2, hand:default/archivist_marlo (a loss whatever "
    "you do)",
    "Player 4 places The Grand Carrot on g7: 4 captures; Myth Made Real",
    "That is Player 3's hand; Player 4 plays now",
    "Pick a card of your hand first, then a free cell",
]


@pytest.mark.parametrize("field", ["3x3", "5x5", "7x7"])
def test_the_longest_messages_are_never_cut(make_app, field):
    """Every message is drawn whole: in the bar's font when it fits (the card under the cursor and
    the key list give way), else alone in two lines of that font, else in two lines of small
    capitals; measured with the fonts' metrics, then checked on the screen."""
    hands = hands_for(field, 2)
    app, sc = make_table(make_app, hands, field=field, open=True)
    font = app.font
    goto(app, sc, hand_key(0, hands[0].index("default/doublejump_dex")) if "default/doublejump_dex" in hands[0]
         else hand_key(0, 0))
    for text in LONG_MESSAGES:
        sc.say(text)
        parts = sc.picture.bottom_text()
        assert parts[0][0] == text
        shown, small = fit_bar(font, parts)
        assert shown[0][0] == text
        if small and two_lines(font, text) is not None:
            lines = two_lines(font, text)                # two lines of the big font, not small capitals
            assert len(lines) == 2 and " ".join(lines) == text
            app.render()
            surf = app.display.logical
            ink = [y for y in range(350 - TWO_LINE_H, 350) if any(pixel(surf, x, y) not in (P.BLACK, P.DARK_GRAY)
                                                                   for x in range(4, 300))]
            assert ink and min(ink) < 350 - BAR_H <= max(ink)   # the upper line above the usual bar
        elif small:
            lines = small_lines(text)
            assert len(lines) <= 2 and " ".join(lines) == text
            assert all(small_font().width(ln) <= BAR_ROOM for ln in lines)
        else:
            assert sum(font.width(t) for t, _ in shown) + font.width(SEP) * (len(shown) - 1) <= BAR_ROOM
        app.render()
        surf = app.display.logical
        assert_ega_only(surf)
        # nothing drawn at the right edge: the text ended before it
        assert all(pixel(surf, x, y) == P.BLACK for x in range(636, 640) for y in range(334, 350))
    sc.say(LONG_MESSAGES[2])
    shown, small = fit_bar(font, sc.picture.bottom_text())
    assert not small and shown[0][0] == LONG_MESSAGES[2]    # one line of the big font: the key list gave way


# ---------------------------------------------------------------------------- idling
def test_the_replay_viewer_asks_for_frames_only_at_its_steps(make_app):
    from jayden_jazz.scenes.cards.replay import CardsReplayScene, demo
    from tests.helpers import press as press_key

    app = make_app()
    rp = demo(app)
    assert isinstance(rp, CardsReplayScene) and rp.playing
    app.stack.push(rp)
    step(app, 3)
    assert rp.redraw_in() == rp.timer > 1                # the next step, not every tick
    before = rp.index
    for _ in range(rp.timer):
        step(app)
    assert rp.index == before + 1                        # ... and the step came then
    press_key(app, "RETURN")                              # pause
    assert not rp.playing and rp.redraw_in() is None


def test_the_hand_picker_idles_while_a_person_chooses(make_app):
    from jayden_jazz.scenes.cards.hands import HandChoiceScene
    from tests.helpers import press as press_key

    app = make_app("--scene", "cards", "--seed", "2")
    app.stack.top.config.seats[1] = {"kind": "human"}    # two people (a fresh install offers the computer)
    press_key(app, "RETURN")                             # Choose hands: "pass to Player 1" first
    hc = list(app.stack)[-2]
    assert isinstance(hc, HandChoiceScene) and hc.phase == "pass"
    assert hc.redraw_in() is None                        # still behind the pass screen
    press_key(app, "RETURN")                             # take the seat
    assert app.stack.top is hc and hc.phase == "choose"
    assert 1 <= hc.redraw_in() <= 15 and hc.redraw_in() == 15 - hc.ticks % 15
    hc.ticks = 14
    assert hc.redraw_in() == 1                           # the blink is next


def test_a_two_line_name_on_a_3x3_face_stays_inside_the_frame(make_app):
    """ "Mid Tier Milo" on a 3x3 face: its name ends above the frame, none of it is cut (in small
    capitals, as two big lines would cover the bottom value)."""
    from jayden_jazz.scenes.cardkit.cards_art import paint_face
    from jayden_jazz.scenes.cardkit.library import load_library
    from jayden_jazz.shell.display import new_logical_surface

    app = make_app()
    card = load_library(app).catalog["default/mid_tier_milo"]
    surf = new_logical_surface((98, 98))
    paint_face(surf, app.font, surf.get_rect(), card, 0)
    frame_rows = [pixel(surf, x, y) for x in range(2, 96) for y in (96, 97)]
    assert set(frame_rows) == {P.LIGHT_BLUE}              # the frame, whole
    name_rows = [pixel(surf, x, y) for x in range(4, 94) for y in range(70, 96)]
    assert name_rows.count(P.WHITE) > 60                   # the name drawn


def test_the_replay_log_wraps_long_names_instead_of_cutting_them(make_app):
    from jayden_jazz.scenes.cards.replay import LOG_COLS, CardsReplayScene

    hands = [["default/mid_tier_milo", "default/archivist_marlo", "default/doublejump_dex", "default/brickmason",
              "default/springwright"], ["default/grand_carrot", "default/byte_sized_bea", "default/swapmeet_sal",
                                        "default/underdog_pip", "default/cleo_closer"]]
    app, sc = make_table(make_app, hands, open=True)
    for cid, cell in [(hands[0][0], "b1"), (hands[1][0], "b2"), (hands[0][2], "a1")]:
        play_click(app, sc, cid, cell)
    settle(app, sc)
    rp = CardsReplayScene(app, sc.controller.game.record(), sc.library.catalog)
    rows = rp.log_lines()
    assert all(len(t) <= LOG_COLS for t, _ in rows)
    for i in (1, 2, 3):
        text = " ".join(t.strip() for t, n in rows if n == i)
        name = sc.library.catalog[[hands[0][0], hands[1][0], hands[0][2]][i - 1]].name
        assert name in text, (name, text)


def test_the_hand_pickers_messages_are_never_cut(make_app):
    from jayden_jazz.scenes.cards.hands import HandChoiceScene
    from jayden_jazz.scenes.cards.hands_layout import STRIP
    from tests.helpers import press as press_key

    app = make_app("--scene", "cards", "--seed", "2")
    press_key(app, "RETURN", "RETURN")                   # Choose hands, take the seat
    hc = app.stack.top
    assert isinstance(hc, HandChoiceScene)
    for text in ("The hand is full: unpick a card or choose Done", "Pick 3 more cards first", 'Saved as "My very long hand name for Tuesdays"'):
        hc.message = text
        rows, small = hc.painter.message_rows()
        assert " ".join(rows) == text                    # whole, in order
        width = small_font().width if small else app.font.width
        assert all(width(r) <= STRIP.w for r in rows)
        app.render()
        assert_ega_only(app.display.logical)
    hc.message = "Pick 3 more cards first"
    assert hc.painter.message_rows() == (["Pick 3 more cards first"], False)


@pytest.mark.parametrize("field,players", [("5x5", 3), ("5x5", 4), ("7x7", 4)])
def test_a_waiting_seats_turn_effect_takes_one_line_and_no_card_hides_another(make_app, field, players):
    from jayden_jazz.cards.card import Ability
    from jayden_jazz.cards.game import EffectInfo

    app, sc = make_table(make_app, hands_for(field, players), field=field, open=True)
    card = sc.controller.game.hand(2)[0]
    ab = Ability(timing="turn", effect="modify", target="self", cost=4, text="", amount=3,
                 name="A Rather Long Effect Name")
    fake = EffectInfo(seat=2, card=card, number=1, ability=ab, cell="d4", turns_left=2)
    sc.controller.game.effects = lambda: (fake,)
    sc.layout.focus(0)                                   # seat 3 waits in the small panel under seat 1
    lines = sc.renderer.effect_lines(sc.picture.frame(), 2)
    assert len(lines) == 1 and lines[0][0].endswith(" d4 2t") and len(lines[0][0]) <= (158 - 8) // 8
    view = TableView(visible=frozenset(range(players)))
    rects = [r for _, r in sc.renderer.hand_slots(sc.picture.frame(view), 2)]
    for a, b in itertools.combinations(rects, 2):
        assert not a.colliderect(b)
    panel = sc.layout.panels[2]
    assert all(r.bottom <= panel.bottom - 14 for r in rects)   # above the effect's line
    assert len(sc.renderer.effect_lines(sc.picture.frame(), 0)) == 0


def test_a_crowded_small_panel_marks_its_effect_in_the_header_instead_of_hiding_cards(make_app):
    """7x7 with 3 players: a waiting seat's 17 face-up cards fill its small panel; an effect
    line would push them over each other, so a yellow diamond beside the hand count shows it."""
    from jayden_jazz.cards.card import Ability
    from jayden_jazz.cards.game import EffectInfo

    app, sc = make_table(make_app, hands_for("7x7", 3), field="7x7", open=True)
    card = sc.controller.game.hand(2)[0]
    ab = Ability(timing="turn", effect="modify", target="self", cost=4, text="", amount=3, name="Long Effect")
    sc.controller.game.effects = lambda: (EffectInfo(seat=2, card=card, number=1, ability=ab, cell="d4", turns_left=2),)
    sc.layout.focus(0)                                   # seat 3 waits in the small panel under seat 1
    assert len(sc.controller.game.hand(2)) == 17
    assert sc.renderer.effect_lines(sc.picture.frame(), 2) == []
    view = TableView(visible=frozenset(range(3)))
    rects = [r for _, r in sc.renderer.hand_slots(sc.picture.frame(view), 2)]
    for a, b in itertools.combinations(rects, 2):
        assert not a.colliderect(b)
    sc.renderer.draw(app.display.logical, sc.picture.frame(view))
    panel = sc.layout.panels[2]
    head = [pixel(app.display.logical, x, y) for x in range(panel.x + 140, panel.right) for y in range(panel.y + 16, panel.y + 30)]
    assert P.YELLOW in head
    sc.controller.game.effects = lambda: ()
    sc.renderer.draw(app.display.logical, sc.picture.frame(view))
    head = [pixel(app.display.logical, x, y) for x in range(panel.x + 140, panel.right) for y in range(panel.y + 16, panel.y + 30)]
    assert P.YELLOW not in head
