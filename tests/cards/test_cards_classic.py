"""The classic capture rules: Same, Same Wall, Plus, Combo, Reverse and Fallen Ace.

Every board is drawn in the test: ``OWNER SIDES`` per cell (sides top, right,
bottom, left), the card placed by the seat to move, and the captured cells
with their causes compared exactly.
"""
# rule: cards.md#classic-rules
# rule: cards.md#same
# rule: cards.md#same-wall
# rule: cards.md#plus
# rule: cards.md#combo
# rule: cards.md#one-placement-in-order
# rule: cards.md#reverse
# rule: cards.md#fallen-ace
# rule: cards.md#multiple-captures

from __future__ import annotations

import pytest

from cards_helpers import catalog, fillers, position
from jayden_jazz.cards import Action, Card, Field, Game, Rules, SetupError


def drawn(board: dict[str, str], rules: str, *, field: str = "3x3", rows: str | None = None,
          seats: int = 2, move: int = 0, hand: str = "5555") -> Game:
    """A game with ``board`` on the field and the seat to move holding ``t/x`` (``hand``)."""
    cards = [Card.from_sides(f"t/{cell}", text.split()[1]) for cell, text in board.items()]
    x = Card.from_sides("t/x", hand)
    f = fillers(seats * 2)
    hands = [[f"t/f{2 * s}", f"t/f{2 * s + 1}"] for s in range(seats)]
    hands[move].append("t/x")
    cells = {cell: f"{text.split()[0]}:t/{cell}" for cell, text in board.items()}
    shape = Field(rows.split("/"), name="holed") if rows else field
    text = position(cells, hands, move=move, field=shape, rules=rules)
    return Game.from_position(text, catalog(x, *cards, *f))


def place(g: Game, cell: str) -> list[tuple[str, str]]:
    report = g.play(Action.parse(f"t/x@{cell}"))
    return [(c.cell, c.cause) for c in report.captures]


def test_same_counts_an_own_pair_and_takes_only_the_opponents_card():
    # x top 5 meets own b1's bottom 5; x left 3 meets seat 1's a2 right 3
    board = {"b1": "0 1151", "a2": "1 1311"}
    g = drawn(board, "higher:0:same", hand="5113")
    assert place(g, "b2") == [("a2", "same")]
    assert g.owner_at("b1") == 0 and g.owner_at("a2") == 0
    g = drawn(board, "higher:0", hand="5113")
    assert place(g, "b2") == []                   # without Same equal sides take nothing


def test_same_needs_two_equal_pairs():
    g = drawn({"a2": "1 1311", "b1": "1 1161"}, "higher:0:same", hand="5113")
    assert place(g, "b2") == []                   # 3=3 but 5<6: one pair only


def test_same_wall_counts_an_ace_facing_a_hole():
    # b1 is a hole: x on b2 shows its top A to the hole; left 3 = a2's right 3
    rows = "#.#/###/###"
    board = {"a2": "1 1311"}
    g = drawn(board, "higher:0:same:same_wall", rows=rows, hand="A113")
    assert place(g, "b2") == [("a2", "same_wall")]
    g = drawn(board, "higher:0:same", rows=rows, hand="A113")
    assert place(g, "b2") == []                   # Same alone: a wall is no pair
    g = drawn(board, "higher:0:same:same_wall", rows=rows, hand="9113")
    assert place(g, "b2") == []                   # the side facing the hole must be A


def test_same_wall_at_the_edge_and_plus_ignores_walls():
    board = {"b1": "1 111A"}                      # a1 left A faces the edge
    g = drawn(board, "higher:0:same:same_wall", hand="1A1A")
    assert place(g, "a1") == [("b1", "same_wall")]   # right A = b1's left A, left A at the edge
    g = drawn(board, "higher:0:plus", hand="1A1A")
    assert place(g, "a1") == []


def test_plus_counts_an_own_card_in_a_sum():
    # top 4 + own b1's bottom 6 = 10; left 7 + seat 1's a2 right 3 = 10
    g = drawn({"b1": "0 1161", "a2": "1 1311"}, "higher:0:plus", hand="4117")
    assert place(g, "b2") == [("a2", "plus")]
    assert g.owner_at("b1") == 0


def test_plus_needs_the_same_sum_twice():
    g = drawn({"b1": "1 1161", "a2": "1 1311"}, "higher:0:plus", hand="4118")
    assert place(g, "b2") == [("a2", "higher")]   # 11 and 10: only the basic capture


