"""Field shapes: data in, a numpy neighbour table out.

A field is any grid of playable cells and holes read from YAML
(``assets/fields/*.yaml``). The neighbour table is built once per shape, so
finding a placement's neighbours is a row look-up, holes and edges already
removed. The engine copies the table into plain tuples for its hot loop;
this module's arrays stay the source of truth.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Callable

import numpy as np
import yaml

from jayden_jazz.yamlbase import safe_load

from .card import OPPOSITE
from .errors import FieldError

PLAYABLE, HOLE = "#", "."
MAX_WIDTH = 26          # one file letter per column
MAX_HEIGHT = 99
MIN_CELLS_FOR_MORE_PLAYERS = 12
"""Rules' ruling: shapes with fewer playable cells (3x3 among them) take two players."""

DIRECTIONS: tuple[tuple[int, int], ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
"""(column step, row step) for top, right, bottom, left, the side order of cards."""

_NAME_RE = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
_CELL_RE = re.compile(r"^([a-z]+)([0-9]+)$")


def cell_name(col: int, row: int) -> str:
    """``a1`` is the top-left cell: file letter from the left, row number from the top."""
    return f"{chr(ord('a') + col)}{row + 1}"


def parse_cell_name(name: str) -> tuple[int, int]:
    """``"b3"`` -> (1, 2) as (column, row); raises ValueError when malformed."""
    m = _CELL_RE.match(name)
    if not m or len(m.group(1)) != 1:
        raise ValueError(f"a cell is a file letter and a row number such as 'b2', not {name!r}")
    return ord(m.group(1)) - ord("a"), int(m.group(2)) - 1


@dataclass(frozen=True)
class Symmetry:
    """A map of the square onto itself.

    ``cells[i]`` is where cell ``i`` goes; ``sides[d]`` is where a card's side
    ``d`` then faces. Cards keep their printed orientation in play, so a
    position is only equivalent to its image when every card's sides are
    permuted too (or all cards are side-symmetric): this is a search aid,
    not a rule.
    """

    name: str
    cells: tuple[int, ...]
    sides: tuple[int, int, int, int]


def _on_square(f: Callable[[int, int, int], tuple[int, int]], n: int) -> Callable[[int, int], tuple[int, int]]:
    return lambda c, r: f(c, r, n)


_TRANSFORMS: dict[str, Callable[[int, int, int], tuple[int, int]]] = {
    # name: (col, row, n) -> (col', row') on an n x n square
    "identity": lambda c, r, n: (c, r),
    "rot90": lambda c, r, n: (n - 1 - r, c),
    "rot180": lambda c, r, n: (n - 1 - c, n - 1 - r),
    "rot270": lambda c, r, n: (r, n - 1 - c),
    "flip_h": lambda c, r, n: (n - 1 - c, r),
    "flip_v": lambda c, r, n: (c, n - 1 - r),
    "diag": lambda c, r, n: (r, c),
    "anti_diag": lambda c, r, n: (n - 1 - r, n - 1 - c),
}


class Field:
    """A field shape. Cells are numbered row-major over the whole grid, holes included."""

    def __init__(self, rows: list[str] | tuple[str, ...], name: str = "custom",
                 title: str | None = None) -> None:
        rows = tuple(rows)
        _check_shape(rows, name)
        self.name = name
        self.title = title or name
        self.rows = rows
        self.height = len(rows)
        self.width = len(rows[0])
        self.playable = np.array([[ch == PLAYABLE for ch in row] for row in rows], dtype=bool)
        self.playable.setflags(write=False)
        self.neighbours = _neighbour_table(self.playable)
        self.cells = tuple(int(i) for i in np.flatnonzero(self.playable.ravel()))

    # -- construction -------------------------------------------------------------

    @classmethod
    def rectangle(cls, width: int, height: int | None = None) -> "Field":
        height = width if height is None else height
        return cls([PLAYABLE * width] * height, name=f"{width}x{height}")

    @classmethod
    def from_text(cls, text: str, name: str = "custom") -> "Field":
        """Rows joined by ``/``, as in position strings: ``"###/#.#/###"``."""
        return cls(text.split("/"), name=name)

    def text(self) -> str:
        return "/".join(self.rows)

    # -- identity -----------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Field) and (self.name, self.rows) == (other.name, other.rows)

    def __hash__(self) -> int:
        return hash((self.name, self.rows))

    def __repr__(self) -> str:
        return f"Field({self.name!r}, {self.text()!r})"

    # -- cells --------------------------------------------------------------------

    @property
    def size(self) -> int:
        """Number of grid positions, holes included (length of per-cell arrays)."""
        return self.width * self.height

    @property
    def playable_count(self) -> int:
        return len(self.cells)

    @property
    def is_square(self) -> bool:
        return self.width == self.height

    @property
    def allowed_players(self) -> tuple[int, ...]:
        if self.playable_count < MIN_CELLS_FOR_MORE_PLAYERS:
            return (2,)
        return (2, 3, 4)

    @property
    def has_holes(self) -> bool:
        return self.playable_count < self.size

    @cached_property
    def cell_names(self) -> tuple[str, ...]:
        """Name of every grid position by index (holes have names too)."""
        return tuple(cell_name(i % self.width, i // self.width) for i in range(self.size))

    @cached_property
    def _index(self) -> dict[str, int]:
        return {n: i for i, n in enumerate(self.cell_names)}

    def index(self, name: str) -> int:
        """Grid index of a cell name; raises ValueError for a name off the grid."""
        try:
            return self._index[name]
        except KeyError:
            raise ValueError(f"there is no cell {name!r} on the {self.name} field") from None

    def name_of(self, index: int) -> str:
        return self.cell_names[index]

    def coords(self, index: int) -> tuple[int, int]:
        """(column, row) of a grid index, for drawing."""
        return index % self.width, index // self.width

    def at(self, col: int, row: int) -> int:
        """Grid index of (column, row), or -1 off the grid."""
        if 0 <= col < self.width and 0 <= row < self.height:
            return row * self.width + col
        return -1

    def is_playable(self, index: int) -> bool:
        return 0 <= index < self.size and bool(self.playable.flat[index])

    def adjacent(self, index: int) -> tuple[int, ...]:
        """Playable neighbours of a cell, in side order (top, right, bottom, left)."""
        return tuple(int(n) for n in self.neighbours[index] if n >= 0)

    # -- symmetries ---------------------------------------------------------------

    def symmetries(self) -> list[Symmetry]:
        """Maps of the grid onto itself that keep holes on holes (identity first).

        A square has eight candidates, any other rectangle four.
        """
        n = self.width
        names = list(_TRANSFORMS) if self.is_square else ["identity", "rot180", "flip_h", "flip_v"]
        out = []
        for name in names:
            f = _TRANSFORMS[name]
            fn: Callable[[int, int], tuple[int, int]]
            if self.is_square:
                fn = _on_square(f, n)
            else:
                w, h = self.width, self.height
                fn = {
                    "identity": lambda c, r: (c, r),
                    "rot180": lambda c, r: (w - 1 - c, h - 1 - r),
                    "flip_h": lambda c, r: (w - 1 - c, r),
                    "flip_v": lambda c, r: (c, h - 1 - r),
                }[name]
            cells = []
            ok = True
            for i in range(self.size):
                c, r = self.coords(i)
                c2, r2 = fn(c, r)
                j = r2 * self.width + c2
                if bool(self.playable.flat[i]) != bool(self.playable.flat[j]):
                    ok = False
                    break
                cells.append(j)
            if not ok:
                continue
            sides = []
            for dc, dr in DIRECTIONS:
                # where a step in direction d lands after the transform, from a middle cell
                c0, r0 = fn(0, 0)
                c1, r1 = fn(dc, dr)
                step = (c1 - c0, r1 - r0)
                sides.append(DIRECTIONS.index(step))
            out.append(Symmetry(name, tuple(cells), (sides[0], sides[1], sides[2], sides[3])))
        return out


def _check_shape(rows: tuple[str, ...], name: str) -> None:
    where = f"field {name!r}"
    if not isinstance(name, str) or not _NAME_RE.match(name):
        raise FieldError(f"{where}: a field name is lowercase letters, digits, '_' and '-' "
                         "(such as '5x5' or 'ring5')")
    if not rows:
        raise FieldError(f"{where}: it has no rows")
    for i, row in enumerate(rows, 1):
        if not isinstance(row, str):
            raise FieldError(f"{where}: row {i} is not text; write rows such as \"##.##\"")
        bad = sorted(set(row) - {PLAYABLE, HOLE})
        if bad:
            raise FieldError(f"{where}: row {i} holds {', '.join(repr(c) for c in bad)}; "
                             "only '#' (playable) and '.' (hole) are allowed")
    widths = {len(r) for r in rows}
    if len(widths) != 1:
        lengths = ", ".join(str(len(r)) for r in rows)
        raise FieldError(f"{where}: rows must all be the same length (they are {lengths})")
    width = widths.pop()
    if width == 0:
        raise FieldError(f"{where}: rows are empty")
    if width > MAX_WIDTH or len(rows) > MAX_HEIGHT:
        raise FieldError(f"{where}: at most {MAX_WIDTH} columns and {MAX_HEIGHT} rows")
    if not any(PLAYABLE in r for r in rows):
        raise FieldError(f"{where}: it needs at least one playable cell '#'")


def _neighbour_table(playable: np.ndarray) -> np.ndarray:
    """``table[i, d]``: the playable cell next to ``i`` on side ``d``, or -1."""
    h, w = playable.shape
    table = np.full((h * w, 4), -1, dtype=np.int16)
    rows, cols = np.nonzero(playable)
    for d, (dc, dr) in enumerate(DIRECTIONS):
        nr, nc = rows + dr, cols + dc
        inside = (nr >= 0) & (nr < h) & (nc >= 0) & (nc < w)
        ok = inside.copy()
        ok[inside] = playable[nr[inside], nc[inside]]
        table[rows[ok] * w + cols[ok], d] = nr[ok] * w + nc[ok]
    table.setflags(write=False)
    return table


# -- files ----------------------------------------------------------------------


def field_from_data(data: object, source: str = "field") -> Field:
    """A field from parsed YAML: a mapping with ``name``, ``rows`` and optional ``title``."""
    if not isinstance(data, dict):
        raise FieldError(f"{source}: a field file is a mapping with 'name' and 'rows'")
    unknown = sorted(set(data) - {"name", "rows", "title"})
    if unknown:
        raise FieldError(f"{source}: unknown key {unknown[0]!r}; a field file has name, rows, title")
    name = data.get("name")
    rows = data.get("rows")
    if name is None or rows is None:
        raise FieldError(f"{source}: a field file needs both 'name' and 'rows'")
    if isinstance(rows, str):
        rows = rows.split("/")
    if not isinstance(rows, list):
        raise FieldError(f"{source}: 'rows' is a list of strings such as \"##.##\"")
    title = data.get("title")
    if title is not None and not isinstance(title, str):
        raise FieldError(f"{source}: 'title' is text")
    try:
        return Field(rows, name=str(name), title=title)
    except FieldError as e:
        raise FieldError(f"{source}: {e}") from None


def load_field(path: Path) -> Field:
    try:
        text = Path(path).read_text(encoding="utf-8")
        data = safe_load(text)
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as e:
        raise FieldError(f"{path}: cannot read the field file ({e})") from None
    return field_from_data(data, str(path))


def fields_folder() -> Path:
    """The game's own ``assets/fields``."""
    try:
        from jayden_jazz.paths import asset
        return asset("fields")
    except (ImportError, FileNotFoundError):  # pragma: no cover - bare checkout without fonts
        return Path(__file__).resolve().parents[2] / "assets" / "fields"


def load_fields(folder: Path | None = None) -> dict[str, Field]:
    """Every ``*.yaml`` field in a folder by name; a bad file raises FieldError."""
    folder = fields_folder() if folder is None else Path(folder)
    out: dict[str, Field] = {}
    for path in sorted(folder.glob("*.yaml")):
        f = load_field(path)
        if f.name in out:
            raise FieldError(f"{path}: a field named {f.name!r} is already defined")
        out[f.name] = f
    return out


_RECT_RE = re.compile(r"^(\d+)x(\d+)$")


def get_field(name: str, folder: Path | None = None) -> Field:
    """A field by name from ``assets/fields``; ``WxH`` names fall back to a rectangle."""
    try:
        fields = load_fields(folder)
    except FileNotFoundError:
        fields = {}
    if name in fields:
        return fields[name]
    m = _RECT_RE.match(name)
    if m:
        return Field.rectangle(int(m.group(1)), int(m.group(2)))
    known = ", ".join(sorted(fields)) or "none"
    raise FieldError(f"no field named {name!r}; known fields: {known}")


__all__ = ["DIRECTIONS", "Field", "Symmetry", "OPPOSITE", "cell_name", "field_from_data",
           "fields_folder", "get_field", "load_field", "load_fields", "parse_cell_name"]
