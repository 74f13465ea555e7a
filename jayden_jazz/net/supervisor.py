"""``serve --workers N``: N server processes against one PostgreSQL database, kept running.

Each worker is an ordinary ``serve --store postgresql://...`` process on its own port (and its own
data folder, for its lock and its log); a proxy in front (deploy/) sends each game's connections
to one of them. The supervisor only starts them, says where they listen, starts again one that
dies (after a pause that grows), and stops them all together. A worker that dies again and again
right after starting would only die again: it is reported once and left stopped.

The workers hold a pipe from the supervisor on their standard input and stop when it closes, so
even a supervisor killed with SIGKILL leaves no worker behind.
"""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

START_TIMEOUT = 60.0        # seconds a worker may take to say where it listens (migrations, archiving)
QUICK = 10.0                # a worker that dies sooner than this after starting "died at once"
GIVE_UP = 5                 # ... this many times in a row: reported, not started again
BACKOFF = (0.5, 10.0)       # the pause before a restart: first, most (doubling between)
STOP_WAIT = 10.0            # seconds a worker has to stop cleanly on SIGTERM before SIGKILL



def end_process(p: subprocess.Popen[Any], wait: float = STOP_WAIT) -> None:
    """Ask a child to stop (SIGTERM), kill it if it has not within ``wait`` seconds; always reaped."""
    if p.poll() is None:
        p.terminate()
        try:
            p.wait(wait)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait(5)


class StartFailed(RuntimeError):
    """A worker could not start the first time (a port taken, a database refused): one line."""


@dataclass
class Worker:
    index: int
    port: int                                   # asked for (0: any), then the one it listens on
    proc: subprocess.Popen[str] | None = None
    address: str = ""
    started: float = 0.0
    quick_deaths: int = 0
    delay: float = BACKOFF[0]
    restart_at: float | None = None
    given_up: bool = False
    last_words: str = ""                        # its latest line on stderr
    stderr_reader: threading.Thread | None = None   # ends once the process's stderr is closed
    lines: queue.Queue[str] = field(default_factory=queue.Queue)


Command = Callable[[int, int], list[str]]
"""(worker index from 1, port) -> the worker's command line."""


