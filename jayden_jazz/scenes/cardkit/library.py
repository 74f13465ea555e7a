"""The cards on offer: every pack found at start of a setup, read once and cached.

Reading and checking the packs takes a noticeable fraction of a second, and
the setup screen is entered again and again (new game, rematch, tests), so
the result is cached by the pack files' names, sizes and times: a pack
dropped into the cards folder is picked up at the next setup, an unchanged
folder costs a few ``stat`` calls.

Large packs are read off the frame loop (:class:`LibraryLoad`, a thread;
the setup scene waits behind a progress window, see
:mod:`.loading`), and the loaded catalogue is handed to the computer
player's worker (:func:`jayden_jazz.ai.worker.share`) so the worker never
reads the packs again.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from jayden_jazz.cards.catalog import ERROR, Catalog, Problem, shared_key
from jayden_jazz.cards.loader import find_pack_files, load_packs
from jayden_jazz.shell import palette as P

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView

_CACHE: dict[tuple, "Library"] = {}
_CACHE_LOCK = threading.Lock()
#: Pack text (bytes, over all files) read right away; more is read off the frame loop.
QUICK_LOAD_BYTES = 128 * 1024


@dataclass
class Library:
    catalog: Catalog
    problems: list[Problem]
    dirs: list[Path]
    fields: dict[str, Any] = field(default_factory=dict)

    @property
    def pack_ids(self) -> list[str]:
        return list(self.catalog.packs)

    def pack_name(self, pack_id: str) -> str:
        info = self.catalog.packs.get(pack_id)
        return info.name if info and info.name else pack_id

    def card_ids(self, packs_off: list[str] | tuple[str, ...] = ()) -> list[str]:
        """Cards of the packs in use, in load order (pack by pack, as written)."""
        off = set(packs_off)
        out: list[str] = []
        for pid, info in self.catalog.packs.items():
            if pid not in off:
                out.extend(info.card_ids)
        return out

    @property
    def refused(self) -> int:
        return sum(1 for p in self.problems if p.is_error)

    @property
    def pack_dir_texts(self) -> list[str]:
        return [str(d) for d in self.dirs]


def _signature(dirs: list[Path]) -> tuple:
    sig: list[Any] = []
    for d in dirs:
        d = Path(d)
        try:
            files = find_pack_files(d) if d.exists() else []
        except OSError:
            files = []
        entry: list[Any] = [str(d)]
        for f in files:
            try:
                st = f.stat()
                entry.append((str(f), st.st_size, st.st_mtime_ns))
            except OSError:
                entry.append((str(f), None, None))
        sig.append(tuple(entry))
    return tuple(sig)


def _dirs(app: AppView) -> list[Path]:
    from jayden_jazz.paths import card_pack_dirs

    return card_pack_dirs(list(getattr(app, "extra_card_paths", []) or []), dirs=app.dirs)


def cached_library(app: AppView) -> tuple[Library | None, int]:
    """The library if the packs are unchanged since it was loaded, else None and the bytes to read."""
    key = _signature(_dirs(app))
    with _CACHE_LOCK:
        lib = _CACHE.get(key)
    if lib is not None:
        _share(lib)
        return lib, 0
    size = sum(entry[1] or 0 for folder in key for entry in folder[1:])
    return None, size


def load_library(app: AppView, progress: Callable[[int, int, Path], None] | None = None) -> Library:
    """Packs from the shipped, the player's and the ``--cards`` folders, with their problems.

    The player's own cards folder may not exist yet; that is not a problem
    worth a window, so it is left out of the list. A missing ``--cards``
    path is reported (the player asked for it). Blocks while reading: the
    frame loop uses :class:`LibraryLoad` for anything large.
    """
    from jayden_jazz.cards.field import load_fields
    from jayden_jazz.cards.errors import CardsError

    dirs = _dirs(app)
    key = _signature(dirs)
    with _CACHE_LOCK:
        lib = _CACHE.get(key)
    if lib is not None:
        _share(lib)
        return lib
    catalog, problems = load_packs(dirs, progress)
    own = os.path.normcase(str(Path(app.dirs.cards)))
    problems = [p for p in problems
                if not (p.card is None and os.path.normcase(p.file) == own
                        and p.message == "no such file or folder")]
    try:
        fields = load_fields()
    except (CardsError, OSError) as e:   # a broken field file must not stop the card game
        problems.append(Problem("fields", None, None, None,
                                f"the game's field shapes could not be read ({e}); only the 3x3, 5x5 "
                                "and 7x7 squares are offered", ERROR))
        fields = {}
    if not fields:
        from jayden_jazz.cards import Field

        fields = {n: Field.rectangle(k) for n, k in (("3x3", 3), ("5x5", 5), ("7x7", 7))}
    lib = Library(catalog, problems, list(dirs), fields)
    with _CACHE_LOCK:
        if len(_CACHE) > 8:
            _CACHE.clear()
        _CACHE[key] = lib
    _share(lib)
    return lib


def _share(lib: Library) -> None:
    """Hand the catalogue to computer players' workers (they look it up by the folders)."""
    from jayden_jazz.ai.worker import share

    share(shared_key(lib.pack_dir_texts), lib.catalog)


