"""End of the game, the winner, the tie-break, shared draws and the variants."""
# rule: cards.md#end-of-the-game
# rule: cards.md#winner-and-ties
# rule: cards.md#variants
# rule: cards.md#open
# rule: cards.md#sudden-death

from __future__ import annotations

import random

import pytest

from cards_helpers import catalog, fillers, from_position, game, play
from jayden_jazz.cards import Action, Card, Rules, deal_random, get_field, new_game
from jayden_jazz.cards.synthetic import synthetic_cards

H = {p: Card.from_sides(f"t/h{p}", str(p) * 4) for p in range(1, 10)}   # t/h5 is worth 20 points


def _full(field: str, owners_: list[int]) -> dict[str, str]:
    f = get_field(field)
    return {f.name_of(c): f"{o}:t/c{i}" for i, (c, o) in enumerate(zip(f.cells, owners_))}


def _cells_cards(n: int) -> list[Card]:
    return [Card.from_sides(f"t/c{i}", "1111") for i in range(n)]


def test_the_game_ends_when_every_playable_cell_is_filled_and_most_cards_win():
    rng = random.Random(5)
    cards = synthetic_cards(30, rng, ability_rate=0)
    hands = deal_random([c.id for c in cards], get_field("3x3"), 2, Rules(), rng)
    g = new_game(catalog(*cards), get_field("3x3"), hands, first_seat=0, date=(2026, 11))
    while not g.is_over():
        assert g.free_cells()
        g.push(rng.choice(g.legal_actions()))
    r = g.result()
    assert g.free_cells() == [] and r.reason == "field_full" and g.legal_actions() == []
    assert sum(r.scores) == 9 and r.winners == (max(range(2), key=lambda s: r.scores[s]),)
    assert r.decided_by == "cards" and r.returns()[r.winners[0]] == 1.0


def test_a_tie_on_cards_goes_to_the_most_points_left_in_hand():
    # ring5, Draft: 16 cells shared 8-8, two spare cards each
    g = from_position([*_cells_cards(16), *H.values()], _full("ring5", [0, 1] * 8),
                      [["t/h9", "t/h1"], ["t/h5", "t/h4"]], field="ring5", rules="equal_or_higher:2")
    r = g.result()
    assert r.reason == "field_full" and r.scores == (8, 8) and r.tied == (0, 1)
    assert r.hand_points == (40, 36) and r.winners == (0,) and r.decided_by == "hand_points"
    assert g.returns() == [1.0, -1.0]


def test_an_empty_hand_counts_zero_points():
    g = from_position([*_cells_cards(12), H[1]], _full("4x3", [0, 1] * 6), [[], ["t/h1"]], field="4x3")
    r = g.result()
    assert r.hand_points == (0, 4) and r.winners == (1,)


def test_still_tied_players_share_a_draw_and_players_eliminated_by_hand_points_lose():
    g = from_position([*_cells_cards(12), *H.values()], _full("4x3", [0, 1, 2] * 4),
                      [["t/h5"], ["t/h2", "t/h3"], ["t/h4"]], field="4x3")
    r = g.result()
    assert r.scores == (4, 4, 4) and r.hand_points == (20, 20, 16)
    assert r.winners == (0, 1) and r.is_draw and r.decided_by == "shared_draw" and r.losers == (2,)
    assert g.returns() == [0.0, 0.0, -1.0]


def test_players_behind_on_cards_lose_even_with_more_hand_points():
    g = from_position([*_cells_cards(12), *H.values()], _full("4x3", [0, 0, 1, 1, 2, 3] * 2),
                      [["t/h1"], ["t/h2"], ["t/h9"], ["t/h9"]], field="4x3")
    r = g.result()
    assert r.scores == (4, 4, 2, 2) and r.tied == (0, 1) and r.winners == (1,)
    assert g.returns() == [-1.0, 1.0, -1.0, -1.0]


