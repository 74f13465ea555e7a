"""What every table needs of its seats and its status line, without pygame.

How a computer seat's answer is shown move by move at the animation-speed
pace, and how long a status message stays: written once for the tables
(``jayden_jazz/tables``) and the boards on screen (``scenes/seats.py`` adds
who sits where and the worker-process brain).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any


def paced(ticks: int, factor: float) -> int:
    """A board timing stretched by the animation setting (0 = instant)."""
    return max(0, round(ticks * factor))


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
        self.last = ""          # the latest message, kept after it leaves the line, to be read in full

    def say(self, text: str, ticks: int | None = None) -> None:
        self.text = self.last = text
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


__all__ = ["ComputerTurn", "MessageTimer", "paced"]
