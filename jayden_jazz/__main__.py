"""Lets ``python -m jayden_jazz`` start the game like the gui-script does."""

import sys

from jayden_jazz.interrupt import run_main

if __name__ == "__main__":
    sys.exit(run_main("jayden_jazz.app:main"))
