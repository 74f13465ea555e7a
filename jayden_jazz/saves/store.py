"""The save-file envelope shared by every game: header, checksum, versions.

A save is plain text: three header lines, a blank line, and a YAML body::

    jayden-jazz save
    format: 1
    checksum: sha256:<hex of the body's UTF-8 bytes>

    <YAML body>

The checksum is what the 1989 manual's "save file checking" promises: a
truncated, damaged or hand-edited file is refused with a message naming the
file and the problem, and is never overwritten by the refusal. Older formats
are migrated on load; a newer one (from a later version of the game) is
refused and left untouched. An editor's byte-order mark or Windows line
endings do not make a save unreadable. The body is plain YAML without
aliases (:mod:`.schema`); each save kind passes the schema of its body to
:func:`read` / :func:`describe`, so a hand-edited field of the wrong type is
refused with a message before the game touches it.
"""

from __future__ import annotations

import hashlib
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import yaml

from jayden_jazz.saves.schema import PlainYAMLError, SchemaError, Spec, load_plain_yaml
from jayden_jazz.files import MAX_PLAYER_FILE_BYTES, FileTooLarge, NotPlainFile, atomic_write_text, read_text_within

MAGIC = "jayden-jazz save"
FORMAT = 1
MAX_SAVE_BYTES = MAX_PLAYER_FILE_BYTES

#: format N -> function turning a body of format N into format N+1
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


class SaveError(ValueError):
    """A save that cannot be used; ``str()`` is the message for the player."""

    def __init__(self, path: Path | str, problem: str) -> None:
        self.path = Path(path)
        self.problem = problem
        super().__init__(f"{self.path.name}: {problem}")


def checksum(body: str) -> str:
    return "sha256:" + hashlib.sha256(body.encode("utf-8")).hexdigest()


# libyaml's safe dumper when installed: the same text, an order of magnitude faster (autosaves)
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def dumps(body: dict[str, Any]) -> str:
    text = yaml.dump(body, Dumper=_DUMPER, sort_keys=False, allow_unicode=True, width=100)
    return f"{MAGIC}\nformat: {FORMAT}\nchecksum: {checksum(text)}\n\n{text}"


def write(path: Path, body: dict[str, Any]) -> None:
    """Atomic: a crash mid-save leaves the previous file intact."""
    atomic_write_text(path, dumps(body))


def loads(text: str, path: Path | str = "<save>", schema: Spec | None = None) -> dict[str, Any]:
    """The body of a save's text, checked; ``schema`` (if given) checks it after migration."""
    text = text.removeprefix("\ufeff").replace("\r\n", "\n")
    head, sep, body = text.partition("\n\n")
    lines = head.split("\n")
    if not sep or len(lines) != 3 or lines[0] != MAGIC:
        raise SaveError(path, "this is not a Jayden & Jazz save file (its header is missing or damaged)")
    fmt_line, sum_line = lines[1], lines[2]
    if not fmt_line.startswith("format: ") or not (fmt_line[8:].isascii() and fmt_line[8:].isdigit()
                                                   and len(fmt_line[8:]) <= 9):
        raise SaveError(path, f"its format line is damaged ({fmt_line[:40]!r})")
    fmt = int(fmt_line[8:])
    if fmt > FORMAT:
        raise SaveError(path, f"it was made by a newer version of the game (save format {fmt}; "
                              f"this version reads up to {FORMAT}). It was left as it is.")
    if not sum_line.startswith("checksum: "):
        raise SaveError(path, "its checksum line is missing")
    if sum_line[10:] != checksum(body):
        raise SaveError(path, "the file is damaged or was changed by hand: its checksum does not match "
                              "(a truncated or edited save is refused)")
    try:
        data = load_plain_yaml(body)
    except PlainYAMLError as e:
        where = f" at line {e.line + 4}" if e.line else ""
        raise SaveError(path, f"its contents cannot be read{where}: {e.problem}") from None
    if not isinstance(data, dict):
        raise SaveError(path, "its contents are not a saved game")
    while fmt < FORMAT:
        migrate = MIGRATIONS.get(fmt)
        if migrate is None:
            raise SaveError(path, f"save format {fmt} is too old to be read")
        data = migrate(data)
        fmt += 1
    if schema is not None:
        check_body(data, path, schema)
    return data


