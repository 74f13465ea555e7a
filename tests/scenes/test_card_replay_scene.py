"""The replay viewer as one scene among others on the stack."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pygame
import pytest

from jayden_jazz.cards import Action, Rules, get_field, new_game
from jayden_jazz.scenes.cardkit.cards_art import _layout, name_line_rects, paint_face, value_spots
from jayden_jazz.scenes.cardkit.library import load_library
from jayden_jazz.scenes.cards.replay import CardsReplayScene, demo
from jayden_jazz.shell.display import new_logical_surface
from tests.helpers import press, rgb_array
from tests.scenes.cards_helpers import PACK_DIR, STRONG5, WEAK5


def kind_of(r: pygame.Rect) -> str:
    return _layout(r)[0]


def test_the_replay_viewer_takes_a_redraw_request_and_marks_the_cells_an_action_changed(make_app):
    app = make_app("--cards", str(PACK_DIR), "--seed", "5")
    rp = app.stack.push(demo(app))
    assert isinstance(rp, CardsReplayScene)
    app.stack.dirty = False
    rp.changed()           # the redraw request every scene answers (the cells' set once hid it)
    assert app.stack.dirty
    press(app, "RIGHT")
    assert rp.index == 1
    assert rp.game.field.index(rp.actions[0].cell) in rp.changed_cells
    press(app, "LEFT")
    assert rp.index == 0 and rp.changed_cells == frozenset()


@pytest.mark.parametrize("name", ["Swapmeet Sal", "Grand Old Duke of Yorkshire Hills"])
def test_a_name_of_two_lines_never_covers_the_bottom_value_in_the_viewer(make_app, name):
    """A 3x3 cell is 96 pixels high in the viewer: two lines of the big font under the bottom value
    ran over it ("2" on "Swapmeet"); the name goes to the band under the value instead."""
    app = make_app("--cards", str(PACK_DIR), "--seed", "5")
    catalog = dict(load_library(app).catalog)
    catalog["t/w1"] = replace(catalog["t/w1"], name=name, sides=(2, 3, 7, 4))
    game = new_game(catalog, get_field("3x3"), [WEAK5, STRONG5], Rules(), first_seat=0)
    game.push(Action("t/w1", "b2"))
    viewer = app.stack.push(CardsReplayScene(app, game.record(), catalog, playing=False))
    viewer.go_to(1)
    app.render()
    r = viewer.cell_rect(4).inflate(-2, -2)                  # b2, as the viewer draws it
    assert kind_of(r) == "large"
    x, y = value_spots(r)[2]
    bottom = pygame.Rect(x, y, 8, 14)                         # the bottom value "7"
    small, boxes = name_line_rects(r, name)
    assert " ".join(line for line, _ in boxes).replace("\u2026", "") != ""
    for line, box in boxes:
        assert not box.colliderect(bottom), (line, box, bottom)
        assert r.inflate(-4, -4).contains(box), (line, box)  # inside the frame
    # the drawn pixels: the name's ink (what differs from the same face without a name, inside the
    # frame the viewer draws round a changed cell) lies in the name boxes, none in the bottom value's
    drawn = rgb_array(app.display.logical)[r.y:r.bottom, r.x:r.right]
    blank = new_logical_surface(r.size)
    paint_face(blank, app.font, blank.get_rect(), replace(catalog["t/w1"], name=""), 0, picture=True)
    differs = np.any(drawn != rgb_array(blank), axis=2)
    ink = [(int(c), int(rw)) for rw, c in np.argwhere(differs[2:-2, 2:-2]) + 2]
    boxes_here = [b.move(-r.x, -r.y) for _, b in boxes]
    letter = pygame.Rect(r.w // 2 - 20, 18, 40, 40)           # a card without a picture shows its initial
    ink = [p for p in ink if not letter.collidepoint(p)]
    value_here = bottom.move(-r.x, -r.y)
    assert len(ink) > 10
    for point in ink:
        assert any(b.collidepoint(point) for b in boxes_here), (point, boxes_here)
        assert not value_here.collidepoint(point), (point, value_here)
