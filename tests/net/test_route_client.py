"""The client names its game in the URL (``/game/<CODE>``) and follows ``moved`` without troubling
the player (no "lost", no error: ``moved`` passes through ``poll`` as information): against a tiny fake server that records the paths it is asked for, and against
the real single server, which accepts any path."""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
from typing import Any

import pytest
from websockets.asyncio.server import ServerConnection, serve

from jayden_jazz.net import lobby, route
from jayden_jazz.net.client import MOVED_HOPS, NetClient
from jayden_jazz.online.connector import Connector
from jayden_jazz.online.config import OnlineConfig

from .conftest import ThreadServer, client, create, expect, play_out
from .test_faults import Proxy

CODE = "ABCDEF"
GID = "g-route-1"


class FakeServer:
    """Says welcome, ``created`` (code ABCDEF), and to a join: ``moved`` unless the connection's path
    names the game (or ``always_moved``), else ``joined`` and a view. Records every path and message."""

    def __init__(self, always_moved: bool = False) -> None:
        self.always_moved = always_moved
        self.paths: list[str] = []
        self.said: list[tuple[str, dict[str, Any]]] = []     # (path, message) as received
        self.conns: list[ServerConnection] = []
        self.port = 0
        self._loop = asyncio.new_event_loop()
        ready = threading.Event()

        async def main() -> None:
            async with serve(self._handle, "127.0.0.1", 0) as srv:
                self.port = srv.sockets[0].getsockname()[1]
                ready.set()
                await asyncio.Future()

        threading.Thread(target=lambda: self._loop.run_until_complete(main()), daemon=True).start()
        assert ready.wait(10)

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    async def _handle(self, ws: ServerConnection) -> None:
        path = ws.request.path if ws.request is not None else "?"
        self.paths.append(path)
        self.conns.append(ws)
        async for raw in ws:
            msg = json.loads(raw)
            self.said.append((path, msg))
            ref = msg.get("ref")
            if msg["type"] == "hello":
                await ws.send(json.dumps({"type": "welcome", "version": 1, "limits": {}}))
            elif msg["type"] == "create":
                await ws.send(json.dumps({"type": "created", "game": GID, "code": CODE, "host_token": "h",
                                          "ref": ref}))
            elif msg["type"] == "join":
                if self.always_moved or path != "/game/" + CODE:
                    await ws.send(json.dumps({"type": "moved", "game": GID, "code": CODE,
                                              "path": "/game/" + CODE, "ref": ref}))
                    await ws.close(1012, "moved")
                    return
                await ws.send(json.dumps({"type": "joined", "game": GID, "code": CODE, "seat": 0,
                                          "token": "t0", "ref": ref}))
                await ws.send(json.dumps({"type": "view", "game": GID, "kind": "jayden", "ply": 3,
                                          "status": "playing"}))
            elif msg["type"] == "action":
                await ws.send(json.dumps({"type": "moved", "game": GID, "code": CODE,
                                          "path": "/game/" + CODE, "ref": None}))   # a handover mid-game
                await ws.close(1012, "moved")
                return

    def joins(self) -> list[tuple[str, dict[str, Any]]]:
        return [(p, m) for p, m in self.said if m["type"] == "join"]


def gather(c: NetClient, until: Any, timeout: float = 10.0) -> list[dict[str, Any]]:
    """Every message the client hands the game until ``until(messages)`` holds."""
    got: list[dict[str, Any]] = []
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got += c.poll()
        if until(got):
            return got
        time.sleep(0.01)
    raise AssertionError(f"not in time: {got}")


def test_the_route_alphabet_is_the_lobbys() -> None:
    assert route.CODE_CHARS == lobby.CODE_ALPHABET and route.CODE_LENGTH == lobby.CODE_LENGTH


