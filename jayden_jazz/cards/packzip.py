"""Card packs shared as ``.zip`` files: read like a pack folder, written from one.

A zip comes from someone else, so nothing in it is trusted. Before a byte
is unpacked, every entry name is checked: no absolute path, no drive letter,
no ``..``, no symbolic link, no control characters, no name given twice. The
zip file itself, each entry and the whole unpacked content have hard size
limits, and entries are read in chunks that stop at the limit, so a zip bomb
costs at most the limit, never what its headers claim. Only the pack's YAML
file and its pictures are unpacked, by this module (never
``ZipFile.extract``), into a folder named after the zip's content inside a
private folder of the player's cache (this user's, mode 0700, checked before
each use, pruned by age and size);
the pack is then read by the ordinary loader, with the same checks as a
folder (pictures must stay inside it).
"""

from __future__ import annotations

import errno
import hashlib
import io
import os
import re
import shutil
import stat
import tempfile
import zipfile
import zlib
from dataclasses import replace
from pathlib import Path

from .card import Card
from .catalog import ERROR, PackInfo, Problem

MAX_ZIP_BYTES = 16 * 1024 * 1024
"""The .zip file on disk."""
MAX_UNPACKED_BYTES = 24 * 1024 * 1024
"""Everything unpacked from one zip together."""
MAX_YAML_BYTES = 5 * 1024 * 1024
"""The pack file inside, as for a pack file in a folder."""
MAX_PICTURE_BYTES = 2 * 1024 * 1024
MAX_ENTRIES = 512

PACK_SUFFIXES = (".yaml", ".yml")
PICTURE_SUFFIXES = (".png", ".gif", ".bmp", ".jpg", ".jpeg", ".tga")
_CHUNK = 64 * 1024
_BAD_CHARS = re.compile(r"[\x00-\x1f\x7f]")
_DRIVE = re.compile(r"^[A-Za-z]:")


class ZipPackError(ValueError):
    """A zip that is refused as a whole, with the reason in plain words."""


def _problem(path: Path, message: str) -> Problem:
    return Problem(str(path), None, None, None, message, ERROR)


def entry_parts(name: str) -> tuple[str, ...]:
    """The path parts of an entry name; raises ZipPackError for a name that could escape."""
    if _BAD_CHARS.search(name):
        raise ZipPackError(f"the entry {name!r} has control characters in its name")
    norm = name.replace("\\", "/")
    if norm.startswith("/") or _DRIVE.match(norm):
        raise ZipPackError(f"the entry {name!r} is an absolute path; a pack zip holds relative paths only")
    parts = tuple(p for p in norm.split("/") if p not in ("", "."))
    if ".." in parts:
        raise ZipPackError(f"the entry {name!r} leaves the pack folder (..); this zip is refused")
    return parts


def is_symlink(info: zipfile.ZipInfo) -> bool:
    return stat.S_ISLNK(info.external_attr >> 16)


def _read_bounded(zf: zipfile.ZipFile, info: zipfile.ZipInfo, limit: int) -> bytes:
    """At most ``limit`` bytes of an entry; ZipPackError as soon as it would be more.

    The header's size is not trusted: a zip bomb can claim anything.
    """
    out = bytearray()
    with zf.open(info) as f:
        while True:
            chunk = f.read(min(_CHUNK, limit + 1 - len(out)))
            if not chunk:
                return bytes(out)
            out += chunk
            if len(out) > limit:
                raise ZipPackError(f"the entry {info.filename!r} unpacks to more than "
                                   f"{limit // 1048576} MiB; this zip is refused")


def _hidden(parts: tuple[str, ...]) -> bool:
    return any(p.startswith(".") or p == "__MACOSX" for p in parts)


