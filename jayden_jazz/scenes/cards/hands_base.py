"""What every part of the hand picker reads: its state, named once for the type checker.

The picker is one scene (:class:`~jayden_jazz.scenes.cards.hands.HandChoiceScene`)
put together from parts, each in its own module: searching and sorting the
grid (:mod:`.hands_search`), remembered hands (:mod:`.hands_saved`) and
drawing (:mod:`.hands_draw`). They share this base, which holds the state
they all read, so each part can be read (and checked) alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from jayden_jazz.cards import Rules
from jayden_jazz.cards.catalog import Catalog
from jayden_jazz.scenes.cardkit.cardview import CardView
from jayden_jazz.scenes.cardkit.library import Library
from jayden_jazz.scenes.cards.config import MatchConfig
from jayden_jazz.shell.scene import SceneStack

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView


class OwnHands(Protocol):
    """Another mode's own memory of hands (a Journey profile's): the picker's Last hand reads and keeps
    it instead of the card game's settings, and a remembered hand is taken whole or not at all."""

    def last(self) -> tuple[list[str], str | None]:
        """The last hand, or why it cannot be offered now (none yet, a card no longer owned)."""

    def keep(self, hand: list[str]) -> None:
        """Remember the hand just chosen as the next Last hand."""

    def missing(self, ids: list[str], what: str) -> str | None:
        """Why a remembered hand cannot be loaded whole (its cards not on offer, by name); None when it can."""


class PickerBase:
    """Not a scene itself (the scene is the class that puts the parts together), only what they read."""

    app: AppView
    stack: SceneStack
    library: Library
    config: MatchConfig
    rules: Rules
    size: int
    pool: list[str]
    shown: list[str]
    picked: list[str]
    search: str
    sort: str
    pack_filter: str | None
    index: int
    top_row: int
    focus: str
    button: int
    seat: int
    phase: str
    message: str
    ticks: int
    title: str
    on_saved: Any
    own_hands: "OwnHands | None"

    @property
    def catalog(self) -> Catalog:
        return self.library.catalog

    @property
    def still(self) -> int:
        """Cards the seat has still to pick."""
        return self.size - len(self.picked)

    def _scroll_to_cursor(self) -> None:
        raise NotImplementedError

    def current_view(self) -> CardView | None:
        raise NotImplementedError

    def help_line(self) -> str:
        raise NotImplementedError

    def find_text(self) -> str:
        raise NotImplementedError


__all__ = ["PickerBase"]
