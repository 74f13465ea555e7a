"""Seats and computer players, written once for both games' boards.

Who sits where (a human, or the computer at a level), how a computer seat
is asked (a *brain*: ask, then poll each tick, so the frame loop never
waits and Esc keeps working). How its answer is shown move by move at the
animation-speed pace, and how long a status message stays, are the
tables' (:mod:`jayden_jazz.tables.seats`, no pygame), read here too. Each game adds
only what it asks its computer player (``scenes/cards/players.py``,
``scenes/jayden/players.py``); tests swap the brain for one in the process.
"""

from __future__ import annotations

from importlib import util
from typing import TYPE_CHECKING, Any, Protocol

from jayden_jazz.tables.seats import ComputerTurn, MessageTimer, paced

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.ai.worker import AIWorker, Reply

LEVELS = ("easy", "normal", "hard")
Seat = dict[str, Any]           # {"kind": "human"} or {"kind": "computer", "level": "hard"}


# who sits where -------------------------------------------------------------------
def ai_available(module: str) -> bool:
    """The computer player module can be imported (a build may leave it out)."""
    try:
        return util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def seat_choices(computer: bool) -> list[Seat]:
    """What a seat can be: a human, and the computer at each level when it is there."""
    choices: list[Seat] = [{"kind": "human"}]
    if computer:
        choices += [{"kind": "computer", "level": lv} for lv in LEVELS]
    return choices


def is_computer(seat: Seat | None) -> bool:
    return seat is not None and seat.get("kind") == "computer"


def label(seat: Seat | None) -> str:
    if seat is not None and is_computer(seat):
        return f"Computer ({str(seat.get('level', 'normal')).capitalize()})"
    return "Human"


# asking the computer ----------------------------------------------------------------
class Brain(Protocol):
    """What both boards need of a computer player besides their own questions.

    Each game's brain adds ``submit_*`` methods; exactly one question is out
    at a time, answered once through ``poll`` (None until then).
    """

    @property
    def busy(self) -> bool: ...

    def poll(self) -> Reply | None: ...

    def cancel(self) -> None: ...

    def close(self) -> None: ...


class WorkerBrain:
    """A brain whose questions run in an :class:`~jayden_jazz.ai.worker.AIWorker` process.

    The process starts at the first question, ``cancel`` stops the one under
    way (a new game, Undo, quitting), and ``close`` ends the process; a board
    closes its brain when it leaves the stack (``PlayScene.exit``).
    """

    module = ""      # the game's computer player, "package.module"

    def __init__(self) -> None:
        self._worker: AIWorker | None = None

    def ask(self, function: str, *args: Any, **kwargs: Any) -> None:
        if self._worker is None:
            from jayden_jazz.ai.worker import AIWorker

            self._worker = AIWorker()
        self._worker.submit(f"{self.module}:{function}", *args, **kwargs)

    @property
    def busy(self) -> bool:
        return self._worker is not None and self._worker.busy

    def poll(self) -> Reply | None:
        return self._worker.poll() if self._worker is not None else None

    def cancel(self) -> None:
        if self._worker is not None and self._worker.busy:
            self._worker.cancel()

    def close(self) -> None:
        if self._worker is not None:
            self._worker.close()
            self._worker = None


__all__ = ["LEVELS", "Brain", "ComputerTurn", "MessageTimer", "Seat", "WorkerBrain", "ai_available",
           "is_computer", "label", "paced", "seat_choices"]
