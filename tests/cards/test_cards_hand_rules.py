"""The hand rules: Random, Order, Chaos, Hand Swap and Three Open.

Hands and boards are drawn in each test; the law's setup order is Random
deal, then Hand Swap, then Three Open, and Order and Chaos restrict the card
the seat to move may play (engine, position string, record and AI alike).
"""

# rule: cards.md#hand-rules cards.md#classic-rules

from __future__ import annotations

import random

import pytest

from cards_helpers import DATE, catalog
from jayden_jazz.cards import Action, Card, Game, Rules, get_field, new_game
from jayden_jazz.cards.errors import IllegalActionError, PositionError, RecordError, SetupError
from jayden_jazz.cards.events import CardDrawn, CardsShown, HandSwapped
from jayden_jazz.cards.record import GameRecord

CARDS = [Card.from_sides(f"t/c{i}", f"{1 + i % 9}{1 + (i * 3) % 9}{1 + (i * 5) % 9}{1 + (i * 7) % 9}",
                         name=f"Card {i}") for i in range(16)]
CAT = catalog(*CARDS)
F3 = get_field("3x3")
HANDS = [["t/c0", "t/c1", "t/c2", "t/c3", "t/c4"], ["t/c5", "t/c6", "t/c7", "t/c8", "t/c9"]]


def start(rules: Rules, hands=HANDS, field=F3, seed: int = 1, **kw) -> Game:
    return new_game(CAT, field, hands, rules, first_seat=0, rng=random.Random(seed), date=DATE, **kw)


def replayed(g: Game) -> Game:
    """The game through its record's YAML text, as a save holds it."""
    return GameRecord.from_yaml(g.record().to_yaml(g)).replay(CAT)


# ---------------------------------------------------------------------- Order

def test_order_allows_only_the_leftmost_card_and_says_why_it_refuses_another():
    g = start(Rules(order=True))
    assert g.playable_cards() == ["t/c0"]
    assert {a.card for a in g.legal_actions()} == {"t/c0"} and len(g.legal_actions()) == 9
    with pytest.raises(IllegalActionError, match="Order: play your leftmost card, Card 0"):
        g.push(Action.parse("t/c3@a1"))
    assert g.ply == 0 and not g.is_legal(Action.parse("t/c3@a1"))
    g.push(Action.parse("t/c0@a1"))
    assert g.playable_cards() == ["t/c5"]
    g.push(Action.parse("t/c5@b1"))
    assert g.playable_cards() == ["t/c1"]          # the hand keeps its order


def test_order_keeps_hand_order_in_the_position_string_and_the_hash():
    g = start(Rules(order=True), hands=[["t/c4", "t/c0", "t/c2", "t/c1", "t/c3"], HANDS[1]])
    pos = g.position()
    assert "hands=t/c4.0,t/c0.0,t/c2.0,t/c1.0,t/c3.0|" in pos      # as dealt, not sorted
    back = Game.from_position(pos, CAT)
    assert back.position() == pos and back.zobrist() == g.zobrist()
    assert back.playable_cards() == ["t/c4"]
    other = start(Rules(order=True), hands=[["t/c0", "t/c4", "t/c2", "t/c1", "t/c3"], HANDS[1]])
    assert other.zobrist() != g.zobrist()                             # the order is part of the state


# ---------------------------------------------------------------------- Chaos

def _draws(g: Game, rng: random.Random) -> list[str]:
    out = []
    while not g.is_over():
        out.append(g.drawn_card)
        acts = g.legal_actions()
        assert {a.card for a in acts} == {g.drawn_card}
        g.push(acts[rng.randrange(len(acts))])
    return out


def test_chaos_draws_come_from_the_game_seed_and_replay_exactly():
    a = start(Rules(chaos=True), seed=5)
    b = start(Rules(chaos=True), seed=5)
    assert a.setup.chaos_seed == b.setup.chaos_seed is not None
    da, db = _draws(a, random.Random(2)), _draws(b, random.Random(2))
    assert da == db and len(da) == 9
    # other seeds draw differently (over a few games at least once)
    others = [_draws(start(Rules(chaos=True), seed=s), random.Random(2)) for s in range(6, 12)]
    assert any(o[:3] != da[:3] for o in others)
    # the record and its YAML replay every draw
    back = replayed(a)
    assert back.position() == a.position()
    rec = GameRecord.from_yaml(a.record().to_yaml(a))
    for i in range(len(rec.actions)):
        assert rec.replay(CAT, upto=i).drawn_card == da[i]


def test_chaos_refuses_another_card_and_reports_each_draw():
    g = start(Rules(chaos=True), seed=3)
    drawn = g.drawn_card
    assert g.setup_events() == (CardDrawn(0, drawn),)
    other = next(c for c in HANDS[0] if c != drawn)
    name = CAT[drawn].name
    with pytest.raises(IllegalActionError, match=f"Chaos: play the card drawn for you, {name}"):
        g.push(Action(other, "a1"))
    report = g.play(Action(drawn, "a1"))
    assert report.events[-1] == CardDrawn(1, g.drawn_card) and g.drawn_card in HANDS[1]


