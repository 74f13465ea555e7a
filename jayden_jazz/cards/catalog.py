"""What loading packs produces: the cards that passed, and every problem found."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from typing import TYPE_CHECKING

from .card import Card

if TYPE_CHECKING:  # pragma: no cover
    from .opponents import Opponent

ERROR, WARNING = "error", "warning"
MAX_PER_KIND = 3
"""Problems of one kind (same file, field and message) listed before "and N more like this"."""


def zip_shown(file: str) -> str:
    """A file inside a pack zip as ``cards/friends.zip: pack/pack.yaml`` (the zip, then the path in
    it), so a message names both; any other file as it is."""
    from pathlib import PurePath

    parts = PurePath(file).parts
    for i in range(len(parts) - 2, -1, -1):
        if parts[i].lower().endswith(".zip"):
            return f"{PurePath(*parts[:i + 1])}: " + "/".join(parts[i + 1:])
    return file


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a pack, in plain words.

    ``severity`` is ``error`` (the card, or the whole pack when ``card`` is
    None, is refused) or ``warning`` (it loads anyway). ``card`` is the
    namespaced id, or ``#N`` (position in the pack) when the card has no
    usable id; ``field`` is a dotted path such as ``abilities[2].cost``.
    """

    file: str
    line: int | None
    card: str | None
    field: str | None
    message: str
    severity: str = ERROR
    kind: str = "card"          # what ``card`` names: a card, or a Journey opponent

    @property
    def is_error(self) -> bool:
        return self.severity == ERROR

    def __str__(self) -> str:
        where = zip_shown(self.file) + (f":{self.line}" if self.line else "")
        what = []
        if self.card:
            what.append(f"{self.kind} {self.card}")
        if self.field:
            what.append(self.field)
        about = (", ".join(what) + ": ") if what else ""
        return f"{where}: {self.severity}: {about}{self.message}"


def shared_key(pack_dirs: Iterable[object]) -> tuple[str, ...]:
    """The key under which the game shares the catalogue of these cards folders with its workers."""
    return ("cards-catalog", *(str(d) for d in pack_dirs))


def _kind(p: Problem) -> tuple[object, ...]:
    return (p.file, p.severity, re.sub(r"\[\d+\]", "[]", p.field or ""), p.message)


def cap_problems(problems: list[Problem], per_kind: int = MAX_PER_KIND) -> list[Problem]:
    """At most ``per_kind`` problems of each kind, the rest counted in one "and N more like this".

    A pack that repeats one mistake a million times gets a readable report
    (and a bounded one) instead of a million identical lines; every kind of
    problem is still listed.
    """
    seen: dict[tuple[object, ...], int] = {}
    last: dict[tuple[object, ...], int] = {}
    out: list[Problem] = []
    for p in problems:
        k = _kind(p)
        n = seen.get(k, 0) + 1
        seen[k] = n
        if n <= per_kind:
            out.append(p)
            last[k] = len(out) - 1
    extra = sorted(((last[k], k, n - per_kind) for k, n in seen.items() if n > per_kind), reverse=True)
    for index, k, more in extra:
        first = out[index]
        out.insert(index + 1, Problem(first.file, None, None, first.field,
                                      f"and {more:,} more like this", first.severity))
    return out


@dataclass(frozen=True)
class PackInfo:
    id: str
    name: str
    author: str
    version: str
    format: int
    file: Path | None
    folder: Path | None
    card_ids: tuple[str, ...] = ()
    id_line: int | None = field(default=None, compare=False)
    opponents: tuple["Opponent", ...] = ()                # the Journey's, as read from this pack
    starter: tuple[tuple[str, int], ...] = ()            # a new Journey profile's cards and copies


@dataclass
class Catalog(Mapping[str, Card]):
    """Every loaded card by namespaced id, in load order, and the packs they came from."""

    cards: dict[str, Card] = field(default_factory=dict)
    packs: dict[str, PackInfo] = field(default_factory=dict)
    opponents: dict[str, "Opponent"] = field(default_factory=dict)   # linked: their cards are loaded

    def starter(self) -> dict[str, int]:
        """A new Journey profile's collection: every pack's starter cards that are loaded."""
        out: dict[str, int] = {}
        for info in self.packs.values():
            for cid, n in info.starter:
                if cid in self.cards:
                    out[cid] = out.get(cid, 0) + n
        return out

    def __getitem__(self, card_id: str) -> Card:
        return self.cards[card_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def pack_cards(self, pack_id: str) -> list[Card]:
        info = self.packs.get(pack_id)
        return [self.cards[c] for c in info.card_ids] if info else []

    def find(self, text: str) -> list[Card]:
        """Cards whose id, name or alias matches ``text`` (case-insensitive, whole or id part)."""
        t = text.lower()
        return [c for c in self.cards.values()
                if t in (c.id, c.key) or t == c.name.lower() or t in (a.lower() for a in c.aliases)]

    @classmethod
    def from_cards(cls, cards: Iterable[Card]) -> "Catalog":
        """A catalog of cards made in code (tests, tools): packs are inferred from the ids."""
        cat = cls()
        by_pack: dict[str, list[str]] = {}
        for c in cards:
            if c.id in cat.cards:
                raise ValueError(f"card {c.id!r} given twice")
            cat.cards[c.id] = c
            by_pack.setdefault(c.pack, []).append(c.id)
        for pid, ids in by_pack.items():
            cat.packs[pid] = PackInfo(pid, pid, "", "", 1, None, None, tuple(ids))
        return cat

    def merged(self, other: "Catalog") -> "Catalog":
        out = Catalog(dict(self.cards), dict(self.packs))
        for pid, info in other.packs.items():
            if pid in out.packs:
                raise ValueError(f"pack {pid!r} is in both catalogs")
            out.packs[pid] = info
            for cid in info.card_ids:
                out.cards[cid] = other.cards[cid]
        return out
