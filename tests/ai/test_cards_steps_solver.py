"""The solver with the compiled captures against the solver on the capture steps alone.

Under Same, Same Wall, Plus and Combo every capture is read from tables: the
bit searches' (``ClassicBits``) and, on the rules core, ``ClassicTable`` --
with the values of ``cards/turn_values.py`` while a Turn effect is active.
``Solver(bits=False)`` on a state whose compiled form is switched off runs
the capture steps' pipeline (``cards/classic.py``) for every placement, Turn
effects included: the law, with no table anywhere. On random positions three
to five cells before the end, with the default pack's abilities in hand, both
must give every root move, its ability options included, the same value.
"""

from __future__ import annotations

import pytest

from jayden_jazz.ai.cards.player import catalog_for
from jayden_jazz.ai.cards.solver import Solver
from jayden_jazz.cards.core import Core
from tests.ai.test_cards_wdl_root import late_positions

DEFAULT = [str(__import__("pathlib").Path(__file__).resolve().parents[2] / "cards" / "default")]

RULE_SETS = [
    dict(same=True),
    dict(same=True, same_wall=True),
    dict(plus=True),
    dict(same=True, plus=True, combo=True),
    dict(elemental=True, same=True, plus=True, combo=True),
    dict(reverse=True, fallen_ace=True, plus=True, combo=True),
]
PER_SET = 16


@pytest.fixture(scope="module")
def cat():
    return catalog_for(DEFAULT)


def steps_only(st: Core) -> Core:
    """The same state with the compiled captures switched off: every placement runs the steps."""
    g = st.copy()
    g.compiled_rule = False
    g.bit_rule = False
    g.use_judge(g.judge)
    assert g.table is None
    return g


@pytest.mark.parametrize("opts", RULE_SETS, ids=lambda o: "+".join(o))
def test_the_tables_solve_as_the_steps_do(cat, opts):
    seen = set()
    effects = 0                     # root moves that start a Turn effect: the tables under effects
    for g in late_positions(cat, opts, PER_SET, 5300 + 17 * RULE_SETS.index(opts), spread=3):
        law = Solver(steps_only(g.core), bits=False)
        fast = Solver(g.core.copy())
        for m in law.root_moves():
            want = law.child_value(m)
            assert fast.child_value(m) == want, (g.position(), m)
            seen.add(want)
            if m[2] is not None and g.core.cards[m[0]].abilities[m[2][0] - 1].effect == "modify":
                effects += 1
    assert len(seen) >= 2           # not one value everywhere: the test could tell a wrong answer
    assert effects > 0, "no root move started a Turn effect"
