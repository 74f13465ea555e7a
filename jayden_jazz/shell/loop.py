"""A fixed-timestep loop: updates at 60 per second, a frame only when the picture changes.

The measured frame time is clamped so a stall (a dragged window, a slow
disk) cannot start a spiral of catch-up updates; catch-up is also capped per
frame. Pacing comes from the clock (:class:`FrameClock` sleeps until just
after the next tick is due), never from timing inside scenes. Game logic
counts ticks, not seconds.

Drawing and presenting cost far more than a tick, so a screen waiting for a
click should not redo them sixty times a second: :class:`RedrawPlan` decides
after each pass whether anything changed (the scene stack's ``dirty`` flag)
or a scene's own timer fell due (``redraw_in``). The loop still wakes once a
tick: pygame cannot sleep until "input or a timeout" without polling every
millisecond (``pygame.event.wait``), which costs more than a tick with
nothing to do, and input is handled at tick boundaries anyway.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Protocol

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
    def until_next(self) -> float:
        """Seconds until the next whole step is due."""
        return max(0.0, self.step - self.accumulator)

    @property
    def alpha(self) -> float:
        """Leftover fraction of a step, for interpolating animation."""
        return self.accumulator / self.step


class Clock(Protocol):
    """What the loop needs from time; tests pass a fake one."""

    def tick(self, wait: float) -> float:
        """Sleep until ``wait`` seconds after the previous tick; return the seconds since it."""


class FrameClock:
    """The real clock: sleeps to just past the next update, so each pass runs exactly one.

    ``pygame.time.Clock.tick(60)`` would pace whole milliseconds (62.5 passes
    a second), leaving a pass with no update now and then and so a missed
    frame in a 60 fps animation. A little margin past the boundary keeps an
    early wake-up from finding no whole step yet.
    """

    MARGIN = 0.0005

    def __init__(self) -> None:
        import time

        self._now = time.perf_counter
        self._sleep = time.sleep
        self._last = self._now()

    def tick(self, wait: float) -> float:
        left = self._last + wait + self.MARGIN - self._now()
        if left > 0:
            self._sleep(left)
        now = self._now()
        dt, self._last = now - self._last, now
        return dt


@dataclass
class RedrawPlan:
    """When the next frame must be drawn, counted in ticks.

    ``due`` is the tick at which a scene said its picture changes by itself
    (None: not until something happens). Each pass the loop reports the
    tick count, whether anything changed, and what the scenes now say; the
    plan answers whether to draw. Answers given between frames only ever
    bring the next frame nearer, so a scene that changed state inside a tick
    without saying so is still drawn a tick later, never forgotten.
    """

    due: int | None = 0
    frames: int = 0

    def should_draw(self, ticks: int, dirty: bool, redraw_in: int | None) -> bool:
        if redraw_in is not None:
            at = ticks + max(1, redraw_in)
            self.due = at if self.due is None else min(self.due, at)
        return dirty or (self.due is not None and ticks >= self.due)

    def drawn(self, ticks: int, redraw_in: int | None) -> None:
        """A frame was drawn after ``ticks`` ticks; plan the next one from the scenes' answer."""
        self.frames += 1
        self.due = None if redraw_in is None else ticks + max(1, redraw_in)