class Supervisor:
    def __init__(self, command: Command, ports: Sequence[int], *, say: Callable[[str], None] | None = None,
                 env: dict[str, str] | None = None, backoff: tuple[float, float] = BACKOFF, quick: float = QUICK,
                 give_up: int = GIVE_UP) -> None:
        self.command = command
        self.backoff, self.quick, self.give_up = backoff, quick, give_up
        self.workers = [Worker(i + 1, p, delay=backoff[0]) for i, p in enumerate(ports)]
        self.say = say or (lambda line: print(line, flush=True))
        self.env = env
        self._stop = threading.Event()
        self._before: dict[int, Any] = {}      # the signal handlers ours replaced
        self.restarts = 0

    # ------------------------------------------------------------------ one worker
    def _spawn(self, w: Worker) -> None:
        w.proc = subprocess.Popen(self.command(w.index, w.port), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True, env=self.env, start_new_session=True)
        w.started = time.monotonic()
        w.lines = queue.Queue()
        assert w.proc.stdout is not None and w.proc.stderr is not None
        threading.Thread(target=self._read, args=(w.proc.stdout, w.lines, None), daemon=True).start()
        w.stderr_reader = threading.Thread(target=self._read, args=(w.proc.stderr, None, w), daemon=True)
        w.stderr_reader.start()

    @staticmethod
    def _read(stream: IO[str], lines: queue.Queue[str] | None, w: Worker | None) -> None:
        """Drain a worker's output so it never blocks: stdout's lines go to the queue, stderr's
        to our stderr, marked with the worker's number (its last one is kept for a report)."""
        for line in stream:
            if lines is not None:
                lines.put(line)
            elif w is not None:
                w.last_words = line.strip() or w.last_words
                sys.stderr.write(f"[worker {w.index}] {line}")
                sys.stderr.flush()

    def _await_listening(self, w: Worker) -> bool:
        """Wait for the worker's ``listening on ws://host:port`` line; False if it ended first."""
        end = time.monotonic() + START_TIMEOUT
        while time.monotonic() < end and not self._stop.is_set():
            try:
                line = w.lines.get(timeout=0.2)
            except queue.Empty:
                if w.proc is not None and w.proc.poll() is not None and w.lines.empty():
                    return False
                continue
            if "listening on ws://" in line:
                w.address = line.split("listening on ", 1)[1].split(",", 1)[0].strip()
                w.port = int(w.address.rsplit(":", 1)[1])       # a restart keeps the port the proxy knows
                return True
        return False

    def _end(self, w: Worker) -> None:
        p = w.proc
        if p is None:
            return
        end_process(p)
        for s in (p.stdin, p.stdout, p.stderr):
            if s is not None:
                try:
                    s.close()
                except OSError:
                    pass

    # ------------------------------------------------------------------ all of them
    def start(self) -> list[str]:
        """Start every worker and wait until each listens; returns their addresses. A worker that
        cannot start stops the others and raises :class:`StartFailed` with its own words. Stopped
        meanwhile (SIGTERM/SIGINT, caught from here on): every worker is stopped, and the list is empty."""
        if threading.current_thread() is threading.main_thread():     # (a test may run it in a thread)
            for sig in (signal.SIGTERM, signal.SIGINT):
                self._before[sig] = signal.signal(sig, lambda *_: self._stop.set())
        for w in self.workers:
            self._spawn(w)
        for w in self.workers:
            if not self._await_listening(w):
                if self._stop.is_set():
                    self.stop()
                    return []
                if w.proc is not None and w.proc.poll() is None:
                    self._end(w)
                if w.stderr_reader is not None:
                    w.stderr_reader.join(5)     # the process ended: its last words on stderr are read
                words = w.last_words.removeprefix("jayden-jazz serve: ") or "it did not say where it listens in time"
                self.stop()
                raise StartFailed(f"worker {w.index} (port {w.port}) did not start: {words}")
        for w in self.workers:
            self.say(f"jayden-jazz worker {w.index}: listening on {w.address} (process {w.proc.pid})")  # type: ignore[union-attr]
        return [w.address for w in self.workers]

    def tend(self, now: float) -> None:
        """One look at every worker: one that died is started again after its pause."""
        for w in self.workers:
            if w.given_up or w.proc is None:
                continue
            code = w.proc.poll()
            if code is not None and w.restart_at is None:
                lived = now - w.started
                quick = lived < self.quick
                w.quick_deaths = w.quick_deaths + 1 if quick else 0
                w.delay = min(self.backoff[1], w.delay * 2) if quick and w.quick_deaths > 1 else self.backoff[0]
                if w.quick_deaths >= self.give_up:
                    w.given_up = True
                    self.say(f"jayden-jazz worker {w.index} (port {w.port}) died {w.quick_deaths} times in a row "
                             f"within {self.quick:g} s of starting (exit {code}; last said: {w.last_words or 'nothing'}); "
                             "it is not started again")
                    continue
                w.restart_at = now + w.delay
                self.say(f"jayden-jazz worker {w.index} (port {w.port}) ended (exit {code}); "
                         f"starting it again in {w.delay:g} s")
            if w.restart_at is not None and now >= w.restart_at:
                w.restart_at = None
                self._end(w)                        # its pipes closed: nothing is left open per restart
                self._spawn(w)
                self.restarts += 1
                if self._await_listening(w):
                    self.say(f"jayden-jazz worker {w.index}: listening on {w.address} again (process {w.proc.pid})")

    @property
    def all_given_up(self) -> bool:
        return all(w.given_up for w in self.workers)

    def run(self, interval: float = 0.2) -> int:
        """Tend the workers (after :meth:`start`) until SIGTERM/SIGINT or :meth:`request_stop`; then stop them all.
        Returns 0, or 2 when every worker was given up."""
        try:
            while not self._stop.wait(interval):
                self.tend(time.monotonic())
                if self.all_given_up:
                    self.say("jayden-jazz serve: every worker was given up; stopping")
                    return 2
            return 0
        finally:
            self.stop()

    def request_stop(self) -> None:
        self._stop.set()

    def stop(self) -> None:
        """SIGTERM to every worker at once (each commits what it holds), then wait for them all."""
        self._stop.set()
        for w in self.workers:
            if w.proc is not None and w.proc.poll() is None:
                w.proc.terminate()
        for w in self.workers:
            self._end(w)
        if threading.current_thread() is threading.main_thread():
            for sig, handler in self._before.items():
                signal.signal(sig, handler)
            self._before = {}


def worker_command(argv: Sequence[str], data: Path, log: Path | None) -> Command:
    """The command line of worker ``i`` on ``port``: this ``serve``'s own options (``argv``, without
    --workers, --port, --data, --log, --proxy-config) with the worker's port, data folder and log."""
    def command(index: int, port: int) -> list[str]:
        out = [sys.executable, "-m", "jayden_jazz.net", "serve", *argv, "--port", str(port),
               "--data", str(data / f"worker-{index}"), "--supervised"]
        if log is not None:
            out += ["--log", str(log.with_name(f"{log.stem}-{index}{log.suffix}"))]
        return out
    return command


def ports_for(port: int, n: int) -> list[int]:
    """``--port P``: P .. P+N-1; ``--port 0``: each worker picks a free one."""
    return [0] * n if port == 0 else [port + i for i in range(n)]


def watch_stdin() -> None:
    """In a supervised worker: stop cleanly (SIGTERM to itself) once the supervisor's pipe on the
    standard input closes -- the supervisor stopped or was killed. The raw descriptor is read, not
    ``sys.stdin``: a thread waiting in a buffered read holds the buffer's lock, and the interpreter,
    closing the buffer as the worker ends, then aborts ("Fatal Python error: _enter_buffered_busy")."""
    fd = sys.stdin.fileno()

    def wait() -> None:
        try:
            while os.read(fd, 4096):
                pass
        except (OSError, ValueError):
            pass
        os.kill(os.getpid(), signal.SIGTERM)
    threading.Thread(target=wait, name="watch-supervisor", daemon=True).start()


__all__ = ["Command", "StartFailed", "Supervisor", "Worker", "ports_for", "watch_stdin", "worker_command"]
