"""The mirror of a card game one seat may see (tables/cards/mirror.py), against the real game.

Whole games are played on the engine with the shipped default pack (its
abilities include swaps and a reset) under hidden hands and every hand
rule; each seat's view is built as the server builds it (net/views.py).
Every seat's mirror -- built before the first card and, for a game taken up
again, from the view at a ply along the way -- follows the game action by
action the way the online table does (the card played is revealed first,
the Chaos draw comes from the view), and after every action it must hold
the same field, the same hand sizes, the same cards face up where the
view shows them (with the same dealers), no stand-in face up, and only
card ids the views sent.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from jayden_jazz.cards import Game, Rules, load_packs, new_game
from jayden_jazz.net.games import fields
from jayden_jazz.net.views import cards_view, event_data, field_pieces, placed_details
from jayden_jazz.net.server import default_pack_dirs
from jayden_jazz.tables.cards import mirror

CATALOG: list = []


def catalog():
    if not CATALOG:
        CATALOG.append(load_packs([Path(d) for d in default_pack_dirs()])[0])
    return CATALOG[0]


def view_for(game: Game, log: list, seat: int, rules: dict) -> dict:
    over = game.is_over()
    v = cards_view(game, log, seat, None if over else game.to_move, lambda: [])
    v.update(setup={"rules": rules, "field": {"name": game.field.name}, "players": game.players,
                    "date": "2026-11"}, seats=[{"name": f"P{s + 1}"} for s in range(game.players)],
             to_move=None if over else game.to_move, ply=game.ply, status="over" if over else "playing", you=seat)
    return v


def sent_ids(v: dict) -> set[str]:
    b = v["board"]
    ids = {c for h in b["hands"] for c in h if c} | {x["card"] for x in b["cells"] if x}
    for e in v["log"]:
        ids |= {str(c) for c in [e.get("card"), e.get("to_hand"), e.get("to_field"), *(e.get("cards") or ())] if c}
    return ids


def same_as_view(m: Game, real: Game, v: dict, seat: int, sent: set[str]) -> None:
    assert m.to_move == real.to_move and m.is_over() == real.is_over() and m.reset_used == real.reset_used
    for c in real.field.cells:
        a, b = real.card_at(c), m.card_at(c)
        assert (a and a.id, real.owner_at(c), real.dealer_at(c)) == (b and b.id, m.owner_at(c), m.dealer_at(c))
    assert [(e.seat, e.card.id, e.number, e.cell, e.turns_left) for e in m.effects()] == \
        [(e.seat, e.card.id, e.number, e.cell, e.turns_left) for e in real.effects()]
    for s in range(real.players):
        ids = m.hand_ids(s)
        assert len(ids) == len(v["board"]["hands"][s])
        seen = sorted((cid, m.core.dealer[p]) for i, (cid, p) in enumerate(zip(ids, m.core.hands[s]))
                      if m.can_see_card(seat, s, i))
        there = sorted((c, d) for c, d in zip(v["board"]["hands"][s], v["board"]["dealers"][s]) if c is not None)
        assert seen == there, (s, seen, there)          # the same cards face up (any place: a hand has no order)
        assert not any(mirror.is_standin(c) for c, _ in seen)
        if real.rules.order:                             # ... except under Order, where the places are the rule
            assert [c if m.can_see_card(seat, s, i) else None for i, c in enumerate(ids)] == v["board"]["hands"][s]
    assert mirror.seen_ids(m) <= sent
    if real.rules.open:                                  # Open: every card is sent, no stand-in at all
        assert [sorted(m.hand_ids(s)) for s in range(m.players)] == [sorted(real.hand_ids(s)) for s in range(m.players)]
    if real.rules.chaos and not real.is_over() and real.to_move == seat:
        assert m.drawn_card == real.drawn_card


RULES = [
    {"preset": "updated", "random": True, "three_open": True, "hand_swap": True},
    {"preset": "draft", "random": True, "chaos": True, "hand_swap": True},
    {"preset": "updated", "random": True, "order": True, "three_open": True, "same": True, "plus": True},
    {"preset": "updated", "random": True, "chaos": True, "three_open": True, "combo": True, "same": True},
    {"preset": "updated", "random": True, "open": True, "chaos": True, "hand_swap": True},
]


def follow(game: Game, rd: dict, rng: random.Random, abilities: float = 0.0) -> tuple[int, int]:
    """Play ``game`` to its end with random legal actions (an ability one with chance ``abilities``
    when there is one), every seat's mirrors following; the swaps and resets seen."""
    cat = catalog()
    players = game.players
    swaps = resets = 0
    log = [event_data(e) for e in game.setup_events()]
    mirrors = {}
    sent = {s: sent_ids(view_for(game, log, s, rd)) for s in range(players)}
    for s in range(players):
        m, stand, base = mirror.mirror_game(view_for(game, log, s, rd), cat, fields())
        mirrors[s] = [(m, stand, base)]
    later = rng.randrange(1, game.field.playable_count - 1)       # every seat also takes the game up again here
    while not game.is_over():
        if game.ply == later or (resets and game.ply == later + 1):
            for s in range(players):
                v = view_for(game, log, s, rd)
                m, stand, base = mirror.mirror_game(v, cat, fields())
                assert base == game.ply and m.setup is None
                same_as_view(m, game, v, s, sent[s])
                mirrors[s].append((m, stand, base))
        legal = game.legal_actions()
        special = [a for a in legal if a.ability is not None]
        resetting = [a for a in special if game.core.cards[game._piece(a.card)].abilities[a.ability - 1].effect == "reset"]
        action = rng.choice(resetting or special if special and rng.random() < abilities else legal)
        mover = game.to_move
        dealer = game.core.dealer[game._piece(action.card)]      # as the server's log says it
        cells = field_pieces(game)
        report = game.play(action)
        swaps += any(type(e).__name__ == "Swapped" for e in report.events)
        resets += any(type(e).__name__ == "FieldReset" for e in report.events)
        events = [event_data(e) for e in report.events]
        placed_details(game, events, dealer, cells)
        log += events
        played = mirror.actions_in(log)[-1]
        assert (played.seat, played.action, played.dealer) == (mover, action, dealer)
        for s in range(players):
            v = view_for(game, log, s, rd)
            sent[s] |= sent_ids(v)
            for m, stand, base in mirrors[s]:
                if mover != s:
                    mirror.reveal(m, played, stand.catalog)
                m.play(action)
                mirror.set_draw(m, v, base + len(m.history))
                same_as_view(m, game, v, s, sent[s])
    for s in range(players):
        for m, _, _ in mirrors[s]:
            res, mine = game.result(), m.result()
            assert res is not None and mine is not None and mine.scores == res.scores
    return swaps, resets


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("rules_i", range(len(RULES)))
def test_every_seats_mirror_follows_whole_games_and_shows_only_what_the_view_shows(players, rules_i):
    for seed in range(6):
        rng = random.Random(seed * 31 + players * 7 + rules_i)
        rules = Rules.from_dict(dict(RULES[rules_i]))
        fld = fields()["3x3" if players == 2 else "5x5"]
        game = new_game(catalog(), fld, [], rules, rng=rng, date=(2026, 11), players=players)
        follow(game, rules.to_dict(), rng)


