"""Perft: count the action tree, the standard check of a generator."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from jayden_jazz.jayden.actions import Action
    from jayden_jazz.jayden.position import Position


def perft(pos: Position, depth: int) -> int:
    """Leaves of the legal-action tree ``depth`` actions deep.

    Set ``quiet_draw=False`` on the position for the standard counts.
    """
    if depth < 0:
        raise ValueError("perft depth must be >= 0")
    if depth == 0:
        return 1
    acts = pos._legal()
    if depth == 1:
        return len(acts)
    total = 0
    for a in list(acts):
        pos._do(a)
        total += perft(pos, depth - 1)
        pos._undo()
    return total


def perft_divide(pos: Position, depth: int) -> list[tuple[Action, int]]:
    """(action, perft(after it, depth - 1)) for every legal action, sorted by text."""
    if depth < 1:
        raise ValueError("divide needs depth >= 1")
    out = []
    for a in sorted(pos._legal(), key=str):
        pos._do(a)
        out.append((a, perft(pos, depth - 1)))
        pos._undo()
    return out
