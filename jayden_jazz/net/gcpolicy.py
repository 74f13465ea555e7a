"""The garbage collector in a server process: short young collections, the rest frozen, and a full
collection now and then so that no cycle is kept for good (#40, docs/network.md).

Measured at 1,000 games: a young collection walks every tracked container made and still alive
since the one before -- its count, the first threshold -- and stops the event loop for as long:
30-46 ms of CPU at CPython's count of 50,000 the server had. A smaller count alone did not help:
what a young collection keeps goes to the middle generation, which was walked in turn, 20-30 ms each
time, more CPU in all. Most of what outlives one young collection lives as long as its game (the
engine's record of each action, the views' texts), so walking it again finds nothing. Here:

* young collections at :data:`YOUNG` (a fraction of the count before, so of the pause);
* after each, what it kept is frozen (``gc.freeze``: moved where no collection walks; an object
  frozen is still freed the moment nothing refers to it -- only cycles wait);
* after :data:`FULL_EVERY` young collections, or :data:`FULL_AFTER_CLOSED` closed connections,
  whichever comes first, the server's loop unfreezes everything and runs one full collection (every
  game and connection walked: the cycles that grew old are collected), then freezes what is left.
  That pause is the heap's length, once in that many young collections.

Guarantee: a cycle made in a running server is collected at the latest by the full collection after
it became garbage (tests/net/test_gc_policy.py makes one and sees it collected). Memory between two
full collections grows by the cycles dropped meanwhile: a finished game makes none; a closed
connection about 600 bytes on the server's side (asyncio's transport keeps a bound method of itself,
CPython 3.11), so those are counted too.
"""

from __future__ import annotations

import asyncio
import gc
from typing import Any

YOUNG = 5_000
"""The young generation's count that starts a young collection (CPython's is 700; the server had
50,000): about 1 young collection a second per worker at 1,000 games, each 4-9 ms of CPU there."""
MIDDLE = 1_000_000
"""Never reached in practice: nothing is left in the middle generation to walk (all frozen)."""
FULL_EVERY = 1_800
"""Young collections between full ones: about half an hour per worker at 1,000 games."""
FULL_AFTER_CLOSED = 50_000
"""Closed connections between full ones: their cycles, about 30 MB, are collected by then."""


class Policy:
    """The collector's callback (``gc.callbacks``) in one process, with the loop a full collection
    runs on."""

    def __init__(self, loop: asyncio.AbstractEventLoop, full_every: int = FULL_EVERY,
                 full_after_closed: int = FULL_AFTER_CLOSED) -> None:
        self.loop = loop
        self.full_every = full_every
        self.full_after_closed = full_after_closed
        self.young = 0
        """Young collections since the last full one."""
        self.closed = 0
        """Connections closed since the last full one."""
        self.fulls = 0
        self._asked = False

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        """At a collection's end: what it kept is frozen; a full collection is asked of the loop
        once enough young ones ran (none can run from here: the collector is busy)."""
        if phase != "stop":
            return
        gc.freeze()
        if info.get("generation") == 2:
            return
        self.young += 1
        if self.young >= self.full_every:
            self._ask()

    def connection_closed(self) -> None:
        """A connection ended (its transport's cycle is garbage now, frozen if it lived long)."""
        self.closed += 1
        if self.closed >= self.full_after_closed:
            self._ask()

    def _ask(self) -> None:
        if self._asked:
            return
        self._asked = True
        try:
            self.loop.call_soon_threadsafe(self.full)
        except RuntimeError:        # the loop is closed: the process is ending
            self._asked = False

    def full(self) -> None:
        """Every object walked once: cycles among the frozen ones are collected; the rest frozen again."""
        self._asked = False
        self.young = self.closed = 0
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        self.fulls += 1


POLICY: Policy | None = None
"""The process's policy once :func:`install` ran."""


def install(loop: asyncio.AbstractEventLoop, young: int = YOUNG, full_every: int = FULL_EVERY,
            full_after_closed: int = FULL_AFTER_CLOSED) -> Policy:
    """Everything loaded so far frozen (modules, the stored games), the thresholds, the callback."""
    global POLICY
    uninstall()
    gc.freeze()
    gc.set_threshold(young, MIDDLE, MIDDLE)
    POLICY = Policy(loop, full_every, full_after_closed)
    gc.callbacks.append(POLICY)
    return POLICY


def connection_closed() -> None:
    """Counted toward the next full collection, when the policy is installed (a server process)."""
    if POLICY is not None:
        POLICY.connection_closed()


def uninstall() -> None:
    """The callback removed and everything unfrozen (a test, or a tool, sets the process back)."""
    global POLICY
    if POLICY is not None and POLICY in gc.callbacks:
        gc.callbacks.remove(POLICY)
        gc.unfreeze()
    POLICY = None


__all__ = ["FULL_AFTER_CLOSED", "FULL_EVERY", "MIDDLE", "POLICY", "Policy", "YOUNG", "connection_closed", "install",
           "uninstall"]