class LibraryLoad:
    """Reads the packs in a thread so the frame loop keeps drawing; poll ``done``.

    ``progress`` is (files read, files in all) while it works; ``library``
    the result once done, or ``error`` the words of an unexpected failure
    (the scene shows it rather than hang).
    """

    def __init__(self, app: AppView) -> None:
        self.progress = (0, 0)
        self.current = ""
        self.library: Library | None = None
        self.error = "the card packs could not be read"
        self._thread = threading.Thread(target=self._run, args=(app,), name="read-card-packs", daemon=True)
        self._thread.start()

    def _step(self, done: int, total: int, path: Path) -> None:
        self.progress = (done, total)
        self.current = Path(path).name

    def _run(self, app: AppView) -> None:
        try:
            self.library = load_library(app, self._step)
        except (OSError, ValueError, MemoryError, RecursionError) as e:
            self.error = f"the card packs could not be read: {e}"

    @property
    def done(self) -> bool:
        return not self._thread.is_alive()


def problem_summary(problems: list) -> str:
    """``N problems; M cards and K packs refused``: refused cards and packs, not error lines, are counted."""
    n = len(problems)
    cards = {(p.file, p.card) for p in problems if p.is_error and p.card}
    packs = {p.file for p in problems if p.is_error and not p.card}
    text = f"{n} problem{'s' if n != 1 else ''}"
    if cards or packs:
        text += (f"; {len(cards)} card{'s' if len(cards) != 1 else ''} and {len(packs)} "
                 f"pack{'s' if len(packs) != 1 else ''} refused")
    return text


def shown_file(file: str) -> str:
    """A pack file as a player can find it: ``shared.zip: pack/pack.yaml`` for a file inside a
    zip (the zip first, then the path inside it), else its folder and name."""
    from jayden_jazz.cards.catalog import zip_shown

    inside = zip_shown(file)
    if inside != file:
        zip_path, inner = inside.split(": ", 1)
        return f"{Path(zip_path).name}: {inner}"
    name = Path(file).name or file
    parent = Path(file).parent.name
    return f"{parent}/{name}" if parent else name


def problem_lines(problems: list[Problem], columns: int) -> list[str]:
    """Each problem as a few wrapped lines: where (file:line), what (card, field), why."""
    from jayden_jazz.shell.font import wrap

    lines: list[str] = []
    for i, p in enumerate(problems):
        if i:
            lines.append("")
        where = shown_file(p.file)
        if p.line:
            where += f", line {p.line}"
        head = ("\x03" if p.is_error else "\x04") + ("Error" if p.is_error else "Warning") + ": " + where
        lines.extend(wrap(head, columns))
        what = []
        if p.card:
            what.append(f"card {p.card}")
        if p.field:
            what.append(f"field {p.field}")
        if what:
            lines.extend(wrap("  " + ", ".join(what), columns))
        lines.extend("  " + s for s in wrap(p.message, columns - 2))
    return lines


def problem_style(line: str) -> tuple[str, int]:
    """The colour of a :func:`problem_lines` line: errors in red, warnings in yellow."""
    if line.startswith("\x03"):
        return line[1:], P.LIGHT_RED
    if line.startswith("\x04"):
        return line[1:], P.YELLOW
    return line, P.WHITE
