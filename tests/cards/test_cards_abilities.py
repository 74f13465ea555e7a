"""Abilities: when they are offered, each effect, conditions, filters, Turn-effect expiry."""
# rule: cards.md#abilities
# rule: cards.md#turn-effects
# rule: cards.md#conditions-and-dates
# rule: cards.md#taking-a-card
# rule: cards.md#swapping
# rule: cards.md#resetting-the-game
# rule: cards.md#winning-outright
# rule: cards.md#pure
# rule: cards.md#sudden-death

from __future__ import annotations

import pytest

from cards_helpers import DATE, card, fillers, from_position, game, play
from jayden_jazz.cards import Action, Card, IllegalActionError

W = [Card.from_sides(f"t/w{i}", "1111") for i in range(1, 8)]      # seat 0's weak cards
S = [Card.from_sides(f"t/s{i}", "1111") for i in range(1, 8)]      # seat 1's weak cards


def ab(effect: str, **kw):
    timing = "turn" if effect == "modify" else "instant"
    base = {"timing": timing, "effect": effect}
    if effect in ("reset", "win"):
        base["cost"] = 12 if effect == "reset" else 16
    else:
        base["cost"] = 4
    base.update(kw)
    return base


def attacker(*abilities, sides: str = "1212", roasting: str = "2002-08") -> Card:
    """Seat 1's card: left and right 2, so on b1 it captures the weak a1 and c1."""
    return card("t/att", sides, list(abilities), roasting=roasting)


def base_game(att: Card, *, extra_cells: dict[str, str] | None = None, cards: tuple = (),
              rules: str = "higher:0", hand1: tuple[str, ...] = ("t/s2", "t/s3"), effects=(),
              reset: int = 0, hand0: tuple[str, ...] = ("t/w4", "t/w5")):
    """3x3, seat 1 to move: seat 0 holds a1, c1 (weak) and a3; seat 1 holds c3.

    ``t/att@b1`` then captures a1 and c1 (two cards), leaving a3 to seat 0.
    """
    cells = {"a1": "0:t/w1", "c1": "0:t/w2", "a3": "0:t/w3", "c3": "1:t/s1"}
    cells.update(extra_cells or {})
    return from_position([att, *W, *S, *cards], cells, [list(hand0), ["t/att", *hand1]],
                         move=1, rules=rules, effects=list(effects), reset=reset)


# ---------------------------------------------------------------------- offering


def test_abilities_are_offered_only_after_capturing_two_or_more():
    att = attacker(ab("win"))
    g = base_game(att)
    assert g.captures_if("t/att", "b1") == ["a1", "c1"]
    assert g.abilities_offered("t/att", "b1") == [1]
    # one capture only: on a2 it touches a1 (right side 9 vs ... a2's top meets a1's bottom)
    assert len(g.captures_if("t/att", "b2")) == 0
    assert g.abilities_offered("t/att", "b2") == []
    with pytest.raises(IllegalActionError, match="two or more captures"):
        g.push(Action.parse("t/att@b2!1"))
    single = base_game(attacker(ab("win"), sides="1211"))
    assert single.captures_if("t/att", "b1") == ["c1"]
    assert single.abilities_offered("t/att", "b1") == []


def test_pure_offers_no_ability():
    g = base_game(attacker(ab("win")), rules="higher:0:pure")
    assert g.captures_if("t/att", "b1") == ["a1", "c1"]
    assert g.abilities_offered("t/att", "b1") == []
    assert all(a.ability is None for a in g.legal_actions())
    with pytest.raises(IllegalActionError, match="Pure"):
        g.push(Action.parse("t/att@b1!1"))


def test_declining_is_the_placement_alone_and_at_most_one_ability_is_used():
    g = base_game(attacker(ab("modify", target="self", amount=1, sides=["top"], cost=1), ab("win")))
    assert g.abilities_offered("t/att", "b1") == [1, 2]
    b1 = [a for a in g.legal_actions() if a.card == "t/att" and a.cell == "b1"]
    assert [str(a) for a in b1] == ["t/att@b1", "t/att@b1!1", "t/att@b1!2"]
    play(g, "t/att@b1")
    assert g.effects() == () and not g.is_over() and g.effective_sides("b1") == (1, 2, 1, 2)
    with pytest.raises(Exception):
        Action.parse("t/att@b1!1!2")


def test_an_ability_number_the_card_lacks_is_illegal():
    g = base_game(attacker(ab("win")))
    with pytest.raises(IllegalActionError, match="no ability 2"):
        g.push(Action.parse("t/att@b1!2"))
    assert g.ply == 0 and g.to_move == 1 and g.card_at("b1") is None


