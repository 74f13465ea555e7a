"""The bit search while Turn effects last (ai/cards/bitwindow.py) against the search on the rules core.

A ``modify`` option played inside the bit search keeps its positions on the
packed board, with the effects carried beside it and the captures read
from the table of effective sides. ``Solver(bits=False)`` plays the same
positions on the rules core (its own effects, expiry and capture steps).
On random positions four to seven cells before the end, under every rule
set, both must give every root move the same win/draw/loss; and the window
must really have been searched, with effects stacked on each other too,
or the test could not tell a wrong window from a good one. A card swapped
off the field takes its neighbours effect with it: no random position was
found where that decides a value, so one is built by hand, and the core's
own ruling on it is checked on the game itself (two searches that both
kept the effect would agree).
"""

from __future__ import annotations

import pytest

from jayden_jazz.ai.cards import bitwindow
from jayden_jazz.ai.cards.solver import LOSS, WIN, Solver
from jayden_jazz.cards import Game
from tests.ai.test_cards_wdl_bits import RULE_SETS, cat  # noqa: F401  (cat: the fixture)
from tests.ai.test_cards_wdl_root import late_positions

PER_SET = 8


@pytest.fixture
def windows(monkeypatch):
    """Counts of the window's positions: [all, with two or more effects in force]."""
    seen = [0, 0]
    search = bitwindow.BitWindow.search

    def counted(self, occ, m0, h0, h1, z, turn, effects, alpha, beta):
        if effects:
            seen[0] += 1
            if len(effects) >= 2:
                seen[1] += 1
        return search(self, occ, m0, h0, h1, z, turn, effects, alpha, beta)

    monkeypatch.setattr(bitwindow.BitWindow, "search", counted)
    return seen


def _same_values(g) -> set[int]:
    slow = Solver(g.core.copy(), bits=False)
    fast = Solver(g.core.copy())
    got = set()
    for m in slow.root_moves():
        v = slow.child_value(m)
        assert fast.child_value(m) == v, (g.position(), m)
        got.add(v)
    assert slow.bits.nodes == 0
    return got


@pytest.mark.parametrize("opts", RULE_SETS, ids=lambda o: "+".join(f"{k}" if v is True else f"{k}={v}"
                                                                    for k, v in o.items()) or "base")
def test_the_window_values_every_move_as_the_core_search_does(cat, opts, windows):  # noqa: F811
    seen: set[int] = set()
    for g in late_positions(cat, opts, PER_SET, 4100 + 37 * RULE_SETS.index(opts), spread=4):   # 3 to 6 empty cells
        seen |= _same_values(g)
    assert len(seen) >= 2
    if not opts.get("pure") and not opts.get("sudden_death"):
        assert windows[0] > 0, "no Turn effect was searched in the window"
    else:
        assert windows[0] == 0                          # abilities off: no effect anywhere


def test_stacked_effects_and_longer_windows(cat, windows):  # noqa: F811
    """Seven empty cells under Same + Plus + Combo and the base rule: long enough
    for an effect to start while another is in force."""
    checked = 0
    for opts in (dict(same=True, plus=True, combo=True), dict()):
        for g in late_positions(cat, opts, 12, 5300 + len(opts), spread=6):
            if g.core.empty == 7:
                _same_values(g)
                checked += 1
    assert checked >= 3
    assert windows[1] > 0, windows


def _count_swaps(monkeypatch, targets: tuple[str, ...]) -> list[int]:
    """A counter the window adds to each time it swaps a card off the field while an effect of one of
    ``targets`` that the card started is in force (so a test knows the case it is about was searched)."""
    gone = [0]
    option = bitwindow.BitWindow._option

    def counted(self, p, c, opt, *rest):
        effects = rest[-3]
        if opt[1] == "swap":
            r = self.bits.cellp[opt[2][0]]
            gone[0] += any(e.piece == r and e.ability.target in targets for e in effects)
        return option(self, p, c, opt, *rest)

    monkeypatch.setattr(bitwindow.BitWindow, "_option", counted)
    return gone


def test_a_card_swapped_off_the_field_takes_its_effect_with_it(cat, monkeypatch):  # noqa: F811
    """Same + Plus + Combo positions (found by a search of seeds) where a card is swapped off
    the field while its own or its neighbours' effect is in force."""
    gone = _count_swaps(monkeypatch, ("self", "neighbours"))
    for seed in (7075, 7171, 7187, 7387, 7394, 7427):   # (searched again after the move-order round)
        for g in late_positions(cat, dict(same=True, plus=True, combo=True), 3, seed, spread=3):
            _same_values(g)
    assert gone[0] >= 6


