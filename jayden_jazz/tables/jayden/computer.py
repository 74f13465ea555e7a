"""A computer side's turn at the table, shown at a pace a person can follow.

The turn is asked of the computer player once; each action of the answer
is then held as ``chosen`` (its piece shown selected) for a number of ticks
before it is handed over to be played, and the next action waits until the
table calls again after the first has been shown.
"""

from __future__ import annotations

from typing import Any, Callable

from jayden_jazz.jayden import Action
from jayden_jazz.tables.jayden.view import Brain


class ComputerTurn:
    def __init__(self) -> None:
        self.asked = False                   # the turn asked and not yet answered
        self.chosen: Action | None = None    # the action held selected before it is played
        self.waiting: list[Action] = []      # the rest of the turn
        self.hold = 0                        # ticks ``chosen`` is still shown

    @property
    def busy(self) -> bool:
        """Thinking about a turn, or a turn not yet all played."""
        return self.asked or self.chosen is not None or bool(self.waiting)

    def reset(self) -> None:
        self.asked = False
        self.chosen = None
        self.waiting = []
        self.hold = 0

    def step(self, brain: Brain, ask: Callable[[], None], show: int) -> tuple[str, Any] | None:
        """One tick: ``("play", action)`` to play now, ``("failed", why)`` when the answer is unusable, else None."""
        if self.chosen is None and self.waiting:
            self.chosen, self.hold = self.waiting.pop(0), show
        if self.chosen is not None:
            self.hold -= 1
            if self.hold <= 0:
                act, self.chosen = self.chosen, None
                return ("play", act)
            return None
        if not self.asked:
            ask()
            self.asked = True
            return None
        reply = brain.poll()
        if reply is None:
            return None
        self.asked = False
        if not reply.ok:
            return ("failed", str(reply.value))
        try:
            if not reply.value:
                raise ValueError("it returned no action")
            acts = [Action.from_text(str(t)) for t in reply.value]
        except ValueError as e:
            return ("failed", str(e))
        first, self.waiting = acts[0], acts[1:]
        if show <= 0:
            return ("play", first)
        self.chosen, self.hold = first, show
        return None
