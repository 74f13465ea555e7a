"""Who sits at each seat, their colours, and how a computer seat is asked to play.

The colours themselves are drawn on every card, so they live with the card
pictures (:mod:`jayden_jazz.scenes.cardkit.colours`); a seat's name and
colours are read here, where the table looks up everything about a seat.

A computer seat is answered by ``jayden_jazz.ai.cards.player`` in a worker
process; the scenes talk to it through a *brain* (``submit_*`` then
``poll``), so tests can swap in an in-process brain without a process.
A game is handed over as its record's YAML text (setup and actions): it
replays exactly, and it tells the player which cards were seen on the
field before a reset; the computer player itself keeps to what its seat
may know.
"""

from __future__ import annotations

from typing import Any, Protocol

from jayden_jazz.scenes import seats
from jayden_jazz.scenes.cardkit.colours import COLOUR_NAMES, MAX_SEATS, SEAT_COLOURS, dark, light, seat_name
from jayden_jazz.scenes.seats import LEVELS, Brain as SeatBrain, is_computer, label

AI_MODULE = "jayden_jazz.ai.cards.player"


def ai_available() -> bool:
    return seats.ai_available(AI_MODULE)


def seat_choices() -> list[dict[str, Any]]:
    return seats.seat_choices(ai_available())


class Brain(SeatBrain, Protocol):
    """A computer seat of the card game: the shared brain plus its three questions."""

    def submit_action(self, position: str, seat: int, level: str, seed: int,
                      pack_dirs: list[str], pool: list[str] | None = None) -> None: ...

    def submit_hand(self, pack_dirs: list[str], setup: dict[str, Any], seat: int, level: str,
                    seed: int) -> None: ...

    def submit_hint(self, position: str, seat: int, pack_dirs: list[str],
                    pool: list[str] | None = None) -> None: ...


class WorkerBrain(seats.WorkerBrain):
    """The real computer player, in a worker process."""

    module = AI_MODULE

    def submit_action(self, position: str, seat: int, level: str, seed: int,
                      pack_dirs: list[str], pool: list[str] | None = None) -> None:
        self.ask("choose_action", position, seat, level, seed, None, list(pack_dirs), None,
                 None if pool is None else list(pool))

    def submit_hand(self, pack_dirs: list[str], setup: dict[str, Any], seat: int, level: str,
                    seed: int) -> None:
        self.ask("choose_hand", list(pack_dirs), dict(setup), seat, level, seed)

    def submit_hint(self, position: str, seat: int, pack_dirs: list[str],
                    pool: list[str] | None = None) -> None:
        self.ask("hint", position, seat, list(pack_dirs), pool=None if pool is None else list(pool))


def make_brain() -> Brain:
    """The brain new scenes use; tests replace this function."""
    return WorkerBrain()


__all__ = ["AI_MODULE", "COLOUR_NAMES", "LEVELS", "MAX_SEATS", "SEAT_COLOURS", "Brain", "WorkerBrain",
           "ai_available", "dark", "is_computer", "label", "light", "make_brain", "seat_choices", "seat_name"]
