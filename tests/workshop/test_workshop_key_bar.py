"""The workshop's bottom key bar: each box sits where it is drawn, and a click on it presses its key."""

from __future__ import annotations

from jayden_jazz.scenes.workshop.home import TextPrompt, WorkshopScene
from jayden_jazz.scenes.workshop.keybar import key_bar_rects
from tests.helpers import click, step


class Mono:
    """Eight pixels a character, like the project's font."""

    def width(self, text: str) -> int:
        return 8 * len(text)


def test_boxes_run_left_to_right_gap_apart_each_wide_enough_for_its_words():
    rects = key_bar_rects(Mono(), [("Enter", "Edit"), ("Z", "Zip")], 326, 3)
    (first, k1), (second, k2) = rects
    assert (k1, k2) == ("Enter", "Z")
    assert (first.x, first.y, first.w, first.h) == (4, 326, 8 * len("Enter Edit") + 8, 16)
    assert second.x == first.right + 3 and second.w == 8 * len("Z Zip") + 8


def test_a_click_on_the_home_screens_new_pack_box_asks_for_the_packs_name(make_app, user_home):
    app = make_app()
    w = WorkshopScene(app)
    app.stack.push(w)
    step(app, 1)
    boxes = dict((key, rect) for rect, key in w.screen.key_rects())
    assert list(boxes) == ["Enter", "C", "Del", "Z", "N"]
    assert all(r.right <= 640 for r in boxes.values())            # the whole bar on the screen
    click(app, *boxes["N"].center)
    step(app, 1)
    assert isinstance(app.stack.top, TextPrompt)
