"""The compiled classic rules (cards/classic_table.py) against the capture steps they compile.

At every position of random games -- random fields, player counts, presets,
classic rule combinations with Elemental, Reverse and Fallen Ace -- every
placement the mover could make is captured three ways: by the steps'
pipeline (the law, :mod:`jayden_jazz.cards.classic`), by the core's table
and, with two players, by the bit searches' table. The cells, their order,
their old owners and the causes must all agree.
"""

from __future__ import annotations

import dataclasses
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cards_helpers import DATE, catalog
from test_cards_properties import CARDS, FIELDS
from jayden_jazz.cards import Rules, deal_random, get_field, new_game
from jayden_jazz.cards.classic_table import ClassicBits
from jayden_jazz.cards.core import Core

# every third card gets an A on one side, so Same Wall and Fallen Ace come up often
CATALOG = catalog(*(dataclasses.replace(c, sides=tuple(10 if d == i % 4 else v for d, v in enumerate(c.sides)))
                    if i % 3 == 0 else c for i, c in enumerate(CARDS)))
CAPTURE = ("same", "plus", "reverse", "fallen_ace", "elemental")


@st.composite
def classic_setups(draw):
    field = draw(st.sampled_from(sorted(FIELDS)))
    players = draw(st.sampled_from(FIELDS[field]))
    on = {r: draw(st.booleans()) for r in CAPTURE}
    on["same"] = on["same"] or not on["plus"]         # at least one of Same and Plus
    on["same_wall"] = on["same"] and draw(st.booleans())
    on["combo"] = draw(st.booleans())
    rules = Rules.preset(draw(st.sampled_from(["updated", "draft"])), pure=draw(st.booleans()), **on)
    return field, players, rules, draw(st.integers(0, 2**32 - 1))


def _by_steps(core: Core, c: int, seat: int) -> tuple[list[int], list[int], list[str]]:
    table = core.table
    core.table = None
    try:
        return core._pipeline(c, seat)
    finally:
        core.table = table


def _land(core: Core, p: int, c: int) -> Core:
    g = core.copy()
    seat = g.to_move
    g.hands[seat].remove(p)
    g.cell[c] = p
    g.owner[c] = seat
    g.counts[seat] += 1
    return g


def _bits_of(core: Core) -> tuple[int, int]:
    occ = opp = 0
    for c in core.play_cells:
        if core.cell[c] >= 0:
            occ |= 1 << c
            if core.owner[c] != core.to_move:
                opp |= 1 << c
    return occ, opp


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(classic_setups())
def test_the_tables_capture_exactly_what_the_steps_capture(setup):
    field, players, rules, seed = setup
    rng = random.Random(seed)
    f = get_field(field)
    hands = deal_random(list(CATALOG), f, players, rules, rng)
    game = new_game(CATALOG, f, hands, rules, first_seat=seed % players, date=DATE, rng=rng)
    compared = 0
    while not game.is_over():
        core = game.core
        assert core.table is not None
        if not core.effects:
            seat = core.to_move
            bits = ClassicBits(core.table, len(core.ids), core.size, core.play_cells) if players == 2 else None
            occ, opp = _bits_of(core)
            for p, c in core.placements():
                want = _by_steps(_land(core, p, c), c, seat)
                mine = _land(core, p, c)
                assert mine.table.run(mine.cell, mine.owner, mine.counts, c, seat) == want
                assert core.captures(p, c, seat) == want[0]
                if bits is not None:
                    assert bits.captures(core.cell, occ, opp, p, c) == sum(1 << x for x in want[0])
                compared += 1
        acts = game.legal_actions()
        game.play(rng.choice(acts))
    assert compared > 0

