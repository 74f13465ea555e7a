"""One solver's searches share one set of Same and Plus judgements; a position must never read another's.

The classic bit form remembers which touching cards Same and Plus take, per
piece, cell and the cards around it, for the life of a solver. Its key once
began with the piece and the cell and then added the neighbours, so a corner
(two neighbours) and an edge (three) could share a key: piece 2 on a1 with
its neighbours met piece 0 on b1 with a 7th piece beside it. A solver then read
the captures of one placement for another, depending on what it had searched
before -- the root of a deal said "won" where each reply on its own, and the
search without the bit forms, said "lost" (issue #41, deal 5 of
``tools/perfect_match.py`` under Open + Same + Plus + Combo). These tests keep
one capture form, or one solver, across many positions, as a game does.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from jayden_jazz.ai.cards.bitsearch import capture_bits
from jayden_jazz.ai.cards.player import catalog_for
from jayden_jazz.ai.cards.solver import LOSS, Solver
from jayden_jazz.cards import Action, Rules, get_field, new_game
from jayden_jazz.cards.classic_table import ClassicBits
from tests.toolscripts import tool

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = [str(ROOT / "cards" / "default")]
SPC = dict(same=True, plus=True, combo=True)


@pytest.fixture(scope="module")
def cat():
    return catalog_for(DEFAULT)


def _bits_view(st):
    occ = sum(1 << c for c in st.play_cells if st.cell[c] >= 0)
    opp = sum(1 << c for c in st.play_cells if st.owner[c] == 1 - st.to_move)
    return occ, opp


@pytest.mark.parametrize("opts", [SPC, dict(same=True, same_wall=True, plus=True), dict(plus=True),
                                  dict(same=True, reverse=True)], ids=lambda o: "+".join(o))
def test_one_capture_form_kept_over_many_boards_takes_what_the_rules_take(cat, opts):
    """The form is built once per deal and asked about every placement on many random boards of
    that deal: each answer must be the rules core's own, whatever was asked before."""
    rng = random.Random(41)
    pool = sorted(c for c in cat if c.startswith("default/"))
    rules = Rules.preset("updated", open=True, pure=True, **opts).check()
    fld = get_field("3x3")
    checked = 0
    for _deal in range(4):
        hands = [tuple(rng.sample(pool, 5)) for _ in range(2)]
        base = new_game(cat, fld, hands, rules, first_seat=0, date=(2026, 11), rng=rng).core
        form = capture_bits(base)
        assert isinstance(form, ClassicBits)
        npieces = len(base.ids)
        for _board in range(1500):
            st = base.copy()
            placed = rng.sample(range(npieces), rng.randrange(2, 8))
            cells = rng.sample(st.play_cells, len(placed))
            for p, c in zip(placed, cells):
                st.cell[c] = p
                st.owner[c] = rng.randrange(2)
            seat = rng.randrange(2)
            occ = sum(1 << c for c in cells)
            opp = sum(1 << c for c in cells if st.owner[c] != seat)
            for p in range(npieces):
                if p in placed:
                    continue
                for c in st.free():
                    want = sum(1 << x for x in st.captures(p, c, seat))
                    assert form.captures(st.cell, occ, opp, p, c) == want, (st.cell, st.owner, seat, p, c)
                    checked += 1
    assert checked > 5000


def _deal5_after_first_card():
    g = tool("perfect_match").deal(5, {"open": "1", "same": "1", "plus": "1", "combo": "1"})
    g.play(Action("default/swapmeet_sal", "a1"))
    return g


def test_the_deal_that_showed_it_is_lost_for_the_second_mover_whichever_way_it_is_solved():
    g = _deal5_after_first_card()
    st = g.core
    res = Solver(st.copy()).solve_root()
    assert res.complete and res.value == LOSS
    # the reply the broken solver took for a win, searched after the one ordered before it
    solver = Solver(st.copy())
    moves = solver.root_moves()
    assert [solver.child_value(m, 0, 1) for m in moves[:2]] == [LOSS, LOSS]


def _positions_with_modify(cat, opts: dict, count: int, seed: int, empty: int):
    """Random positions (``empty`` empty cells) where a card with a Turn effect is still in a hand."""
    rng = random.Random(seed)
    pool = sorted(c for c in cat if c.startswith("default/"))
    modify = [c for c in pool if any(a.effect == "modify" for a in cat[c].abilities)]
    rules = Rules.preset("updated", open=True, **opts).check()
    fld = get_field("3x3")
    made = 0
    while made < count:
        hands = []
        for _ in range(2):
            own = rng.sample(modify, 2)
            hands.append(tuple(own + rng.sample([c for c in pool if c not in own], 3)))
        g = new_game(cat, fld, hands, rules, first_seat=rng.randrange(2), date=(2026, 11), rng=rng)
        while not g.is_over() and g.core.empty > empty:
            legal = g.legal_actions()
            g.push(legal[rng.randrange(len(legal))])
        st = g.core
        if g.is_over() or not any(cat[st.ids[p]].abilities and any(a.effect == "modify" for a in
                                                                   cat[st.ids[p]].abilities)
                                  for h in st.hands for p in h):
            continue
        made += 1
        yield g


@pytest.mark.parametrize("opts", [SPC, dict(), dict(same=True, same_wall=True, plus=True)],
                         ids=lambda o: "+".join(o) or "base")
def test_a_root_with_turn_effects_to_play_agrees_with_the_plain_search_and_with_each_reply(cat, opts):
    """The root's value (one solver for every move, as Hard and the perfect player use it)
    equals the search without the bit forms, and the best of the replies each solved by a
    fresh solver."""
    checked = 0
    for g in _positions_with_modify(cat, opts, 12, 4141 + len(opts), 5):
        st = g.core
        root = Solver(st.copy()).solve_root()
        assert root.complete
        plain = Solver(st.copy(), bits=False).solve_root()
        assert root.value == plain.value, g.position()
        alone = max(Solver(st.copy()).child_value(m) for m in st.moves())
        assert root.value == alone, g.position()
        checked += 1
    assert checked == 12
