"""Builders for small test positions, written independently of the engine's
JPN formatter so a formatter bug cannot hide behind the tests that use it."""

from __future__ import annotations

from jayden_jazz.jayden import Position

FILES = "abcdefghijklmnopqrst"

#: Masters and Marks tucked in the far corners: both sides have a Master
#: (the game is on) and a Mark (the Half Line does not bind), and the Marks
#: can always step, so turns can be completed.
CORNERS = "Ma1 Ka3 mt14 kt12"


def jpn(pieces: str, side: str = "g", acted: str = "-", fired: int = 0,
        quiet: int = 0, turn: int = 1) -> str:
    """JPN from tokens like ``'He5 he6 Mj1'`` (letter then square)."""
    grid = [[None] * 20 for _ in range(14)]
    for token in pieces.split():
        letter, sq = token[0], token[1:]
        f, r = FILES.index(sq[0]), int(sq[1:])
        assert grid[r - 1][f] is None, f"two pieces on {sq}"
        grid[r - 1][f] = letter
    rows = []
    for r in range(14, 0, -1):
        text, run = "", 0
        for cell in grid[r - 1]:
            if cell is None:
                run += 1
            else:
                text += (str(run) if run else "") + cell
                run = 0
        rows.append(text + (str(run) if run else ""))
    return f"{'/'.join(rows)} {side} {acted} {fired} {quiet} {turn}"


def make(pieces: str, side: str = "g", acted: str = "-", fired: int = 0,
         quiet: int = 0, turn: int = 1, quiet_draw: bool = True) -> Position:
    return Position(jpn(pieces, side, acted, fired, quiet, turn), quiet_draw=quiet_draw)


def texts(actions) -> set[str]:
    return {str(a) for a in actions}


def targets(pos: Position, square: str) -> set[str]:
    """Legal actions of one piece as text."""
    return texts(pos.legal_actions_from(square))
