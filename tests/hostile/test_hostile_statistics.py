"""A hostile statistics file is treated like a damaged one: kept as .bak, a notice, counting afresh.

It is read with a save's limits (size, values, nesting), so neither the
Statistics screen nor the end of a game can crash on it or spend long on it.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from helpers import step
from jayden_jazz import statistics as stats
from jayden_jazz.cards import Rules
from jayden_jazz.cards.result import decide
from jayden_jazz.saves.schema import MAX_DEPTH, MAX_VALUES
from jayden_jazz.saves.store import MAX_SAVE_BYTES

TALLY = "{played: 1, won: 1, drawn: 0, lost: 0, streak: 1, best_streak: 1}"


def rules_file(names: list[str]) -> str:
    rows = "".join(f"      {n}: {TALLY}\n" for n in names)
    return (f"format: 1\ngames:\n  cards:\n    total: {{played: {len(names)}, won: {len(names)}, "
            f"streak: {len(names)}, best_streak: {len(names)}}}\n    rules:\n{rows}")


HOSTILE = {
    "nested 100,000 deep": "format: 1\ngames: " + "[" * 100_000 + "]" * 100_000 + "\n",
    "nested just past the limit": "format: 1\ngames: " + "{a: " * MAX_DEPTH + "1" + "}" * MAX_DEPTH + "\n",
    "over the size of a save": "format: 1\n# " + "x" * (MAX_SAVE_BYTES + 10) + "\ngames: {}\n",
    "more values than a save": "format: 1\ngames: {}\nx: [" + ",".join(["1"] * (MAX_VALUES + 10)) + "]\n",
    "too many rule sets": rules_file([f"r{i}" for i in range(stats.MAX_RULE_ROWS + 1)]),
    "a control character in a rule name": rules_file(['"Updated\\x1b[2J"']),
    "a right-to-left override in a rule name": rules_file(['"Updated\\u202e"']),
    "an over-long rule name": rules_file(["R" * (stats.MAX_RULE_NAME + 1)]),
    "a count too large to show": "format: 1\ngames: {cards: {total: {played: 10000000000, won: 10000000000}}}\n",
}


def app_in(tmp_path):
    return SimpleNamespace(dirs=SimpleNamespace(data=tmp_path), notices=[])


@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_hostile_file_is_kept_aside_and_a_game_end_still_counts(tmp_path, name):
    path = tmp_path / stats.FILE_NAME
    path.write_text(HOSTILE[name])
    app = app_in(tmp_path)
    game = SimpleNamespace(result=lambda: decide((5, 2), (0, 0), "field_full"), rules=Rules())
    notice = stats.record_cards(app, [{"kind": "human"}, {"kind": "computer", "level": "easy"}], game)
    assert "not usable" in notice and "statistics.yaml.bak" in notice and len(notice) < 400
    assert (tmp_path / "statistics.yaml.bak").read_text() == HOSTILE[name]
    s = stats.Statistics.load(path)
    assert s.notice == "" and s.games["cards"].total.played == 1


def test_the_limits_are_the_saves_and_a_full_file_within_them_reads(tmp_path):
    path = tmp_path / stats.FILE_NAME
    path.write_text(rules_file([f"r{i}" for i in range(stats.MAX_RULE_ROWS)]))
    s = stats.Statistics.load(path)
    assert s.notice == "" and len(s.games["cards"].rules) == stats.MAX_RULE_ROWS


def test_past_the_rule_set_limit_a_game_is_counted_in_the_totals_only(tmp_path):
    s = stats.Statistics(tmp_path / stats.FILE_NAME)
    for i in range(stats.MAX_RULE_ROWS + 5):
        s.add("cards", "won", ["easy"], f"r{i}")
    g = s.games["cards"]
    assert len(g.rules) == stats.MAX_RULE_ROWS and g.total.played == stats.MAX_RULE_ROWS + 5
    s.add("cards", "lost", ["easy"], "r0")
    assert g.rules["r0"].played == 2
    s.save()
    assert stats.Statistics.load(s.path).notice == ""


def test_the_statistics_screen_opens_on_a_deeply_nested_file_with_a_notice(make_app):
    app = make_app()
    path = stats.stats_path(app)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(HOSTILE["nested 100,000 deep"])
    app.stack.push(app.scene("statistics"))
    step(app, 2)
    top = app.stack.top
    assert top.title == "Statistics" and "nested more than" in " ".join(top.lines)
