"""Perft regression counts, and the fast generator checked against the slow
reference generator written straight from the rules."""
# rule: jayden.md#perft

from __future__ import annotations

import random
from pathlib import Path

import jayden_reference as ref
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jayden_jazz.jayden import Position, perft, perft_divide

PERFT_FILE = Path(__file__).with_name("perft_jayden.txt")


def _entries():
    name = None
    out = []
    for line in PERFT_FILE.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            name = line[1:].strip()
            continue
        if not line.strip():
            continue
        jpn, *counts = line.split(" ;")
        depths = {int(c.split()[0][1:]): int(c.split()[1]) for c in counts}
        out.append(pytest.param(jpn, depths, id=name or jpn[:20]))
    return out


ENTRIES = _entries()


def test_perft_file_is_not_empty():
    assert len(ENTRIES) >= 10


@pytest.mark.parametrize("jpn,depths", ENTRIES)
def test_perft_regression(jpn, depths):
    pos = Position(jpn, quiet_draw=False)
    for depth, count in sorted(depths.items()):
        assert perft(pos, depth) == count, f"depth {depth}"
    assert pos.jpn() == jpn  # perft leaves the position as it found it


@pytest.mark.parametrize("jpn,depths", ENTRIES)
def test_reference_agrees_at_depth_1(jpn, depths):
    pos = Position(jpn, quiet_draw=False)
    assert sorted(str(a) for a in pos.legal_actions()) == sorted(ref.legal(ref.parse(jpn)))


def _quick_depth_2(jpn):
    # At a turn start the depth-2 leaves are second actions, cheap for the
    # reference; from the middle of a turn they would need its slow
    # completion search on every child.
    return jpn.split(" ")[2] == "-"


@pytest.mark.parametrize(
    "jpn,depths", [e for e in ENTRIES if _quick_depth_2(e.values[0]) and 2 in e.values[1]]
)
def test_reference_agrees_at_depth_2(jpn, depths):
    assert ref.perft(ref.parse(jpn), 2) == depths[2]


def test_perft_zero_and_negative():
    pos = Position()
    assert perft(pos, 0) == 1
    with pytest.raises(ValueError):
        perft(pos, -1)


def test_divide_sums_to_perft():
    pos = Position(quiet_draw=False)
    divided = perft_divide(pos, 2)
    assert [str(a) for a, _ in divided] == sorted(str(a) for a in pos.legal_actions())
    assert sum(n for _, n in divided) == 17877


# ---------------------------------------------- random positions vs reference

LETTERS = "CDHIKRSNX"


def _random_jpn(rnd: random.Random) -> str:
    board = {}
    for master in ("M", "m"):
        while True:
            sq = (rnd.randrange(20), rnd.randint(1, 14))
            if sq not in board:
                board[sq] = master
                break
    for _ in range(rnd.randint(4, 24)):
        sq = (rnd.randrange(20), rnd.randint(1, 14))
        letter = rnd.choice(LETTERS)
        if sq in board or (letter == "K" and rnd.random() < 0.6):
            continue
        board[sq] = letter if rnd.random() < 0.5 else letter.lower()
    state = {"board": board, "side": rnd.choice("gr"), "acted": None, "fired": 0,
             "quiet": 0, "turn": 1}
    return ref.to_jpn(state)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1))
def test_random_positions_match_reference(seed):
    """Random sparse boards (often Markless, with shields) and a few random
    actions from each: the legal sets must agree at every step."""
    rnd = random.Random(seed)
    pos = Position(_random_jpn(rnd), quiet_draw=False)
    for _ in range(5):
        before = pos.jpn()
        mine = sorted(str(a) for a in pos.legal_actions())
        assert mine == sorted(ref.legal(ref.parse(before))), before
        if not mine:
            break
        hits = [a for a in pos.legal_actions() if a.kind != "move"]
        action = rnd.choice(hits) if hits and rnd.random() < 0.5 else rnd.choice(pos.legal_actions())
        pos.push(action)
        # make agrees with the reference's copy-and-apply
        assert pos.jpn() == ref.to_jpn(ref.apply(ref.parse(before), str(action)))


def test_start_position_count_worked_by_hand():
    """208 = 18 Heroes x 2 + 2 Marks x 2 + 2 Scouts x 4 + 160 deployments
    (every square of ranks 4-11; rank 3 and rank 12 touch the home rows)."""
    pos = Position()
    by_kind: dict[str, int] = {}
    for action in pos.legal_actions():
        kind = pos.piece_at(action.src)[0]
        by_kind[kind] = by_kind.get(kind, 0) + 1
    assert by_kind == {"H": 36, "K": 4, "S": 8, "N": 160}
