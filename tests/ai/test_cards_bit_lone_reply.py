"""The bit search's last two cells when the replier holds one card without an ability.

:meth:`~jayden_jazz.ai.cards.bits.BitSolver._two` counts such a reply at once
(one capture, no loop over the replier's hand, a tie going to the points left
in hand); that must be what the reply's own position is worth, which
:meth:`~jayden_jazz.ai.cards.bits.BitSolver._last` judges. So on positions of
2x3 and 4x2 games (even fields: counts can tie) with two empty cells, under
every window, ``_two`` must answer as the best placement followed by ``_last``
of the position it leaves, fail-soft, and count the same positions.
"""

from __future__ import annotations

import pytest

from jayden_jazz.ai.cards.player import catalog_for
from jayden_jazz.ai.cards.solver import Solver
from tests.ai.late_games import played_to
from tests.ai.test_cards_wdl_bits import DEFAULT

WINDOWS = [(-2, 2), (-1, 0), (0, 1), (-1, 1), (-2, -1), (1, 2)]


@pytest.fixture(scope="module")
def cat():
    return catalog_for(DEFAULT)


def _reference(bits, occ, m0, h0, h1, z, turn):  # type: ignore[no-untyped-def]
    """The exact value for ``turn`` of each placement then the reply's own position (a
    placement with options to weigh as the search weighs it)."""
    hand, opp = (h0, occ & ~m0) if turn == 0 else (h1, m0)
    best = -2
    for _, p, c, cap in bits.rule.placements(bits.cellp, occ, opp, hand, bits.full & ~occ, None, 1):
        if bits.abil[p] and cap & (cap - 1):
            best = max(best, bits._placement(p, c, cap, occ, m0, h0, h1, z, turn, -2, 2))
            continue
        cbit = 1 << c
        nm0 = m0 | cbit | cap if turn == 0 else m0 & ~cap
        nh0, nh1 = (h0 ^ (1 << p), h1) if turn == 0 else (h0, h1 ^ (1 << p))
        bits.cellp[c] = p
        v = -bits._last(occ | cbit, nm0, nh0, nh1, 1 - turn, -2, 2)
        bits.cellp[c] = -1
        best = max(best, v)
    return best


@pytest.mark.parametrize("field", ["2x3", "4x2"])
@pytest.mark.parametrize("opts", [dict(), dict(same=True, plus=True, combo=True)], ids=["base", "spc"])
def test_a_lone_reply_is_valued_as_its_own_position(cat, opts, field):
    seen = set()
    compared = 0
    for g, _rng in played_to(cat, opts, 300, 7300 + len(field) + len(opts), lambda made: 2, field=field,
                             exact=True):
        core = g.core
        bits = Solver(core.copy()).bits
        for c in range(core.size):
            bits.cellp[c] = core.cell[c] if c in core.play_cells else -1
        occ = sum(1 << c for c in core.play_cells if core.cell[c] >= 0)
        m0 = sum(1 << c for c in core.play_cells if core.cell[c] >= 0 and core.owner[c] == 0)
        h0 = sum(1 << p for p in core.hands[0])
        h1 = sum(1 << p for p in core.hands[1])
        turn = core.to_move
        other = h1 if turn == 0 else h0
        hand = h0 if turn == 0 else h1
        if not hand or other.bit_count() != 1 or other & bits.abilmask:
            continue                # the lone reply, without an option to weigh
        z = bits.zfull(h0, h1)
        want = _reference(bits, occ, m0, h0, h1, z, turn)
        seen.add(want)
        for alpha, beta in WINDOWS:
            before = bits.nodes
            got = bits._two(occ, m0, h0, h1, z, turn, alpha, beta)
            assert bits.nodes > before
            if want <= alpha:
                assert got <= alpha, (field, g.position(), alpha, beta, got, want)
            elif want >= beta:
                assert got >= beta, (field, g.position(), alpha, beta, got, want)
            else:
                assert got == want, (field, g.position(), alpha, beta, got, want)
        compared += 1
    assert compared >= 50
    assert len(seen) >= 2           # not one value everywhere: the test could tell a wrong answer
