"""The Gallery: every card of every pack, sorted, filtered, searched, opened; packs with problems shown."""

from pathlib import Path

import pytest

from jayden_jazz.scenes.cardkit.cardview import CardViewWindow
from jayden_jazz.scenes.windows import TextWindow
from jayden_jazz.scenes.workshop.editor import CardEditorScene
from jayden_jazz.scenes.workshop.gallery import GalleryScene, Query, select
from jayden_jazz.scenes.workshop.ownpacks import new_pack
from jayden_jazz.shell.input import Action, Kind
from tests.helpers import assert_ega_only, click, press
from tests.workshop.workshop_helpers import key, type_text

ROOT = Path(__file__).resolve().parents[2]

BROKEN = """pack: {id: broken, name: "Broken", author: "x", version: "1"}
cards:
  - id: half
    name: "Half"
"""


@pytest.fixture
def gallery(make_app, user_home):
    own = user_home / "cards"
    own.mkdir(parents=True)
    (own / "broken.yaml").write_text(BROKEN, encoding="utf-8")
    app = make_app("--cards", str(ROOT / "tests" / "scenes" / "cards_pack"))
    scene = GalleryScene(app)
    app.stack.push(scene)
    return app, scene


def test_every_card_of_every_pack_is_listed(gallery):
    app, g = gallery
    packs = {c.pack for c in g.shown}
    assert {"default", "example"} <= packs and len(packs) >= 3     # shipped and --cards
    assert len(g.shown) == len(g.lib.catalog) >= 39 + 12


def test_search_by_name_or_alias_as_you_type(gallery):
    app, g = gallery
    type_text(app, "ash")
    assert g.search.value == "ash"
    assert "default/ashfeather" in [c.id for c in g.shown]
    key(app, "BACKSPACE", "BACKSPACE", "BACKSPACE")
    type_text(app, "The Example")                  # an alias of example/devan, with a space
    assert [c.id for c in g.shown] == ["example/devan"]
    key(app, "ESCAPE")                             # Esc clears the search first
    assert g.search.value == "" and app.stack.top is g


def test_filter_by_pack_and_ability_and_sort(gallery):
    app, g = gallery
    key(app, "F2")
    assert g.query.pack == list(g.lib.catalog.packs)[0]
    assert {c.pack for c in g.shown} == {g.query.pack}
    while g.query.pack != "example":
        key(app, "F2")
    while g.query.ability != "win":
        key(app, "F3")
    assert g.shown and all(any(a.effect == "win" for a in c.abilities) for c in g.shown)
    while g.query.ability != "none":
        key(app, "F3")
    assert all(not c.abilities for c in g.shown)
    g.query = Query()
    cards = list(g.lib.catalog.values())
    by_name = select(cards, Query(sort="name"))
    assert [c.name.lower() for c in by_name] == sorted(c.name.lower() for c in cards)
    by_date = select(cards, Query(sort="started roasting"))
    assert [c.started_roasting for c in by_date] == sorted(c.started_roasting for c in cards)
    assert [c.budget for c in select(cards, Query(sort="budget"))] == sorted((c.budget for c in cards), reverse=True)


def test_enter_and_a_click_open_the_full_card_view(gallery):
    app, g = gallery
    press(app, "DOWN", "DOWN")
    want = g.current
    press(app, "RETURN")
    top = app.stack.top
    assert isinstance(top, CardViewWindow) and top.view.card == want
    press(app, "ESC")
    app.stack.handle(Action(Kind.POINT, pos=(40, 90 + 14 * 4 + 5)))   # pointing chooses the row
    assert g.index == 4 and app.stack.top is g and g._view.card == g.shown[4]
    click(app, 40, 90 + 14 * 4 + 5)                # a click opens it
    assert isinstance(app.stack.top, CardViewWindow) and app.stack.top.view.card == g.shown[4]


def test_packs_with_problems_are_shown(gallery):
    app, g = gallery
    assert any(p.file.endswith("broken.yaml") for p in g.lib.problems)
    key(app, "F5")
    top = app.stack.top
    assert isinstance(top, TextWindow)
    assert any("broken.yaml" in line for line in top.view.lines)
    app.render()
    assert_ega_only(app.display.logical)


def test_copy_a_shipped_card_into_my_pack(gallery, user_home):
    app, g = gallery
    pack = new_pack(user_home / "cards", "Mine", "Me", set())
    type_text(app, "devan")
    key(app, "F6", "RETURN")                       # the only own pack that can be changed
    ed = app.stack.top
    assert isinstance(ed, CardEditorScene) and ed.pack.id == pack.id
    assert ed.card.id == "mine/devan" and ed.card.name == "Devan"
    assert ed.card.picture is not None and ed.card.picture.parent == pack.folder / "pictures"
    key(app, "F2")
    assert "id: devan" in pack.file.read_text(encoding="utf-8")


def test_gallery_draws_in_ega_colours(gallery):
    app, g = gallery
    for a in (Action(Kind.MOVE, dy=1), Action(Kind.SCROLL, dy=1), Action(Kind.MOVE, dx=1)):
        g.handle(a)
    app.render()
    assert_ega_only(app.display.logical)


def test_the_filter_buttons_answer_the_mouse(gallery):
    app, g = gallery
    rects = dict((what, rect) for rect, what in g._button_rects())
    click(app, *rects["ability"].center)
    assert g.query.ability == "none"
    click(app, *rects["sort"].center)
    assert g.query.sort == "name"
    click(app, *rects["pack"].center)
    assert g.query.pack is not None and {c.pack for c in g.shown} == {g.query.pack}


def test_each_pack_says_where_it_comes_from(gallery, user_home):
    from jayden_jazz.scenes.workshop.gallery import pack_origin

    app, g = gallery
    assert pack_origin(g.lib, "default", app) == "shipped"
    assert pack_origin(g.lib, "broken", app) == "yours"
    added = next(pid for pid in g.lib.catalog.packs if pid not in ("default", "example", "broken"))
    assert pack_origin(g.lib, added, app) == "added"
