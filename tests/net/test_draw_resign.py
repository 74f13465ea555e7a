"""Jayden's draw offers and resignation over the network: only a seated player of the game, only while
it is played; an offer goes to the opponent, lapses when they act instead, and the result is stored so
a restarted server still knows it. Loopback servers only (127.0.0.1, port 0)."""

from __future__ import annotations

from pathlib import Path

import pytest

from jayden_jazz.net.client import NetClient
from jayden_jazz.net.store import Store

from .conftest import FAST, ThreadServer, client, create, expect


def seated(server: ThreadServer, seats: list[dict] | None = None) -> tuple[dict, NetClient, NetClient | None]:
    host = client(server.url, "Jazz")
    created = create(host, "jayden", {}, seats or [{"kind": "human"}] * 2)
    host.join(created["game"], seat=0)
    expect(host, "joined")
    guest = None
    if seats is None:
        guest = client(server.url, "Jayden")
        guest.join(created["code"], seat=1)
        expect(guest, "joined")
    host.wait_for(lambda m: m["type"] == "view" and m["status"] == "playing")
    return created, host, guest


def error_code(c: NetClient) -> str:
    return str(expect(c, "error")["code"])


def test_refusals_spectator_not_joined_other_game_not_playing_offering_twice(server: ThreadServer) -> None:
    created, host, guest = seated(server)
    assert guest is not None
    watcher = client(server.url)
    watcher.join(created["code"], spectator=True)
    expect(watcher, "joined")
    watcher.offer_draw(created["game"])
    assert error_code(watcher) == "spectator"
    stranger = client(server.url)
    stranger.resign(created["game"])
    assert error_code(stranger) == "not_joined"
    other = create(stranger, "jayden", {}, [{"kind": "human"}] * 2)     # a game of its own
    stranger.join(other["game"], seat=0)
    expect(stranger, "joined")
    stranger.offer_draw(created["game"])
    assert error_code(stranger) == "not_your_game"
    stranger.resign(created["game"])
    assert error_code(stranger) == "not_your_game"
    stranger.offer_draw(other["game"])
    msg = expect(stranger, "error")
    assert msg["code"] == "not_playing" and "seat is still empty" in msg["message"]
    guest.answer_draw(created["game"], True)
    assert error_code(guest) == "no_offer"                   # nothing offered yet
    host.offer_draw(created["game"])
    assert expect(host, "ack")["draw"] == "offered"
    host.offer_draw(created["game"])
    assert error_code(host) == "already_offered"              # offering twice
    host.answer_draw(created["game"], True)
    assert error_code(host) == "no_offer"                     # one's own offer is not answered by oneself
    guest.offer_draw(created["game"])
    assert error_code(guest) == "offer_open"                  # answer theirs first
    cards = client(server.url)
    cg = create(cards, "cards", {"rules": {"random": True}, "field": "3x3"}, [{"kind": "human"}, {"kind": "computer"}])
    cards.join(cg["game"], seat=0)
    expect(cards, "joined")
    cards.resign(cg["game"])
    assert error_code(cards) == "not_jayden"
    for c in (host, guest, watcher, stranger, cards):
        c.close()


def test_an_offer_shows_to_both_and_is_declined(server: ThreadServer) -> None:
    created, host, guest = seated(server)
    assert guest is not None
    host.offer_draw(created["game"])
    expect(host, "ack")
    seen = guest.wait_for(lambda m: m["type"] == "view" and m["draw_offer"] == 0)
    assert seen["status"] == "playing"
    guest.answer_draw(created["game"], False)
    assert expect(guest, "ack")["draw"] == "declined"
    after = host.wait_for(lambda m: m["type"] == "view" and m["draw_offer"] is None)
    assert after["status"] == "playing" and after["result"] is None
    host.close()
    guest.close()


def test_an_offer_lapses_when_the_opponent_acts_instead(server: ThreadServer) -> None:
    created, host, guest = seated(server)
    assert guest is not None
    guest.offer_draw(created["game"])                          # offered while Green (the host) is to act
    expect(guest, "ack")
    v = host.wait_for(lambda m: m["type"] == "view" and m["draw_offer"] == 1)
    host.send_action(v["legal"][0], v["ply"])
    expect(host, "ack")
    after = guest.wait_for(lambda m: m["type"] == "view" and m["ply"] == 1)
    assert after["draw_offer"] is None and after["status"] == "playing"
    host.answer_draw(created["game"], True)
    assert error_code(host) == "no_offer"                     # too late: it lapsed
    host.close()
    guest.close()


@pytest.mark.parametrize("how", ["draw", "resign"])
def test_an_agreed_draw_or_a_resignation_ends_the_game_and_survives_a_restart(tmp_path: Path, how: str) -> None:
    server = ThreadServer(tmp_path / "data", FAST)
    created, host, guest = seated(server)
    assert guest is not None
    if how == "draw":
        guest.offer_draw(created["game"])
        expect(guest, "ack")
        host.wait_for(lambda m: m["type"] == "view" and m["draw_offer"] == 1)
        host.answer_draw(created["game"], True)
        assert expect(host, "ack")["draw"] == "accepted"
        want = {"winner": None, "reason": "agreed_draw"}
    else:
        guest.resign(created["game"])
        assert expect(guest, "ack")["resigned"] is True
        want = {"winner": 0, "reason": "resigned"}
    for c in (host, guest):
        v = c.wait_for(lambda m: m["type"] == "view" and m["status"] == "over")
        assert v["result"] == want and v["draw_offer"] is None
    guest.resign(created["game"])
    assert error_code(guest) == "not_playing"                 # over: nothing more to give up
    host.close()
    guest.close()
    server.stop()
    store = Store(tmp_path / "data")
    stored = store.game(created["game"])
    assert stored is not None
    store.close()
    assert stored.status == "over" and stored.ending == ((1 if how == "resign" else None),
                                                        "resigned" if how == "resign" else "agreed_draw")
    again = ThreadServer(tmp_path / "data", FAST)
    try:
        watcher = client(again.url)
        watcher.join(created["code"], spectator=True)
        v = expect(watcher, "view")
        assert v["status"] == "over" and v["result"] == want
        watcher.close()
    finally:
        again.stop()


@pytest.mark.parametrize("level,taken", [("hard", False), ("easy", True)])
def test_a_computer_opponent_answers_a_draw_offer_as_offline(server: ThreadServer, level: str, taken: bool) -> None:
    """At the start nobody is behind: Hard plays on, Easy takes the draw (ai.jayden.player.accepts_draw)."""
    created, host, _ = seated(server, [{"kind": "human"}, {"kind": "computer", "level": level}])
    host.offer_draw(created["game"])
    expect(host, "ack")
    v = host.wait_for(lambda m: m["type"] == "view" and m["draw_offer"] is None, 60)
    if taken:
        assert v["status"] == "over" and v["result"] == {"winner": None, "reason": "agreed_draw"}
    else:
        assert v["status"] == "playing" and v["ply"] == 0
    host.close()
