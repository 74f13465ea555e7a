"""The board as plain text, for the CLI's ``show`` and for debugging."""

from __future__ import annotations

from typing import TYPE_CHECKING

from jayden_jazz.jayden.pieces import SIDE_NAMES, letter
from jayden_jazz.jayden.squares import FILE_LETTERS, FILES, RANKS, square_name

if TYPE_CHECKING:
    from jayden_jazz.jayden.position import Position


def render(pos: Position) -> str:
    """Ranks 14 to 1 top to bottom; '.' empty, '+' empty and shielded.

    The Half Line is drawn between ranks 8 and 7 as in the game.
    """
    b = pos._b
    files = "    " + " ".join(FILE_LETTERS)
    lines = [files]
    for rank in range(RANKS, 0, -1):
        row = []
        for f in range(FILES):
            sq = (rank - 1) * FILES + f
            v = b[sq]
            row.append(letter(v) if v else ("+" if pos._sh[sq] else "."))
        lines.append(f"{rank:>3} {' '.join(row)} {rank}")
        if rank == 8:
            lines.append("    " + "-" * (2 * FILES - 1))
    lines.append(files)
    side = SIDE_NAMES[pos._side]
    acted = "-" if pos.acted is None else square_name(pos.acted)
    lines.append(
        f"to act: {side}  acted: {acted}  fired: {pos.fired}  "
        f"free cannons: {pos.free_cannons(pos.side)}  quiet: {pos.quiet}  turn: {pos.turn}"
    )
    result = pos.result
    if result is not None:
        who = "draw" if result.winner is None else f"{SIDE_NAMES['gr'.index(result.winner)]} wins"
        lines.append(f"game over: {who} ({result.reason})")
    lines.append(pos.jpn())
    return "\n".join(lines)
