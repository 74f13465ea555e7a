"""The hand picker's Find line: the longest search in the widest letters stays in its box, and a
letter past the longest search is said on the message line, not dropped in silence."""

from __future__ import annotations

from jayden_jazz.scenes.cards.hands_layout import FIND_RECT, SORT_RECT
from jayden_jazz.scenes.cards.hands_search import MAX_SEARCH, SEARCH_FULL
from tests.helpers import press, step
from tests.scenes.test_cards_hand_search import no_ai, open_picker, random_names, write_pack  # noqa: F401
from tests.scenes.test_cards_hand_search import type_text as type_search


def test_the_find_line_keeps_in_its_box_at_every_length(make_app, monkeypatch, no_ai, tmp_path):  # noqa: F811
    write_pack(tmp_path / "p", random_names(1, 12))
    app, hc = open_picker(make_app, monkeypatch, tmp_path / "p")
    assert FIND_RECT.right <= SORT_RECT.x
    for n in range(MAX_SEARCH + 1):
        hc.search = "w" * n
        text = hc.finder.find_text()
        assert app.font.width(text) <= FIND_RECT.w and text.endswith(("w" * min(n, 10)) + "_")


def test_the_longest_search_draws_nothing_outside_the_find_box(make_app, monkeypatch, no_ai, tmp_path):  # noqa: F811
    """Typed through the keys to the longest search the picker takes, in its widest letters (every
    glyph is 8 wide; W and M ink all of it): the toolbar row outside the box is untouched."""
    write_pack(tmp_path / "p", random_names(1, 12))
    app, hc = open_picker(make_app, monkeypatch, tmp_path / "p")
    surface = app.display.logical

    def toolbar_outside() -> list[tuple[int, ...]]:
        surface.fill(0)
        hc.draw(surface)
        return [tuple(surface.get_at((x, y))) for y in range(FIND_RECT.y - 2, FIND_RECT.bottom + 2)
                for x in range(0, SORT_RECT.x + 4) if not FIND_RECT.collidepoint(x, y)]

    empty = toolbar_outside()
    type_search(app, "Wm" * (MAX_SEARCH // 2))
    assert hc.search == "wm" * (MAX_SEARCH // 2)
    assert toolbar_outside() == empty


def test_a_letter_past_the_longest_search_is_said_on_the_message_line(make_app, monkeypatch, no_ai,  # noqa: F811
                                                                      tmp_path, sounds):
    write_pack(tmp_path / "p", random_names(1, 12))
    app, hc = open_picker(make_app, monkeypatch, tmp_path / "p")
    played = sounds(app)
    type_search(app, "q" * MAX_SEARCH)
    type_search(app, "q")
    assert hc.search == "q" * MAX_SEARCH and hc.message == SEARCH_FULL and played[-1] == "illegal"
    rows, _small = hc.painter.message_rows()                 # whole, in small capitals above the hand
    assert " ".join(rows).upper() == SEARCH_FULL.upper()
    press(app, "backspace")
    assert hc.message == "" and hc.search == "q" * (MAX_SEARCH - 1)
    step(app)
