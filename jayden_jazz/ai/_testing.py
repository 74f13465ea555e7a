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
