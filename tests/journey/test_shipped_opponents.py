"""The shipped Journey: its opponents load without a problem and climb from plain rules to hard ones."""
# rule: cards.md#journey cards.md#collection

from __future__ import annotations

from pathlib import Path

from jayden_jazz.cards import load_packs
from jayden_jazz.cards.opponents import LEVELS, TRADES
from jayden_jazz.cards.rules import CLASSIC
from jayden_jazz.journey.match import hand_size, prepare

ROOT = Path(__file__).resolve().parents[2]
CATALOG, PROBLEMS = load_packs([ROOT / "cards" / "default"])
SHIPPED = {k: o for k, o in CATALOG.opponents.items() if k.startswith("default/")}


def test_the_shipped_opponents_load_without_a_problem():
    assert [str(p) for p in PROBLEMS] == []
    assert len(SHIPPED) >= 15


def test_the_journey_starts_easy_and_plain_and_ends_hard_with_every_rule():
    by_tier = sorted(SHIPPED.values(), key=lambda o: o.tier)
    first = [o for o in by_tier if o.tier == 1]
    assert first and all(o.level == "easy" and not o.requires for o in first)
    assert all(rs.classic == () and rs.field == "3x3" for o in first for rs in o.rule_sets)
    assert any(o.level == "hard" for o in by_tier if o.tier == max(x.tier for x in by_tier))
    tiers = sorted({o.tier for o in by_tier})
    lowest = [min(LEVELS.index(o.level) for o in by_tier if o.tier == t) for t in tiers]
    highest = [max(LEVELS.index(o.level) for o in by_tier if o.tier == t) for t in tiers]
    assert lowest == sorted(lowest) and highest == sorted(highest)   # never easier further in
    seen: set[str] = set()
    for tier in sorted({o.tier for o in by_tier}):
        new = {r for o in by_tier if o.tier == tier for rs in o.rule_sets for r in rs.classic} - seen
        if tier <= 6:
            assert len(new) <= 2, (tier, new)                  # one rule at a time, an opponent each
        seen |= new
    assert seen == set(CLASSIC)                                 # every classic rule is met somewhere
    assert {o.trade for o in by_tier} == set(TRADES)
    assert any(o.roulette for o in by_tier) and any(rs.field == "5x5" for o in by_tier for rs in o.rule_sets)


def test_every_opponent_is_reached_from_the_first_tier_and_requires_only_earlier_ones():
    for o in SHIPPED.values():
        for r in o.requires:
            assert SHIPPED[r].tier < o.tier, (o.id, r)
    reached = {k for k, o in SHIPPED.items() if not o.requires}
    while True:
        more = {k for k, o in SHIPPED.items() if k not in reached and set(o.requires) <= reached}
        if not more:
            break
        reached |= more
    assert reached == set(SHIPPED)


def test_a_new_profile_can_build_a_hand_for_every_first_opponent():
    starter = CATALOG.starter()
    assert starter and all(cid.startswith("default/") for cid in starter)
    for o in SHIPPED.values():
        if o.tier == 1:
            assert len(starter) >= hand_size(prepare(o, 1))
    for o in SHIPPED.values():
        for c, _ in o.rewards:
            assert c in CATALOG