def test_combo_chain_of_three_breadth_first():
    # x on a1 takes b1 by Same (with own a2's pair); b1 takes c1, c1 takes c2, c2 takes c3
    board = {"a2": "0 5111", "b1": "1 9512", "c1": "1 1151", "c2": "1 1151", "c3": "1 1111"}
    g = drawn(board, "higher:0:same:combo", hand="1251")
    got = place(g, "a1")
    assert got == [("b1", "same"), ("c1", "combo"), ("c2", "combo"), ("c3", "combo")]
    g = drawn(board, "higher:0:same", hand="1251")
    assert place(g, "a1") == [("b1", "same")]     # no Combo: the chain does not start


def test_combo_spreads_breadth_first_across_branches():
    # Plus takes a2 and c2 together (sums 6); each takes the card below it
    # (sides in the order top, right, bottom, left: c2 is asked before a2)
    board = {"a2": "1 1151", "c2": "1 5151", "a3": "1 1111", "c3": "1 1111"}
    g = drawn(board, "higher:0:plus:combo", hand="1515")
    assert place(g, "b2") == [("c2", "plus"), ("a2", "plus"), ("c3", "combo"), ("a3", "combo")]


def test_the_placed_cards_basic_captures_start_no_combo():
    # x takes b1 by the basic rule (6 > 1); b1's right 9 would take c1 in a chain
    g = drawn({"b1": "1 1911", "c1": "1 1111"}, "higher:0:same:plus:combo", hand="6111")
    assert place(g, "b2") == [("b1", "higher")]
    assert g.owner_at("c1") == 1


def test_basic_and_same_on_one_card_count_it_once_and_it_starts_a_combo():
    # Draft: equal captures, so both Same pairs are basic captures too; b1 then chains to c1
    got = drawn({"b1": "1 1951", "a2": "1 1511", "c1": "1 1111"}, "equal_or_higher:2:same:combo",
                hand="5115")
    assert place(got, "b2") == [("b1", "same"), ("a2", "same"), ("c1", "combo")]
    assert got.scores() == (4, 0)   # x, b1, a2, c1: each counted once


def test_same_and_plus_are_decided_together_on_the_field_before_them():
    # Same takes b1 (5=5, with a2 3=3); Plus would need b1 to be an opponent: both see the field as it was
    board = {"b1": "1 1151", "a2": "1 1311", "c2": "1 1117"}
    g = drawn(board, "higher:0:same:plus", hand="5313")
    # sums: top 5+5=10, right 3+7=10, left 3+3=6 -> Plus takes b1 and c2; Same takes b1 and a2
    assert sorted(place(g, "b2")) == sorted([("b1", "same"), ("a2", "same"), ("c2", "plus")])


def test_reverse_turns_the_basic_comparison_round():
    board = {"b1": "1 1151"}
    g = drawn(board, "higher:0:reverse", hand="4111")
    assert place(g, "b2") == [("b1", "lower")]   # 4 < 5 captures, and the cause says so
    g = drawn(board, "higher:0:reverse", hand="5111")
    assert place(g, "b2") == []
    g = drawn(board, "equal_or_higher:0:reverse", hand="5111")
    assert place(g, "b2") == [("b1", "equal_or_lower")]
    g = drawn(board, "higher:0:reverse", hand="6111")
    assert place(g, "b2") == []


@pytest.mark.parametrize("rules,one_on_ace,ace_on_one", [
    ("higher:0:fallen_ace", "fallen_ace", "higher"),
    ("higher:0:reverse:fallen_ace", "lower", "fallen_ace"),
    ("equal_or_higher:0:fallen_ace", "fallen_ace", "equal_or_higher")])
def test_fallen_ace_lets_the_attacker_win_every_one_against_ace_pair(rules, one_on_ace, ace_on_one):
    # the cause names Fallen Ace only where the ordinary comparison would not have taken the card
    assert place(drawn({"b1": "1 11A1"}, rules, hand="1111"), "b2") == [("b1", one_on_ace)]
    assert place(drawn({"b1": "1 1111"}, rules, hand="A111"), "b2") == [("b1", ace_on_one)]


def test_fallen_ace_changes_nothing_else():
    assert place(drawn({"b1": "1 1191"}, "higher:0:fallen_ace", hand="1111"), "b2") == []
    assert place(drawn({"b1": "1 1121"}, "higher:0:reverse:fallen_ace", hand="A111"), "b2") == []


def test_combo_under_reverse_and_fallen_ace():
    # x on a1: Same takes b1 (5=5, with own a2's 1=1); b1's right 1 takes c1's left A
    # (Fallen Ace) and c1's bottom 1 takes c2's top 8 (Reverse: lower captures)
    board = {"a2": "0 1111", "b1": "1 1115", "c1": "1 121A", "c2": "1 8111"}
    g = drawn(board, "higher:0:same:combo:reverse:fallen_ace", hand="1515")
    assert place(g, "a1") == [("b1", "same"), ("c1", "combo"), ("c2", "combo")]
    g = drawn(board, "higher:0:same:combo", hand="1515")
    assert place(g, "a1") == [("b1", "same")]     # without them the chain stops at b1


