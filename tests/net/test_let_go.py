"""The one-process server (SQLite) lets go of a finished game nobody is at any more (#40): a server
left running for weeks holds what runs, not everything it ever served. Whoever comes back for such a
game sees it as it ended, read back from the store. Loopback servers only (127.0.0.1, port 0)."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from jayden_jazz.net.letgo import SWEEP
from jayden_jazz.net.server import Limits

from .conftest import FAST, ThreadServer, client, create, expect, play_out

RANDOM_3X3 = {"rules": {"random": True}, "field": "3x3"}
TWO = [{"kind": "human"}] * 2


@pytest.fixture
def served(tmp_path: Path) -> Iterator[ThreadServer]:
    s = ThreadServer(tmp_path / "data", FAST)
    yield s
    s.stop()


def held(s: ThreadServer) -> dict[str, Any]:
    """What the server keeps in memory about games, read on its loop."""
    def look() -> dict[str, Any]:
        g = s.server
        assert g is not None
        return {"tables": set(g.tables), "codes": set(g.codes.values()),
                "watchers": {gid for gid, conns in g.watchers.items() if conns} | set(g.watchers),
                "away": {gid for gid, _seat in g.away}, "running": set(g.letgo.running)}
    return s.call(look)  # type: ignore[no-any-return]


def nothing_held(s: ThreadServer) -> bool:
    return all(not v for v in held(s).values())


def until(check: Any, seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while not check() and time.monotonic() < deadline:
        time.sleep(0.02)
    return bool(check())


def seated(s: ThreadServer, created: dict[str, Any]) -> list[Any]:
    """Ann and Bob, each joined in their seat of the game ``created``."""
    players = [client(s.url, name) for name in ("Ann", "Bob")]
    for i, c in enumerate(players):
        c.join(created["code"], seat=i)
        expect(c, "joined")
    return players


def played(s: ThreadServer, seed: int) -> tuple[dict[str, Any], list[str], dict[str, Any]]:
    """A card game played to its end by two clients, who then leave: its ``created`` answer, the
    seats' tokens and the final view."""
    host = client(s.url)
    created = create(host, "cards", RANDOM_3X3, TWO)
    host.close()
    players = [client(s.url, name) for name in ("Ann", "Bob")]
    tokens = []
    for i, c in enumerate(players):
        c.join(created["code"], seat=i)
        tokens.append(expect(c, "joined")["token"])
    final = play_out(players, random.Random(seed))
    for c in players:
        c.close()
    return created, tokens, final


def test_finished_games_are_let_go_once_everyone_left_and_come_back_as_they_ended(served: ThreadServer) -> None:
    games = [played(served, seed) for seed in range(4)]
    assert until(lambda: nothing_held(served)), held(served)
    for created, tokens, final in games:
        # not archived yet (that is done at start-up): read back from the live rows
        status = served.call(lambda: served.server.store._read(  # type: ignore[union-attr]
            "SELECT status FROM games WHERE id=?", (created["game"],)))
        assert status == [("over",)]
    created, tokens, final = games[0]
    watcher = client(served.url)
    ann = client(served.url)
    try:
        watcher.join(created["code"].lower(), spectator=True)         # by its code, as people type it
        assert expect(watcher, "joined")["game"] == created["game"]
        seen = watcher.wait_for(lambda m: m["type"] == "view")
        ann.join(created["game"], token=tokens[0])                     # its seat, by id and token
        assert expect(ann, "joined")["seat"] == 0
        mine = ann.wait_for(lambda m: m["type"] == "view" and m["you"] == 0)
        for view in (seen, mine):
            assert view["status"] == "over" and view["ply"] == final["ply"] == 9
            assert view["result"] == final["result"]
            assert [s["name"] for s in view["seats"]] == [s["name"] for s in final["seats"]] == ["Ann", "Bob"]
        assert mine["board"] == final["board"]          # Ann's own view, as she saw the game end
        # a spectator sees the same field; a card left in a hand stays hidden from it, as before
        hidden = ("hands", "dealers")
        assert {k: v for k, v in seen["board"].items() if k not in hidden} == \
            {k: v for k, v in final["board"].items() if k not in hidden}
        assert [len(h) for h in seen["board"]["hands"]] == [len(h) for h in final["board"]["hands"]]
        ann.join(created["code"], seat=1)
        assert expect(ann, "error")["code"] == "seat_taken"             # as before: nothing to take
    finally:
        watcher.close()
        ann.close()
    assert until(lambda: nothing_held(served)), held(served)          # let go again once they left


def test_a_game_still_running_is_never_let_go(served: ThreadServer) -> None:
    host = client(served.url)
    created = create(host, "jayden", {}, TWO)
    players = seated(served, created)
    for c in players + [host]:
        c.close()
    time.sleep(SWEEP + 1.0)
    now = held(served)
    assert now["tables"] == now["running"] == {created["game"]} and now["away"] == {created["game"]}


