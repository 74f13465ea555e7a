"""The classic Triple Triad capture rules as capture steps: Same, Same Wall, Plus, Combo.

Each is written once here and run by the one pipeline of
:class:`~jayden_jazz.cards.core.Core`, so the game, the exact solver and the
Monte Carlo player all play them. Same, Same Wall and Plus are *decision*
steps: they look at the field as it was when the card landed, together with
the basic comparison. Combo is a *chain* step started by the cards they take.
Reverse and Fallen Ace are not steps: they change the basic comparison
itself (see :func:`~jayden_jazz.cards.judge.comparison`).

Every value read here is the effective one (modifiers and Elemental summed,
clamped once), through ``board.value``.
"""

from __future__ import annotations

from typing import Any

from .rules import _STEPS, register_capture_step

ACE = 10


def touching_pairs(board: Any, cell: int) -> list[tuple[int, int, int]]:
    """(side, neighbour cell, neighbour's side) for each side that touches a card, whoever controls it."""
    return [(d, n, od) for d, n, od in board.adjacency(cell) if board.card_at(n) is not None]


def walls(board: Any, cell: int) -> list[int]:
    """Sides of ``cell`` facing the edge of the field or a hole (no playable neighbour)."""
    return list(board.judge.walls[cell])


def _opponents(board: Any, cells: list[int], seat: int) -> list[int]:
    return [n for n in cells if board.owner_at(n) != seat]


class Same:
    """Two or more touching pairs with equal values: the opponents' cards among them are taken
    (own cards count toward the pairs but stay put)."""

    name = "same"
    wall = False

    def captures(self, board: Any, cell: int, seat: int) -> list[int]:
        value = board.value
        equal = [n for d, n, od in touching_pairs(board, cell) if value(cell, d) == value(n, od)]
        count = len(equal)
        if self.wall:
            count += sum(1 for d in walls(board, cell) if value(cell, d) == ACE)
        return _opponents(board, equal, seat) if count >= 2 else []


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

    def captures(self, board: Any, cell: int, seat: int) -> list[int]:
        value = board.value
        by_sum: dict[int, list[int]] = {}
        for d, n, od in touching_pairs(board, cell):
            by_sum.setdefault(value(cell, d) + value(n, od), []).append(n)
        out: list[int] = []
        for group in by_sum.values():
            if len(group) >= 2:
                out += _opponents(board, group, seat)
        return out


class Combo:
    """Each card taken by Same, Same Wall or Plus takes its own neighbours by the basic
    comparison (with Reverse and Fallen Ace), and so on breadth first (the core runs the chain)."""

    name = "combo"
    chain = True
    started_by = ("same", "same_wall", "plus")

    def captures(self, board: Any, cell: int, seat: int) -> list[int]:
        return board.side_captures(cell, seat, board.ties)


for _step in (Same(), SameWall(), Plus(), Combo()):
    if _step.name not in _STEPS:
        register_capture_step(_step)

__all__ = ["ACE", "Combo", "Plus", "Same", "SameWall", "touching_pairs", "walls"]
