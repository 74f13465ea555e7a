"""Public reads of a Game that the scenes draw from (no reaching into the rules core)."""
# rule: cards.md#elemental

from __future__ import annotations

from cards_helpers import catalog, fillers, position
from jayden_jazz.cards import Card, Game


def test_elemental_is_the_modifier_the_engine_counts_on_each_cell():
    fire = Card.from_sides("t/fire", "5555", element="fire")
    ice = Card.from_sides("t/ice", "5555", element="ice")
    plain = Card.from_sides("t/plain", "5555")
    text = position({"a1": "0:t/fire", "b1": "0:t/ice", "c1": "0:t/plain", "a2": "1:t/f3"},
                    [["t/f0"], ["t/f1"]], rules="higher:0:elemental") + " elements=a1:fire,b1:fire,c1:fire,b2:ice"
    g = Game.from_position(text, catalog(fire, ice, plain, *fillers(4)))
    assert [g.elemental(c) for c in ("a1", "b1", "c1", "a2")] == [1, -1, -1, 0]
    for c in ("a1", "b1", "c1"):                       # the same number the sides are read with
        assert g.effective_sides(c) == tuple(5 + g.elemental(c) for _ in range(4))
    assert g.elemental("b2") == 0                      # an empty cell: no card, no modifier
    assert (g.elemental("b2", ice), g.elemental("b2", fire), g.elemental("c3", ice)) == (1, -1, 0)


def test_without_the_rule_no_cell_changes_a_card():
    fire = Card.from_sides("t/fire", "5555", element="fire")
    g = Game.from_position(position({"a1": "0:t/fire"}, [["t/f0"], ["t/f1"]]), catalog(fire, *fillers(4)))
    assert g.elemental("a1") == 0 and g.elemental("b2", fire) == 0
