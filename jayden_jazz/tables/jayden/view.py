"""What a Jayden table says to whoever sits at it: requests, notices, command outcomes, the view.

These are plain values, the same for the board on this screen and for a
seat elsewhere: what the computer is working out (:class:`Request`), what
happened (:class:`Notice`), a command's answer (:class:`Outcome`) and what
there is to show (:class:`JaydenView`); and what a table is given to ask
the computer (:class:`Brain`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Protocol

from jayden_jazz.jayden import Action, Position
from jayden_jazz.tables.jayden.moves import Played
from jayden_jazz.tables.jayden.steps import Motion

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.ai.worker import Reply


class Request(str, Enum):
    """What the computer player is working out now."""

    TURN = "turn"          # the turn of a computer side
    HINT = "hint"          # the Hard level's turn for a human side
    ACCEPT = "accept"      # whether a computer side accepts a draw offered to it
    OFFER = "offer"        # whether a computer side offers a draw


class Event(Enum):
    """What a :class:`Notice` tells."""

    PLAYED = "played"              # ``record``: an action was made (by anyone)
    SAY = "say"                    # ``text``: a message for the players
    TURN_ENDED = "turn_ended"      # a turn is complete or the game changed: time to keep it (autosave)
    FINISHED = "finished"          # the game has a result (count it once)
    TURN_STARTED = "turn_started"  # ``side`` is to act
    ENDED = "ended"                # the end is to be shown now (after the last action's picture)
    DRAW_OFFERED = "draw_offered"  # ``side`` (a computer) offers a draw; ``answer_draw`` for the other side
    COMPUTER_FAILED = "computer_failed"  # ``side`` is human from now on; ``text`` the computer's last words
    CHOSEN = "chosen"              # ``action``: the computer's next action, its piece shown selected


@dataclass(frozen=True)
class Notice:
    event: Event
    text: str = ""
    side: str = ""
    record: Played | None = None
    action: Action | None = None


@dataclass(frozen=True)
class Outcome:
    """A command's answer: ``ok``, or refused with ``reason`` in the words a player reads.

    ``done`` names what happened: selected, deselected, played, asked (the
    computer is asked; its answer comes later), ask (a person must answer,
    the side in ``ask``), undone, drawn, declined or resigned.
    """

    ok: bool
    done: str = ""
    reason: str = ""
    ask: str = ""        # offer_draw between people: the side that must answer

    def __bool__(self) -> bool:
        return self.ok


def refused(reason: str) -> Outcome:
    return Outcome(False, reason=reason)


class Brain(Protocol):
    """The computer player as the controller uses it: one question out at a time, answered through ``poll``."""

    def submit_turn(self, jpn: str, level: str, seed: int, quiet_draw: bool) -> None: ...

    def submit_wants_draw(self, jpn: str, level: str) -> None: ...

    def submit_accepts_draw(self, jpn: str, level: str) -> None: ...

    @property
    def busy(self) -> bool: ...

    def poll(self) -> Reply | None: ...

    def cancel(self) -> None: ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class JaydenView:
    """What there is to show, read-only; ``position`` is the controller's own and not to be changed."""

    position: Position
    records: tuple[Played, ...]
    marks: tuple[Played, ...]              # the last finished turn and the one under way
    selected: int | None
    targets: tuple[Action, ...]            # the selected piece's legal actions
    chosen: Action | None                  # the computer's next action, shown before it is played
    hint: tuple[Action, ...]
    threats: tuple[int, ...]               # enemy pieces that could take the acting side's Master
    request: Request | None
    step: Motion | None                    # the steps of the action being shown
    computer_to_act: bool
    enhanced: bool
    endangered: tuple[int, ...] = ()       # the acting side's other pieces the enemy could take next turn