def read_zip(data: bytes, label: str = "the zip") -> tuple[tuple[str, ...], dict[tuple[str, ...], bytes]]:
    """Check and unpack a pack zip in memory: (the pack file's parts, {parts: bytes} to keep).

    Raises ZipPackError when the zip is refused.
    """
    if len(data) > MAX_ZIP_BYTES:
        raise ZipPackError(f"{label} is {len(data) / 1048576:.1f} MiB; a pack zip may be at most "
                           f"{MAX_ZIP_BYTES // 1048576} MiB")
    try:
        zf = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError) as e:
        raise ZipPackError(f"{label} is not a readable zip file ({e})") from None
    with zf:
        infos = zf.infolist()
        if len(infos) > MAX_ENTRIES:
            raise ZipPackError(f"{label} has {len(infos)} entries; a pack zip may have at most {MAX_ENTRIES}")
        wanted: list[tuple[tuple[str, ...], zipfile.ZipInfo]] = []
        seen: set[tuple[str, ...]] = set()
        for info in infos:
            parts = entry_parts(info.filename)
            if is_symlink(info):
                raise ZipPackError(f"the entry {info.filename!r} is a symbolic link; pack zips may not hold links")
            if info.flag_bits & 0x1:
                raise ZipPackError(f"the entry {info.filename!r} is encrypted; pack zips are not encrypted")
            if not parts or info.is_dir() or _hidden(parts):
                continue
            key = tuple(p.lower() for p in parts)
            if key in seen:
                raise ZipPackError(f"the entry {info.filename!r} is in the zip twice")
            seen.add(key)
            suffix = os.path.splitext(parts[-1])[1].lower()
            if suffix in PACK_SUFFIXES or suffix in PICTURE_SUFFIXES:
                wanted.append((parts, info))
        packs = [p for p, _ in wanted if os.path.splitext(p[-1])[1].lower() in PACK_SUFFIXES]
        top: list[tuple[str, ...]] = [p for p in packs if len(p) == 1]
        if not top:
            folders = {p[0] for p, _ in wanted}
            top = [p for p in packs if len(p) == 2] if len(folders) == 1 else []
        if len(top) != 1:
            found = ", ".join("/".join(p) for p in packs) or "none"
            raise ZipPackError(f"{label} must hold exactly one pack file (.yaml) at its top or in one "
                               f"folder; found: {found}")
        pack = top[0]
        base = pack[:-1]
        out: dict[tuple[str, ...], bytes] = {}
        total = 0
        for parts, info in wanted:
            if parts[:len(base)] != base:
                continue                 # outside the pack's folder: not part of the pack
            limit = MAX_YAML_BYTES if parts == pack else MAX_PICTURE_BYTES
            try:
                blob = _read_bounded(zf, info, min(limit, MAX_UNPACKED_BYTES - total))
            except ZipPackError:
                if total + limit > MAX_UNPACKED_BYTES:
                    raise ZipPackError(f"{label} unpacks to more than {MAX_UNPACKED_BYTES // 1048576} MiB; "
                                       "this zip is refused") from None
                raise
            except (zipfile.BadZipFile, zlib.error, EOFError, OSError, RuntimeError,
                    NotImplementedError, ValueError) as e:
                raise ZipPackError(f"the entry {info.filename!r} cannot be unpacked ({e})") from None
            total += len(blob)
            out[parts] = blob
        return pack, out


MAX_CACHE_BYTES = 96 * 1024 * 1024
"""Everything unpacked, all zips together; the least recently read go first."""
CACHE_DAYS = 30
"""An unpacked zip not read for this long is removed."""
STALE_UNPACK_SECONDS = 3600
"""A half-done unpack folder this old was left by a game that stopped mid-way."""


def _private_root() -> Path:
    """``zips/`` in the player's cache folder (``JAYDEN_JAZZ_HOME/cache`` when that is set)."""
    from jayden_jazz.paths import zip_unpack_dir

    return zip_unpack_dir()


