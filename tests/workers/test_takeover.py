"""A worker that dies loses nothing: another takes its games over by replaying them.

* SIGKILLed mid-game (a real ``serve --store`` process): the players reconnect
  to another worker by the game's path; it takes the lease the dead one's
  session let go, rebuilds the game by replay, and the game goes on to its
  end with every acknowledged action stored exactly once.
* A game against the computer, taken over the same way: the computer seat
  moves on the new worker (it is asked as after a restart).
* Its store connection killed (``pg_terminate_backend``): the worker stops
  serving every game of that connection at once (``moved`` to each player)
  and never writes for them again; another worker serves them on.
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from tests.net.conftest import ProcessServer, ThreadServer, client, create, expect, play_out

from .conftest import RANDOM_3X3, game_url, seated, stored_actions



def acks_into(acks: dict[int, str]) -> Any:
    def note(_i: int, m: dict[str, Any]) -> None:
        if m["type"] == "ack" and "action" in m:
            assert acks.setdefault(m["ply"], m["action"]) == m["action"]    # one ply, one action
    return note


def test_a_worker_killed_mid_game_is_taken_over_and_every_acked_action_is_stored_once(
        database: str, tmp_path: Path) -> None:
    a = ProcessServer(tmp_path / "a", store=database)
    b = ProcessServer(tmp_path / "b", store=database)
    try:
        created, players = seated(a)
        code = created["code"]
        acks: dict[int, str] = {}
        killed: list[int] = []

        def kill_a() -> None:
            ply = players[0].view["ply"] if players[0].view else 0
            if not killed and ply >= 3:
                killed.append(ply)
                for c in players:
                    c.url = game_url(b, code)      # the proxy's part: the game's path now reaches B
                a.kill()

        try:
            final = play_out(players, random.Random(7), timeout=40, on_message=acks_into(acks), between=kill_a)
        finally:
            for c in players:
                c.close()
        assert killed and final["status"] == "over" and final["ply"] == 9
        rows = stored_actions(database, created["game"])
        assert [p for p, _s, _t in rows] == list(range(9))                 # each ply once, none missing
        assert {p: t for p, _s, t in rows if p in acks} == acks             # every ack is what is stored
        assert set(acks) >= set(range(killed[0], 9))                        # played on B after the kill
    finally:
        a.stop()
        b.stop()


def test_a_worker_whose_store_connection_is_killed_stops_serving_and_never_writes_again(
        two_workers: tuple[ThreadServer, ThreadServer], database: str) -> None:
    import psycopg
    a, b = two_workers
    created, players = seated(a)
    gid, code = created["game"], created["code"]
    acks: dict[int, str] = {}
    moved: list[dict[str, Any]] = []
    cut: list[int] = []
    store = a.server.store  # type: ignore[union-attr]

    def note(i: int, m: dict[str, Any]) -> None:
        acks_into(acks)(i, m)
        if m["type"] == "moved":
            moved.append(m)

    def cut_a() -> None:
        ply = players[0].view["ply"] if players[0].view else 0
        if not cut and ply >= 2:
            cut.append(ply)
            for c in players:
                c.url = game_url(b, code)
            with psycopg.connect(database, autocommit=True) as admin:
                admin.execute("SELECT pg_terminate_backend(%s)", (store.db.info.backend_pid,))

    try:
        final = play_out(players, random.Random(3), timeout=40, on_message=note, between=cut_a)
    finally:
        for c in players:
            c.close()
    assert cut and final["status"] == "over" and final["ply"] == 9
    assert {m["code"] for m in moved} == {code} and all(m["path"] == f"/game/{code}" for m in moved)
    assert a.call(lambda: dict(a.server.tables)) == {} and a.call(lambda: dict(store.leases)) == {}   # type: ignore[union-attr]
    rows = stored_actions(database, gid)
    assert [p for p, _s, _t in rows] == list(range(9)) and {p: t for p, _s, t in rows if p in acks} == acks
    a.call(lambda: store.add_action(gid, 9, 0, "a write after the lease was lost"))
    end = time.monotonic() + 5
    while gid not in a.call(lambda: set(store.fenced_out)) and time.monotonic() < end:
        time.sleep(0.02)
    assert gid in a.call(lambda: set(store.fenced_out))                   # refused by the fence...
    assert stored_actions(database, gid) == rows                          # ...nothing written


def test_a_game_against_the_computer_taken_over_has_its_computer_play_on(database: str, tmp_path: Path) -> None:
    a = ProcessServer(tmp_path / "a", store=database)
    b = ProcessServer(tmp_path / "b", store=database)
    try:
        player = client(a.url, "Ann")
        created = create(player, "cards", RANDOM_3X3, [{"kind": "human"}, {"kind": "computer", "level": "easy"}])
        code = created["code"]
        player.url = game_url(a, code)
        player.join(code, seat=0)
        expect(player, "joined")
        killed: list[int] = []

        def kill_a(_i: int, view: dict[str, Any]) -> None:
            # read from every view as it is polled, not from the latest one between polls: the computer
            # often answers within 2 ms, and a kill at its last ply (8) would leave it nothing to play on B
            if (not killed and view["type"] == "view" and 2 <= view["ply"] <= 6
                    and view["to_move"] == 1):                                   # the computer to move
                killed.append(view["ply"])
                player.url = game_url(b, code)
                a.kill()

        try:
            final = play_out([player], random.Random(5), timeout=60, on_message=kill_a)
        finally:
            player.close()
        assert killed and final["status"] == "over" and final["ply"] == 9
        rows = stored_actions(database, created["game"])
        assert [p for p, _s, _t in rows] == list(range(9))
        assert any(s == 1 for p, s, _t in rows if p > killed[0])         # the computer moved on B
    finally:
        a.stop()
        b.stop()
