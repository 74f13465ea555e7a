"""No seat refused while a game finds its worker (issue #40).

Behind the proxy a game is created on whichever worker the lobby's path
reaches and its seats are joined by the game's path on the worker its code
hashes to. The creator parks a game made over the lobby's path: a join by
its path there keeps it there (never let go and taken again), another
worker asking for it has it handed over at once, and nobody coming within
PARK seconds it is let go, so a later join by path takes it with no
handover to wait for; and a join that does meet a busy game is said again
by the client, which seats the player without telling them anything went
wrong.
"""

from __future__ import annotations

import time
from typing import Any

from tests.net.conftest import ThreadServer, client, create, expect

from jayden_jazz.net.workers import PARK

from .conftest import RANDOM_3X3, TWO, game_url

GAMES = 20


def test_many_games_created_on_one_worker_are_all_seated_by_their_path_on_the_other(
        two_workers: tuple[ThreadServer, ThreadServer]) -> None:
    a, b = two_workers
    host = client(a.url)
    try:
        made = [create(host, "cards", RANDOM_3X3, TWO) for _ in range(GAMES)]
    finally:
        host.close()
    notices = a.server.workers.notices  # type: ignore[union-attr]
    assert notices is not None
    deliver = notices.deliver
    notices.deliver = lambda _channel, _payload: None        # A deaf: no game may need a handover from it
    end = time.monotonic() + 5 + PARK                         # ... once nobody came by its path there
    while a.call(lambda: bool(a.server.tables)) and time.monotonic() < end:
        time.sleep(0.05)
    seats = [(m, i, client(game_url(b, m["code"]), f"P{i}")) for m in made for i in (0, 1)]
    try:
        for m, i, c in seats:                # both seats of every game asked at once
            c.join(m["code"], seat=i)
        answers = [c.wait_for(lambda m: m["type"] in ("joined", "error", "moved"), 20) for _m, _i, c in seats]
        refused = [a for a in answers if a["type"] != "joined"]
        assert refused == [], refused
        assert [(x["game"], x["seat"]) for x in answers] == [(m["game"], i) for m, i, _c in seats]
        assert all(c.busy.said == 0 and c.moves == 0 for _m, _i, c in seats)   # never busy: nothing to wait for
        held = b.call(lambda: set(b.server.tables))
        assert held == {m["game"] for m in made} and not a.call(lambda: set(a.server.tables))
        for _m, _i, c in seats:
            view = c.wait_for(lambda m: m["type"] == "view" and m["status"] == "playing", 10)
            assert view["game"] in held
    finally:
        notices.deliver = deliver
        for _m, _i, c in seats:
            c.close()


def test_a_game_created_over_the_lobby_that_nobody_joins_by_its_path_is_let_go_and_taken_again_without_delay(
        two_workers: tuple[ThreadServer, ThreadServer]) -> None:
    a, _b = two_workers
    host = client(a.url)
    try:
        made = create(host, "cards", RANDOM_3X3, TWO)
        end = time.monotonic() + 5
        while a.call(lambda: made["game"] in a.server.tables) and time.monotonic() < end:
            time.sleep(0.02)
        assert not a.call(lambda: made["game"] in a.server.tables)      # stored, and not held
        seat = client(game_url(a, made["code"]))     # its path hashed back to its creator
        try:
            started = time.monotonic()
            seat.join(made["code"], seat=0)
            joined = expect(seat, "joined")
            assert joined["game"] == made["game"] and time.monotonic() - started < 0.4   # no SETTLE wait
        finally:
            seat.close()
    finally:
        host.close()


def test_a_game_created_over_the_lobby_and_joined_by_its_path_where_it_was_made_is_kept_not_taken_again(
        two_workers: tuple[ThreadServer, ThreadServer]) -> None:
    a, _b = two_workers
    host = client(a.url)
    made = create(host, "cards", RANDOM_3X3, TWO)
    host.close()
    gid = made["game"]
    first = a.call(lambda: a.server.tables[gid])
    seats = [client(game_url(a, made["code"]), name) for name in ("Ann", "Bob")]
    try:
        for i, c in enumerate(seats):
            c.join(made["code"], seat=i)
            assert expect(c, "joined")["game"] == gid
        time.sleep(PARK + 0.5)          # past the park: nothing lets it go
        assert a.call(lambda: a.server.tables.get(gid)) is first          # the same table: never rebuilt
        assert a.call(lambda: gid not in a.server.workers.parked)  # type: ignore[union-attr]
        assert all(c.moves == 0 and c.busy.said == 0 for c in seats)
        view = seats[0].wait_for(lambda m: m["type"] == "view" and m["status"] == "playing", 10)
        assert view["game"] == gid
    finally:
        for c in seats:
            c.close()


