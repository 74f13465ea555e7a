"""Position-hash keys derived from names, not from a random table.

Keys depend only on card id, dealing seat and location, so the same position
hashes the same whether it was reached by play, by undo or by reading a
position string, in this process or another (Python's own ``hash`` of a
string changes per process).
"""

from __future__ import annotations

import hashlib
from functools import lru_cache

MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def key64(text: str) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest(), "little")


def mix64(x: int) -> int:
    """SplitMix64 finaliser: spreads nearby inputs over all 64 bits."""
    x = (x + _GOLDEN) & MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK
    return x ^ (x >> 31)


@lru_cache(maxsize=4096)
def location_keys(piece_name: str, locations: int) -> tuple[int, ...]:
    """One key per location (field cell and owner, or a seat's hand) for one card.

    Cached: a new game with cards seen before (AI self-play, benchmarks) costs no hashing.
    """
    base = key64(piece_name)
    return tuple(mix64(base ^ ((loc + 1) * _GOLDEN & MASK)) for loc in range(locations))


SEAT_TO_MOVE = [key64(f"to-move:{s}") for s in range(8)]
RESET_USED = key64("reset-used")


def end_key(reason: str, seat: int) -> int:
    return key64(f"end:{reason}:{seat}")
