"""Jayden rules engine: pure Python + numpy, no pygame.

The rules it plays, with every ruling, are ``docs/rules/jayden.md``.

Squares are ints, ``index = (rank - 1) * 20 + file`` with file a = 0 (so
``a1`` = 0, ``t14`` = 279); see :func:`square_name` / :func:`parse_square`.
"""

from jayden_jazz.jayden.actions import (
    ATTACK,
    CONDITION,
    FIRE,
    MOVE,
    Action,
    turn_from_text,
    turn_text,
)
from jayden_jazz.jayden.errors import ActionSyntaxError, IllegalActionError, JPNError
from jayden_jazz.jayden.notation import QUIET_DRAW_ACTIONS, START_JPN
from jayden_jazz.jayden.perft import perft, perft_divide
from jayden_jazz.jayden.position import REASONS, Position, Result
from jayden_jazz.jayden.squares import FILES, RANKS, SQUARES, parse_square, square_name

__all__ = [
    "ATTACK",
    "CONDITION",
    "FIRE",
    "MOVE",
    "Action",
    "turn_from_text",
    "turn_text",
    "ActionSyntaxError",
    "IllegalActionError",
    "JPNError",
    "QUIET_DRAW_ACTIONS",
    "START_JPN",
    "perft",
    "perft_divide",
    "REASONS",
    "Position",
    "Result",
    "FILES",
    "RANKS",
    "SQUARES",
    "parse_square",
    "square_name",
]
