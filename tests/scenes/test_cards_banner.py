"""The "Same!" / "Plus!" / "Combo!" banner hides nothing on the table.

Whole random games are played on every shipped field for every player count
and both presets (Draft's hands are the fullest), with Elemental's glyphs in
empty cells, until each cell has been the placed card's; after every
placement the banner's place is checked against every card on the field and
in every hand, and the frame is drawn with and without it: no pixel of a
card, a panel's head or a row or column name may change.
"""
# rule: cards.md#classic-rules

from __future__ import annotations

import random

import pygame
import pytest

from jayden_jazz.cards import Rules, deal_random
from jayden_jazz.cards.field import load_fields
from jayden_jazz.cards.game import new_game
from jayden_jazz.cards.loader import load_packs
from jayden_jazz.paths import shipped_dir
from jayden_jazz.scenes.cards.banner import banner, place_banner
from jayden_jazz.scenes.cards.game_frame import frame_of
from jayden_jazz.scenes.cards.render import PANEL_HEAD, TableLayout, TableRenderer, TableView
from jayden_jazz.shell.display import new_logical_surface
from jayden_jazz.shell.font import Font
from jayden_jazz.shell.pixelart import FONT_PATH
from tests.helpers import step
from tests.scenes.test_cards_classic_table import table_before_the_same

FIELDS = load_fields()
CATALOG = load_packs([shipped_dir("cards")])[0]
FONT = Font.load(FONT_PATH)
CONFIGS = [(name, players) for name, fld in sorted(FIELDS.items()) for players in (2, 3, 4)
           if fld.playable_count >= 4 * players]     # the 3x3 and the cross take two players only
CLASSIC = dict(same=True, plus=True, combo=True, elemental=True)


def things_to_read(ren: TableRenderer, game, view: TableView) -> list[pygame.Rect]:
    """Every card on the table (field and hands), an empty cell's element, the panels' heads:
    found from the layout, not from the banner's own list."""
    from jayden_jazz.scenes.cardkit.elements_art import empty_cell_glyph

    lay = ren.layout
    out = [lay.cell_rect(i) for i in game.field.cells if game.card_at(i) is not None]
    out += [empty_cell_glyph(lay.card_rect(i))[0] for i in game.core.elements if game.card_at(i) is None]
    for s in range(game.players):
        out += [r for _, r in ren.hand_slots(frame_of(game, view), s)]
        p = lay.panels[s]
        out.append(pygame.Rect(p.x, p.y, p.w, PANEL_HEAD))
    return out


def test_the_configurations_cover_every_field_and_player_count():
    assert {name for name, _ in CONFIGS} == set(FIELDS) and len(FIELDS) >= 8
    assert {p for _, p in CONFIGS} == {2, 3, 4}


@pytest.mark.parametrize("preset", ["updated", "draft"])
@pytest.mark.parametrize("name,players", CONFIGS)
def test_the_banner_covers_no_card_after_any_placement(name, players, preset):
    fld = FIELDS[name]
    rules = Rules.preset(preset, **CLASSIC)
    rng = random.Random(f"{name}-{players}-{preset}")
    lay = TableLayout(fld, players)
    ren = TableRenderer(FONT, lay)
    plain, shown = new_logical_surface((640, 350)), new_logical_surface((640, 350))
    placed_on: set[str] = set()
    scales: list[int] = []
    every_cell = {fld.name_of(c) for c in fld.cells}
    for _ in range(8):                                # more games where one ends early (an instant win)
        if placed_on == every_cell:
            break
        game = new_game(CATALOG, fld, deal_random(list(CATALOG), fld, players, rules, rng), rules, rng=rng)
        while not game.is_over():
            action = rng.choice(game.legal_actions())
            mover = game.to_move
            game.play(action)
            placed_on.add(action.cell)
            for focus in {mover, 0}:                  # the mover's panel large, or the only person's
                lay.focus(focus)
                view = TableView(visible=frozenset(range(players)), banner=("Combo!", "combo"))
                got = ren.banner_rect(frame_of(game, view))
                assert got is not None, f"{name}: no room at all after {action}"
                scale, rect = got
                scales.append(scale)
                hit = [r for r in things_to_read(ren, game, view) if rect.colliderect(r)]
                assert not hit, f"{name}, {players} players, {action}: the banner {rect} covers {hit}"
                if len(scales) % 7 == 1:             # and in pixels, on a share of the frames
                    ren.draw(plain, frame_of(game, TableView(visible=view.visible)))
                    ren.draw(shown, frame_of(game, view))
                    changed = pygame.surfarray.array2d(plain) != pygame.surfarray.array2d(shown)
                    assert changed.any()
                    for r in things_to_read(ren, game, view) + ren._label_rects():
                        assert not changed[r.left:r.right, r.top:r.bottom].any(), f"{name}: {r} changed"
    assert placed_on == every_cell                                   # every cell was the placed card's
    assert min(scales) >= 1
    if name == "3x3":
        assert set(scales) == {3}                                     # the common table: always large
    assert scales.count(3) >= 0.6 * len(scales)                      # large on most frames (82% and more today)


def test_the_banner_goes_to_the_free_room_nearest_the_middle_and_centres_in_it():
    area = pygame.Rect(0, 0, 100, 40)
    left = pygame.Rect(0, 0, 30, 40)
    # with its 2-pixel margin the banner needs 24x14, tried on even pixels: its box may start at
    # x 30..76 and y 0..26; it goes to the middle of that room, x 52 and y 12, plus the margin
    assert place_banner((20, 10), area, [left], (0, 20)) == pygame.Rect(54, 14, 20, 10)
    full = [pygame.Rect(0, 0, 100, 40)]
    assert place_banner((20, 10), area, full, (50, 20)) is None
    assert place_banner((120, 10), area, [], (50, 20)) is None                # larger than the room


def test_the_smaller_banners_are_the_same_word_in_fewer_pixels():
    big, mid, small = (banner(FONT, "Same!", "same", scale=k) for k in (3, 2, 1))
    assert big.get_width() > mid.get_width() > small.get_width()
    assert big.get_height() > mid.get_height() > small.get_height()


def test_at_the_table_the_same_and_combo_banners_leave_every_card_in_sight(make_app):
    from tests.scenes.cards_helpers import play_click

    app, scene = table_before_the_same(make_app)
    play_click(app, scene, "c/same", "b2")
    words = set()
    for _ in range(600):
        view = scene.view()
        if scene.phase != "show":
            break
        if view.banner is not None:
            words.add(view.banner[0])
            got = scene.renderer.banner_rect(scene.picture.frame(view))
            assert got is not None and got[0] == 3
            cards = [scene.layout.cell_rect(i) for i in (view.board or {})]
            cards += [r for s in range(2) for _, r in scene.renderer.hand_slots(scene.picture.frame(view), s)]
            assert not any(got[1].colliderect(r) for r in cards)
        step(app)
    assert words == {"Same!", "Combo!"}
