"""The engine's command loop, common to both games (``docs/engine-protocol.md``).

One command a line comes in; answers go out a line at a time, flushed. A
thread reads the input into a queue so that the loop, while a search runs in
the worker process (:class:`~jayden_jazz.ai.worker.AIWorker`, as the game
runs its computer players), still sees ``stop``, ``isready`` and ``quit`` at
once. The worker cannot hand over a half-finished search: ``stop`` ends the
worker and answers with the level's quick move (:meth:`Adapter.quick`, a
search with a small fixed amount of work), and the next search starts a
fresh worker.

A line the engine cannot take gets one ``error <plain words>`` line and the
loop goes on; only ``quit`` or the end of the input ends it.
"""

from __future__ import annotations

import queue
import random
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TextIO

from jayden_jazz.ai.worker import AIWorker

#: A search that has not answered this long after its movetime (a worker that
#: died or hangs) is stopped as if ``stop`` had come.
WATCHDOG_SECONDS = 10.0
#: Seconds between looks at the worker while a search runs.
POLL_SECONDS = 0.01
LEVELS = ("easy", "normal", "hard")
SEED_MAX = 2**31 - 1
MOVETIME_MAX = 3_600_000


class ProtocolError(ValueError):
    """A command, option value or position the engine cannot take; the text says why."""


@dataclass(frozen=True)
class Option:
    """One ``option`` line: ``type`` is ``combo``, ``spin``, ``check`` or ``string``."""

    name: str
    type: str
    default: str
    choices: tuple[str, ...] = ()
    low: int = 0
    high: int = 0
    help: str = ""

    def line(self) -> str:
        text = f"option name {self.name} type {self.type} default {self.default or '<empty>'}"
        if self.type == "spin":
            text += f" min {self.low} max {self.high}"
        for choice in self.choices:
            text += f" var {choice}"
        return text

    def parse(self, text: str) -> Any:
        """The value of ``setoption ... value <text>``, or ProtocolError in plain words."""
        if self.type == "combo":
            if text not in self.choices:
                raise ProtocolError(f"{self.name} must be one of {', '.join(self.choices)}, not {text!r}")
            return text
        if self.type == "spin":
            if not (text.isascii() and text.isdigit()):
                raise ProtocolError(f"{self.name} must be a whole number from {self.low} to {self.high}, "
                                    f"not {text!r}")
            value = int(text)
            if not self.low <= value <= self.high:
                raise ProtocolError(f"{self.name} must be from {self.low} to {self.high}, not {value}")
            return value
        if self.type == "check":
            if text not in ("true", "false"):
                raise ProtocolError(f"{self.name} must be true or false, not {text!r}")
            return text == "true"
        return "" if text == "<empty>" else text


def common_options(level: str = "hard", seed: int = 0, movetime: int = 0) -> list[Option]:
    return [
        Option("level", "combo", level, LEVELS, help="the game's computer level"),
        Option("seed", "spin", str(seed), low=0, high=SEED_MAX,
               help="seeds the generator each search draws its own seed from"),
        Option("movetime", "spin", str(movetime), low=0, high=MOVETIME_MAX,
               help="milliseconds per move when go names none; 0: the level's own time"),
    ]


@dataclass
class Search:
    """What the worker is asked: ``target`` is ``"module:function"``."""

    target: str
    args: tuple[Any, ...]
    kwargs: dict[str, Any]


class Adapter(Protocol):
    """What the loop needs from a game."""

    name: str
    game: str
    options: list[Option]

    def set_option(self, name: str, value: Any, values: dict[str, Any]) -> None:
        """Called after a game option changed (``values`` holds every option's value)."""

    def set_position(self, words: list[str], values: dict[str, Any]) -> None:
        """``position <words>``; ProtocolError when it cannot be taken (the old one stays)."""

    def over(self) -> str | None:
        """Why there is no move to find (no position yet, game over), or None."""

    def warm(self, values: dict[str, Any]) -> Search:
        """A request that loads in the worker what every search needs."""

    def search(self, values: dict[str, Any], seed: int, seconds: float | None) -> Search:
        """The request for one move; ``seconds`` None: the level's own time."""

    def answer(self, value: Any) -> tuple[list[str], str | None]:
        """(``info`` lines, the move as text) from the worker's reply; the move is
        None when it is not legal here (the loop then plays the quick move)."""

    def quick(self, values: dict[str, Any], seed: int) -> str:
        """A legal move found at once, in this process."""


