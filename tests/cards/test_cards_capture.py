"""Playing a card and capturing: the Play section of the rules."""
# rule: cards.md#players-and-seats
# rule: cards.md#cards
# rule: cards.md#effective-values
# rule: cards.md#placing-a-card
# rule: cards.md#capture
# rule: cards.md#presets

from __future__ import annotations

import pytest

from cards_helpers import card, catalog, fillers, game, owners, play
from jayden_jazz.cards import (Action, Card, Game, IllegalActionError, Rules, SetupError,
                               register_capture_step, unregister_capture_step)

DEVAN = Card.from_sides("t/devan", "2475")   # seed: 2 up, 4 right, 7 down, 5 left


def _devan_game(rules: Rules):
    k = rules.hand_size(9, 2) - 1
    f = fillers(2 * k)
    hands = [["t/devan"] + [c.id for c in f[:k]], ["t/devan"] + [c.id for c in f[k:]]]
    return game([DEVAN, *f], hands, rules=rules, first=0)


@pytest.mark.parametrize("preset", ["updated", "draft"])
def test_seed_devan_example_b_captures_a_by_seven_against_two(preset):
    g = _devan_game(Rules.preset(preset))
    play(g, "t/devan@b2")                       # player A
    assert g.owner_at("b2") == 0
    assert g.captures_if("t/devan", "b1") == ["b2"]
    play(g, "t/devan@b1")                       # player B, directly above
    assert g.owner_at("b1") == 1 and g.owner_at("b2") == 1
    assert g.scores() == (0, 2)                 # B controls both cards


def _one_on_one(attacker: str, defender: str, rules: Rules, attack_cell: str = "b1"):
    """Seat 0 puts the defender on b2; seat 1 plays the attacker next to it."""
    d, a = Card.from_sides("t/def", defender), Card.from_sides("t/att", attacker)
    f = fillers(8)
    g = game([d, a, *f], [["t/def"] + [c.id for c in f[:4]], ["t/att"] + [c.id for c in f[4:]]],
             rules=rules)
    play(g, "t/def@b2", f"t/att@{attack_cell}")
    return g.owner_at("b2")


def test_updated_captures_only_with_a_higher_side():
    up = Rules.preset("updated")
    assert _one_on_one("1161", "5111", up) == 1     # bottom 6 > top 5
    assert _one_on_one("1151", "5111", up) == 0     # equal: nothing happens
    assert _one_on_one("1141", "5111", up) == 0     # lower: nothing happens


def test_draft_captures_with_an_equal_or_higher_side():
    dr = Rules.preset("draft", spare=0)
    assert _one_on_one("1151", "5111", dr) == 1
    assert _one_on_one("1141", "5111", dr) == 0


def test_the_touching_sides_are_compared():
    up = Rules()
    # attacker on the right of b2 (c2): its left side meets the defender's right side
    assert _one_on_one("9991", "1211", up, attack_cell="c2") == 0   # 1 vs 2
    assert _one_on_one("1113", "9299", up, attack_cell="c2") == 1   # 3 vs 2
    # attacker below (b3): its top meets the defender's bottom
    assert _one_on_one("4111", "9939", up, attack_cell="b3") == 1
    # attacker on the left (a2): its right meets the defender's left
    assert _one_on_one("1A11", "999A", up, attack_cell="a2") == 0   # A vs A
    assert _one_on_one("1A11", "9999", up, attack_cell="a2") == 1   # A beats 9


def test_a_card_captures_every_weaker_neighbour_at_once():
    big = Card.from_sides("t/big", "9999")
    f = fillers(8)
    g = game([big, *f], [[c.id for c in f[:5]], ["t/big"] + [c.id for c in f[5:8]] + ["t/f0"]])
    play(g, "t/f0@b1", "t/f5@c3", "t/f1@a2", "t/f6@a3", "t/f2@c2")
    assert g.captures_if("t/big", "b2") == ["b1", "a2", "c2"]   # b3 is empty, c3 is seat 1's
    play(g, "t/big@b2")
    assert g.scores() == (0, 6)


def test_own_cards_are_never_captured():
    big = Card.from_sides("t/big", "9999")
    f = fillers(8)
    g = game([big, *f], [["t/big"] + [c.id for c in f[:4]], [c.id for c in f[4:]] + ["t/f0"]])
    play(g, "t/f0@b1", "t/f4@c3", "t/big@b2")
    assert g.owner_at("b1") == 0 and g.scores() == (2, 1)


def test_a_captured_card_does_not_capture_in_turn():
    # seat 0: weak card w on b2 with a strong right side, next to seat 1's weak card on c2.
    w = Card.from_sides("t/w", "1911")
    victim = Card.from_sides("t/v", "1111")
    att = Card.from_sides("t/att", "1121")   # bottom 2 beats w's top 1
    f = fillers(8)
    g = game([w, victim, att, *f],
             [["t/w"] + [c.id for c in f[:4]], ["t/v", "t/att"] + [c.id for c in f[4:7]]], first=1)
    play(g, "t/v@c2", "t/w@b2")   # w captures v (9 > 1) for seat 0
    assert g.owner_at("c2") == 0
    play(g, "t/att@b1")           # seat 1 captures w; w does not go on to capture anything
    assert g.owner_at("b2") == 1 and g.owner_at("c2") == 0


def test_holes_block_captures_across_them():
    big = Card.from_sides("t/big", "AAAA")
    f = fillers(20)
    ids = [c.id for c in f]
    g = game([big, *f], [ids[:8], ["t/big"] + ids[8:15]], field="ring5")
    play(g, "t/f0@b1")
    assert g.captures_if("t/big", "b5") == []     # b2-b4 are holes between them
    assert g.captures_if("t/big", "c1") == ["b1"]


