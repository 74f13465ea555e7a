"""A join answered ``game_busy``, said again by the client before the player hears of it.

``game_busy`` means the game was still moving between server processes when
the one asked gave up waiting for it (docs/network.md): a moment later it
has arrived, so telling the player would only make them press Join again.
The client says the join again after a growing pause, a bounded number of
times, and only then passes the refusal on.
"""

from __future__ import annotations

import random

BUSY_TRIES = 3
"""Times a join answered ``game_busy`` is said again (after 0.5, 1 and 2 s) before the player hears."""
BUSY_PAUSE = 0.5
KEPT = 8
"""Joins said again whose answers are awaited, at most (older ones were long answered)."""


class BusyRetry:
    """The tries of the joins said again, by their ``ref``; how many were said again (tests read it)."""

    def __init__(self, tries: int = BUSY_TRIES) -> None:
        self.tries = tries
        self.said = 0
        self._tries: dict[int, int] = {}

    def pause(self, ref: int) -> tuple[float, int] | None:
        """For the join answered busy under ``ref``: the pause before saying it again and its try's
        number, or None when its tries are spent (the player is told)."""
        done = self._tries.pop(ref, 0)
        if done >= self.tries:
            return None
        self.said += 1
        return BUSY_PAUSE * 2 ** done * (1 + 0.2 * random.random()), done + 1

    def said_again(self, ref: int, tries: int) -> None:
        self._tries[ref] = tries
        for old in list(self._tries)[:-KEPT]:
            del self._tries[old]


__all__ = ["BUSY_TRIES", "BusyRetry"]
