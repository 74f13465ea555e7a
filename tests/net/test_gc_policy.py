"""The server process's garbage-collector policy (server.tune_gc, net/gcpolicy.py): full collections
walking a heap of long-lived games stopped the event loop for 60-125 ms at 1,000 games, then young
collections of 50,000 objects for 30-46 ms (#40). Now short young collections, what they keep frozen,
and a full collection now and then: never a cycle kept for good."""

from __future__ import annotations

import asyncio
import gc
import subprocess
import sys
from pathlib import Path

import pytest

from jayden_jazz.net import gcpolicy
from jayden_jazz.net import server as S

ROOT = Path(__file__).resolve().parents[2]


def _python(code: str) -> list[str]:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout.split()


def test_tune_gc_freezes_what_is_loaded_and_sets_the_young_threshold() -> None:
    code = ("import asyncio, gc, jayden_jazz.net.server as S, jayden_jazz.net.gcpolicy as P\n"
            "async def main():\n"
            "    before = gc.get_freeze_count(); S.tune_gc()\n"
            "    print(gc.get_threshold() == (P.YOUNG, P.MIDDLE, P.MIDDLE), before == 0 and gc.get_freeze_count() > 1000,"
            " P.POLICY in gc.callbacks)\n"
            "asyncio.run(main())")
    assert _python(code) == ["True", "True", "True"]
    assert 700 < gcpolicy.YOUNG < 50_000          # fewer young collections than CPython's, each far shorter than 50,000's


def test_what_a_young_collection_keeps_is_frozen_and_a_full_one_comes_on_the_loop() -> None:
    """In this process, set back after: a young collection's survivors leave the generations (no
    later collection walks them); after ``full_every`` young ones the loop runs a full collection."""
    async def main() -> tuple[int, int, int, int]:
        policy = gcpolicy.install(asyncio.get_running_loop(), young=2000, full_every=3)
        try:
            kept = [[] for _ in range(2500)]              # the first alive across a young collection
            first = kept[0]
            in_generations = sum(1 for o in gc.get_objects() if o is first)
            young = policy.young
            for _ in range(3):
                more = [[] for _ in range(4000)]
                del more
            await asyncio.sleep(0)                        # the loop runs the full collection asked for
            await asyncio.sleep(0)
            return young, in_generations, policy.fulls, len(kept)
        finally:
            gcpolicy.uninstall()
    was = gc.get_threshold()
    try:
        young, in_generations, fulls, n = asyncio.run(main())
    finally:
        gc.set_threshold(*was)
    assert young >= 1 and in_generations == 0 and n == 2500      # the first list is frozen, in no generation
    assert fulls == 1 and gc.get_freeze_count() == 0 and gcpolicy.POLICY is None


def test_the_server_command_tunes_the_collector_once_it_listens(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []

    async def started(self: S.GameServer, host: str, port: int) -> int:
        calls.append(f"start {host}")
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        fut.set_result(None)
        self.failed = fut
        return 1

    async def closed(self: S.GameServer) -> None:
        calls.append("close")

    monkeypatch.setattr(S.GameServer, "start", started)
    monkeypatch.setattr(S.GameServer, "close", closed)
    monkeypatch.setattr(S, "tune_gc", lambda: calls.append("tune_gc"))
    asyncio.run(S.run("127.0.0.1", 0, tmp_path))
    assert calls == ["start 127.0.0.1", "tune_gc", "close"]


OLD_CYCLE = r'''
import asyncio, gc, sys, tempfile, weakref
from pathlib import Path
from jayden_jazz.net import gcpolicy, server as S

class Node:
    pass

async def main():
    srv = S.GameServer(Path(tempfile.mkdtemp()))
    await srv.start("127.0.0.1", 0)
    S.tune_gc()                                  # as the serve command does once it listens
    node = Node(); node.me = node                # a cycle, kept a while by the running server
    gone = weakref.ref(node)
    srv.watchers["kept"] = {node}

    async def work(rounds):                      # what a busy server allocates and keeps a while
        for _ in range(rounds):
            kept = [[] for _ in range(gcpolicy.YOUNG * 2)]      # a young collection at least
            await asyncio.sleep(0)
            del kept

    await work(3)                                # it outlives young collections: frozen, walked by none
    old = not any(o is node for o in gc.get_objects())
    del node
    srv.watchers.pop("kept")                     # now cyclic garbage, frozen
    limit = gcpolicy.FULL_EVERY * 2
    young = 0
    while gone() is not None and young < limit:
        await work(1); young += 1
    print(old, gone() is None, gcpolicy.POLICY.fulls, young)
    await srv.close()

asyncio.run(main())
'''


def test_cyclic_garbage_frozen_in_a_running_server_is_collected_by_the_policy_itself() -> None:
    """Freezing puts off the collection of old cycles, never for good: a cycle frozen in a running
    server, then dropped, is collected by the full collection the policy runs by itself (none asked
    for) within :data:`~jayden_jazz.net.gcpolicy.FULL_EVERY` young collections of the server's work."""
    old, collected, fulls, rounds = _python(OLD_CYCLE)
    assert old == "True"                 # it was frozen: only the policy's full collection reaches it
    assert collected == "True" and int(fulls) == 1
    # the young collections of the rounds before did not collect it; the full one came in time
    assert gcpolicy.FULL_EVERY // 3 <= int(rounds) <= gcpolicy.FULL_EVERY


def test_closed_connections_bring_a_full_collection_too() -> None:
    """A closed connection leaves a cycle (asyncio's transport and a bound method of it): counted, so
    that many connections closed between two full collections bring one sooner."""
    async def main() -> tuple[int, int]:
        policy = gcpolicy.install(asyncio.get_running_loop(), full_every=10**9, full_after_closed=3)
        try:
            for _ in range(2):
                gcpolicy.connection_closed()
            await asyncio.sleep(0)
            before = policy.fulls
            gcpolicy.connection_closed()
            await asyncio.sleep(0)
            return before, policy.fulls
        finally:
            gcpolicy.uninstall()
    was = gc.get_threshold()
    try:
        assert asyncio.run(main()) == (0, 1)
    finally:
        gc.set_threshold(*was)
    gcpolicy.connection_closed()            # no policy installed (a test's server): nothing happens
    assert gcpolicy.POLICY is None
