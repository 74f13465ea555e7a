"""Players, hands and the start of a game."""
# rule: cards.md#players-and-seats
# rule: cards.md#hands
# rule: cards.md#presets

from __future__ import annotations

import datetime
import random

import pytest

from cards_helpers import DATE, catalog, fillers, game
from jayden_jazz.cards import Rules, SetupError, deal_random, get_field, hand_size, new_game
from jayden_jazz.cards.deal import game_month

# (field, players, Updated (seed 000), Draft (seed 001)); parenthesised rows follow the formula
HAND_TABLE = [
    ("3x3", 2, 5, 7),
    ("5x5", 2, 13, 15),
    ("5x5", 3, 9, 11),
    ("5x5", 4, 7, 9),
    ("7x7", 2, 25, 27),
    ("7x7", 3, 17, 19),
    ("7x7", 4, 13, 15),
]


@pytest.mark.parametrize("name, players, updated, draft", HAND_TABLE)
def test_hand_sizes_reproduce_both_seed_tables(name, players, updated, draft):
    cells = get_field(name).playable_count
    assert Rules.preset("updated").hand_size(cells, players) == updated
    assert Rules.preset("draft").hand_size(cells, players) == draft
    assert hand_size(cells, players, 0) == updated


def test_hand_size_formula_rounds_up_for_holed_fields():
    assert hand_size(13, 3) == 5 and hand_size(16, 3, 2) == 8 and hand_size(9, 2) == 5


def test_presets_set_capture_and_spare_cards():
    up, dr = Rules.preset("updated"), Rules.preset("draft")
    assert (up.capture, up.spare, up.holes) == ("higher", 0, True)
    assert (dr.capture, dr.spare, dr.holes) == ("equal_or_higher", 2, True)
    assert up.preset_name == "updated" and dr.preset_name == "draft"
    assert Rules(capture="higher", spare=2).preset_name == "custom"
    with pytest.raises(SetupError, match="unknown preset"):
        Rules.preset("classic")


def _hands(n_players: int, size: int, pool: int = 30) -> tuple[list, list[list[str]]]:
    cards = fillers(pool)
    return cards, [[c.id for c in cards[:size]] for _ in range(n_players)]


@pytest.mark.parametrize("players", [1, 5])
def test_two_to_four_players_only(players):
    cards, hands = _hands(players, 7)
    with pytest.raises(SetupError, match="2 to 4 players"):
        game(cards, hands, field="5x5")


def test_three_by_three_and_small_shapes_take_two_players_only():
    cards, hands = _hands(3, 3)
    with pytest.raises(SetupError, match="takes 2 players only"):
        game(cards, hands, field="3x3")
    with pytest.raises(SetupError, match="takes 2 players only"):
        game(cards, hands, field="cross5")
    cards, hands = _hands(3, 5)
    assert game(cards, hands, field="diamond5").players == 3   # 13 cells: 2-4 players


def test_hands_must_have_the_rule_size_unless_custom():
    cards, hands = _hands(2, 4)
    with pytest.raises(SetupError, match="each hand holds 5"):
        game(cards, hands)
    assert game(cards, hands, custom=True).hand_ids(0) == tuple(hands[0])


def test_one_copy_of_a_card_per_hand_but_players_may_share_cards():
    cards = fillers(6)
    ids = [c.id for c in cards]
    with pytest.raises(SetupError, match="more than one copy"):
        game(cards, [ids[:4] + [ids[0]], ids[:5]])
    g = game(cards, [ids[:5], ids[:5]])          # both seats hold the same five cards
    assert g.hand_ids(0) == g.hand_ids(1)


def test_unknown_cards_are_refused():
    cards, hands = _hands(2, 5)
    hands[1][0] = "t/ghost"
    with pytest.raises(SetupError, match="no card 't/ghost'"):
        game(cards, hands)


def test_first_player_is_drawn_with_the_injected_random_generator():
    cards, hands = _hands(2, 5)
    cat = catalog(*cards)
    firsts = set()
    for seed in range(20):
        g = new_game(cat, get_field("3x3"), hands, rng=random.Random(seed), date=DATE)
        assert g.to_move == random.Random(seed).randrange(2)
        assert g.setup.first_seat == g.to_move
        firsts.add(g.to_move)
    assert firsts == {0, 1}


def test_first_player_can_be_fixed_by_a_setting():
    cards, hands = _hands(4, 7)
    for seat in range(4):
        g = new_game(catalog(*cards), get_field("5x5"), hands, first_seat=seat,
                     rng=random.Random(0), date=DATE)
        assert g.to_move == seat
    with pytest.raises(SetupError, match="first seat 4"):
        game(cards, hands, field="5x5", first=4)


def test_game_date_is_a_month_from_a_date_or_today():
    assert game_month(datetime.date(2024, 2, 29)) == (2024, 2)
    assert game_month((2030, 12)) == (2030, 12)
    today = datetime.date.today()
    assert game_month(None) == (today.year, today.month)
    with pytest.raises(SetupError):
        game_month((2020, 13))
    cards, hands = _hands(2, 5)
    g = new_game(catalog(*cards), get_field("3x3"), hands, first_seat=0, date=datetime.date(2019, 7, 4))
    assert g.date == (2019, 7) and g.setup.date == (2019, 7)


def test_a_rules_setting_can_forbid_holed_fields():
    cards, hands = _hands(2, 8)
    with pytest.raises(SetupError, match="holes"):
        game(cards, hands, field="ring5", rules=Rules(holes=False))
    assert game(cards, hands, field="ring5").field.has_holes


def test_random_deal_gives_distinct_cards_of_the_right_count():
    cards = fillers(30)
    rules = Rules.preset("draft")
    hands = deal_random([c.id for c in cards], get_field("5x5"), 3, rules, random.Random(4))
    assert len(hands) == 3 and all(len(h) == 11 and len(set(h)) == 11 for h in hands)
    with pytest.raises(SetupError, match="needs 27 different cards"):
        deal_random([c.id for c in cards[:26]], get_field("7x7"), 2, rules, random.Random(4))
