"""The player's own packs: the only packs the Workshop changes.

A pack is the player's when its file is in the player's cards folder. The
shipped packs and ``--cards`` packs are never written. A pack with refused
cards is not rewritten either (saving would drop the cards the loader
refused); a zip is read-only. The first time the Workshop rewrites a pack
it did not write itself, the original is kept beside it as ``.bak``.

A pack remembers how its file looked when it was read (:class:`FileStamp`).
Someone may edit the file by hand while the pack is open in the Workshop;
a write then stops with :class:`PackChanged` rather than overwrite that
edit, and only an explicit ``overwrite=True`` replaces it, keeping the
edited file as a ``.bak``.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
from dataclasses import dataclass, field, replace
from pathlib import Path

from jayden_jazz.cards import Card
from jayden_jazz.cards.catalog import PackInfo, Problem
from jayden_jazz.cards.loader import find_pack_files, load_pack
from jayden_jazz.cards.validate import ID_RE
from jayden_jazz.cards.opponents import Opponent
from jayden_jazz.cards.writer import PackHeader, write_pack
from jayden_jazz.cards.writer_journey import journey_lines

WORKSHOP_MARK = "written by the Card Workshop"


@dataclass(frozen=True)
class FileStamp:
    """A file's time, size and content digest as read; None fields when it could not be read."""

    mtime_ns: int | None
    size: int | None
    digest: str | None

    @classmethod
    def of(cls, path: Path) -> "FileStamp":
        try:
            st = os.stat(path)
            with open(path, "rb") as f:
                digest = hashlib.sha256(f.read()).hexdigest()
        except OSError:
            return cls(None, None, None)
        return cls(st.st_mtime_ns, st.st_size, digest)

    def matches(self, path: Path) -> bool:
        """Whether ``path`` still holds what was read: same time and size, or else the same bytes."""
        try:
            st = os.stat(path)
        except OSError:
            return self.size is None
        if (st.st_mtime_ns, st.st_size) == (self.mtime_ns, self.size):
            return True
        return st.st_size == self.size and FileStamp.of(path).digest == self.digest


class PackChanged(Exception):
    """The pack file is not what the Workshop read: someone changed it since."""

    def __init__(self, pack: "OwnPack") -> None:
        super().__init__(f"{pack.file.name} changed on disk since the Workshop read it")
        self.pack = pack


@dataclass
class OwnPack:
    file: Path
    info: PackInfo | None
    cards: list[Card] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    stamp: FileStamp | None = None
    """The file as it was read; None for a pack made in memory (never checked)."""
    hidden_by: Path | None = None
    """Another file of the cards folder with this pack's id that the game reads first (an exported
    zip put beside the pack, say): the game refuses this pack while that file is there."""

    @property
    def changed_on_disk(self) -> bool:
        return self.stamp is not None and not self.stamp.matches(self.file)

    @property
    def id(self) -> str:
        return self.info.id if self.info else self.file.stem

    @property
    def name(self) -> str:
        return self.info.name if self.info else self.file.name

    @property
    def folder(self) -> Path:
        return self.file.parent

    @property
    def header(self) -> PackHeader:
        assert self.info is not None
        return PackHeader(self.info.id, self.info.name, self.info.author, self.info.version)

    @property
    def locked(self) -> str:
        """Why the Workshop will not change this pack, or '' when it may."""
        if self.file.suffix.lower() == ".zip":
            return "a shared zip is read-only; unzip it into a folder to change it"
        if self.info is None:
            return "the pack cannot be read; see its problems"
        refused = [p for p in self.problems if p.is_error]
        if refused:
            return (f"{len(refused)} problem(s) refuse cards of this pack; fix the file by hand "
                    "first so that saving loses nothing")
        return ""

    def card(self, key: str) -> Card | None:
        return next((c for c in self.cards if c.key == key), None)


def read_own_packs(cards_dir: Path) -> list[OwnPack]:
    """Every pack file in the player's cards folder, readable or not."""
    cards_dir = Path(cards_dir)
    if not cards_dir.is_dir():
        return []
    packs = [read_own_pack(f) for f in find_pack_files(cards_dir)]
    first: dict[str, Path] = {}
    for pack in packs:                       # in the order the game loads them
        if pack.info is None:
            continue
        if pack.id in first:
            pack.hidden_by = first[pack.id]
        else:
            first[pack.id] = pack.file
    return packs


def read_own_pack(file: Path) -> OwnPack:
    """One pack file as it is now, with its stamp (taken first: a change while reading shows)."""
    stamp = FileStamp.of(file)
    info, cards, problems = load_pack(file)
    return OwnPack(file, info, cards, problems, stamp)


def slug(text: str) -> str:
    s = re.sub(r"[^a-z0-9_-]+", "_", text.strip().lower()).strip("_-")
    return s or "card"


