"""``jayden-jazz serve --store``: a real server process on either store, killed mid-game and
started again, finishes the game with every acknowledged action stored once; started once more,
the finished game is archived and still watched by its code. A store it cannot use is refused in
one line (exit code 2) that never shows a password."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from jayden_jazz.net.__main__ import main

from tests.net.conftest import ProcessServer, client, create, expect, play_out
from .conftest import Opener


def test_a_server_on_either_store_is_killed_mid_game_and_the_game_finishes(open_store: Opener) -> None:
    spec = None if open_store.spec == "sqlite" else open_store.spec  # type: ignore[attr-defined]
    data: Path = open_store.data  # type: ignore[attr-defined]
    proc = ProcessServer(data, store=spec)
    host = client(proc.url)
    created = create(host, "cards", {"rules": {"random": True}, "field": "3x3"}, [{"kind": "human"}] * 2)
    players = [client(proc.url, "A"), client(proc.url, "B")]
    for i, c in enumerate(players):
        c.join(created["game"], seat=i)
        expect(c, "joined")
    host.close()
    acks: dict[int, str] = {}
    kills: list[int] = []

    def note(_i: int, m: dict[str, Any]) -> None:
        if m["type"] == "ack" and "action" in m:
            acks[m["ply"]] = m["action"]

    def maybe_kill() -> None:
        nonlocal proc
        ply = players[0].view["ply"] if players[0].view else 0
        if not kills and ply >= 3:
            kills.append(ply)
            proc.kill()
            proc = ProcessServer(data, proc.port, store=spec)

    try:
        final = play_out(players, random.Random(5), timeout=40, on_message=note, between=maybe_kill)
    finally:
        for c in players:
            c.close()
        proc.stop()
    assert kills and final["status"] == "over" and final["ply"] == 9
    proc = ProcessServer(data, store=spec)          # started again: the finished game is archived...
    try:
        watcher = client(proc.url)
        watcher.join(created["code"], spectator=True)
        view = expect(watcher, "view")                # ...and still watched by its code
        assert view["status"] == "over" and view["ply"] == 9
        watcher.close()
    finally:
        proc.stop()
    store = open_store()
    assert store.load() == []
    rows = store.actions(created["game"])
    assert [p for p, _s, _t in rows] == list(range(9)) and all(acks[p] == t for p, _s, t in rows if p in acks)


@pytest.mark.parametrize("spec,words", [
    ("mysql://root@127.0.0.1/games", "a store is 'sqlite'"),
    ("postgresql://jj:s3cret-word@/nowhere?host=/nonexistent-folder&port=1", "cannot be reached"),
])
def test_a_store_it_cannot_use_is_refused_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                      spec: str, words: str) -> None:
    pytest.importorskip("psycopg") if spec.startswith("postgresql") else None
    assert main(["serve", "--host", "127.0.0.1", "--port", "0", "--data", str(tmp_path), "--store", spec]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and words in lines[0] and "s3cret" not in lines[0], lines
