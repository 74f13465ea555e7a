"""Cards written back to YAML load as the very same cards, and the file is written atomically."""

import os
from dataclasses import replace
from pathlib import Path

import pytest

from hypothesis import given, settings
from hypothesis import strategies as st

from jayden_jazz.cards import Ability, Card, Condition, Filter, load_packs
from jayden_jazz.cards.language import EFFECTS
from jayden_jazz.cards.loader import parse_pack_text
from jayden_jazz.cards.writer import PackHeader, card_yaml, pack_yaml, quote, write_pack
from jayden_jazz.cards.loader import card_problems

ROOT = Path(__file__).resolve().parents[2]

text = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=120).map(str.strip).filter(bool)
ident = st.from_regex(r"[a-z0-9_][a-z0-9_-]{0,15}", fullmatch=True)
month = st.tuples(st.integers(1900, 2100), st.integers(1, 12))
side = st.integers(1, 10)


@st.composite
def abilities(draw):
    effect = draw(st.sampled_from(sorted(EFFECTS)))
    spec = EFFECTS[effect]
    kw = {}
    if effect == "modify":
        kw["amount"] = draw(st.integers(-9, 9).filter(bool))
        kw["sides"] = tuple(sorted(draw(st.sets(st.integers(0, 3), min_size=1))))
    if effect == "gain_control":
        kw["count"] = draw(st.integers(1, 3))
    cond = Condition(**draw(st.fixed_dictionaries({}, optional={
        "captured_at_least": st.integers(1, 99), "controlling_at_most": st.integers(0, 999),
        "behind": st.booleans(), "roasting_within_years": st.integers(0, 100),
        "empty_cells_at_most": st.integers(0, 999)})))
    flt = Filter()
    if spec.takes_filter:
        flt = Filter(**draw(st.fixed_dictionaries({}, optional={
            "roasting_within_years": st.integers(0, 100), "roasting_before": month,
            "total_at_most": st.integers(4, 40), "adjacent": st.booleans()})))
    return Ability(timing=spec.timing, effect=effect, target=draw(st.sampled_from(spec.targets)),
                   cost=draw(st.integers(spec.min_cost, 16)), text=draw(text),
                   name=draw(st.none() | text), condition=cond, filter=flt, **kw)


@st.composite
def cards(draw):
    return Card(id="mine/" + draw(ident), name=draw(text), sides=draw(st.tuples(side, side, side, side)),
                started_roasting=draw(month), aliases=tuple(draw(st.lists(text, max_size=3))),
                likes=draw(text), dislikes=draw(text), description=draw(text),
                abilities=tuple(draw(st.lists(abilities(), max_size=3))))


@settings(max_examples=150, deadline=None)
@given(cards())
def test_any_card_round_trips_through_the_writer(card):
    yaml_text = pack_yaml(PackHeader("mine", "Mine", "Me"), [card])
    info, got, problems = parse_pack_text(yaml_text, Path("mine.yaml"), None)
    over = card.budget > 24
    errors = [p for p in problems if p.is_error]
    if over:
        assert got == [] and [p.field for p in errors] == ["budget"]
    else:
        assert errors == [] and got == [card]


def test_shipped_packs_round_trip_unchanged():
    catalog, _ = load_packs([ROOT / "cards"])
    for pid, info in catalog.packs.items():
        cards = catalog.pack_cards(pid)
        text = pack_yaml(PackHeader(info.id, info.name, info.author, info.version), cards, info.folder)
        _, again, problems = parse_pack_text(text, info.file, info.folder)
        assert again == cards and not [p for p in problems if p.is_error]


def test_one_card_yaml_is_what_the_validator_checks():
    card = Card.from_sides("mine/x", "5555", name="Ex")
    problems = card_problems(card_yaml(card), "mine")
    assert {p.field for p in problems if p.is_error} == {"likes", "dislikes", "description"}


def test_quotes_keep_yaml_words_as_text():
    import yaml
    for word in ("yes", "no", "1.10", "null", "~", "- a", "#x", 'say "hi"', "back\\slash", "tab\there", "\x85\u2028"):
        assert yaml.safe_load("x: " + quote(word))["x"] == word


def test_write_pack_is_atomic_and_leaves_no_temporary_files(tmp_path, monkeypatch):
    path = tmp_path / "mine" / "mine.yaml"
    card = Card(id="mine/a", name="A", sides=(5, 5, 5, 5), started_roasting=(2002, 8), likes="l",
                dislikes="d", description="A is here.")
    write_pack(path, PackHeader("mine", "Mine", "Me"), [card])
    before = path.read_bytes()

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError, match="disk full"):
        write_pack(path, PackHeader("mine", "Mine", "Me"), [card, replace(card, id="mine/b")])
    assert path.read_bytes() == before
    assert [p.name for p in path.parent.iterdir()] == ["mine.yaml"]


def test_the_writer_knows_every_field_of_a_card():
    """A new Card or Ability field must be written too, or saving in the Workshop would drop it."""
    from dataclasses import fields

    from jayden_jazz.cards.writer import WRITTEN_ABILITY_FIELDS, WRITTEN_CARD_FIELDS

    assert {f.name for f in fields(Card)} == WRITTEN_CARD_FIELDS
    assert {f.name for f in fields(Ability)} == WRITTEN_ABILITY_FIELDS
