"""The server's limits: connections, games, a silent connection, an idle one; and a
server restarted on its data offers a waiting game with its chosen hands."""

from __future__ import annotations

import asyncio
import json
import random
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from jayden_jazz.net import protocol as P
from jayden_jazz.net.server import Limits

from .conftest import ThreadServer, client, create, expect
from .test_play import catalog_ids


def test_connection_and_game_limits_refuse_in_words(tmp_path: Path) -> None:
    server = ThreadServer(tmp_path / "data", Limits(max_connections=2, max_games=1))
    try:
        a, b = client(server.url), client(server.url)
        expect(a, "connection")
        expect(b, "connection")
        create(a, "jayden", {}, [{"kind": "human"}] * 2)
        b.create("jayden", {}, [{"kind": "human"}] * 2)
        assert expect(b, "error")["code"] == "too_many_games"

        async def third() -> tuple[dict[str, object], int | None]:
            async with connect(server.url) as ws:
                msg = json.loads(await ws.recv())
                try:
                    await asyncio.wait_for(ws.recv(), 5)
                except ConnectionClosed as e:
                    return msg, e.rcvd.code if e.rcvd else None
            return msg, None

        msg, code = asyncio.run(third())
        assert msg["code"] == "server_full" and code == 1013
        a.close()
        b.close()
    finally:
        server.stop()


def test_silent_and_idle_connections_are_closed(tmp_path: Path) -> None:
    server = ThreadServer(tmp_path / "data", Limits(hello_timeout=0.3, idle_timeout=0.5))
    try:
        async def run() -> tuple[int | None, int | None]:
            codes: list[int | None] = []
            async with connect(server.url) as ws:         # never says hello
                try:
                    await asyncio.wait_for(ws.recv(), 5)
                except ConnectionClosed as e:
                    codes.append(e.rcvd.code if e.rcvd else None)
                    assert e.rcvd is not None and e.rcvd.reason == "no hello"
            async with connect(server.url) as ws:         # says hello, then nothing
                await ws.send(json.dumps({"type": "hello", "version": P.VERSION}))
                await ws.recv()
                try:
                    await asyncio.wait_for(ws.recv(), 5)
                except ConnectionClosed as e:
                    codes.append(e.rcvd.code if e.rcvd else None)
                    assert e.rcvd is not None and "idle" in e.rcvd.reason
            return codes[0], codes[1]

        assert asyncio.run(run()) == (1008, 1000)
    finally:
        server.stop()


