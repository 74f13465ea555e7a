"""Lets ``python -m jayden_jazz`` start the game like the gui-script does."""

import sys

from jayden_jazz.app import main

if __name__ == "__main__":
    sys.exit(main())
