"""The bit searches' compiled captures read both ways agree with each other and with the steps.

``CaptureBits.placements`` lists every placement with the cells it takes (the
steps' agreement is tests/cards/test_classic_table.py); ``most_taken`` answers the
last placement of a game from the same comparison read cell by cell, and the order
keys a search sorts by are what they say.
"""

from __future__ import annotations

import random

from cards_helpers import DATE
from test_classic_table import CATALOG, _bits_of
from jayden_jazz.ai.cards.bitsearch import capture_bits
from jayden_jazz.cards import Rules, deal_random, get_field, new_game


def _positions(rules: Rules, field: str, seed: int):
    rng = random.Random(seed)
    f = get_field(field)
    game = new_game(CATALOG, f, deal_random(list(CATALOG), f, 2, rules, rng), rules, first_seat=0, date=DATE, rng=rng)
    while not game.is_over():
        yield game.core, rng
        game.play(rng.choice(game.legal_actions(abilities=False)))


def test_most_taken_and_the_order_keys_follow_the_placements():
    checked = 0
    for i, rules in enumerate([Rules(pure=True), Rules.preset("draft", pure=True, reverse=True),
                               Rules(pure=True, fallen_ace=True), Rules(pure=True, same=True, plus=True, combo=True),
                               Rules.preset("draft", pure=True, same=True, same_wall=True)]):
        for field in ("3x3", "5x5", "cross5"):
            for core, rng in _positions(rules, field, 10 * i + len(field)):
                bits = capture_bits(core)
                occ, opp = _bits_of(core)
                hand = sum(1 << p for p in core.hands[core.to_move])
                free = sum(1 << c for c in core.free())
                order = [[rng.randrange(100) for _ in range(core.size)] for _ in core.ids]
                kids = bits.placements(core.cell, occ, opp, hand, free, order, 1000)
                assert sorted((p, c) for _, p, c, _ in kids) == sorted(
                    (p, c) for p in core.hands[core.to_move] for c in core.free())
                for key, p, c, cap in kids:
                    assert cap == bits.captures(core.cell, occ, opp, p, c)
                    assert key == 1000 * cap.bit_count() + order[p][c]
                for c in core.free():
                    at_c = [(cap.bit_count(), p) for _, p, x, cap in kids if x == c]
                    most = max(k for k, _ in at_c)
                    assert bits.most_taken(core.cell, occ, opp, hand, c) == (
                        most, sum(1 << p for k, p in at_c if k == most))
                checked += 1
    assert checked > 100
