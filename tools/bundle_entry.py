"""PyInstaller's entry point for the JaydenJazz bundle (built by build_bundle.py).

The AI worker starts its process with "spawn": in a frozen program that child
re-runs this executable, and ``freeze_support`` turns it into the worker
instead of a second copy of the game.
"""

import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from jayden_jazz.app import main

    sys.exit(main())