def test_a_code_is_drawn_from_one_read_of_the_systems_randomness_every_letter_as_likely(
        monkeypatch: pytest.MonkeyPatch) -> None:
    reads: list[int] = []

    def token_bytes(n: int) -> bytes:
        reads.append(n)
        return bytes([0, 31, 32, 63, 200, 255])
    monkeypatch.setattr(lobby.secrets, "token_bytes", token_bytes)
    assert lobby.random_code() == "A9A9J9"        # a byte's low five bits: 200 = 6 * 32 + 8
    assert reads == [lobby.CODE_LENGTH]
    monkeypatch.undo()
    seen: list[set[str]] = [set() for _ in range(lobby.CODE_LENGTH)]
    for _ in range(2000):
        code = lobby.random_code()
        assert route.code_in(f"/game/{code}") == code
        for place, letter in enumerate(code):
            seen[place].add(letter)
    assert all(letters == set(lobby.CODE_ALPHABET) for letters in seen)
    assert route.code_of("abc-def") == "ABCDEF" and route.code_of("ABCDE0") is None
    assert route.url_for("ws://h:1/game/abcdef/", "") == "ws://h:1"
    assert route.url_for("ws://h:1/", "/game/xyzxyz") == "ws://h:1/game/XYZXYZ"
    assert route.url_for("ws://h:1", "/elsewhere") == "ws://h:1"       # a path that is not a game's is never followed


def test_a_join_answered_moved_is_made_again_at_the_path_and_the_player_is_not_troubled() -> None:
    fake = FakeServer()
    c = NetClient(fake.url, backoff=(0.05, 0.5)).start()
    try:
        ref = c.join(GID, seat=0)
        got = gather(c, lambda ms: any(m["type"] == "joined" for m in ms))
        assert [m["type"] for m in got if m["type"] != "view"] == ["connection", "moved", "joined"], got   # no lost
        assert got[0]["state"] == "connected" and c.moves == 1
        assert fake.paths == ["/", "/game/" + CODE]
        (p1, j1), (p2, j2) = fake.joins()
        assert p1 == "/" and p2 == "/game/" + CODE
        assert j1 == j2 and j2["ref"] == ref and j2["seat"] == 0           # the same join, its ref kept
        assert got[1]["ref"] == ref
        # a dropped connection comes back to the game's path and rejoins the seat with its token
        asyncio.run_coroutine_threadsafe(fake.conns[-1].close(), fake._loop).result(5)
        gather(c, lambda ms: sum(m["type"] == "joined" for m in ms) >= 1)
        assert fake.paths == ["/", "/game/" + CODE, "/game/" + CODE]
        assert fake.joins()[-1][1]["token"] == "t0"
    finally:
        c.close()


def test_a_join_by_code_and_a_known_code_name_the_game_in_the_url() -> None:
    fake = FakeServer()
    by_code = NetClient(fake.url, backoff=(0.05, 0.5)).start()
    known = NetClient(fake.url + "/", code="abc-def", backoff=(0.05, 0.5)).start()
    try:
        gather(by_code, lambda ms: any(m["type"] == "connection" for m in ms))   # at the address given first
        by_code.join("abc-def")
        gather(by_code, lambda ms: any(m["type"] == "joined" for m in ms))
        assert by_code.addresses == [fake.url, fake.url + "/game/ABCDEF"]
        assert known.address == fake.url + "/game/ABCDEF"
        known.join("ABCDEF")
        gather(known, lambda ms: any(m["type"] == "joined" for m in ms))
        assert known.addresses == [fake.url + "/game/ABCDEF"]              # straight there: no moved
    finally:
        by_code.close()
        known.close()


def test_created_names_the_game_for_every_reconnect() -> None:
    fake = FakeServer()
    c = NetClient(fake.url, backoff=(0.05, 0.5)).start()
    try:
        c.create("jayden", {}, [{"kind": "human"}])
        gather(c, lambda ms: any(m["type"] == "created" for m in ms))
        assert c.address == fake.url + "/game/" + CODE
        asyncio.run_coroutine_threadsafe(fake.conns[-1].close(), fake._loop).result(5)
        gather(c, lambda ms: sum(m["type"] == "connection" for m in ms) >= 2)   # lost, connected
        assert fake.paths == ["/", "/game/" + CODE]
    finally:
        c.close()


