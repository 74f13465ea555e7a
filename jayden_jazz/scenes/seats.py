"""Seats and computer players, written once for both games' boards.

Who sits where (a human, or the computer at a level), how a computer seat
is asked (a *brain*: ask, then poll each tick, so the frame loop never
waits and Esc keeps working), how its answer is shown move by move at the
animation-speed pace, and how long a status message stays. Each game adds
only what it asks its computer player (``scenes/cards/players.py``,
``scenes/jayden/players.py``); tests swap the brain for one in the process.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from importlib import util
from typing import TYPE_CHECKING, Any, Protocol

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


def paced(ticks: int, factor: float) -> int:
    """A board timing stretched by the animation setting (0 = instant)."""
    return max(0, round(ticks * factor))


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


class ComputerTurn:
    """Ask once, poll each tick, then show the checked moves one at a time and hand each over.

    ``check(reply value)`` returns the move, or with ``several=True`` the
    list of moves of one turn (a Jayden turn has two actions); it raises
    ValueError saying why an answer is unusable. Each move is held on screen
    (``chosen``) for ``show_ticks`` before it is played; the board stops
    calling ``step`` while a move plays out, so the next one is shown only
    after it. ``step`` returns ``("play", move)`` when a move is to be played
    now, ``("failed", why)`` when the answer could not be used, else None.
    """

    def __init__(self, *, several: bool = False) -> None:
        self.several = several
        self.asked = False
        self.chosen: Any = None      # the checked move being shown before it is played
        self.waiting: list[Any] = []  # the turn's moves after it
        self.left = 0

    @property
    def busy(self) -> bool:
        """Thinking, or a turn not yet all played."""
        return self.asked or self.chosen is not None or bool(self.waiting)

    def reset(self) -> None:
        self.asked = False
        self.chosen = None
        self.waiting = []
        self.left = 0

    def step(self, ask: Callable[[], None], poll: Callable[[], Any], check: Callable[[Any], Any],
             show_ticks: int) -> tuple[str, Any] | None:
        if self.chosen is None and self.waiting:
            self.chosen, self.left = self.waiting.pop(0), show_ticks
        if self.chosen is not None:
            self.left -= 1
            if self.left <= 0:
                move, self.chosen = self.chosen, None
                return ("play", move)
            return None
        if not self.asked:
            ask()
            self.asked = True
            return None
        reply = poll()
        if reply is None:
            return None
        self.asked = False
        if not reply.ok:
            return ("failed", str(reply.value))
        try:
            checked = check(reply.value)
        except ValueError as e:
            return ("failed", str(e))
        moves: Sequence[Any] = list(checked) if self.several else [checked]
        if not moves:
            return ("failed", "it returned no move")
        first, self.waiting = moves[0], list(moves[1:])
        if show_ticks <= 0:
            return ("play", first)
        self.chosen, self.left = first, show_ticks
        return None


class MessageTimer:
    """The current status message and how many ticks it has left.

    Every change on the board is shown long enough to follow; a status line
    a scene clears by hand tends to vanish too soon. Ticks are update ticks
    (1/60 s).
    """

    def __init__(self, ticks: int = 180) -> None:
        self.ticks = ticks
        self.text = ""
        self.left = 0

    def say(self, text: str, ticks: int | None = None) -> None:
        self.text = text
        self.left = self.ticks if ticks is None else ticks

    def clear(self) -> None:
        self.text, self.left = "", 0

    def tick(self) -> None:
        if self.left:
            self.left -= 1
            if not self.left:
                self.text = ""

    def __bool__(self) -> bool:
        return bool(self.text)


__all__ = ["LEVELS", "Brain", "ComputerTurn", "MessageTimer", "Seat", "WorkerBrain", "ai_available",
           "is_computer", "label", "paced", "seat_choices"]