def test_connections_closed_by_their_clients_leave_nothing_behind(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A client's close ends the server's side without a close of its own to run (#40: no task
    per connection for it): no connection, address count or closing task is left, and the
    hello's timer never fires late."""
    from jayden_jazz.net import connection

    made: list[object] = []

    class Closing(set[Any]):
        def add(self, task: Any) -> None:
            made.append(task)
            super().add(task)
    monkeypatch.setattr(connection, "_closing", Closing())
    server = ThreadServer(tmp_path / "data", Limits(hello_timeout=0.3))
    try:
        async def run() -> None:
            for _ in range(20):
                async with connect(server.url) as ws:
                    await ws.send(json.dumps({"type": "hello", "version": P.VERSION}))
                    assert json.loads(await ws.recv())["type"] == "welcome"
        asyncio.run(run())
        deadline = time.monotonic() + 5
        while server.call(lambda: len(server.server.conns)) and time.monotonic() < deadline:   # type: ignore[union-attr]
            time.sleep(0.02)
        time.sleep(0.4)                       # past the hello's timeout: a timer left would act now
        assert server.call(lambda: (len(server.server.conns), server.server.connections.per_address,  # type: ignore[union-attr]
                                    len(connection._closing))) == (0, {}, 0)
        assert made == []                     # no close of the server's own was run for any of them
    finally:
        server.stop()


def test_a_waiting_game_and_its_chosen_hands_survive_a_restart(tmp_path: Path) -> None:
    data = tmp_path / "data"
    server = ThreadServer(data)
    a = client(server.url)
    created = create(a, "cards", {"rules": {"three_open": True}, "field": "3x3"}, [{"kind": "human"}] * 2)
    a.join(created["game"], seat=0)
    expect(a, "joined")
    hand = random.Random(1).sample(catalog_ids(), 5)
    a.choose_hand(hand)
    expect(a, "ack")
    session = dict(a.session or {})
    a.close()
    server.stop()
    server = ThreadServer(data)                           # a new server on the same folder
    try:
        again = client(server.url)
        again.join(session["game"], token=session["token"])
        view = expect(again, "view")
        assert view["status"] == "waiting" and view["own_hand"] == hand
        assert view["seats"][0]["hand_chosen"] and not view["seats"][1]["hand_chosen"]
        other = client(server.url)
        other.join(created["code"])
        assert expect(other, "joined")["seat"] == 1
        seen = expect(other, "view")
        assert seen["own_hand"] == [] and not set(json.dumps(seen).split('"')) & set(hand)
        other.choose_hand(random.Random(2).sample(catalog_ids(), 5))
        playing = other.wait_for(lambda m: m["type"] == "view" and m["status"] == "playing")
        shown = {c for e in playing["log"] if e["event"] == "CardsShown" and e["seat"] == 0 for c in e["cards"]}
        assert len(shown) == 3 and shown <= set(hand)
        assert set(x for x in playing["board"]["hands"][0] if x) == shown
        again.close()
        other.close()
    finally:
        server.stop()


def test_a_refused_hand_is_answered_and_the_client_goes_on(server: ThreadServer) -> None:
    """The client matches a refusal to the hand it sent by its ref; it keeps running and a good hand
    sent next is taken."""
    a = client(server.url)
    try:
        created = create(a, "cards", {"field": "3x3"}, [{"kind": "human"}] * 2)
        a.join(created["game"], seat=0)
        expect(a, "joined")
        ids = catalog_ids()
        a.choose_hand([ids[0]] * 5)
        assert "one copy" in expect(a, "error")["message"]
        a.choose_hand(ids[:5])
        assert expect(a, "ack")["hand"] is True
    finally:
        a.close()



def test_a_connection_whose_reader_falls_behind_is_closed_after_what_was_sent() -> None:
    """Answers go straight to each socket's buffer (no queue and task per connection); once
    more than ``most`` bytes wait there for a reader that stopped reading, the connection is
    closed (1008) instead of holding more, and nothing is written after that."""
    from websockets.protocol import State

    from jayden_jazz.net.connection import Conn

    class Transport:
        def __init__(self) -> None:
            self.buffered = 0

        def get_write_buffer_size(self) -> int:
            return self.buffered

    class Protocol:
        state = State.OPEN
        extensions: list[Any] = []
        expect_continuation_frame = False

        def __init__(self) -> None:
            self.writes: list[bytes] = []     # whole frames, as Conn.send writes them
            self.frames: list[bytes] = []     # their payloads

        def send_text(self, data: bytes) -> None:
            raise AssertionError("no extension here: Conn.send writes the frame itself")

    class FakeWs:
        send_in_progress = None

        def __init__(self) -> None:
            self.protocol, self.transport = Protocol(), Transport()
            self.closed_with: tuple[int, str] | None = None

        def send_data(self) -> None:
            frame = self.protocol.writes.pop()
            assert frame[0] == 0x81 and frame[1] < 126      # one whole text frame, a short one
            self.protocol.frames.append(frame[2:])
            self.transport.buffered += len(frame)

        async def close(self, code: int, reason: str) -> None:
            self.closed_with = (code, reason)

    async def run() -> tuple[FakeWs, Conn]:
        ws = FakeWs()
        closed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        conn = Conn(ws, P.TokenBucket(1, 1), closed, most=1000)  # type: ignore[arg-type]
        for i in range(30):
            conn.send({"type": "pong", "ref": i, "pad": "x" * 90})
        await asyncio.wait_for(conn.closed, 5)
        return ws, conn

    ws, conn = asyncio.run(run())
    assert ws.closed_with == (1008, "messages not read fast enough") and conn.closing
    sent = [json.loads(f) for f in ws.protocol.frames]
    assert [m["ref"] for m in sent] == list(range(len(sent))) and 9 <= len(sent) < 30   # in order, then none


def test_the_frames_of_one_commit_leave_in_one_write_per_connection_in_order() -> None:
    """An ack and the view after it wait for the same commit; corked, they go to the socket in one
    write (one system call), in the order sent, and a frame sent uncorked meanwhile keeps its place."""
    from websockets.protocol import State
    from websockets.server import ServerProtocol

    from jayden_jazz.net.connection import Conn

    class Transport:
        def __init__(self) -> None:
            self.writes: list[bytes] = []

        def write(self, data: bytes) -> None:
            self.writes.append(data)

        def get_write_buffer_size(self) -> int:
            return 0

    class FakeWs:
        def __init__(self) -> None:
            self.protocol, self.transport = ServerProtocol(state=State.OPEN), Transport()

        def send_data(self) -> None:
            for data in self.protocol.data_to_send():
                self.transport.write(data)

    def frames(data: bytes) -> list[bytes]:
        out = []
        while data:                       # unmasked server frames under 126 bytes: 2 bytes of header
            out.append(data[2:2 + data[1]])
            data = data[2 + data[1]:]
        return out

    async def run() -> tuple[FakeWs, FakeWs]:
        loop = asyncio.get_running_loop()
        a, b = FakeWs(), FakeWs()
        ca = Conn(a, P.TokenBucket(1, 1), loop.create_future())  # type: ignore[arg-type]
        cb = Conn(b, P.TokenBucket(1, 1), loop.create_future())  # type: ignore[arg-type]
        corked: list[Conn] = []
        ca.send({"type": "ack", "ply": 1}, corked)
        cb.send('{"type":"view","ply":2}', corked)
        ca.send('{"type":"view","ply":2}', corked)
        assert corked == [ca, cb] and a.transport.writes == [] and b.transport.writes == []
        for c in corked:
            c.uncork()
        corked = []
        ca.send({"type": "pong"}, corked)      # corked again, then one sent at once before the uncork
        ca.send({"type": "pong", "ref": 1})
        ca.uncork()
        return a, b

    a, b = asyncio.run(run())
    assert len(b.transport.writes) == 1
    assert [json.loads(f) for f in frames(b.transport.writes[0])] == [{"type": "view", "ply": 2}]
    assert [json.loads(f) for f in frames(a.transport.writes[0])] == [{"type": "ack", "ply": 1},
                                                                       {"type": "view", "ply": 2}]
    # the uncorked send wrote the held frame first, so the uncork found nothing left to write
    assert [json.loads(f) for w in a.transport.writes[1:] for f in frames(w)] == [{"type": "pong"},
                                                                                   {"type": "pong", "ref": 1}]
