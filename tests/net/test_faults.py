"""Connection trouble: a server killed with SIGKILL, a connection cut between an action and
its acknowledgement, a client killed and started again, a player who stays away."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from jayden_jazz.net.store import Store

from .conftest import ProcessServer, ThreadServer, client, create, expect, play_out
from .killed import play_through_a_kill
from .test_play import replayed_result, seat_clients


class Proxy:
    """A loopback TCP relay between clients and a server that can go deaf (drop what the
    server says) and cut every connection, like a network that fails mid-message."""

    def __init__(self, target_port: int) -> None:
        self.target = target_port
        self.deaf = False
        self.port = 0
        self._loop = asyncio.new_event_loop()
        self._writers: list[asyncio.StreamWriter] = []
        ready = threading.Event()

        async def main() -> None:
            srv = await asyncio.start_server(self._pipe, "127.0.0.1", 0)
            self.port = srv.sockets[0].getsockname()[1]
            ready.set()
            await asyncio.Future()

        threading.Thread(target=lambda: self._loop.run_until_complete(main()), daemon=True).start()
        ready.wait(10)

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_r, up_w = await asyncio.open_connection("127.0.0.1", self.target)
        self._writers += [writer, up_w]

        async def copy(src: asyncio.StreamReader, dst: asyncio.StreamWriter, downstream: bool) -> None:
            try:
                while data := await src.read(65536):
                    if downstream and self.deaf:
                        continue
                    dst.write(data)
                    await dst.drain()
            except (ConnectionError, OSError):
                pass
            finally:
                dst.close()

        await asyncio.gather(copy(reader, up_w, False), copy(up_r, writer, True))

    def cut(self) -> None:
        """Close every relayed connection at once and hear again."""
        def close_all() -> None:
            for w in self._writers:
                w.transport.abort()
            self._writers.clear()
            self.deaf = False
        self._loop.call_soon_threadsafe(close_all)

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"


def test_an_action_cut_off_before_its_ack_is_resent_and_played_once(server: ThreadServer) -> None:
    proxy = Proxy(server.port)
    host = client(server.url)
    created = create(host, "cards", {"rules": {"random": True}, "field": "3x3"}, [{"kind": "human"}] * 2)
    a, b = client(proxy.url), client(server.url)
    a.join(created["game"], seat=0)
    b.join(created["game"], seat=1)
    for c in (a, b):
        expect(c, "joined")
    view = a.wait_for(lambda m: m["type"] == "view" and m["status"] == "playing")
    if view["to_move"] != 0:       # let seat 1 play first
        b.wait_for(lambda m: m["type"] == "view" and m["status"] == "playing")
        b.send_action(b.view["legal"][0], 0)
        view = a.wait_for(lambda m: m["type"] == "view" and m["to_move"] == 0)
    ply = view["ply"]
    proxy.deaf = True                                   # the server's answer will not arrive
    a.send_action(view["legal"][0], ply)
    table = server.call(lambda: server.server.tables[created["game"]])   # type: ignore[union-attr]
    end = time.monotonic() + 5
    while server.call(lambda: table.ply) == ply:      # the server played and committed it
        assert time.monotonic() < end
        time.sleep(0.01)
    assert a.pending is not None                        # ...but the client never heard so
    proxy.cut()
    ack = a.wait_for(lambda m: m["type"] == "ack", 10)   # it reconnects and resends the same ply
    assert ack["ply"] == ply and ack.get("duplicate") is True
    assert a.pending is None and a.connects == 2
    store = Store(server.data)
    plies = [p for p, _seat, _text in store.actions(created["game"])]
    store.close()
    assert plies == list(range(ply + 1))                 # played once
    a.wait_for(lambda m: m["type"] == "view" and m["ply"] == ply + 1)
    for c in (host, a, b):
        c.close()


@pytest.mark.parametrize("kind,setup", [("cards", {"rules": {"random": True, "three_open": True}, "field": "5x5"}),
                                        ("jayden", {})])
def test_a_server_killed_mid_game_comes_back_and_the_game_finishes(tmp_path: Path, kind: str,
                                                                   setup: dict[str, Any]) -> None:
    data = tmp_path / "data"
    game = play_through_a_kill(data, kind, setup, random.Random(11), kill_at=6)     # 11: a short Jayden game
    created, final, acks = game.created, game.final, game.acks
    assert game.killed_at is not None and all(n >= 2 for n in game.connects)
    store = Store(data)
    rows = store.actions(created["game"])
    store.close()
    assert [p for p, _s, _t in rows] == list(range(final["ply"]))
    recorded = {p: t for p, _s, t in rows}
    assert acks and all(recorded[p] == t for p, t in acks)        # every acknowledged action, once
    assert len({p for p, _ in acks}) == len(acks)
    assert replayed_result(data, created["game"]) == final["result"]


def test_a_client_killed_and_started_again_rejoins_its_seat_with_its_token(server: ThreadServer) -> None:
    rng = random.Random(8)
    clients, gid = seat_clients(server, "cards", {"rules": {"random": True}, "field": "3x3"}, 2)
    session = dict(clients[1].session or {})
    clients[1].close()                                  # the program ends...
    lost = clients[0].wait_for(lambda m: m["type"] == "presence" and m["state"] == "lost")
    assert lost["seat"] == 1 and lost["name"] == "P1"
    again = client(server.url)                          # ...and starts again with the saved token
    again.join(session["game"], token=session["token"])
    joined = expect(again, "joined")
    assert joined["seat"] == 1 and joined["token"] == session["token"]
    back = clients[0].wait_for(lambda m: m["type"] == "presence" and m["state"] == "back")
    assert back["seat"] == 1
    final = play_out([clients[0], again], rng)
    assert final["status"] == "over"
    thief = client(server.url)
    thief.join(gid, seat=1)
    assert expect(thief, "error")["code"] == "seat_taken"
    for c in (clients[0], again, thief):
        c.close()


def test_the_host_may_give_a_lost_seat_to_the_computer_after_the_wait(server: ThreadServer) -> None:
    host = client(server.url, "Host")
    created = create(host, "jayden", {}, [{"kind": "human"}] * 2)
    other = client(server.url, "Guest")
    host.join(created["game"], seat=0)
    other.join(created["game"], seat=1)
    expect(host, "joined")
    expect(other, "joined")
    other.close()
    host.wait_for(lambda m: m["type"] == "presence" and m["state"] == "lost")
    host.host(created["game"], "not the host token", "computer", seat=1)
    assert expect(host, "error")["code"] == "wrong_token"
    waited = host.wait_for(lambda m: m["type"] == "presence" and m["host_may_act"])     # 0.5 s in tests
    assert waited["waited"] >= 0.5
    host.host(created["game"], created["host_token"], "computer", seat=1)
    assert expect(host, "ack")["host"] == "computer"
    view = host.wait_for(lambda m: m["type"] == "view" and m["seats"][1]["kind"] == "computer")
    assert view["seats"][1]["connected"] is True
    host.host(created["game"], created["host_token"], "abandon")
    assert expect(host, "error")["code"] == "too_soon"     # nobody is away any more
    host.close()


def children(pid: int) -> list[int]:
    out = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                stat = (d / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(d.name))
    return out


def running(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_a_killed_server_leaves_no_computer_player_running(tmp_path: Path) -> None:
    proc = ProcessServer(tmp_path / "data")
    kids: list[int] = []
    try:
        watcher = client(proc.url)
        created = create(watcher, "jayden", {}, [{"kind": "computer", "level": "easy"}] * 2)
        watcher.join(created["game"], spectator=True)
        watcher.wait_for(lambda m: m["type"] == "view" and m["ply"] >= 2, 30)   # the worker is thinking
        kids = children(proc.proc.pid)
        assert kids
        watcher.close()
        proc.kill()
        end = time.monotonic() + 10
        while any(running(k) for k in kids):
            assert time.monotonic() < end, "the computer player outlived its server"
            time.sleep(0.05)
    finally:
        proc.stop()
        for k in kids:              # on failure: the processes this test started, by their ids
            if running(k):
                os.kill(k, signal.SIGKILL)
