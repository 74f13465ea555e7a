"""Piece kinds, letters and the byte codes stored on the board.

Each square holds one byte. Empty is 0; a Green piece of kind ``k`` is ``k``;
a Red piece is ``256 - k``. Read through the numpy ``int8`` view
(:attr:`Position.board`) this is simply ``+k`` for Green and ``-k`` for Red,
which is what an evaluator wants (``np.sign`` gives the side, ``np.abs`` the
kind). In Python the engine reads the raw bytes through small lookup tuples.
"""

from __future__ import annotations

CANNON = 1
DRAGON = 2
HERO = 3
INTERCEPTOR = 4
MARK = 5
MASTER = 6
RAIDER = 7
SCOUT = 8
SENTINEL = 9  # not yet deployed ('N')
DEPLOYED = 10  # deployed Sentinel, shield up ('X')

KINDS = range(1, 11)
#: Uppercase letter per kind, index = kind code.
KIND_LETTERS = ".CDHIKMRSNX"
KIND_BY_LETTER = {letter: kind for kind, letter in enumerate(KIND_LETTERS) if kind}
KIND_NAMES = (
    "",
    "Cannon",
    "Dragon",
    "Hero",
    "Interceptor",
    "Mark",
    "Master",
    "Raider",
    "Scout",
    "Sentinel",
    "deployed Sentinel",
)

GREEN = 0
RED = 1
SIDE_LETTERS = "gr"
SIDE_NAMES = ("Green", "Red")

#: Kinds the Half Line never binds.
HALF_LINE_EXEMPT = frozenset((RAIDER, MASTER, SENTINEL, DEPLOYED))


def code(kind: int, side: int) -> int:
    """Byte stored on the board for a piece."""
    return kind if side == GREEN else 256 - kind


def _kind(v: int) -> int:
    if 1 <= v <= 10:
        return v
    if 246 <= v <= 255:
        return 256 - v
    return 0


def _side(v: int) -> int:
    if 1 <= v <= 10:
        return GREEN
    if 246 <= v <= 255:
        return RED
    return -1


#: Kind per byte value (0 for empty).
KIND_OF = tuple(_kind(v) for v in range(256))
#: Side per byte value (-1 for empty).
SIDE_OF = tuple(_side(v) for v in range(256))
#: The same piece on the other side (used by conditioning).
FLIPPED = tuple(code(KIND_OF[v], 1 - SIDE_OF[v]) if v and KIND_OF[v] else v for v in range(256))
#: OWN[side][v]: v is a piece of that side.
OWN = tuple(tuple(SIDE_OF[v] == s for v in range(256)) for s in (GREEN, RED))
#: TARGET[side][v]: v is an enemy piece that side may attack, fire on or
#: condition (anything of the other side except a deployed Sentinel).
TARGET = tuple(
    tuple(SIDE_OF[v] == 1 - s and KIND_OF[v] != DEPLOYED for v in range(256))
    for s in (GREEN, RED)
)


def letter(v: int) -> str:
    """JPN letter of a byte value: uppercase Green, lowercase Red."""
    kind = KIND_OF[v]
    if not kind:
        raise ValueError(f"byte {v} is not a piece")
    ch = KIND_LETTERS[kind]
    return ch if SIDE_OF[v] == GREEN else ch.lower()


def from_letter(ch: str) -> int:
    """Byte value of a JPN letter; ValueError if it is not a piece letter."""
    kind = KIND_BY_LETTER.get(ch.upper())
    if kind is None or not ch.isalpha():
        raise ValueError(ch)
    return code(kind, GREEN if ch.isupper() else RED)
