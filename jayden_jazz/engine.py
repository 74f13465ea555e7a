"""``python -m jayden_jazz.engine jayden|cards [--level L] [--seed N] [--movetime MS]``.

Runs a game's computer player as an engine speaking the engine protocol on
standard input and output (``docs/engine-protocol.md``). It lives above the
rules packages because it needs the computer players (``jayden_jazz.ai``),
which the rules never import; ``python -m jayden_jazz.jayden engine`` and
``python -m jayden_jazz.cards engine`` hand their process over to this one
(:mod:`jayden_jazz.handoff`).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m jayden_jazz.engine",
                                     description=__doc__.splitlines()[0].strip("`."))
    parser.add_argument("game", choices=("jayden", "cards"))
    parser.add_argument("--level", choices=("easy", "normal", "hard"), default="hard",
                        help="the computer level (default hard; the option 'level' changes it)")
    parser.add_argument("--seed", type=int, default=0, help="the option 'seed' at the start")
    parser.add_argument("--movetime", type=int, default=0,
                        help="milliseconds per move when go names none (default 0: the level's own)")
    args = parser.parse_args(argv)
    if not 0 <= args.seed < 2**31:
        parser.error("--seed must be from 0 to 2147483647")
    if args.movetime < 0:
        parser.error("--movetime must be 0 or more")
    from jayden_jazz.ai.protocol.loop import Engine

    if args.game == "jayden":
        from jayden_jazz.ai.protocol.jayden import JaydenAdapter
        adapter = JaydenAdapter(args.level, args.seed, args.movetime)
    else:
        from jayden_jazz.ai.protocol.cards import CardsAdapter
        adapter = CardsAdapter(args.level, args.seed, args.movetime)  # type: ignore[assignment]
    if hasattr(sys.stdin, "reconfigure"):
        sys.stdin.reconfigure(errors="replace")   # a stray byte is an unknown command, not a crash
    try:
        return Engine(adapter, out=_protocol_output()).run()
    except (KeyboardInterrupt, BrokenPipeError):
        return 1


def _protocol_output():  # type: ignore[no-untyped-def]
    """Standard output kept for the protocol alone: anything else printed, here or in
    the worker process (which inherits the file descriptors), goes to standard error."""
    sys.stdout.flush()
    out = os.fdopen(os.dup(sys.stdout.fileno()), "w", encoding="utf-8", buffering=1)
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    sys.stdout = sys.stderr
    return out


if __name__ == "__main__":
    sys.exit(main())
