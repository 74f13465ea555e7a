"""Static evaluation of a Jayden position, in centi-Heroes, from Green's side.

Built on the engine's numpy board (``+k`` Green, ``-k`` Red): material and
square tables in one lookup table summed with numpy, slider mobility from the
precomputed rays, and a few Python terms about the Masters, which decide the
game: enemy Scouts within reach of Cannon fire, pieces sheltering the Master,
Sentinel shields, Marks and the Half Line.

Values are tuned by tournaments (``tools/tournament.py``), not derived: a Hero
is 100; a Scout's worth comes from the Cannons that let it fire, and a
Cannon's from the Scouts that fire it, so both lose most of their value when
the other kind is gone.
"""

from __future__ import annotations

import numpy as np

from jayden_jazz.ai.jayden.tactics import CHEB, Snap, code, master_square
from jayden_jazz.jayden.pieces import (
    CANNON,
    DEPLOYED,
    DRAGON,
    HERO,
    INTERCEPTOR,
    MARK,
    MASTER,
    RAIDER,
    SCOUT,
    SENTINEL,
)
from jayden_jazz.jayden.squares import FILES, SQUARES
from jayden_jazz.jayden.tables import ENEMY_TERRITORY, NEIGH_T, RAYS

#: Material, by kind code (index 0 = empty). The Master is priceless: its
#: loss ends the game, which the search scores as a win or loss instead.
VALUE = (0, 300, 800, 100, 400, 120, 0, 300, 450, 150, 100)
#: What the greedy arena player ranks captures by (Master above everything).
GREEDY_RANK = (0, 300, 800, 100, 400, 120, 100000, 300, 450, 150, 100)

WIN = 1_000_000
#: Scores beyond this are wins or losses found by the search.
WIN_BOUND = WIN - 10_000

_FILE = np.arange(SQUARES) % FILES
_RANK = np.arange(SQUARES) // FILES


def _square_bonus(kind: int, rel_rank: np.ndarray, centre: np.ndarray) -> np.ndarray:
    """Positional bonus of a piece kind, from its owner's side of the board.

    ``rel_rank`` is 0 on the owner's edge row and 13 on the enemy's;
    ``centre`` is 0 on the middle files and grows to about 1 at the edges.
    """
    r = rel_rank.astype(np.float64)
    far = r >= 7
    if kind == HERO:
        return np.minimum(r - 1, 5) * 3 + far * 6 - centre * 6
    if kind in (RAIDER, INTERCEPTOR):
        return np.minimum(r, 8) * 2 - centre * 8
    if kind == DRAGON:
        return np.minimum(r, 7) * 2 - centre * 10
    if kind == SCOUT:
        return np.minimum(r, 10) * 3 - centre * 6
    if kind == CANNON:
        return np.where(r == 0, 10, np.where(r == 1, 5, 0)) - far * 25
    if kind == MARK:
        return np.where(far, -30, 0) + np.minimum(r, 3) * 2
    if kind == MASTER:
        return np.where(r == 0, 30, np.where(r == 1, 15, -15 * (r - 2))) - centre * 10
    return np.zeros(SQUARES)


def _build_table() -> np.ndarray:
    """TABLE[byte, sq]: signed material + square bonus of that byte on sq."""
    table = np.zeros((256, SQUARES), dtype=np.int32)
    centre = np.abs(_FILE - (FILES - 1) / 2) / ((FILES - 1) / 2)
    for side, sign in ((0, 1), (1, -1)):
        rel = _RANK if side == 0 else 13 - _RANK
        for kind in range(1, 11):
            row = VALUE[kind] + _square_bonus(kind, rel, centre)
            table[code(kind, side)] = np.rint(row).astype(np.int32) * sign
    return table


TABLE = _build_table()
#: The same as nested tuples, for scoring single actions in Python loops.
TABLE_T = tuple(tuple(int(x) for x in row) for row in TABLE)
_IDX = np.arange(SQUARES)

