"""The values and captures under Turn effects read from tables (cards/turn_values.py) against the law.

Random games on random fields, player counts and rules (the classic steps
with Elemental, Reverse and Fallen Ace, and the basic comparison alone) are
stopped at a random move and given one to three random Turn effects --
every target, filter key, side set and amount, some from cards on the field
and some from anywhere. Then every side of every card on the field must be
worth in the table what the judge says it is worth, and every placement the
mover could make must capture the same cells, in the same order, from the
same owners and for the same causes as the capture steps' pipeline.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cards_helpers import DATE
from test_classic_table import CATALOG, _by_steps, _land, classic_setups
from test_cards_properties import FIELDS
from jayden_jazz.cards import Rules, deal_random, get_field, new_game
from jayden_jazz.cards.card import Ability, Filter
from jayden_jazz.cards.classic_table import STARTS_COMBO
from jayden_jazz.cards.core import Core, Effect

TARGETS = ("self", "own", "opponents", "neighbours", "all")


def random_effects(core: Core, rng: random.Random) -> tuple[Effect, ...]:
    """One to three Turn effects, each from a card on the field (its own cell) or any piece
    and cell, with a random target, filter, sides and amount."""
    on_field = [c for c in core.play_cells if core.cell[c] >= 0]
    out = []
    for _ in range(rng.randint(1, 3)):
        if on_field and rng.random() < 0.7:
            cell = rng.choice(on_field)
            piece = core.cell[cell]
        else:
            cell = rng.choice(core.play_cells)
            piece = rng.randrange(len(core.ids))
        filt = Filter(adjacent=rng.choice([None, None, True, False]),
                      total_at_most=rng.choice([None, None, 15, 22]),
                      roasting_before=rng.choice([None, None, (2005, 1)]))
        sides = tuple(sorted(rng.sample(range(4), rng.randint(1, 4))))
        ab = Ability(timing="on_play", effect="modify", target=rng.choice(TARGETS), cost=1, text="Test.",
                     amount=rng.choice([-3, -2, -1, 1, 2, 3, 9, -9]), sides=sides, filter=filt)
        out.append(Effect(rng.randrange(core.n), piece, 1, cell, core.n + 1, ab))
    return tuple(out)


@st.composite
def plain_setups(draw):
    """The basic comparison alone (with Reverse, Fallen Ace or neither)."""
    field = draw(st.sampled_from(sorted(FIELDS)))
    players = draw(st.sampled_from(FIELDS[field]))
    rules = Rules.preset(draw(st.sampled_from(["updated", "draft"])), reverse=draw(st.booleans()),
                         fallen_ace=draw(st.booleans()))
    return field, players, rules, draw(st.integers(0, 2**32 - 1))


def _stopped(setup) -> tuple[Core, random.Random]:
    """A random game of ``setup`` played a random way to a random unfinished position, with
    random Turn effects in force."""
    field, players, rules, seed = setup
    rng = random.Random(seed)
    f = get_field(field)
    hands = deal_random(list(CATALOG), f, players, rules, rng)
    game = new_game(CATALOG, f, hands, rules, first_seat=seed % players, date=DATE, rng=rng)
    for _ in range(rng.randrange(len(f.cells))):
        acts = game.legal_actions()
        if game.is_over() or not acts:
            break
        game.play(rng.choice(acts))
    core = game.core.copy()
    core.effects = random_effects(core, rng)
    return core, rng


def _values_agree(core: Core) -> int:
    vals = core.turn_values.under(core.effects)
    n = 0
    for c in core.play_cells:
        p = core.cell[c]
        if p >= 0:
            for d in range(4):
                assert vals[core.owner[c]][p][c][d] == core.judge.value(core.cell, core.owner, core.effects, c, d), \
                    (c, d, core.effects)
                n += 1
    return n


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(classic_setups())
def test_classic_captures_under_effects_are_the_steps(setup):
    core, _ = _stopped(setup)
    if core.over:
        return
    assert core.table is not None
    _values_agree(core)
    seat = core.to_move
    for p, c in core.placements():
        want = _by_steps(_land(core, p, c), c, seat)
        mine = _land(core, p, c)
        assert mine.table.run(mine.cell, mine.owner, mine.counts, c, seat, mine.turn_values.under(mine.effects)) \
            == want, (p, c, core.effects)
        assert mine.cell == _land(core, p, c).cell
        assert core.captures(p, c, seat) == want[0]
        placed = core.copy()
        assert placed.place(p, c) == want[0]
        assert placed.last_captures() == list(zip(*want))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(classic_setups())
def test_the_bit_windows_captures_under_effects_are_the_steps(setup):
    """ClassicTable.taken_under, the bit search window's form of the captures (two players,
    the owners as bits), takes what the steps take, and says when Same, Same Wall or Plus
    took a card (a Combo chain's start)."""
    field, _, rules, seed = setup
    core, _ = _stopped((field, 2, rules, seed))
    if core.over:
        return
    assert core.table is not None
    seat = core.to_move
    under = core.turn_values.under(core.effects)
    m0 = sum(1 << c for c in core.play_cells if core.cell[c] >= 0 and core.owner[c] == 0)
    own = sum(1 << c for c in core.play_cells if core.cell[c] >= 0 and core.owner[c] == seat)
    for p, c in core.placements():
        cells, _, causes = _by_steps(_land(core, p, c), c, seat)
        assert core.table.taken_under(core.cell, m0, own, p, c, seat, under) == (
            sum(1 << x for x in cells), any(w in STARTS_COMBO for w in causes)), (p, c, core.effects, causes)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(plain_setups())
def test_plain_captures_under_effects_are_the_judges(setup):
    core, _ = _stopped(setup)
    if core.over:
        return
    assert core.table is None and core.plain_rule
    _values_agree(core)
    seat = core.to_move
    for p, c in core.placements():
        landed = _land(core, p, c)
        want = core.judge.captures(landed.cell, landed.owner, core.effects, c, seat, core.ties)
        assert core.captures(p, c, seat) == want, (p, c, core.effects)
        placed = core.copy()
        assert placed.place(p, c) == want


def test_an_effect_on_own_cards_changes_a_card_combo_takes():
    """The pipeline compares a card Combo takes as its taker's: under '+3 on own cards' the
    taken card's sides rise for the next step of the chain, and the table agrees."""
    compared = 0
    for seed in range(400):
        setup = ("3x3", 2, Rules.preset("updated", same=True, plus=True, combo=True), seed)
        core, _ = _stopped(setup)
        if core.over:
            continue
        ab = Ability(timing="on_play", effect="modify", target="own", cost=1, text="Test.", amount=3)
        core.effects = (Effect(core.to_move, 0, 1, core.play_cells[0], 3, ab),)
        seat = core.to_move
        for p, c in core.placements():
            want = _by_steps(_land(core, p, c), c, seat)
            if "combo" in want[2]:
                assert core.captures(p, c, seat) == want[0]
                m0 = sum(1 << x for x in core.play_cells if core.cell[x] >= 0 and core.owner[x] == 0)
                own = sum(1 << x for x in core.play_cells if core.cell[x] >= 0 and core.owner[x] == seat)
                assert core.table.taken_under(core.cell, m0, own, p, c, seat, core.turn_values.under(core.effects)) \
                    == (sum(1 << x for x in want[0]), True)
                compared += 1
        if compared >= 20:
            break
    assert compared >= 20, f"only {compared} placements with a Combo"