# ---------------------------------------------------------------------- modify


def test_self_modify_raises_the_played_card_and_defends_it():
    g = base_game(attacker(ab("modify", target="self", amount=3)),
                  cards=(Card.from_sides("t/probe", "4111"),), hand0=("t/probe", "t/w5"))
    play(g, "t/att@b1!1")
    assert g.effective_sides("b1") == (4, 5, 4, 5)
    e = g.effects()[0]
    assert (e.seat, e.card.id, e.number, e.cell, e.turns_left) == (1, "t/att", 1, "b1", 2)
    # probe's top 4 against b1's bottom: printed 1 would lose, effective 4 holds
    assert g.captures_if("t/probe", "b2") == []


def test_modify_targets_own_opponents_all_neighbours_on_the_named_sides():
    extra = {"b2": "0:t/w6", "b3": "1:t/s4"}
    cases = {
        "own": {"b1": (2, 3, 1, 3), "a1": (2, 2, 1, 2), "c3": (2, 2, 1, 2), "a3": (1, 1, 1, 1)},
        "opponents": {"b1": (1, 2, 1, 2), "a3": (2, 2, 1, 2), "b2": (2, 2, 1, 2), "b3": (1, 1, 1, 1)},
        "all": {"b1": (2, 3, 1, 3), "a3": (2, 2, 1, 2), "b3": (2, 2, 1, 2)},
        "neighbours": {"b1": (1, 2, 1, 2), "a1": (2, 2, 1, 2), "c1": (2, 2, 1, 2), "b2": (2, 2, 1, 2),
                       "a3": (1, 1, 1, 1), "c3": (1, 1, 1, 1)},
    }
    for target, expect in cases.items():
        att = attacker(ab("modify", target=target, amount=1, sides=["top", "right", "left"]))
        g = base_game(att, extra_cells=extra)
        play(g, "t/att@b1!1")
        for cell, sides in expect.items():
            assert g.effective_sides(cell) == sides, (target, cell)


def test_group_targets_follow_current_control():
    # seat 1's "own +5 bottom" makes a1 strong while seat 1 holds it; once seat 0 takes a1
    # back, a1 is no longer seat 1's and loses the bonus
    att = attacker(ab("modify", target="own", amount=5, sides=["bottom"], cost=6))
    five, nine = Card.from_sides("t/five", "5111"), Card.from_sides("t/nine", "9111")
    g = base_game(att, cards=(five, nine), hand0=("t/five", "t/nine"))
    play(g, "t/att@b1!1")
    assert g.owner_at("a1") == 1 and g.effective_sides("a1") == (1, 1, 6, 1)
    assert g.captures_if("t/five", "a2") == []        # 5 against the boosted 6
    play(g, "t/nine@a2")                               # 9 beats 6
    assert g.owner_at("a1") == 0 and g.effective_sides("a1") == (1, 1, 1, 1)
    assert g.effects()[0].turns_left == 1              # the effect is still running


def test_negative_modifiers_clamp_at_one():
    g = base_game(attacker(ab("modify", target="opponents", amount=-3)),
                  cards=(Card.from_sides("t/two", "2222"),), extra_cells={"b3": "0:t/two"})
    play(g, "t/att@b1!1")
    assert g.effective_sides("b3") == (1, 1, 1, 1) and g.effective_sides("a3") == (1, 1, 1, 1)
    assert g.printed_sides("b3") == (2, 2, 2, 2)


def test_modify_filter_narrows_the_group_at_every_comparison():
    big = Card.from_sides("t/big", "5555")
    att = attacker(ab("modify", target="opponents", amount=-1, filter={"total_at_most": 8}, cost=8))
    g = base_game(att, cards=(big,), extra_cells={"b3": "0:t/big"})
    play(g, "t/att@b1!1")
    assert g.effective_sides("a3") == (1, 1, 1, 1)     # 4 points: affected, clamped
    assert g.effective_sides("b3") == (5, 5, 5, 5)     # 20 points: spared


# ---------------------------------------------------------------------- turn expiry


