"""Who plays each side, and what a computer side is asked.

Seats, levels, labels and the worker's lifecycle are shared with the card
game (``scenes/seats.py``); this adds Jayden's four questions. Positions go
over as JPN text, answers come back as action texts.
"""

from __future__ import annotations

from typing import Any, Protocol

from jayden_jazz.scenes import seats
from jayden_jazz.scenes.seats import LEVELS, Brain as SeatBrain, is_computer, label

AI_MODULE = "jayden_jazz.ai.jayden.player"


def ai_available() -> bool:
    return seats.ai_available(AI_MODULE)


def player_choices() -> list[dict[str, Any]]:
    return seats.seat_choices(ai_available())


class Brain(SeatBrain, Protocol):
    """A computer side of Jayden: the shared brain plus its questions."""

    def submit_turn(self, jpn: str, level: str, seed: int, quiet_draw: bool) -> None:
        """Answer: the turn's action texts, in order."""

    def submit_wants_draw(self, jpn: str, level: str) -> None:
        """Answer: True when the side to act would offer a draw."""

    def submit_accepts_draw(self, jpn: str, level: str) -> None:
        """Answer: True when the side to act accepts a draw offered to it."""


class WorkerBrain(seats.WorkerBrain):
    """The real computer player, in a worker process (Hard thinks there, never in the frame loop)."""

    module = AI_MODULE

    def submit_turn(self, jpn: str, level: str, seed: int, quiet_draw: bool) -> None:
        self.ask("choose_turn", jpn, level, seed, quiet_draw=quiet_draw)

    def submit_wants_draw(self, jpn: str, level: str) -> None:
        self.ask("wants_draw", jpn, level)

    def submit_accepts_draw(self, jpn: str, level: str) -> None:
        self.ask("accepts_draw", jpn, level)


def make_brain() -> Brain:
    """The brain new boards use; tests replace this function."""
    return WorkerBrain()


__all__ = ["AI_MODULE", "LEVELS", "Brain", "WorkerBrain", "ai_available", "is_computer", "label",
           "make_brain", "player_choices"]
