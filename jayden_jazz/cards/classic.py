"""The classic Triple Triad capture rules as capture steps: Same, Same Wall, Plus, Combo.

Each is run by the one pipeline of :class:`~jayden_jazz.cards.core.Core`
for a setup with a step of another kind; :mod:`.classic_table` compiles the
same judgements for the classic rules alone (with Turn effects through
:mod:`.turn_values`), and the tests hold the two equal. Same, Same Wall and Plus are *decision* steps: they look at the field
as it was when the card landed, together with the basic comparison. Combo
is a *chain* step started by the cards they take. What counts as a Same or
a Plus is judged in :mod:`.judge` (:func:`~.judge.same_taken`,
:func:`~.judge.plus_taken`), for these steps and the compiled forms alike.
Reverse and Fallen Ace are not steps: they change the basic comparison
itself (see :func:`~jayden_jazz.cards.judge.comparison`).

Every value read here is the effective one (modifiers and Elemental summed,
clamped once), through ``board.value``.
"""

from __future__ import annotations

from collections.abc import Sequence

from .capture import Board
from .judge import ACE, Pair, plus_taken, same_taken


def touching_pairs(board: Board, cell: int) -> list[tuple[int, int, int]]:
    """(side, neighbour cell, neighbour's side) for each side that touches a card, whoever controls it."""
    return [(d, n, od) for d, n, od in board.adjacency(cell) if board.card_at(n) is not None]


def touching_values(board: Board, cell: int) -> list[Pair]:
    """(neighbour cell, the card's side, the neighbour's touching side) for each touching card."""
    value = board.value
    return [(n, value(cell, d), value(n, od)) for d, n, od in touching_pairs(board, cell)]


def walls(board: Board, cell: int) -> list[int]:
    """Sides of ``cell`` facing the edge of the field or a hole (no playable neighbour)."""
    return list(board.walls(cell))


def _opponents(board: Board, cells: Sequence[int], seat: int) -> list[int]:
    return [n for n in cells if board.owner_at(n) != seat]


class Same:
    """Two or more touching pairs with equal values: the opponents' cards among them are taken
    (own cards count toward the pairs but stay put)."""

    name = "same"
    wall = False

    def captures(self, board: Board, cell: int, seat: int) -> list[int]:
        aces = sum(1 for d in board.walls(cell) if board.value(cell, d) == ACE) if self.wall else 0
        return _opponents(board, same_taken(touching_values(board, cell), aces), seat)


class SameWall(Same):
    """Same, where a side of value A facing the edge or a hole also counts as an equal pair.

    Run after Same: a capture Same makes alone keeps the cause ``same``; those that need a
    wall are ``same_wall``.
    """

    name = "same_wall"
    wall = True


class Plus:
    """The same sum on two or more touching pairs: the opponents' cards among them are taken.
    Walls and holes never count."""

    name = "plus"

    def captures(self, board: Board, cell: int, seat: int) -> list[int]:
        return _opponents(board, plus_taken(touching_values(board, cell)), seat)


class Combo:
    """Each card taken by Same, Same Wall or Plus takes its own neighbours by the basic
    comparison (with Reverse and Fallen Ace), and so on breadth first (the core runs the chain)."""

    name = "combo"
    chain = True
    started_by = ("same", "same_wall", "plus")

    def captures(self, board: Board, cell: int, seat: int) -> list[int]:
        return board.side_captures(cell, seat, board.ties)


__all__ = ["Combo", "Plus", "Same", "SameWall", "touching_pairs", "touching_values", "walls"]
