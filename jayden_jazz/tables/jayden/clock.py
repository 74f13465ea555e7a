"""A game clock for Jayden, as on lichess: each side has time for the whole
game, gains an increment after each of its turns, and loses when its time
runs out.

The table's ticks drive it (1/60 s each), so it runs exactly as fast as the
game does, stops with it (a window open over the board does not tick it),
and a test can run a whole game's time without waiting. It starts with the
first action, so no one loses time reading the board before the game
begins; then it runs for the side to act, the computer included.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from jayden_jazz.tables.jayden.names import other

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.tables.jayden.controller import JaydenController

TICKS_PER_SECOND = 60
#: The clocks a player picks from: (minutes for the game, seconds added per turn).
CHOICES: tuple[tuple[int, int], ...] = ((3, 2), (5, 3), (10, 5), (15, 10), (30, 20))


@dataclass
class Clock:
    minutes: int
    increment: int                                    # seconds added after each turn of a side
    left: dict[str, int] = field(default_factory=dict)   # ticks left per side
    _turn: tuple[str, int] | None = None              # the turn being timed: (side, turn number)

    def __post_init__(self) -> None:
        if self.minutes <= 0 or self.increment < 0:
            raise ValueError(f"a clock needs minutes above 0 and an increment of 0 or more, "
                             f"not {self.minutes}+{self.increment}")
        if not self.left:
            self.left = {s: self.minutes * 60 * TICKS_PER_SECOND for s in ("g", "r")}

    def saved(self) -> dict[str, Any]:
        """What a save keeps: the clock chosen, each side's time left (in ticks) and the turn being timed,
        so a game goes on with exactly the time it had and the increment of a turn just ended still due."""
        timing = None if self._turn is None else {"side": self._turn[0], "turn": self._turn[1]}
        return {"minutes": self.minutes, "increment": self.increment, "left": dict(self.left), "timing": timing}

    @classmethod
    def from_saved(cls, body: dict[str, Any] | None) -> Clock | None:
        """The clock a save kept (checked by the save's schema), or None for a game without one
        (and for a save from before the clock was kept: those games come back untimed)."""
        if not body:
            return None
        clock = cls(int(body["minutes"]), int(body["increment"]),
                    left={s: int(body["left"][s]) for s in ("g", "r")})
        timing = body.get("timing")
        if timing:
            clock._turn = (str(timing["side"]), int(timing["turn"]))
        return clock

    @property
    def name(self) -> str:
        return f"{self.minutes}+{self.increment}"

    def seconds(self, side: str) -> float:
        return self.left[side] / TICKS_PER_SECOND

    def text(self, side: str) -> str:
        """m:ss, and tenths under 10 seconds (when they matter)."""
        ticks = max(0, self.left[side])
        if ticks < 10 * TICKS_PER_SECOND:
            return f"0:{ticks // TICKS_PER_SECOND:02d}.{ticks % TICKS_PER_SECOND * 10 // TICKS_PER_SECOND}"
        secs = -(-ticks // TICKS_PER_SECOND)
        return f"{secs // 60}:{secs % 60:02d}"

    def tick(self, table: JaydenController) -> None:
        """One tick of the game: the side to act loses it; a turn just ended earns its side the increment;
        a side whose time is gone loses the game."""
        pos = table.pos
        if pos.result is not None or not pos.history:
            return
        turn = (pos.side, pos.turn)
        if turn != self._turn:
            if self._turn is not None and self._turn[0] != pos.side:
                self.left[self._turn[0]] += self.increment * TICKS_PER_SECOND
            self._turn = turn
        side = pos.side
        self.left[side] -= 1
        if self.left[side] <= 0:
            self.left[side] = 0
            pos.lose_on_time(side)
            table.finish(other(side), "time_out")
