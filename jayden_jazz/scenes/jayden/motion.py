"""How the steps of an action look: slides, shots and bursts, drawn over the new position.

The table says which steps an action has and how far along they are
(``tables/jayden/steps.py``); this paints the step shown now, under the
markers (the landing square shown empty until the piece arrives, the
removed piece shown until it is hit) and over them (the piece or shot on
its way, the rings of a hit).
"""

from __future__ import annotations

from typing import Any

import pygame

from jayden_jazz.jayden import Position
from jayden_jazz.shell import palette as P
from jayden_jazz.tables.jayden.steps import Blast, Burst, Flash, Motion, Shot, Slide

#: A burst's colours (outermost ring first) and its largest radius.
BLASTS: dict[Blast, tuple[tuple[int, ...], int]] = {
    Blast.SHOT: ((P.YELLOW, P.LIGHT_RED, P.WHITE), 14),
    Blast.ATTACK: ((P.LIGHT_RED, P.YELLOW), 14),
    Blast.DEPLOY_FROM: ((P.LIGHT_CYAN,), 10),
    Blast.DEPLOY_TO: ((P.LIGHT_CYAN, P.WHITE), 18),
    Blast.MASTER: ((P.WHITE, P.YELLOW, P.LIGHT_RED, P.LIGHT_MAGENTA), 60),
}


def _rect(sq: int, flip: bool) -> pygame.Rect:
    from jayden_jazz.scenes.jayden.render import square_rect

    return square_rect(sq, flip)


def draw_under(motion: Motion, surface: pygame.Surface, r: Any, pos: Position, flip: bool) -> None:
    """What the step shown now paints before the markers: emptied squares, pieces still in view."""
    step, t = motion.current()
    if isinstance(step, Slide):
        p = step.played
        r.empty_square(surface, pos, p.land, flip)
        if p.target is not None:
            victim_until = step.frames if p.action.dst == p.land else step.frames // 2
            if t < victim_until:
                x, y = _rect(p.action.dst, flip).topleft
                r.draw_piece(surface, p.target[0], p.target[1], x, y)
    elif isinstance(step, Shot):
        p = step.played
        if p.target is not None:
            x, y = _rect(p.action.dst, flip).topleft
            r.draw_piece(surface, p.target[0], p.target[1], x, y)
    elif isinstance(step, Flash):
        p = step.played
        r.empty_square(surface, pos, p.action.dst, flip)
        if p.target is None:
            return
        side = p.target[1] if (t // 5) % 2 == 0 and t < step.frames * 2 // 3 else p.side
        x, y = _rect(p.action.dst, flip).topleft
        r.draw_piece(surface, p.target[0], side, x, y)


def draw_over(motion: Motion, surface: pygame.Surface, r: Any, pos: Position, flip: bool) -> None:
    """What the step shown now paints over everything: the piece or shot on its way, rings, a frame."""
    step, t = motion.current()
    if step is None:
        return
    f = min(1.0, (t + 1) / step.frames)
    if isinstance(step, Slide):
        p = step.played
        (x0, y0), (x1, y1) = _rect(p.action.src, flip).topleft, _rect(p.land, flip).topleft
        letter = "X" if p.kind == "deploy" else p.piece
        r.draw_piece(surface, letter, p.side, round(x0 + (x1 - x0) * f), round(y0 + (y1 - y0) * f))
    elif isinstance(step, Shot):
        (x0, y0), (x1, y1) = _rect(step.played.action.src, flip).center, _rect(step.played.action.dst, flip).center
        x, y = round(x0 + (x1 - x0) * f), round(y0 + (y1 - y0) * f)
        r.dashed_line(surface, (x0, y0), (x, y), P.YELLOW)
        surface.fill(P.BLACK, (x - 3, y - 3, 7, 7))
        surface.fill(P.YELLOW, (x - 2, y - 2, 5, 5))
        surface.fill(P.WHITE, (x - 1, y - 1, 3, 3))
    elif isinstance(step, Burst):
        _burst(surface, step, t, flip)
    elif isinstance(step, Flash):
        colour = P.LIGHT_MAGENTA if (t // 4) % 2 == 0 else P.WHITE
        pygame.draw.rect(surface, colour, _rect(step.played.action.dst, flip), 2)


def _burst(surface: pygame.Surface, step: Burst, t: int, flip: bool) -> None:
    from jayden_jazz.scenes.jayden.render import BOARD_H

    colours, radius = BLASTS[step.blast]
    cx, cy = _rect(step.square, flip).center
    f = (t + 1) / step.frames
    for i, colour in enumerate(colours):
        rad = max(1, round(radius * f) - (radius // 6) * i)
        pygame.draw.circle(surface, colour, (cx, cy), rad, 2)
    n = round(4 + 8 * f)
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        pygame.draw.line(surface, colours[0], (cx - n * dx, cy - n * dy), (cx + n * dx, cy + n * dy))
    if radius >= 40:       # a Master's fall: the whole board's edge flashes
        colour = colours[(t // 6) % len(colours)]
        pygame.draw.rect(surface, colour, (0, 0, 640, BOARD_H), 3)
