"""Pieces in motion: slides, shots and bursts, drawn over the new position.

An action is made in the engine at once; a motion only paints the way there
over the finished board (the landing square shown empty until the piece
arrives, the removed piece shown until it is hit), so the rules never wait
on the picture and skipping a motion changes nothing but the picture. The
lengths are in frames at the "normal" speed and scale with the Options
setting; a factor of 0 means no motion at all.
"""

from __future__ import annotations

from typing import Any

import pygame

from jayden_jazz.jayden import Position
from jayden_jazz.shell import palette as P
from jayden_jazz.tables.jayden.moves import Played

SLIDE_BASE, SLIDE_PER_SQUARE, SLIDE_MAX = 8, 2, 30
SHOT_BASE, SHOT_PER_SQUARE = 6, 2
BURST = 16
CONDITION = 30
MASTER_MOMENT = 75


def _frames(n: float, factor: float) -> int:
    return max(1, round(n * factor)) if factor > 0 else 0


def _centre(sq: int, flip: bool) -> tuple[int, int]:
    from jayden_jazz.scenes.jayden.render import square_rect

    return square_rect(sq, flip).center


def _topleft(sq: int, flip: bool) -> tuple[int, int]:
    from jayden_jazz.scenes.jayden.render import square_rect

    return square_rect(sq, flip).topleft


