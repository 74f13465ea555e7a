"""Through a real HAProxy to ``serve --workers 2``, as the bench sets up: games created over the
lobby's path (on whichever worker leastconn picks), then both seats of every game joining at once by
the game's path (on the worker its code hashes to). Every seat is taken, none refused, and none needed
the client's retry of a busy game: the creator let each game go once stored."""

from __future__ import annotations

from typing import Any

from jayden_jazz.net.client import NetClient
from tests.net.conftest import client, create

from .test_routing import CARDS, Setup, cluster  # noqa: F401  (the fixture)

GAMES = 16


def test_games_made_through_the_lobby_have_every_seat_taken_by_path_none_refused(cluster: Setup) -> None:  # noqa: F811
    proxy = cluster.proxy
    host = client(proxy.url, "Host")
    try:
        made = [create(host, *CARDS, [{"kind": "human"}] * 2) for _ in range(GAMES)]
    finally:
        host.close()
    assert len({proxy.worker_for(f"/game/{m['code']}") for m in made}) == 2      # both workers take some
    seats: list[tuple[dict[str, Any], int, NetClient]] = [
        (m, i, client(f"{proxy.url}/game/{m['code']}", f"P{i}")) for m in made for i in (0, 1)]
    try:
        for m, i, c in seats:
            c.join(m["code"], seat=i)
        answers = [c.wait_for(lambda m: m["type"] in ("joined", "error"), 30) for _m, _i, c in seats]
        assert [a for a in answers if a["type"] != "joined"] == []
        assert [(a["game"], a["seat"]) for a in answers] == [(m["game"], i) for m, i, _c in seats]
        assert sum(c.busy.said for _m, _i, c in seats) == 0
    finally:
        for _m, _i, c in seats:
            c.close()
