"""The bit search while Turn effects last (ai/cards/bitwindow.py) against the search on the rules core.

A ``modify`` option played inside the bit search keeps its positions on the
packed board, with the effects carried beside it and the captures read
from the table of effective sides. ``Solver(bits=False)`` plays the same
positions on the rules core (its own effects, expiry and capture steps).
On random positions four to seven cells before the end, under every rule
set, both must give every root move the same win/draw/loss; and the window
must really have been searched, with effects stacked on each other too,
or the test could not tell a wrong window from a good one.
"""

from __future__ import annotations

import pytest

from jayden_jazz.ai.cards import bitwindow
from jayden_jazz.ai.cards.solver import Solver
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


def test_a_card_swapped_off_the_field_takes_its_effect_with_it(cat, monkeypatch):  # noqa: F811
    """Same + Plus + Combo positions (found by a search of seeds) where a card is swapped off
    the field while its own or its neighbours' effect is in force."""
    gone = [0]
    option = bitwindow.BitWindow._option

    def counted(self, p, c, opt, *rest):
        effects = rest[-3]
        if opt[1] == "swap":
            r = self.bits.cellp[opt[2][0]]
            gone[0] += any(e.piece == r and e.ability.target in ("self", "neighbours") for e in effects)
        return option(self, p, c, opt, *rest)

    monkeypatch.setattr(bitwindow.BitWindow, "_option", counted)
    for seed in (7069, 7075, 7171, 7187, 7340, 7387):
        for g in late_positions(cat, dict(same=True, plus=True, combo=True), 3, seed, spread=3):
            _same_values(g)
    assert gone[0] >= 6
