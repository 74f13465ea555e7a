"""Protocol fuzzing against a running server, bounded in count and time: random and mutated
messages, oversized frames, a flood. The server answers each with an error or closes that
one connection, logs no crash, and a game played beside the fuzzing finishes normally."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from jayden_jazz.net import protocol as P
from jayden_jazz.net.server import Limits

from .conftest import ThreadServer, client, create, expect, play_out

VALID: list[dict[str, Any]] = [
    {"type": "create", "kind": "cards", "setup": {"rules": {"random": True}, "field": "3x3"},
     "seats": [{"kind": "human"}, {"kind": "computer", "level": "easy"}]},
    {"type": "create", "kind": "jayden", "setup": {}, "seats": [{"kind": "human"}, {"kind": "human"}]},
    {"type": "join", "game": "ABCDEF", "seat": 0},
    {"type": "join", "game": "ABCDEF", "spectator": True},
    {"type": "hand", "cards": ["default/fizzwick"]},
    {"type": "action", "ply": 0, "action": "default/fizzwick@a1"},
    {"type": "host", "game": "x", "token": "y", "command": "abandon"},
    {"type": "view"},
    {"type": "ping", "ref": 3},
]

ODD_VALUES: list[Any] = [None, True, -1, 2**70, 1.5, "", "x" * 300, "\x00\x07", [], {}, [[[]]], {"a": {"b": 1}},
                         "default/fizzwick@a1", "ABCDEF", 0, 99999999, "🂡", ["x"] * 100]


def mutate(rng: random.Random, msg: dict[str, Any]) -> Any:
    m = json.loads(json.dumps(msg))
    for _ in range(rng.randint(1, 3)):
        choice = rng.randrange(6)
        keys = list(m)
        if choice == 0 and keys:
            del m[rng.choice(keys)]
        elif choice == 1:
            m[rng.choice(["extra", "type", "ply", "seat", "cards", "__proto__"])] = rng.choice(ODD_VALUES)
        elif choice == 2 and keys:
            m[rng.choice(keys)] = rng.choice(ODD_VALUES)
        elif choice == 3:
            m["type"] = rng.choice(["", "HELLO", "actions", "Action", "join ", "error", "view"])
        elif choice == 4 and isinstance(m.get("setup"), dict):
            m["setup"][rng.choice(["rules", "field", "players", "date"])] = rng.choice(ODD_VALUES)
        elif choice == 5:
            return rng.choice(ODD_VALUES)
    return m


def garbage(rng: random.Random) -> str:
    kind = rng.randrange(5)
    if kind == 0:
        return "".join(chr(rng.randrange(32, 0x2FF)) for _ in range(rng.randrange(1, 200)))
    if kind == 1:
        return '{"type": "action", "ply": NaN, "action": "x"}'
    if kind == 2:
        return "[" * 20000 + "]" * 20000
    if kind == 3:
        return json.dumps({"type": "create"})[: rng.randrange(1, 18)]
    return '{"type":"join","game":"' + "A" * rng.randrange(30, 2000) + '"}'


async def hello(ws: ClientConnection) -> None:
    await ws.send(json.dumps({"type": "hello", "version": P.VERSION}))
    assert json.loads(await ws.recv())["type"] == "welcome"


async def answer(ws: ClientConnection) -> dict[str, Any] | None:
    """The server's reply, or None when it closed this connection (its right for abuse)."""
    try:
        return json.loads(await asyncio.wait_for(ws.recv(), 5))
    except ConnectionClosed:
        return None


async def fuzz(url: str, seed: int, budget: float) -> dict[str, int]:
    rng = random.Random(seed)
    end = time.monotonic() + budget
    counts = {"errors": 0, "closed": 0, "sent": 0}
    # before hello, and a wrong version: refused in words, then closed
    async with connect(url) as ws:
        await ws.send(json.dumps({"type": "join", "game": "x"}))
        reply = await answer(ws)
        assert reply is not None and reply["code"] == "hello_first"
    async with connect(url) as ws:
        await ws.send(json.dumps({"type": "hello", "version": P.VERSION + 1}))
        reply = await answer(ws)
        assert reply is not None and reply["code"] == "version" and str(P.VERSION) in reply["message"]
    # mutated and random messages, paced under the rate limit on a few connections
    for _conn in range(4):
        async with connect(url, max_size=None) as ws:
            await hello(ws)
            for _ in range(30):
                if time.monotonic() > end:
                    break
                if rng.random() < 0.6:
                    text = json.dumps(mutate(rng, rng.choice(VALID)))
                else:
                    text = garbage(rng)
                await ws.send(text)
                counts["sent"] += 1
                reply = await answer(ws)
                if reply is None:
                    counts["closed"] += 1
                    break
                assert reply["type"] in ("error", "created", "pong", "joined", "view", "ack"), reply
                if reply["type"] == "error":
                    assert isinstance(reply["message"], str) and reply["message"] and reply["code"]
                    counts["errors"] += 1
                await asyncio.sleep(0.03)
            await ws.send(json.dumps({"type": "ping"}))        # the connection still works
            assert (await answer(ws) or {}).get("type") in ("pong", "view", "error")
    # an oversized frame closes that connection with 1009
    async with connect(url, max_size=None) as ws:
        await hello(ws)
        await ws.send(json.dumps({"type": "action", "ply": 0, "action": "x" * (P.MAX_MESSAGE + 10)}))
        with pytest.raises(ConnectionClosed) as closed:
            await asyncio.wait_for(ws.recv(), 5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    # a flood: refused as rate-limited, then the connection is closed
    async with connect(url) as ws:
        await hello(ws)
        limited = 0
        try:
            for _ in range(400):
                await ws.send('{"type":"ping"}')
            while True:
                msg = json.loads(await asyncio.wait_for(ws.recv(), 5))
                limited += msg.get("code") == "rate_limited"
        except ConnectionClosed as e:
            assert e.rcvd is not None and e.rcvd.code == 1008
        assert limited >= 1
    return counts


def test_fuzzing_beside_a_game(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.ERROR)
    server = ThreadServer(tmp_path / "data", Limits(rate=20, burst=40, flood_strikes=100))
    try:
        host = client(server.url)
        created = create(host, "cards", {"rules": {"random": True, "three_open": True}, "field": "5x5"},
                         [{"kind": "human"}] * 2)
        players = [client(server.url), client(server.url)]
        for i, c in enumerate(players):
            c.join(created["game"], seat=i)
            expect(c, "joined")
        results: dict[str, Any] = {}
        thread = threading.Thread(target=lambda: results.update(asyncio.run(fuzz(server.url, 1, 15.0))))
        thread.start()
        final = play_out(players, random.Random(3), timeout=40)
        thread.join(60)
        assert not thread.is_alive()
        assert final["status"] == "over" and final["ply"] == 25
        assert results["sent"] >= 40 and results["errors"] >= results["sent"] // 2
        # the server still takes new games after all that
        late = client(server.url)
        create(late, "jayden", {}, [{"kind": "human"}] * 2)
        for c in [host, late, *players]:
            c.close()
    finally:
        server.stop()
    crashes = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not crashes, [r.getMessage() for r in crashes]
