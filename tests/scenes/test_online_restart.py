"""The host's screen starts its hosted server again when it dies mid-game (127.0.0.1, the port the
system gave it first), reaps it, and both seats play on."""

from __future__ import annotations

import os
import random
import signal
import sys

import pytest

from jayden_jazz.scenes.jayden.board import JaydenScene
from jayden_jazz.scenes.online.jayden import RemoteSeats
from tests.net.conftest import client, expect
from tests.scenes.test_online import host_game, open_online, play_screen_turn, until

pytestmark = pytest.mark.skipif(sys.platform.startswith("win"), reason="SIGKILL and /proc")


def online_board(app) -> bool:
    """The one Jayden board on top, seated online."""
    top = app.stack.top
    return isinstance(top, JaydenScene) and isinstance(top.seats, RemoteSeats)


def test_the_hosts_screen_starts_its_dead_server_again_on_its_port_and_both_play_on(make_app, online_fast_server):
    app = open_online(make_app)
    lobby = host_game(app)
    guest = client(lobby.link.url, "Guest")
    try:
        guest.join(lobby.link.code)
        assert expect(guest, "joined")["seat"] == 1
        until(app, lambda: online_board(app), 20, "the board")
        sc = app.stack.top
        hosting = sc.seats.link.hosting
        assert hosting is not None and hosting.proc is not None
        first, port, url = hosting.proc, hosting.port, sc.seats.link.url
        os.kill(first.pid, signal.SIGKILL)
        until(app, lambda: hosting.proc is not first and hosting.url is not None, 30, "the server started again")
        assert not os.path.exists(f"/proc/{first.pid}")        # reaped by the host's game: no zombie
        assert hosting.port == port and sc.seats.link.url == url and hosting.restarts == 1
        # both connections come back by themselves, to the same address, and the game goes on
        until(app, lambda: guest.connects == 2 and sc.seats.link.net.connects == 2, 30, "both reconnected")
        until(app, lambda: sc.seats.view_msg is not None and sc.seats.shown is sc.seats.view_msg and sc.seats.why_not_now() == "", 20,
              "the host's turn on the board")
        play_screen_turn(app, sc, sc.seats.view_msg, random.Random(2))

        def guest_ply() -> int:
            guest.poll()
            return int((guest.view or {}).get("ply", 0))
        until(app, lambda: guest_ply() >= 1, 20, "the host's action at the guest")
        app.back_to("menu")
        assert hosting.wait_stopped(15) and not hosting.running      # stopped and reaped after leaving
    finally:
        guest.close()
