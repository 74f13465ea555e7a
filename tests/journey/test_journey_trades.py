"""Journey trades, rewards, Roulette, the collection and decks, against the rules document."""
# rule: cards.md#journey cards.md#collection cards.md#decks cards.md#trade-rules cards.md#roulette
# rule: cards.md#rewards

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jayden_jazz.cards import Action, Card, Rules, get_field, new_game
from jayden_jazz.cards.catalog import Catalog
from jayden_jazz.journey import (Collection, Deck, Finish, Reward, cards_due, computer_choice, deck_problem,
                                 draw_reward, draw_rules, finish_of, settle)
from jayden_jazz.journey.collection import CollectionError, game_entries, starter_entries
from jayden_jazz.journey.trade import TradeError

# Seat 0's cards are weak (1s) except one strong one; seat 1's are middling; every id sorts by number.
CARDS = [Card.from_sides(f"t/a{i}", "1111") for i in range(5)] + \
        [Card.from_sides(f"t/b{i}", s) for i, s in enumerate(["5555", "3333", "5555", "2222", "4444"])]
CATALOG = Catalog.from_cards(CARDS)
A = [f"t/a{i}" for i in range(5)]
B = [f"t/b{i}" for i in range(5)]


def played(actions: list[str], rules: Rules | None = None, first: int = 0):
    g = new_game(CATALOG, get_field("3x3"), [A, B], rules or Rules(), first_seat=first, date=(2026, 11))
    for a in actions:
        g.play(Action.parse(a))
    return g


def full_game(rules: Rules | None = None):
    """Seat 1's middling cards take seat 0's ones wherever they touch."""
    return played(["t/a0@a1", "t/b0@b1", "t/a1@c1", "t/b1@a2", "t/a2@b2", "t/b2@c2", "t/a3@a3",
                   "t/b3@b3", "t/a4@c3"], rules)


def test_a_finished_game_gives_the_facts_the_trade_rules_read():
    g = full_game()
    f = finish_of(g)
    assert g.is_over() and f.winner == 1 and f.loser == 0
    assert f.dealt == (tuple(A), tuple(B)) and f.cells == 9
    mine = sum(1 for _, o, _ in f.field if o == 1)
    assert f.field_difference() == mine - (9 - mine) > 0
    taken = {cid for cid, owner, dealer in f.field if owner == 1 and dealer == 0}
    assert taken and all(cid in A for cid in taken)


def test_one_the_winner_takes_one_card_of_the_losers_dealt_hand_played_or_not():
    f = finish_of(full_game())
    assert cards_due("one", f) == 1
    t = settle("one", f, catalog=CATALOG)
    assert [(x.card, x.giver, x.taker) for x in t] == [("t/a0", 0, 1)]   # all 4 points: ties by id
    t2 = settle("one", f, choose=lambda hand, n: [hand[-1]])
    assert [(x.card, x.giver, x.taker) for x in t2] == [("t/a4", 0, 1)]


def test_the_computer_takes_the_highest_printed_total_first_and_ties_by_id():
    assert computer_choice(B, 3, CATALOG) == ["t/b0", "t/b2", "t/b4"]
    assert computer_choice(list(reversed(B)), 2, CATALOG) == ["t/b0", "t/b2"]


def test_diff_takes_the_field_difference_chosen_one_at_a_time_and_never_more_than_the_hand():
    f = finish_of(full_game())
    due = cards_due("diff", f)
    assert due == min(5, f.field_difference())
    t = settle("diff", f, catalog=CATALOG)
    assert len(t) == due and {x.card for x in t} <= set(A) and all(x.taker == 1 for x in t)
    wide = Finish(0, (tuple(A), tuple(B)), (), cells=9, whole_field=True)
    assert cards_due("diff", wide) == 5                      # the whole field, capped at the hand


def test_sudden_death_counts_as_the_whole_field_under_diff():
    g = played(["t/a0@a1", "t/b3@c3", "t/a1@c1", "t/b0@b1"], Rules(sudden_death=True))
    r = g.result()
    assert g.is_over() and r.decided_by == "sudden_death" and r.winners == (1,)
    f = finish_of(g)
    assert f.whole_field and cards_due("diff", f) == 5 and len(settle("diff", f, catalog=CATALOG)) == 5


def test_direct_each_seat_takes_the_other_seats_cards_it_controls_whatever_the_result():
    f = finish_of(full_game())
    t = settle("direct", f)
    expect = {(cid, dealer, owner) for cid, owner, dealer in f.field if owner != dealer}
    assert {(x.card, x.giver, x.taker) for x in t} == expect and expect
    draw = Finish(None, (tuple(A), tuple(B)), (("t/a0", 1, 0), ("t/b0", 0, 1), ("t/a1", 0, 0)), cells=9)
    assert {(x.card, x.giver, x.taker) for x in settle("direct", draw)} == {("t/a0", 0, 1), ("t/b0", 1, 0)}


def test_all_takes_the_whole_hand_and_a_draw_trades_nothing_but_direct():
    f = finish_of(full_game())
    assert [x.card for x in settle("all", f)] == A
    draw = Finish(None, (tuple(A), tuple(B)), (("t/a0", 1, 0),), cells=9)
    for rule in ("one", "diff", "all"):
        assert settle(rule, draw, catalog=CATALOG) == [] and cards_due(rule, draw) == 0
    assert len(settle("direct", draw)) == 1


