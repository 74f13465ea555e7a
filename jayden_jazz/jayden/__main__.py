"""Entry point for ``python -m jayden_jazz.jayden`` (see :mod:`.cli`)."""

import sys

from jayden_jazz.interrupt import run_main

if __name__ == "__main__":
    sys.exit(run_main("jayden_jazz.jayden.cli:main"))