# Slider mobility: each square's 8 rays padded to 20 steps with the index
# SQUARES, a cell that is always "blocked", so the first blocked step along a
# ray (argmax) is the number of squares a slider can move to along it.
_RAYS_PAD = np.full((SQUARES, 8, RAYS.shape[2] + 1), SQUARES, dtype=np.intp)
_RAYS_PAD[:, :, :-1] = np.where(RAYS >= 0, RAYS, SQUARES)
_IS_SLIDER = np.zeros(256, dtype=bool)
_REACH = np.zeros((256, 8), dtype=np.int64)  # per byte: how far it may slide, by direction
for _side in (0, 1):
    _IS_SLIDER[[code(k, _side) for k in (DRAGON, INTERCEPTOR, RAIDER)]] = True
    _REACH[code(DRAGON, _side)] = 19
    _REACH[code(INTERCEPTOR, _side), ::2] = 19
    _REACH[code(RAIDER, _side), 1::2] = 4
_SIGN = np.where(np.arange(256) < 128, 1, -1)
MOBILITY_WEIGHT = 2

#: Penalty for an enemy Scout within one jump of firing range of a Master,
#: growing as it gets closer (index: squares beyond firing range, 0..3).
SCOUT_DANGER = (140, 110, 80, 50)
SHELTER = 8
SHIELDED_MASTER = 40
LAST_MARK = 150


def mobility(board: np.ndarray, sh: bytes) -> int:
    """Green's minus Red's count of squares its sliders can move to."""
    u = board.view(np.uint8)
    sq = np.flatnonzero(_IS_SLIDER[u])
    if not sq.size:
        return 0
    blocked = np.empty(SQUARES + 1, dtype=bool)
    np.not_equal(board, 0, out=blocked[:SQUARES])
    blocked[SQUARES] = True
    if sh.count(1):
        blocked[:SQUARES] |= np.frombuffer(sh, dtype=np.uint8) > 0
    run = blocked[_RAYS_PAD[sq]].argmax(axis=2)
    vals = u[sq]
    per_piece = np.minimum(run, _REACH[vals]).sum(axis=1)
    return int((per_piece * _SIGN[vals]).sum()) * MOBILITY_WEIGHT


def _side_terms(s: Snap, side: int, counts: dict[int, int]) -> int:
    """Non-additive terms for one side (positive is good for that side)."""
    b = s.b
    total = 0
    own = lambda k: counts[code(k, side)]  # noqa: E731
    cannons, scouts = own(CANNON), own(SCOUT)
    if cannons == 0:
        total -= scouts * (VALUE[SCOUT] - 150)
    if scouts == 0:
        total -= cannons * (VALUE[CANNON] - 60)
    marks = own(MARK)
    if marks == 1:
        total += LAST_MARK
    elif marks == 0:
        # Stranded: pieces beyond the Half Line cannot act any more.
        enemy_land = ENEMY_TERRITORY[side]
        for sq in s.pieces[side]:
            k = b[sq] if side == 0 else 256 - b[sq]
            if enemy_land[sq] and k not in (RAIDER, MASTER, SENTINEL, DEPLOYED):
                total -= VALUE[k] // 2
    m = master_square(s, side)
    if m >= 0:
        enemy = 1 - side
        enemy_cannons = s.cannons[enemy]
        if enemy_cannons:
            c = code(SCOUT, enemy)
            far = s.far[enemy]
            row = CHEB[m]
            i = b.find(c)
            while i >= 0:
                if not far[i]:
                    over = row[i] - enemy_cannons
                    if over <= 3:
                        total -= SCOUT_DANGER[max(over, 0)]
                i = b.find(c, i + 1)
        shelter = 0
        for t in NEIGH_T[m]:
            v = b[t]
            if v and (v < 128) == (side == 0):
                shelter += 1
        total += min(shelter, 5) * SHELTER
        if s.sh[m]:
            total += SHIELDED_MASTER
    return total


def evaluate(s: Snap, board: np.ndarray) -> int:
    """Static score from Green's side (no tactics: see the search's leaf)."""
    u = board.view(np.uint8)
    score = int(TABLE[u, _IDX].sum())
    bc = s.b.count
    counts = {code(k, sd): bc(code(k, sd)) for k in (CANNON, SCOUT, MARK) for sd in (0, 1)}
    score += _side_terms(s, 0, counts) - _side_terms(s, 1, counts)
    score += mobility(board, s.sh)
    return score


def material(board: np.ndarray) -> int:
    """Material balance alone, Green minus Red."""
    u = board.view(np.uint8)
    kinds = np.where(u > 128, 256 - u.astype(np.int32), u)
    vals = np.asarray(VALUE)[kinds]
    return int(np.sum(np.where(board > 0, vals, -vals)))
