"""The player's files on disk: written atomically, read within a size, kept aside when unusable.

Settings, statistics, saves, card packs and pictures are all written and
read through here, so a crash mid-write, a file grown huge or a damaged
file is handled the same way everywhere. This module imports nothing from
the game: every floor may use it.
"""

from __future__ import annotations

import os
import stat
import tempfile
import time
from pathlib import Path


def atomic_write_bytes(path: Path, data: bytes, *, hidden: bool = True) -> None:
    """A temporary file in the same folder, flushed to disk, then renamed over ``path``.

    A crash at any point leaves either the old file or the new one, plus at
    most a temporary that :func:`clean_stale_temps` removes at the next
    start. ``hidden`` names it ``.NAME.XXXX.tmp`` (pack folders and picture
    folders, which the player browses), else ``NAME.XXXX.tmp``.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    prefix = ("." if hidden else "") + path.name + "."
    fd, tmp = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def atomic_write_text(path: Path, text: str) -> None:
    """:func:`atomic_write_bytes` of UTF-8 text with ``\\n`` line ends (settings, statistics, saves)."""
    atomic_write_bytes(path, text.encode("utf-8"), hidden=False)


def keep_as_bak(path: Path) -> Path | None:
    """Move an unusable file aside to ``NAME.bak`` (replacing an older one); None if it could not be.

    The player's file is never thrown away: whatever is written in its
    place afterwards, the original stays readable beside it.
    """
    path = Path(path)
    bak = path.with_name(path.name + ".bak")
    try:
        os.replace(path, bak)
    except OSError:
        return None
    return bak


MAX_PLAYER_FILE_BYTES = 2 * 1024 * 1024
"""The size of a save, a game record or the statistics: far above a real one's, cheap to refuse."""


class FileTooLarge(ValueError):
    """A file over the size its kind may have; ``str()`` is the problem in plain words."""


class NotPlainFile(ValueError):
    """A pipe, a device, a folder (or, where links are refused, a link) where a file should be."""


def _kind(mode: int) -> str:
    if stat.S_ISLNK(mode):
        return "a link to another file"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "a special file"


def read_text_within(path: Path, max_bytes: int, what: str = "file", *, follow_links: bool = True) -> str:
    """The UTF-8 text of a file no larger than ``max_bytes`` (a leading byte-order mark dropped).

    Raises :class:`FileTooLarge` before reading a larger file (or one that
    grew while read), :class:`NotPlainFile` for a pipe or a device (never
    waited on: opening one could hang the game) and, unless
    ``follow_links``, for a link; ``UnicodeDecodeError`` for bytes that are
    not text, and ``OSError`` as reading does.
    """
    st = os.lstat(path) if not follow_links else os.stat(path)
    if not stat.S_ISREG(st.st_mode):
        raise NotPlainFile(f"it is {_kind(st.st_mode)}, not a plain {what} file; it was not opened")
    size = st.st_size
    if size > max_bytes:
        raise FileTooLarge(f"it is too large ({size:,} bytes) to be a {what}; at most {max_bytes:,} bytes")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | (0 if follow_links else getattr(os, "O_NOFOLLOW", 0))
    fd = os.open(path, flags)
    with open(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(fd).st_mode):         # swapped for something else since the look
            raise NotPlainFile(f"it is not a plain {what} file; it was not read")
        raw = f.read(max_bytes + 1)
    if len(raw) > max_bytes:
        raise FileTooLarge(f"it is too large (over {max_bytes:,} bytes) to be a {what}")
    return raw.decode("utf-8-sig")


STALE_TEMP_SECONDS = 600


def clean_stale_temps(*folders: Path, older_than: float = STALE_TEMP_SECONDS,
                      depth: int = 0) -> list[Path]:
    """Remove what interrupted atomic writes left behind; returns what was removed.

    Only files shaped like the game's temporaries (``NAME.XXXX.tmp``, or
    ``.NAME.XXXX.tmp`` for packs and pictures) and untouched for
    ``older_than`` seconds, so a write in progress in another copy of the
    game is never pulled from under it. ``depth=1`` also looks in each
    sub-folder (pack folders, the Workshop's export folders), ``depth=2``
    in theirs too (a pack's ``pictures``); symbolic links are never followed.
    """
    removed: list[Path] = []
    now = time.time()
    for folder in folders:
        for p in _temporaries(Path(folder), depth):
            try:
                if now - p.stat().st_mtime >= older_than:
                    p.unlink()
                    removed.append(p)
            except OSError:
                pass
    return removed


def _temporaries(folder: Path, depth: int) -> list[Path]:
    """Files shaped like the game's temporaries in ``folder`` and ``depth`` levels of real sub-folders."""
    try:
        entries = list(folder.iterdir())
    except OSError:
        return []
    found = [p for p in entries if p.match("*.*.tmp") and p.is_file() and not p.is_symlink()]
    if depth > 0:
        for sub in entries:
            if sub.is_dir() and not sub.is_symlink():
                found += _temporaries(sub, depth - 1)
    return found


__all__ = ["FileTooLarge", "MAX_PLAYER_FILE_BYTES", "NotPlainFile", "STALE_TEMP_SECONDS", "atomic_write_bytes",
           "atomic_write_text",
           "clean_stale_temps", "keep_as_bak", "read_text_within"]
