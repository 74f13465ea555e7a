"""Property tests over random games on random fields, player counts and rules.

The engine's one rules core is compared, action by action, with the plain
second reading of the rules in ``straight_rules.py`` (tests only).
"""

from __future__ import annotations

import dataclasses
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cards_helpers import DATE, catalog
from straight_rules import Straight, game_summary
from jayden_jazz.cards import Game, Rules, deal_random, get_field, new_game
from jayden_jazz.cards.card import ELEMENTS
from jayden_jazz.cards.synthetic import synthetic_cards

FIELDS = {"3x3": (2,), "cross5": (2,), "5x5": (2, 3, 4), "ring5": (2, 3, 4), "diamond5": (2, 3, 4),
          "diamond7": (2, 3, 4)}
CARDS = [dataclasses.replace(c, element=ELEMENTS[i % 8]) if i % 3 else c      # some without
         for i, c in enumerate(synthetic_cards(40, random.Random(77), ability_rate=0.8))]
CATALOG = catalog(*CARDS)


@st.composite
def classic_rules(draw):
    """Any sound combination of the classic capture rules (often none)."""
    if draw(st.integers(0, 3)) == 0:
        return {}
    on = {r: draw(st.booleans()) for r in ("same", "plus", "reverse", "fallen_ace")}
    on["same_wall"] = on["same"] and draw(st.booleans())
    on["combo"] = (on["same"] or on["plus"]) and draw(st.booleans())
    on["elemental"] = draw(st.booleans())
    on.update(draw(hand_rules()))
    return on


@st.composite
def hand_rules(draw):
    """Any sound combination of the hand rules (Order and Chaos never together)."""
    on = {r: draw(st.booleans()) for r in ("random", "hand_swap", "three_open")}
    on.update(draw(st.sampled_from([{}, {"order": True}, {"chaos": True}])))
    return on


@st.composite
def setups(draw):
    field = draw(st.sampled_from(sorted(FIELDS)))
    players = draw(st.sampled_from(FIELDS[field]))
    rules = Rules.preset(draw(st.sampled_from(["updated", "draft"])),
                         open=draw(st.booleans()), pure=draw(st.booleans()),
                         sudden_death=draw(st.booleans()), **draw(classic_rules()))
    return field, players, rules, draw(st.integers(0, 2**32 - 1))


def _check_invariants(g: Game, total: int) -> None:
    on_field = sum(1 for c in g.field.cells if g.card_at(c) is not None)
    in_hands = sum(len(g.hand(s)) for s in range(g.players))
    assert on_field + in_hands == total                       # cards are conserved
    assert sum(g.scores()) == on_field                        # every field card has one owner
    assert len(g.free_cells()) == g.field.playable_count - on_field
    assert g.zobrist() == Game.from_position(g.position(), CATALOG).zobrist()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups())
def test_random_games_keep_the_invariants_and_undo_exactly(setup):
    field, players, rules, seed = setup
    rng = random.Random(seed)
    f = get_field(field)
    hands = deal_random(list(CATALOG), f, players, rules, rng)
    g = new_game(CATALOG, f, hands, rules, rng=rng, date=DATE)
    total = sum(len(h) for h in hands)
    trail = []
    while not g.is_over():
        _check_invariants(g, total)
        acts = g.legal_actions()
        assert acts
        abilities = [a for a in acts if a.ability is not None]
        if rules.pure or rules.sudden_death:
            assert not abilities
        a = rng.choice(abilities) if abilities and rng.random() < 0.5 else rng.choice(acts)
        trail.append((g.position(), g.zobrist()))
        g.push(a)
    _check_invariants(g, total)
    r = g.result()
    assert sum(r.scores) == f.playable_count - len(g.free_cells())
    if r.reason in ("sudden_death", "instant_win"):
        assert len(r.winners) == 1
    else:
        assert r.reason == "field_full" and g.free_cells() == []   # every cell filled
        best = max(r.scores)
        assert all(r.scores[w] == best for w in r.winners)
    # the position string reads back to the same state
    back = Game.from_position(g.position(), CATALOG)
    assert back.position() == g.position() and back.zobrist() == g.zobrist() and back.result() == r
    # undo every action: each earlier position and hash comes back exactly
    while trail:
        g.pop()
        assert (g.position(), g.zobrist()) == trail.pop()
    assert g.ply == 0


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_every_listed_action_is_accepted_and_clones_agree(seed):
    rng = random.Random(seed)
    f = get_field("3x3")
    hands = deal_random(list(CATALOG), f, 2, Rules(), rng)
    g = new_game(CATALOG, f, hands, rng=rng, date=DATE)
    while not g.is_over():
        acts = g.legal_actions()
        a = rng.choice(acts)
        c = g.clone()
        c.push(a)
        g.push(a)
        assert c.position() == g.position() and c.zobrist() == g.zobrist()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups())
def test_the_core_plays_exactly_like_the_straight_reading_of_the_rules(setup):
    field, players, rules, seed = setup
    rng = random.Random(seed)
    f = get_field(field)
    hands = deal_random(list(CATALOG), f, players, rules, rng)
    g = new_game(CATALOG, f, hands, rules, first_seat=seed % players, date=DATE, rng=rng)
    ref = Straight(f, rules, DATE, [[CATALOG[c] for c in h] for h in hands], seed % players,
                   g.setup.elements, g.setup.hand_swap)
    while True:
        ref.drawn = g.position_parts().drawn
        assert game_summary(g) == ref.summary()
        if g.is_over():
            break
        acts = g.legal_actions()
        assert sorted(map(str, acts)) == sorted(ref.legal())
        abilities = [a for a in acts if a.ability is not None]
        a = rng.choice(abilities) if abilities and rng.random() < 0.6 else rng.choice(acts)
        report = g.play(a)
        got = ref.play(a)
        assert sorted(c.cell for c in report.captures) == sorted(got)
    assert g.result().winners == ref.winners()
    assert ref.over == g.result().reason
