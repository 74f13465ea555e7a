"""Board geometry computed once at import.

The numpy arrays are the canonical tables (handy for vectorised evaluation in
the AI and for tests); the ``*_T`` tuples are the same data reshaped for the
generator's inner loops, where indexing a tuple is several times faster than
indexing a numpy array element by element.
"""

from __future__ import annotations

import numpy as np

from jayden_jazz.jayden.squares import FILES, HALF_LINE_RANK, RANKS, SQUARES

#: The eight directions as (file step, rank step): N, NE, E, SE, S, SW, W, NW.
DIRECTIONS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
ORTHOGONAL = (0, 2, 4, 6)
DIAGONAL = (1, 3, 5, 7)
MAX_RAY = max(FILES, RANKS) - 1  # 19

_FILE = np.arange(SQUARES) % FILES
_RANK = np.arange(SQUARES) // FILES


def _rays() -> np.ndarray:
    rays = np.full((SQUARES, 8, MAX_RAY), -1, dtype=np.int16)
    for d, (df, dr) in enumerate(DIRECTIONS):
        for n in range(1, MAX_RAY + 1):
            f = _FILE + n * df
            r = _RANK + n * dr
            ok = (f >= 0) & (f < FILES) & (r >= 0) & (r < RANKS)
            rays[ok, d, n - 1] = (r * FILES + f)[ok]
    return rays


#: RAYS[sq, d, n-1]: the square n steps from sq in direction d, or -1.
RAYS = _rays()
#: NEIGHBOURS[sq, d]: the adjacent square in direction d, or -1.
NEIGHBOURS = RAYS[:, :, 0].copy()
#: CHEBYSHEV[a, b]: king-walk distance, the Scout's firing distance.
CHEBYSHEV = np.maximum(
    np.abs(_FILE[:, None] - _FILE[None, :]), np.abs(_RANK[:, None] - _RANK[None, :])
).astype(np.int8)
#: SHIELD_MASK[x, sq]: a Sentinel deployed on x shields sq.
SHIELD_MASK = CHEBYSHEV == 1
#: SCOUT_JUMPS[sq, k]: squares exactly 1, 2 or 3 steps away along a line, -1 padded.
SCOUT_JUMPS = RAYS[:, :, :3].reshape(SQUARES, 24).copy()
#: TERRITORY[side, sq]: sq lies in that side's own territory (0 Green, 1 Red).
TERRITORY = np.stack([_RANK < HALF_LINE_RANK, _RANK >= HALF_LINE_RANK])
#: ENEMY_TERRITORY[side, sq]: sq lies beyond that side's Half Line.
ENEMY_TERRITORY = ~TERRITORY
#: NEIGHBOURHOOD[sq]: sq itself and its 8 neighbours; off-board slots point
#: at index SQUARES (a padding cell that is always empty).
NEIGHBOURHOOD = np.concatenate([np.arange(SQUARES)[:, None], NEIGHBOURS], axis=1).astype(np.intp)
NEIGHBOURHOOD[NEIGHBOURHOOD < 0] = SQUARES

for _table in (RAYS, NEIGHBOURS, CHEBYSHEV, SHIELD_MASK, SCOUT_JUMPS, TERRITORY,
               ENEMY_TERRITORY, NEIGHBOURHOOD):
    _table.flags.writeable = False


_RAYS_L = RAYS.tolist()


def _ray_tuple(sq: int, d: int, limit: int = MAX_RAY) -> tuple[int, ...]:
    return tuple(t for t in _RAYS_L[sq][d][:limit] if t >= 0)


#: Sliding rays per piece, as tuples of tuples (empty rays dropped).
QUEEN_RAYS_T = tuple(
    tuple(r for r in (_ray_tuple(sq, d) for d in range(8)) if r) for sq in range(SQUARES)
)
ROOK_RAYS_T = tuple(
    tuple(r for r in (_ray_tuple(sq, d) for d in ORTHOGONAL) if r) for sq in range(SQUARES)
)
RAIDER_RAYS_T = tuple(
    tuple(r for r in (_ray_tuple(sq, d, 4) for d in DIAGONAL) if r) for sq in range(SQUARES)
)
#: All on-board neighbours, and the orthogonal ones.
NEIGH_T = tuple(
    tuple(_RAYS_L[sq][d][0] for d in range(8) if _RAYS_L[sq][d][0] >= 0) for sq in range(SQUARES)
)
ORTH_NEIGH_T = tuple(
    tuple(_RAYS_L[sq][d][0] for d in ORTHOGONAL if _RAYS_L[sq][d][0] >= 0)
    for sq in range(SQUARES)
)
#: Hero lines: (one step, two steps or -1) per orthogonal direction.
HERO_T = tuple(
    tuple((_RAYS_L[sq][d][0], _RAYS_L[sq][d][1]) for d in ORTHOGONAL if _RAYS_L[sq][d][0] >= 0)
    for sq in range(SQUARES)
)
SCOUT_JUMPS_T = tuple(tuple(t for t in row if t >= 0) for row in SCOUT_JUMPS.tolist())
CHEBYSHEV_T = tuple(tuple(row) for row in CHEBYSHEV.tolist())


def _rings(row: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    rings: list[list[int]] = [[] for _ in range(MAX_RAY + 1)]
    for t, d in enumerate(row):
        rings[d].append(t)
    return tuple(tuple(r) for r in rings)


#: RINGS_T[sq][d]: squares at Chebyshev distance exactly d (d = 0..19).
RINGS_T = tuple(_rings(row) for row in CHEBYSHEV_T)
ENEMY_TERRITORY_T = tuple(tuple(row) for row in ENEMY_TERRITORY.tolist())
#: A "nowhere is forbidden" row, used for pieces the Half Line does not bind.
NOWHERE_T = (False,) * SQUARES
