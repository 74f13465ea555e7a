"""``jayden-jazz serve --store``: a real server process on either store, killed mid-game and
started again, finishes the game with every acknowledged action stored once; started once more,
the finished game is archived and still watched by its code. A store it cannot use is refused in
one line (exit code 2) that never shows a password."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from jayden_jazz.net.__main__ import main

from tests.net.conftest import ProcessServer, client, expect
from tests.net.killed import play_through_a_kill
from .conftest import Opener


def test_a_server_on_either_store_is_killed_mid_game_and_the_game_finishes(open_store: Opener) -> None:
    spec = None if open_store.spec == "sqlite" else open_store.spec  # type: ignore[attr-defined]
    data: Path = open_store.data  # type: ignore[attr-defined]
    game = play_through_a_kill(data, "cards", {"rules": {"random": True}, "field": "3x3"}, random.Random(5),
                               kill_at=3, store=spec)
    created, final, acks = game.created, game.final, dict(game.acks)
    assert game.killed_at is not None and final["status"] == "over" and final["ply"] == 9
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
