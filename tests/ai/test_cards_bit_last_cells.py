"""The bit search's last two cells on a field with an even number of cells, against the core search.

The ability search judges the last placements without its table, counting the
cards each seat ends with itself (:meth:`~jayden_jazz.ai.cards.bits.BitSolver._last`);
on an even field the counts can tie, and then the points left in hand decide
(:meth:`~jayden_jazz.ai.cards.bits.BitSolver._final`). The 3x3 tests never
meet that tie (nine cards on nine cells), so these positions come from 2x3
and 4x2 fields: every root move's value must be the one ``Solver(bits=False)``
gives, on the rules core without any of the bit search's shortcuts.
"""

from __future__ import annotations

import pytest

from jayden_jazz.ai.cards.player import catalog_for
from jayden_jazz.ai.cards.solver import Solver
from tests.ai.test_cards_wdl_bits import DEFAULT, RULE_SETS
from tests.ai.late_games import played_to

PER_SET = 6


@pytest.fixture(scope="module")
def cat():
    return catalog_for(DEFAULT)


def even_positions(cat, opts: dict, field: str, count: int, seed: int):
    """``count`` random positions with two to four empty cells on ``field``, no reset left."""
    return (g for g, _rng in played_to(cat, opts, count, seed, lambda made: 2 + made % 3, field=field))


@pytest.mark.parametrize("field", ["2x3", "4x2"])
@pytest.mark.parametrize("opts", RULE_SETS, ids=lambda o: "+".join(f"{k}" if v is True else f"{k}={v}"
                                                                    for k, v in o.items()) or "base")
def test_the_last_cells_on_an_even_field_are_valued_as_the_core_search_does(cat, opts, field):
    seen = set()
    bit_nodes = 0
    seed = 4100 + 31 * RULE_SETS.index(opts) + len(field)
    for g in even_positions(cat, opts, field, PER_SET, seed):
        slow = Solver(g.core.copy(), bits=False)
        fast = Solver(g.core.copy())
        for m in slow.root_moves():
            v = slow.child_value(m)
            assert fast.child_value(m) == v, (field, g.position(), m)
            seen.add(v)
        bit_nodes += fast.bits.nodes + fast.bits.margin.nodes
    assert len(seen) >= 2          # not one value everywhere: the test could tell a wrong answer
    assert bit_nodes > 0
