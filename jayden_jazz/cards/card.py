"""Cards and abilities as immutable values.

The loader builds these from YAML and the engine only reads them, so a card
can be shared by every game, clone and search node without copying.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

SIDE_NAMES: tuple[str, str, str, str] = ("top", "right", "bottom", "left")
"""Index order of every side tuple in the project: clockwise from the top."""

TOP, RIGHT, BOTTOM, LEFT = 0, 1, 2, 3
OPPOSITE: tuple[int, int, int, int] = (BOTTOM, LEFT, TOP, RIGHT)
MIN_SIDE, MAX_SIDE = 1, 10
"""``A`` is 10: greater than 9 and the highest a side can ever be."""

Month = tuple[int, int]
"""(year, month), month 1-12: the resolution of a Started Roasting date."""

_MONTH_RE = re.compile(r"^(\d{4})-(\d{1,2})$")


def side_text(value: int) -> str:
    """``10`` is written ``A`` wherever a player reads a side."""
    return "A" if value == 10 else str(value)


def parse_side(text: str | int) -> int:
    """Reads ``1``-``9``, ``A`` (or ``10``); raises ValueError otherwise."""
    if isinstance(text, bool):
        raise ValueError("a side is a number 1-9 or A, not yes/no")
    if isinstance(text, int):
        value = text
    else:
        t = str(text).strip().upper()
        if t == "A":
            return 10
        if not t.isdigit():
            raise ValueError(f"a side is a number 1-9 or A, not {text!r}")
        value = int(t)
    if not MIN_SIDE <= value <= MAX_SIDE:
        raise ValueError(f"a side must be 1-9 or A (A = 10), not {value}")
    return value


def sides_text(sides: tuple[int, ...]) -> str:
    """Four sides in a row, top-right-bottom-left, e.g. ``5A37``."""
    return "".join(side_text(v) for v in sides)


def parse_sides(text: str) -> tuple[int, int, int, int]:
    """Inverse of :func:`sides_text` (``"2475"`` -> (2, 4, 7, 5))."""
    t = text.strip()
    if len(t) != 4:
        raise ValueError(f"four sides are four characters (top, right, bottom, left), not {text!r}")
    a, b, c, d = (parse_side(ch) for ch in t)
    return (a, b, c, d)


def month_index(month: Month) -> int:
    """Months since year 0, so that date differences are plain subtraction."""
    return month[0] * 12 + month[1] - 1


def parse_month(text: str) -> Month:
    """``"2001-03"`` -> (2001, 3); raises ValueError with a plain reason."""
    m = _MONTH_RE.match(str(text).strip())
    if not m:
        raise ValueError(f"write year and month as \"YYYY-MM\", not {text!r}")
    year, month = int(m.group(1)), int(m.group(2))
    if not 1 <= month <= 12:
        raise ValueError(f"month {month} in {text!r} is not 1-12")
    return (year, month)


def month_text(month: Month) -> str:
    return f"{month[0]:04d}-{month[1]:02d}"


@dataclass(frozen=True, slots=True)
class Condition:
    """When an ability may be offered; every key that is set must hold.

    ``None`` means the key is absent. See docs/card-packs.md for the meaning
    of each key; :meth:`jayden_jazz.cards.game.Game` evaluates them.
    """

    captured_at_least: int | None = None
    controlling_at_most: int | None = None
    behind: bool | None = None
    roasting_within_years: int | None = None
    empty_cells_at_most: int | None = None

    def is_empty(self) -> bool:
        return all(getattr(self, k) is None for k in self.__slots__)


@dataclass(frozen=True, slots=True)
class Filter:
    """Which cards a target may be or include; every key that is set must hold."""

    roasting_within_years: int | None = None
    roasting_before: Month | None = None
    total_at_most: int | None = None
    adjacent: bool | None = None

    def is_empty(self) -> bool:
        return all(getattr(self, k) is None for k in self.__slots__)


@dataclass(frozen=True, slots=True)
class Ability:
    """One ability in the declarative language of docs/card-packs.md.

    ``sides`` holds side indexes (0 top .. 3 left) for ``modify``; ``amount``
    is 0 and ``count`` 1 where the effect does not use them.
    """

    timing: str
    effect: str
    target: str
    cost: int
    text: str
    name: str | None = None
    amount: int = 0
    sides: tuple[int, ...] = (0, 1, 2, 3)
    count: int = 1
    condition: Condition = field(default_factory=Condition)
    filter: Filter = field(default_factory=Filter)


# The Elemental rule's elements (a card may have one; elemental cells get one).
ELEMENTS = ("fire", "ice", "thunder", "earth", "poison", "wind", "water", "holy")


@dataclass(frozen=True, slots=True)
class Card:
    """A card as printed. ``id`` is namespaced ``pack/card``."""

    id: str
    name: str
    sides: tuple[int, int, int, int]
    started_roasting: Month
    aliases: tuple[str, ...] = ()
    likes: str = ""
    dislikes: str = ""
    description: str = ""
    picture: Path | None = None
    abilities: tuple[Ability, ...] = ()
    element: str | None = None      # one of ELEMENTS, for the Elemental rule

    @property
    def pack(self) -> str:
        return self.id.split("/", 1)[0]

    @property
    def key(self) -> str:
        """The card's id inside its pack."""
        return self.id.split("/", 1)[1]

    @property
    def points(self) -> int:
        """Printed side total: what the card is worth in a hand-point tie-break."""
        return sum(self.sides)

    @property
    def budget(self) -> int:
        return sum(self.sides) + sum(a.cost for a in self.abilities)

    @classmethod
    def from_sides(cls, card_id: str, sides: str, *, name: str | None = None,
                   started_roasting: Month = (2002, 8),
                   abilities: tuple[Ability, ...] = (), element: str | None = None) -> "Card":
        """A bare card for tests, tools and puzzles: ``Card.from_sides("t/devan", "2475")``."""
        if "/" not in card_id:
            raise ValueError(f"card ids are namespaced 'pack/card', not {card_id!r}")
        return cls(id=card_id, name=name or card_id.split("/", 1)[1],
                   sides=parse_sides(sides), started_roasting=started_roasting,
                   abilities=tuple(abilities), element=element)

    def __str__(self) -> str:
        return f"{self.id} [{sides_text(self.sides)}]"
