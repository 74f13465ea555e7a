"""``list``: a server's games that can be joined or watched -- its shape, its cap, its order, the
``ref`` echoed, and nothing hidden in it (no hand, token, token hash or seed)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from jayden_jazz.net import listing
from jayden_jazz.net import protocol as P
from jayden_jazz.net.games import JaydenTable, SeatInfo

from .conftest import FAST, ThreadServer, client, create, expect
from .test_security import CATALOG


@pytest.fixture(autouse=True)
def always_fresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each ``list`` here sees the games as they are (the server otherwise answers from a list up to
    a second old)."""
    monkeypatch.setattr(listing, "FRESH_SECONDS", 0.0)
    monkeypatch.setattr(listing, "LOOP_SHARE", float("inf"))


def test_list_is_a_message_of_the_table_with_only_a_ref() -> None:
    assert P.parse_client('{"type": "list", "ref": 7}') == P.ListGames(ref=7)
    assert P.parse_client('{"type": "list"}') == P.ListGames()
    with pytest.raises(P.ProtocolError) as e:
        P.parse_client('{"type": "list", "kind": "cards"}')
    assert e.value.code == "unknown_field" and "'kind'" in e.value.message
    assert "games" in P.SERVER_MESSAGES


def test_the_list_shows_waiting_and_running_games_and_hides_every_secret(server: ThreadServer) -> None:
    alice, bob, carol, dave, eve = (client(server.url, n) for n in ("Alice", "Bob", "Carol", "Dave", "Eve"))
    try:
        # a hidden-hand card game waiting for its second player, Alice's hand chosen
        cards = create(alice, "cards", {"field": "3x3", "rules": {"same": True, "plus": True}, "hints": True},
                       [{"kind": "human"}, {"kind": "human"}])
        alice.join(cards["game"], seat=0)
        alice_token = expect(alice, "joined")["token"]
        hand = sorted(CATALOG)[:5]
        alice.choose_hand(hand)
        assert expect(alice, "ack")["hand"] is True
        # a Jayden game under way (both seats taken), and one that is over (not listed)
        jayden = create(bob, "jayden", {}, [{"kind": "human"}, {"kind": "human"}])
        bob.join(jayden["game"], seat=0)
        expect(bob, "joined")
        carol.join(jayden["code"], seat=1)
        expect(carol, "joined")
        over = create(dave, "jayden", {"quiet_draw": False}, [{"kind": "human"}, {"kind": "computer"}])
        dave.join(over["game"], seat=0)
        expect(dave, "joined")
        dave.resign(over["game"])
        expect(dave, "ack")

        ref = eve.list_games()
        answer = expect(eve, "games")
        assert answer["ref"] == ref and answer["more"] == 0
        games = {g["code"]: g for g in answer["games"]}
        assert set(games) == {cards["code"], jayden["code"]}
        assert answer["games"][0]["code"] == cards["code"]           # a free seat first
        c = games[cards["code"]]
        assert c["kind"] == "cards" and c["status"] == "waiting" and c["free"] == [1] and c["hints"] is True
        assert c["host"] == "Alice" and c["present"] is True
        assert c["rules"] == "3x3, Updated, hidden hands, Same, Plus"
        assert [s["taken"] for s in c["seats"]] == [True, False] and c["seats"][0]["name"] == "Alice"
        j = games[jayden["code"]]
        assert j["status"] == "playing" and j["free"] == [] and j["host"] == "Bob"
        assert j["rules"] == "200-action draw on" and j["hints"] is False
        assert set(j) == set(c) == {"code", "kind", "status", "rules", "hints", "seats", "free", "host", "present"}

        text = json.dumps(answer)
        for secret in (alice_token, cards["host_token"], jayden["host_token"], cards["game"], jayden["game"],
                       *hand):
            assert secret not in text
        table = server.call(lambda: server.server.tables[cards["game"]])
        assert str(table.setup["seed"]) not in text and "seed" not in text
        assert table.seats[0].token_hash not in text and "token" not in text
    finally:
        for c in (alice, bob, carol, dave, eve):
            c.close()


def test_a_list_holds_at_most_max_listed_games_and_counts_the_rest(tmp_path: Path) -> None:
    s = ThreadServer(tmp_path / "data", FAST)
    a = client(s.url)
    try:
        for _ in range(listing.MAX_LISTED + 3):
            create(a, "jayden", {}, [{"kind": "human"}, {"kind": "human"}])
        ref = a.list_games()
        answer = expect(a, "games")
        assert answer["ref"] == ref
        assert len(answer["games"]) == listing.MAX_LISTED and answer["more"] == 3
        assert len(json.dumps(answer)) < 64 * 1024          # a few KiB per answer, whatever the server holds
    finally:
        a.close()
        s.stop()


def test_the_order_is_free_seats_then_somebody_there_then_newest() -> None:
    def table(n: int, taken: int) -> JaydenTable:
        seats = [SeatInfo("human", f"P{n}.{i}", token_hash="h" if i < taken else None) for i in range(2)]
        return JaydenTable(f"id{n}", f"CODE{n}", {"quiet_draw": True}, seats, "host")

    old_free, new_free, empty_free, full = table(1, 1), table(2, 1), table(3, 0), table(4, 2)
    full.start()
    games, more = listing.listing([old_free, new_free, empty_free, full], lambda t: t is not empty_free)
    assert [g["code"] for g in games] == ["CODE2", "CODE1", "CODE3", "CODE4"] and more == 0
    assert games[2]["host"] is None and games[2]["present"] is False
    assert listing.listing([old_free, new_free], lambda t: True, most=1) == ([listing.entry(new_free, True)], 1)


def test_a_list_answers_before_joining_and_is_refused_before_hello(server: ThreadServer) -> None:
    """``list`` needs no seat; like every message it comes after hello."""
    import asyncio

    from websockets.asyncio.client import connect

    async def first_message_list() -> dict:
        async with connect(server.url) as ws:
            await ws.send(json.dumps({"type": "list", "ref": 1}))
            return json.loads(await ws.recv())

    refused = asyncio.run(first_message_list())
    assert refused["type"] == "error" and refused["code"] == "hello_first"
    a = client(server.url)
    try:
        a.list_games()
        assert expect(a, "games")["games"] == []
    finally:
        a.close()


def test_the_server_answers_from_its_kept_list_until_it_is_old_enough(server: ThreadServer,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """However many ask, the list is worked out once per ``FRESH_SECONDS`` (here a minute): a game made
    meanwhile shows only in the next one."""
    monkeypatch.setattr(listing, "FRESH_SECONDS", 60.0)
    a, b = client(server.url, "A"), client(server.url, "B")
    try:
        first = create(a, "jayden", {}, [{"kind": "human"}, {"kind": "human"}])
        a.list_games()
        assert [g["code"] for g in expect(a, "games")["games"]] == [first["code"]]
        create(a, "jayden", {}, [{"kind": "human"}, {"kind": "human"}])
        b.list_games()
        assert [g["code"] for g in expect(b, "games")["games"]] == [first["code"]]
    finally:
        a.close()
        b.close()
