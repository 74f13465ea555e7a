"""Lets ``python -m jayden_jazz.cards`` run the command-line tools."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
