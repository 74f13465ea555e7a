"""Runs a computer player's search in a separate process.

A thread would share the GIL with the frame loop and stutter the window; a
process does not. One long-lived worker serves requests (so numpy and the
engine are imported once); cancelling terminates it and the next request
starts a fresh one. Requests name a top-level function as ``"module:func"``
and pass picklable arguments (position strings, seeds), never live objects.

Data the game has already loaded and every search needs (the card
catalogue) is handed over with :func:`share` rather than read again in each
worker: a shared value goes to every worker started later and to a running
one before its next request, and the worker's code reads it with
:func:`shared`.

The worker ends when the game does, however the game ends (a crash, a
SIGKILL): it watches the game's process and exits the moment it is gone,
which also lets multiprocessing's resource tracker finish.
"""

from __future__ import annotations

import multiprocessing as mp
import queue
import signal
import threading
import traceback
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from jayden_jazz import parentwatch

_SHARE = "__share__"
_shared: dict[Any, Any] = {}
_shared_version = 0


def share(key: Any, value: Any) -> None:
    """In the game: give every worker ``value`` under ``key`` (picklable; replaces an older one)."""
    global _shared_version
    if _shared.get(key) is not value:
        _shared[key] = value
        _shared_version += 1


def shared(key: Any, default: Any = None) -> Any:
    """In a worker: the value the game shared under ``key``, or ``default``."""
    return _shared.get(key, default)


@contextmanager
def _sigint_held() -> Iterator[None]:
    """Ctrl+C held back (not lost) while a worker starts.

    SIGINT is blocked in this thread, which the new process inherits and
    never undoes, so a Ctrl+C during its start-up (imports) prints nothing
    there. Another thread of this process may still receive it, so it is
    also only noted meanwhile, and raised here once the worker has started
    (an interrupt halfway through the start would leave the new process
    without its instructions, and it would print that).
    """
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "pthread_sigmask"):
        yield
        return
    noted: list[int] = []
    handler = signal.signal(signal.SIGINT, lambda signum, _frame: noted.append(signum))
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        signal.signal(signal.SIGINT, handler)
    if noted and callable(handler):
        handler(signal.SIGINT, None)


def _serve(requests: "mp.Queue", replies: "mp.Queue", data: dict[Any, Any] | None = None) -> None:
    # Ctrl+C in the console reaches every process of the game: the game decides, and closes this one
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parentwatch.exit_with_parent("watch-game")   # no orphan left thinking for nobody, even after SIGKILL
    _shared.update(data or {})
    # the card game's compiled exact search, loaded (or, the first time on this machine,
    # compiled) beside the requests; until it is ready the Python search answers
    from jayden_jazz.ai.cards import jit
    jit.warm_in_background()
    while True:
        req = requests.get()
        if req is None:
            return
        if req[0] == _SHARE:
            _shared.clear()
            _shared.update(req[1])
            continue
        ticket, target, args, kwargs = req
        try:
            module, _, name = target.partition(":")
            result = getattr(import_module(module), name)(*args, **kwargs)
            replies.put((ticket, True, result))
        except Exception:  # the scene shows the error instead of hanging
            replies.put((ticket, False, traceback.format_exc()))


@dataclass
class Reply:
    ok: bool
    value: Any


class AIWorker:
    #: Replies handed to scenes by all workers so far. The frame loop redraws
    #: when it grows, so the computer's answer shows at once even on a scene
    #: that otherwise draws only when it changes.
    replies_given = 0
    #: Every worker alive, so a scripted headless run can wait for the computer (:meth:`any_busy`).
    _live: "weakref.WeakSet[AIWorker]" = weakref.WeakSet()

    @classmethod
    def any_busy(cls) -> bool:
        """Whether some computer player is still thinking."""
        return any(w.busy for w in list(cls._live))

    def __init__(self) -> None:
        AIWorker._live.add(self)
        self._ctx = mp.get_context("spawn")
        self._proc: Any = None                  # the context's Process (a spawn process)
        self._requests: Any = None
        self._replies: Any = None
        self._ticket = 0
        self._waiting: int | None = None
        self._shared_sent = -1

    def _ensure(self) -> None:
        if self._proc is not None and self._proc.is_alive():
            return
        self._requests = self._ctx.Queue()
        self._replies = self._ctx.Queue()
        self._proc = self._ctx.Process(target=_serve, args=(self._requests, self._replies, dict(_shared)),
                                       daemon=True, name="jayden-jazz-ai")
        with _sigint_held():
            self._proc.start()
        self._shared_sent = _shared_version

    @property
    def busy(self) -> bool:
        return self._waiting is not None

    def submit(self, target: str, *args: Any, **kwargs: Any) -> int:
        """Start a search; any earlier unfinished one is cancelled first."""
        if self.busy:
            self.cancel()
        self._ensure()
        if self._shared_sent != _shared_version:
            self._requests.put((_SHARE, dict(_shared)))
            self._shared_sent = _shared_version
        self._ticket += 1
        self._waiting = self._ticket
        self._requests.put((self._ticket, target, args, kwargs))
        return self._ticket

    def poll(self) -> Reply | None:
        """Non-blocking: the reply to the current request, once it is there."""
        if self._waiting is None or self._replies is None:
            return None
        while True:
            try:
                ticket, ok, value = self._replies.get_nowait()
            except queue.Empty:
                if self._proc is not None and not self._proc.is_alive():
                    self._waiting = None
                    AIWorker.replies_given += 1
                    return Reply(False, "the computer player's process stopped unexpectedly")
                return None
            if ticket == self._waiting:
                self._waiting = None
                AIWorker.replies_given += 1
                return Reply(ok, value)
            # a stale reply to a cancelled request: drop it

    def wait(self, timeout: float = 60.0) -> Reply | None:
        """Blocking variant for tools and tests (never call from the frame loop)."""
        if self._waiting is None or self._replies is None:
            return None
        try:
            while True:
                ticket, ok, value = self._replies.get(timeout=timeout)
                if ticket == self._waiting:
                    self._waiting = None
                    return Reply(ok, value)
        except queue.Empty:
            return None

    def cancel(self) -> None:
        """Stop the current search at once (Esc, new game, quitting)."""
        self._waiting = None
        if self._proc is not None and self._proc.is_alive():
            self._proc.terminate()
            self._proc.join(timeout=2)
        self._proc = None

    def close(self) -> None:
        if self._proc is not None and self._proc.is_alive():
            if self._waiting is None:
                try:
                    self._requests.put(None)
                    self._proc.join(timeout=1)
                except (OSError, ValueError):
                    pass
            if self._proc.is_alive():
                self._proc.terminate()
                self._proc.join(timeout=2)
        self._proc = None
        self._waiting = None
