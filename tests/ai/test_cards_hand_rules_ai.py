"""The computer players under the hand rules: Order and Chaos restrict what they may play,
Chaos draws they cannot know are averaged over, and every level plays legal moves."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jayden_jazz.ai.cards import exact
from jayden_jazz.ai.cards.infoset import Worlds, observe
from jayden_jazz.ai.cards.player import CardsPlayer
from jayden_jazz.cards.position import Position
from jayden_jazz.cards import Card, Game, Rules, deal_random, get_field, new_game
from jayden_jazz.cards.catalog import Catalog
from jayden_jazz.cards.record import GameRecord
from jayden_jazz.cards.synthetic import synthetic_cards

DEFAULT = [str(Path(__file__).resolve().parents[2] / "cards")]
CARDS = [Card.from_sides(f"t/c{i}", f"{1 + i % 9}{1 + (i * 3) % 9}{1 + (i * 5) % 9}{1 + (i * 7) % 9}")
         for i in range(12)]
CAT = Catalog.from_cards(CARDS)
DATE = (2026, 11)


def midgame(rules: Rules, seed: int, plies: int) -> Game:
    rng = random.Random(seed)
    g = new_game(CAT, get_field("3x3"), [[f"t/c{i}" for i in range(5)], [f"t/c{i}" for i in range(4, 9)]],
                 rules, first_seat=0, rng=rng, date=DATE)
    for _ in range(plies):
        acts = g.legal_actions()
        g.push(acts[rng.randrange(len(acts))])
    return g


def brute(g: Game) -> float:
    """Score (half cards) for the seat to move, by plain expectimax over the engine: under
    Chaos each later draw is every card of the hand, equally likely (position strings with
    the draw replaced), the first draw being the one in the position."""
    me = g.to_move
    best = None
    for a in g.legal_actions():
        g.push(a)
        if g.is_over():
            v = exact.final_score(g.core, me)
        else:
            sign = 1 if g.to_move == me else -1
            v = sign * chance(g)
        g.pop()
        best = v if best is None else max(best, v)
    assert best is not None
    return best


def chance(g: Game) -> float:
    if not g.rules.chaos:
        return brute(g)
    pos = g.position()
    head, _, tail = pos.partition(" chaos=")
    seed, _, rest = tail.partition(":")
    drawn, _, after = rest.partition(" ")
    hand = g.position_parts().hands[g.to_move]
    total = 0.0
    for cid, dealer in hand:
        text = f"{head} chaos={seed}:{cid}.{dealer}" + (f" {after}" if after else "")
        total += brute(Game.from_position(text, CAT))
    return total / len(hand)


@pytest.mark.parametrize("rules", [Rules(order=True), Rules(chaos=True), Rules(chaos=True, hand_swap=True),
                                   Rules(order=True, hand_swap=True, same=True)])
def test_the_exact_solver_matches_a_plain_expectimax_under_order_and_chaos(rules):
    for seed in range(3):
        g = midgame(rules, seed, 4)
        sol = exact.solve(g)
        assert sol.score == pytest.approx(brute(g))
        assert set(map(str, sol.moves)) == set(map(str, g.legal_actions()))
        if rules.chaos:
            assert {a.card for a in sol.moves} == {g.drawn_card}


def test_chaos_margins_do_not_read_the_seed():
    g = midgame(Rules(chaos=True), 4, 3)
    pos = g.position()
    head, _, tail = pos.partition(" chaos=")
    other = head + " chaos=1" + tail[tail.index(":"):]
    assert exact.solve(Game.from_position(other, CAT)).score == exact.solve(g).score


@st.composite
def setups(draw):
    players = draw(st.sampled_from([2, 2, 3, 4]))
    field = "3x3" if players == 2 else "5x5"
    hand = draw(st.sampled_from([{}, {"order": True}, {"chaos": True}]))
    rules = Rules(open=draw(st.booleans()), same=draw(st.booleans()), hand_swap=draw(st.booleans()),
                  three_open=draw(st.booleans()), random=draw(st.booleans()), **hand)
    return field, players, rules, draw(st.integers(0, 2**31))


POOL = synthetic_cards(30, random.Random(5), ability_rate=0.5)
POOL_CAT = Catalog.from_cards(POOL)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups())
def test_engine_ai_state_and_record_replay_agree_at_every_step(setup):
    field, players, rules, seed = setup
    rng = random.Random(seed)
    f = get_field(field)
    hands = deal_random(list(POOL_CAT), f, players, rules, rng)
    g = new_game(POOL_CAT, f, hands, rules, rng=rng, date=DATE)
    positions = [g.position()]
    while not g.is_over():
        seat = g.to_move
        view = observe(Position.parse(g.position()), seat, POOL_CAT.keys())
        template = Worlds(view, POOL_CAT).template
        mine = sorted(str(template.action(m)) for m in template.moves())
        assert mine == sorted(map(str, g.legal_actions()))
        acts = g.legal_actions()
        g.push(acts[rng.randrange(len(acts))])
        positions.append(g.position())
    record = GameRecord.from_yaml(g.record().to_yaml(g))
    for i, pos in enumerate(positions):
        assert record.replay(POOL_CAT, upto=i).position() == pos


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("rules", [Rules(order=True), Rules(chaos=True), Rules(chaos=True, open=True),
                                   Rules(three_open=True, hand_swap=True)])
def test_every_level_plays_legal_moves_under_the_hand_rules(level, rules):
    for plies in (0, 3, 6):
        g = midgame(rules, 11 + plies, plies)
        legal = set(map(str, g.legal_actions()))
        d = CardsPlayer(level, random.Random(plies), CAT, iterations=60).decide(
            Position.parse(g.position()), g.to_move)
        assert str(d.action) in legal


def test_hard_uses_the_expected_margin_near_the_end_of_an_open_chaos_game():
    g = midgame(Rules(chaos=True, open=True), 2, 5)
    d = CardsPlayer("hard", random.Random(0), CAT, iterations=60).decide(Position.parse(g.position()), g.to_move)
    assert d.method == "expected"
    best = exact.solve(g)
    assert best.scores[d.action] == best.score


def test_hard_averages_sampled_hands_near_the_end_of_a_hidden_chaos_game():
    # every hand the opponent could hold, and every later draw: a move worse than another in
    # every one of them is never the pick
    from itertools import combinations
    checked = 0
    for seed in range(6):
        g = midgame(Rules(chaos=True), seed, 5)
        if g.is_over():
            continue
        parts = Position.parse(g.position())
        d = CardsPlayer("hard", random.Random(seed), CAT, iterations=500).decide(parts, g.to_move)
        assert d.method == "expected" and d.detail["worlds"] == 5
        view = observe(parts, g.to_move, CAT.keys())
        worlds = Worlds(view, CAT)
        other = 1 - g.to_move
        table = []
        for hand in combinations(worlds.choices[other], view.hidden[other]):
            w = worlds.template.copy()
            w.recast(dict(zip(worlds.slots[other], (CAT[c] for c in hand))))
            m = exact.Margins(w)
            table.append({str(m.st.action(mv)): m.reached(mv) for mv in m.st.moves()})
        picked = str(d.action)
        dominated = {a for a in table[0] if any(all(t[b] > t[a] for t in table) for b in table[0])}
        assert picked not in dominated
        checked += bool(dominated)
    assert checked >= 2


def test_the_tournament_arena_plays_the_hand_rules():
    from jayden_jazz.ai.cards.arena import make_rules, play_game
    r = make_rules(order="1", hand_swap=1)
    assert r.order and r.hand_swap
    out = play_game("greedy", "random", 5, True, order=1, hand_swap=1, three_open=1, pack_dirs=DEFAULT)
    assert out.turns == 9 and "hand_swap:" in out.record and "order: true" in out.record
    out = play_game("random", "greedy", 6, False, chaos=1, random=1, pack_dirs=DEFAULT)
    assert out.turns == 9 and "chaos_seed:" in out.record


def test_a_chaos_draw_is_averaged_over_every_card_even_when_an_ability_restores_the_hands():
    """Undoing an ability gives the core new hand lists: the draw's mean must not read the old one.

    Met in a Journey game (Vex's wheel held Chaos then): the mean was taken over a list the search had
    emptied, and Hard's move ended in a division by zero.
    """
    from jayden_jazz.cards import load_packs
    catalog, _ = load_packs([Path(__file__).resolve().parents[2] / "cards" / "default"])
    pos = ("jazz1 field=3x3:###/###/### rules=higher:0:same:same_wall:plus:combo:chaos date=2026-12 seats=2 "
           "move=1 reset=0 end=- cells=-,-,0:default/grindstone.0,0:default/zoomie.0,-,-,0:default/bracketeer.1,"
           "1:default/zoomie.1,1:default/mid_tier_milo.0 hands=default/ricochet.0,default/thornback.0|"
           "default/brickmason.1,default/grindstone.1,default/quillstorm.1 effects=- "
           "chaos=160215742132725:default/grindstone.1")
    g = Game.from_position(pos, catalog)
    sol = exact.solve(g)
    assert {a.card for a in sol.moves} == {"default/grindstone"}
    assert set(map(str, sol.moves)) <= set(map(str, g.legal_actions()))
    for action, margin in sol.scores.items():
        child = g.clone()
        child.play(action)
        if child.is_over():
            continue
        # the next seat's draw is still to come: the move's value is minus the mean over its draws
        head, _, tail = child.position().partition(" chaos=")
        seed, after = tail.partition(":")[0], tail.partition(" ")[2]
        hand = child.position_parts().hands[child.to_move]
        values = [exact.solve(Game.from_position(f"{head} chaos={seed}:{cid}.{dealer}"
                                                 + (f" {after}" if after else ""), catalog)).score
                  for cid, dealer in hand]
        assert len(values) == len(hand) >= 1
        assert margin == pytest.approx(-sum(values) / len(values))
