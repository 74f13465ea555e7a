"""Random playouts (hypothesis picks the seeds) checked against invariants the
rules imply, plus exact make/unmake."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from jayden_jazz.jayden import Position, START_JPN
from jayden_jazz.jayden.tables import CHEBYSHEV

STARTS = [
    START_JPN,
    "c2rrr3k1m2rr1r1c/1rhhh1h1hhhh1i1hh1sk/kh5h9h2/4X9h1i1hr/13I6/4D10x4/20/3S16/20/12S7/"
    "2H13H3/8H5H3H1/KH1HH1H1HKHH2HH1H1K/C1RRRRI1M5RRRR1C r - 0 0 19",
    "1crr1r1inkm1ii2r2c/h1h1h2h5hrs1hhk/5h4h9/3h4h2rh3h3/2s4h4hr6/k2r8h7/20/3R16/5D3H1X8/"
    "1S12S5/14H5/3H3H4H2H2HK/KH1H1HI1H4H1H2H1/C2RR2I1MKHIIR1RR1C g - 0 19 29",
    # no Marks at all: the Half Line binds both sides
    "csrrrriin1mdiirrrrsc/1hhhhhhhhhhhhhhhhhh1/20/20/20/20/20/20/20/20/20/20/"
    "1HHHHHHHHHHHHHHHHHH1/CSRRRRIIDM1NIIRRRRSC g - 0 0 1",
]


def _shielded_independently(board: np.ndarray) -> np.ndarray:
    deployed = np.flatnonzero(np.abs(board) == 10)
    if deployed.size == 0:
        return np.zeros(280, dtype=bool)
    return (CHEBYSHEV[deployed] == 1).any(axis=0)


def _choose(rnd: random.Random, pos: Position, acts):
    hits = [a for a in acts if a.kind != "move"]
    if hits and rnd.random() < 0.5:
        return rnd.choice(hits)
    quiet = [a for a in acts if pos.piece_at(a.src)[0] != "N"]
    if quiet and rnd.random() < 0.9:
        return rnd.choice(quiet)
    return rnd.choice(acts)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(range(len(STARTS))))
def test_random_playout_invariants(seed, start):
    rnd = random.Random(seed)
    pos = Position(STARTS[start], quiet_draw=False)
    first_jpn, first_key = pos.jpn(), pos.key()
    for _ in range(rnd.randint(10, 70)):
        acts = pos.legal_actions()
        if not acts:
            assert pos.result is not None
            break
        action = _choose(rnd, pos, acts)
        before = pos.board.copy()
        side, acted, fired, quiet, turn = pos.side, pos.acted, pos.fired, pos.quiet, pos.turn
        mover = pos.piece_at(action.src)
        land = pos.landing(action)
        jpn_before, key_before = pos.jpn(), pos.key()

        pos.push(action)
        after = pos.board
        count_before = np.count_nonzero(before)
        count_after = np.count_nonzero(after)

        # A piece leaves the board only by attack or fire, exactly one.
        if action.kind in ("attack", "fire"):
            assert count_after == count_before - 1
            assert np.sign(before[action.dst]) == (-1 if side == "g" else 1)
            assert after[action.dst] == 0 or land == action.dst
        else:
            assert count_after == count_before
        # Conditioning switches one piece's side and keeps its kind.
        if action.kind == "condition":
            assert after[action.dst] == -before[action.dst]
            changed = np.flatnonzero(after != before)
            assert changed.tolist() == [action.dst]
        # Nothing stands on a shielded square; shields match the board.
        shield = _shielded_independently(after)
        assert not (shield & (after != 0)).any()
        assert [pos.shielded(sq) for sq in range(280)] == shield.tolist()

        # The turn fields follow the rules.
        assert pos.quiet == (0 if action.kind != "move" else quiet + 1)
        cost = int(CHEBYSHEV[action.src, action.dst]) if action.kind == "fire" else 0
        if pos.result is not None:
            assert pos.result.reason in ("master_taken", "master_conditioned")
            assert pos.result.winner == side
            assert (pos.side, pos.acted, pos.fired, pos.turn) == (side, land, fired + cost, turn)
        elif mover[0] == "M" or acted is not None:
            assert pos.side != side and pos.acted is None and pos.fired == 0
            assert pos.turn == turn + (1 if side == "r" else 0)
        else:
            assert (pos.side, pos.acted, pos.fired, pos.turn) == (side, land, fired + cost, turn)
        assert pos.history[-1] == action

        # Make/unmake restores the exact position and key; the incremental key
        # equals the key computed from scratch.
        assert pos.pop() == action
        assert pos.jpn() == jpn_before and pos.key() == key_before
        assert (pos.board == before).all()
        pos.push(action, validate=False)
        assert Position(pos.jpn(), quiet_draw=False).key() == pos.key()

    while pos.history:
        pos.pop()
    assert pos.jpn() == first_jpn and pos.key() == first_key


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_clone_then_diverge(seed):
    rnd = random.Random(seed)
    pos = Position(quiet_draw=False)
    for _ in range(8):
        pos.push(_choose(rnd, pos, pos.legal_actions()))
    twin = pos.clone()
    original = pos.jpn()
    for _ in range(6):
        acts = twin.legal_actions()
        if not acts:
            break
        twin.push(_choose(rnd, twin, acts))
    assert pos.jpn() == original
    while len(twin.history) > len(pos.history):
        twin.pop()
    assert twin.jpn() == original and twin.key() == pos.key()
