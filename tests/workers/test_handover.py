"""A game held by one worker, asked for on another: handed over, or the asker told where it is.

* A connection whose path names the game (``/game/<CODE>``) on worker B: B asks
  A to let go; A's players hear ``moved``, reconnect (here, to B: the proxy's
  part) and play on there; nothing acknowledged is lost.
* The lobby across workers: a game created on A is listed on B, with who is
  connected; joined by code over B's lobby path, the answer is ``moved`` with
  the game's path, where the client's own hop then takes the seat.
* Two workers creating games at once never give out one code twice.
"""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import pytest

from jayden_jazz.net import lobby
from jayden_jazz.net.client import NetClient
from tests.net.conftest import ThreadServer, client, create, expect, play_out

from .conftest import TWO, game_url, seated, stored_actions
from .test_takeover import acks_into


def test_a_join_naming_a_game_on_another_worker_hands_it_over_and_nothing_is_lost(
        two_workers: tuple[ThreadServer, ThreadServer], database: str) -> None:
    a, b = two_workers
    created, players = seated(a)
    gid, code = created["game"], created["code"]
    acks: dict[int, str] = {}
    moved: list[tuple[int, dict[str, Any]]] = []
    asked: list[Any] = []

    def note(i: int, m: dict[str, Any]) -> None:
        acks_into(acks)(i, m)
        if m["type"] == "moved":
            moved.append((i, m))

    def watch_on_b() -> None:
        ply = players[0].view["ply"] if players[0].view else 0
        if not asked and ply >= 3:
            for c in players:
                c.url = game_url(b, code)
            watcher = client(game_url(b, code))
            watcher.join(code, spectator=True)
            asked.append(watcher)
            expect(watcher, "joined")        # the bots wait meanwhile: the game is handed over mid-game

    try:
        final = play_out(players, random.Random(11), timeout=40, on_message=note, between=watch_on_b)
        watcher = asked[0]
        seen = watcher.wait_for(lambda m: m["type"] == "view" and m["status"] == "over", 10)
        assert seen["ply"] == 9
        assert a.call(lambda: gid in a.server.tables) is False and b.call(lambda: gid in b.server.tables)
    finally:
        for c in players + asked:
            c.close()
    assert final["status"] == "over" and final["ply"] == 9
    assert sorted(i for i, _m in moved) == [0, 1]                             # each of A's players, once
    assert all(m["game"] == gid and m["path"] == f"/game/{code}" for _i, m in moved)
    deadline = time.monotonic() + 10         # over, and nobody at it: B lets it go too
    while b.call(lambda: gid in b.server.tables) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert b.call(lambda: gid in b.server.tables) is False
    rows = stored_actions(database, gid)
    assert [p for p, _s, _t in rows] == list(range(9)) and {p: t for p, _s, t in rows if p in acks} == acks


def test_the_lobby_across_two_workers_lists_and_routes_by_code(two_workers: tuple[ThreadServer, ThreadServer]) -> None:
    a, b = two_workers
    host = client(a.url)
    created = create(host, "jayden", {}, TWO)
    code = created["code"]
    host.join(code, seat=0, name="Ann")
    expect(host, "joined")
    other = client(b.url)
    try:
        end = time.monotonic() + 10
        while True:       # listed at once; who is connected reaches B within a few heartbeats
            other.list_games()
            games = expect(other, "games")["games"]
            line = next((g for g in games if g["code"] == code), None)
            if (line is not None and line["present"]) or time.monotonic() > end:
                break
            time.sleep(0.2)
        assert line is not None and line["present"] and line["free"] == [1] and line["host"] == "Ann"
        other.url = a.url        # the proxy's part: the game's path (the hop's next connect) reaches A
        other.join(code, name="Bob")                         # over B's lobby path: told where the game is
        m = other.wait_for(lambda m: m["type"] in ("moved", "joined", "error"))
        assert m["type"] == "moved" and m["code"] == code and m["path"] == f"/game/{code}" and m["ref"] is not None
        assert expect(other, "joined")["seat"] == 1          # the client's own hop: the join said again there
        view = other.wait_for(lambda m: m["type"] == "view" and m["status"] == "playing")
        assert [s["name"] for s in view["seats"]] == ["Ann", "Bob"]
        assert other.moves == 1 and a.call(lambda: created["game"] in a.server.tables)
        assert b.call(lambda: created["game"] in b.server.tables) is False
    finally:
        other.close()
        host.close()


