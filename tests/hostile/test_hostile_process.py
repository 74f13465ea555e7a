"""No process of the game outlives it: a SIGKILL while the computer thinks leaves nothing behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
COMPUTERS = "jayden: {players: {g: {kind: computer, level: hard}, r: {kind: computer, level: hard}}}\n"

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


def stat(pid: int) -> tuple[int, str, int] | None:
    """(parent pid, state, start time) of a live process, or None."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text.rpartition(")")[2].split()
    return int(fields[1]), fields[0], int(fields[19])


def cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def children(parent: int) -> dict[int, int]:
    """Child pid -> start time."""
    out = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            s = stat(int(entry.name))
            if s and s[0] == parent:
                out[int(entry.name)] = s[2]
    return out


def alive(pid: int, start: int) -> bool:
    s = stat(pid)
    return s is not None and s[2] == start and s[1] not in ("Z", "X")


def poll(condition, seconds: float):  # type: ignore[no-untyped-def]
    """condition() until true or ``seconds`` passed (a bound, not a wait: it returns as soon as it can)."""
    deadline = time.monotonic() + seconds
    while True:
        value = condition()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(0.05)


def test_sigkill_while_the_computer_thinks_leaves_no_process(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.yaml").write_text(COMPUTERS)
    env = dict(os.environ, JAYDEN_JAZZ_HOME=str(home), PYTHONPATH=str(ROOT),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    game = subprocess.Popen([sys.executable, "-m", "jayden_jazz", "--headless", "--scene", "jayden",
                             "--keys", "RETURN", "--frames", "100000000"],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        def thinking() -> dict[int, int]:
            kids = children(game.pid)
            return kids if any("spawn_main" in cmdline(p) for p in kids) else {}

        kids = poll(thinking, 60)
        assert kids, "the computer player's worker never started"
        assert game.poll() is None
    finally:
        game.send_signal(signal.SIGKILL)
        game.wait(30)
    left = poll(lambda: not [p for p, start in kids.items() if alive(p, start)], 15)
    assert left, "still running after the game was killed: " + ", ".join(
        f"{p} {cmdline(p)[:80]}" for p, start in kids.items() if alive(p, start))
