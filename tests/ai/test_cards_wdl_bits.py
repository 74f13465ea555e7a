"""The ability bit search against the solver's own search on the rules core, under every rule set.

Hard's first card is proven by :class:`~jayden_jazz.ai.cards.bits.BitSolver`
(captures-first order, two empty cells judged without the table, cutoffs read
from the children's table entries). ``Solver(bits=False)`` searches every
position on the rules core itself, with none of that: a second opinion. On
random positions three to five cells before the end, with the abilities of the
default pack in hand (and with them switched off), both must give every root
move the same win/draw/loss, in the full window and in the null windows the
root's first pass asks ("does it win?", "does it draw?").
"""

from __future__ import annotations

import pytest

from jayden_jazz.ai.cards.player import catalog_for
from jayden_jazz.ai.cards.solver import DRAW, WIN, Solver
from tests.ai.test_cards_wdl_root import late_positions

DEFAULT = [str(__import__("pathlib").Path(__file__).resolve().parents[2] / "cards" / "default")]

# each capture rule the game offers, with abilities on and (pure) off, and the hand rules
# whose hands stay known
RULE_SETS = [
    dict(),
    dict(pure=True),
    dict(same=True),
    dict(same=True, same_wall=True),
    dict(plus=True),
    dict(same=True, plus=True, combo=True),
    dict(same=True, same_wall=True, plus=True, combo=True, pure=True),
    dict(elemental=True),
    dict(elemental=True, same=True, plus=True, combo=True),
    dict(reverse=True),
    dict(fallen_ace=True),
    dict(reverse=True, fallen_ace=True, plus=True, combo=True),
    dict(sudden_death=True, same=True),
    dict(preset="draft", plus=True),
]
PER_SET = 20


@pytest.fixture(scope="module")
def cat():
    return catalog_for(DEFAULT)


def positions(cat, opts: dict, count: int, seed: int):
    """``count`` random open positions with three to five empty cells, no reset left to play."""
    return late_positions(cat, opts, count, seed, spread=3)


@pytest.mark.parametrize("opts", RULE_SETS, ids=lambda o: "+".join(f"{k}" if v is True else f"{k}={v}"
                                                                    for k, v in o.items()) or "base")
def test_the_bit_search_values_every_move_as_the_core_search_does(cat, opts):
    checked = bit_nodes = 0
    seen = set()
    for g in positions(cat, opts, PER_SET, 9100 + 31 * RULE_SETS.index(opts)):
        slow = Solver(g.core.copy(), bits=False)
        want = {m: slow.child_value(m) for m in slow.root_moves()}
        # the first pass's null windows, move after move in one search (its table filling)
        first = Solver(g.core.copy())
        for m, v in want.items():
            assert (first.child_value(m, WIN - 1, WIN) >= WIN) == (v >= WIN), (g.position(), m)
            assert (first.child_value(m, DRAW - 1, DRAW) >= DRAW) == (v >= DRAW), (g.position(), m)
        whole = Solver(g.core.copy())
        for m, v in want.items():
            assert whole.child_value(m) == v, (g.position(), m)
        seen.update(want.values())
        bit_nodes += whole.bits.nodes + whole.bits.margin.nodes
        assert slow.bits.nodes + slow.bits.margin.nodes == 0
        checked += 1
    assert checked == PER_SET
    assert len(seen) >= 2          # not one value everywhere: the test could tell a wrong answer
    assert bit_nodes > 0           # the bit search took part (Elemental too)


def test_the_root_proves_what_the_core_search_proves(cat):
    """The whole root (first pass, second pass) on positions of every rule set."""
    for i, opts in enumerate(RULE_SETS):
        for g in positions(cat, opts, 3, 700 + i):
            fast = Solver(g.core.copy()).solve_root()
            slow = Solver(g.core.copy(), bits=False).solve_root()
            assert fast.complete and fast.value == slow.value, g.position()


def test_the_first_pass_tries_a_card_with_fewer_refuted_placements_first():
    from jayden_jazz.ai.cards.solver import later_card_first
    left = [(0, 1, None), (0, 2, None), (3, 0, None), (5, 4, None)]
    assert later_card_first(left, {}) == 0                 # nothing refuted: the root's order
    assert later_card_first(left, {0: 1}) == 2             # card 0 failed once: card 3 next
    assert later_card_first(left, {0: 2, 3: 1}) == 3       # card 5 has failed least
    assert later_card_first(left, {0: 1, 3: 1, 5: 1}) == 0  # all alike: the root's order again
