"""Zobrist keys for the AI's transposition table.

Drawn from a fixed seed so a key is the same in every run (saved tables and
test expectations stay valid). The board part is updated incrementally by
make/unmake; side, acted square and Cannons fired are mixed in on request.
"""

from __future__ import annotations

import numpy as np

from jayden_jazz.jayden.pieces import KIND_OF
from jayden_jazz.jayden.squares import SQUARES

_SEED = 0x7A4DE2_1989

_rng = np.random.default_rng(_SEED)
_PIECE_KEYS = _rng.integers(0, 2**64, size=(20, SQUARES), dtype=np.uint64, endpoint=False)
_SIDE_KEY = int(_rng.integers(0, 2**64, dtype=np.uint64, endpoint=False))
# acted: one key per square plus one for "-" (index SQUARES).
_ACTED_KEYS = _rng.integers(0, 2**64, size=SQUARES + 1, dtype=np.uint64, endpoint=False)
# fired: 0..SQUARES covers any position JPN accepts (fired <= Cannons on board).
_FIRED_KEYS = _rng.integers(0, 2**64, size=SQUARES + 1, dtype=np.uint64, endpoint=False)
_FIRED_KEYS[0] = 0


def _piece_row(v: int) -> tuple[int, ...]:
    kind = KIND_OF[v]
    if not kind:
        return ()
    index = (kind - 1) * 2 + (0 if v < 128 else 1)
    return tuple(int(x) for x in _PIECE_KEYS[index])


#: PIECE[v][sq]: key of byte value v standing on sq (an empty row for empty/invalid v).
PIECE = tuple(_piece_row(v) for v in range(256))
SIDE_RED = _SIDE_KEY
ACTED = tuple(int(x) for x in _ACTED_KEYS)
FIRED = tuple(int(x) for x in _FIRED_KEYS)


def board_key(board: bytes | bytearray) -> int:
    """Key of the pieces alone, computed from scratch."""
    key = 0
    for sq, v in enumerate(board):
        if v:
            key ^= PIECE[v][sq]
    return key
