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


# ------------------------------------------------------------------ Ctrl+C on the command line

def _interrupt(args: list[str], env: dict[str, str], ready) -> tuple[int, str]:  # type: ignore[no-untyped-def]
    """Start a command in its own process group, wait until ``ready(pid)``, press Ctrl+C (SIGINT to the group)."""
    proc = subprocess.Popen([sys.executable, *args], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)
    try:
        assert poll(lambda: ready(proc.pid), 60), "the command never got going"
        assert proc.poll() is None
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(30)
    return proc.returncode, err.decode(errors="replace")


def _busy(pid: int) -> bool:
    """The command has been running for a while (its imports are done: it spends CPU in its own work)."""
    s = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return int(s[11]) + int(s[12]) > 150          # utime + stime, in clock ticks (1.5 s at 100 Hz)


@pytest.mark.parametrize("args", [
    ["-m", "jayden_jazz.cards", "play-random", "--synthetic", "3000000"],
    ["-m", "jayden_jazz.jayden", "perft", "9"],
], ids=["cards", "jayden"])
def test_ctrl_c_ends_a_command_line_tool_quietly_with_status_130(args):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    code, err = _interrupt(args, env, _busy)
    assert code == 130 and "Traceback" not in err and "KeyboardInterrupt" not in err, err


def test_ctrl_c_ends_the_game_quietly_with_status_130_and_no_process_left(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.yaml").write_text(COMPUTERS)
    env = dict(os.environ, JAYDEN_JAZZ_HOME=str(home), PYTHONPATH=str(ROOT),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    seen: dict[int, int] = {}

    def thinking(pid: int) -> bool:
        seen.update(children(pid))
        return any("spawn_main" in cmdline(p) for p in seen)

    code, err = _interrupt(["-m", "jayden_jazz", "--headless", "--scene", "jayden", "--keys", "RETURN",
                            "--frames", "100000000"], env, thinking)
    assert code == 130 and "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert poll(lambda: not [p for p, start in seen.items() if alive(p, start)], 15)
