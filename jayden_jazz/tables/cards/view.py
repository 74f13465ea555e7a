"""What a card table shows one seat, as plain values; and what the table tells its screen.

:class:`TableState` is read-only: a screen draws it, a network server sends
it to a seat. A hand the viewer may not see is given as a count and the
cards everybody knows of it (Three Open, cards another seat gave), never as
its card ids, so a state built for one seat can be sent to it as it is.

:class:`Screen` is what the controller calls when something happens that
a person at a screen should hear or see open (a sound, a pass screen, the
ability window, the end). Every method of the base class does nothing:
that is the screen of a seat that is not here (a remote seat, a test).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from jayden_jazz.tables.cards.flow import WAITS_FOR_PEOPLE, Phase
from jayden_jazz.tables.cards.movelog import LogLine

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.cards import Card, EffectInfo, Result, Rules


class Refusal(Exception):
    """A command the table does not take now; ``str(refusal)`` says why in plain words."""


@dataclass(frozen=True)
class HandView:
    """One seat's hand as the viewer may see it: ``cards`` (ids) when face up, else None;
    ``known`` maps the positions everybody knows to their card ids (Three Open's, a card another
    seat gave): of a hidden hand the only ids given, of a hand face up here the cards its owner
    knows are no secret."""

    seat: int
    size: int
    cards: tuple[str, ...] | None
    known: tuple[tuple[int, str], ...] = ()


@dataclass(frozen=True)
class Choice:
    """The placement waiting for its ability: the card (id) shown on the cell (name), the
    abilities on offer, and once one is chosen its number and the targets picked so far."""

    seat: int
    card: str
    cell: str
    offered: tuple[int, ...]
    ability: int | None = None
    chosen: tuple[str, ...] = ()
    next_targets: tuple[str, ...] = ()
    next_keys: tuple[Any, ...] = ()
    chosen_keys: tuple[Any, ...] = ()
    """``next_targets`` and ``chosen`` as slots of the table: ``("cell", index)`` or ``("hand",
    seat, index)`` (a card of the mover's hand, never the pending card's own place)."""
    index: int | None = None                          # the card's place in its seat's hand, where it stays till played
    size: int | None = None                           # the targets a whole choice of the chosen ability takes
    reach: tuple[int, ...] = ()
    """While the offer is open (ABILITY): the cells any ability on offer could pick, so the
    window that offers them can keep clear of them."""


@dataclass(frozen=True)
class Terms:
    """What a game is played under, fixed when it is dealt: the rules window words them."""

    rules: Rules
    field_title: str
    cells: int                                        # the playable cells
    holes: bool                                       # the field has holes (they are not cells)
    players: int
    date: tuple[int, int]                             # (year, month): "within the last N years" counts from it


@dataclass(frozen=True)
class Look:
    """A card as the card window shows it: on the field its values as compared now, its owner,
    its cell's element (Elemental) and that element's modifier; in a hand the card alone."""

    card: Card
    sides: tuple[int, int, int, int] | None = None
    owner: int | None = None
    element: str | None = None
    modifier: int = 0


@dataclass(frozen=True)
class TableState:
    """What the screen of ``viewer`` (None: a spectator) draws now.

    ``board`` holds (cell index, card id, owner) for every card on the field as the steps have
    shown it so far (``showing``), else as the game has it; ``flips`` the cards turning over
    (cell index, old owner, 0..1), ``step_cell`` the cell of the step on screen, ``banner`` a
    classic rule's word shown large, ``drawn`` the Chaos draw of the step on screen when that
    hand is seen. The caption and the log are worded for the people at the table's own screen.

    While Hand Swap and Three Open are shown before the first turn (``setup_showing``) the hands
    are as those steps left them so far, not yet as the game has them.
    """

    viewer: int | None
    phase: Phase
    seat: int                                        # whose turn is played or shown
    to_move: int
    ply: int
    board: tuple[tuple[int, str, int], ...]
    showing: bool
    flips: tuple[tuple[int, int, float], ...]
    step_cell: int | None
    banner: tuple[str, str] | None
    drawn: tuple[int, str] | None
    hands: tuple[HandView, ...]
    selected: str | None                              # the mover's picked card (id), when the mover is seen
    choice: Choice | None
    caption: tuple[str, int | None] | None            # the step on screen and its seat
    message: str
    log: tuple[str, ...]
    last: int | None                                  # the last placement's cell, marked
    hint: tuple[str, str] | None                      # (card id, cell name) for the mover
    computer_pick: str | None                         # the computer's chosen card, framed before it lands
    game_over: bool
    matched: tuple[tuple[int, int], ...] = ()         # (cell index, side) Same or Plus matched, with its banner
    values: tuple[tuple[int, tuple[int, int, int, int]], ...] = ()   # (cell index, sides) as the steps show them
    scores: tuple[int, ...] = ()                      # cards on the field per seat, as the steps show them
    hint_text: str = ""                               # the hint's words, with ``hint``
    hint_asked: bool = False                          # a hint is being worked out for the mover
    message_left: int = 0                             # ticks before ``message`` goes (0: it stays)
    seen: frozenset[int] = frozenset()                # the seats whose hands are face up in ``hands``
    setup_showing: bool = False                       # ``hands`` as the hand rules' steps shown so far left them
    log_lines: tuple[LogLine, ...] = ()               # ``log`` line by line, with the seat each is about
    humans: tuple[int, ...] = ()                      # the seats played by people at the table's own screen
    hot_seat: bool = False                            # hands hidden from the other people at that screen
    mover_human: bool = False                         # the placement shown (SHOW) is a person's at that screen
    offer_pending: bool = False                       # ... and its owner may still choose an ability after it
    pass_summary: str = ""                            # PASS: what changed since the seat to move last played
    computer_slot: int | None = None                  # the computer's chosen card's place in its hand, framed
    busy: bool = False                                # something moves or a computer works: redraw every tick
    sides: tuple[tuple[int, tuple[int, ...]], ...] = ()   # (cell index, values) of every card in ``board``, as drawn
    elements: tuple[tuple[int, str, int | None], ...] = ()
    """(cell index, element, modifier of the card drawn on it, None on an empty cell): Elemental's cells."""
    effects: tuple[EffectInfo, ...] = ()              # the running Turn effects
    open: bool = False                                # the Open rule: every hand face up to everybody
    locked: tuple[int, ...] = ()                      # places in the mover's hand a hand rule (Order, Chaos) bars now
    terms: Terms | None = None                        # the rules, field, players and date the game is played under
    result: Result | None = None                      # how the game came out, once it is over
    last_ability: tuple[str, int] | None = None       # the last action's card and the ability it used, if it used one

    @property
    def waits_for_people(self) -> bool:
        """A person's key or click is acted on now (in the other phases it is kept or refused)."""
        return self.phase in WAITS_FOR_PEOPLE