def _expiry_trace(players: int, hands_left: dict[int, int], rounds: int = 2):
    """5x5; seat 1 activates "self +1" on b1; returns [(seat to move, turns_left or None)] after
    each following turn, and the seat order."""
    att = attacker(ab("modify", target="self", amount=1, cost=1))
    filler = {s: [f"t/p{s}_{i}" for i in range(hands_left.get(s, 3))] for s in range(players)}
    cards = [att, *W, *S] + [Card.from_sides(c, "1111") for h in filler.values() for c in h]
    hands = [filler[s] for s in range(players)]
    hands[1] = ["t/att"] + hands[1]
    g = from_position(cards, {"a1": "0:t/w1", "c1": "0:t/w2"}, hands, move=1, field="5x5")
    play(g, "t/att@b1!1")
    trace = [(g.to_move, g.effects()[0].turns_left if g.effects() else None)]
    free = iter(c for c in g.free_cells() if c[0] in "de")   # far from b1: no captures
    while not g.is_over() and len(trace) < rounds * players + 1:
        seat = g.to_move
        g.push(Action(g.hand_ids(seat)[0], next(free)))
        trace.append((g.to_move, g.effects()[0].turns_left if g.effects() else None))
    return trace


def test_turn_effect_lasts_until_the_end_of_the_activators_next_turn_two_players():
    trace = _expiry_trace(2, {})
    # after activation: seat 0 moves (2 left), then seat 1's own next turn (1 left), then gone
    assert trace[:4] == [(0, 2), (1, 1), (0, None), (1, None)]


def test_turn_effect_expiry_with_three_players():
    trace = _expiry_trace(3, {})
    assert trace[:5] == [(2, 3), (0, 2), (1, 1), (2, None), (0, None)]


def test_turn_effect_expiry_with_four_players():
    trace = _expiry_trace(4, {})
    assert trace[:6] == [(2, 4), (3, 3), (0, 2), (1, 1), (2, None), (3, None)]


def test_a_skipped_seat_counts_as_having_had_its_turn():
    # seat 2 holds no card: it is skipped, and its skipped turn still ends
    trace = _expiry_trace(3, {2: 0})
    assert trace[:4] == [(0, 2), (1, 1), (0, None), (1, None)]


def test_an_activator_with_no_cards_left_loses_its_effect_at_its_skipped_turn():
    # seat 1 plays its last card; its next turn is skipped, and the effect ends there
    trace = _expiry_trace(3, {1: 0})
    assert trace[:4] == [(2, 3), (0, 2), (2, None), (0, None)]


# ---------------------------------------------------------------------- gain control


def test_gain_control_takes_one_chosen_card_not_controlled():
    g = base_game(attacker(ab("gain_control")), extra_cells={"b3": "0:t/w6"})
    assert g.target_options("t/att", "b1", 1) == [("a3",), ("b3",)]
    actions = {str(a) for a in g.legal_actions() if a.cell == "b1" and a.card == "t/att"}
    assert actions == {"t/att@b1", "t/att@b1!1>a3", "t/att@b1!1>b3"}
    plain = g.legal_actions(abilities=False)
    assert all(a.ability is None for a in plain) and len(plain) == len(g.legal_actions()) - 2
    play(g, "t/att@b1!1>b3")
    assert g.owner_at("b3") == 1 and g.owner_at("a3") == 0 and g.scores() == (1, 5)
    for bad in ("t/att@b1!1", "t/att@b1!1>c3", "t/att@b1!1>a3>b3"):
        g.pop()
        with pytest.raises(IllegalActionError):
            g.push(Action.parse(bad))
        g.push(Action.parse("t/att@b1!1>b3"))


def test_gain_control_count_two_picks_two_or_all_if_fewer():
    att = attacker(ab("gain_control", count=2, cost=8))
    g = base_game(att, extra_cells={"b3": "0:t/w6", "c2": "0:t/w7"})
    assert g.target_options("t/att", "b1", 1) == [("c2", "a3"), ("c2", "b3"), ("a3", "b3")]
    play(g, "t/att@b1!1>a3>c2")
    assert g.owner_at("a3") == g.owner_at("c2") == 1 and g.owner_at("b3") == 0
    g2 = base_game(att)                               # only a3 is eligible
    assert g2.target_options("t/att", "b1", 1) == [("a3",)]


def test_an_ability_without_a_legal_target_is_not_offered():
    g = base_game(attacker(ab("gain_control", filter={"roasting_within_years": 1})))
    assert g.abilities_offered("t/att", "b1") == []   # every field card is from 2002


# ---------------------------------------------------------------------- swap


