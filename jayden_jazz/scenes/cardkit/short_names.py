"""Short names for the small faces (7x7 cells, small hand cards): readable, and told apart.

A 7x7 cell has room for two lines of five small capitals between its side
values. Cutting a name at the fifth letter gives "Sol…", "Gra…", "Boo…":
three letters and an ellipsis tell a player nothing. A short name here is
made the way a person shortens one: whole words first (the word that tells
this card from the others on the table before a word they share: "Solid 3"
keeps its "3", "Mid Tier Milo" its "Milo"), filler words ("the", "of")
dropped, and a word that still does not fit written as a printed
abbreviation with a full stop ("Archivist" -> "Arch.", "Springwright" ->
"Spri."), never a fragment and an ellipsis. Given the other names on the
table, a form another card already takes is passed over for the next one,
so two different cards do not wear the same short name when any other
form tells them apart. The full name is always in the status line.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

FILLER = frozenset({"the", "of", "a", "an", "and", "&", "de", "la", "von"})


def words(name: str) -> list[str]:
    """The name's words (spaces and commas separate: "Nettle, the Door Kid"); a hyphenated word
    gives its parts, the first keeping its hyphen ("Do-", "Over"), so it can break there."""
    return [w for w in re.split(r"[\s,]+|(?<=-)(?=\w)", name) if w]


def abbreviate(word: str, columns: int) -> str:
    """``word`` in at most ``columns`` letters: whole, or its start and a full stop ("Arch.")."""
    if len(word) <= columns:
        return word
    stem = word[:columns - 1].rstrip("-'")
    return stem + "." if len(stem) >= 3 else ""


def pack(tokens: list[str], columns: int, lines: int) -> list[str] | None:
    """Tokens in name order over at most ``lines`` lines of ``columns`` letters, or None."""
    if not tokens or any(not t or len(t) > columns for t in tokens):
        return None
    out: list[str] = []
    for t in tokens:
        gap = "" if out and out[-1].endswith("-") else " "
        if out and len(out[-1]) + len(gap) + len(t) <= columns:
            out[-1] += gap + t
        else:
            out.append(t)
    return out if len(out) <= lines else None


def _selections(name: str, others: list[str]) -> Iterator[list[int]]:
    """Which words to show (their places in the name), best first: all, all but filler, the
    ones no other name on the table has, then first and last, last, first, each other one."""
    every = words(name)
    yield list(range(len(every)))
    kept = [i for i, w in enumerate(every) if w.lower() not in FILLER] or list(range(len(every)))
    yield kept
    shared = {w.lower().strip("-") for o in others if o != name for w in words(o)}
    distinct = [i for i in kept if every[i].lower().strip("-") not in shared]
    if distinct and distinct != kept:
        yield distinct
    if len(kept) > 1:
        yield [kept[0], kept[-1]]
        yield [kept[-1]]
        yield [kept[0]]
    for i in kept[1:-1]:
        yield [i]


def _tokens(every: list[str], picked: list[int]) -> list[str]:
    """The picked words; a hyphen kept only where the word's other part follows it."""
    return [every[i] if nxt == i + 1 else every[i].rstrip("-") for i, nxt in zip(picked, picked[1:] + [-1])]


def candidates(name: str, columns: int, lines: int, others: Iterable[str] = ()) -> list[list[str]]:
    """Every short form of ``name`` that fits, best first: for each choice of words, the words
    whole, then with the ones too long abbreviated; last, the words' bare starts ("Spro"), which
    only a table where "Spr." is taken gets."""
    every = words(name)
    picks = [_tokens(every, p) for p in _selections(name, list(others))]
    tries = [t for sel in picks for t in (sel, [abbreviate(w, columns) for w in sel])]
    tries += [[w[:columns] for w in sel] for sel in picks]     # last resort, only to tell two apart
    out: list[list[str]] = []
    for tokens in tries:
        got = pack(tokens, columns, lines)
        if got and got not in out:
            out.append(got)
    return out


def short_name(name: str, columns: int, lines: int = 2, others: Iterable[str] = ()) -> list[str]:
    """The lines a small face writes for ``name``, told apart from the ``others`` on the table
    where possible (see :func:`short_names`)."""
    return short_names([name, *others], columns, lines).get(name, [])


def short_names(names: Iterable[str], columns: int, lines: int = 2) -> dict[str, list[str]]:
    """Every name on a table with its short form. Names take their forms in alphabetical order
    (so the result does not depend on the order cards were played), each its best form that no
    name before it took; a name left with none free keeps its best one."""
    table = sorted(set(names))
    out: dict[str, list[str]] = {}
    for n in table:
        mine = candidates(n, columns, lines, table)
        taken = list(out.values())
        out[n] = next((c for c in mine if c not in taken), mine[0] if mine else [])
    return out


__all__ = ["abbreviate", "candidates", "short_name", "short_names", "words"]