SPECIAL = ["example/do_over", "default/rebootica", "default/tilejack", "example/card_sharp", "default/nitpick",
           "default/swapmeet_sal", "default/recompile"]


@pytest.mark.parametrize("rules_i", range(len(RULES)))
def test_the_mirrors_follow_swaps_and_resets_of_hidden_cards(rules_i):
    """Hands full of swap and reset cards, their abilities used whenever they are on offer."""
    cat = catalog()
    others = [c for c in sorted(cat) if c not in SPECIAL]
    seen = [0, 0]
    for seed in range(16):
        rng = random.Random(seed + 100 * rules_i)
        players = 2 + seed % 3
        fld = fields()["3x3" if players == 2 else "5x5"]
        data = {k: v for k, v in RULES[rules_i].items() if k != "random"}
        rules = Rules.from_dict(data)
        size = rules.hand_size(fld.playable_count, players)
        hands = [rng.sample(SPECIAL, min(size - 1, len(SPECIAL))) for _ in range(players)]
        hands = [h + rng.sample([c for c in others if c not in h], size - len(h)) for h in hands]
        for h in hands:
            rng.shuffle(h)
        game = new_game(cat, fld, hands, rules, rng=rng, date=(2026, 11), players=players)
        swaps, resets = follow(game, rules.to_dict(), rng, abilities=0.9)
        seen[0] += swaps
        seen[1] += resets
    assert seen[0] >= 3 and seen[1] >= 1, seen          # the cases this test is for did happen


def test_stand_ins_are_no_cards_of_any_pack_and_never_face_up_at_the_start():
    cat = catalog()
    rules = Rules.from_dict({"preset": "updated", "random": True, "three_open": True, "hand_swap": True})
    game = new_game(cat, fields()["3x3"], [], rules, rng=random.Random(5), date=(2026, 11), players=2)
    log = [event_data(e) for e in game.setup_events()]
    m, stand, base = mirror.mirror_game(view_for(game, log, 0, rules.to_dict()), cat, fields())
    assert base == 0 and m.setup is not None and m.setup.hand_swap == game.setup.hand_swap
    assert m.shown_cards(1) == game.shown_cards(1) and len(m.shown_cards(1)) == 3
    hidden = [cid for cid in m.hand_ids(1) if mirror.is_standin(cid)]
    known = set(game.shown_cards(1)) | {game.setup.hand_swap[0]}       # shown, or given by seat 0
    assert len(hidden) == 5 - len(known) >= 1
    assert all(cid not in cat for cid in hidden) and set(hidden) <= set(stand.catalog)
    assert list(m.hand_ids(0)) == list(game.hand_ids(0))
    assert not any(mirror.is_standin(c) for info in stand.catalog.packs.values() for c in info.card_ids)
