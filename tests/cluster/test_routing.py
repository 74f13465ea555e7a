"""Games routed by their path through a real HAProxy (deploy/haproxy.cfg) to ``serve --workers 2``
on a throwaway PostgreSQL database, all on 127.0.0.1: every seat's reconnect lands on the worker
holding the game, and a holder killed with SIGKILL mid-game loses nothing -- the clients come back
through the proxy, another worker takes the game over by replay, the game goes on to its end, and
every acknowledged action is stored exactly once."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from jayden_jazz.net.client import NetClient
from tests.net.conftest import client, create, expect, play_out
from tests.pgcluster import Cluster, lacking

from .harness import HAProxy, Workers, haproxy_bin

CARDS = ("cards", {"rules": {"random": True}, "field": "3x3"})       # 9 plies, hands dealt by the server


class Setup:
    def __init__(self, store: str, workers: Workers, proxy: HAProxy) -> None:
        self.store, self.workers, self.proxy = store, workers, proxy


@pytest.fixture
def cluster(pg_cluster: Cluster, tmp_path: Path) -> Iterator[Setup]:
    if haproxy_bin() is None:
        lacking("HAProxy is not installed (apt-get install haproxy)")
    store = pg_cluster.new_database()
    workers = Workers(store, tmp_path / "data", 2, ["--rate", "2000", "--seat-timeout", "30"])
    try:
        proxy = HAProxy(workers.addresses, tmp_path)
    except RuntimeError:
        workers.stop()
        raise
    yield Setup(store, workers, proxy)
    proxy.stop()
    workers.stop()


def seat_two(proxy: HAProxy) -> tuple[list[NetClient], dict[str, Any]]:
    """A host creates through the lobby and takes seat 0 by the game's id; a guest takes seat 1 by
    the code. Both end up served at the game's path, wherever the game was created."""
    host = client(proxy.url, "Host")
    created = create(host, *CARDS, [{"kind": "human"}] * 2)
    host.join(created["game"], seat=0)
    assert expect(host, "joined")["seat"] == 0
    guest = client(proxy.url, "Guest")
    guest.join(created["code"])
    assert expect(guest, "joined", 20)["seat"] == 1
    return [host, guest], created


def drop(c: NetClient) -> None:
    """Cut the client's connection as a network fault would (it reconnects by itself)."""
    ws, loop = c._ws, c._loop
    if ws is not None and loop is not None:
        asyncio.run_coroutine_threadsafe(ws.close(), loop).result(5)


def stored(store: str, gid: str) -> list[tuple[int, int, str]]:
    from jayden_jazz.net.pgstore import PgStore
    db = PgStore(store)
    try:
        return db.actions(gid)
    finally:
        db.close()


def test_every_seats_reconnect_lands_on_the_worker_holding_the_game(cluster: Setup) -> None:
    players, created = seat_two(cluster.proxy)
    path = "/game/" + created["code"]
    owner = cluster.proxy.worker_for(path)
    acks: dict[int, str] = {}
    dropped: list[int] = []

    def note(_i: int, m: dict[str, Any]) -> None:      # (a moved from the seating may still come through)
        if m["type"] == "ack" and "action" in m:
            acks[m["ply"]] = m["action"]

    def cut() -> None:
        v = players[0].view
        if not dropped and v is not None and v["ply"] >= 3:
            dropped.append(v["ply"])
            before = [c.moves for c in players]
            for c in players:
                drop(c)
            end = time.monotonic() + 10
            while any(c.connects < 2 + m for c, m in zip(players, before)) and time.monotonic() < end:
                time.sleep(0.01)
            # back at the game's path, on the worker holding it: no one was sent elsewhere
            assert [c.moves for c in players] == before

    try:
        final = play_out(players, random.Random(40), timeout=60, on_message=note, between=cut)
        assert dropped and final["status"] == "over" and final["ply"] == 9
        for c in players:
            assert c.address.endswith(path) and all(a.endswith(path) for a in c.addresses[1:])
        assert cluster.proxy.worker_for(path) == owner                   # the route held all along
    finally:
        for c in players:
            c.close()
    cluster.workers.stop()
    rows = stored(cluster.store, created["game"])
    assert [p for p, _s, _a in rows] == list(range(9)) and all(acks[p] == a for p, _s, a in rows if p in acks)


def test_the_holder_killed_mid_game_loses_nothing(cluster: Setup) -> None:
    players, created = seat_two(cluster.proxy)
    path = "/game/" + created["code"]
    holder = cluster.proxy.worker_for(path)                               # both seats are served there now
    acks: dict[int, str] = {}
    killed: list[int] = []

    def note(_i: int, m: dict[str, Any]) -> None:
        if m["type"] == "ack" and "action" in m:
            assert m["ply"] not in acks or acks[m["ply"]] == m["action"]
            acks[m["ply"]] = m["action"]

    def kill() -> None:
        v = players[0].view
        if not killed and v is not None and v["ply"] >= 3:
            killed.append(v["ply"])
            cluster.workers.kill(holder)

    try:
        final = play_out(players, random.Random(41), timeout=90, on_message=note, between=kill)
        assert killed and final["status"] == "over" and final["ply"] == 9
        assert all(c.connects >= 2 for c in players)                     # both came back through the proxy
    finally:
        for c in players:
            c.close()
    cluster.workers.stop()
    rows = stored(cluster.store, created["game"])
    assert [p for p, _s, _a in rows] == list(range(9))                    # each ply once, none lost
    assert set(acks) <= set(range(9)) and all(acks[p] == a for p, _s, a in rows if p in acks)
    assert len(acks) >= 9 - 1                                            # (an ack cut by the kill is redone)