def _distance(a: int, b: int) -> int:
    return max(abs(a % 20 - b % 20), abs(a // 20 - b // 20))


class Step:
    """One part of a motion, ``frames`` long."""

    def __init__(self, frames: int) -> None:
        self.frames = frames

    def hidden(self, t: int) -> set[int]:
        return set()

    def under(self, surface: pygame.Surface, r: Any, pos: Position, flip: bool, t: int) -> None:
        pass

    def over(self, surface: pygame.Surface, r: Any, pos: Position, flip: bool, t: int) -> None:
        pass


class Slide(Step):
    """The acting piece travels from its square to where it lands; an enemy it
    takes stays in view until it is reached."""

    def __init__(self, p: Played, frames: int) -> None:
        super().__init__(frames)
        self.p = p

    def hidden(self, t: int) -> set[int]:
        return {self.p.land}

    def under(self, surface, r, pos, flip, t) -> None:
        p = self.p
        r.empty_square(surface, pos, p.land, flip)
        if p.target is not None:
            victim_until = self.frames if p.action.dst == p.land else self.frames // 2
            if t < victim_until:
                x, y = _topleft(p.action.dst, flip)
                r.draw_piece(surface, p.target[0], p.target[1], x, y)

    def over(self, surface, r, pos, flip, t) -> None:
        p = self.p
        (x0, y0), (x1, y1) = _topleft(p.action.src, flip), _topleft(p.land, flip)
        f = min(1.0, (t + 1) / self.frames)
        letter = "X" if p.kind == "deploy" else p.piece
        r.draw_piece(surface, letter, p.side, round(x0 + (x1 - x0) * f), round(y0 + (y1 - y0) * f))


class Shot(Step):
    """A Scout's shot flies to its target, which stays in view until hit."""

    def __init__(self, p: Played, frames: int) -> None:
        super().__init__(frames)
        self.p = p

    def under(self, surface, r, pos, flip, t) -> None:
        p = self.p
        if p.target is not None:
            x, y = _topleft(p.action.dst, flip)
            r.draw_piece(surface, p.target[0], p.target[1], x, y)

    def over(self, surface, r, pos, flip, t) -> None:
        (x0, y0), (x1, y1) = _centre(self.p.action.src, flip), _centre(self.p.action.dst, flip)
        f = min(1.0, (t + 1) / self.frames)
        x, y = round(x0 + (x1 - x0) * f), round(y0 + (y1 - y0) * f)
        r.dashed_line(surface, (x0, y0), (x, y), P.YELLOW)
        surface.fill(P.BLACK, (x - 3, y - 3, 7, 7))
        surface.fill(P.YELLOW, (x - 2, y - 2, 5, 5))
        surface.fill(P.WHITE, (x - 1, y - 1, 3, 3))


class Burst(Step):
    """Rings growing out of a square: a hit, a deployment, a taken Master."""

    def __init__(self, sq: int, frames: int, colours: tuple[int, ...], radius: int = 14) -> None:
        super().__init__(frames)
        self.sq = sq
        self.colours = colours
        self.radius = radius

    def over(self, surface, r, pos, flip, t) -> None:
        cx, cy = _centre(self.sq, flip)
        f = (t + 1) / self.frames
        for i, colour in enumerate(self.colours):
            rad = max(1, round(self.radius * f) - (self.radius // 6) * i)
            pygame.draw.circle(surface, colour, (cx, cy), rad, 2)
        n = round(4 + 8 * f)
        for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
            pygame.draw.line(surface, self.colours[0], (cx - n * dx, cy - n * dy), (cx + n * dx, cy + n * dy))
        if self.radius >= 40:       # a Master's fall: the whole board's edge flashes
            from jayden_jazz.scenes.jayden.render import BOARD_H

            colour = self.colours[(t // 6) % len(self.colours)]
            pygame.draw.rect(surface, colour, (0, 0, 640, BOARD_H), 3)


class Flash(Step):
    """A conditioned piece blinks between its old and new colours."""

    def __init__(self, p: Played, frames: int) -> None:
        super().__init__(frames)
        self.p = p

    def hidden(self, t: int) -> set[int]:
        return {self.p.action.dst}

    def under(self, surface, r, pos, flip, t) -> None:
        p = self.p
        r.empty_square(surface, pos, p.action.dst, flip)
        if p.target is None:
            return
        side = p.target[1] if (t // 5) % 2 == 0 and t < self.frames * 2 // 3 else p.side
        x, y = _topleft(p.action.dst, flip)
        r.draw_piece(surface, p.target[0], side, x, y)

    def over(self, surface, r, pos, flip, t) -> None:
        from jayden_jazz.scenes.jayden.render import square_rect

        colour = P.LIGHT_MAGENTA if (t // 4) % 2 == 0 else P.WHITE
        pygame.draw.rect(surface, colour, square_rect(self.p.action.dst, flip), 2)


class Motion:
    """The steps shown for one action, one after another."""

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

    def _current(self) -> tuple[Step | None, int]:
        t = self.t
        for s in self.steps:
            if t < s.frames:
                return s, t
            t -= s.frames
        return None, 0

    def draw_under(self, surface: pygame.Surface, r: Any, pos: Position, flip: bool) -> None:
        step, t = self._current()
        if step is not None:
            step.under(surface, r, pos, flip, t)

    def draw_over(self, surface: pygame.Surface, r: Any, pos: Position, flip: bool) -> None:
        step, t = self._current()
        if step is not None:
            step.over(surface, r, pos, flip, t)


def for_action(p: Played, factor: float, master_taken: bool = False) -> Motion | None:
    """The motion for one played action, or None when motion is off."""
    if factor <= 0:
        return None
    d = _distance(p.action.src, p.action.dst)
    kind = p.kind
    steps: list[Step]
    if kind == "fire":
        steps = [Shot(p, _frames(SHOT_BASE + SHOT_PER_SQUARE * d, factor)),
                 Burst(p.action.dst, _frames(BURST, factor), (P.YELLOW, P.LIGHT_RED, P.WHITE))]
    elif kind == "condition":
        steps = [Flash(p, _frames(CONDITION, factor))]
    elif kind == "deploy":
        steps = [Burst(p.action.src, _frames(BURST // 2, factor), (P.LIGHT_CYAN,), 10),
                 Burst(p.land, _frames(BURST, factor), (P.LIGHT_CYAN, P.WHITE), 18)]
    else:
        steps = [Slide(p, _frames(min(SLIDE_MAX, SLIDE_BASE + SLIDE_PER_SQUARE * d), factor))]
        if kind == "attack":
            steps.append(Burst(p.action.dst, _frames(BURST, factor), (P.LIGHT_RED, P.YELLOW)))
    if master_taken:
        steps.append(Burst(p.action.dst, _frames(MASTER_MOMENT, factor),
                           (P.WHITE, P.YELLOW, P.LIGHT_RED, P.LIGHT_MAGENTA), 60))
    return Motion(steps)
