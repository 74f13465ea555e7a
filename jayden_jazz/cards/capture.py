"""What a capture step is and what it may read of the field.

Capture is a list of steps run by the one pipeline of
:class:`~jayden_jazz.cards.core.Core`. A step sees the field through the
:class:`Board` protocol (the core provides it), so a step depends on the
reads it makes, not on the core's lists. The steps a setup can name are
listed in :mod:`.rules` (``register_capture_step`` adds one).
"""

from __future__ import annotations

from typing import Protocol

from .card import Card
from .judge import Adjacency


class Board(Protocol):
    """The field as a capture step reads it. Every value is the effective one (printed,
    active modifiers and Elemental, clamped once)."""

    @property
    def ties(self) -> int:
        """The basic comparison's mode (:attr:`Rules.comparison_mode`)."""
        ...

    def adjacency(self, cell: int) -> Adjacency:
        """(side, neighbour cell, neighbour's touching side) for each playable neighbour."""
        ...

    def walls(self, cell: int) -> tuple[int, ...]:
        """Sides of ``cell`` facing the edge of the field or a hole."""
        ...

    def card_at(self, cell: int) -> Card | None: ...

    def owner_at(self, cell: int) -> int | None: ...

    def value(self, cell: int, side: int) -> int:
        """Effective value of one side of the card on ``cell``."""
        ...

    def side_captures(self, cell: int, seat: int, ties: int) -> list[int]:
        """Neighbours the card on ``cell`` takes for ``seat`` by the basic comparison."""
        ...


class CaptureStep(Protocol):
    """One step of the capture rule.

    ``captures(board, cell, seat)`` returns the cells whose control passes to
    ``seat``; it must not change the board.

    A *decision* step (the default) is asked once, with ``cell`` the card just
    placed, against the field as it was when the card landed: every decision
    step sees the same field, and their captures are applied together. A
    *chain* step (class attribute ``chain = True``, e.g. Combo) is asked after
    that, for each cell captured by a step named in its ``started_by`` (all
    steps when it has none) and then for each cell it captured itself,
    breadth first. Each captured cell is reported with the name of the step
    that took it first (its cause).
    """

    name: str

    def captures(self, board: Board, cell: int, seat: int) -> list[int]: ...


class SideCapture:
    """The base rule: the played card's side against the touching opposite side.

    The board's mode carries the preset's ties (Updated captures on a higher
    side, Draft on equal or higher) and Reverse / Fallen Ace.
    """

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def captures(self, board: Board, cell: int, seat: int) -> list[int]:
        return board.side_captures(cell, seat, board.ties)


__all__ = ["Board", "CaptureStep", "SideCapture"]