# ---------------------------------------------------------------- a swap that takes a neighbours effect away

# Built by hand (a1 b1 c1 / a2 b2 c2 / a3 b3 c3), seat 1 to move, four cells empty. The line
# that matters: seat 1 plays Strafe on c2 (it takes nothing: its bottom 4 against Quillstorm's
# top A). Seat 0 has Hugsworth and Zoomie; every move loses but Hugsworth on b1, taking Pillar
# and Bracketeer, with Group Hug (+2 to every card next to b1, Zoomie on b2 included). Seat 1
# answers with Nitpick on b3 (taking Grindstone and Quillstorm) and its swap: Hugsworth off b1
# for Mid Tier Milo. With Hugsworth gone its effect is gone, Zoomie's right 9 only ties Strafe's
# left 9 and seat 0 ends 4-5; were the effect kept, Zoomie's 11 would take Strafe and seat 0
# would win 5-4. So this line decides Strafe on c2: a win for seat 1, and a loss for it in a
# search that keeps the swapped card's effect. (A `self` effect cannot tell: its card is the
# only one it touches, and that card is in a hand now. Hence a `neighbours` card.)
SWAP_POSITION = (
    "jazz1 field=3x3:###/###/### rules={rules} date=2026-11 seats=2 move=1 reset=0 end=- "
    "cells=1:default/pillar.1,-,1:default/bracketeer.1,1:default/brickmason.0,-,-,"
    "0:default/grindstone.0,-,0:default/quillstorm.0 "
    "hands=default/hugsworth.0,default/zoomie.0|default/mid_tier_milo.1,default/nitpick.1,default/strafe.1 "
    "effects=-")
SWAP_LINE = ("default/strafe@c2", "default/hugsworth@b1!1", "default/nitpick@b3!1>b1>hand:default/mid_tier_milo")
# the base rule's comparison (TurnValues.captures in the window) and Same (ClassicTable's)
SWAP_RULES = ("higher:0:open", "higher:0:open:same")


@pytest.mark.parametrize("rules", SWAP_RULES)
def test_the_rules_core_ends_the_effect_of_a_card_swapped_off_the_field(cat, rules):  # noqa: F811
    """The core's own ruling on the hand-built line (docs/rules/cards.md, Turn effects: an
    effect on the played card or its neighbours ends early when the played card leaves the
    field), checked on the game itself, not against another search."""
    g = Game.from_position(SWAP_POSITION.format(rules=rules), cat)
    g.push(g.parse_action(SWAP_LINE[0]))
    g.push(g.parse_action(SWAP_LINE[1]))
    assert [(e.card.id, e.cell) for e in g.effects()] == [("default/hugsworth", "b1")]
    assert g.owner_at("a1") == g.owner_at("c1") == 0
    assert g.effective_sides("c1") == (9, 9, 9, 5)                 # Bracketeer 7 7 7 3, +2 beside b1
    g.push(g.parse_action(SWAP_LINE[2]))
    assert g.card_at("b1").id == "default/mid_tier_milo" and g.owner_at("b1") == 1
    assert "default/hugsworth" in g.hand_ids(1)
    assert g.effects() == ()                                        # Hugsworth took Group Hug with it
    assert g.effective_sides("c1") == (7, 7, 7, 3)
    assert g.captures_if("default/zoomie", "b2") == ["b3"]          # not Strafe on c2: 9 against 9
    g.push(g.parse_action("default/zoomie@b2"))
    assert g.owner_at("c2") == 1
    assert g.result().winners == (1,) and g.scores() == (4, 5)


@pytest.mark.parametrize("rules", SWAP_RULES)
def test_the_window_takes_a_swapped_cards_neighbours_effect_away(cat, rules, monkeypatch):  # noqa: F811
    """Every root move of the hand-built position valued by the window as by the core search,
    Strafe on c2 a win for seat 1 (the line above), and the swap with the effect it ends
    really met in the window."""
    gone = _count_swaps(monkeypatch, ("neighbours",))
    g = Game.from_position(SWAP_POSITION.format(rules=rules), cat)
    slow = Solver(g.core.copy(), bits=False)
    fast = Solver(g.core.copy())
    values = {}
    for m in slow.root_moves():
        values[str(g.action_of(m))] = v = slow.child_value(m)
        assert fast.child_value(m) == v, g.action_of(m)
    assert values[SWAP_LINE[0]] == WIN
    assert LOSS in values.values()                                   # not one value everywhere
    assert slow.bits.nodes == 0 and fast.bits.nodes > 0
    assert gone[0] > 0, "the swap did not happen in the window"
