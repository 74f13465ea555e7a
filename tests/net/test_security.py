"""Nothing hidden leaks: every message each seat (and a spectator) receives in random
hidden-hand card games is checked against what that seat may see; tokens guard the seats."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from jayden_jazz.cards import Game, Rules, get_field, load_packs, new_game
from jayden_jazz.net.server import default_pack_dirs
from jayden_jazz.net.store import Store

from .conftest import ThreadServer, client, create, expect, play_out

CATALOG, _ = load_packs([Path(d) for d in default_pack_dirs()])
IDS = sorted(CATALOG, key=len, reverse=True)
ID_RE = re.compile(r"(?<![A-Za-z0-9_/])(" + "|".join(re.escape(i) for i in IDS) + r")(?![A-Za-z0-9_])")


def card_ids(message: dict[str, Any]) -> set[str]:
    return set(ID_RE.findall(json.dumps(message)))


def rebuilt(data: Path, game_id: str) -> tuple[Game, list[tuple[int, str]], dict[int, list[str]]]:
    store = Store(data)
    g = store.game(game_id)
    assert g is not None
    store.close()
    rules = Rules.from_dict(g.setup["rules"])
    y, m = (int(x) for x in g.setup["date"].split("-"))
    hands = [] if rules.random else [g.hands[s] for s in range(len(g.seats))]
    game = new_game(CATALOG, get_field(g.setup["field"]), hands, rules, rng=random.Random(g.setup["seed"]),
                    date=(y, m), names=[s["name"] for s in g.seats], players=len(g.seats))
    return game, g.actions, g.hands


def seen_by(game: Game, viewer: int | None) -> set[str]:
    """Card ids ``viewer`` (None: a spectator) may see in this state, by the engine's own rules."""
    out = {c.id for c in (game.card_at(x) for x in game.field.cells) if c is not None}
    core = game.core
    for seat in range(game.players):
        for k, cid in enumerate(game.hand_ids(seat)):
            p = core.hands[seat][k]
            public = game.rules.open or p in core.shown or core.dealer[p] != seat
            if public or (viewer is not None and game.can_see_card(viewer, seat, k)):
                out.add(cid)
    return out


def allowed_by_ply(game: Game, actions: list[tuple[int, str]], viewer: int | None) -> list[set[str]]:
    """For each ply p: every card id ``viewer`` could have seen by then (a union: once seen, known)."""
    known = seen_by(game, viewer)
    out = [set(known)]
    for _seat, text in actions:
        action = game.parse_action(text)
        game.push(action)
        # the card played and a hand card swapped onto the field were seen by all, even if a
        # reset in the same turn sent them back to a hand
        known |= {action.card} | {t.split(":", 1)[1] for t in action.targets if t.startswith("hand:")}
        known |= seen_by(game, viewer)
        out.append(set(known))
    return out


def random_setup(rng: random.Random) -> tuple[dict[str, Any], int]:
    n = rng.choice((2, 3, 4))
    field = rng.choice(("3x3", "5x5")) if n == 2 else rng.choice(("5x5", "ring5", "diamond5"))
    rules: dict[str, Any] = {"preset": rng.choice(("updated", "draft")), "random": rng.random() < 0.6}
    for flag in ("three_open", "hand_swap", "chaos"):
        rules[flag] = rng.random() < 0.6
    if not any(rules[f] for f in ("three_open", "hand_swap", "chaos")):
        rules[rng.choice(("three_open", "hand_swap", "chaos"))] = True
    if rng.random() < 0.3:
        rules.update(same=True, plus=True, combo=True)
    return {"rules": rules, "field": field}, n


