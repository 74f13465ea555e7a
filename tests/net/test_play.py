"""Whole games through the server: two and four clients, both games, computer seats;
the stored record replays through the engine to the result the clients saw."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from jayden_jazz.cards import Rules, get_field, load_packs, new_game
from jayden_jazz.jayden import Position
from jayden_jazz.net.server import default_pack_dirs
from jayden_jazz.net.store import Store

from .conftest import ThreadServer, client, create, expect, play_out


def stored(data: Path, game_id: str) -> Any:
    store = Store(data)
    try:
        return store.game(game_id)          # finished games are in the archive: read by id
    finally:
        store.close()


def replayed_result(data: Path, game_id: str) -> Any:
    """The result of the stored game replayed through a fresh engine (not the server's tables)."""
    g = stored(data, game_id)
    if g.kind == "jayden":
        pos = Position(quiet_draw=g.setup["quiet_draw"])
        for seat, text in g.actions:
            assert ("g", "r").index(pos.side) == seat
            pos.push(text)
        r = pos.result
        return {"winner": None if r.winner is None else ("g", "r").index(r.winner), "reason": r.reason}
    catalog, _ = load_packs([Path(d) for d in default_pack_dirs()])
    rules = Rules.from_dict(g.setup["rules"])
    y, m = (int(x) for x in g.setup["date"].split("-"))
    hands = [] if rules.random else [g.hands[s] for s in range(len(g.seats))]
    game = new_game(catalog, get_field(g.setup["field"]), hands, rules, rng=random.Random(g.setup["seed"]),
                    date=(y, m), names=[s["name"] for s in g.seats], players=len(g.seats))
    for seat, text in g.actions:
        assert game.to_move == seat
        game.push(game.parse_action(text))
    return game.result().to_dict()


def seat_clients(server: ThreadServer, kind: str, setup: dict[str, Any], n: int) -> tuple[list[Any], str]:
    host = client(server.url, "Host")
    created = create(host, kind, setup, [{"kind": "human"}] * n)
    clients = [host] + [client(server.url, f"P{i}") for i in range(1, n)]
    for i, c in enumerate(clients):
        c.join(created["code"] if i else created["game"])     # by join code or by id
        assert expect(c, "joined")["seat"] == i
    return clients, created["game"]


def choose_hands(clients: list[Any], rng: random.Random) -> None:
    for c in clients:
        view = c.view or expect(c, "view")
        c.choose_hand(rng.sample(catalog_ids(), view["setup"]["hand_size"]))


CATALOG_IDS: list[str] = []


def catalog_ids() -> list[str]:
    if not CATALOG_IDS:
        catalog, _ = load_packs([Path(d) for d in default_pack_dirs()])
        CATALOG_IDS.extend(sorted(catalog))
    return CATALOG_IDS


def finish(server: ThreadServer, clients: list[Any], game_id: str, rng: random.Random) -> dict[str, Any]:
    final = play_out(clients, rng)
    assert final["status"] == "over" and final["result"] is not None
    assert replayed_result(server.data, game_id) == final["result"]
    for c in clients:
        assert c.view["result"] == final["result"]
        c.close()
    return final


def test_two_players_choose_their_hands_and_finish_a_card_game(server: ThreadServer) -> None:
    rng = random.Random(1)
    clients, gid = seat_clients(server, "cards", {"rules": {"preset": "updated", "same": True, "plus": True},
                                                  "field": "3x3"}, 2)
    for c in clients:
        expect(c, "view")
    choose_hands(clients, rng)
    final = finish(server, clients, gid, rng)
    assert final["ply"] == 9


def test_four_players_finish_a_random_hand_swap_game(server: ThreadServer) -> None:
    rng = random.Random(2)
    clients, gid = seat_clients(server, "cards", {"rules": {"preset": "draft", "random": True, "hand_swap": True},
                                                  "field": "5x5"}, 4)
    finish(server, clients, gid, rng)


def test_four_players_finish_a_chaos_game_on_a_field_with_holes(server: ThreadServer) -> None:
    rng = random.Random(3)
    clients, gid = seat_clients(server, "cards", {"rules": {"random": True, "chaos": True}, "field": "ring5"}, 4)
    finish(server, clients, gid, rng)


def test_two_players_finish_a_jayden_game(server: ThreadServer) -> None:
    rng = random.Random(4)
    clients, gid = seat_clients(server, "jayden", {}, 2)
    final = finish(server, clients, gid, rng)
    assert final["result"]["reason"] in ("master_taken", "master_conditioned", "forfeit", "quiet_draw")
    assert len(final["log"]) == final["ply"] > 10


def test_computer_seats_play_on_the_server(server: ThreadServer) -> None:
    """A human against an easy computer in both games; a card game of computers alone ends by itself."""
    rng = random.Random(5)
    host = client(server.url, "Host")
    cards = create(host, "cards", {"rules": {"random": False}, "field": "3x3"},
                   [{"kind": "human"}, {"kind": "computer", "level": "easy"}])
    jayden = create(host, "jayden", {}, [{"kind": "computer", "level": "easy"}, {"kind": "human"}])
    host.join(cards["game"], seat=0)
    expect(host, "joined")
    expect(host, "view")
    host.choose_hand(rng.sample(catalog_ids(), 5))
    final = play_out([host], rng, timeout=40)
    assert final["status"] == "over"
    assert replayed_result(server.data, cards["game"]) == final["result"]
    seats = final["seats"]
    assert seats[1]["kind"] == "computer" and seats[1]["level"] == "easy"
    # the computer moved first or second in Jayden: join as red and see its move come
    other = client(server.url)
    other.join(jayden["game"], seat=1)
    expect(other, "joined")
    v = other.wait_for(lambda m: m["type"] == "view" and m["ply"] >= 1, 30)
    assert v["log"][0]["seat"] == 0
    host.close()
    other.close()
