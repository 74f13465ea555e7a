"""The basic comparison's rows (``CaptureBits.beats``) kept over whole games.

:class:`~jayden_jazz.cards.classic_table.CaptureBits` lists a cell's placements
from one row per cell and pieces around it -- what each piece placed there
beats, whoever holds the neighbours -- built the first time those pieces are
met and read back at every later position of the search. A row that stood for
other surroundings would go unseen by tables built afresh for every position,
so here one table lives through whole two-player games (and, with a tiny limit,
starts afresh many times), and every position's listing must take what the
steps take, with the order keys it is asked for (and then in the order the
search's stable sort relies on).
"""

from __future__ import annotations

import random

import pytest

from cards_helpers import DATE
from test_classic_table import CATALOG, _bits_of, _by_steps, _land
from jayden_jazz.cards import Rules, deal_random, get_field, new_game
from jayden_jazz.cards.classic_table import CaptureBits, members

RULES = [Rules(pure=True), Rules.preset("draft", pure=True, reverse=True), Rules(pure=True, fallen_ace=True),
         Rules(pure=True, elemental=True), Rules.preset("draft", pure=True, elemental=True, fallen_ace=True)]


def _play_through(rules: Rules, field: str, seed: int, limit: int) -> int:
    rng = random.Random(seed)
    f = get_field(field)
    game = new_game(CATALOG, f, deal_random(list(CATALOG), f, 2, rules, rng), rules, first_seat=seed % 2,
                    date=DATE, rng=rng)
    core = game.core
    bits = CaptureBits(core.judge, core.ties, len(core.ids), core.size, core.play_cells)    # kept all game
    bits.beats_limit = limit
    compared = 0
    while not game.is_over():
        core = game.core
        seat = core.to_move
        occ, opp = _bits_of(core)
        wanted = {(p, c): sum(1 << x for x in _by_steps(_land(core, p, c), c, seat)[0])
                  for p, c in core.placements()}
        hand = sum({1 << p for p, _ in wanted})
        free = sum({1 << c for _, c in wanted})
        listed = bits.placements(core.cell, occ, opp, hand, free, None, 1)
        assert {(p, c): cap for _, p, c, cap in listed} == wanted
        assert all(k == cap.bit_count() for k, _, _, cap in listed)
        order = [[rng.randrange(100) for _ in range(core.size)] for _ in core.ids]
        ordered = bits.placements(core.cell, occ, opp, hand, free, order, 1000)
        assert {(p, c): cap for _, p, c, cap in ordered} == wanted
        assert all(k == 1000 * cap.bit_count() + order[p][c] for k, p, c, cap in ordered)
        # piece by piece, each over the cells low first: a stable sort on part of the key
        # (the empty board's, in bits.search) keeps this order among ties
        assert [(p, c) for _, p, c, _ in ordered] == [(p, c) for p in members(hand) for c in members(free)]
        assert bits._beaten <= max(limit, 1)
        compared += len(wanted)
        # a few children, as a search meets them: rows built for a sibling read back,
        # against the comparison of each neighbour in turn (captures, which keeps no rows)
        for p, c in rng.sample(sorted(wanted), min(6, len(wanted))):
            child = _land(core, p, c)
            for x in _by_steps(child, c, seat)[0]:
                child.owner[x] = seat
            child.to_move = 1 - seat
            cocc, copp = _bits_of(child)
            chand = sum(1 << q for q in child.hands[child.to_move])
            cfree = sum(1 << x for x in child.free())
            for _, q, x, cap in bits.placements(child.cell, cocc, copp, chand, cfree, None, 1):
                assert cap == bits.captures(child.cell, cocc, copp, q, x), (q, x, child.cell)
                compared += 1
        game.play(rng.choice(game.legal_actions(abilities=False)))
    return compared


@pytest.mark.parametrize("limit", [1 << 20, 1, 3])
@pytest.mark.parametrize("field", ["3x3", "5x5", "cross5"])
def test_rows_kept_all_game_take_what_the_steps_take(field, limit):
    compared = sum(_play_through(rules, field, 100 * i + limit, limit) for i, rules in enumerate(RULES))
    assert compared > 50
