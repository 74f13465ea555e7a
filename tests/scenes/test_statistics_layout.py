"""The Statistics screen: a rule set's name never runs into the numbers, is never cut (two
sets would read alike), and a list longer than its box scrolls with a scroll bar beside it.

The longest name the game can produce (a preset, every variant and every
classic rule) is counted, and the columns right of the label must stay clear.
"""

from __future__ import annotations

from types import SimpleNamespace

import pygame

from jayden_jazz import statistics as stats
from jayden_jazz.cards.rules import CLASSIC, PRESETS, VARIANTS
from jayden_jazz.scenes.statistics import COLUMNS, RULE_ROWS, StatisticsScene
from jayden_jazz.shell import palette as P
from tests.helpers import pixel, press, step


def longest_rule_name() -> str:
    preset = max(PRESETS, key=len)
    return stats.rules_name_cards(SimpleNamespace(preset_name=preset, variants=VARIANTS, classic=CLASSIC))


def _scene_with(make_app, names: list[str]):
    app = make_app()
    s = stats.Statistics(stats.stats_path(app))
    for name in names:
        s.add("cards", "won", ["normal"], name)
    s.save()
    sc = StatisticsScene(app, "cards")
    app.stack.push(sc)
    step(app)
    app.render()
    return app, sc


def test_the_longest_rule_set_name_goes_on_over_lines_clear_of_the_played_column(make_app):
    name = longest_rule_name()
    assert len(name) > 100
    app, sc = _scene_with(make_app, [name, "Updated"])
    surf = app.display.logical
    font = app.font
    played_left = COLUMNS[0][1] - font.width(COLUMNS[0][0])
    rows = sc.rows()
    labels = [label for label, _, _ in rows]
    i = next(i for i, label in enumerate(labels) if label.strip().startswith(name[:14]))
    lines = sc.wrap_name(name)
    assert len(lines) >= 3 and labels[i:i + len(lines)] == lines
    assert rows[i][1] is not None and all(t is None for _, t, _ in rows[i + 1:i + len(lines)])  # counts once
    # every rule of the name is on the screen, whole, in its order: nothing is cut away
    assert " ".join(" ".join(lines).split()) == name
    for k, line in enumerate(lines):
        y = sc.row_y(i + k)
        assert sc.label_text(line) == line and sc.label_x() + font.width(line) <= played_left - 4
        # between the end of the room for labels and the one-digit number, nothing is drawn
        for x in range(played_left - 4, COLUMNS[0][1] - font.width("1") - 1):
            for dy in range(14):
                assert pixel(surf, x, y + dy) == P.BLUE or pixel(surf, x, y + dy) == P.BLACK, (x, y + dy)
    assert sc.label_text("  Updated") == "  Updated"


def test_every_label_fits_beside_the_numbers(make_app):
    app, sc = _scene_with(make_app, [longest_rule_name()])
    played_left = COLUMNS[0][1] - app.font.width(COLUMNS[0][0])
    for label, _, _ in sc.rows():
        assert sc.label_x() + app.font.width(sc.label_text(label)) <= played_left - 4, label


def test_two_rule_sets_alike_but_for_their_last_rule_print_different_lines(make_app):
    """Cut after the room, both would read "Updated + Open + Same + Same Wall…"."""
    head = "Updated + Open + Same + Same Wall + Plus + Combo + Elemental"
    app, sc = _scene_with(make_app, [head + " + Random", head + " + Order"])
    shown = [label for label, t, _ in sc.rows()[len(sc.head_rows()):]]
    text = " ".join(shown)
    assert "Random" in text and "Order" in text
    assert sc.wrap_name(head + " + Random") != sc.wrap_name(head + " + Order")


def _many_sets(make_app, n: int = 12):
    """``n`` rule sets, the first played most; every third with a name of three lines."""
    names = []
    for k in range(n):
        extra = " + Same + Same Wall + Plus + Combo + Elemental + Fallen Ace" if k % 3 == 1 else ""
        names += [f"Custom + {k + 1} Spare Cards{extra}"] * (n - k)
    return _scene_with(make_app, names)


def _box_labels(sc) -> list[str]:
    return [label for label, _, _ in sc.rows()[len(sc.head_rows()):]]


def _bar(app, sc) -> list[int]:
    """The scroll bar's column, as EGA indices down the box."""
    box = sc.list_rect()
    return [pixel(app.display.logical, box.right - 2, y) for y in range(box.y, box.bottom)]


def test_a_long_rule_list_scrolls_by_keys_and_wheel_with_a_scroll_bar(make_app):
    app, sc = _many_sets(make_app)
    lines = sc.rule_lines()
    assert len(lines) > RULE_ROWS
    first = _box_labels(sc)
    assert len(first) == RULE_ROWS and first[0] == "  Custom + 1 Spare Cards"
    bar = _bar(app, sc)
    assert set(bar) == {P.DARK_GRAY, P.LIGHT_GRAY} and bar[0] == P.LIGHT_GRAY     # the thumb at the top
    press(app, "DOWN")
    assert _box_labels(sc)[0] == "  Custom + 2 Spare Cards + Same +"             # one whole set on
    press(app, "END")
    shown = _box_labels(sc)
    assert shown[-1] == lines[-1][0] and shown[0] == "  Custom + 9 Spare Cards"    # the last set is in the box
    bar = _bar(app, sc)
    assert bar[-1] == P.LIGHT_GRAY and bar[0] == P.DARK_GRAY                     # the thumb at the bottom
    press(app, "END", "DOWN")
    assert _box_labels(sc) == shown                                                # no further than the end
    press(app, "HOME")
    assert _box_labels(sc) == first
    press(app, "PAGEDOWN")
    paged = _box_labels(sc)
    assert paged[0] != first[0] and paged[0] in first                              # the last set the box began
    press(app, "PAGEUP")
    assert _box_labels(sc) == first
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    step(app)
    assert _box_labels(sc)[0] == "  Custom + 2 Spare Cards + Same +"
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    step(app)
    assert _box_labels(sc) == first


def test_the_box_always_starts_with_a_rule_sets_first_line(make_app):
    app, sc = _many_sets(make_app)
    for key in ["DOWN"] * 12 + ["UP"] * 5 + ["PAGEDOWN", "PAGEUP", "PAGEDOWN", "PAGEDOWN"]:
        press(app, key)
        rows = sc.rows()[len(sc.head_rows()):]
        assert rows[0][1] is not None, (key, rows[0])                              # counts on the top line
        assert 0 < len(rows) <= RULE_ROWS


def test_a_short_list_shows_no_scroll_bar_and_ignores_scrolling(make_app):
    app, sc = _scene_with(make_app, ["Updated", "Draft"])
    before = _box_labels(sc)
    assert set(_bar(app, sc)) <= {P.BLUE, P.BLACK}
    press(app, "DOWN", "END")
    assert _box_labels(sc) == before
    assert [label.strip() for label in before] == ["Draft", "Updated"]          # equal counts: by name


def test_column_titles_keep_a_gap_between_them(make_app):
    app = make_app()
    font = app.font
    for (_, left_end), (name, right) in zip(COLUMNS, COLUMNS[1:]):
        assert right - font.width(name) - left_end >= 8, name
