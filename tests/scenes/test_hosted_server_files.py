"""The server a host runs (``link.Hosting``): its log is private and its own (rotated by the
server), and a database it must not use stops it with the server's one line as the reason."""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

import pytest

from jayden_jazz.online.hosting import Hosting

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX modes")


def wait(host: Hosting, timeout: float = 30.0) -> str | None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        url = host.poll()
        if url is not None:
            return url
        time.sleep(0.05)
    raise AssertionError("the hosted server neither started nor failed")


def test_the_hosted_server_keeps_a_private_log_in_a_private_folder(tmp_path: Path) -> None:
    data = tmp_path / "server"
    host = Hosting(data, ("127.0.0.1", 0))
    try:
        assert wait(host, 30).startswith("ws://127.0.0.1:")   # type: ignore[union-attr]
    finally:
        host.stop()
    assert stat.S_IMODE(data.stat().st_mode) == 0o700
    for name in ("server.log", "server.err", "games.sqlite3"):
        assert stat.S_IMODE((data / name).stat().st_mode) == 0o600, name
    assert (data / "server.err").read_text() == ""          # stderr holds only what stops the server


def test_a_database_the_server_must_not_use_is_the_hosts_reason(tmp_path: Path) -> None:
    data = tmp_path / "server"
    data.mkdir()
    (data / "games.sqlite3").write_bytes(b"\x00" * 5000)
    host = Hosting(data, ("127.0.0.1", 0))
    try:
        with pytest.raises(RuntimeError) as refused:
            wait(host)
    finally:
        host.stop()
    words = str(refused.value)
    assert "games.sqlite3 is damaged or not an SQLite database" in words and "\n" not in words
    assert (data / "games.sqlite3").read_bytes() == b"\x00" * 5000


@pytest.mark.parametrize("code,said", [("game_lost", "could not record this game"),
                                       ("too_many_connections", "Too many connections from your address"),
                                       ("internal", "closed the connection")])
def test_the_servers_new_refusals_are_said_in_players_words(code: str, said: str) -> None:
    from jayden_jazz.online.words import words
    assert said in words({"type": "error", "code": code, "message": "server words"})
