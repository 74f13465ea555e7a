"""Build JPN positions for scene tests from a few named squares."""

from jayden_jazz.jayden import parse_square


def jpn(pieces: dict[str, str], side: str = "g", acted: str = "-", fired: int = 0, quiet: int = 0,
        turn: int = 1) -> str:
    board = [["" for _ in range(20)] for _ in range(14)]
    for name, letter in pieces.items():
        sq = parse_square(name)
        board[sq // 20][sq % 20] = letter
    ranks = []
    for r in range(13, -1, -1):
        out, run = "", 0
        for f in range(20):
            c = board[r][f]
            if c:
                if run:
                    out += str(run)
                    run = 0
                out += c
            else:
                run += 1
        if run:
            out += str(run)
        ranks.append(out)
    return f"{'/'.join(ranks)} {side} {acted} {fired} {quiet} {turn}"