class Engine:
    """The loop; ``out`` gets the answers, ``worker`` runs the searches.

    While the worker is busy (warming up or searching) only ``quit``, and
    ``stop`` and ``isready`` during a search, are handled at once; every
    other line waits in order until the worker is free (see :meth:`_at_once`),
    so a script piped in is played as written. The end of the input waits
    too, then quits.
    """

    def __init__(self, adapter: Adapter, out: TextIO | None = None,
                 worker_factory: Callable[[], AIWorker] = AIWorker) -> None:
        self.adapter = adapter
        self.out = out if out is not None else sys.stdout
        self.options = {o.name.lower(): o for o in adapter.options}
        self.values: dict[str, Any] = {k: o.parse(o.default) if o.default else ""
                                       for k, o in self.options.items()}
        self.rng = random.Random(self.values["seed"])
        self.worker = worker_factory()
        self.warm = False
        self.warm_failed = False             # the worker would not start: moves are quick moves
        self.job: str | None = None          # "warm" or "search" while the worker has one
        self.job_deadline = 0.0
        self.job_started = 0.0
        self.job_seed = 0
        self.ready_owed = 0                  # isready lines to answer once warm
        self.backlog: list[str] = []         # lines that wait for the worker
        self.quitting = False

    # ------------------------------------------------------------------ output

    def say(self, line: str) -> None:
        self.out.write(line + "\n")
        self.out.flush()

    # ------------------------------------------------------------------ the loop

    def run(self, stdin: TextIO | None = None) -> int:
        """Read commands until ``quit`` or the end of the input; returns the exit status."""
        lines: queue.Queue[str | None] = queue.Queue()
        source = stdin if stdin is not None else sys.stdin

        def read() -> None:
            for line in source:
                lines.put(line)
            lines.put(None)

        threading.Thread(target=read, name="engine-stdin", daemon=True).start()
        try:
            while not self.quitting:
                try:
                    line = lines.get(timeout=POLL_SECONDS if self.job else None)
                except queue.Empty:
                    self._check_job()
                    continue
                if line is None:           # end of input: quit once the work before it is done
                    self.backlog.append("quit")
                    self._drain()
                else:
                    self._feed(line)
                self._check_job()
            return 0
        finally:
            self.worker.close()

    def _feed(self, line: str) -> None:
        words = line.split()
        if not words or self.quitting:
            return
        head = words[0]
        if head == "quit":
            self.quitting = True       # a search still running is dropped with its worker
            return
        if self.job is not None and not self._at_once(head):
            self.backlog.append(line)
            return
        try:
            self.command(words)
        except ProtocolError as exc:
            self.say(f"error {exc}")

    def _at_once(self, head: str) -> bool:
        """Whether a command is handled while the worker is busy (else it waits)."""
        if head == "stop":
            return self.job == "search"
        # readyok never overtakes a line still waiting for the warm-up
        return head == "isready" and not (self.job == "warm" and self.backlog)

    def _drain(self) -> None:
        """Handle the lines that waited, until one of them must wait for the worker again."""
        while self.backlog and not self.quitting:
            if self.job is not None and not self._at_once(self.backlog[0].split()[0]):
                return
            self._feed(self.backlog.pop(0))

    def command(self, words: list[str]) -> None:
        head, rest = words[0], words[1:]
        handler = {"protocol": self._protocol, "isready": self._isready, "setoption": self._setoption,
                   "position": self._position, "go": self._go, "stop": self._stop}.get(head)
        if handler is None:
            raise ProtocolError(f"unknown command {head!r}; the commands are protocol, isready, "
                                "setoption, position, go, stop, quit")
        handler(rest)

    # ------------------------------------------------------------------ commands

    def _protocol(self, rest: list[str]) -> None:
        self.say(f"id name {self.adapter.name}")
        self.say(f"id game {self.adapter.game}")
        for option in self.adapter.options:
            self.say(option.line())
        self.say("protocolok")

    def _isready(self, rest: list[str]) -> None:
        if self.warm or self.warm_failed or self.job == "search":
            self.say("readyok")
            return
        self.ready_owed += 1
        if self.job is None:
            self._start_warm()

    def _setoption(self, rest: list[str]) -> None:
        text = " ".join(rest)
        if not text.startswith("name "):
            raise ProtocolError("setoption needs 'name <name> value <value>'")
        name, sep, value = text[5:].partition(" value")
        name = name.strip()
        option = self.options.get(name.lower())
        if option is None:
            raise ProtocolError(f"no option named {name!r}; the options are "
                                f"{', '.join(o.name for o in self.adapter.options)}")
        if not sep and option.type != "string":
            raise ProtocolError(f"setoption name {option.name} needs a value")
        parsed = option.parse(value.strip())
        self.adapter.set_option(option.name, parsed, {**self.values, option.name.lower(): parsed})
        self.values[option.name.lower()] = parsed
        if option.name == "seed":
            self.rng = random.Random(parsed)

    def _position(self, rest: list[str]) -> None:
        if not rest:
            raise ProtocolError("position needs 'startpos' or a position text")
        self.adapter.set_position(rest, self.values)

    def _go(self, rest: list[str]) -> None:
        movetime = self.values["movetime"]
        if rest:
            if len(rest) != 2 or rest[0] != "movetime":
                raise ProtocolError(f"go takes nothing or 'movetime <ms>', not {' '.join(rest)!r}")
            movetime = self.options["movetime"].parse(rest[1])
        why = self.adapter.over()
        if why:
            raise ProtocolError(why)
        if self.warm_failed:
            self.say("info string no thinking process: the quick move")
            self._bestmove(self.adapter.quick(self.values, self.rng.getrandbits(31)))
            return
        if not self.warm:
            # Start the worker first, then come back to this go (its clock starts then).
            self.backlog.insert(0, " ".join(["go", *rest]))
            self._start_warm()
            return
        seconds = movetime / 1000 if movetime else None
        self.job_seed = self.rng.getrandbits(31)
        request = self.adapter.search(self.values, self.job_seed, seconds)
        self.worker.submit(request.target, *request.args, **request.kwargs)
        self.job = "search"
        self.job_started = time.perf_counter()
        self.job_deadline = self.job_started + (seconds or 60.0) + WATCHDOG_SECONDS

    def _stop(self, rest: list[str]) -> None:
        if self.job == "search":
            self._cancel_search("stopped")
        # with no search running, stop has nothing to do (as in UCI): no answer

    # ------------------------------------------------------------------ the worker

    def _start_warm(self) -> None:
        request = self.adapter.warm(self.values)
        self.worker.submit(request.target, *request.args, **request.kwargs)
        self.job = "warm"
        self.job_started = time.perf_counter()
        self.job_deadline = self.job_started + 60.0

    def _check_job(self) -> None:
        if self.job is None:
            return
        reply = self.worker.poll()
        if reply is None:
            if time.perf_counter() > self.job_deadline:
                if self.job == "search":
                    self._cancel_search("the search overran its time")
                else:
                    self.worker.cancel()
                    self._warm_done(False, "the thinking process did not start in time")
            return
        if self.job == "warm":
            self._warm_done(reply.ok, str(reply.value))
            return
        self.job = None
        elapsed = int((time.perf_counter() - self.job_started) * 1000)
        if not reply.ok:
            self.say("info string search failed: " + _last_line(reply.value))
            self._bestmove(self.adapter.quick(self.values, self.job_seed))
            return
        infos, move = self.adapter.answer(reply.value)
        for info in infos:
            self.say(f"info {info}")
        self.say(f"info time {elapsed}")
        if move is None:
            self.say("info string the search's move was not legal here; playing the quick move")
            move = self.adapter.quick(self.values, self.job_seed)
        self._bestmove(move)

    def _warm_done(self, ok: bool, detail: str) -> None:
        self.job = None
        self.warm = ok
        self.warm_failed = not ok
        if not ok:
            self.say("info string the thinking process failed: " + _last_line(detail))
        for _ in range(self.ready_owed):
            self.say("readyok")
        self.ready_owed = 0
        self._drain()

    def _cancel_search(self, why: str) -> None:
        self.worker.cancel()
        self.warm = False
        self.job = None
        self.say(f"info string {why}: the quick move")
        self._bestmove(self.adapter.quick(self.values, self.job_seed))

    def _bestmove(self, move: str) -> None:
        self.say(f"bestmove {move}")
        self._drain()


def _last_line(text: object) -> str:
    lines = str(text).strip().splitlines()
    return lines[-1] if lines else "no detail"
