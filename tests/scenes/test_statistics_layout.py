"""The Statistics screen: a rule set's name never runs into the numbers.

The longest name the game can produce (a preset, every variant and every
classic rule) is counted, and the columns right of the label must stay clear.
"""

from __future__ import annotations

from types import SimpleNamespace

from jayden_jazz import statistics as stats
from jayden_jazz.cards.rules import CLASSIC, PRESETS, VARIANTS
from jayden_jazz.scenes.statistics import COLUMNS, StatisticsScene
from jayden_jazz.shell import palette as P
from tests.helpers import pixel, step


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


def test_the_longest_rule_set_name_stays_clear_of_the_played_column(make_app):
    name = longest_rule_name()
    assert len(name) > 100
    app, sc = _scene_with(make_app, [name, "Updated"])
    surf = app.display.logical
    font = app.font
    played_left = COLUMNS[0][1] - font.width(COLUMNS[0][0])
    rows = sc.rows()
    labels = [label for label, _, _ in rows]
    i = next(i for i, label in enumerate(labels) if label.strip().startswith(name[:14]))
    y = sc.row_y(i)
    # between the end of the room for labels and the one-digit number, nothing is drawn
    for x in range(played_left - 4, COLUMNS[0][1] - font.width("1") - 1):
        for dy in range(14):
            assert pixel(surf, x, y + dy) == P.BLUE or pixel(surf, x, y + dy) == P.BLACK, (x, y + dy)
    cut = sc.label_text(labels[i])
    assert cut.endswith("\u2026") and font.has("\u2026")
    assert sc.label_x() + font.width(cut) <= played_left - 4
    assert sc.label_text("  Updated") == "  Updated"


def test_every_label_fits_beside_the_numbers(make_app):
    app, sc = _scene_with(make_app, [longest_rule_name()])
    played_left = COLUMNS[0][1] - app.font.width(COLUMNS[0][0])
    for label, _, _ in sc.rows():
        assert sc.label_x() + app.font.width(sc.label_text(label)) <= played_left - 4, label


def test_column_titles_keep_a_gap_between_them(make_app):
    app = make_app()
    font = app.font
    for (_, left_end), (name, right) in zip(COLUMNS, COLUMNS[1:]):
        assert right - font.width(name) - left_end >= 8, name