@dataclass(frozen=True)
class Landing:
    """What a card would do on a free cell, worked out without playing it: the cells whose cards
    it would capture, and its values there (Elemental, Turn effects; None where it may not go)."""

    captures: frozenset[int] = frozenset()
    sides: tuple[int, int, int, int] | None = None


class Screen:
    """What the controller tells the screen it drives (every method does nothing here)."""

    def sound(self, name: str) -> None:
        """A sound for the people at the screen: "select", "illegal", "flip", ..."""

    def opened(self, phase: Phase) -> None:
        """A choice opened that a window shows: the pass screen (PASS), the ability offer
        (ABILITY), the end of the game (OVER)."""

    def cursor_to(self, key: Any) -> None:
        """Where the eye should go now: ``("cell", index)`` or ``("hand", seat, index)``."""

    def turn_started(self, seat: int) -> None:
        """A person's turn began (after the pass screen when hands are hidden)."""

    def committed(self, game_over: bool) -> None:
        """An action was played and the table's phase moved on: the moment to save."""

    def computer_failed(self, seat: int, text: str) -> None:
        """A computer seat could not play and is a person's now; ``text`` says why. The
        controller starts the turn again at its next tick or at :meth:`resume`."""


__all__ = ["Choice", "HandView", "Landing", "Look", "Refusal", "Screen", "TableState", "Terms"]
