"""Finding and reading card packs from folders.

A cards folder holds pack files (``*.yaml``/``*.yml``) and pack folders (a
folder with its YAML file and pictures). Every pack is read with the safe
loader of :mod:`.yamlfile` and checked by :mod:`.validate`; nothing a bad
pack holds can stop the other packs, or the good cards of its own pack,
from loading.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path

import yaml

from jayden_jazz.yamlbase import LongNumber

from .card import Card
from .catalog import ERROR, Catalog, PackInfo, Problem, cap_problems
from .errors import CardsError
from .validate import check_pack, parse_card, _Report
from .validate_journey import check_journey, link_opponents
from .yamlfile import LineMap, TooMuchYAML, cut_length, load_yaml

MAX_PACK_BYTES = 5 * 1024 * 1024
MAX_CARDS_PER_PACK = 1000
MAX_PACK_VALUES = 250_000
PACK_SUFFIXES = (".yaml", ".yml")
_LIMIT_TEXT = f"a pack file may be at most 5 MiB ({MAX_PACK_BYTES:,} bytes)"


def _problem(path: Path, message: str, line: int | None = None, field: str | None = None) -> Problem:
    return Problem(str(path), line, None, field, message, ERROR)


def read_pack_text(path: Path) -> tuple[str | None, list[Problem]]:
    """The file's text, or None with the reason it is refused (missing, too big, not UTF-8)."""
    try:
        size = path.stat().st_size
    except OSError as e:
        return None, [_problem(path, f"cannot read the file ({e.strerror or e})")]
    if size > MAX_PACK_BYTES:
        return None, [_problem(path, f"the file is {size:,} bytes; {_LIMIT_TEXT}")]
    try:
        raw = path.read_bytes()
    except OSError as e:
        return None, [_problem(path, f"cannot read the file ({e.strerror or e})")]
    if len(raw) > MAX_PACK_BYTES:  # grew between stat and read
        return None, [_problem(path, f"the file is over 5 MiB; {_LIMIT_TEXT}")]
    try:
        return raw.decode("utf-8-sig"), []
    except UnicodeDecodeError as e:
        return None, [_problem(path, f"the file is not UTF-8 text (bad byte at position {e.start})")]


def parse_pack_text(text: str, path: Path, folder: Path | None) -> tuple[PackInfo | None, list[Card], list[Problem]]:
    try:
        data, dups = load_yaml(text, max_values=MAX_PACK_VALUES, cut=("cards", MAX_CARDS_PER_PACK))
    except TooMuchYAML as e:
        return None, [], [_problem(path, e.message, e.line)]
    except LongNumber as e:         # valid YAML, but no value of a pack is that long
        return None, [], [_problem(path, str(e.problem), e.problem_mark.line + 1 if e.problem_mark else None)]
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark else None
        context = e.context if e.context and not e.context.startswith("while ") else None
        what = ", ".join(x for x in (context, e.problem) if x) or "unreadable"
        return None, [], [_problem(path, f"this is not valid YAML: {what}", line)]
    except yaml.YAMLError as e:
        return None, [], [_problem(path, f"this is not valid YAML: {e}")]
    except RecursionError:
        return None, [], [_problem(path, "the YAML is nested too deeply")]
    info, cards, problems = check_pack(data, path, folder, dups)
    if info is not None and isinstance(data, LineMap) and ("opponents" in data or "starter" in data):
        opponents, starter, found = check_journey(data, info.id, path, folder)
        info = replace(info, opponents=opponents, starter=starter)
        problems += found
    total = cut_length(data, "cards")
    if total is not None:
        line = data.line_of("cards") if isinstance(data, LineMap) else None
        problems.append(_problem(path, f"the pack has {total:,} cards; a pack may have at most "
                                       f"{MAX_CARDS_PER_PACK:,}: the first {MAX_CARDS_PER_PACK:,} were read "
                                       f"and the other {total - MAX_CARDS_PER_PACK:,} refused "
                                       "(split the pack into several)", line, "cards"))
    return info, cards, cap_problems(problems)