def check_body(body: dict[str, Any], path: Path | str, schema: Spec) -> None:
    """Raise SaveError naming the first field of ``body`` that ``schema`` refuses."""
    try:
        schema(body, "")
    except SchemaError as e:
        raise SaveError(path, f"the field {e.where} {e.problem}" if e.where else e.problem) from None


HEAD_BYTES = 512
"""Enough for the header lines and the first two body lines (``game``, ``saved``) of any save written."""


@dataclass(frozen=True)
class Head:
    """What the start of a save says, before its checksum is checked: for lists, never for loading."""

    game: str | None         # the body's first line, ``game: NAME``; None when it does not start so
    saved: str | None        # its second line, ``saved: 'TIME'``; None when it does not say


def peek(path: Path) -> Head | None:
    """The start of a save read from its first bytes only; None for a file that is not a save
    (or is one of a newer format). Lets the title pass over other files without reading them whole.
    """
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):     # a pipe or a device: never opened, never waited on
            return None
        with open(os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)), "rb") as f:
            raw = f.read(HEAD_BYTES)
    except OSError:
        return None
    text = raw.decode("utf-8", errors="replace").removeprefix("\ufeff").replace("\r\n", "\n")
    lines = text.split("\n")
    if len(lines) < 3 or lines[0] != MAGIC or not lines[1].startswith("format: "):
        return None
    fmt = lines[1][8:]
    if not (fmt.isascii() and fmt.isdigit() and len(fmt) <= 9 and int(fmt) <= FORMAT):
        return None
    body = lines[4:6] if len(lines) > 6 and lines[3] == "" else []
    game = body[0][6:] if body and body[0].startswith("game: ") else None
    saved = None
    if len(body) > 1 and body[1].startswith("saved: "):
        value = body[1][7:]
        saved = value[1:-1] if len(value) > 1 and value[0] == value[-1] == "'" else value
    return Head(game if game and game.isidentifier() else None,
                saved if saved and len(saved) <= 40 and "'" not in saved else None)


def read(path: Path, schema: Spec | None = None, *, follow_links: bool = True) -> dict[str, Any]:
    return loads(read_text(path, follow_links=follow_links), path, schema)


def read_text(path: Path, max_bytes: int = MAX_SAVE_BYTES, what: str = "save", *, follow_links: bool = True) -> str:
    """A save's (or record's) text, read only when no larger than ``max_bytes``; raises SaveError.
    A pipe or a device is refused without waiting; ``follow_links=False`` refuses a link too."""
    path = Path(path)
    try:
        return read_text_within(path, max_bytes, what, follow_links=follow_links)
    except FileNotFoundError:
        raise SaveError(path, "the file does not exist") from None
    except (FileTooLarge, NotPlainFile) as e:
        raise SaveError(path, str(e)) from None
    except OSError as e:
        raise SaveError(path, f"it could not be read ({e.strerror or e})") from None
    except UnicodeDecodeError:
        raise SaveError(path, "the file is damaged (it is not text)") from None


@dataclass(frozen=True)
class SlotInfo:
    path: Path
    label: str        # what the Load/Save windows show
    ok: bool


def describe(path: Path, summary: Callable[[dict[str, Any]], str],
             schema: Spec | None = None) -> SlotInfo:
    """A one-line label for a slot, without failing on bad files.

    ``summary`` only ever sees a body that passed ``schema``; a summary that
    checks its body itself raises SaveError, which is shown like any other.
    """
    if not path.exists():
        return SlotInfo(path, "(empty)", False)
    try:
        return SlotInfo(path, summary(read(path, schema)), True)
    except SaveError as e:
        return SlotInfo(path, f"(unusable: {e.problem[:40]})", False)
