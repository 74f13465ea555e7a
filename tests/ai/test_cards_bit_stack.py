"""The bit search runs in a block of the interpreter's frame stack of its own (bitsearch.in_own_block).

CPython keeps frames in blocks of memory mapped when a call does not fit and
unmapped when the return empties them; a search whose depth swings across a
block's end maps and unmaps one per node, and where that end falls depends
on how deep the caller is. Each block mapped costs fresh pages, so the
process's minor page faults show it: called from every depth over one 16 KiB
block, a search of a few thousand positions must fault a few hundred pages
at most (its table), never about one per position.
"""

from __future__ import annotations

import platform
import sys

import pytest

from jayden_jazz.ai.cards.solver import Solver
from tests.ai.test_cards_wdl_bits import cat  # noqa: F401  (the fixture)
from tests.ai.test_cards_wdl_root import late_positions

resource = pytest.importorskip("resource")
pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux") or platform.python_implementation() != "CPython",
                                reason="minor page faults as Linux counts them, frames as CPython keeps them")

STEP_SLOTS = 64          # each step down a frame of 64 value-stack slots: 512 bytes
STEPS = 40               # 20 KiB: every offset of a 16 KiB block, a step apart


def _down(n: int, call):
    """``call()`` from ``n`` frames of :data:`STEP_SLOTS` slots further down the stack."""
    return _down(n - 1, call) if n else call()


_down.__code__ = _down.__code__.replace(co_stacksize=STEP_SLOTS)


def _faults() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt


def test_the_search_maps_no_stack_block_per_position_from_any_caller_depth(cat):  # noqa: F811
    g = next(g for g in late_positions(cat, dict(same=True, plus=True, combo=True), 40, 11, spread=6)
             if g.core.empty == 6)
    worst = nodes = 0
    for depth in range(STEPS):
        got = []
        for _ in range(2):          # the fewer of two runs: a table's first pages are not the stack's
            s = Solver(g.core.copy())
            before = _faults()
            _down(depth, lambda: s.bits.value(s.st))
            got.append(_faults() - before)
            nodes = s.bits.nodes
        worst = max(worst, min(got))
    assert nodes > 1000
    assert worst < nodes // 20, (worst, nodes)
