"""The short names the small faces of a card table write, told apart across the table.

A compact face (7x7 cells, the small hand cards of 5x5 and 7x7 tables) has
room for a few small capitals, and two cards that share a first word would
wear the same short name if each were shortened alone.
:func:`.short_names.short_names` tells them apart when it is given every
name on the table; this module gives it the names the player may see: the
field as it is shown, the hands face up here, the cards of hidden hands that
everybody knows. Never a hidden card's name: the short form of a card in
sight would otherwise change with a card out of it, and tell the player so.

Working the forms out costs far more than a frame, so it is done once per
set of names in sight (once a deal, and again only when a card comes into
sight or leaves it). Even collecting the names is a twentieth of a 7x7
frame, so the live table collects them again only when the frame's cards
or what the player may see changed (a move, a hand turned up, a card revealed, the
steps of a move on screen); a frame otherwise only looks its faces up.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from jayden_jazz.scenes.cardkit.cards_art import compact_columns
from jayden_jazz.scenes.cardkit.short_names import short_names

if TYPE_CHECKING:
    from jayden_jazz.scenes.cards.table_frame import TableFrame


class TableNames:
    """The short forms of the names in sight, by how many small capitals a face has room for."""

    def __init__(self) -> None:
        self.seen: frozenset[str] = frozenset()
        self._forms: dict[int, dict[str, tuple[str, ...]]] = {}
        self._columns: dict[tuple[int, int], int] = {}
        self._faces: dict[tuple[str, tuple[int, int]], tuple[str, ...] | None] = {}   # a frame's look-ups
        self._key: tuple | None = None

    def see_table(self, frame: TableFrame) -> None:
        """The names in sight in a frame (:meth:`TableFrame.seen_names`), collected again only
        when its ``names`` key changed (a move, a hand turned up, a card revealed); while a
        move's steps are shown (no key: the board and hands as they stood) every frame."""
        if frame.names is not None:
            if frame.names == self._key:
                return
            self._key = frame.names
        else:
            self._key = None
        self.see(frame.seen_names())

    def see(self, names: Iterable[str]) -> None:
        """The names in sight now; the forms are worked out again only when they changed."""
        seen = frozenset(names)
        if seen != self.seen:
            self.seen, self._forms, self._faces = seen, {}, {}

    def short(self, name: str, size: tuple[int, int]) -> tuple[str, ...] | None:
        """The lines a face of ``size`` writes for ``name``: None where the face writes no short
        name, or for a name not in sight (shortened alone then, telling nothing of the others)."""
        key = (name, size)
        if key in self._faces:
            return self._faces[key]
        got = self._faces[key] = self._short(name, size)
        return got

    def _short(self, name: str, size: tuple[int, int]) -> tuple[str, ...] | None:
        cols = self._columns.get(size)
        if cols is None:
            cols = self._columns[size] = compact_columns(size)
        if not cols or name not in self.seen:
            return None
        forms = self._forms.get(cols)
        if forms is None:
            forms = self._forms[cols] = {n: tuple(lines) for n, lines in short_names(self.seen, cols, 2).items()}
        return forms.get(name)


__all__ = ["TableNames"]
