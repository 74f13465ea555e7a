"""Notation: actions, position strings, game records, position hashes, move counts."""
# rule: cards.md#notation
# rule: cards.md#placements
# rule: cards.md#position-string
# rule: cards.md#game-records

from __future__ import annotations

import random

import pytest
import yaml

from cards_helpers import DATE, catalog, fillers, from_position, game, play, position
from jayden_jazz.cards import (Action, Card, Game, GameRecord, NotationError, PositionError,
                               RecordError, Rules, deal_random, get_field, new_game)
from jayden_jazz.cards.loader import load_packs
from jayden_jazz.cards.synthetic import synthetic_cards

EXAMPLE = load_packs([__import__("pathlib").Path(__file__).resolve().parents[2] / "cards" / "example"])[0]


@pytest.mark.parametrize("text", [
    "pack/card@b2",
    "pack/card@b2!1",
    "pack/card@b2!1>c3",
    "pack/card@b2!2>a1>c3",
    "default/ember_fox@a1!3>c3>hand:default/x-9",
    "p_1/c-2@z26",
])
def test_action_notation_round_trips(text):
    a = Action.parse(text)
    assert str(a) == text and Action.parse(str(a)) == a


def test_action_targets_take_one_canonical_order():
    assert Action.parse("p/c@b2!1>c3>a1") == Action.parse("p/c@b2!1>a1>c3")
    assert str(Action.parse("p/c@b2!1>c3>a1")) == "p/c@b2!1>a1>c3"      # rows first, then files
    assert str(Action.parse("p/c@b2!1>hand:p/x>a2")) == "p/c@b2!1>a2>hand:p/x"
    a = Action.parse("p/c@b2!1>c3>hand:p/x")
    assert a.target_cells == ("c3",) and a.target_hand_cards == ("p/x",)
    assert a.without_ability() == Action("p/c", "b2")


@pytest.mark.parametrize("bad", ["", "card@b2", "p/c@", "p/c@b2!", "p/c@b2!0", "p/c@b2!4", "p/c@b2>c3",
                                 "p/c@b2!1>c3>c3", "P/C@b2", "p/c@b2!1>hand:", "p/c b2"])
def test_malformed_actions_are_refused_in_plain_words(bad):
    with pytest.raises(NotationError):
        Action.parse(bad)


def _random_positions(seed: int, field: str = "3x3", players: int = 2, rules: Rules = Rules()):
    rng = random.Random(seed)
    cards = synthetic_cards(60, rng, ability_rate=0.9)
    cat = catalog(*cards)
    hands = deal_random(list(cat), get_field(field), players, rules, rng)
    g = new_game(cat, get_field(field), hands, rules, rng=rng, date=DATE)
    yield g, cat
    while not g.is_over():
        acts = g.legal_actions()
        with_ability = [a for a in acts if a.ability]
        g.push(rng.choice(with_ability) if with_ability and rng.random() < 0.7 else rng.choice(acts))
        yield g, cat


def test_position_strings_round_trip_exactly_through_a_game():
    seen_effects = seen_reset = 0
    for seed in range(6):
        for g, cat in _random_positions(seed, *(("5x5", 3) if seed % 2 else ("3x3", 2))):
            s = g.position()
            back = Game.from_position(s, cat)
            assert back.position() == s
            assert back.zobrist() == g.zobrist()
            assert back.scores() == g.scores() and back.is_over() == g.is_over()
            assert sorted(map(str, back.legal_actions())) == sorted(map(str, g.legal_actions()))
            seen_effects += bool(g.effects())
            seen_reset += g.reset_used
    assert seen_effects and seen_reset


def test_position_string_layout():
    devan = Card.from_sides("t/devan", "2475")
    g = game([devan, *fillers(8)], [["t/devan", "t/f0", "t/f1", "t/f2", "t/f3"],
                                    ["t/devan", "t/f4", "t/f5", "t/f6", "t/f7"]])
    play(g, "t/devan@b2", "t/devan@b1")
    assert g.position() == (
        "jazz1 field=3x3:###/###/### rules=higher:0 date=2026-11 seats=2 move=0 reset=0 end=- "
        "cells=-,1:t/devan.1,-,-,1:t/devan.0,-,-,-,- "
        "hands=t/f0.0,t/f1.0,t/f2.0,t/f3.0|t/f4.1,t/f5.1,t/f6.1,t/f7.1 effects=-")


@pytest.mark.parametrize("mangle, words", [
    (lambda s: s.replace("jazz1", "jazz2"), "start with"),
    (lambda s: s.replace(" rules=", " rulez="), "unexpected token"),
    (lambda s: s.replace("seats=2", "seats=5"), "seats is 2, 3 or 4"),
    (lambda s: s.replace("move=0", "move=3"), "move is a seat"),
    (lambda s: s.replace("t/f0.0,t/f1.0", "t/f1.0,t/f0.0"), "canonical"),
    (lambda s: s.replace("t/f0.0", "t/nope.0"), "not loaded"),
    (lambda s: s.replace("cells=-,", "cells="), "lists 8 cells"),
    (lambda s: s.replace("date=2026-11", "date=2026-13"), "month 13"),
    (lambda s: s.replace("effects=-", "effects=0:t/f0.0!1@a1~2"), "no Turn ability"),
    (lambda s: s.replace("t/f4.1", "t/f4.7"), "does not exist"),
])
def test_bad_position_strings_are_refused(mangle, words):
    cards = fillers(8)
    s = position({"b2": "1:t/f7"}, [["t/f0", "t/f1"], ["t/f4"]])
    Game.from_position(s, catalog(*cards))
    with pytest.raises(PositionError, match=words):
        Game.from_position(mangle(s), catalog(*cards))


