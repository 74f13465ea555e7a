"""The bit form's remembered judgements (``ClassicBits.entry``) kept over whole games.

:class:`~jayden_jazz.cards.classic_table.ClassicBits` judges each placement
once, per piece and cell, under the pieces around the cell, and a search
reads it back at every later position. A key that stood for two placements
would go unseen when the table is built afresh for every position, so here
one table lives through a whole two-player game (and, with a tiny limit,
starts afresh many times) and every placement of every position, one at a
time and all listed at once, must still capture what the steps capture.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from test_classic_table import CATALOG, _bits_of, _by_steps, _land, classic_setups
from cards_helpers import DATE
from jayden_jazz.cards import deal_random, get_field, new_game
from jayden_jazz.cards.classic_table import ClassicBits


def _play_through(setup, limit: int) -> int:  # type: ignore[no-untyped-def]
    field, players, rules, seed = setup
    rng = random.Random(seed)
    f = get_field(field)
    hands = deal_random(list(CATALOG), f, 2, rules, rng)
    game = new_game(CATALOG, f, hands, rules, first_seat=seed % 2, date=DATE, rng=rng)
    core = game.core
    bits = ClassicBits(core.table, len(core.ids), core.size, core.play_cells)  # kept all game
    bits.limit = limit
    compared = 0
    while not game.is_over():
        core = game.core
        if not core.effects:
            seat = core.to_move
            occ, opp = _bits_of(core)
            wanted = {}
            for p, c in core.placements():
                want = sum(1 << x for x in _by_steps(_land(core, p, c), c, seat)[0])
                wanted[p, c] = want
                assert bits.captures(core.cell, occ, opp, p, c) == want, (p, c, core.cell)
                assert bits._kept <= max(limit, 1)
                compared += 1
            hand = sum({1 << p for p, _ in wanted})     # the pieces the rules let it play
            free = sum({1 << c for _, c in wanted})
            listed = bits.placements(core.cell, occ, opp, hand, free, None, 1)
            assert {(p, c): cap for _, p, c, cap in listed} == wanted
            assert all(k == cap.bit_count() for k, _, _, cap in listed)
        game.play(rng.choice(game.legal_actions()))
    return compared


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(classic_setups())
def test_one_table_kept_all_game_captures_what_the_steps_capture(setup):
    assert _play_through(setup, 1 << 20) > 0


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(classic_setups(), st.integers(1, 6))
def test_a_table_that_starts_afresh_often_still_agrees(setup, limit):
    assert _play_through(setup, limit) > 0