def load_pack(path: Path) -> tuple[PackInfo | None, list[Card], list[Problem]]:
    """Read one pack file; its folder is the pack folder pictures must stay in."""
    path = Path(path)
    if path.suffix.lower() == ".zip":       # a shared pack: unpacked safely, then read as a folder
        from .packzip import load_zip_pack
        return load_zip_pack(path)
    text, problems = read_pack_text(path)
    if text is None:
        return None, [], problems
    return parse_pack_text(text, path, path.parent)


def find_pack_files(folder: Path) -> list[Path]:
    """Pack files directly in a folder, then in each of its sub-folders (pack folders)."""
    folder = Path(folder)
    if folder.is_file():
        return [folder]
    files = []
    entries = sorted(p for p in folder.iterdir() if not p.name.startswith("."))
    files += [p for p in entries if p.is_file() and p.suffix.lower() in PACK_SUFFIXES + (".zip",)]
    for sub in entries:
        if sub.is_dir():
            files += sorted(p for p in sub.iterdir()
                            if p.is_file() and not p.name.startswith(".") and p.suffix.lower() in PACK_SUFFIXES)
    return files


def load_packs(folders: Iterable[Path],
               progress: Callable[[int, int, Path], None] | None = None) -> tuple[Catalog, list[Problem]]:
    """Every pack in the given cards folders (or pack files/folders), in order.

    Returns the catalog of cards that passed and every problem found. A pack
    id seen before refuses the later pack; the same file reached twice is
    read once. ``progress(done, total, file)`` is called before each file is
    read (for a progress display).
    """
    catalog = Catalog()
    problems: list[Problem] = []
    seen_files: set[Path] = set()
    listed: list[Path] = []
    for folder in folders:
        folder = Path(folder)
        if not folder.exists():
            problems.append(_problem(folder, "no such file or folder"))
            continue
        try:
            listed += find_pack_files(folder)
        except OSError as e:
            problems.append(_problem(folder, f"cannot list the folder ({e.strerror or e})"))
    for done, path in enumerate(listed):
        if progress is not None:
            progress(done, len(listed), path)
        real = path.resolve()
        if real in seen_files:
            continue
        seen_files.add(real)
        info, cards, found = load_pack(path)
        problems += found
        if info is None:
            continue
        if info.id in catalog.packs:
            first = catalog.packs[info.id].file
            problems.append(Problem(str(path), info.id_line, None, "pack.id",
                                    f"a pack with id {info.id!r} is already loaded from {first}; "
                                    "this pack is refused", ERROR))
            continue
        catalog.packs[info.id] = info
        for c in cards:
            catalog.cards[c.id] = c
    if any(info.opponents for info in catalog.packs.values()):
        catalog.opponents, found = link_opponents(catalog)
        problems += found
    return catalog, problems


def card_from_yaml(text: str, pack_id: str = "test", folder: Path | None = None) -> Card:
    """One card from YAML text, checked exactly as in a pack (tests, tools, puzzles).

    Raises CardsError listing the errors when the card would be refused.
    """
    data, _ = load_yaml(text)
    report = _Report("<card>")
    if not isinstance(data, LineMap):
        raise CardsError("a card is a YAML mapping")
    _, card = parse_card(data, pack_id, report, 0, folder)
    if card is None:
        raise CardsError("; ".join(str(p) for p in report.problems if p.is_error))
    return card


def card_problems(text: str, pack_id: str = "test", folder: Path | None = None) -> list[Problem]:
    """Every problem of one card given as YAML (errors and warnings)."""
    data, _ = load_yaml(text)
    report = _Report("<card>")
    parse_card(data, pack_id, report, 0, folder)
    return report.problems


__all__ = ["MAX_CARDS_PER_PACK", "MAX_PACK_BYTES", "MAX_PACK_VALUES", "card_from_yaml", "card_problems", "find_pack_files", "load_pack",
           "load_packs", "parse_pack_text", "read_pack_text"]
