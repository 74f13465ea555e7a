"""The ability search compiled by numba (issue #41): the same answers as the Python bit
search, ten times faster or more.

numba compiles the kernel once and keeps it on disk (in ``__pycache__`` beside the
modules, or numba's own cache folder where that is not writable; the bundle's in the
player's cache folder, see tools/bundle_entry.py): the first start on a
machine takes about 15 s of one core, later starts about 0.3 s to load it. A worker warms
it in a thread of its own when it starts (:func:`warm_in_background`), and the exact
search uses it only once it is ready (:func:`ready`): until then, and wherever numba is
missing or broken, the Python search answers, with the same values.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import threading

_ready = threading.Event()
_lock = threading.Lock()
_started = False
OFF_ENV = "JAYDEN_JAZZ_NO_JIT"      # set (to anything) to keep every search in Python
#: From this many empty cells a solver hands its positions to the kernel (and at any size
#: while a reset may come). Below, the Python search ends before the kernel's tables are
#: made: a hidden hand's sampled worlds at 3-4 empty cells ran at 0.4-0.6 times the Python
#: search's speed in the kernel, at 5 at 1.5-6 times (tools/bench_cards_late.py).
MIN_EMPTY = 5


def available() -> bool:
    """Whether the compiled search may be used here: numba installed and not switched off."""
    return not os.environ.get(OFF_ENV) and importlib.util.find_spec("numba") is not None


def ready() -> bool:
    """Whether the kernel is compiled (or loaded) in this process."""
    return _ready.is_set()


def warm() -> bool:
    """Compile the kernel, or load it from numba's cache, in this thread; whether it worked.
    A failure (numba broken, a cache it cannot read) leaves the Python search in charge and
    is told on stderr once."""
    if _ready.is_set():
        return True
    if not available():
        return False
    with _lock:
        if _ready.is_set():
            return True
        try:
            _compile()
        except Exception as first:      # noqa: BLE001 -- a cache numba cannot read: make it again
            try:
                _forget_cache()
                _compile()
            except Exception as e:      # noqa: BLE001 -- any failure means: search in Python
                print(f"jayden-jazz: the compiled search is off ({type(e).__name__}: {e})", file=sys.stderr)
                return False
            print(f"jayden-jazz: the compiled search's cache could not be read "
                  f"({type(first).__name__}: {first}); it was compiled again", file=sys.stderr)
        _ready.set()
        return True


def _compile() -> None:
    from numba import types

    from . import kernel
    a = types.Array(types.int64, 1, "C")
    i = types.int64
    kernel.run.compile((a, a, i, i, i, i, i, i, i, i))


def _forget_cache() -> None:
    """Empty numba's on-disk index of every compiled function of the kernel. A cache file
    cut short (a power cut, a full disk) otherwise fails every later start the same way, and
    the compiled search would stay off on that machine for good."""
    from numba.core.registry import CPUDispatcher

    from . import kernel, rules
    for module in (kernel, rules):
        for obj in vars(module).values():
            cache = getattr(obj, "_cache", None) if isinstance(obj, CPUDispatcher) else None
            if cache is not None:           # (numba's own attribute: absent, nothing to empty)
                cache.flush()


def warm_in_background() -> None:
    """Start :func:`warm` in a daemon thread, once per process, when numba is here."""
    global _started
    if _started or not available():
        return
    _started = True
    threading.Thread(target=warm, name="jayden-jazz-jit-warm", daemon=True).start()


__all__ = ["MIN_EMPTY", "OFF_ENV", "available", "ready", "warm", "warm_in_background"]
