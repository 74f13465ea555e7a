"""Statistics: counting, per opponent level and rule set, streaks, and a damaged file."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from jayden_jazz import statistics as stats
from jayden_jazz.cards import Rules
from jayden_jazz.cards.result import decide
from jayden_jazz.jayden.position import Result as JaydenResult

HUMAN = {"kind": "human"}


def cpu(level: str) -> dict:
    return {"kind": "computer", "level": level}


def app_in(tmp_path):
    return SimpleNamespace(dirs=SimpleNamespace(data=tmp_path), notices=[])


def card_result(winners: tuple[int, ...], n: int = 2):
    scores = tuple(5 if s in winners else 2 for s in range(n))
    return decide(scores, tuple(0 for _ in range(n)), "field_full")


def test_a_tally_counts_and_keeps_the_best_streak():
    t = stats.Tally()
    for o in ["won", "won", "drawn", "won", "won", "won", "lost", "won"]:
        t.add(o)
    assert (t.played, t.won, t.drawn, t.lost) == (8, 6, 1, 1)
    assert t.best_streak == 3 and t.streak == 1
    with pytest.raises(ValueError):
        t.add("forfeit")


def test_card_games_are_counted_from_the_first_persons_seat():
    rules = Rules.preset("draft", open=True, sudden_death=True)
    assert stats.cards_entry([HUMAN, cpu("hard")], card_result((0,)), rules) == \
        ("won", ["hard"], "Draft + Open + Sudden Death")
    assert stats.cards_entry([cpu("easy"), HUMAN], card_result((0,)), Rules())[:2] == ("lost", ["easy"])
    # a shared draw including the person is a draw; one without them is a loss
    assert stats.cards_entry([HUMAN, cpu("normal"), cpu("hard")], card_result((0, 2), 3), Rules())[0] == "drawn"
    assert stats.cards_entry([HUMAN, cpu("normal"), cpu("hard")], card_result((1, 2), 3), Rules())[0] == "lost"
    assert stats.cards_entry([HUMAN, HUMAN], card_result((1,)), Rules()) == ("lost", ["human"], "Updated")
    assert stats.cards_entry([cpu("hard"), cpu("easy")], card_result((1,)), Rules()) is None


def test_jayden_games_are_counted_for_the_first_person():
    assert stats.jayden_entry({"g": HUMAN, "r": cpu("normal")}, "g", True, True) == ("won", ["normal"], "Enhanced")
    assert stats.jayden_entry({"g": cpu("hard"), "r": HUMAN}, "g", False, False) == \
        ("lost", ["hard"], "Original, no 200-action draw")
    assert stats.jayden_entry({"g": HUMAN, "r": HUMAN}, None, True, True)[0] == "drawn"
    assert stats.jayden_entry({"g": cpu("hard"), "r": cpu("easy")}, "g", True, True) is None


def test_recording_counts_per_level_and_rule_set_and_survives_a_reload(tmp_path):
    app = app_in(tmp_path)
    game = SimpleNamespace(result=lambda: card_result((0,), 3), rules=Rules.preset("updated", pure=True))
    stats.record_cards(app, [HUMAN, cpu("easy"), cpu("hard")], game)
    stats.record_cards(app, [HUMAN, cpu("hard"), cpu("hard")], game)
    lost = SimpleNamespace(result=lambda: card_result((1,)), rules=Rules())
    stats.record_cards(app, [HUMAN, cpu("hard")], lost)
    stats.record_jayden(app, {"g": HUMAN, "r": cpu("normal")}, JaydenResult(None, "agreed_draw"), True, True)
    s = stats.Statistics.load(tmp_path / stats.FILE_NAME)
    cards = s.games["cards"]
    assert (cards.total.played, cards.total.won, cards.total.lost, cards.total.best_streak) == (3, 2, 1, 2)
    assert cards.opponents["hard"].to_data()["played"] == 3 and cards.opponents["easy"].won == 1
    assert "normal" not in cards.opponents
    assert cards.rules["Updated + Pure"].won == 2 and cards.rules["Updated"].lost == 1
    assert s.games["jayden"].opponents["normal"].drawn == 1 and s.games["jayden"].rules["Enhanced"].played == 1
    assert app.notices == [] and s.notice == ""


@pytest.mark.parametrize("text", [
    "{{{ not yaml",
    "format: 1\ngames: {cards: {total: {played: 2, won: 5}}}\n",          # counts do not add up
    "format: 1\ngames: {cards: {total: {played: -1}}}\n",
    "format: 1\ngames: {chess: {}}\n",
    "format: 7\ngames: {}\n",
    "format: 1\ngames: {cards: {opponents: {robot: {}}}}\n",
    "format: 1\ngames: {cards: {total: &a {played: 0}, rules: {x: *a}}}\n",
    "just text",
])
def test_a_damaged_file_is_kept_as_bak_and_counting_starts_afresh(tmp_path, text):
    app = app_in(tmp_path)
    path = tmp_path / stats.FILE_NAME
    path.write_text(text)
    game = SimpleNamespace(result=lambda: card_result((0,)), rules=Rules())
    notice = stats.record_cards(app, [HUMAN, cpu("normal")], game)
    assert (tmp_path / "statistics.yaml.bak").read_text() == text
    assert "not usable" in notice and "statistics.yaml.bak" in notice and app.notices == [notice]
    s = stats.Statistics.load(path)
    assert s.notice == "" and s.games["cards"].total.played == 1 and s.games["cards"].opponents["normal"].won == 1


def test_the_file_is_written_atomically_and_reads_back(tmp_path, monkeypatch):
    path = tmp_path / stats.FILE_NAME
    s = stats.Statistics(path)
    s.add("cards", "won", ["easy"], "Updated")
    s.save()
    before = path.read_text()

    def crash(*a, **k):
        raise OSError("disk full")
    monkeypatch.setattr("os.replace", crash)
    s.add("cards", "lost", ["easy"], "Updated")
    with pytest.raises(OSError):
        s.save()
    assert path.read_text() == before                      # the old file is intact
    assert [p.name for p in tmp_path.iterdir()] == [stats.FILE_NAME]   # no temporary file left
    monkeypatch.undo()
    back = stats.Statistics.load(path)
    assert back.games["cards"].total.won == 1 and back.notice == ""


def test_the_longest_rule_set_name_the_game_writes_reads_back(tmp_path):
    """A name the game itself writes must never make its own statistics file look damaged."""
    from types import SimpleNamespace

    from jayden_jazz.cards.rules import CLASSIC, PRESETS, VARIANTS

    name = max((stats.rules_name_cards(SimpleNamespace(preset_name=max(PRESETS, key=len), variants=VARIANTS,
                                                       classic=CLASSIC)),
                stats.rules_name_cards(SimpleNamespace(preset_name="custom", capture="equal_or_higher", spare=9,
                                                       holes=False, steps=("equal_or_higher",), variants=VARIANTS,
                                                       classic=CLASSIC), "direct")), key=len)
    assert len(name) <= stats.MAX_RULE_NAME
    path = tmp_path / "statistics.yaml"
    s = stats.Statistics(path)
    s.add("cards", "won", ["normal"], name)
    s.save()
    again = stats.Statistics.load(path)
    assert again.notice == "" and not (tmp_path / "statistics.yaml.bak").exists()
    assert again.games["cards"].rules[name].won == 1


def test_an_abandoned_online_game_is_counted_apart_and_old_files_still_read(tmp_path):
    path = tmp_path / "statistics.yaml"
    s = stats.Statistics(path)
    s.add("jayden", "won", ["human"], "Enhanced")
    s.add("jayden", "abandoned", ["human"], "Enhanced")
    t = s.games["jayden"].total
    assert (t.played, t.won, t.abandoned, t.streak) == (1, 1, 1, 1)   # not played, the streak goes on
    s.save()
    again = stats.Statistics.load(path)
    assert again.notice == "" and again.games["jayden"].rules["Enhanced"].abandoned == 1
    plain = stats.Statistics(path)
    plain.add("cards", "lost", ["normal"], "Updated")
    assert "abandoned" not in plain.to_text()          # a file without one reads in any version


def test_a_three_seat_game_names_each_kind_of_opponent_once():
    human, easy, hard = {"kind": "human"}, {"kind": "computer", "level": "easy"}, {"kind": "computer", "level": "hard"}
    assert stats.card_opponents([human, easy, easy], 0) == ["easy"]
    assert stats.card_opponents([easy, human, human], 1) == ["easy", "human"]
    assert stats.card_opponents([human, hard, {"kind": "computer", "level": "odd"}, human], 3) == ["human", "hard",
                                                                                                   "normal"]
    entry = stats.cards_entry([human, easy, easy], SimpleNamespace(winners=(0,)), Rules())
    assert entry is not None and entry[:2] == ("won", ["easy"])


def test_two_different_rule_sets_never_print_the_same_name():
    """Every setting that tells two sets apart is named: the preset's settings of a custom set,
    the variants (Sudden Death), the hand rules (Random, Order ...), a Journey game's trade rule."""
    from itertools import combinations, product

    from jayden_jazz.cards.rules import BASE_CAPTURES, CAPTURE_RULES, HAND_RULES, VARIANTS, Rules
    from jayden_jazz.journey.trade import TRADE_RULES

    def subsets(names, most):
        return [c for k in range(most + 1) for c in combinations(names, k)]

    seen: dict[str, tuple] = {}
    for capture, spare, holes, variants, hand, classic, trade in product(
            BASE_CAPTURES, (0, 1, 2), (True, False), subsets(VARIANTS, 3), subsets(HAND_RULES, 2),
            subsets(CAPTURE_RULES, 1), (None, *TRADE_RULES)):
        rules = Rules(capture=capture, spare=spare, holes=holes, **{n: True for n in variants + hand + classic})
        name = stats.rules_name_cards(rules, trade)
        key = (rules.code(), trade)
        assert seen.setdefault(name, key) == key, (name, seen[name], key)
        assert len(name) <= stats.MAX_RULE_NAME
    assert len(seen) > 10_000
    assert stats.rules_name_cards(Rules(spare=1)) == "Custom + Higher Captures + 1 Spare Card"
    assert stats.rules_name_cards(Rules(sudden_death=True, random=True), "one") == (
        "Updated + Sudden Death + Random + Trade One")