def test_three_and_four_players_capture_only_other_seats():
    # 5x5: seat 2 places; seat 0's and seat 3's cards are taken by Same, own seat 2's counts
    board = {"b1": "0 1151", "a2": "3 1311", "c2": "2 1119"}
    g = drawn(board, "higher:0:same", field="5x5", seats=4, move=2, hand="5913")
    assert sorted(place(g, "b2")) == [("a2", "same"), ("b1", "same")]
    assert g.owner_at("c2") == 2
    g = drawn({"b1": "0 1161", "a2": "1 1311"}, "higher:0:plus", field="5x5", seats=3, move=2, hand="4117")
    assert place(g, "b2") == [("b1", "plus"), ("a2", "plus")]


def test_a_multiple_capture_counts_every_card_for_sudden_death():
    # one basic capture and one Same capture: two cards, so Sudden Death ends the game
    board = {"b1": "1 1151", "a2": "1 1311", "c2": "1 1111"}
    g = drawn(board, "higher:0:sudden_death:same", hand="5213")
    got = place(g, "b2")
    assert sorted(got) == [("a2", "same"), ("b1", "same"), ("c2", "higher")]
    assert g.is_over() and g.result().winners == (0,)
    g = drawn({"b1": "1 1151", "c2": "1 1111"}, "higher:0:sudden_death", hand="5213")
    assert place(g, "b2") == [("c2", "higher")] and not g.is_over()


def test_rules_round_trip_and_refuse_bad_combinations():
    r = Rules.preset("draft", open=True, same=True, same_wall=True, plus=True, combo=True,
                     reverse=True, fallen_ace=True)
    assert r.code() == "equal_or_higher:2:open:same:same_wall:plus:combo:reverse:fallen_ace"
    assert Rules.from_code(r.code()) == r
    assert Rules.from_dict(r.to_dict()) == r
    assert r.preset_name == "draft"
    assert Rules().to_dict() == Rules.from_dict(Rules().to_dict()).to_dict()
    for bad, words in [({"same_wall": True}, "Same Wall needs Same"),
                       ({"combo": True}, "Combo needs Same or Plus"),
                       ({"order": True, "chaos": True}, "Order and Chaos")]:
        with pytest.raises(SetupError, match=words):
            Rules.from_dict(bad)
        with pytest.raises(SetupError, match=words):
            Rules(**bad).capture_steps()
    with pytest.raises(SetupError, match="canonical"):
        Rules.from_code("higher:0:plus:same")


def test_a_multiple_capture_counts_every_card_for_abilities():
    from cards_helpers import card
    x = card("t/x", "5213", [{"timing": "turn", "effect": "modify", "target": "self", "amount": 1, "cost": 4}])
    board = {"b1": "1 1151", "a2": "1 1311", "c2": "1 1111"}
    cards = [Card.from_sides(f"t/{c}", t.split()[1]) for c, t in board.items()]
    cells = {c: f"{t.split()[0]}:t/{c}" for c, t in board.items()}
    f = fillers(4)
    for rules, offered in [("higher:0:same", True), ("higher:0", False)]:
        text = position(cells, [["t/x", "t/f0"], ["t/f1", "t/f2"]], rules=rules)
        g = Game.from_position(text, catalog(x, *cards, *f))
        moves = [str(a) for a in g.legal_actions()]
        # Same takes b1 and a2, the basic rule c2: three cards, so the ability is offered
        assert ("t/x@b2!1" in moves) is offered


# rule: cards.md#elemental

def elemental(cells: dict[str, str], hands: list[list[str]], elements: str, cards, **kw) -> Game:
    text = position(cells, hands, rules="higher:0:elemental", **kw) + f" elements={elements}"
    return Game.from_position(text, catalog(*cards, *fillers(4)))


def test_elemental_adds_one_on_a_match_and_takes_one_otherwise():
    fire = Card.from_sides("t/fire", "5555", element="fire")
    ice = Card.from_sides("t/ice", "5555", element="ice")
    plain = Card.from_sides("t/plain", "5555")
    g = elemental({"a1": "0:t/fire", "b1": "0:t/ice", "c1": "0:t/plain", "a2": "1:t/f3"},
                  [["t/f0"], ["t/f1"]], "a1:fire,b1:fire,c1:fire", [fire, ice, plain])
    assert g.effective_sides("a1") == (6, 6, 6, 6)
    assert g.effective_sides("b1") == (4, 4, 4, 4)
    assert g.effective_sides("c1") == (4, 4, 4, 4)   # no element counts as another
    assert g.effective_sides("a2") == (1, 1, 1, 1)   # a plain cell changes nothing
    assert g.position().endswith(" elements=a1:fire,b1:fire,c1:fire")


