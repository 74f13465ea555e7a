"""Cards back to pack YAML that a person can read and the validator accepts.

The Card Workshop saves through here, so what it writes must load back as
the very same card (a test checks the round trip on generated cards). The
output is laid out like ``cards/example/example.yaml``: one key a line,
sides as a flow mapping, every text double-quoted so that words such as
``yes`` or ``1.10`` stay text. Files are written atomically (a temporary
file beside the target, then a rename), so a crash never leaves half a pack.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from jayden_jazz.files import atomic_write_bytes

from .card import SIDE_NAMES, Ability, Card, month_text, side_text
from .language import side_list_text

_PRINTABLE = re.compile("[\t\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]")


WRITTEN_CARD_FIELDS = frozenset({"id", "name", "aliases", "started_roasting", "likes", "dislikes",
                                 "description", "sides", "picture", "abilities", "element"})
WRITTEN_ABILITY_FIELDS = frozenset({"name", "timing", "effect", "target", "amount", "sides", "count",
                                    "condition", "filter", "cost", "text"})
"""What the writer knows how to write; a test fails when Card or Ability grows a field it does not."""


@dataclass(frozen=True)
class PackHeader:
    """The ``pack:`` header of a file the Workshop writes."""

    id: str
    name: str
    author: str
    version: str = "1.0"


def quote(text: str) -> str:
    """A YAML double-quoted scalar that reads back as exactly ``text``."""
    out = ['"']
    for ch in text:
        if ch == '"' or ch == "\\":
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif _PRINTABLE.fullmatch(ch):
            out.append(ch)
        elif ord(ch) <= 0xFF:
            out.append(f"\\x{ord(ch):02x}")
        elif ord(ch) <= 0xFFFF:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(f"\\U{ord(ch):08x}")
    out.append('"')
    return "".join(out)


def folded(quoted: str, indent: str, width: int = 76) -> str:
    """A long double-quoted scalar broken at single spaces onto indented lines.

    YAML folds each such line break back into one space, so the text read
    back is unchanged; a break is never placed beside another space or
    after a backslash.
    """
    lines: list[str] = []
    start, last_ok = 0, -1
    for i in range(1, len(quoted) - 1):
        if quoted[i] == " " and quoted[i - 1] not in " \\" and quoted[i + 1] != " ":
            if i - start > width - len(indent) and last_ok > start:
                lines.append(quoted[start:last_ok])
                start = last_ok + 1
            last_ok = i
    if len(quoted) - start > width - len(indent) and last_ok > start:
        lines.append(quoted[start:last_ok])
        start = last_ok + 1
    lines.append(quoted[start:])
    return ("\n" + indent).join(lines)


_PLAIN_ID = re.compile(r"^[a-z_][a-z0-9_-]*$")
_YAML_WORDS = {"y", "n", "yes", "no", "on", "off", "true", "false", "null"}


def plain_id(ident: str) -> str:
    """An id bare when YAML reads it back as that text (``ember_fox``), else quoted (``"0"``)."""
    return ident if _PLAIN_ID.match(ident) and ident not in _YAML_WORDS else quote(ident)


def _mapping_flow(items: list[tuple[str, str]]) -> str:
    return "{" + ", ".join(f"{k}: {v}" for k, v in items) + "}"


def _value(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, tuple) and len(v) == 2:      # a month
        return quote(month_text(v))  # type: ignore[arg-type]
    return quote(str(v))


def _set_keys(obj: object) -> list[tuple[str, str]]:
    return [(k, _value(getattr(obj, k))) for k in obj.__slots__ if getattr(obj, k) is not None]  # type: ignore[attr-defined]


def ability_lines(ab: Ability, indent: str = "      ") -> list[str]:
    """One ability as the lines of a list item (the first starts with ``- ``)."""
    rows: list[tuple[str, str]] = []
    if ab.name:
        rows.append(("name", quote(ab.name)))
    rows += [("timing", ab.timing), ("effect", ab.effect)]
    rows.append(("target", ab.target))
    if ab.effect == "modify":
        rows.append(("amount", str(ab.amount)))
        side_list = side_list_text(ab.sides)
        rows.append(("sides", side_list if side_list == "all"
                     else "[" + ", ".join(SIDE_NAMES[s] for s in ab.sides) + "]"))
    if ab.effect == "gain_control" and ab.count != 1:
        rows.append(("count", str(ab.count)))
    cond = _set_keys(ab.condition)
    if cond:
        rows.append(("condition", _mapping_flow(cond)))
    flt = _set_keys(ab.filter)
    if flt:
        rows.append(("filter", _mapping_flow(flt)))
    rows.append(("cost", str(ab.cost)))
    if ab.text:
        rows.append(("text", quote(ab.text)))
    out = []
    for i, (k, v) in enumerate(rows):
        out.append(f"{indent}{'- ' if i == 0 else '  '}{k}: {v}")
    return out


def picture_path(card: Card, folder: Path | None) -> str | None:
    """The card's picture as a path inside the pack folder (with ``/``), or None.

    Raises ValueError for a picture outside the folder: a pack must carry
    its own pictures.
    """
    if card.picture is None:
        return None
    pic = Path(card.picture)
    if not pic.is_absolute():
        rel = pic
    else:
        if folder is None:
            raise ValueError(f"the picture {pic} has no pack folder to be relative to")
        try:
            rel = pic.resolve().relative_to(Path(folder).resolve())
        except ValueError:
            raise ValueError(f"the picture {pic} is outside the pack folder {folder}") from None
    if rel.is_absolute() or ".." in rel.parts:
        raise ValueError(f"the picture {rel} leaves the pack folder")
    return rel.as_posix()


def card_lines(card: Card, folder: Path | None = None, indent: str = "  ") -> list[str]:
    """One card as the lines of an entry of the ``cards:`` list."""
    sub = indent + "  "
    out = [f"{indent}- id: {plain_id(card.key)}", f"{sub}name: {quote(card.name)}"]
    if card.aliases:
        out.append(f"{sub}aliases: [" + ", ".join(quote(a) for a in card.aliases) + "]")
    out.append(f"{sub}started_roasting: {quote(month_text(card.started_roasting))}")
    out.append(f"{sub}likes: {quote(card.likes)}")
    out.append(f"{sub}dislikes: {quote(card.dislikes)}")
    out.append(f"{sub}description: " + folded(quote(card.description), sub + "  "))
    out.append(f"{sub}sides: " + _mapping_flow([(n, side_text(v)) for n, v in zip(SIDE_NAMES, card.sides)])
               + f"   # {card.budget} of 24 points")
    pic = picture_path(card, folder)
    if pic is not None:
        out.append(f"{sub}picture: {quote(pic)}")
    if card.element is not None:
        out.append(f"{sub}element: {card.element}")
    if card.abilities:
        out.append(f"{sub}abilities:")
        for ab in card.abilities:
            out += ability_lines(ab, sub + "  ")
    return out


def card_yaml(card: Card, folder: Path | None = None) -> str:
    """One card as a YAML mapping on its own (what the validator checks as you type)."""
    return "\n".join(line[2:] for line in card_lines(card, folder, indent="")) + "\n"


def pack_yaml(header: PackHeader, cards: list[Card], folder: Path | None = None,
              journey: Sequence[str] = ()) -> str:
    """A whole pack file: header, then every card, separated by blank lines, then ``journey``
    (the pack's starter and opponents as :func:`.writer_journey.journey_lines` writes them)."""
    out = [
        "# A card pack for the Jazz Jackrabbit Card Game (Jayden & Jazz),",
        "# written by the Card Workshop. The format is in docs/card-packs.md;",
        "# check it with: python -m jayden_jazz.cards validate THIS_FOLDER",
        "",
        "pack:",
        f"  id: {plain_id(header.id)}",
        f"  name: {quote(header.name)}",
        f"  author: {quote(header.author)}",
        f"  version: {quote(header.version)}",
        "  format: 1",
        "",
        "cards:" if cards else "cards: []",
    ]
    for i, card in enumerate(cards):
        if i:
            out.append("")
        out += card_lines(card, folder)
    out += journey
    return "\n".join(out) + "\n"


def write_pack(path: Path, header: PackHeader, cards: list[Card], journey: Sequence[str] = ()) -> None:
    """Write a pack file atomically; pictures are written relative to its folder."""
    path = Path(path)
    atomic_write_bytes(path, pack_yaml(header, cards, path.parent, journey).encode("utf-8"))


__all__ = ["PackHeader", "atomic_write_bytes", "card_lines", "card_yaml", "pack_yaml", "picture_path",
           "quote", "write_pack"]