def test_chaos_draw_is_part_of_the_position_string_and_the_hash():
    g = start(Rules(chaos=True), seed=4)
    pos = g.position()
    seed = g.setup.chaos_seed
    first = g.drawn_card
    assert f" chaos={seed}:{g.drawn_card}.0" in pos
    back = Game.from_position(pos, CAT)
    assert back.position() == pos and back.zobrist() == g.zobrist() and back.drawn_card == g.drawn_card
    # the same position with another card drawn is another position
    other = next(c for c in HANDS[0] if c != g.drawn_card)
    moved = Game.from_position(pos.replace(f":{g.drawn_card}.0", f":{other}.0"), CAT)
    assert moved.drawn_card == other and moved.zobrist() != g.zobrist()
    # continuing from the string draws as the game itself does
    act = g.legal_actions()[0]
    g.push(act)
    back.push(act)
    assert back.drawn_card == g.drawn_card
    with pytest.raises(PositionError, match="drawn card"):
        Game.from_position(pos.replace(f":{first}.0", ":t/c9.1"), CAT)
    with pytest.raises(PositionError, match="chaos="):
        Game.from_position(pos.split(" chaos=")[0], CAT)


def test_order_and_chaos_together_are_refused_at_setup():
    with pytest.raises(SetupError, match="Order and Chaos cannot both be on"):
        start(Rules(order=True, chaos=True))


# ---------------------------------------------------------------------- Hand Swap

@pytest.mark.parametrize("players,field", [(2, "3x3"), (3, "5x5"), (4, "5x5")])
def test_hand_swap_gives_one_card_to_the_next_seat_at_once(players, field):
    f = get_field(field)
    size = Rules().hand_size(f.playable_count, players)
    pool = [c.id for c in CARDS]
    hands = [pool[s:s + size] for s in range(players)]     # neighbours share cards: copies happen
    g = new_game(CAT, f, hands, Rules(hand_swap=True), first_seat=0, rng=random.Random(players), date=DATE)
    gives = g.setup.hand_swap
    assert len(gives) == players and all(gives[s] in hands[s] for s in range(players))
    events = g.setup_events()
    assert events == tuple(HandSwapped(s, (s + 1) % players, gives[s]) for s in range(players))
    parts = g.position_parts()
    for s in range(players):
        giver = (s - 1) % players
        expect = [(c, s) for c in hands[s]]
        expect.remove((gives[s], s))
        expect.append((gives[giver], giver))        # the received card at the end
        assert sorted(parts.hands[s]) == sorted(expect)
        assert g.hand_ids(s)[-1] == gives[giver]
    assert replayed(g).position() == g.position()


def test_hand_swap_with_two_copies_and_order():
    hands = [["t/c0", "t/c1", "t/c2", "t/c3", "t/c4"], ["t/c0", "t/c6", "t/c7", "t/c8", "t/c9"]]
    g = start(Rules(hand_swap=True, order=True), hands=hands, hand_swap=("t/c0", "t/c6"))
    assert g.hand_ids(0) == ("t/c1", "t/c2", "t/c3", "t/c4", "t/c6")
    assert g.hand_ids(1) == ("t/c0", "t/c7", "t/c8", "t/c9", "t/c0")     # two copies of t/c0
    assert g.playable_cards() == ["t/c1"]
    g.push(Action.parse("t/c1@a1"))
    g.push(Action.parse("t/c0@b1"))          # the leftmost copy: the one seat 1 was dealt
    assert g.dealer_at("b1") == 1 and g.hand_ids(1) == ("t/c7", "t/c8", "t/c9", "t/c0")
    pos = g.position()
    assert "|t/c7.1,t/c8.1,t/c9.1,t/c0.0 " in pos and Game.from_position(pos, CAT).position() == pos
    with pytest.raises(SetupError, match="Hand Swap: seat 0 gives 't/c9'"):
        start(Rules(hand_swap=True), hands=hands, hand_swap=("t/c9", "t/c6"))


# ---------------------------------------------------------------------- Three Open

def test_three_open_shows_three_cards_of_each_hidden_hand():
    g = start(Rules(three_open=True))
    shown = g.setup.shown
    assert [len(s) for s in shown] == [3, 3]
    for seat in (0, 1):
        assert set(shown[seat]) <= set(HANDS[seat]) and g.shown_cards(seat) == tuple(
            c for c in g.hand_ids(seat) if c in shown[seat])
        other = 1 - seat
        seen = [g.can_see_card(other, seat, i) for i in range(5)]
        assert seen == [c in shown[seat] for c in g.hand_ids(seat)]
    assert g.setup_events() == (CardsShown(0, shown[0]), CardsShown(1, shown[1]))
    pos = g.position()
    assert " shown=" in pos and Game.from_position(pos, CAT).position() == pos
    assert replayed(g).setup.shown == shown
    # Open shows every card: nothing is drawn for Three Open then
    assert start(Rules(three_open=True, open=True)).setup.shown == ()


