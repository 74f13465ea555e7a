"""Names the board shows for sides and pieces."""

from __future__ import annotations

from jayden_jazz.shell import palette as P

SIDE_NAME = {"g": "Green", "r": "Red"}
SIDE_COLOR = {"g": P.LIGHT_GREEN, "r": P.LIGHT_RED}
PIECE_NAME = {"C": "Cannon", "D": "Dragon", "H": "Hero", "I": "Interceptor", "K": "Mark",
              "M": "Master", "R": "Raider", "S": "Scout", "N": "Sentinel", "X": "Sentinel"}


def other(side: str) -> str:
    return "r" if side == "g" else "g"


def plural(name: str, n: int) -> str:
    return name if n == 1 else name + "s"