def test_swap_trades_a_hand_card_with_a_field_card_without_capturing():
    strong = Card.from_sides("t/strong", "9999")
    z = card("t/z", "1111", [ab("modify", target="self", amount=1, cost=1)])
    att = attacker(ab("swap", cost=5))
    g = base_game(att, cards=(strong, z), hand1=("t/s2", "t/strong"),
                  extra_cells={"a3": "0:t/z", "b3": "0:t/w6"}, effects=["0:t/z.0!1@a3~2"])
    opts = g.target_options("t/att", "b1", 1)
    assert ("a3", "hand:t/strong") in opts and ("b3", "hand:t/s2") in opts and len(opts) == 4
    sizes = (len(g.hand(0)), len(g.hand(1)))
    play(g, "t/att@b1!1>a3>hand:t/strong")
    assert g.card_at("a3").id == "t/strong" and g.owner_at("a3") == 1
    assert g.owner_at("b3") == 0                       # the swapped-in 9999 captured nothing
    assert "t/z" in g.hand_ids(1) and "t/strong" not in g.hand_ids(1)
    assert (len(g.hand(0)), len(g.hand(1) ) + 1) == (sizes[0], sizes[1])   # att left the hand
    assert g.effects() == ()                          # z's own effect left the field with it
    assert g.dealer_at("a3") == 1


def test_swap_targets_can_be_built_step_by_step():
    g = base_game(attacker(ab("swap", cost=5)), extra_cells={"b3": "0:t/w6"})
    assert g.next_targets("t/att", "b1", 1) == ["a3", "b3", "hand:t/s2", "hand:t/s3"]
    assert g.next_targets("t/att", "b1", 1, ["b3"]) == ["hand:t/s2", "hand:t/s3"]
    assert g.next_targets("t/att", "b1", 1, ["hand:t/s3"]) == ["a3", "b3"]
    assert g.next_targets("t/att", "b1", 1, ["hand:t/s3", "a3"]) == []


def test_swap_is_not_offered_with_an_empty_hand():
    g = base_game(attacker(ab("swap", cost=5)), hand1=())
    assert g.abilities_offered("t/att", "b1") == []


# ---------------------------------------------------------------------- reset and win


def test_reset_returns_every_card_to_its_dealt_hand_and_passes_the_turn():
    att = attacker(ab("reset"))
    f = fillers(8)
    ids = [c.id for c in f]
    g = game([att, *f, *W], [["t/w1", "t/w2"] + ids[:3], ["t/att"] + ids[3:7]], first=0)
    opening = ("t/w1@a1", "t/f3@c3", "t/w2@c1", "t/f4@b3", "t/f0@a3")
    play(g, *opening)
    assert g.captures_if("t/att", "b1") == ["a1", "c1"]
    play(g, "t/att@b1!1")
    assert g.free_cells() == [g.field.name_of(c) for c in g.field.cells]
    assert g.hand_ids(0) == g.setup.hands[0] and g.hand_ids(1) == g.setup.hands[1]
    assert g.scores() == (0, 0) and g.effects() == () and g.reset_used
    assert g.to_move == 0                              # the next player after seat 1
    # at most once per game: the same capture no longer offers it
    play(g, *opening)
    assert g.captures_if("t/att", "b1") == ["a1", "c1"]
    assert g.abilities_offered("t/att", "b1") == []
    assert not g.is_over()


def test_reset_clears_turn_effects():
    att = attacker(ab("reset"), sides="1313")     # 3 beats the boosted 1+1
    g = base_game(att, cards=(card("t/z", "1111", [ab("modify", target="own", amount=1, cost=4)]),),
                  extra_cells={"b3": "0:t/z"}, effects=["0:t/z.0!1@b3~1"])
    assert len(g.effects()) == 1
    play(g, "t/att@b1!1")
    assert g.effects() == () and sorted(g.hand_ids(0)) == ["t/w1", "t/w2", "t/w3", "t/w4", "t/w5", "t/z"]


def test_a_used_reset_is_not_offered_again():
    assert base_game(attacker(ab("reset")), reset=1).abilities_offered("t/att", "b1") == []
    assert base_game(attacker(ab("reset")), reset=0).abilities_offered("t/att", "b1") == [1]


def test_win_ends_the_game_at_once_with_cells_left_empty():
    g = base_game(attacker(ab("win")))
    play(g, "t/att@b1!1")
    r = g.result()
    assert g.is_over() and r.winners == (1,) and r.decided_by == "instant_win"
    assert len(g.free_cells()) == 4 and g.legal_actions() == []
    with pytest.raises(IllegalActionError, match="over"):
        g.push(Action("t/s2", "b2"))


# ---------------------------------------------------------------------- conditions


def _offered(att: Card, **kw) -> bool:
    return base_game(att, **kw).abilities_offered("t/att", "b1") == [1]


def test_condition_captured_at_least():
    cond = ab("win", condition={"captured_at_least": 3})
    assert not _offered(attacker(cond))                                   # 2 captures
    assert _offered(attacker(cond, sides="1222"), extra_cells={"b2": "0:t/w6"})  # 3 captures