def test_a_finished_game_with_a_watcher_is_kept_until_the_watcher_leaves(served: ThreadServer) -> None:
    host = client(served.url)
    created = create(host, "cards", RANDOM_3X3, TWO)
    watcher = client(served.url)
    watcher.join(created["code"], spectator=True)
    expect(watcher, "joined")
    players = seated(served, created)
    play_out(players, random.Random(3))
    for c in players + [host]:
        c.close()
    time.sleep(SWEEP + 1.0)
    assert held(served)["tables"] == {created["game"]} and held(served)["running"] == set()
    watcher.close()
    assert until(lambda: nothing_held(served)), held(served)


def test_a_game_ended_while_its_seats_were_away_is_let_go_by_the_sweep(served: ThreadServer) -> None:
    host = client(served.url)
    created = create(host, "jayden", {}, TWO)
    players = seated(served, created)
    for c in players:
        c.close()
    time.sleep(FAST.seat_timeout + 0.3)          # away long enough for the host to end it
    host.host(created["game"], created["host_token"], "abandon")
    assert expect(host, "ack")["host"] == "abandon"
    assert held(served)["running"] == set()      # no longer counted at once
    assert until(lambda: nothing_held(served), SWEEP + 2.0), held(served)
    watcher = client(served.url)
    try:
        watcher.join(created["code"], spectator=True)
        expect(watcher, "joined")
        seen = watcher.wait_for(lambda m: m["type"] == "view")
        assert seen["status"] == "abandoned" and [s["name"] for s in seen["seats"]] == ["Ann", "Bob"]
    finally:
        watcher.close()
        host.close()


def test_many_short_games_leave_nothing_behind_and_the_running_count_stays_true(tmp_path: Path) -> None:
    """200 games one after another under a limit of one running game: each create is allowed only
    because the last game's end was counted; none of them is held once its players moved on."""
    limits = Limits(rate=2000, burst=2000, seat_timeout=0.5, presence_interval=0.2, max_games=1)
    s = ThreadServer(tmp_path / "data", limits)
    host, ann, bob = client(s.url), client(s.url, "Ann"), client(s.url, "Bob")
    try:
        most = 0
        for n in range(200):
            created = create(host, "jayden", {}, TWO)
            for i, c in enumerate((ann, bob)):
                c.join(created["game"], seat=i)       # leaving the game before (its last connection)
                expect(c, "joined")
            ann.resign(created["game"])
            assert expect(ann, "ack")["resigned"] is True
            if n % 50 == 49:
                most = max(most, len(held(s)["tables"]))
        host.create("jayden", {}, TWO)            # the last game ended: room for one more
        expect(host, "created")
        host.create("jayden", {}, TWO)
        assert expect(host, "error")["code"] == "too_many_games"   # the limit still holds
        for c in (ann, bob):
            c.close()
        assert until(lambda: len(held(s)["tables"]) == 1), held(s)      # the one still waiting
        assert most <= 3      # the game just resigned (watched), perhaps the one before (its commit)
    finally:
        for c in (host, ann, bob):
            c.close()
        s.stop()


def came_back(s: ThreadServer) -> tuple[str, Any]:
    """A finished game let go, then watched again: its id and the watcher (held again while it stays)."""
    created, _tokens, _final = played(s, 7)
    assert until(lambda: nothing_held(s)), held(s)
    watcher = client(s.url)
    watcher.join(created["code"], spectator=True)
    expect(watcher, "joined")
    assert held(s)["tables"] == {created["game"]}
    return created["game"], watcher


def test_a_game_is_forgotten_only_once_its_writes_are_on_disk(served: ThreadServer) -> None:
    gid, watcher = came_back(served)
    g = served.server
    assert g is not None
    gate = threading.Event()
    commit = g.store.commit

    def held_back(writes: Any) -> None:
        gate.wait(10)
        commit(writes)
    served.call(lambda: setattr(g.store, "commit", held_back))
    try:
        served.call(lambda: g.store.set_status(gid, "over"))     # a write of the game's, not yet on disk
        watcher.close()
        time.sleep(SWEEP + 0.5)
        assert held(served)["tables"] == {gid}                   # its last connection left: still held
    finally:
        gate.set()
    assert until(lambda: nothing_held(served)), held(served)


def test_a_game_someone_came_back_to_before_its_commit_is_kept(served: ThreadServer) -> None:
    gid, watcher = came_back(served)
    g = served.server
    assert g is not None
    try:
        served.call(lambda: (g.store.set_status(gid, "over"), g.letgo.left(gid)))   # as if one left as it came
        time.sleep(0.5)
        assert held(served)["tables"] == {gid}
    finally:
        watcher.close()
    assert until(lambda: nothing_held(served)), held(served)


def test_a_finished_game_read_back_for_a_refused_command_is_let_go_again(served: ThreadServer) -> None:
    host = client(served.url)
    created = create(host, "cards", RANDOM_3X3, TWO)
    players = seated(served, created)
    play_out(players, random.Random(11))
    for c in players:
        c.close()
    assert until(lambda: nothing_held(served)), held(served)
    try:
        host.host(created["code"], created["host_token"], "abandon")   # read back, then refused: it is over
        assert expect(host, "error")["code"] == "not_playing"
        assert until(lambda: nothing_held(served), SWEEP + 2.0), held(served)   # nobody stayed: the sweep
    finally:
        host.close()