@pytest.mark.parametrize("seed", range(10))
def test_no_seat_ever_receives_another_seats_hidden_card(server: ThreadServer, seed: int) -> None:
    rng = random.Random(seed)
    setup, n = random_setup(rng)
    host = client(server.url)
    created = create(host, "cards", setup, [{"kind": "human"}] * n)
    host.close()
    players = [client(server.url, f"P{i}") for i in range(n)]
    watcher = client(server.url)
    watcher.join(created["code"], spectator=True)
    expect(watcher, "joined")
    received: list[list[dict[str, Any]]] = [[] for _ in range(n + 1)]
    for i, c in enumerate(players):
        c.join(created["game"], seat=i)
        received[i].append(expect(c, "joined"))
    if not setup["rules"]["random"]:
        for c in players:
            size = c.wait_for(lambda m: m["type"] == "view")["setup"]["hand_size"]
            c.choose_hand(rng.sample(sorted(CATALOG), size))
    everyone = players + [watcher]
    final = play_out(everyone, rng, on_message=lambda i, m: received[i].append(m))
    assert final["status"] == "over"
    for c in everyone:
        received[everyone.index(c)] += c.poll()
        c.close()
    _game, actions, hands = rebuilt(server.data, created["game"])
    for i in range(n + 1):
        viewer = i if i < n else None
        allowed = allowed_by_ply(rebuilt(server.data, created["game"])[0], actions, viewer)
        own_chosen = set(hands.get(i, [])) if viewer is not None else set()
        ply = 0
        assert received[i], "every seat hears from the server"
        for m in received[i]:
            ply = m.get("ply", ply) if isinstance(m.get("ply"), int) else ply
            leaked = card_ids(m) - allowed[min(ply, len(actions))] - own_chosen
            assert not leaked, f"seat {viewer} received {sorted(leaked)} in a {m['type']} at ply {ply}"
        views = [m for m in received[i] if m["type"] == "view" and m["board"]]
        assert views, "the game was seen"
        for v in views:     # a hidden card is a null slot, never a hint of it
            for seat, hand in enumerate(v["board"]["hands"]):
                if seat != viewer and not setup["rules"].get("open"):
                    assert all(x is None or x in allowed[v["ply"]] for x in hand)


def test_a_wrong_or_missing_token_cannot_act_or_read_a_hidden_hand(server: ThreadServer) -> None:
    host = client(server.url)
    created = create(host, "cards", {"rules": {"random": True}, "field": "3x3"}, [{"kind": "human"}] * 2)
    a, b = client(server.url), client(server.url)
    a.join(created["game"], seat=0)
    b.join(created["game"], seat=1)
    tokens = [expect(a, "joined")["token"], expect(b, "joined")["token"]]
    views = [c.wait_for(lambda m: m["type"] == "view" and m["status"] == "playing") for c in (a, b)]
    own = [set(x for x in v["board"]["hands"][i] if x) for i, v in enumerate(views)]
    assert all(len(h) == 5 for h in own)
    intruder = client(server.url)
    expect(intruder, "connection")
    intruder.send_action("default/fizzwick@a1", 0)                  # no join at all
    assert expect(intruder, "error")["code"] == "not_joined"
    intruder.join(created["game"], token=tokens[0][:-2] + "xx")      # a wrong token
    assert expect(intruder, "error")["code"] == "wrong_token"
    intruder.join(created["game"], seat=0, token=tokens[1])          # another seat's token for seat 0
    assert expect(intruder, "error")["code"] == "wrong_token"
    intruder.join(created["game"], seat=0)                           # no token: the seat is taken
    assert expect(intruder, "error")["code"] == "seat_taken"
    intruder.send_action("default/fizzwick@a1", 0)
    assert expect(intruder, "error")["code"] == "not_joined"
    intruder.join(created["game"], spectator=True)                   # a spectator sees no hand
    expect(intruder, "joined")
    view = expect(intruder, "view")
    assert view["you"] is None and view["legal"] == []
    assert all(x is None for hand in view["board"]["hands"] for x in hand)
    assert not (card_ids(view) & (own[0] | own[1]) - {c["card"] for c in view["board"]["cells"] if c})
    intruder.send_action(a.view["legal"][0] if a.view["legal"] else b.view["legal"][0], 0)
    assert expect(intruder, "error")["code"] == "spectator"
    # a seat may not act for the other: out of turn is refused with the engine's words
    mover, waiter = (a, b) if a.view["to_move"] == 0 else (b, a)
    waiter.send_action(mover.view["legal"][0], 0)
    refusal = expect(waiter, "error")
    assert refusal["code"] == "not_your_turn" and "turn" in refusal["message"]
    mover.send_action("default/fizzwick@z9", 0)
    illegal = expect(mover, "error")
    assert illegal["code"] == "illegal" and illegal["message"]
    assert mover.view["ply"] == 0
    for c in (host, a, b, intruder):
        c.close()