def test_a_parked_game_asked_for_by_another_worker_is_handed_over_at_once_and_its_seat_there_told_moved(
        two_workers: tuple[ThreadServer, ThreadServer]) -> None:
    a, b = two_workers
    host = client(a.url)
    try:
        made = create(host, "cards", RANDOM_3X3, TWO)
        gid = made["game"]
        host.join(made["code"], seat=1)       # over the lobby's path: served here, still parked
        assert expect(host, "joined")["game"] == gid
        assert a.call(lambda: gid in a.server.workers.parked)  # type: ignore[union-attr]
        seat = client(game_url(b, made["code"]), "Ann")
        try:
            started = time.monotonic()
            seat.join(made["code"], seat=0)
            joined = expect(seat, "joined")
            assert joined["game"] == gid and time.monotonic() - started < PARK   # handed over, not waited out
            assert seat.busy.said == 0 and seat.moves == 0
            assert b.call(lambda: gid in b.server.tables) and not a.call(lambda: gid in a.server.tables)
            assert a.call(lambda: gid not in a.server.workers.parked)  # type: ignore[union-attr]
            end = time.monotonic() + 10
            while host.moves == 0 and time.monotonic() < end:
                time.sleep(0.02)
            assert host.moves == 1 and host.path == f"/game/{made['code']}"   # the seat taken there follows its game
        finally:
            seat.close()
    finally:
        host.close()


def test_a_join_answered_game_busy_is_said_again_by_the_client_and_seats_the_player(
        two_workers: tuple[ThreadServer, ThreadServer]) -> None:
    a, b = two_workers
    host = client(a.url)
    made = create(host, "cards", RANDOM_3X3, TWO)
    code = made["code"]
    held = client(game_url(a, code))         # A holds it: asked for by its path there
    held.join(code, spectator=True)
    expect(held, "joined")
    notices = a.server.workers.notices  # type: ignore[union-attr]
    assert notices is not None
    deliver = notices.deliver
    notices.deliver = lambda _channel, _payload: None        # A deaf to being asked: B answers game_busy
    seat = client(game_url(b, code), "Ann")
    seen: list[dict[str, Any]] = []
    try:
        seat.join(code, seat=0)
        end = time.monotonic() + 10
        while seat.busy.said == 0 and time.monotonic() < end:
            time.sleep(0.05)
        assert seat.busy.said == 1                       # B gave up waiting once; the client said it again
        notices.deliver = deliver                           # A hears again: the join said again seats the player
        got = seat.wait_for(lambda m: seen.append(m) is None and m["type"] in ("joined", "error"), 15)
        assert got["type"] == "joined" and got["game"] == made["game"] and got["seat"] == 0
        assert not [m for m in seen if m["type"] == "error"]       # the player never heard of it
        assert b.call(lambda: made["game"] in b.server.tables) and not a.call(lambda: made["game"] in a.server.tables)
    finally:
        notices.deliver = deliver
        seat.close()
        held.close()
        host.close()


def test_a_join_still_busy_after_every_try_is_said_to_the_player_in_plain_words(
        two_workers: tuple[ThreadServer, ThreadServer]) -> None:
    from jayden_jazz.net.client import NetClient
    a, b = two_workers
    host = client(a.url)
    made = create(host, "cards", RANDOM_3X3, TWO)
    held = client(game_url(a, made["code"]))
    held.join(made["code"], spectator=True)
    expect(held, "joined")
    notices = a.server.workers.notices  # type: ignore[union-attr]
    assert notices is not None
    deliver = notices.deliver
    notices.deliver = lambda _channel, _payload: None
    seat = NetClient(game_url(b, made["code"]), backoff=(0.05, 0.5), busy_tries=1).start()
    try:
        started = time.monotonic()
        seat.join(made["code"], seat=0)
        m = seat.wait_for(lambda m: m["type"] in ("joined", "error"), 20)
        assert m["type"] == "error" and m["code"] == "game_busy" and "try again" in m["message"]
        assert seat.busy.said == 1 and time.monotonic() - started > 6     # two waits of ~3 s, then said
        assert seat.state == "connected"
    finally:
        notices.deliver = deliver
        seat.close()
        held.close()
        host.close()