def test_a_handover_mid_game_resends_the_pending_action_at_once() -> None:
    fake = FakeServer()
    c = NetClient(fake.url, code=CODE, backoff=(1.0, 5.0)).start()       # a backoff wait would show
    try:
        c.join(CODE)
        gather(c, lambda ms: any(m["type"] == "view" for m in ms))
        started = time.monotonic()
        c.send_action("a1-a2")
        end = time.monotonic() + 5
        while sum(m["type"] == "action" for _, m in fake.said) < 2 and time.monotonic() < end:
            time.sleep(0.01)
        acts = [m for _, m in fake.said if m["type"] == "action"]
        assert len(acts) >= 2 and acts[0]["ply"] == acts[1]["ply"] == 3 and acts[0]["ref"] == acts[1]["ref"]
        assert time.monotonic() - started < 0.9                             # no backoff before the hop
        said = c.poll()
        # the fake hands the game over again at each resend: only moved, never an error or "lost"
        assert {m["type"] for m in said if m["type"] in ("moved", "error", "connection")} == {"moved"}, said
        assert fake.paths[:2] == ["/game/" + CODE] * 2
    finally:
        c.close()


def test_a_server_that_always_answers_moved_gets_no_storm_of_connections() -> None:
    fake = FakeServer(always_moved=True)
    c = NetClient(fake.url, backoff=(0.3, 5.0)).start()
    try:
        c.join(GID)
        time.sleep(1.2)
        n = len(fake.paths)
        assert MOVED_HOPS + 1 <= n <= MOVED_HOPS + 4, fake.paths        # the hops, then the backoff paces them
    finally:
        c.close()


def test_the_connector_seats_a_player_the_server_sent_elsewhere() -> None:
    fake = FakeServer()
    conn = Connector(fake.url, game=GID, seat=0, config=OnlineConfig())
    try:
        end = time.monotonic() + 10
        while conn.link is None and not conn.error and time.monotonic() < end:
            conn.update()
            time.sleep(0.01)
        assert conn.error == "" and conn.link is not None
        assert conn.link.url == fake.url and conn.link.code == CODE
        assert fake.paths == ["/", "/game/" + CODE] and len(fake.joins()) == 2     # joined once more, not twice
    finally:
        if conn.link is not None:
            conn.link.close()
        conn.cancel()


def test_a_game_on_the_single_server_is_played_with_its_path_and_reconnects_to_it(server: ThreadServer) -> None:
    relay = Proxy(server.port)            # cut mid-game: both clients come back by themselves
    host = client(relay.url, "Host")
    created = create(host, "jayden", {}, [{"kind": "human"}] * 2)
    code = created["code"]
    host.join(created["game"], seat=0)
    guest = client(relay.url, "Guest")
    guest.join(code.lower())
    for c in (host, guest):
        expect(c, "joined")
    cut = [False]

    def between() -> None:
        v = host.view
        if not cut[0] and v is not None and v["ply"] >= 4:
            cut[0] = True
            relay.cut()

    try:
        final = play_out([host, guest], random.Random(40), between=between)
        assert final["status"] == "over" and cut[0]
        game = relay.url + "/game/" + code
        assert host.addresses[0] == relay.url and set(host.addresses[1:]) == {game} and len(host.addresses) >= 2
        # joined by code: the URL names the game from the connect after the join was said (the first
        # connect may have begun before it)
        assert guest.addresses[0] in (relay.url, game) and set(guest.addresses[1:]) == {game}
        assert len(guest.addresses) >= 2
    finally:
        host.close()
        guest.close()
