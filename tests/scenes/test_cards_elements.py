"""Elements on screen: the eight glyphs, cards and elemental cells, the default pack's elements.

The glyphs are checked as data (palette indices 0-15 only, every element
drawn, no two alike) and on the table: an elemental cell shows its glyph
while empty and on the card lying there, and the values the modifier
changed are drawn changed.
"""
# rule: cards.md#elemental

from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
import pytest

from jayden_jazz.cards import Action, new_game
from jayden_jazz.cards.card import ELEMENTS
from jayden_jazz.cards.loader import load_packs
from jayden_jazz.paths import shipped_dir
from jayden_jazz.scenes.cardkit.cards_art import paint_face
from jayden_jazz.scenes.cardkit.elements_art import GLYPH, glyph, glyphs
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.display import new_logical_surface
from jayden_jazz.shell.pixelart import TRANSPARENT_INDEX, load_sprite_rows
from jayden_jazz import paths
from tests.helpers import assert_ega_only
from tests.reference import check_reference
from tests.scenes.cards_helpers import make_table, settle

CLASSIC_PACK = Path(__file__).resolve().parent / "classic_pack"
HANDS = (("c/p1", "c/p2", "c/p3", "c/p4", "c/same"), ("c/top", "c/link1", "c/link2", "c/left", "c/p5"))
CELLS = (("a1", "fire"), ("b1", "ice"), ("c1", "thunder"), ("a2", "earth"), ("c2", "poison"),
         ("a3", "wind"), ("b3", "water"), ("c3", "holy"))


def test_every_element_has_its_own_glyph_in_ega_indices_only():
    rows = load_sprite_rows(paths.asset("sprites", "elements.txt"))
    assert sorted(rows) == sorted(ELEMENTS)
    seen = set()
    for name in ELEMENTS:
        g = glyphs()[name]
        assert g.get_size() == (GLYPH, GLYPH)
        idx = pygame.surfarray.array2d(g)
        used = set(np.unique(idx)) - {TRANSPARENT_INDEX}
        assert used and used <= set(range(16)), (name, used)           # palette indices 0-15 only
        assert (idx != TRANSPARENT_INDEX).sum() >= 15                    # a drawing, not a dot
        seen.add(idx.tobytes())
    assert len(seen) == len(ELEMENTS)                                   # no two alike




@pytest.mark.parametrize("size", [(40, 40), (30, 40), (64, 64), (102, 102)])
def test_a_card_with_an_element_shows_its_glyph_in_the_corner_at_every_size(make_app, size):
    app = make_app()
    catalog, _ = load_packs([CLASSIC_PACK])
    fire, plain = catalog["c/same"], catalog["c/left"]
    assert fire.element == "fire" and plain.element is None
    drawn = {}
    for card in (fire, plain):
        surf = new_logical_surface(size)
        paint_face(surf, app.font, surf.get_rect(), card, 0)
        drawn[card.id] = pygame.surfarray.array2d(surf)
    g = pygame.surfarray.array2d(glyph("fire"))
    corner = drawn["c/same"][1:1 + GLYPH + 2, 1:1 + GLYPH + 2]
    ink = g != TRANSPARENT_INDEX
    found = any((corner[dx:dx + GLYPH, dy:dy + GLYPH][ink] == g[ink]).all()
                for dx in range(3) for dy in range(3))
    assert found                                                        # the fire glyph, top left
    assert not (drawn["c/left"][1:12, 1:12] == P.YELLOW).any()          # a card with no element: no glyph


def elemental_table(make_app):
    app, scene = make_table(make_app, HANDS, argv=("--cards", str(CLASSIC_PACK)), open=True,
                            classic=["elemental"])
    m = scene.match
    scene.restore(new_game(scene.library.catalog, m.field, m.hands, scene.controller.game.rules, first_seat=0,
                           date=m.date, names=m.names(), elements=CELLS), None)
    return app, scene


def test_elemental_cells_show_their_glyph_empty_and_under_a_card_with_the_modifier(make_app):
    app, scene = elemental_table(make_app)
    for card, cell in (("c/p1", "a1"), ("c/top", "b1"), ("c/p2", "c3")):
        settle(app, scene)
        scene.commit(Action(card, cell))
    settle(app, scene)
    g = scene.controller.game
    # b1 is ice and Top Pair is ice: +1 on every side; a1 is fire and Plain One is poison: -1 (clamped at 1)
    assert g.effective_sides("b1") == tuple(min(10, v + 1) for v in g.card_at("b1").sides)
    assert g.effective_sides("a1") == tuple(max(1, v - 1) for v in g.card_at("a1").sides)
    scene.cursor = None
    app.render()
    surf = app.display.logical
    assert_ega_only(surf)
    arr = pygame.surfarray.array2d(surf)
    for name, element in CELLS:
        r = scene.layout.card_rect(g.field.index(name))
        ink = pygame.surfarray.array2d(glyph(element)) != TRANSPARENT_INDEX
        colours = set(np.unique(pygame.surfarray.array2d(glyph(element))[ink]))
        patch = set(np.unique(arr[r.x:r.right, r.y:r.bottom]))
        assert colours <= patch, (name, element)                         # every elemental cell shows its glyph
    check_reference(surf, "cards_elemental_3x3")


def test_the_default_pack_gives_a_fair_share_of_its_cards_an_element():
    catalog, problems = load_packs([shipped_dir("cards")])
    assert not [p for p in problems if p.is_error]
    default = [c for c in catalog.values() if c.pack == "default"]
    with_element = [c for c in default if c.element is not None]
    assert len(default) / 3 <= len(with_element) <= len(default) / 2 + 1
    assert {c.element for c in with_element} == set(ELEMENTS)          # every element appears


def test_the_card_view_names_the_element_and_the_cells_modifier(make_app):
    from jayden_jazz.scenes.cardkit.cardview import CardViewWindow, text_lines

    catalog, _ = load_packs([CLASSIC_PACK])
    assert any(ln[1:] == "Element: Fire" for ln in text_lines(catalog["c/same"]))
    assert not any("Element" in ln for ln in text_lines(catalog["c/left"]))
    app, scene = elemental_table(make_app)
    settle(app, scene)
    scene.commit(Action("c/p1", "b1"))                   # poison card on the ice cell: -1
    settle(app, scene)
    scene.show_card(("cell", scene.controller.game.field.index("b1")))
    view = app.stack.top
    assert isinstance(view, CardViewWindow)
    text = " ".join(ln[1:].strip() for ln in view.view.lines)
    assert "Now 6111 (printed 7111)" in text and "b1 is an ice cell: -1 on every side" in text


def test_the_replay_viewer_shows_the_elemental_cells(make_app):
    from jayden_jazz.scenes.cards.replay import CardsReplayScene

    app, scene = elemental_table(make_app)
    settle(app, scene)
    scene.commit(Action("c/p1", "a1"))
    settle(app, scene)
    viewer = CardsReplayScene(app, scene.controller.game.record(), scene.library.catalog, playing=False)
    app.stack.push(viewer)
    viewer.step(1)
    app.render()
    surf = app.display.logical
    assert_ega_only(surf)
    arr = pygame.surfarray.array2d(surf)
    for name, element in CELLS:
        r = viewer.cell_rect(scene.controller.game.field.index(name))
        g = pygame.surfarray.array2d(glyph(element))
        assert set(np.unique(g[g != TRANSPARENT_INDEX])) <= set(np.unique(arr[r.x:r.right, r.y:r.bottom])), name