def test_zobrist_hash_is_the_same_for_transpositions_and_differs_otherwise():
    f = fillers(10)
    ids = [c.id for c in f]
    a = game(f, [ids[:5], ids[5:]])
    b = game(f, [ids[:5], ids[5:]])
    play(a, "t/f0@a1", "t/f5@c3", "t/f1@a3")
    play(b, "t/f1@a3", "t/f5@c3", "t/f0@a1")
    assert a.zobrist() == b.zobrist() and a.position() == b.position()
    c = game(f, [ids[:5], ids[5:]])
    play(c, "t/f0@a1", "t/f5@c3", "t/f1@a2")
    assert c.zobrist() != a.zobrist()
    # the same cards, the other seat to move
    d = from_position(f, {"a1": "0:t/f0"}, [["t/f1"], ["t/f5"]], move=0)
    e = from_position(f, {"a1": "0:t/f0"}, [["t/f1"], ["t/f5"]], move=1)
    assert d.zobrist() != e.zobrist()


def test_push_pop_restores_position_and_hash_with_every_kind_of_action():
    for seed in (1, 2):
        stack = []
        for g, _ in _random_positions(seed):
            stack.append((g.position(), g.zobrist(), g.ply))
        final = g
        while final.ply:
            final.pop()
            pos, z, ply = stack[final.ply]
            assert (final.position(), final.zobrist()) == (pos, z)
    with pytest.raises(IndexError):
        final.pop()


def test_clone_is_independent():
    g = next(_random_positions(3))[0]
    c = g.clone()
    c.push(c.legal_actions()[0])
    assert g.ply == 0 and c.ply == 1 and g.position() != c.position()
    c.pop()
    assert c.position() == g.position()


def test_move_counts_on_an_empty_three_by_three():
    """perft: 5 cards x 9 cells, then 5 x 8 (no abilities, no duplicate cards)."""
    f = fillers(10)
    ids = [c.id for c in f]
    g = game(f, [ids[:5], ids[5:]])

    def perft(depth: int) -> int:
        if depth == 0:
            return 1
        total = 0
        for a in g.legal_actions():
            g.push(a)
            total += perft(depth - 1)
            g.pop()
        return total

    assert perft(1) == 45 and perft(2) == 45 * 40 and perft(3) == 45 * 40 * 4 * 7


def test_legal_actions_are_exactly_the_actions_push_accepts():
    for g, _ in _random_positions(11):
        if g.is_over():
            break
        acts = g.legal_actions()
        assert len(set(acts)) == len(acts)
        for a in acts[:: max(1, len(acts) // 15)]:
            assert g.is_legal(a)
        # an ability the engine did not list is refused
        for a in acts[:10]:
            if a.ability is None:
                assert not g.is_legal(Action(a.card, a.cell, 3)) or Action(a.card, a.cell, 3) in acts


def test_a_record_saves_as_yaml_and_replays_to_the_same_game():
    for seed in (4, 5):
        *_, (g, cat) = _random_positions(seed, "5x5", 4)
        text = g.record().to_yaml(g)
        data = yaml.safe_load(text)
        assert data["format"] == "jazz-record-1" and data["date"] == "2026-11"
        assert data["hands"] == [list(h) for h in g.setup.hands] and data["first_seat"] == g.setup.first_seat
        again = GameRecord.from_yaml(text).replay(cat)
        assert again.position() == g.position() and again.result() == g.result()
        assert [str(a) for a in again.history] == data["actions"]


def test_a_record_from_a_position_keeps_the_start_string():
    f = fillers(4)
    g = from_position(f, {"b2": "0:t/f0"}, [["t/f1"], ["t/f2", "t/f3"]], move=1)
    play(g, "t/f2@a1")
    rec = GameRecord.from_yaml(g.record().to_yaml(g))
    assert rec.setup is None and rec.start.startswith("jazz1 ")
    assert rec.replay(catalog(*f)).position() == g.position()


def test_records_that_do_not_replay_are_reported():
    f = fillers(10)
    ids = [c.id for c in f]
    g = game(f, [ids[:5], ids[5:]])
    play(g, "t/f0@a1", "t/f5@b1")
    data = yaml.safe_load(g.record().to_yaml())
    data["actions"][1] = "t/f5@a1"
    with pytest.raises(RecordError, match="action 2 .*already holds"):
        GameRecord.from_data(data).replay(catalog(*f))
    while not g.is_over():
        g.push(g.legal_actions()[0])
    data = yaml.safe_load(g.record().to_yaml(g))
    data["result"]["winners"] = [1 - data["result"]["winners"][0]]
    with pytest.raises(RecordError, match="different result"):
        GameRecord.from_data(data).replay(catalog(*f))
    with pytest.raises(RecordError, match="format"):
        GameRecord.from_yaml("format: chess\n")
    with pytest.raises(RecordError, match="unknown record key"):
        GameRecord.from_yaml("format: jazz-record-1\nplayers: 2\n")


def test_the_game_date_is_part_of_the_record():
    rng = random.Random(2)
    cards = list(EXAMPLE.values())
    hands = deal_random(list(EXAMPLE), get_field("3x3"), 2, Rules(), rng)
    g = new_game(EXAMPLE, get_field("3x3"), hands, first_seat=0, date=(2019, 3))
    assert "date: 2019-03" in g.record().to_yaml()
    assert GameRecord.from_yaml(g.record().to_yaml()).replay(EXAMPLE).date == (2019, 3)
    assert cards
