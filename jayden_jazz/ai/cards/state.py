"""The computer player's game state: the engine's own rules core, searched directly.

:class:`~jayden_jazz.cards.core.Core` holds a game as flat lists of ints and
splits a move in two (placement with its captures, then the ability
choice); every rule is written there once, for the engine and for every
search. This module only names it for the AI: a *move* is
``(piece, cell, option)``, ``option`` None for a plain placement, else
``(number, targets)`` with field cell indexes and, for a swap, the hand
piece last. Positions are read by the one position reader,
:class:`~jayden_jazz.cards.position.Position` (``Parts`` here).
"""

from __future__ import annotations

from jayden_jazz.cards.core import (END_NAMES, FIELD_FULL, INSTANT_WIN, NO_CARDS, PLAYING, SUDDEN_DEATH,
                                    Core, Effect)
from jayden_jazz.cards.position import Position

FastGame = Core
Parts = Position
FastEffect = Effect

__all__ = ["END_NAMES", "FIELD_FULL", "FastEffect", "FastGame", "INSTANT_WIN", "NO_CARDS", "PLAYING",
           "Parts", "SUDDEN_DEATH"]