def free_id(base: str, taken: set[str]) -> str:
    """``base``, or ``base_2``, ``base_3``... whichever is not taken."""
    base = slug(base)
    if not ID_RE.match(base):
        base = "card"
    if base not in taken:
        return base
    n = 2
    while f"{base}_{n}" in taken:
        n += 1
    return f"{base}_{n}"


def new_pack(cards_dir: Path, name: str, author: str, taken_ids: set[str]) -> OwnPack:
    """A new, empty pack in its own folder (``cards/<id>/<id>.yaml``)."""
    pid = free_id(name, taken_ids | {p.name for p in Path(cards_dir).glob("*")})
    file = Path(cards_dir) / pid / f"{pid}.yaml"
    header = PackHeader(pid, name.strip() or pid, author.strip() or "a player", "1.0")
    write_pack(file, header, [])
    return read_own_pack(file)


def save_card(pack: OwnPack, card: Card, replaces: str | None, *, overwrite: bool = False) -> OwnPack:
    """Write the pack with ``card`` in place of card ``replaces`` (or added at the end).

    Returns the pack as read back from the disk. Raises PackChanged when the
    file changed since it was read, unless ``overwrite``.
    """
    if pack.locked:
        raise ValueError(pack.locked)
    cards = list(pack.cards)
    keys = [c.key for c in cards]
    if replaces is not None and replaces in keys:
        cards[keys.index(replaces)] = card
    else:
        cards.append(card)
    return _write(pack, cards, overwrite=overwrite)


def delete_card(pack: OwnPack, key: str) -> OwnPack:
    if pack.locked:
        raise ValueError(pack.locked)
    return _write(pack, [c for c in pack.cards if c.key != key])


def save_opponent(pack: OwnPack, opponent: Opponent, replaces: str | None, *,
                  overwrite: bool = False) -> OwnPack:
    """Write the pack with ``opponent`` in place of opponent ``replaces`` (a full ``pack/key`` id),
    or added at the end; the cards, starter and other opponents are written as they are."""
    if pack.locked:
        raise ValueError(pack.locked)
    assert pack.info is not None
    opponents = list(pack.info.opponents)
    ids = [o.id for o in opponents]
    if replaces is not None and replaces in ids:
        opponents[ids.index(replaces)] = opponent
    else:
        opponents.append(opponent)
    return _write(pack, pack.cards, overwrite=overwrite, opponents=tuple(opponents))


def delete_opponent(pack: OwnPack, opponent_id: str) -> OwnPack:
    if pack.locked:
        raise ValueError(pack.locked)
    assert pack.info is not None
    return _write(pack, pack.cards, opponents=tuple(o for o in pack.info.opponents if o.id != opponent_id))


def set_header(pack: OwnPack, name: str, author: str, version: str) -> OwnPack:
    """New name, author and version (the id stays: other players' games know the pack by it)."""
    if pack.locked:
        raise ValueError(pack.locked)
    assert pack.info is not None
    header = PackHeader(pack.id, name.strip() or pack.name, author.strip() or pack.info.author,
                        version.strip() or pack.info.version)
    return _write(pack, pack.cards, header)


def backup_name(file: Path) -> Path:
    """``pack.yaml.bak``, or the first free ``pack.yaml.bak2``, ``.bak3``... (never one it would replace)."""
    backup = file.with_name(file.name + ".bak")
    n = 2
    while backup.exists() or backup.is_symlink():
        backup = file.with_name(f"{file.name}.bak{n}")
        n += 1
    return backup


def _write(pack: OwnPack, cards: list[Card], header: PackHeader | None = None, *,
           overwrite: bool = False, opponents: tuple[Opponent, ...] | None = None) -> OwnPack:
    """Write the whole pack: header, ``cards``, and the pack's starter and opponents (``opponents``
    in place of the pack's own when given), so a change to one part never drops another."""
    if pack.changed_on_disk:
        if not overwrite:
            raise PackChanged(pack)
        if pack.file.exists():
            shutil.copy2(pack.file, backup_name(pack.file))     # the hand edit is kept
    try:
        head = pack.file.read_text(encoding="utf-8")[:400]
    except OSError:
        head = WORKSHOP_MARK
    backup = pack.file.with_name(pack.file.name + ".bak")
    if WORKSHOP_MARK not in head and not backup.exists():
        shutil.copy2(pack.file, backup)
    cards = [replace(c, id=f"{pack.id}/{c.key}") for c in cards]
    assert pack.info is not None
    journey = journey_lines(pack.id, pack.info.opponents if opponents is None else opponents,
                            pack.info.starter, pack.folder)
    write_pack(pack.file, header or pack.header, cards, journey)
    return read_own_pack(pack.file)
