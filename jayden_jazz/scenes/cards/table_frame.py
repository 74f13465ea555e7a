"""One frame of the card table as plain values: what the renderer paints, and nothing more.

The renderer never holds the engine's game: a frame is built from what
the viewer may see (the field as it is shown, each hand as this screen
may see it) and handed over frozen, so drawing can neither change the
game nor find in it what the player may not see. A hand card this screen
may not see is only ``None`` here (a face down card), never its id or its
name; a test walks a frame's values to prove it.

The cursor's places (:data:`SlotKey`) live here too, since the view names
them; :mod:`render` gives them on for the modules that import them there.
"""

from __future__ import annotations

from collections.abc import Mapping
import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Union

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.cards import Card, EffectInfo

CellKey = tuple[Literal["cell"], int]                 # ("cell", grid index)
HandKey = tuple[Literal["hand"], int, int]            # ("hand", seat, index in the engine's hand)
SlotKey = Union[CellKey, HandKey]
"""A place the cursor can rest on; ``key[0]`` tells the two kinds apart (and narrows the type)."""


def cell_key(index: int) -> SlotKey:
    return ("cell", index)


def hand_key(seat: int, index: int) -> SlotKey:
    return ("hand", seat, index)


@dataclass(frozen=True)
class TableView:
    """What the scene adds on top of the table's cards for one frame."""

    visible: frozenset[int] = frozenset()          # seats whose hands are face up
    cursor: SlotKey | None = None
    selected: SlotKey | None = None                # the hand card picked to play
    pending: tuple[int, int, int] | None = None    # (seat, hand index, cell): placed, not yet confirmed
    preview: frozenset[int] = frozenset()          # cells the selected card would capture at the cursor
    preview_values: tuple[int, tuple[int, ...], tuple[int, ...]] | None = None   # (cell, values there, printed)
    candidates: frozenset[SlotKey] = frozenset()   # legal targets while choosing an ability's targets
    chosen: frozenset[SlotKey] = frozenset()
    flips: dict[int, tuple[int, float]] = field(default_factory=dict)   # cell -> (old owner, progress)
    last: int | None = None
    board: dict[int, tuple[Any, int]] | None = None   # cells as shown so far, while steps play
    step_cell: int | None = None                   # the cell the step on screen is about
    hint: tuple[SlotKey, int] | None = None        # the hinted hand card and cell
    computer_pick: SlotKey | None = None
    drawn: SlotKey | None = None                   # Chaos: the face-up hand card drawn in the step on screen
    dimmed: frozenset[SlotKey] = frozenset()       # hand cards a hand rule (Order, Chaos) does not let play
    revealed: frozenset[SlotKey] = frozenset()     # hidden-hand cards everybody knows (Three Open, given)
    known_own: frozenset[SlotKey] = frozenset()    # cards of a hand face up here that the other seats know too
    blink: bool = True
    top: list[tuple[str, int]] = field(default_factory=list)
    bottom: list[tuple[str, int]] = field(default_factory=list)
    seat_labels: tuple[str, ...] = ()
    highlight: int | None = None                   # whose turn it is
    game_over: bool = False
    banner: tuple[str, str] | None = None          # (word, cause): "Same!" announced large, covering no card
    matched: tuple[tuple[int, int], ...] = ()      # (cell, side): the values Same or Plus matched, framed
    values: dict[int, tuple[int, int, int, int]] | None = None   # cell -> sides as the steps show them
    scores: tuple[int, ...] | None = None          # cards on the field per seat, as the steps show them
    hands: tuple[tuple[Any, ...], ...] | None = None   # each hand as Hand Swap's steps show it; None: face down


@dataclass(frozen=True)
class FieldCard:
    """A card on the field as drawn: its face, whose colour it wears, the values it shows."""

    card: Card
    owner: int
    values: tuple[int, ...]


@dataclass(frozen=True)
class TableFrame:
    """One frame of the table: the cards as this screen may see them and the scene's
    :class:`TableView` (cursor, previews, the steps shown so far, texts).

    ``field`` holds every card drawn on the field; ``hands`` each seat's hand as drawn, a card
    this screen may not see being ``None``; ``held`` the cards each seat holds in the game
    (which may differ from ``hands`` while Hand Swap's steps play); ``placed`` the card shown on
    ``view.pending``'s cell; ``elements`` every elemental cell's element and the modifier of the
    card drawn on it (None on an empty cell); ``effects`` the running Turn effects. ``names``
    tells the renderer when the names in sight may have changed: frames with equal ``names``
    keys show the same cards (None: compare them)."""

    view: TableView
    players: int
    field: Mapping[int, FieldCard]
    hands: tuple[tuple[Card | None, ...], ...]
    held: tuple[int, ...]
    scores: tuple[int, ...]
    placed: Card | None = None
    elements: Mapping[int, tuple[str, int | None]] = dataclasses.field(default_factory=dict)
    effects: tuple[EffectInfo, ...] = ()
    names: tuple | None = None

    def seen_names(self) -> list[str]:
        """The name of every card drawn face up: the field, the placed card, the hand cards seen."""
        out = [fc.card.name for fc in self.field.values()]
        if self.placed is not None:
            out.append(self.placed.name)
        out += [card.name for hand in self.hands for card in hand if card is not None]
        return out


__all__ = ["CellKey", "FieldCard", "HandKey", "SlotKey", "TableFrame", "TableView", "cell_key", "hand_key"]
