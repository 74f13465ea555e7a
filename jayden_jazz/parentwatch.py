"""A worker process that ends the moment the process that started it is gone.

The game's AI workers and the server's computer-player worker both run
searches that only their parent wants. If the parent dies -- even by
SIGKILL, which runs none of its clean-up -- a worker left behind would go
on thinking for nobody and hold a core. ``parent_process().sentinel`` is
ready as soon as the parent ends for any reason, so one daemon thread that
waits on it and then leaves with ``os._exit`` is all it takes. No pygame.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import threading


def exit_with_parent(name: str = "watch-parent") -> threading.Thread | None:
    """In a process started by :mod:`multiprocessing`: start the thread (called ``name``) that
    ends this process once its parent is gone, and return it. In a process that has no such
    parent (the game or server itself), nothing is started: None."""
    parent = mp.parent_process()
    if parent is None:
        return None
    sentinel = parent.sentinel

    def watch() -> None:
        from multiprocessing.connection import wait
        try:
            wait([sentinel])
        except (OSError, ValueError):       # the sentinel already closed: the parent is gone as well
            pass
        os._exit(0)

    thread = threading.Thread(target=watch, name=name, daemon=True)
    thread.start()
    return thread


__all__ = ["exit_with_parent"]
