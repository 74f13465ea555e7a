"""Pixel art kept as text grids: the 8x14 font and the palette-indexed sprites.

The art lives in ``assets/`` as plain text so it can be reviewed in a diff,
edited in any editor and checked by tests, with no image tool in the loop.
Parsing is pure Python (no pygame needed); only :func:`sprite_surface` and
the loaders that call it touch pygame.

Font format (``assets/font/*.txt``)::

    # comment
    glyph U+0041 A
    <exactly 14 rows of exactly 8 cells, '#' ink, '.' paper>

Sprite format (``assets/sprites/*.txt``, ``assets/icon/*.txt``)::

    # comment
    sprite hero 32x25
    <exactly 25 rows of exactly 32 cells>

Sprite cells: ``.`` transparent, ``0``-``9`` and ``A``-``F`` fixed EGA
indices (hex), and three team cells so one drawing serves both sides:

=====  ==========  =================  =================  =================
cell   role        green              red                neutral (None)
=====  ==========  =================  =================  =================
``T``  main        2 green            4 red              7 light gray
``t``  dark        8 dark gray        6 brown            8 dark gray
``L``  light       10 light green     12 light red       15 white
=====  ==========  =================  =================  =================

EGA has no darker green or red, so the dark shades borrow the nearest
sombre colour: dark gray reads as the shadow side of green, brown as that of
red (it is what EGA itself did with "dark yellow"). Light cells are the lit
edges and highlights. ``None`` gives a neutral gray piece for menus and
previews.

Comments are lines whose first character is ``#`` *outside* a grid; inside a
grid every line is a row, so a font row of ``########`` is never mistaken
for a comment.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Mapping, NamedTuple

if TYPE_CHECKING:
    import pygame

GLYPH_W, GLYPH_H = 8, 14

#: Palette slot used as the colour key of every sprite surface; it is outside
#: the 16 EGA colours, so no drawn cell can ever be keyed out by accident.
TRANSPARENT_INDEX = 255


def _assets_dir() -> Path:
    """Shipped assets as the rest of the game finds them (checkout, wheel,
    bundle); the checkout layout is the fallback so the parsers stay usable
    from tools even when :mod:`jayden_jazz.paths` cannot find a bundle."""
    try:
        from jayden_jazz.paths import shipped_dir

        return shipped_dir("assets")
    except (ImportError, FileNotFoundError):
        return Path(__file__).resolve().parents[2] / "assets"


ASSETS_DIR = _assets_dir()
FONT_PATH = ASSETS_DIR / "font" / "ega8x14.txt"
PIECES_PATH = ASSETS_DIR / "sprites" / "pieces.txt"
TITLE_PATH = ASSETS_DIR / "sprites" / "title.txt"
ICON_PATH = ASSETS_DIR / "icon" / "icon.txt"

#: Piece sprite names in ``pieces.txt``, keyed by the Jayden position letter
#: (uppercase; the same drawing serves both sides through team colours).
PIECE_SPRITE_BY_LETTER: dict[str, str] = {
    "C": "cannon",
    "D": "dragon",
    "H": "hero",
    "I": "interceptor",
    "K": "mark",
    "M": "master",
    "R": "raider",
    "S": "scout",
    "N": "sentinel",
    "X": "sentinel_deployed",
}


class TeamColours(NamedTuple):
    """EGA indices substituted for the ``T``, ``t`` and ``L`` cells."""

    main: int
    dark: int
    light: int


TEAM_COLOURS: dict[str, TeamColours] = {
    "green": TeamColours(main=2, dark=8, light=10),
    "red": TeamColours(main=4, dark=6, light=12),
}
NEUTRAL_COLOURS = TeamColours(main=7, dark=8, light=15)

_HEX_CELLS = "0123456789ABCDEF"
SPRITE_CELLS = frozenset(_HEX_CELLS + ".TtL")
_GLYPH_HEADER = re.compile(r"^glyph\s+U\+([0-9A-Fa-f]{4,6})(?:\s+(.*))?$")
_SPRITE_HEADER = re.compile(r"^sprite\s+([A-Za-z_][A-Za-z0-9_]*)\s+(\d+)x(\d+)\s*$")


class ArtFormatError(ValueError):
    """A malformed art file; the message names the source and line number."""


def _fail(source: str, lineno: int, message: str) -> ArtFormatError:
    return ArtFormatError(f"{source}:{lineno}: {message}")


def _read_blocks(
    text: str, source: str, header: re.Pattern[str], keyword: str,
    height_of: Callable[[re.Match[str]], int],
) -> list[tuple[int, re.Match[str], list[tuple[int, str]]]]:
    """Split a file into (header line number, header match, grid lines).

    After a header exactly ``height_of(match)`` lines are taken as the grid,
    whatever they hold, so a grid row of ``#`` cells is never read as a
    comment; a grid cut short by a blank line, a header or the end of the
    file is reported at the line where it stops.
    """
    lines = text.splitlines()
    blocks: list[tuple[int, re.Match[str], list[tuple[int, str]]]] = []
    i = 0
    while i < len(lines):
        lineno, line = i + 1, lines[i].rstrip()
        i += 1
        if not line or line.startswith("#"):
            continue
        if not (line.startswith(keyword + " ") or line == keyword):
            raise _fail(source, lineno, f"unexpected line outside a {keyword}: {line!r}")
        m = header.match(line)
        if m is None:
            raise _fail(source, lineno, f"bad {keyword} header {line!r}")
        rows: list[tuple[int, str]] = []
        height = height_of(m)
        while len(rows) < height and i < len(lines):
            row = lines[i].rstrip()
            if not row or row.startswith(keyword + " "):
                break
            rows.append((i + 1, row))
            i += 1
        blocks.append((lineno, m, rows))
    return blocks


def _check_grid(
    source: str, lineno: int, what: str, rows: list[tuple[int, str]],
    width: int, height: int, allowed: frozenset[str],
) -> list[str]:
    if len(rows) != height:
        where = rows[-1][0] + 1 if rows else lineno + 1
        raise _fail(source, where, f"{what} has only {len(rows)} rows, expected {height}")
    for row_lineno, row in rows:
        if len(row) != width:
            raise _fail(source, row_lineno, f"{what} row is {len(row)} cells wide, expected {width}")
        bad = sorted(set(row) - allowed)
        if bad:
            raise _fail(source, row_lineno, f"{what} row has invalid cell(s) {''.join(bad)!r}")
    return [row for _, row in rows]


def parse_font(text: str, source: str = "<font>",
               size: tuple[int, int] = (GLYPH_W, GLYPH_H)) -> dict[str, list[str]]:
    """Glyph rows by character, from the ``glyph U+XXXX`` text format.

    The code point is authoritative; the optional character after it is a
    label for humans and is checked against the code point when it is a
    single character, so a mislabelled glyph cannot slip through.
    """
    glyphs: dict[str, list[str]] = {}
    first_line: dict[str, int] = {}
    width, height = size
    for lineno, m, rows in _read_blocks(text, source, _GLYPH_HEADER, "glyph", lambda m: height):
        code = int(m.group(1), 16)
        if code > 0x10FFFF:
            raise _fail(source, lineno, f"code point U+{code:X} out of range")
        ch = chr(code)
        label = m.group(2)
        if label is not None and len(label) == 1 and label != ch:
            raise _fail(source, lineno, f"label {label!r} does not match U+{code:04X} ({ch!r})")
        if ch in glyphs:
            raise _fail(source, lineno, f"duplicate glyph U+{code:04X} (first at line {first_line[ch]})")
        glyphs[ch] = _check_grid(source, lineno, f"glyph U+{code:04X}", rows,
                                 width, height, frozenset("#."))
        first_line[ch] = lineno
    if not glyphs:
        raise ArtFormatError(f"{source}: no glyphs found")
    return glyphs


def load_font_glyphs(path: str | Path = FONT_PATH) -> dict[str, list[str]]:
    """Parse a font file from disk (default: the game's 8x14 font)."""
    path = Path(path)
    return parse_font(path.read_text(encoding="utf-8"), source=str(path))


def parse_sprites(text: str, source: str = "<sprites>") -> dict[str, list[str]]:
    """Sprite rows by name, in file order, from the ``sprite name WxH`` format."""
    sprites: dict[str, list[str]] = {}
    first_line: dict[str, int] = {}
    for lineno, m, rows in _read_blocks(text, source, _SPRITE_HEADER, "sprite",
                                            lambda m: int(m.group(3))):
        name, width, height = m.group(1), int(m.group(2)), int(m.group(3))
        if width <= 0 or height <= 0:
            raise _fail(source, lineno, f"sprite {name} has an empty size {width}x{height}")
        if name in sprites:
            raise _fail(source, lineno, f"duplicate sprite {name!r} (first at line {first_line[name]})")
        sprites[name] = _check_grid(source, lineno, f"sprite {name}", rows,
                                    width, height, SPRITE_CELLS)
        first_line[name] = lineno
    if not sprites:
        raise ArtFormatError(f"{source}: no sprites found")
    return sprites


def team_colours(team: object) -> TeamColours:
    """Colours for a side, however the caller names it.

    Accepted: ``None`` (neutral gray); ``"green"``/``"red"`` or ``"g"``/``"r"``
    in any case; the engine's side numbers ``0`` (Green) and ``1`` (Red) from
    :mod:`jayden_jazz.jayden.pieces`; an enum whose name is one of the words;
    or a :class:`TeamColours` for a custom scheme.
    """
    if team is None:
        return NEUTRAL_COLOURS
    if isinstance(team, TeamColours):
        return team
    if isinstance(team, int) and not isinstance(team, bool) and team in (0, 1):
        return TEAM_COLOURS[("green", "red")[team]]
    key = team if isinstance(team, str) else getattr(team, "name", None)
    if isinstance(key, str):
        key = key.strip().lower()
        for name, colours in TEAM_COLOURS.items():
            if key in (name, name[0]):
                return colours
    raise ValueError(f"unknown team {team!r}; expected 'green', 'red' or None")


def sprite_indices(rows: list[str], team: object = None) -> list[list[int]]:
    """Palette index per cell (``TRANSPARENT_INDEX`` for ``.``); pure Python."""
    colours = team_colours(team)
    lut = {c: i for i, c in enumerate(_HEX_CELLS)}
    lut.update({".": TRANSPARENT_INDEX, "T": colours.main, "t": colours.dark, "L": colours.light})
    try:
        return [[lut[c] for c in row] for row in rows]
    except KeyError as exc:
        raise ValueError(f"invalid sprite cell {exc.args[0]!r}") from None


def sprite_surface(rows: list[str], team: object = None) -> pygame.Surface:
    """An 8-bit surface with the EGA palette, colour-keyed on ``.`` cells.

    8-bit keeps the sprite in palette indices, so blitting it onto the
    logical screen never introduces a colour outside the 16.
    """
    import pygame

    from jayden_jazz.shell.palette import FULL_PALETTE

    if not rows or any(len(r) != len(rows[0]) for r in rows):
        raise ValueError("sprite rows must be non-empty and all the same width")
    width, height = len(rows[0]), len(rows)
    data = bytes(i for row in sprite_indices(rows, team) for i in row)
    surf = pygame.image.frombytes(data, (width, height), "P")
    palette = list(FULL_PALETTE)
    palette[TRANSPARENT_INDEX] = (255, 0, 254)  # never shown; distinct from every EGA colour
    surf.set_palette(palette)
    surf.set_colorkey(TRANSPARENT_INDEX)
    return surf


def load_sprite_rows(path: str | Path) -> dict[str, list[str]]:
    """Parse a sprite file from disk without touching pygame."""
    path = Path(path)
    return parse_sprites(path.read_text(encoding="utf-8"), source=str(path))


def load_sprites(path: str | Path = PIECES_PATH, team: object = None) -> dict[str, pygame.Surface]:
    """Every sprite of a file as surfaces in one team's colours."""
    return {name: sprite_surface(rows, team) for name, rows in load_sprite_rows(path).items()}


def glyph_surface(rows: list[str], ink: int = 15) -> pygame.Surface:
    """One font glyph as a colour-keyed sprite in palette colour ``ink``."""
    cell = _HEX_CELLS[ink]
    return sprite_surface([r.replace("#", cell) for r in rows])


def text_rows(glyphs: Mapping[str, list[str]], text: str, fallback: str = "?") -> list[str]:
    """A line of text as ``#``/``.`` rows, for previews and tests (no pygame)."""
    blank = ["." * GLYPH_W] * GLYPH_H
    parts = [glyphs.get(ch, glyphs.get(fallback, blank)) for ch in text]
    return ["".join(p[y] for p in parts) for y in range(GLYPH_H)] if parts else []