def test_three_open_shows_a_whole_hand_of_fewer_than_three_and_follows_hand_swap():
    hands = [["t/c0", "t/c1"], ["t/c5"]]
    g = start(Rules(three_open=True, hand_swap=True), hands=hands, custom_hands=True)
    after = [g.hand_ids(0), g.hand_ids(1)]
    assert sorted(g.setup.shown[0]) == sorted(set(after[0])) and sorted(g.setup.shown[1]) == sorted(after[1])
    assert g.setup_events()[0] == HandSwapped(0, 1, g.setup.hand_swap[0])        # swap before showing


def test_the_ai_determinizations_keep_the_three_open_cards():
    from jayden_jazz.ai.cards.infoset import Worlds, observe
    from jayden_jazz.cards.position import Position
    g = start(Rules(three_open=True), seed=9)
    shown = set(g.setup.shown[1])
    view = observe(Position.parse(g.position()), 0, CAT.keys())
    assert view.hidden == (0, 2)                                     # two unknown, three shown
    worlds = Worlds(view, CAT)
    rng = random.Random(3)
    others = set()
    for _ in range(30):
        w = worlds.world(rng)
        ids = [w.ids[p] for p in w.hands[1]]
        assert shown <= set(ids) and len(ids) == 5
        others.update(set(ids) - shown)
    assert len(others) > 2                                           # the others are sampled


def test_under_order_the_ai_guesses_keep_known_cards_where_they_lie():
    from jayden_jazz.ai.cards.infoset import Worlds, observe
    from jayden_jazz.cards.position import Position
    g = start(Rules(three_open=True, order=True, hand_swap=True), seed=4)
    hand = g.hand_ids(1)
    known = {i: c for i, c in enumerate(hand) if g.can_see_card(0, 1, i)}
    assert len(known) >= 3 and known.get(4) == g.setup.hand_swap[0]   # the received card is last
    worlds = Worlds(observe(Position.parse(g.position()), 0, CAT.keys()), CAT)
    rng = random.Random(5)
    for _ in range(20):
        w = worlds.world(rng)
        ids = [w.ids[p] for p in w.hands[1]]
        assert all(ids[i] == c for i, c in known.items()) and len(ids) == 5


# ---------------------------------------------------------------------- Random

def test_random_deals_legal_hands_from_the_available_cards():
    g = new_game(CAT, F3, [], Rules(random=True), rng=random.Random(8), date=DATE, players=2)
    for seat in (0, 1):
        hand = g.hand_ids(seat)
        assert len(hand) == 5 and len(set(hand)) == 5 and set(hand) <= set(CAT)
    again = new_game(CAT, F3, [], Rules(random=True), rng=random.Random(8), date=DATE, players=2)
    assert again.setup.hands == g.setup.hands
    assert replayed(g).setup.hands == g.setup.hands
    with pytest.raises(SetupError, match="how many players"):
        new_game(CAT, F3, [], Rules(random=True), rng=random.Random(8), date=DATE)


def test_all_hand_rules_in_the_laws_order_through_the_record():
    rules = Rules(random=True, hand_swap=True, three_open=True, chaos=True)
    g = new_game(CAT, F3, [], rules, rng=random.Random(12), date=DATE, players=2)
    kinds = [type(e).__name__ for e in g.setup_events()]
    assert kinds == ["HandSwapped", "HandSwapped", "CardsShown", "CardsShown", "CardDrawn"]
    text = g.record().to_yaml(g)
    for key in ("hand_swap:", "shown:", "chaos_seed:", "random: true"):
        assert key in text
    rng = random.Random(1)
    while not g.is_over():
        acts = g.legal_actions()
        g.push(acts[rng.randrange(len(acts))])
    assert replayed(g).position() == g.position()


def test_old_records_load_unchanged_and_a_newer_format_is_refused():
    g = start(Rules())
    text = g.record().to_yaml(g)
    for key in ("hand_swap", "shown", "chaos_seed"):
        assert key not in text
    assert replayed(g).position() == g.position()
    with pytest.raises(RecordError, match="newer version"):
        GameRecord.from_yaml(text.replace("jazz-record-1", "jazz-record-2"))
    with pytest.raises(RecordError, match="Chaos needs the game's seed"):
        GameRecord.from_yaml(text.replace("  capture:", "  chaos: true\n  capture:")).replay(CAT)


def test_hand_rule_games_survive_a_save_and_load(tmp_path):
    from jayden_jazz.saves import cards as csave
    g = start(Rules(chaos=True, hand_swap=True, three_open=True), seed=21)
    rng = random.Random(4)
    for _ in range(3):
        acts = g.legal_actions()
        g.push(acts[rng.randrange(len(acts))])
    path = tmp_path / "cards-slot1.sav"
    csave.save(path, csave.CardsSave(seats=[{"kind": "human"}, {"kind": "human"}]), g)
    _, back = csave.load(path, CAT)
    assert back.position() == g.position() and back.drawn_card == g.drawn_card
    assert back.setup.hand_swap == g.setup.hand_swap and back.setup.shown == g.setup.shown
    act = back.legal_actions()[0]
    back.push(act)
    g.push(act)
    assert back.drawn_card == g.drawn_card and back.position() == g.position()
