"""Game.play reports what an action did, in the order the table shows it."""

from __future__ import annotations

import random

import pytest

from cards_helpers import card, fillers, game
from test_cards_abilities import W, ab, attacker, base_game
from jayden_jazz.cards import Action, Card, IllegalActionError
from jayden_jazz.cards import events as ev


def kinds(report: ev.Report) -> list[str]:
    return [type(e).__name__ for e in report.events]


def test_a_capture_is_reported_after_the_placement_with_its_cause():
    g = base_game(attacker())
    r = g.play(Action.parse("t/att@b1"))
    assert kinds(r) == ["Placed", "Captured", "Captured"]
    assert r.events[0] == ev.Placed(1, "t/att", "b1")
    assert sorted((c.cell, c.card, c.seat, c.old_owner, c.cause) for c in r.captures) == [
        ("a1", "t/w1", 1, 0, "higher"), ("c1", "t/w2", 1, 0, "higher")]
    assert r.seat == 1 and g.owner_at("a1") == 1


def test_play_raises_and_leaves_the_game_unchanged_on_an_illegal_action():
    g = base_game(attacker())
    pos = g.position()
    with pytest.raises(IllegalActionError):
        g.play(Action.parse("t/att@a1"))
    with pytest.raises(IllegalActionError):
        g.play(Action.parse("t/att@b2!1"))
    assert g.position() == pos


def test_gain_control_is_reported_after_the_ability():
    g = base_game(attacker(ab("gain_control")), extra_cells={"b3": "0:t/w6"})
    r = g.play(Action.parse("t/att@b1!1>b3"))
    assert kinds(r) == ["Placed", "Captured", "Captured", "AbilityUsed", "ControlGained"]
    assert r.events[-1] == ev.ControlGained("b3", "t/w6", 1, 0)
    assert r.events[3].effect == "gain_control" and r.events[3].targets == ("b3",)


def test_swap_reports_both_cards_and_the_effect_that_left_the_field():
    strong = Card.from_sides("t/strong", "9999")
    z = card("t/z", "1111", [ab("modify", target="self", amount=1, cost=1)])
    g = base_game(attacker(ab("swap", cost=5)), cards=(strong, z), hand1=("t/s2", "t/strong"),
                  extra_cells={"a3": "0:t/z", "b3": "0:t/w6"}, effects=["0:t/z.0!1@a3~2"])
    r = g.play(Action.parse("t/att@b1!1>a3>hand:t/strong"))
    assert ev.Swapped("a3", "t/z", "t/strong", 1, 0) in r.events
    ended = [e for e in r.events if isinstance(e, ev.EffectEnded)]
    assert [(e.card, e.cell) for e in ended] == [("t/z", "a3")]


def test_modify_reports_the_new_effect_and_later_its_end():
    g = base_game(attacker(ab("modify", target="self", amount=1, cost=1)))
    r = g.play(Action.parse("t/att@b1!1"))
    started = [e for e in r.events if isinstance(e, ev.EffectStarted)]
    assert len(started) == 1 and started[0].card == "t/att" and started[0].turns == 2
    free = iter(g.free_cells())
    ends = []
    while not g.is_over() and not ends:
        rep = g.play(Action(g.hand_ids(g.to_move)[0], next(free)))
        ends = [e for e in rep.events if isinstance(e, ev.EffectEnded)]
    assert ends and ends[0].card == "t/att" and ends[0].seat == 1


def test_reset_and_win_are_reported():
    att = attacker(ab("reset"))
    f = fillers(8)
    ids = [c.id for c in f]
    g = game([att, *f, *W], [["t/w1", "t/w2"] + ids[:3], ["t/att"] + ids[3:7]], first=0)
    for a in ("t/w1@a1", "t/f3@c3", "t/w2@c1", "t/f4@b3", "t/f0@a3"):
        g.play(Action.parse(a))
    assert ev.FieldReset(1) in g.play(Action.parse("t/att@b1!1")).events
    w = base_game(attacker(ab("win")))
    r = w.play(Action.parse("t/att@b1!1"))
    assert isinstance(r.events[-1], ev.GameEnded) and r.ended.result.winners == (1,)


def test_a_seat_without_cards_is_reported_skipped():
    cards = fillers(25)
    ids = [c.id for c in cards]
    g = game(cards, [ids[0:12], ids[12:13], ids[13:25]], field="5x5", first=1, custom=True)
    r = g.play(Action(ids[12], "b2"))         # seat 1 plays its only card
    assert not any(isinstance(e, ev.SeatSkipped) for e in r.events)
    g.play(Action(ids[13], "a1"))             # seat 2, then seat 0
    r = g.play(Action(ids[0], "e5"))          # seat 0; seat 1 has no card: skipped
    assert r.events[-1] == ev.SeatSkipped(1) and g.to_move == 2


def test_reports_match_push_over_random_games():
    from jayden_jazz.cards import get_field, new_game
    rng = random.Random(7)
    for field, players in (("3x3", 2), ("5x5", 3), ("5x5", 4)):
        from cards_helpers import catalog
        cards = [Card.from_sides(f"t/r{i}", "".join(rng.choice("123456789A") for _ in range(4)))
                 for i in range(40)]
        ids = [c.id for c in cards]
        f = get_field(field)
        size = -(-len(f.cells) // players)
        hands = [ids[i * size:(i + 1) * size] for i in range(players)]
        g = new_game(catalog(*cards), f, hands, first_seat=0, date=(2026, 11))
        shadow = g.clone()
        while not g.is_over():
            a = rng.choice(g.legal_actions())
            owners = {f.name_of(c): shadow.owner_at(f.name_of(c)) for c in f.cells}
            r = g.play(a)
            shadow.push(a)
            assert g.position() == shadow.position()
            flipped = {f.name_of(c) for c in f.cells
                       if owners[f.name_of(c)] is not None and owners[f.name_of(c)] != shadow.owner_at(f.name_of(c))}
            assert {c.cell for c in r.captures} == flipped
        assert r.ended is not None and r.ended.result == g.result()
