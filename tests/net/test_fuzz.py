"""Protocol fuzzing against a running server, bounded in count and time: random and mutated
messages, oversized frames, a flood; and a sweep putting every kind of JSON value (a lone
surrogate, a number of 5,000 digits, deep nesting...) in every field of every client
message, a lone surrogate in every text field, duplicate keys. The server answers each with
an error or closes that one connection, logs no crash, and a game played beside the
fuzzing finishes normally."""

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


BIG = "9" * 5000
"""A number json itself would refuse past 4,300 digits (written into the text: json.dumps cannot)."""

VALUE_KINDS: list[Any] = [None, True, False, 0, -1, 2**31 + 1, -(2**63), 1.5, -0.0, 1e300, "__BIG__", "__-BIG__",
                          "", "x", "\ud800", "a\udfffb", "\x00", "\x7f", "\u202e", "ABCDEF", "x" * 100_00,
                          [], [None], ["\ud800"], {}, {"a": "\ud800"}, {"kind": "human"}, [[[[[]]]]],
                          "__DEEP__"]
"""One of every kind of JSON value (and the awkward ones of each kind) for every field."""


def templates(game: str) -> dict[str, dict[str, Any]]:
    """Every client message type with every field it may carry, text fields filled."""
    return {
        "hello": {"type": "hello", "version": P.VERSION, "client": "fuzz", "ref": 1},
        "create": {"type": "create", "kind": "jayden", "setup": {"quiet_draw": True, "hints": False, "field": "3x3",
                                                                 "date": "2026-01", "rules": {"preset": "draft"}},
                   "seats": [{"kind": "human", "name": "A"}, {"kind": "computer", "level": "easy", "name": "B"}],
                   "ref": 1},
        "join": {"type": "join", "game": game, "seat": 0, "token": "t" * 20, "spectator": False, "name": "N", "ref": 1},
        "hand": {"type": "hand", "cards": ["default/fizzwick", "default/x"], "ref": 1},
        "action": {"type": "action", "ply": 0, "action": "default/fizzwick@a1", "ref": 1},
        "host": {"type": "host", "game": game, "token": "t" * 20, "command": "computer", "seat": 1, "ref": 1},
        "offer_draw": {"type": "offer_draw", "game": game, "ref": 1},
        "answer_draw": {"type": "answer_draw", "game": game, "accept": True, "ref": 1},
        "resign": {"type": "resign", "game": game, "ref": 1},
        "view": {"type": "view", "ref": 1},
        "ping": {"type": "ping", "ref": 1},
        "list": {"type": "list", "ref": 1},
    }


def test_the_sweep_has_every_message_with_every_field() -> None:
    """A message type or field added to the protocol must be added to :func:`templates` too."""
    made = templates("G")
    assert set(made) == set(P.CLIENT_MESSAGES)
    for kind, fields in P.CLIENT_MESSAGES.items():
        assert set(made[kind]) - {"type"} == set(fields), kind


def paths(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Where every value sits in a message (objects' fields and list items, nested)."""
    out = [at] if at else []
    if isinstance(value, dict):
        for k, v in value.items():
            if k != "type":
                out += paths(v, at + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += paths(v, at + (i,))
    return out


def put(message: dict[str, Any], at: tuple[Any, ...], value: Any) -> str:
    m = json.loads(json.dumps(message))
    box = m
    for step in at[:-1]:
        box = box[step]
    box[at[-1]] = value
    text = json.dumps(m)           # ensure_ascii: a lone surrogate goes as the escape \ud800
    return (text.replace('"__BIG__"', BIG).replace('"__-BIG__"', "-" + BIG)
            .replace('"__DEEP__"', "[" * 20_000 + "]" * 20_000))


def sweep(game: str) -> list[tuple[str, str]]:
    """(type, text): each kind of value at each place of each message, and a lone surrogate in
    each text field of each message."""
    out = []
    for kind, message in templates(game).items():
        for at in paths(message):
            out += [(kind, put(message, at, v)) for v in VALUE_KINDS]
    out += [(kind, '{"type":"%s","type":"%s"}' % (kind, kind)) for kind in templates(game)]
    out += [("ping", '{"type":"ping","ref":1,"ref":1}'), ("ping", "[" * 100_000)]
    return out


async def until_answer(ws: ClientConnection) -> dict[str, Any] | None:
    """The answer to the message just sent, past the views and presence of a game being
    watched; None when the server closed this connection."""
    try:
        while True:
            msg = json.loads(await asyncio.wait_for(ws.recv(), 10))
            if msg["type"] not in ("view", "presence") or "ref" in msg:
                return msg
    except ConnectionClosed:
        return None


async def hostile(url: str, game: str, lanes: int = 8) -> dict[str, int]:
    """Every message of :func:`sweep`, on ``lanes`` connections paced under the rate limit; a
    connection the server closes (its right, e.g. for a refused hello) is replaced."""
    todo = sweep(game)
    counts = {"sent": 0, "errors": 0, "closed": 0, "surrogate_refused": 0, "surrogates": 0}

    async def lane(items: list[tuple[str, str]]) -> None:
        ws: ClientConnection | None = None
        try:
            for kind, text in items:
                if kind == "hello" or ws is None:          # a hello goes first on a fresh connection
                    if ws is not None:
                        await ws.close()
                    ws = await connect(url, max_size=None)
                    if kind != "hello":
                        await hello(ws)
                await ws.send(text)
                counts["sent"] += 1
                reply = await until_answer(ws)
                surrogate = "\\ud800" in text or "\\udfff" in text
                counts["surrogates"] += surrogate
                if reply is None:
                    counts["closed"] += 1
                    counts["surrogate_refused"] += surrogate      # not taken: that connection is closed
                    ws = None
                    continue
                assert reply["type"] in ("error", "created", "pong", "joined", "view", "ack", "welcome", "games"), reply
                if reply["type"] == "error":
                    counts["errors"] += 1
                    assert reply["message"] and reply["code"] != "internal", reply
                    counts["surrogate_refused"] += surrogate
                if kind == "hello":         # welcomed or refused, a hello ends this connection's turn
                    await ws.close()
                    ws = None
                await asyncio.sleep(0.06)
        finally:
            if ws is not None:
                await ws.close()

    await asyncio.gather(*(lane(todo[i::lanes]) for i in range(lanes)))
    return counts


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
        swept: dict[str, Any] = {}
        thread = threading.Thread(target=lambda: results.update(asyncio.run(fuzz(server.url, 1, 15.0))))
        sweeper = threading.Thread(target=lambda: swept.update(asyncio.run(hostile(server.url, created["game"]))))
        thread.start()
        sweeper.start()
        final = play_out(players, random.Random(3), timeout=60)
        thread.join(60)
        sweeper.join(120)
        assert not thread.is_alive() and not sweeper.is_alive()
        assert final["status"] == "over" and final["ply"] == 25
        assert results["sent"] >= 40 and results["errors"] >= results["sent"] // 2
        assert swept["sent"] == len(sweep(created["game"])) and swept["errors"] >= swept["sent"] // 2, swept
        assert swept["surrogates"] >= 40 and swept["surrogate_refused"] == swept["surrogates"], swept
        # the server still takes new games after all that
        late = client(server.url)
        create(late, "jayden", {}, [{"kind": "human"}] * 2)
        for c in [host, late, *players]:
            c.close()
    finally:
        server.stop()
    crashes = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not crashes, [r.getMessage() for r in crashes]