def test_two_workers_creating_games_at_once_never_share_a_code(
        two_workers: tuple[ThreadServer, ThreadServer], monkeypatch: pytest.MonkeyPatch) -> None:
    few = lobby.CODE_ALPHABET[:2]           # 64 codes in all: the two workers draw the same ones often
    monkeypatch.setattr(lobby, "random_code", lambda: "".join(random.choice(few) for _ in range(lobby.CODE_LENGTH)))
    codes: list[str] = []
    lock = threading.Lock()

    def make(server: ThreadServer, n: int) -> None:
        c = client(server.url)
        try:
            for _ in range(n):
                got = create(c, "jayden", {}, TWO)
                with lock:
                    codes.append(got["code"])
        finally:
            c.close()

    makers = [threading.Thread(target=make, args=(s, 15)) for s in two_workers for _ in range(2)]
    for t in makers:
        t.start()
    for t in makers:
        t.join(60)
    assert len(codes) == 60 and len(set(codes)) == 60
    end = time.monotonic() + 10       # made over the lobby's path: each let go once stored, for its path's worker
    while any(w.call(lambda w=w: bool(w.server.codes)) for w in two_workers) and time.monotonic() < end:
        time.sleep(0.05)
    assert not any(w.call(lambda w=w: bool(w.server.codes)) for w in two_workers)
    for code in codes[:4]:           # and each is still there to be taken by its path
        seated = client(game_url(two_workers[1], code))
        try:
            seated.join(code, spectator=True)
            assert expect(seated, "joined")["code"] == code
        finally:
            seated.close()


def test_a_holder_that_does_not_let_go_leaves_the_asker_answering_game_busy(
        two_workers: tuple[ThreadServer, ThreadServer]) -> None:
    a, b = two_workers
    host = client(a.url)
    created = create(host, "jayden", {}, TWO)
    code = created["code"]
    held = client(game_url(a, code))        # A holds it: asked for by its path there
    held.join(code, spectator=True)
    expect(held, "joined")
    notices = a.server.workers.notices  # type: ignore[union-attr]
    assert notices is not None
    notices.deliver = lambda _channel, _payload: None        # A deaf to being asked
    watcher = NetClient(game_url(b, code), backoff=(0.05, 0.5), busy_tries=0).start()   # hears the first answer
    try:
        started = time.monotonic()
        watcher.join(code, spectator=True)
        m = watcher.wait_for(lambda m: m["type"] in ("error", "joined", "moved"), 10)
        waited = time.monotonic() - started
        assert m["type"] == "error" and m["code"] == "game_busy" and "try again" in m["message"]
        assert 2.5 < waited < 6 and watcher.state == "connected"          # asked ~3 s, then said why
        assert a.call(lambda: code in a.server.codes) and not b.call(lambda: code in b.server.codes)
    finally:
        watcher.close()
        held.close()
        host.close()


def test_a_database_that_fails_a_list_or_a_join_is_said_in_plain_words_and_the_connection_stays(
        two_workers: tuple[ThreadServer, ThreadServer]) -> None:
    import psycopg
    a, _b = two_workers
    store = a.server.store                                   # type: ignore[union-attr]

    def down(*_args: Any) -> Any:
        raise psycopg.OperationalError("the database is restarting")
    store.listable = down                                    # type: ignore[method-assign]
    store.locate = down                                      # type: ignore[method-assign]
    store.read_game = down                                   # type: ignore[method-assign]
    c = client(a.url)
    try:
        for ask in (c.list_games, lambda: c.join("ABCDEF", spectator=True)):
            ref = ask()
            m = c.wait_for(lambda m: m["type"] == "error" and m.get("ref") == ref)
            assert m["code"] == "store_unavailable" and "try again" in m["message"]
        c.list_games()                                       # still connected, still answered
        assert c.wait_for(lambda m: m["type"] == "error")["code"] == "store_unavailable" and c.state == "connected"
    finally:
        c.close()


def test_max_games_counts_the_games_of_every_worker(database: str, tmp_path: Any) -> None:
    from dataclasses import replace

    from jayden_jazz.net.pgstore import PgStore
    from tests.net.conftest import FAST
    limits = replace(FAST, max_games=2)
    a = ThreadServer(tmp_path / "a", limits, store=PgStore(database))
    b = ThreadServer(tmp_path / "b", limits, store=PgStore(database))
    ca, cb = client(a.url), client(b.url)
    try:
        create(ca, "jayden", {}, TWO)
        create(cb, "jayden", {}, TWO)
        for c in (ca, cb):          # one game on each: both full, though each holds only one
            c.create("jayden", {}, TWO)
            refused = expect(c, "error")
            assert refused["code"] == "too_many_games" and "try again later" in refused["message"]
    finally:
        ca.close()
        cb.close()
        a.stop()
        b.stop()
