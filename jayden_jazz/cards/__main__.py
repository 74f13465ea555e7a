"""``python -m jayden_jazz.cards``: the program, not part of the engine.

It hands the command line to :mod:`jayden_jazz.commands`, which holds the
engine's commands and the two that need pygame or the saves (``render``,
``replay``). Nothing in the engine imports this file, so the engine's floor
holds (``tests/test_import_floors.py`` names it as the one exception).
"""

import sys

from jayden_jazz.interrupt import run_main

if __name__ == "__main__":
    if sys.argv[1:2] == ["engine"]:  # the engine protocol needs the computer players: see handoff
        from jayden_jazz.handoff import run_module
        run_module("jayden_jazz.engine", ["cards", *sys.argv[2:]])
    sys.exit(run_main("jayden_jazz.commands:main"))
