"""Entry point for ``python -m jayden_jazz.jayden`` (see :mod:`.cli`)."""

import sys

from jayden_jazz.jayden.cli import main

if __name__ == "__main__":
    sys.exit(main())