def test_only_empty_playable_cells_of_ones_own_hand():
    f = fillers(10)
    ids = [c.id for c in f]
    g = game(f, [ids[:5], ids[5:]], field="cross5")
    play(g, "t/f0@c3")
    for bad, words in [("t/f6@c3", "already holds"), ("t/f6@a1", "not a playable cell"),
                       ("t/f6@z9", "not a playable cell"), ("t/f1@a3", "no 't/f1' in hand"),
                       ("t/f0@a3", "no 't/f0' in hand")]:
        with pytest.raises(IllegalActionError, match=words):
            g.push(Action.parse(bad))
    assert g.ply == 1 and g.to_move == 1
    assert "a1" not in g.free_cells() and "c3" not in g.free_cells() and len(g.free_cells()) == 8


def test_seats_take_turns_in_order():
    f = fillers(30)
    ids = [c.id for c in f]
    g = game(f, [ids[0:9], ids[9:18], ids[18:27]], field="5x5", first=2)
    seen = []
    for i in range(6):
        seen.append(g.to_move)
        g.push(g.legal_actions()[0])
    assert seen == [2, 0, 1, 2, 0, 1]


class _GrabEverything:
    """A stand-in for a later variant: captures every adjacent card, whatever the values."""

    name = "test_grab_everything"

    def captures(self, game, cell, seat):
        return [n for _, n, _ in game.adjacency(cell)
                if game.card_at(n) is not None and game.owner_at(n) != seat]


def test_capture_is_a_list_of_rule_steps_later_variants_can_extend():
    register_capture_step(_GrabEverything())
    try:
        rules = Rules(steps=("test_grab_everything",))
        assert Rules.from_code(rules.code()) == rules
        strong = Card.from_sides("t/s", "9999")
        weak = Card.from_sides("t/w", "1111")
        f = fillers(8)
        g = game([strong, weak, *f], [["t/s"] + [c.id for c in f[:4]], ["t/w"] + [c.id for c in f[4:]]],
                 rules=rules)
        play(g, "t/s@b2", "t/w@b1")     # 1 < 9, yet the extra step captures
        assert g.owner_at("b2") == 1
        g.pop()
        assert owners(g)["b2"] == 0
    finally:
        unregister_capture_step("test_grab_everything")
    with pytest.raises(SetupError, match="unknown capture rule"):
        Rules(steps=("test_grab_everything",)).capture_steps()
    with pytest.raises(ValueError):
        register_capture_step(type("Dup", (), {"name": "higher"})())


def test_effective_values_are_clamped_once_after_summing_modifiers():
    # x (top 9) carries its own +3; an opponent's -3 on every side of x: clamp(9+3-3) = 9, not 7
    x = card("t/x", "9111", [{"timing": "turn", "effect": "modify", "target": "self", "amount": 3, "cost": 4}])
    y = card("t/y", "1111", [{"timing": "turn", "effect": "modify", "target": "opponents", "amount": -3,
                              "cost": 12}])
    pos = ("jazz1 field=3x3:###/###/### rules=higher:0 date=2026-11 seats=2 move=0 reset=0 end=- "
           "cells=-,-,-,-,1:t/x.1,-,-,0:t/y.0,- hands=t/f0.0|t/f1.1 "
           "effects=0:t/y.0!1@b3~2,1:t/x.1!1@b2~3")
    g = Game.from_position(pos, catalog(x, y, *fillers(2)))
    assert g.printed_sides("b2") == (9, 1, 1, 1)
    assert g.effective_sides("b2") == (9, 1, 1, 1)
    assert g.effective_sides("b3") == (1, 1, 1, 1)   # y is seat 0's: neither effect touches it


class _TakeLeft:
    """A stand-in decision step: takes the card left of the placed one, whatever the values."""

    name = "test_left"

    def captures(self, board, cell, seat):
        return [n for d, n, _ in board.adjacency(cell) if d == 3 and board.card_at(n) is not None]


class _Spread:
    """A stand-in chain step (like Combo): a card taken by test_left takes its neighbours
    by the basic comparison, and so on."""

    name = "test_spread"
    chain = True
    started_by = ("test_left",)

    def captures(self, board, cell, seat):
        return board.side_captures(cell, seat, False)


def test_decision_steps_apply_together_then_chain_steps_spread_with_their_causes():
    from cards_helpers import position
    register_capture_step(_TakeLeft())
    register_capture_step(_Spread())
    try:
        x = Card.from_sides("t/x", "5111")       # top 5 takes b1 by the base rule
        b1 = Card.from_sides("t/b1", "1919")     # right 9 would take c1 if b1 started a chain
        a2 = Card.from_sides("t/a2", "9111")     # taken by test_left; top 9 then takes a1
        f = fillers(6)
        cat = catalog(x, b1, a2, *f)
        text = position({"a1": "1:t/f0", "b1": "1:t/b1", "c1": "1:t/f1", "a2": "1:t/a2"},
                        [["t/x", "t/f2", "t/f3"], ["t/f4", "t/f5"]], rules="higher+test_left+test_spread:0")
        g = Game.from_position(text, cat)
        report = g.play(Action.parse("t/x@b2"))
        assert [(c.cell, c.cause) for c in report.captures] == [
            ("b1", "higher"), ("a2", "test_left"), ("a1", "test_spread")]
        assert owners(g)["c1"] == 1                 # a basic capture starts no chain
        assert g.scores() == (4, 1)
        g.pop()
        assert g.position() == text
    finally:
        unregister_capture_step("test_left")
        unregister_capture_step("test_spread")
