"""PyInstaller's entry point for the JaydenJazz bundle (built by build_bundle.py).

The AI worker starts its process with "spawn": in a frozen program that child
re-runs this executable, and ``freeze_support`` turns it into the worker
instead of a second copy of the game.

numba keeps the compiled card search in the player's cache folder
(``search/``), not beside the modules as an installed game does: the program's
own folder may be read-only, and a signed macOS app must not change; with
``JAYDEN_JAZZ_HOME`` it stays in that one folder too. It is set before
anything imports numba, which reads it once, and the worker inherits it.
"""

import multiprocessing
import os
import sys

if __name__ == "__main__":
    try:
        from jayden_jazz import paths

        os.environ.setdefault("NUMBA_CACHE_DIR", str(paths.cache_dir() / "search"))
    except Exception:       # noqa: BLE001 -- a strange environment: numba's own cache folder
        pass
    multiprocessing.freeze_support()
    from jayden_jazz.app import main

    sys.exit(main())