def test_elemental_decides_a_capture():
    # seat 0's 5 meets seat 1's 5 above it: equal, unless the cell's element lifts the attacker
    x = Card.from_sides("t/x", "5111", element="water")
    d = Card.from_sides("t/d", "1151")
    for elements, taken in [("b2:water", True), ("b2:holy", False), ("b1:wind", True), ("-", False)]:
        g = elemental({"b1": "1:t/d"}, [["t/x", "t/f0"], ["t/f1"]], elements, [x, d])
        g.play(Action.parse("t/x@b2"))
        assert (g.owner_at("b1") == 0) is taken, elements


def test_elemental_is_summed_with_ability_modifiers_before_the_one_clamp():
    from cards_helpers import card
    # x (top A, fire) on a fire cell with an opponent's -1 on every side of it: clamp(10+1-1) = 10
    x = Card.from_sides("t/x", "A111", element="fire")
    y = card("t/y", "1111", [{"timing": "turn", "effect": "modify", "target": "opponents", "amount": -1,
                              "cost": 4}])
    text = (position({"b2": "1:t/x", "b3": "0:t/y"}, [["t/f0"], ["t/f1"]], rules="higher:0:elemental",
                     effects=["0:t/y.0!1@b3~2"]) + " elements=b2:fire")
    g = Game.from_position(text, catalog(x, y, *fillers(2)))
    assert g.effective_sides("b2") == (10, 1, 1, 1)   # clamped once: not min(11, 10) - 1 = 9


def test_same_wall_reads_the_elemental_side():
    # x on the ice cell b1, its top facing the edge, its left meeting a1's right (equal)
    nine = Card.from_sides("t/x", "9113", element="ice")    # plays 10,2,2,4: the 9 became A
    ace = Card.from_sides("t/x", "A113")                     # plays 9,1,1,2: the A became 9
    for x, right, taken in [(nine, "4", True), (ace, "2", False)]:
        a1 = Card.from_sides("t/a1", f"1{right}11")
        text = (position({"a1": "1:t/a1"}, [["t/x", "t/f0"], ["t/f1"]],
                         rules="higher:0:same:same_wall:elemental") + " elements=b1:ice")
        g = Game.from_position(text, catalog(x, a1, *fillers(2)))
        got = [(c.cell, c.cause) for c in g.play(Action.parse("t/x@b1")).captures]
        assert got == ([("a1", "same_wall")] if taken else []), x


def test_elemental_cells_come_from_the_seed_and_the_record():
    import random as _random
    from jayden_jazz.cards import GameRecord, get_field, new_game
    from jayden_jazz.cards.deal import elemental_cells
    f = get_field("7x7")
    a = elemental_cells(f, _random.Random(5))
    assert a == elemental_cells(f, _random.Random(5)) and a != elemental_cells(f, _random.Random(6))
    assert 0 < len(a) < 49
    cards = [Card.from_sides(f"t/c{i}", "5555", element="fire" if i % 2 else None) for i in range(10)]
    hands = [[c.id for c in cards[:5]], [c.id for c in cards[5:]]]
    g = new_game(catalog(*cards), get_field("3x3"), hands, Rules(elemental=True), rng=_random.Random(3),
                 date=(2026, 11))
    rec = GameRecord.from_yaml(g.record().to_yaml())
    assert rec.setup.elements == g.setup.elements
    for a in ["t/c0@a1", "t/c5@b1", "t/c1@b2"]:
        g.push(Action.parse(a))
    back = rec.replay(catalog(*cards))
    for a in ["t/c0@a1", "t/c5@b1", "t/c1@b2"]:
        back.push(Action.parse(a))
    assert back.position() == g.position()
    with pytest.raises(Exception, match="element"):
        Game.from_position(g.position().replace(" elements=", " elements=a1:lava,"), catalog(*cards))


def test_a_pack_card_may_name_one_element():
    from jayden_jazz.cards.loader import card_from_yaml
    base = ("id: ember\nname: Ember\nstarted_roasting: 2002-08\nlikes: a\ndislikes: b\n"
            "description: Ember exists for a test.\nsides: {top: 5, right: 5, bottom: 5, left: 5}\n")
    assert card_from_yaml(base + "element: Fire\n", pack_id="t").element == "fire"
    assert card_from_yaml(base, pack_id="t").element is None
    with pytest.raises(Exception, match="element is one of fire, ice"):
        card_from_yaml(base + "element: lava\n", pack_id="t")