def _safe_dir(path: Path) -> Path:
    """The unpack folder, made private: a folder of this user's that nobody else may write.

    What is in it is loaded as a pack without being checked again, so a
    folder someone else could have written into is not trusted: one of this
    user's with loose permissions is emptied and made private again; a link,
    a file, or a folder of another user's is refused.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        path.mkdir(mode=0o700)
    except FileExistsError:
        pass
    st = os.lstat(path)
    if stat.S_ISLNK(st.st_mode) or not stat.S_ISDIR(st.st_mode):
        raise ZipPackError(f"the unpack folder {path} is not a plain folder (a link or a file); "
                           "remove it and try again")
    if not hasattr(os, "getuid"):          # Windows: the user's own local application data
        return path
    if st.st_uid != os.getuid():
        raise ZipPackError(f"the unpack folder {path} belongs to another user; remove it and try again")
    if stat.S_IMODE(st.st_mode) & 0o077:
        shutil.rmtree(path)                # others could have written into it: nothing in it is ours
        path.mkdir(mode=0o700)
        os.chmod(path, 0o700)              # mkdir's mode is narrowed by the umask, never widened
    return path


def _tree_bytes(folder: Path) -> int:
    total = 0
    for dirpath, _, files in os.walk(folder):
        for name in files:
            try:
                total += os.lstat(os.path.join(dirpath, name)).st_size
            except OSError:
                pass
    return total


def prune(root: Path, keep: Path, now: float | None = None) -> None:
    """Remove from the unpack folder what is old, half done or over the size cap; never ``keep``.

    An unpacked zip's folder time is set each time the zip is read, so the
    least recently read go first.
    """
    import time

    now = time.time() if now is None else now
    entries: list[tuple[float, int, Path]] = []
    for entry in root.iterdir():
        try:
            st = entry.lstat()
        except OSError:
            continue
        if entry == keep or not stat.S_ISDIR(st.st_mode):
            continue
        age = now - st.st_mtime
        if entry.name.startswith(".unpack-"):
            if age > STALE_UNPACK_SECONDS:
                shutil.rmtree(entry, ignore_errors=True)
        elif age > CACHE_DAYS * 86400 or not (entry / ".complete").is_file():
            shutil.rmtree(entry, ignore_errors=True)
        else:
            entries.append((st.st_mtime, _tree_bytes(entry), entry))
    total = _tree_bytes(keep) + sum(size for _, size, _ in entries)
    for _, size, entry in sorted(entries, key=lambda e: e[0]):
        if total <= MAX_CACHE_BYTES:
            break
        shutil.rmtree(entry, ignore_errors=True)
        total -= size


def unpack(data: bytes, label: str, cache_root: Path | None = None) -> Path:
    """Unpack a checked zip into its own folder (named by content) and return the pack file.

    Every way out but success removes the half-done folder; a folder left by
    a game killed mid-way is removed by a later unpack (:func:`prune`).
    """
    pack, files = read_zip(data, label)
    digest = hashlib.sha256(data).hexdigest()[:32]
    try:
        root = _safe_dir(Path(cache_root) if cache_root else _private_root())
    except OSError as e:
        raise ZipPackError(f"cannot make the unpack folder ({e.strerror or e})") from None
    final = root / digest
    if (final / ".complete").is_file():
        try:
            os.utime(final)                 # read now: kept longest by the pruning
        except OSError:
            pass
        return final.joinpath(*pack)
    work = Path(tempfile.mkdtemp(prefix=".unpack-", dir=root))
    try:
        for parts, blob in files.items():
            target = work.joinpath(*parts)
            try:
                target.parent.mkdir(parents=True, exist_ok=True)
                with open(target, "xb") as f:       # never follows or overwrites anything
                    f.write(blob)
            except OSError as e:
                if e.errno != errno.ENAMETOOLONG:
                    raise
                raise ZipPackError(f"the entry {'/'.join(parts)[:60]!r}... has a name too long to unpack "
                                   "on this computer; this zip is refused") from None
        (work / ".complete").write_bytes(b"")
        if final.exists():
            shutil.rmtree(final, ignore_errors=True)
        try:
            os.replace(work, final)
        except OSError:
            if not (final / ".complete").is_file():   # not another game unpacking the same zip
                raise
    finally:
        if work.exists():
            shutil.rmtree(work, ignore_errors=True)
    prune(root, final)
    return final.joinpath(*pack)


def load_zip_pack(path: Path, cache_root: Path | None = None) -> tuple[PackInfo | None, list[Card], list[Problem]]:
    """Read a pack zip like a pack folder; problems name the zip and the file inside it."""
    from .loader import load_pack

    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_ZIP_BYTES:
            raise ZipPackError(f"the zip is {size / 1048576:.1f} MiB; a pack zip may be at most "
                               f"{MAX_ZIP_BYTES // 1048576} MiB")
        with open(path, "rb") as f:
            data = f.read(MAX_ZIP_BYTES + 1)
        pack_file = unpack(data, "the zip", cache_root)
    except ZipPackError as e:
        return None, [], [_problem(path, str(e))]
    except OSError as e:
        return None, [], [_problem(path, f"cannot read the zip ({e.strerror or e})")]
    info, cards, problems = load_pack(pack_file)
    top = _unpack_folder(pack_file)
    shown = [replace(p, file=_shown_name(path, top, p.file)) for p in problems]
    if info is not None:
        info = replace(info, file=path)
    return info, cards, shown


def _unpack_folder(pack_file: Path) -> Path:
    for parent in pack_file.parents:
        if (parent / ".complete").is_file():
            return parent
    return pack_file.parent


def _shown_name(zip_path: Path, top: Path, file: str) -> str:
    try:
        return str(zip_path / Path(file).relative_to(top))
    except ValueError:
        return file


def zip_pack(pack_file: Path, out: Path, pictures: list[Path] = ()) -> list[str]:  # type: ignore[assignment]
    """Write a pack's YAML file and the given pictures (inside its folder) into a zip.

    Returns the entry names. Links and files outside the pack folder are
    refused, so a shared zip holds nothing but the pack.
    """
    from .writer import atomic_write_bytes

    pack_file = Path(pack_file)
    folder = pack_file.parent.resolve()
    names: list[str] = []
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for f in [pack_file, *pictures]:
            f = Path(f)
            if f.is_symlink():
                raise ZipPackError(f"{f} is a link; only plain files go into a pack zip")
            try:
                rel = f.resolve().relative_to(folder)
            except ValueError:
                raise ZipPackError(f"{f} is outside the pack folder {folder}") from None
            name = rel.as_posix()
            if name in names:
                continue
            zf.write(f, name)
            names.append(name)
    data = buf.getvalue()
    if len(data) > MAX_ZIP_BYTES:
        raise ZipPackError(f"the zip would be {len(data) / 1048576:.1f} MiB; a pack zip may be at most "
                           f"{MAX_ZIP_BYTES // 1048576} MiB")
    read_zip(data, str(out))        # what we share must be what we would accept
    atomic_write_bytes(Path(out), data)
    return names


__all__ = ["CACHE_DAYS", "MAX_CACHE_BYTES", "MAX_ENTRIES", "MAX_PICTURE_BYTES", "MAX_UNPACKED_BYTES", "MAX_YAML_BYTES", "MAX_ZIP_BYTES",
           "ZipPackError", "entry_parts", "load_zip_pack", "prune", "read_zip", "unpack", "zip_pack"]