@pytest.mark.parametrize("field", ["3x3", "5x5", "7x7"])
def test_two_players_on_odd_fields_never_tie(field):
    rng = random.Random(len(field))
    cards = synthetic_cards(40, rng, ability_rate=0)
    for _ in range(3):
        hands = deal_random([c.id for c in cards], get_field(field), 2, Rules(), rng)
        g = new_game(catalog(*cards), get_field(field), hands, rng=rng, date=(2026, 11))
        while not g.is_over():
            g.push(rng.choice(g.legal_actions()))
        assert g.result().decided_by == "cards"


def test_the_game_ends_when_no_seat_holds_a_card():
    f = fillers(4)
    g = game(f, [["t/f0", "t/f1"], ["t/f2", "t/f3"]], custom=True)
    play(g, "t/f0@a1", "t/f2@b1", "t/f1@c1")
    assert not g.is_over()
    play(g, "t/f3@a2")
    r = g.result()
    assert g.is_over() and r.reason == "no_cards" and len(g.free_cells()) == 5 and r.scores == (2, 2)
    assert r.decided_by == "shared_draw"


# ---------------------------------------------------------------------- variants


def _sudden_game(rules: Rules):
    big = Card.from_sides("t/big", "1919")
    f = fillers(9)
    ids = [c.id for c in f]
    return game([big, *f], [ids[:5], ["t/big"] + ids[5:9]], rules=rules)


def test_sudden_death_the_first_multiple_capture_wins_at_once():
    g = _sudden_game(Rules(sudden_death=True))
    play(g, "t/f0@a1", "t/f5@c3", "t/f1@b2")
    assert g.captures_if("t/big", "c2") == ["b2"]
    play(g, "t/big@c2")                       # one capture: the game goes on
    assert not g.is_over() and g.owner_at("b2") == 1 and g.to_move == 0
    g2 = _sudden_game(Rules(sudden_death=True))
    play(g2, "t/f0@a1", "t/f5@c3", "t/f1@c1")
    play(g2, "t/big@b1")                      # captures a1 and c1
    r = g2.result()
    assert g2.is_over() and r.decided_by == "sudden_death" and r.winners == (1,)
    assert len(g2.free_cells()) == 5 and g2.legal_actions() == []
    g2.pop()
    assert not g2.is_over() and g2.owner_at("a1") == 0


def test_without_sudden_death_a_multiple_capture_does_not_end_the_game():
    g = _sudden_game(Rules())
    play(g, "t/f0@a1", "t/f5@c3", "t/f1@c1", "t/big@b1")
    assert not g.is_over() and g.scores() == (0, 4)


def test_open_shows_every_hand_and_closed_only_ones_own():
    f = fillers(10)
    ids = [c.id for c in f]
    closed = game(f, [ids[:5], ids[5:]])
    opened = game(f, [ids[:5], ids[5:]], rules=Rules(open=True))
    assert closed.can_see_hand(0, 0) and not closed.can_see_hand(0, 1) and not closed.can_see_hand(1, 0)
    assert all(opened.can_see_hand(v, s) for v in range(2) for s in range(2))


def test_variants_combine():
    rules = Rules.preset("draft").with_variants("open", "pure", "sudden_death")
    assert rules.variants == ("open", "pure", "sudden_death")
    assert Rules.from_code(rules.code()) == rules and rules.code() == "equal_or_higher:2:open:pure:sudden_death"
    rng = random.Random(9)
    cards = synthetic_cards(30, rng, ability_rate=1.0)
    hands = deal_random([c.id for c in cards], get_field("3x3"), 2, rules, rng)
    g = new_game(catalog(*cards), get_field("3x3"), hands, rules, rng=rng, date=(2026, 11))
    while not g.is_over():
        acts = g.legal_actions()
        assert all(a.ability is None for a in acts)      # Pure
        g.push(rng.choice(acts))
    r = g.result()
    assert r.decided_by == "sudden_death" or g.free_cells() == []
    assert all(g.can_see_hand(0, s) for s in range(2))


def test_an_illegal_action_leaves_the_game_unchanged():
    g = _sudden_game(Rules())
    before = g.position()
    for bad in ("t/big@b2", "t/f0@a4", "t/f0@b2!1"):
        with pytest.raises(Exception):
            g.push(Action.parse(bad))
        assert g.position() == before
