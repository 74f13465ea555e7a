"""No input stops the server or another game: text the store cannot hold, numbers past what
json reads, a bug met by one message, a game whose writes fail, a sender trickling a frame,
too many connections from one address. And every answer echoes the ``ref`` it answers."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from jayden_jazz.net import protocol as P
from jayden_jazz.net.server import Limits, address_key
from jayden_jazz.net.store import FILE_NAME, Store

from .conftest import FAST, ThreadServer, client, create, expect, play_out


def run(url: str, script: Callable[[ClientConnection], Awaitable[Any]]) -> Any:
    async def main() -> Any:
        async with connect(url) as ws:
            return await script(ws)
    return asyncio.run(main())


async def ask(ws: ClientConnection, message: dict[str, Any] | str) -> dict[str, Any]:
    await ws.send(message if isinstance(message, str) else json.dumps(message))
    return json.loads(await asyncio.wait_for(ws.recv(), 5))


async def closed_code(ws: ClientConnection) -> int | None:
    """The close code the server sends (reading on until it comes)."""
    try:
        while True:
            await asyncio.wait_for(ws.recv(), 10)
    except ConnectionClosed as e:
        return e.rcvd.code if e.rcvd else None


HELLO = {"type": "hello", "version": P.VERSION}


def test_a_lone_surrogate_in_a_name_is_refused_and_nothing_is_stored(server: ThreadServer) -> None:
    async def script(ws: ClientConnection) -> list[dict[str, Any]]:
        await ask(ws, HELLO)
        made = await ask(ws, {"type": "create", "kind": "jayden", "setup": {}, "seats": [{"kind": "human"}] * 2})
        out = [await ask(ws, '{"type":"join","game":"%s","name":"\\ud800","ref":1}' % made["game"]),
               await ask(ws, '{"type":"create","kind":"jayden","setup":{},"seats":[{"kind":"human",'
                             '"name":"a\\udfff"},{"kind":"human"}],"ref":2}')]
        await asyncio.sleep(2.5)              # past the group commit: the server must still serve
        out.append(await ask(ws, {"type": "join", "game": made["game"], "name": "Zoë"}))
        assert json.loads(await ws.recv())["type"] == "view"
        out.append(await ask(ws, {"type": "ping", "ref": 3}))
        return out

    join, create_, joined, pong = run(server.url, script)
    assert join["code"] == "bad_field" and "U+D800" in join["message"] and join["ref"] == 1
    assert create_["code"] == "bad_field" and create_["ref"] == 2
    assert joined["type"] == "joined" and pong == {"type": "pong", "ref": 3}
    assert server.server is not None
    tables = server.server.tables
    names = server.call(lambda: [s.name for t in tables.values() for s in t.seats])
    assert "Zoë" in names and not any("\ud800" <= ch <= "\udfff" for n in names for ch in n)


def test_numbers_past_json_and_duplicate_keys_are_refused_and_the_connection_goes_on(server: ThreadServer) -> None:
    async def script(ws: ClientConnection) -> list[dict[str, Any]]:
        await ask(ws, HELLO)
        return [await ask(ws, '{"type":"ping","ref":' + "9" * 5000 + "}"),
                await ask(ws, '{"type":"action","ply":' + "1" * 4301 + ',"action":"x"}'),
                await ask(ws, '{"type":"ping","ref":1,"ref":2}'),
                await ask(ws, "[" * 60000),
                await ask(ws, {"type": "ping", "ref": 4})]

    big, bigger, twice, deep, pong = run(server.url, script)
    assert big["code"] == bigger["code"] == "bad_field" and "5000 digits" in big["message"]
    assert twice["code"] == "duplicate_key" and deep["code"] == "bad_json"
    assert pong == {"type": "pong", "ref": 4}


def test_every_answer_echoes_its_ref_and_each_dropped_message_is_answered(tmp_path: Path) -> None:
    server = ThreadServer(tmp_path / "data", Limits(rate=0.01, burst=6, flood_strikes=5))
    try:
        async def script(ws: ClientConnection) -> tuple[list[dict[str, Any]], int | None]:
            answers = [await ask(ws, {**HELLO, "ref": 10})]
            made = await ask(ws, {"type": "create", "kind": "jayden", "setup": {},
                                  "seats": [{"kind": "human"}] * 2, "ref": 11})
            answers += [made, await ask(ws, {"type": "join", "game": made["game"], "seat": 0, "ref": 12})]
            await ws.recv()                                          # the view that follows joined
            answers += [await ask(ws, {"type": "view", "ref": 13}),
                        await ask(ws, {"type": "resign", "game": "nope", "ref": 14})]
            for ref in range(15, 22):                                # two tokens left, then a flood
                await ws.send(json.dumps({"type": "ping", "ref": ref}))
            code = await closed_code_after(ws, answers)
            return answers, code

        answers, code = run(server.url, script)
    finally:
        server.stop()
    assert [a.get("ref") for a in answers[:5]] == [10, 11, 12, 13, 14]
    assert answers[0]["type"] == "welcome" and answers[3]["type"] == "view" and answers[4]["code"] == "no_game"
    assert answers[5:7] == [{"type": "pong", "ref": 15}, {"type": "pong", "ref": 16}]
    limited = [a for a in answers[7:] if a.get("code") == "rate_limited"]
    assert len(limited) == 4 and len(answers) == 11 and code == 1008     # strikes 1-4 answered, the 5th closes
    assert "1 of 5" in limited[0]["message"]


async def closed_code_after(ws: ClientConnection, into: list[dict[str, Any]]) -> int | None:
    try:
        while True:
            into.append(json.loads(await asyncio.wait_for(ws.recv(), 10)))
    except ConnectionClosed as e:
        return e.rcvd.code if e.rcvd else None


def test_a_bug_met_by_one_message_closes_only_that_connection(server: ThreadServer,
                                                               caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.ERROR, logger="jayden_jazz.net")
    assert server.server is not None

    def broken(conn: Any, msg: Any) -> None:
        raise RuntimeError("a bug in the host command")
    server.server.handlers[P.HostCommand] = broken
    players = [client(server.url), client(server.url)]
    host = client(server.url)
    made = create(host, "cards", {"rules": {"random": True}, "field": "3x3"}, [{"kind": "human"}] * 2)
    for i, c in enumerate(players):
        c.join(made["game"], seat=i)
        expect(c, "joined")

    async def script(ws: ClientConnection) -> tuple[dict[str, Any], int | None]:
        await ask(ws, HELLO)
        answer = await ask(ws, {"type": "host", "game": made["game"], "token": "t", "command": "abandon", "ref": 5})
        return answer, await closed_code(ws)

    answer, code = run(server.url, script)
    assert answer["code"] == "internal" and code == 1011
    final = play_out(players, random.Random(2))
    assert final["status"] == "over"
    logged = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(logged) == 1 and logged[0].exc_info and "a bug in the host command" in str(logged[0].exc_info[1])
    for c in (host, *players):
        c.close()


def test_a_game_whose_writes_fail_is_stopped_and_another_plays_on(tmp_path: Path,
                                                                  caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.ERROR, logger="jayden_jazz.net")
    data = tmp_path / "data"
    server = ThreadServer(data, FAST)
    try:
        host = client(server.url)
        games = [create(host, "cards", {"rules": {"random": True}, "field": "3x3"}, [{"kind": "human"}] * 2)
                 for _ in range(2)]
        seats = [[client(server.url) for _ in range(2)] for _ in games]
        for made, pair in zip(games, seats):
            for i, c in enumerate(pair):
                c.join(made["game"], seat=i)
                expect(c, "joined")
            pair[0].wait_for(lambda m: m["type"] == "view" and m["status"] == "playing")
        doomed = games[0]["game"]
        db = sqlite3.connect(data / FILE_NAME)           # the disk refuses this one game's actions
        db.execute("CREATE TRIGGER refuse BEFORE INSERT ON actions WHEN NEW.game_id = '%s' "
                   "BEGIN SELECT RAISE(ABORT, 'injected failure'); END" % doomed)
        db.commit()
        db.close()
        lost = seats[0]
        mover = next(c for c in lost if c.view and c.view["to_move"] == c.view["you"])
        mover.send_action(mover.view["legal"][0], mover.view["ply"])    # type: ignore[index]
        error = mover.wait_for(lambda m: m["type"] == "error")
        assert error["code"] == "game_lost" and mover.pending is None
        other = next(c for c in lost if c is not mover)
        assert other.wait_for(lambda m: m["type"] == "error")["code"] == "game_lost"
        final = play_out(seats[1], random.Random(4))
        assert final["status"] == "over" and final["ply"] == 9
        assert server.call(lambda: doomed not in server.server.tables)   # type: ignore[union-attr]
        late = client(server.url)
        late.join(doomed)
        assert expect(late, "error")["code"] == "no_game"
        for c in (host, late, *seats[0], *seats[1]):
            c.close()
    finally:
        server.stop()
    store = Store(data)
    try:
        assert [p for p, _s, _t in store.actions(games[1]["game"])] == list(range(9))
        assert store.actions(doomed) == []
    finally:
        store.close()
    assert any("injected failure" in r.getMessage() and doomed in r.getMessage() for r in caplog.records)


def test_one_games_bad_write_in_a_batch_sinks_only_that_game(tmp_path: Path) -> None:
    queued: list[int] = []
    store = Store(tmp_path, on_queue=lambda: queued.append(1))
    seats = [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]
    store.add_game("good", "GOOD01", "jayden", {}, "h", seats, 0.0)
    store.add_game("bad", "BAD001", "jayden", {}, "h", seats, 1.0)
    store.commit(store.take())
    store.set_seat("bad", 0, "human", "", "\ud800", None)     # text no UTF-8 holds: the driver refuses it
    store.add_action("good", 0, 0, "a1-a2")
    batch = store.take()
    with pytest.raises(UnicodeEncodeError):
        store.commit(batch)
    assert store.commit_each(batch).keys() == {"bad"}
    store.add_action("bad", 0, 0, "b1-b2")                    # dropped: that game is broken
    assert store.queued == [] and store.actions("good") == [(0, 0, "a1-a2")]
    store.close()


async def trickle(ws: ClientConnection) -> None:
    """The start of a text frame (masked, as a client's must be), and then nothing more."""
    payload = b'{"type":"ping"}'
    mask = os.urandom(4)
    body = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    assert ws.transport is not None
    ws.transport.write(bytes([0x81, 0x80 | len(payload)]) + mask + body[:3])


def test_a_message_that_never_finishes_arriving_closes_its_connection(tmp_path: Path) -> None:
    server = ThreadServer(tmp_path / "data", Limits(message_timeout=0.5))
    try:
        async def main() -> tuple[int | None, dict[str, Any]]:
            async with connect(server.url) as quiet, connect(server.url) as slow:
                await ask(quiet, HELLO)
                await ask(slow, HELLO)
                await trickle(slow)
                code = await closed_code(slow)
                return code, await ask(quiet, {"type": "ping", "ref": 1})   # silent, not slow: still open

        code, pong = asyncio.run(main())
    finally:
        server.stop()
    assert code == 1008 and pong == {"type": "pong", "ref": 1}


def test_connections_from_one_address_are_capped(tmp_path: Path) -> None:
    server = ThreadServer(tmp_path / "data", Limits(per_address=2, exempt=()))
    try:
        async def main() -> tuple[dict[str, Any], int | None, dict[str, Any]]:
            async with connect(server.url) as a, connect(server.url) as b:
                await ask(a, HELLO)
                await ask(b, HELLO)
                async with connect(server.url) as c:
                    refused = json.loads(await asyncio.wait_for(c.recv(), 5))
                    code = await closed_code(c)
            await asyncio.sleep(0.2)
            async with connect(server.url) as d:                # the count goes down as they leave
                return refused, code, await ask(d, HELLO)

        refused, code, welcome = asyncio.run(main())
    finally:
        server.stop()
    assert refused["code"] == "too_many_connections" and "2 connections" in refused["message"]
    assert code == 1008 and welcome["type"] == "welcome"


def test_an_address_counts_as_its_ipv4_or_its_ipv6_64() -> None:
    assert address_key("127.0.0.7") == "127.0.0.7" == address_key("::ffff:127.0.0.7")
    assert address_key("::ffff:127.0.0.1") == "127.0.0.1" and address_key("::1") == "::1"
    assert address_key("2001:db8:1:2:aaaa::1") == address_key("2001:db8:1:2:bbbb::9") == "2001:db8:1:2::/64"
    assert address_key("2001:db8:1:3::1") != address_key("2001:db8:1:2::1")
    assert address_key("fe80::1%eth0") == "fe80::/64" and address_key("") == ""
