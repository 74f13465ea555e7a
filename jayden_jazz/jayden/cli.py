"""``python -m jayden_jazz.jayden``: list legal actions, run perft, show a board.

``engine [--level easy|normal|hard]`` runs the computer player as an engine
(docs/engine-protocol.md); ``__main__`` hands the process over to it.

Output is plain and sorted so it can be diffed against other engines and the
perft regression file. Errors go to stderr with exit status 1 (2 for usage),
never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn, TextIO

from jayden_jazz.jayden.errors import JPNError
from jayden_jazz.jayden.notation import START_JPN
from jayden_jazz.jayden.perft import perft, perft_divide
from jayden_jazz.jayden.position import Position


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # argparse would print usage twice
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")


def _build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m jayden_jazz.jayden", description=__doc__.splitlines()[0],
                     epilog="engine [--level L]: the computer player on the engine protocol "
                            "(docs/engine-protocol.md)")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def position_arg(p: argparse.ArgumentParser) -> None:
        p.add_argument("--position", metavar="JPN", default=START_JPN,
                       help="position in JPN (default: the start position)")
        p.add_argument("--quiet-draw", action="store_true",
                       help="apply the 200-quiet-action draw (off by default here)")

    p_legal = sub.add_parser("legal", help="every legal action, one per line, sorted")
    position_arg(p_legal)

    p_perft = sub.add_parser("perft", help="count the action tree to DEPTH")
    p_perft.add_argument("depth", type=int, metavar="DEPTH")
    group = p_perft.add_mutually_exclusive_group()
    group.add_argument("--position", metavar="JPN", default=None)
    group.add_argument("--positions", metavar="FILE",
                       help="one JPN per line (blank lines skipped); one count per line")
    p_perft.add_argument("--divide", action="store_true",
                         help="first one 'ACTION COUNT' line per legal action")

    p_show = sub.add_parser("show", help="the board as text")
    position_arg(p_show)
    return parser


def _read_positions(path: str) -> list[tuple[int, str]]:
    try:
        with open(path, encoding="utf-8") as fh:
            lines = fh.read().splitlines()
    except OSError as exc:
        raise _Failure(f"cannot read {path}: {exc.strerror}") from None
    return [(n, line) for n, line in enumerate(lines, 1) if line.strip()]


class _Failure(Exception):
    pass


def _run(args: argparse.Namespace, out: TextIO) -> None:
    if args.command == "legal":
        pos = Position(args.position, quiet_draw=args.quiet_draw)
        for text in sorted(str(a) for a in pos.legal_actions()):
            print(text, file=out)
    elif args.command == "show":
        pos = Position(args.position, quiet_draw=args.quiet_draw)
        print(pos, file=out)
    elif args.command == "perft":
        if args.depth < 0:
            raise _Failure("DEPTH must be 0 or more")
        if args.positions is not None:
            if args.divide:
                raise _Failure("--divide works with a single position, not --positions")
            entries = _read_positions(args.positions)
            positions = []
            for n, line in entries:
                try:
                    positions.append(Position(line, quiet_draw=False))
                except JPNError as exc:
                    raise _Failure(f"{args.positions} line {n}: {exc}") from None
            for pos in positions:
                print(perft(pos, args.depth), file=out)
            return
        pos = Position(args.position or START_JPN, quiet_draw=False)
        if args.divide and args.depth >= 1:
            total = 0
            for action, count in perft_divide(pos, args.depth):
                print(f"{action} {count}", file=out)
                total += count
            print(total, file=out)
        else:
            print(perft(pos, args.depth), file=out)


def main(argv: Sequence[str] | None = None) -> int:
    args = _build_parser().parse_args(argv)
    try:
        _run(args, sys.stdout)
    except (_Failure, JPNError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader (e.g. `head`) went away; stop without a traceback.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return 0
