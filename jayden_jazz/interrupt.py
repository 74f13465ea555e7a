"""Ctrl+C on the command line: the program ends quietly with exit status 130, as shells expect.

``python -m jayden_jazz``, ``python -m jayden_jazz.cards`` and ``python -m
jayden_jazz.jayden`` start through :func:`run_main`, which imports the
command and runs it, so an interrupt during either (the imports take a
moment) prints one word instead of a traceback. The command's own
clean-up runs first: ``finally`` blocks and ``with`` statements see the
``KeyboardInterrupt`` as usual. This module imports nothing from the game.
"""

from __future__ import annotations

import sys
from importlib import import_module

INTERRUPTED = 130
"""128 + SIGINT: what a shell reports for a program stopped by Ctrl+C."""


def interrupted() -> int:
    """Say so in one word (when there is a console) and give the exit status."""
    if sys.stderr is not None:
        try:
            print("interrupted", file=sys.stderr)
        except (OSError, ValueError):
            pass
    return INTERRUPTED


def run_main(target: str) -> int:
    """Import ``module:function`` and call it with no arguments; its status, or 130 on Ctrl+C."""
    try:
        module, _, name = target.partition(":")
        status = getattr(import_module(module), name)()
    except KeyboardInterrupt:
        return interrupted()
    return int(status or 0)


__all__ = ["INTERRUPTED", "interrupted", "run_main"]
