"""A message that stays on screen for a while: written once for both games' boards.

Every change on the board is shown long enough to follow; a status line
that a scene clears by hand each frame tends to vanish too soon. The
timer counts update ticks (1/60 s) and can be stretched by the animation
setting like every other board timing.
"""

from __future__ import annotations


class MessageTimer:
    """The current message and how many ticks it has left."""

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


__all__ = ["MessageTimer"]
