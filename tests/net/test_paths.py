"""The single (SQLite) server accepts every path and the path changes nothing: it holds every game,
so a join over a path naming another game, or over a path that is no game's, is served, never
``moved`` (several processes on one database answer it: tests/workers)."""

from __future__ import annotations

from jayden_jazz.net.connection import route_of

from .conftest import ThreadServer, client, create, expect

TWO = [{"kind": "human"}] * 2


def test_every_path_is_accepted_and_changes_nothing_on_one_server(server: ThreadServer) -> None:
    host = client(f"{server.url}/game/ZZZZZZ")
    first = create(host, "jayden", {}, TWO)
    second = create(host, "jayden", {}, TWO)
    host.close()
    for path in (f"/game/{first['code']}", "/", "/game/../x?y=1", "/somewhere/else"):
        c = client(server.url + path)
        try:
            c.join(second["code"], spectator=True)
            assert expect(c, "joined")["code"] == second["code"]
        finally:
            c.close()


def test_a_path_names_a_game_only_as_game_and_a_code() -> None:
    class Ws:
        def __init__(self, path: str) -> None:
            self.request = type("Request", (), {"path": path})()
    assert route_of(Ws("/game/abc-def")) == "ABCDEF"       # any case, the dash people type
    assert route_of(Ws("/game/ABCDEF?x=1")) == "ABCDEF"
    assert route_of(Ws("/")) is None and route_of(Ws("/game/")) is None
    assert route_of(Ws("/game/A/B")) is None and route_of(Ws("/x/ABCDEF")) is None
    assert route_of(Ws("/game/" + "A" * 300)) is None        # no code is that long
