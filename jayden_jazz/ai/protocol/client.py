"""The other end of the engine protocol: drive an engine process, trusting nothing.

:class:`EngineClient` starts an engine from a command line, checks that it
speaks the protocol for the right game, and asks it for moves. Every wait
has a deadline of its own (an engine's ``movetime`` is a request, not a
promise): a ``go`` not answered by ``movetime`` plus a margin gets a
``stop`` and the move fails with :class:`EngineTimeout` whether or not the
engine answers it (a move forced out by ``stop`` came too late); an engine
that does not answer ``stop`` either is killed. So does an ``error`` line, a closed
output or a reply that is not a move. The caller judges the move's legality
with its own rules.
"""

from __future__ import annotations

import queue
import shlex
import subprocess
import threading
import time
from collections.abc import Sequence

#: Seconds an engine may take to start and answer ``protocol`` and ``isready``.
START_SECONDS = 60.0
#: A ``go`` with a movetime may take movetime * SLACK + MARGIN before ``stop`` is sent.
SLACK = 1.5
MARGIN = 2.0
#: A ``go`` without movetime (the engine's own time) may take this long.
NO_MOVETIME_SECONDS = 60.0
#: After ``stop``, seconds to wait for ``bestmove`` before the engine is killed.
STOP_GRACE = 5.0
#: Seconds to wait for an engine whose output closed to exit, to say how it ended.
EXIT_WAIT = 2.0


#: A tournament player named ``engine:<command line>`` is an outside engine.
PREFIX = "engine:"


def engine_command(player: str) -> str | None:
    """The command line of a player named ``engine:<command line>``, else None."""
    if not player.startswith(PREFIX):
        return None
    command = player[len(PREFIX):].strip()
    if not command:
        raise ValueError("engine: needs a command line, e.g. 'engine:python -m jayden_jazz.jayden engine'")
    return command


class EngineError(RuntimeError):
    """The engine failed to answer as the protocol says (the text says how)."""


class EngineTimeout(EngineError):
    """The engine did not answer before the deadline."""


class EngineClient:
    """One engine process; ``command`` is its command line (split like a shell would)."""

    def __init__(self, command: str | Sequence[str], game: str, *, start_seconds: float = START_SECONDS) -> None:
        argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not argv:
            raise EngineError("the engine command line is empty")
        self.command = " ".join(argv)
        try:
            self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         text=True, encoding="utf-8", bufsize=1)
        except OSError as exc:
            raise EngineError(f"cannot start {self.command!r}: {exc.strerror or exc}") from None
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, name="engine-out", daemon=True).start()
        self.name = ""
        self.options: dict[str, str] = {}
        try:
            self.send("protocol")
            for line in self._until("protocolok", time.monotonic() + start_seconds):
                if line.startswith("id name "):
                    self.name = line[8:]
                elif line.startswith("id game "):
                    if line[8:] != game:
                        raise EngineError(f"{self.command!r} plays {line[8:]!r}, not {game!r}")
                elif line.startswith("option name "):
                    name = line[12:].split(" type ", 1)[0]
                    self.options[name.lower()] = line
            self.ready(start_seconds)
        except EngineError:
            self.close()
            raise

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\r\n"))
        self.lines.put(None)

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise EngineError(f"{self.command!r} closed its input") from None

    def _until(self, word: str, deadline: float) -> list[str]:
        """Lines up to the first starting with ``word`` (included); EngineError on an
        ``error`` line, the end of the output or the deadline."""
        got: list[str] = []
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise EngineTimeout(f"{self.command!r} did not answer {word!r} in time")
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise EngineError(f"{self.command!r} stopped {self._exit_words()}")
            got.append(line)
            if line.startswith("error"):
                raise EngineError(f"{self.command!r} refused: {line[6:]}")
            if line.split(" ", 1)[0] == word:
                return got

    def _exit_words(self) -> str:
        """How the engine ended, once its output has closed: the process may take a moment to exit."""
        try:
            code = self.proc.wait(timeout=EXIT_WAIT)
        except subprocess.TimeoutExpired:
            return "(it closed its output but is still running)"
        if code < 0:
            return f"(killed by signal {-code})"
        return f"(exit status {code})"

    def ready(self, seconds: float = START_SECONDS) -> None:
        self.send("isready")
        self._until("readyok", time.monotonic() + seconds)

    def set_option(self, name: str, value: object) -> None:
        """Sets an option the engine offers (others are skipped: outside engines differ)."""
        if name.lower() in self.options:
            self.send(f"setoption name {name} value {value}")

    def best(self, position: str, movetime_ms: int | None = None) -> tuple[str, list[str]]:
        """(the ``bestmove`` text, the ``info`` lines) for ``position`` (the words after
        ``position``), within the deadline described in the module docstring."""
        self.send(f"position {position}")
        if movetime_ms is None:
            self.send("go")
            allowed = NO_MOVETIME_SECONDS
        else:
            self.send(f"go movetime {int(movetime_ms)}")
            allowed = movetime_ms / 1000 * SLACK + MARGIN
        try:
            got = self._until("bestmove", time.monotonic() + allowed)
        except EngineTimeout:
            self.send("stop")
            try:
                self._until("bestmove", time.monotonic() + STOP_GRACE)
            except EngineError:
                self.kill()
                raise EngineError(f"{self.command!r} did not answer go, nor stop, in time") from None
            raise EngineTimeout(f"{self.command!r} did not answer go in {allowed:.1f} s "
                                f"(its move came only after stop)") from None
        move = got[-1][len("bestmove"):].strip()
        if not move:
            raise EngineError(f"{self.command!r} answered bestmove without a move")
        return move, [line[5:] for line in got if line.startswith("info ")]

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=5)

    def close(self) -> None:
        """``quit``, then kill it if it is still there a moment later."""
        if self.proc.poll() is None:
            try:
                self.send("quit")
                self.proc.wait(timeout=3)
            except (EngineError, subprocess.TimeoutExpired):
                pass
        self.kill()
        if self.proc.stdin is not None:
            try:
                self.proc.stdin.close()
            except OSError:
                pass

    def __enter__(self) -> "EngineClient":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
