"""Tiny functions for worker tests (they must be importable by name)."""

import time


def add(a, b):
    return a + b


def slow(seconds):
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:   # busy: a search holds the CPU, it does not sleep
        pass
    return "done"


def fail():
    raise RuntimeError("no move found")


def shared_value(key):
    """What the game shared with this worker under ``key``."""
    from jayden_jazz.ai.worker import shared
    return shared(tuple(key) if isinstance(key, list) else key)


def catalog_ids(pack_dirs):
    """The card ids the card AI would use for these folders (shared by the game, or read)."""
    from jayden_jazz.ai.cards.player import catalog_for
    return sorted(catalog_for(pack_dirs))
