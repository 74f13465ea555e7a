"""Lets ``python -m jayden_jazz.cards`` run the command-line tools."""

import sys

from jayden_jazz.interrupt import run_main

if __name__ == "__main__":
    sys.exit(run_main("jayden_jazz.cards.cli:main"))
