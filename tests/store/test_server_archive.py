"""The server on either store: start-up holds only the running games; a finished game comes back
when asked for by code or id (to watch it); a dropped or running-but-unloaded game does not; a
new join code is never one an archived game holds."""

from __future__ import annotations

import pytest

from jayden_jazz.net import lobby as server_module
from jayden_jazz.net.games import Refusal
from jayden_jazz.net.server import GameServer

from .conftest import Opener

TWO = [{"kind": "human", "name": "Ann", "token_hash": "a" * 64}, {"kind": "human", "name": "Bob", "token_hash": None}]


def games(open_store: Opener) -> None:
    store = open_store()
    for gid, code, created in (("resigned", "RESIGN", 1.0), ("running", "RUNNIN", 2.0)):
        store.add_game(gid, code, "jayden", {"quiet_draw": True}, "h" * 64, TWO, created)
        store.set_seat(gid, 1, "human", "", "Bob", "b" * 64)
        store.set_status(gid, "playing")
    store.set_ending("resigned", 1, "resigned")
    store.close()


def test_only_running_games_are_loaded_and_a_finished_one_comes_back_when_asked(open_store: Opener) -> None:
    games(open_store)
    server = GameServer(open_store.data, store=open_store(), pack_dirs=[])  # type: ignore[attr-defined]
    running = set() if server.store.shared else {"running"}     # a shared store's games: loaded on demand
    try:
        assert set(server.tables) == running
        table = server.lobby.find("res-ign")                   # a code as people type it
        assert table.id == "resigned" and table.status == "over"
        assert server.lobby.find("resigned") is table and set(server.tables) == running | {"resigned"}
        with pytest.raises(Refusal) as none:
            server.lobby.find("NOSUCH")
        assert none.value.code == "no_game"
    finally:
        server.store.close()


def test_a_game_dropped_or_not_running_here_does_not_come_back(open_store: Opener) -> None:
    games(open_store)
    server = GameServer(open_store.data, store=open_store(), pack_dirs=[])  # type: ignore[attr-defined]
    try:
        server._drop_game("running")                      # as after its writes failed
        server.store.broken.add("running")
        with pytest.raises(Refusal):
            server.lobby.find("RUNNIN")
        assert "running" not in server.tables
    finally:
        server.store.close()


def test_a_new_code_is_never_an_archived_games_code(open_store: Opener, monkeypatch: pytest.MonkeyPatch) -> None:
    games(open_store)
    server = GameServer(open_store.data, store=open_store(), pack_dirs=[])  # type: ignore[attr-defined]
    try:
        offered = iter(["RESIGN", "RUNNIN", "FRESH2"])     # the dice land on taken codes first
        monkeypatch.setattr(server_module, "random_code", lambda: next(offered))
        assert "RESIGN" not in server.codes
        assert server.lobby.new_code() == "FRESH2"
    finally:
        server.store.close()


def test_a_damaged_archived_game_is_refused_and_logged_and_the_others_come_back(
        open_store: Opener, caplog: pytest.LogCaptureFixture) -> None:
    games(open_store)
    store = open_store()
    store.add_game("other", "OTHER1", "jayden", {"quiet_draw": True}, "h" * 64, TWO, 3.0)
    store.set_status("other", "abandoned")
    assert [g.id for g in store.load()] == ["running"]          # both finished games archived
    store.commit([("resigned", [("UPDATE archived_games SET setup = '{not json' WHERE id = ?", ("resigned",))])])
    store.close()
    server = GameServer(open_store.data, store=open_store(), pack_dirs=[])  # type: ignore[attr-defined]
    try:
        with pytest.raises(Refusal) as refused:
            server.lobby.find("RESIGN")
        assert refused.value.code == "no_game" and "resigned" not in server.tables
        assert any("resigned" in r.getMessage() and "damaged" in r.getMessage() for r in caplog.records)
        assert server.lobby.find("OTHER1").status == "abandoned"
    finally:
        server.store.close()
