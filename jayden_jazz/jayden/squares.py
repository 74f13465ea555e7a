"""Square numbering shared by the engine, the notation and the board scene.

A square is one int, ``index = (rank - 1) * 20 + file`` with file ``a`` = 0 and
rank 1 at Green's edge, so ``a1`` = 0, ``t1`` = 19, ``a2`` = 20, ``t14`` = 279.
One int per square keeps the precomputed tables flat lists that index fast.
"""

from __future__ import annotations

from jayden_jazz.jayden.errors import ActionSyntaxError

FILES = 20
RANKS = 14
SQUARES = FILES * RANKS
FILE_LETTERS = "abcdefghijklmnopqrst"

#: Green holds ranks 1-7, Red ranks 8-14 (the Half Line lies between 7 and 8).
HALF_LINE_RANK = 7

_NAMES = tuple(
    f"{FILE_LETTERS[i % FILES]}{i // FILES + 1}" for i in range(SQUARES)
)
_BY_NAME = {name: i for i, name in enumerate(_NAMES)}


def square(file: int, rank: int) -> int:
    """Index of a square from a 0-based file and a 1-based rank."""
    if not (0 <= file < FILES and 1 <= rank <= RANKS):
        raise ValueError(f"file {file}, rank {rank} is off the board")
    return (rank - 1) * FILES + file


def square_file(sq: int) -> int:
    """0-based file (a = 0)."""
    return sq % FILES


def square_rank(sq: int) -> int:
    """1-based rank, as written in notation."""
    return sq // FILES + 1


def square_name(sq: int) -> str:
    """Name such as ``'b4'``; the inverse of :func:`parse_square`."""
    if not 0 <= sq < SQUARES:
        raise ValueError(f"square index {sq} is off the board (0..{SQUARES - 1})")
    return _NAMES[sq]


def parse_square(name: str) -> int:
    """Index of a square written like ``'b4'``.

    Only the exact spelling produced by :func:`square_name` is accepted (no
    capitals, no leading zeros), so names round-trip.
    """
    sq = _BY_NAME.get(name)
    if sq is None:
        raise ActionSyntaxError(square_problem(name) if isinstance(name, str) else
                                f"a square name must be text, not {type(name).__name__}")
    return sq


def square_problem(name: str) -> str:
    """Says what is wrong with a square name (used in error messages)."""
    if not name:
        return "a square name is missing"
    file, rank = name[0], name[1:]
    if file not in FILE_LETTERS:
        return f"'{name}': file '{file}' is not one of a..t"
    if not rank:
        return f"'{name}': the rank is missing"
    if not rank.isdigit() or not rank.isascii():
        return f"'{name}': rank '{rank}' is not a number"
    if rank[0] == "0":
        return f"'{name}': rank '{rank}' has a leading zero or is 0"
    return f"'{name}': rank {rank} is off the board (1..{RANKS})"
