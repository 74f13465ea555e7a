"""Problems of a pack shared as a zip name the zip and the file inside it, in plain words."""

from __future__ import annotations

from pathlib import Path

from jayden_jazz.cards.catalog import ERROR, Problem
from jayden_jazz.scenes.cardkit.library import problem_lines, shown_file
from jayden_jazz.scenes.windows import TextWindow
from jayden_jazz.scenes.workshop.gallery import GalleryScene
from tests.workshop.test_workshop_packzip import PACK, make_zip, png_bytes
from tests.workshop.workshop_helpers import key

BAD_HEADER = """pack: {id: 7, name: "Broken head"}
cards:
  - id: lost
    name: "Lost"
"""


def test_a_file_inside_a_zip_is_named_with_the_zip():
    assert shown_file(str(Path("/home/me/cards/shared.zip/pack/pack.yaml"))) == "shared.zip: pack/pack.yaml"
    assert shown_file(str(Path("/home/me/cards/shared.zip/pack.yaml"))) == "shared.zip: pack.yaml"
    assert shown_file(str(Path("/home/me/cards/mine/mine.yaml"))) == "mine/mine.yaml"
    p = Problem(str(Path("/x/shared.zip/pack/pack.yaml")), 12, "zipped/zippy", "sides.top", "12 is too big", ERROR)
    head = problem_lines([p], 64)[0]
    assert "shared.zip: pack/pack.yaml, line 12" in head
    assert str(p).startswith(str(Path("/x/shared.zip")) + ": pack/pack.yaml:12: error: card zipped/zippy")


def _gallery_problems(make_app, user_home, entries: dict[str, bytes]) -> list[str]:
    own = user_home / "cards"
    own.mkdir(parents=True)
    make_zip(own / "shared.zip", entries)
    app = make_app()
    g = GalleryScene(app)
    app.stack.push(g)
    key(app, "F5")
    top = app.stack.top
    assert isinstance(top, TextWindow)
    return list(top.view.lines)


def test_the_gallery_names_the_zip_and_the_inner_file(make_app, user_home):
    bad = PACK.replace("top: 5", "top: 12")
    lines = _gallery_problems(make_app, user_home, {"pack/zipped.yaml": bad.encode(),
                                                   "pack/pictures/zippy.png": png_bytes()})
    text = "\n".join(lines)
    assert "shared.zip: pack/zipped.yaml" in text


def test_a_refused_pack_says_so_in_plain_words(make_app, user_home):
    lines = _gallery_problems(make_app, user_home, {"pack/broken.yaml": BAD_HEADER.encode()})
    text = "\n".join(lines)
    assert "no card of it plays" not in text
    assert "the pack is refused: none of its cards could be read" in text
    assert "shared.zip: pack/broken.yaml" in text
