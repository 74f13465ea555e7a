"""The group commit (net/commit.py) hands the next batch to the database thread before it writes the
answers of the batch just committed (#40: those writes were 1-12 ms of the event loop at 1,000 games,
which the next commit waited behind). Commit then answer stays: no answer before its batch is on disk."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from jayden_jazz.net.commit import GroupCommit


class Store:
    """What GroupCommit uses of a store; the first commit waits for ``release``."""

    def __init__(self, events: list[str]) -> None:
        self.events = events
        self.queued: list[Any] = []
        self.fenced_out: set[str] = set()
        self.broken: set[str] = set()
        self.where = "memory"
        self.on_queue: Any = None
        self.release = threading.Event()
        self.batches = 0
        self.committed: list[str] = []

    def write(self, game: str) -> None:
        self.queued.append((game, []))
        self.on_queue()

    def take(self) -> list[Any]:
        out, self.queued = self.queued, []
        self.events.append("take " + ",".join(g for g, _ in out))
        return out

    def commit(self, writes: list[Any]) -> None:
        self.batches += 1
        if self.batches == 1:
            assert self.release.wait(10)
        self.committed += [g for g, _ in writes]

    def commit_each(self, writes: list[Any]) -> dict[str, str]:
        self.commit(writes)
        return {}


class Conn:
    table = None

    def __init__(self, events: list[str], store: Store) -> None:
        self.events = events
        self.store = store

    def send(self, message: Any, corked: Any = None) -> None:
        game = message["game"]
        assert game in self.store.committed            # never an answer before its write is on disk
        self.events.append(f"answer {game}")


def test_the_next_batch_goes_to_the_database_before_the_answers_of_the_last() -> None:
    events: list[str] = []
    store = Store(events)

    async def main() -> None:
        tasks: set[asyncio.Task[Any]] = set()

        def spawn(coro: Any) -> None:
            tasks.add(asyncio.get_running_loop().create_task(coro))

        commits = GroupCommit(store, spawn, lambda gid: (None, set()))   # type: ignore[arg-type]
        conn = Conn(events, store)
        store.write("a")
        commits.send(conn, {"game": "a"}, "a")          # type: ignore[arg-type]
        await asyncio.sleep(0.05)                       # batch 1 (a) is on the database thread, held there
        store.write("b")
        commits.send(conn, {"game": "b"}, "b")          # type: ignore[arg-type]
        store.release.set()
        for _ in range(200):
            if store.committed == ["a", "b"] and "answer b" in events:
                break
            await asyncio.sleep(0.01)
        commits.close()

    asyncio.run(main())
    assert events == ["take a", "take b", "answer a", "answer b"]
