"""A computer seat's turn, written once for both games' boards.

The computer thinks in a worker process; the board keeps drawing and Esc
keeps working. Its answer is first checked, then held on screen for a
readable moment (the chosen piece or card framed) before it is played, the
moment scaled by the animation setting like every other board timing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class ComputerTurn:
    """Ask once, poll each tick, hold the checked answer for ``show_ticks``, then hand it over.

    ``step`` returns ``("play", move)`` when the move is to be played now,
    ``("failed", why)`` when the answer could not be used, else None.
    """

    def __init__(self) -> None:
        self.asked = False
        self.chosen: Any = None      # the checked move being shown before it is played
        self.left = 0

    def reset(self) -> None:
        self.asked = False
        self.chosen = None
        self.left = 0

    def step(self, ask: Callable[[], None], poll: Callable[[], Any], check: Callable[[Any], Any],
             show_ticks: int) -> tuple[str, Any] | None:
        """``check(reply value)`` returns the move or raises ValueError saying why it is unusable."""
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
            move = check(reply.value)
        except ValueError as e:
            return ("failed", str(e))
        if show_ticks <= 0:
            return ("play", move)
        self.chosen, self.left = move, show_ticks
        return None


__all__ = ["ComputerTurn"]
