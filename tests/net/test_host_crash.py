"""The hosting game killed mid-game (SIGKILL, as a crash or a power button does) and started again.

Both games. The hosting game is its own process (``tests/net/hosting_game.py``: the
game's App, hosting on 127.0.0.1 and a port the system gives); the guest is
a bare client. After the kill the server the game started goes on alone,
the guest plays on against it, and Continue on the host's restarted game
finds that very server: one server for the data folder throughout, both
seats playing on, every action kept.
"""

from __future__ import annotations

import os
import queue
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from collections.abc import Callable
from typing import Any

import pytest

from jayden_jazz.net import datalock
from jayden_jazz.net.client import NetClient
from tests.net.conftest import ROOT, client, expect, pick

pytestmark = pytest.mark.skipif(sys.platform.startswith("win"), reason="SIGKILL and /proc")


class Game:
    """One run of the hosting game; ``lines`` is what its screen said, in order."""

    def __init__(self, home: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "JAYDEN_JAZZ_HOME": str(home),
               "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
        self.proc = subprocess.Popen([sys.executable, "-m", "tests.net.hosting_game"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env, cwd=ROOT)
        self.lines: queue.Queue[str] = queue.Queue()
        out = self.proc.stdout
        assert out is not None

        def read() -> None:
            for line in out:
                self.lines.put(line.strip())

        threading.Thread(target=read, daemon=True).start()

    def say(self, command: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()

    def wait(self, start: str, seconds: float = 40.0) -> str:
        end = time.monotonic() + seconds
        while True:
            try:
                line = self.lines.get(timeout=max(0.01, end - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"the hosting game did not say {start!r} in {seconds} s") from None
            if line.startswith(start):
                return line

    def play(self, guest: NetClient, ply: int) -> str:
        """The host's turn at ``ply``: asked until the board takes it (it may still be catching up)."""
        end = time.monotonic() + 30
        while time.monotonic() < end:
            self.say("play")
            line = self._answer()
            if line.startswith("played "):
                seen(guest, ply + 1)
                return line.split()[1]
            time.sleep(0.2)
        raise AssertionError(f"the host's board never played ply {ply}")

    def _answer(self) -> str:
        while True:
            line = self.wait("")
            if line.startswith(("played", "refused")):
                return line

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                self.say("quit")
                self.proc.wait(20)
            except (OSError, subprocess.TimeoutExpired):
                self.kill()


def seen(guest: NetClient, ply: int, seconds: float = 20.0) -> dict[str, Any]:
    """The guest's view once the game reached ``ply``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        guest.poll()
        v = guest.view
        if v is not None and v["ply"] >= ply:
            return v
        time.sleep(0.02)
    raise AssertionError(f"the guest never saw ply {ply}: {guest.view and guest.view['ply']}")


def turn(guest: NetClient, seat: int, act: Callable[[dict[str, Any]], str]) -> list[str]:
    """Every action of ``seat``'s turn (a Jayden turn may hold several), each seen by the guest."""
    done = []
    v = seen(guest, 0)
    while v["status"] == "playing" and v["to_move"] == seat:
        done.append(act(v))
        v = seen(guest, v["ply"] + 1)
    assert done, f"it was not seat {seat}'s turn"
    return done


def guest_turn(guest: NetClient) -> list[str]:
    def act(v: dict[str, Any]) -> str:
        action = pick(v, random.Random(v["ply"]))
        guest.send_action(action, v["ply"])
        return action
    return turn(guest, 1, act)


def host_turn(game: Game, guest: NetClient) -> list[str]:
    return turn(guest, 0, lambda v: game.play(guest, v["ply"]))


def servers_of(data: Path) -> list[int]:
    """Every running ``serve`` process for ``data`` on this machine (zombies are not running)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            words = (entry / "cmdline").read_bytes().split(b"\0")
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if b"serve" in words and str(data).encode() in words and state != "Z":
            found.append(int(entry.name))
    return found


def stored(data: Path, code: str) -> list[str]:
    """The game's actions as the server's database holds them (read only, beside the running server)."""
    db = sqlite3.connect(f"file:{data / 'games.sqlite3'}?mode=ro", uri=True)
    try:
        return [a for (a,) in db.execute("SELECT action FROM actions WHERE game_id=(SELECT id FROM games "
                                         "WHERE code=?) ORDER BY ply", (code,))]
    finally:
        db.close()


#: Host > the game's choices (Random hands for the card game: nobody has a hand to pick) and its board.
GAMES = {"jayden": ([], "JaydenScene"),
         "cards": (["select Game", "keys right", "select Hand choice", "keys right"], "CardsTableScene")}


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_the_hosting_game_killed_mid_game_continues_on_the_one_server_and_nothing_is_lost(tmp_path, kind):
    choices, board = GAMES[kind]
    home = tmp_path / "home"
    data = home / "server"
    host = Game(home)
    guest: NetClient | None = None
    again: Game | None = None
    try:
        host.wait("top TitleScene")
        host.say("choose Play online")
        host.wait("top OnlineScene")
        host.say("choose Host a game")
        host.wait("top HostScene")
        for command in choices:
            host.say(command)
        host.say("choose Start hosting")
        host.wait("top LobbyScene")
        _, url, code, seat = host.wait("seated").split()
        assert url.startswith("ws://127.0.0.1:") and seat == "0"
        server = datalock.running(data)
        assert server is not None and server.url == url and server.owner == host.proc.pid
        assert servers_of(data) == [server.pid]

        guest = client(url, "Guest")
        guest.join(code)
        assert expect(guest, "joined")["seat"] == 1
        host.wait(f"top {board}")
        assert guest.view is not None and guest.view["kind"] == kind
        played: list[str] = []
        while not played or seen(guest, len(played))["to_move"] != 1:   # who begins a card game is drawn
            played += host_turn(host, guest) if seen(guest, len(played))["to_move"] == 0 else guest_turn(guest)

        host.kill()                                      # the hosting game crashes mid-game
        assert servers_of(data) == [server.pid]          # its server goes on, alone
        played += guest_turn(guest)                      # and the guest plays on: only a pause for them

        again = Game(home)                               # the host starts the game again
        again.wait("top TitleScene")
        again.say("choose Continue")
        _, url2, code2, seat2 = again.wait("seated").split()        # the waiting room, then the board
        again.wait(f"top {board}")
        assert (url2, code2, seat2) == (url, code, "0")
        assert servers_of(data) == [server.pid]          # the same one server: no second on that folder
        played += host_turn(again, guest) + guest_turn(guest)

        seen(guest, len(played))
        assert stored(data, code) == played              # every action, once, in order
        assert guest.connects == 1                       # the guest never even lost its connection
        again.close()                                    # the host leaves: hosting stops
        assert again.proc.returncode == 0
        end = time.monotonic() + 15
        while servers_of(data) and time.monotonic() < end:
            time.sleep(0.1)
        assert servers_of(data) == [] and datalock.running(data) is None
    finally:
        if guest is not None:
            guest.close()
        for g in (host, again):
            if g is not None and g.proc.poll() is None:
                g.kill()
        for pid in servers_of(data):
            os.kill(pid, signal.SIGKILL)
