"""How the Monte Carlo tree grows below the root with hidden hands (guided, widened)."""

from __future__ import annotations

import math
import random

from jayden_jazz.ai.cards.infoset import Worlds, observe
from jayden_jazz.ai.cards.mcts import ISMCTS, MCTSParams
from jayden_jazz.ai.cards.player import catalog_for
from jayden_jazz.cards.position import Position
from jayden_jazz.cards import Rules, deal_random, get_field, new_game
from tests.ai.test_cards_ai import DATE, DEFAULT


def _worlds(seed: int, open_: bool, placed: int = 1) -> Worlds:
    catalog = catalog_for(DEFAULT)
    rng = random.Random(seed)
    rules = Rules.preset("updated", open=open_, pure=True, same=True, plus=True, combo=True)
    fld = get_field("3x3")
    g = new_game(catalog, fld, deal_random(list(catalog), fld, 2, rules, rng), rules, first_seat=0, date=DATE)
    for _ in range(placed):
        legal = g.legal_actions()
        g.push(legal[rng.randrange(len(legal))])
    parts = Position.parse(g.position())
    return Worlds(observe(parts, g.to_move, catalog.keys()), catalog)


def _replies(search: ISMCTS) -> list:
    return [ch for ch in search.root.children.values()]


def test_a_guided_tree_first_grows_the_reply_that_captures_most():
    """Without guidance the first reply under each of our moves is a random one: a careless
    opponent. Guided (playouts always greedy), it is a card on a cell where it captures most."""
    for guided, expect_all in ((1.0, True), (0.0, False)):
        hits = total = 0
        for seed in range(4):
            worlds = _worlds(seed, open_=True)
            g = worlds.template
            params = MCTSParams(iterations=400, guided=guided, greedy_rollouts=1.0)
            search = ISMCTS(worlds, random.Random(seed), params)
            search.run()
            for key, child in search.root.children.items():
                if not child.children:
                    continue
                first = next(iter(child.children))            # the reply grown first
                w = g.copy()
                w.push(next(m for m in w.moves() if (w.ids[m[0]], m[1], m[2]) == key))
                p = next(q for q in w.hands[w.to_move] if w.ids[q] == first[0])
                best = w.greedy_cells(p, w.free(), w.to_move)
                hits += first[1] in best
                total += 1
        assert total >= 40
        if expect_all:
            assert hits == total
        else:
            assert hits < total


def test_with_hidden_hands_a_widened_tree_keeps_few_replies_and_visits_them_again():
    worlds = _worlds(7, open_=False, placed=1)
    counts = {}
    for widen in (0.0, 1.0):
        search = ISMCTS(worlds, random.Random(3), MCTSParams(iterations=3000, guided=1.0, widen=widen))
        search.run()
        busy = [ch for ch in _replies(search) if ch.visits >= 60]
        assert busy
        counts[widen] = sum(len(ch.children) / ch.visits for ch in busy) / len(busy)
        if widen:
            for ch in busy:
                # a reply is added only when no grown one is legal in the sampled world, or
                # while there are fewer than sqrt(visits) of them: far fewer than the visits
                assert len(ch.children) <= 3 * math.sqrt(ch.visits) + 5
                assert max(r.visits for r in ch.children.values()) >= 5
    assert counts[1.0] < counts[0.0] / 2
