"""A fixed-timestep loop: updates at 60 per second, one render per frame.

The measured frame time is clamped so a stall (a dragged window, a slow
disk) cannot start a spiral of catch-up updates; catch-up is also capped per
frame. Pacing comes from the clock (``pygame.time.Clock.tick``), never from
sleeping in a loop. Game logic counts ticks, not seconds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

UPDATE_HZ = 60
STEP = 1.0 / UPDATE_HZ
MAX_FRAME_TIME = 0.25      # seconds; longer frames are clamped
MAX_UPDATES_PER_FRAME = 5  # catch-up cap


@dataclass
class FixedStep:
    """The accumulator, separate from pygame so it can be tested with a fake clock."""

    step: float = STEP
    max_frame_time: float = MAX_FRAME_TIME
    max_updates: int = MAX_UPDATES_PER_FRAME
    accumulator: float = 0.0
    ticks: int = 0
    dropped: float = field(default=0.0)

    def advance(self, frame_time: float, update: Callable[[], None]) -> int:
        """Feed one frame's measured time; run whole updates; return how many ran."""
        if frame_time < 0:
            frame_time = 0.0
        if frame_time > self.max_frame_time:
            self.dropped += frame_time - self.max_frame_time
            frame_time = self.max_frame_time
        self.accumulator += frame_time
        n = 0
        while self.accumulator >= self.step and n < self.max_updates:
            update()
            self.accumulator -= self.step
            self.ticks += 1
            n += 1
        if n == self.max_updates and self.accumulator >= self.step:
            # Still behind after the cap: forget the backlog, keep the phase.
            self.dropped += self.accumulator - self.accumulator % self.step
            self.accumulator %= self.step
        return n

    @property
    def alpha(self) -> float:
        """Leftover fraction of a step, for interpolating animation."""
        return self.accumulator / self.step