def test_an_abandoned_game_is_lost_as_if_the_other_seat_held_the_whole_field():
    g = played(["t/a0@a1", "t/b0@b1"])                         # seat 0 leaves, even on the field
    f = finish_of(g).abandoned(by=0)
    assert f.winner == 1 and cards_due("diff", f) == 5 and cards_due("one", f) == 1
    assert {(x.card, x.taker) for x in settle("direct", f)} == {("t/a0", 1)}


def test_a_choice_the_rule_does_not_allow_is_refused_in_plain_words():
    f = finish_of(full_game())
    with pytest.raises(TradeError, match="choose 1 card, not 2"):
        settle("one", f, choose=lambda hand, n: list(hand[:2]))
    with pytest.raises(TradeError, match="not in the loser's hand"):
        settle("one", f, choose=lambda hand, n: ["t/b0"])
    with pytest.raises(TradeError, match="unknown trade rule"):
        settle("half", f)


def test_roulette_draws_each_rule_set_from_the_seed_alike():
    sets = ["updated 3x3", "draft 3x3", "same+plus 5x5"]
    assert draw_rules(sets, 7) == draw_rules(sets, 7)
    counts = Counter(draw_rules(sets, seed)[0] for seed in range(3000))
    assert set(counts) == {0, 1, 2} and all(800 < n < 1200 for n in counts.values())
    with pytest.raises(ValueError):
        draw_rules([], 1)


def test_a_reward_is_drawn_with_its_chance_and_the_same_seed_gives_the_same_card():
    rewards = [Reward("t/b0", 10), Reward("t/b1", 30)]
    got = Counter(draw_reward(rewards, seed) for seed in range(4000))
    assert 300 < got["t/b0"] < 500 and 1050 < got["t/b1"] < 1350 and 2200 < got[None] < 2600
    assert all(draw_reward(rewards, s) == draw_reward(rewards, s) for s in range(50))
    assert {draw_reward([Reward("t/b2", 100)], s) for s in range(50)} == {"t/b2"}
    assert {draw_reward([Reward("t/b2", 0)], s) for s in range(50)} == {None}
    with pytest.raises(ValueError):
        draw_reward([Reward("t/b0", 60), Reward("t/b1", 50)], 1)


def test_the_collection_changes_only_by_recorded_entries_and_never_below_zero():
    c = Collection()
    c.apply(starter_entries({"t/a0": 1, "t/a1": 2, "t/a2": 1, "t/a3": 1, "t/a4": 1}))
    c.apply(game_entries(settle("all", finish_of(full_game())), player=0, game="g1"))
    assert c.owned("t/a0") == 0 and c.owned("t/a1") == 1 and "t/a0" not in c.owned_cards()
    before = (dict(c.counts), list(c.ledger))
    with pytest.raises(CollectionError, match="owns 0"):
        c.apply(game_entries(settle("all", finish_of(full_game())), player=0, game="g2"))
    assert (c.counts, c.ledger) == before                      # all or nothing
    c.check_ledger()
    c.counts["t/a1"] = 5                                       # a hand edit the ledger does not explain
    with pytest.raises(CollectionError, match="do not match"):
        c.check_ledger()


def test_a_deck_with_a_card_no_longer_owned_is_incomplete_until_mended():
    c = Collection()
    c.apply(starter_entries({cid: 1 for cid in A}))
    deck = Deck("Weak", tuple(A))
    assert deck_problem(deck, c, hand_size=5) is None
    c.apply(game_entries(settle("one", finish_of(full_game()), catalog=CATALOG), player=0, game="g1"))
    assert deck_problem(deck, c, 5) == "incomplete: no longer owned: t/a0"
    c.apply(game_entries([], player=0, game="g2", reward="t/b0"))
    mended = Deck("Weak", tuple(A[1:]) + ("t/b0",))
    assert deck_problem(mended, c, 5) is None
    assert deck_problem(Deck("short", tuple(A[1:])), c, 5) == "it holds 4 cards, the hand needs 5"


GAME = st.tuples(st.sampled_from(["one", "diff", "direct", "all"]), st.sampled_from([0, 1, None]),
                 st.integers(0, 9), st.lists(st.tuples(st.integers(0, 4), st.integers(0, 1)), max_size=9),
                 st.booleans(), st.integers(0, 10**6))


@settings(max_examples=150, deadline=None)
@given(st.lists(GAME, max_size=25))
def test_random_journeys_keep_every_count_explained_and_never_negative(games):
    """Random results, trade rules, choices and rewards: counts are the starter plus the ledger."""
    c = Collection()
    c.apply(starter_entries({cid: 1 for cid in A}))
    for n, (rule, winner, extra, field_spec, whole, seed) in enumerate(games):
        hand = tuple(c.owned_cards()[:5])
        if len(hand) < 5:
            break
        opp = tuple(B)
        field = tuple(((hand if dealer == 0 else opp)[i], 1 - dealer if i % 2 else dealer, dealer)
                      for i, dealer in dict.fromkeys(field_spec))    # a card lies on the field once
        f = Finish(winner, (hand, opp), field, cells=9, whole_field=whole and winner is not None)
        pick = (lambda h, k, s=seed: sorted(h, key=lambda x: hash((x, s)))[:k])
        reward = draw_reward([Reward("t/b1", 50)], seed) if winner == 0 else None
        c.apply(game_entries(settle(rule, f, choose=pick), player=0, game=f"g{n}", reward=reward))
        assert all(v > 0 for v in c.counts.values())
        c.check_ledger()
