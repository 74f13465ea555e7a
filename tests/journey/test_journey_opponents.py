"""Journey opponents and starter collections read from packs, checked like cards."""
# rule: cards.md#journey cards.md#roulette cards.md#rewards cards.md#collection

from __future__ import annotations

from pathlib import Path

import pytest

from jayden_jazz.cards import load_packs
from jayden_jazz.cards.opponents import RuleSet

CARDS = "\n".join(f"""  - id: c{i}
    name: "Card {i}"
    started_roasting: "2001-01"
    likes: "Tests"
    dislikes: "Bugs"
    description: "A card for the opponent tests."
    sides: {{top: {1 + i % 9}, right: 3, bottom: 4, left: 5}}""" for i in range(8))

GOOD_OPPONENT = """  - id: rusty
    name: "Rusty Gearwhistle"
    description: "A tinkerer who plays the plain rules."
    tier: 1
    level: easy
    pool: [c0, c1, c2, c3, c4, c5]
    rules: {preset: updated, field: 3x3, open: true}
    trade: one
    rewards:
      - {card: c7, chance: 25}
"""


def pack(tmp_path: Path, opponents: str, extra: str = "", name: str = "jt") -> Path:
    text = f"pack: {{id: {name}, name: Journey test, author: Tests, version: '1'}}\ncards:\n{CARDS}\n" \
           f"opponents:\n{opponents}{extra}"
    path = tmp_path / f"{name}.yaml"
    path.write_text(text)
    return path


def test_an_opponent_and_a_starter_collection_are_read_from_a_pack(tmp_path):
    p = pack(tmp_path, GOOD_OPPONENT + """  - id: duchess
    name: "The Duchess"
    description: "Spins a wheel of rules before every game."
    tier: 3
    level: hard
    pool: [c0, c1, c2, c3, c4, c5, c6, c7, jt/c0b]
    rules:
      - {preset: draft, field: 3x3, classic: [same, plus, combo]}
      - {field: 3x3, classic: [reverse, fallen_ace], sudden_death: true}
    trade: diff
    requires: [rusty]
""".replace(", jt/c0b", ""), "starter: {c0: 2, jt/c1: 1}\n")
    catalog, problems = load_packs([p])
    assert [str(x) for x in problems] == []
    rusty, duchess = catalog.opponents["jt/rusty"], catalog.opponents["jt/duchess"]
    assert rusty.rule_sets == (RuleSet("updated", "3x3", ("open",), ()),) and not rusty.roulette
    assert rusty.rewards == (("jt/c7", 25),) and rusty.level == "easy" and rusty.trade == "one"
    assert duchess.roulette and duchess.requires == ("jt/rusty",)
    assert duchess.rule_sets[0].rules().same and duchess.rule_sets[0].rules().spare == 2
    assert duchess.rule_sets[1].rules().reverse and duchess.rule_sets[1].rules().sudden_death
    assert duchess.rule_sets[1].label == "Updated, 3x3, Sudden Death, Reverse, Fallen Ace"
    assert catalog.starter() == {"jt/c0": 2, "jt/c1": 1}
    assert "jt/c7" in rusty.gives() and "jt/c0" in rusty.gives()


BAD = {
    "tier": ("tier: 1", "tier: 12", "tier is a whole number from 1"),
    "level": ("level: easy", "level: godlike", "level is one of easy, normal, hard"),
    "trade": ("trade: one", "trade: half", "trade is one of one, diff, direct, all"),
    "pool": ("pool: [c0, c1, c2, c3, c4, c5]", "pool: [c0, c0, c1, c2, c3, c4]", "c0 is in the pool twice"),
    "rules.preset": ("preset: updated", "preset: modern", "preset is one of updated, draft"),
    "rules.classic": ("open: true}", "classic: [same_wall]}", "Same Wall needs Same"),
    "rules.open": ("open: true", "open: yes please", "open is true or false"),
    "rewards[1].chance": ("chance: 25", "chance: 250", "chance is a whole per cent"),
    "name": ('name: "Rusty Gearwhistle"', "name: 12", "name is text"),
    "mood": ("trade: one\n", "trade: one\n    mood: grumpy\n", "unknown key 'mood'"),
}


