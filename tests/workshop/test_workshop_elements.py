"""Elements in the Gallery (a filter) and in the card editor (a row that round-trips through a save)."""

from pathlib import Path

import pytest

from jayden_jazz.cards.card import ELEMENTS
from jayden_jazz.scenes.workshop.editor import CardEditorScene
from jayden_jazz.scenes.workshop.gallery import ELEMENT_FILTERS, GalleryScene
from jayden_jazz.scenes.workshop.ownpacks import new_pack
from tests.helpers import assert_ega_only, click
from tests.workshop.test_workshop_editor import fill_card, saved_card
from tests.workshop.workshop_helpers import goto, key, turn_to


@pytest.fixture
def gallery(make_app, user_home):
    app = make_app()
    scene = GalleryScene(app)
    app.stack.push(scene)
    return app, scene


def test_the_gallery_filters_by_element_by_key_and_click(gallery):
    app, g = gallery
    everything = len(g.shown)
    seen = []
    for _ in ELEMENT_FILTERS:
        key(app, "F7")
        seen.append(g.query.element)
        want = g.query.element
        if want == "none":
            assert g.shown and all(c.element is None for c in g.shown)
        elif want == "any":
            assert len(g.shown) == everything
        else:
            assert g.shown and all(c.element == want for c in g.shown)     # the default pack has each one
    assert sorted(seen) == sorted(ELEMENT_FILTERS)
    rect = next(r for r, what in g._button_rects() if what == "element")
    click(app, rect.x + 4, rect.y + 4)
    assert g.query.element == ELEMENT_FILTERS[1]
    boxes = [r for r, _ in g._button_rects()]
    assert all(a == b or not a.colliderect(b) for a in boxes for b in boxes)   # no button over another
    app.render()
    assert_ega_only(app.display.logical)


def test_the_editor_element_row_round_trips_through_a_save(make_app, user_home):
    app = make_app()
    pack = new_pack(Path(app.dirs.cards), "My Cards", "Tester", set())
    ed = CardEditorScene(app, pack)
    app.stack.push(ed)
    fill_card(app, ed)
    turn_to(app, ed.form, "element", "water")
    assert ed.card.element == "water" and ed.errors == []
    key(app, "F2")
    assert saved_card(ed).element == "water"
    goto(app, ed.form, "element")
    key(app, "LEFT")                                    # back to ice, the one before water
    assert ed.card.element == ELEMENTS[ELEMENTS.index("water") - 1]
    turn_to(app, ed.form, "element", None)
    key(app, "F2")
    assert saved_card(ed).element is None                # "none" writes no element at all
    assert "element" not in ed.pack.file.read_text(encoding="utf-8")