def test_condition_controlling_at_most():
    # after the capture seat 1 controls a1, b1, c1 and c3
    assert _offered(attacker(ab("win", condition={"controlling_at_most": 4})))
    assert not _offered(attacker(ab("win", condition={"controlling_at_most": 3})))


def test_condition_behind():
    many = {"a2": "0:t/w4", "b3": "0:t/w5", "c2": "0:t/w6", "b2": "0:t/w7"}
    behind = attacker(ab("win", condition={"behind": True}))
    ahead = attacker(ab("win", condition={"behind": False}))
    assert not _offered(behind) and _offered(ahead)          # 4 against 1
    assert _offered(behind, extra_cells=many, hand0=())      # 4 against 5
    assert not _offered(ahead, extra_cells=many, hand0=())


def test_condition_roasting_within_years_of_the_played_card():
    # game date 2026-11; 2025-01 is 22 months back
    assert _offered(attacker(ab("win", condition={"roasting_within_years": 2}), roasting="2025-01"))
    assert not _offered(attacker(ab("win", condition={"roasting_within_years": 1}), roasting="2025-01"))


def test_condition_empty_cells_at_most():
    # after t/att@b1, a2 b2 c2 b3 are empty
    assert _offered(attacker(ab("win", condition={"empty_cells_at_most": 4})))
    assert not _offered(attacker(ab("win", condition={"empty_cells_at_most": 3})))


def test_every_condition_key_must_hold():
    both = ab("win", condition={"empty_cells_at_most": 4, "captured_at_least": 3})
    assert not _offered(attacker(both))


# ---------------------------------------------------------------------- filters


def _eligible(flt: dict, cards: dict[str, Card]) -> set[str]:
    """Cells gain_control with this filter may take; ``cards`` are seat 0's extra field cards."""
    extra = {cell: f"0:{c.id}" for cell, c in cards.items()}
    g = base_game(attacker(ab("gain_control", filter=flt)), cards=tuple(cards.values()), extra_cells=extra)
    return {t[0] for t in g.target_options("t/att", "b1", 1)}


def test_filter_roasting_within_years_counts_months_against_the_game_date():
    dated = {"a2": card("t/d0", "1111", roasting="2026-11"),   # 0 months: in
             "b2": card("t/d24", "1111", roasting="2024-11"),  # 24 months: in
             "c2": card("t/d25", "1111", roasting="2024-10"),  # 25 months: out
             "b3": card("t/dfut", "1111", roasting="2026-12")}  # after the game's date: out
    assert DATE == (2026, 11)
    assert _eligible({"roasting_within_years": 2}, dated) == {"a2", "b2"}
    assert _eligible({"roasting_within_years": 0}, dated) == {"a2"}


def test_the_game_date_moves_the_window():
    att = attacker(ab("gain_control", filter={"roasting_within_years": 2}))
    recent = card("t/r", "1111", roasting="2020-06")
    for date, expect in (("2026-11", []), ("2021-01", [("b3",)])):
        g = from_position([att, *W, *S, recent], {"a1": "0:t/w1", "c1": "0:t/w2", "b3": "0:t/r",
                                                  "c3": "1:t/s1"},
                          [["t/w4"], ["t/att", "t/s2"]], move=1, date=date)
        assert g.target_options("t/att", "b1", 1) == expect


def test_filter_roasting_before():
    dated = {"a2": card("t/old", "1111", roasting="2004-12"), "b2": card("t/new", "1111", roasting="2005-01")}
    assert _eligible({"roasting_before": "2005-01"}, dated) == {"a2", "a3"}   # a3 is from 2002


def test_filter_total_at_most_uses_printed_values():
    cards = {"a2": Card.from_sides("t/p12", "3333"), "b2": Card.from_sides("t/p13", "4333")}
    assert _eligible({"total_at_most": 12}, cards) == {"a2", "a3"}


def test_filter_adjacent():
    cards = {"b2": Card.from_sides("t/near", "9111")}   # b2 touches b1; its top 9 is not captured
    assert _eligible({"adjacent": True}, cards) == {"b2"}
    assert _eligible({"adjacent": False}, cards) == {"a3"}


# ---------------------------------------------------------------------- sudden death


def test_sudden_death_offers_no_ability():
    g = base_game(attacker(ab("win")), rules="higher:0:sudden_death")
    assert g.abilities_offered("t/att", "b1") == []
    assert all(a.ability is None for a in g.legal_actions())
