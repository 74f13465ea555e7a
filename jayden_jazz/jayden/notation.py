"""JPN, the one-line position notation of the rules (docs/rules/jayden.md#position-notation-jpn).

Parsing is strict on purpose: every accepted string must format back to
itself, so saves, bug reports and tests can compare positions as text.
"""

from __future__ import annotations

from typing import NamedTuple

from jayden_jazz.jayden.errors import JPNError
from jayden_jazz.jayden.pieces import (
    CANNON,
    KIND_OF,
    MASTER,
    SIDE_LETTERS,
    SIDE_NAMES,
    SIDE_OF,
    from_letter,
    letter,
)
from jayden_jazz.jayden.squares import (
    FILES,
    RANKS,
    SQUARES,
    parse_square,
    square_name,
    square_problem,
)

START_JPN = (
    "csrrrriinkmdiirrrrsc/khhhhhhhhhhhhhhhhhhk/20/20/20/20/20/20/20/20/20/20/"
    "KHHHHHHHHHHHHHHHHHHK/CSRRRRIIDMKNIIRRRRSC g - 0 0 1"
)

QUIET_DRAW_ACTIONS = 200

_FIELDS = ("ranks", "side", "acted", "fired", "quiet", "turn")


class ParsedJPN(NamedTuple):
    board: bytearray
    side: int
    acted: int  # -1 for '-'
    fired: int
    quiet: int
    turn: int


def _number(text: str, field: str, minimum: int) -> int:
    if not (text.isascii() and text.isdigit()):
        raise JPNError(f"{field}: '{text}' is not a whole number", field)
    if len(text) > 1 and text[0] == "0":
        raise JPNError(f"{field}: '{text}' has a leading zero", field)
    value = int(text)
    if value < minimum:
        raise JPNError(f"{field}: {value} is below the minimum {minimum}", field)
    return value


def _parse_rank(text: str, rank: int, board: bytearray) -> None:
    if not text:
        raise JPNError(f"ranks: rank {rank} is empty", "ranks")
    file = 0
    i = 0
    base = (rank - 1) * FILES
    while i < len(text):
        ch = text[i]
        if ch.isascii() and ch.isdigit():
            j = i
            while j < len(text) and text[j].isascii() and text[j].isdigit():
                j += 1
            run = text[i:j]
            if run[0] == "0":
                raise JPNError(
                    f"ranks: rank {rank} has the empty-run '{run}' "
                    "(runs are 1..20 without leading zeros)",
                    "ranks",
                )
            n = int(run)
            if n > FILES:
                raise JPNError(f"ranks: rank {rank} has an empty run of {n} (at most 20)", "ranks")
            file += n
            i = j
            continue
        try:
            v = from_letter(ch)
        except ValueError:
            raise JPNError(
                f"ranks: rank {rank} holds '{ch}', which is not a piece letter "
                "(CDHIKMRSNX, lowercase for Red) or a number",
                "ranks",
            ) from None
        if file < FILES:
            board[base + file] = v
        file += 1
        i += 1
    if file != FILES:
        raise JPNError(f"ranks: rank {rank} has {file} squares, not {FILES}", "ranks")


def parse_jpn(text: str) -> ParsedJPN:
    """Split and check a JPN string; raise :class:`JPNError` naming the bad field.

    Checks here are those that need no rules knowledge beyond counting; the
    game-over dependent check on ``<acted>`` is made here too because it only
    needs the Master counts.
    """
    if not isinstance(text, str):
        raise JPNError(f"a position must be text, not {type(text).__name__}")
    for ch in text:
        if ch.isspace() and ch != " ":
            raise JPNError(
                f"the position contains {ch!r}; fields are separated by single spaces "
                "and nothing else (strip line endings first)"
            )
    parts = text.split(" ")
    if "" in parts:
        raise JPNError(
            "empty field: fields are separated by exactly one space, "
            "with none at the start or end"
        )
    if len(parts) != len(_FIELDS):
        raise JPNError(
            f"expected 6 fields (ranks side acted fired quiet turn), found {len(parts)}"
        )
    ranks_text, side_text, acted_text, fired_text, quiet_text, turn_text = parts

    ranks = ranks_text.split("/")
    if len(ranks) != RANKS:
        raise JPNError(f"ranks: found {len(ranks)} ranks, expected {RANKS} separated by '/'", "ranks")
    board = bytearray(SQUARES)
    for i, rank_text in enumerate(ranks):
        _parse_rank(rank_text, RANKS - i, board)

    if side_text not in ("g", "r"):
        raise JPNError(f"side: '{side_text}' is neither 'g' nor 'r'", "side")
    side = SIDE_LETTERS.index(side_text)

    if acted_text == "-":
        acted = -1
    else:
        try:
            acted = parse_square(acted_text)
        except ValueError:
            raise JPNError(
                f"acted: {square_problem(acted_text)} (expected '-' or a square)", "acted"
            ) from None

    fired = _number(fired_text, "fired", 0)
    quiet = _number(quiet_text, "quiet", 0)
    turn = _number(turn_text, "turn", 1)

    masters = [0, 0]
    cannons = 0
    for v in board:
        if v:
            if KIND_OF[v] == MASTER:
                masters[SIDE_OF[v]] += 1
            elif KIND_OF[v] == CANNON and SIDE_OF[v] == side:
                cannons += 1
    if acted >= 0:
        v = board[acted]
        if not v or SIDE_OF[v] != side:
            raise JPNError(
                f"acted: {acted_text} does not hold a piece of the side to act "
                f"({SIDE_NAMES[side]})",
                "acted",
            )
        over = 0 in masters or quiet >= QUIET_DRAW_ACTIONS
        if KIND_OF[v] == MASTER and not over:
            raise JPNError(
                f"acted: {acted_text} holds {SIDE_NAMES[side]}'s Master, whose action "
                "ends the turn, and the game is not over",
                "acted",
            )
    if fired > 0 and acted < 0:
        raise JPNError(f"fired: {fired} Cannons fired but no action made this turn", "fired")
    if fired > cannons:
        raise JPNError(
            f"fired: {fired} Cannons fired but {SIDE_NAMES[side]} has only {cannons} on the board",
            "fired",
        )
    return ParsedJPN(board, side, acted, fired, quiet, turn)


def format_ranks(board: bytes | bytearray) -> str:
    """The ``<ranks>`` field of a board."""
    out = []
    for rank in range(RANKS, 0, -1):
        base = (rank - 1) * FILES
        row = []
        run = 0
        for f in range(FILES):
            v = board[base + f]
            if v:
                if run:
                    row.append(str(run))
                    run = 0
                row.append(letter(v))
            else:
                run += 1
        if run:
            row.append(str(run))
        out.append("".join(row))
    return "/".join(out)


def format_jpn(
    board: bytes | bytearray, side: int, acted: int, fired: int, quiet: int, turn: int
) -> str:
    acted_text = "-" if acted < 0 else square_name(acted)
    return f"{format_ranks(board)} {SIDE_LETTERS[side]} {acted_text} {fired} {quiet} {turn}"


def jpn_of(pieces: dict[int, str], side: str) -> str:
    """The JPN of a set-up position: ``pieces`` maps squares to piece letters
    (capitals Green, lower case Red), ``side`` ('g' or 'r') is to act, at the
    start of its turn, the first of the game. For a position editor."""
    board = bytearray(SQUARES)
    for sq, piece in pieces.items():
        board[sq] = from_letter(piece)
    return format_jpn(board, 0 if side == "g" else 1, -1, 0, 0, 1)
