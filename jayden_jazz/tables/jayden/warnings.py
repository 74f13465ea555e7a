"""The Enhanced board's warnings, worked out once per position (each is a search of the enemy's turn)."""

from __future__ import annotations

from jayden_jazz.jayden import Position
from jayden_jazz.jayden.threats import piece_threats


class Warnings:
    """For the side to act: the enemy pieces that could take its Master next
    turn, and its other pieces the enemy could take next turn."""

    def __init__(self) -> None:
        self._key = -1
        self._found: tuple[list[int], list[int]] = ([], [])

    def of(self, pos: Position) -> tuple[list[int], list[int]]:
        key = pos.key()
        if key != self._key:
            self._key = key
            self._found = (pos.master_threats(pos.side), piece_threats(pos, pos.side))
        return self._found
