"""Entry point for ``python -m jayden_jazz.jayden`` (see :mod:`.cli`)."""

import sys

from jayden_jazz.interrupt import run_main

if __name__ == "__main__":
    if sys.argv[1:2] == ["engine"]:  # the engine protocol needs the computer players: see handoff
        from jayden_jazz.handoff import run_module
        run_module("jayden_jazz.engine", ["jayden", *sys.argv[2:]])
    sys.exit(run_main("jayden_jazz.jayden.cli:main"))
