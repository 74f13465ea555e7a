"""A server's list of its games (the ``list`` message): what anyone who connects may know of each.

A server nobody at the table runs is found by its address; its list lets a
player pick a game without being told a code. An entry holds only what a
spectator of that game is shown anyway -- the kind, the rules in a few
words, the seats' names and which are free -- plus the join code (which
is how a stranger joins at all). Never a hand, a hand choice, a token or
its hash, the deal's seed or the record: those are what the list must not
make a second way to read.

Games waiting with a free seat come first, then the games that can only be
watched (full and waiting for hands, or under way); within each, games with
somebody connected before games nobody is at, then the newest first. At
most :data:`MAX_LISTED` are returned and ``more`` counts the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

from jayden_jazz.cards.rule_text import RULE_NAMES

from .games import SeatInfo


class Listable(Protocol):
    """What a list line reads of a game: a table held here, or a game read from a shared database."""

    id: str
    code: str
    kind: str
    status: str
    setup: dict[str, Any]

    @property
    def seats(self) -> Sequence[SeatInfo]: ...

MAX_LISTED = 50
"""Entries in one answer: a screen shows a few, and an answer stays a few KiB however many games run."""

FRESH_SECONDS = 1.0
"""How old an answer may be: the server works the list out at most once a second, however many ask."""

LOOP_SHARE = 0.01
"""And the list may take at most this share of the server's event loop: a list that took 25 ms to
work out (10,000 games, the default cap) is kept 2.5 s. At 1,000 games it takes about 0.5 ms."""

LISTED_STATUSES = ("waiting", "playing")


def free_seats(table: Listable) -> list[int]:
    """The human seats nobody has taken, while the game still waits for players."""
    if table.status != "waiting":
        return []
    return [i for i, s in enumerate(table.seats) if s.kind == "human" and s.token_hash is None]


def rules_summary(table: Listable) -> str:
    """The rules in a few words, as a list line shows them: ``3x3, Updated, hidden hands, Same, Plus``."""
    setup = table.setup
    if table.kind == "jayden":
        return "200-action draw " + ("on" if setup.get("quiet_draw", True) else "off")
    rules = setup.get("rules") or {}
    words = [str(setup.get("field") or "3x3"), "Draft" if rules.get("capture") == "equal_or_higher" else "Updated",
             "open hands" if rules.get("open") else "hidden hands"]
    words += [name for key, name in RULE_NAMES.items() if rules.get(key) is True]
    if rules.get("sudden_death"):
        words.append("Sudden Death")
    return ", ".join(words)


def host_name(table: Listable) -> str | None:
    """Whoever sits first among the players (the one who made the game takes a seat at once)."""
    return next((s.name for s in table.seats if s.kind == "human" and s.token_hash is not None), None)


def entry(table: Listable, present: bool) -> dict[str, Any]:
    free = free_seats(table)
    return {
        "code": table.code, "kind": table.kind, "status": table.status,
        "rules": rules_summary(table), "hints": bool(table.setup.get("hints", False)),
        "seats": [{"seat": i, "name": s.name, "kind": s.kind, "level": s.level or None,
                   "taken": s.kind == "computer" or s.token_hash is not None} for i, s in enumerate(table.seats)],
        "free": free, "host": host_name(table), "present": present,
    }


def listing(tables: Iterable[Listable], present: Callable[[Listable], bool],
            most: int | None = None) -> tuple[list[dict[str, Any]], int]:
    """The entries to send, in the order above, and how many more there are. ``tables`` oldest first.

    One pass into four buckets (free seat or not, somebody there or not), no sort: the server
    holds up to 10,000 games and works this out on its event loop."""
    most = MAX_LISTED if most is None else most
    buckets: tuple[list[Listable], ...] = ([], [], [], [])
    total = 0
    for table in tables:
        status = table.status
        if status == "waiting":
            free = any(s.token_hash is None and s.kind == "human" for s in table.seats)
        elif status == "playing":
            free = False
        else:
            continue
        total += 1
        buckets[(0 if free else 2) + (0 if present(table) else 1)].append(table)
    chosen: list[tuple[Listable, bool]] = []
    for i, bucket in enumerate(buckets):
        chosen += [(t, i % 2 == 0) for t in reversed(bucket[-(most - len(chosen)):])] if len(chosen) < most else []
    return [entry(t, here) for t, here in chosen], total - len(chosen)


__all__ = ["FRESH_SECONDS", "LOOP_SHARE", "Listable", "MAX_LISTED", "entry", "free_seats", "listing", "rules_summary"]