@pytest.mark.parametrize("field", list(BAD), ids=list(BAD))
def test_a_bad_field_is_reported_with_file_line_opponent_and_field_and_only_that_opponent_refused(tmp_path,
                                                                                               field):
    old, new, words = BAD[field]
    other = GOOD_OPPONENT.replace("rusty", "tilly").replace("Rusty Gearwhistle", "Tilly")
    p = pack(tmp_path, GOOD_OPPONENT.replace(old, new, 1) + other)
    catalog, problems = load_packs([p])
    errors = [x for x in problems if x.is_error]
    assert len(errors) == 1, [str(x) for x in problems]
    e = errors[0]
    assert words in e.message and e.file == str(p) and e.line is not None and e.kind == "opponent"
    assert str(e).startswith(f"{p}:{e.line}: error: opponent ")
    assert "jt/rusty" not in catalog.opponents and "jt/tilly" in catalog.opponents   # the rest still loads
    assert len(catalog) == 8                                                          # and every card


@pytest.mark.parametrize("change, words", [
    (("pool: [c0, c1, c2, c3, c4, c5]", "pool: [c0, c1, c2, c3, nope/c9]"), "no loaded pack has the card nope/c9"),
    (("pool: [c0, c1, c2, c3, c4, c5]", "pool: [c0, c1, c2]"), "the pool has 3 cards; 3x3 needs a hand of 5"),
    (("field: 3x3", "field: 9x9x9"), "there is no field '9x9x9'"),
    (("trade: one", "trade: one\n    requires: [ghost]"), "jt/ghost is not another loaded opponent"),
])
def test_an_opponent_whose_cards_fields_or_requirements_are_missing_is_refused_after_loading(tmp_path, change,
                                                                                           words):
    p = pack(tmp_path, GOOD_OPPONENT.replace(*change))
    catalog, problems = load_packs([p])
    assert any(words in x.message and "refused" in x.message and x.is_error for x in problems), \
        [str(x) for x in problems]
    assert catalog.opponents == {}


def test_an_opponent_may_play_and_give_cards_of_other_packs(tmp_path):
    first = pack(tmp_path, GOOD_OPPONENT, name="jt")
    second = tmp_path / "more.yaml"
    second.write_text("pack: {id: more, name: More, author: Tests, version: '1'}\ncards: []\nopponents:\n"
                      + GOOD_OPPONENT.replace("[c0, c1, c2, c3, c4, c5]", "[jt/c0, jt/c1, jt/c2, jt/c3, jt/c4]")
                      .replace("card: c7", "card: jt/c7"))
    catalog, problems = load_packs([first, second])
    assert "more/rusty" in catalog.opponents and catalog.opponents["more/rusty"].pool[0] == "jt/c0"
    assert not [x for x in problems if x.is_error]


def test_a_pack_written_back_keeps_its_opponents_and_starter(tmp_path):
    from jayden_jazz.cards.writer import PackHeader, write_pack
    from jayden_jazz.cards.writer_journey import journey_lines

    import shutil

    shutil.copytree(Path(__file__).resolve().parents[2] / "cards" / "example", tmp_path / "example")
    out = tmp_path / "example" / "example.yaml"
    catalog, problems = load_packs([out.parent])
    info = catalog.packs["example"]
    assert len(info.opponents) == 2 and info.starter and not [x for x in problems if x.is_error]
    write_pack(out, PackHeader("example", info.name, info.author, info.version), catalog.pack_cards("example"),
               journey_lines("example", info.opponents, info.starter, out.parent))
    again, problems2 = load_packs([out])
    assert not [x for x in problems2 if x.is_error], [str(x) for x in problems2]
    strip = lambda o: (o.id, o.name, o.description, o.tier, o.level, o.pool, o.rule_sets, o.trade,  # noqa: E731
                       o.rewards, o.requires)
    assert [strip(o) for o in again.packs["example"].opponents] == [strip(o) for o in info.opponents]
    assert again.packs["example"].starter == info.starter
