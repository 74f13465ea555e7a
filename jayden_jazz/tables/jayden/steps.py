"""What is shown of an action, and for how long: slides, shots, bursts and flashes.

An action is made in the engine at once; its steps only say what a screen
paints on the way there over the finished board, one after another, each
for a number of ticks. The rules never wait on a picture, and finishing
the steps early changes nothing but the picture. The lengths are in ticks
at the "normal" speed and scale with the animation factor; a factor of 0
means no steps at all (a table nobody watches). How each step looks is the
screen's business (``scenes/jayden/motion.py``).
"""

from __future__ import annotations

from enum import Enum

from jayden_jazz.tables.jayden.moves import Played

SLIDE_BASE, SLIDE_PER_SQUARE, SLIDE_MAX = 8, 2, 30
SHOT_BASE, SHOT_PER_SQUARE = 6, 2
BURST = 16
CONDITION = 30
MASTER_MOMENT = 75


class Blast(Enum):
    """What a burst marks."""

    SHOT = "shot"                  # a Scout's shot hits
    ATTACK = "attack"              # a piece is taken where it stood
    DEPLOY_FROM = "deploy_from"    # a Sentinel leaves its post
    DEPLOY_TO = "deploy_to"        # ... and lands as a shield
    MASTER = "master"              # a Master falls: the moment of the game's end


class Step:
    """One part of what is shown, ``frames`` ticks long."""

    def __init__(self, frames: int) -> None:
        self.frames = frames


class Slide(Step):
    """The acting piece travels from its square to where it lands; an enemy it
    takes stays in view until it is reached."""

    def __init__(self, played: Played, frames: int) -> None:
        super().__init__(frames)
        self.played = played


class Shot(Step):
    """A Scout's shot flies to its target, which stays in view until hit."""

    def __init__(self, played: Played, frames: int) -> None:
        super().__init__(frames)
        self.played = played


class Burst(Step):
    """Rings growing out of a square."""

    def __init__(self, square: int, frames: int, blast: Blast) -> None:
        super().__init__(frames)
        self.square = square
        self.blast = blast


class Flash(Step):
    """A conditioned piece blinks between its old and new colours."""

    def __init__(self, played: Played, frames: int) -> None:
        super().__init__(frames)
        self.played = played


class Motion:
    """The steps shown for one action, one after another, and how far along they are."""

    def __init__(self, steps: list[Step]) -> None:
        self.steps = [s for s in steps if s.frames > 0]
        self.t = 0

    @property
    def total(self) -> int:
        return sum(s.frames for s in self.steps)

    @property
    def done(self) -> bool:
        return self.t >= self.total

    def advance(self) -> None:
        self.t += 1

    def finish(self) -> None:
        self.t = self.total

    def current(self) -> tuple[Step | None, int]:
        """The step shown now and the tick within it."""
        t = self.t
        for s in self.steps:
            if t < s.frames:
                return s, t
            t -= s.frames
        return None, 0


def _frames(n: float, factor: float) -> int:
    return max(1, round(n * factor)) if factor > 0 else 0


def _distance(a: int, b: int) -> int:
    return max(abs(a % 20 - b % 20), abs(a // 20 - b // 20))


def for_action(p: Played, factor: float, master_taken: bool = False) -> Motion | None:
    """The steps for one played action, or None when the factor is 0."""
    if factor <= 0:
        return None
    d = _distance(p.action.src, p.action.dst)
    kind = p.kind
    steps: list[Step]
    if kind == "fire":
        steps = [Shot(p, _frames(SHOT_BASE + SHOT_PER_SQUARE * d, factor)),
                 Burst(p.action.dst, _frames(BURST, factor), Blast.SHOT)]
    elif kind == "condition":
        steps = [Flash(p, _frames(CONDITION, factor))]
    elif kind == "deploy":
        steps = [Burst(p.action.src, _frames(BURST // 2, factor), Blast.DEPLOY_FROM),
                 Burst(p.land, _frames(BURST, factor), Blast.DEPLOY_TO)]
    else:
        steps = [Slide(p, _frames(min(SLIDE_MAX, SLIDE_BASE + SLIDE_PER_SQUARE * d), factor))]
        if kind == "attack":
            steps.append(Burst(p.action.dst, _frames(BURST, factor), Blast.ATTACK))
    if master_taken:
        steps.append(Burst(p.action.dst, _frames(MASTER_MOMENT, factor), Blast.MASTER))
    return Motion(steps)
