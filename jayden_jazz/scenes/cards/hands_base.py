"""What another mode gives the hand picker to remember hands with (a Journey profile)."""

from __future__ import annotations

from typing import Protocol


class OwnHands(Protocol):
    """Another mode's own memory of hands (a Journey profile's): the picker's Last hand reads and keeps
    it instead of the card game's settings, and a remembered hand is taken whole or not at all."""

    def last(self) -> tuple[list[str], str | None]:
        """The last hand, or why it cannot be offered now (none yet, a card no longer owned)."""

    def keep(self, hand: list[str]) -> None:
        """Remember the hand just chosen as the next Last hand."""

    def missing(self, ids: list[str], what: str) -> str | None:
        """Why a remembered hand cannot be loaded whole (its cards not on offer, by name); None when it can."""


__all__ = ["OwnHands"]
