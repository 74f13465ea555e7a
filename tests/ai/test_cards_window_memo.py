"""The window's placements under Turn effects, read from its memo, against the captures judged afresh.

While Turn effects last the bit search's window (``ai/cards/bitwindow.py``)
keeps the captures of a placement that starts no Combo chain under (piece,
cell, mover, the pieces and owners beside the cell), per table of effective
values, and reads them back for later positions. Every list of placements it
makes in a search is checked here against :meth:`~.classic_table.ClassicTable.captured`
on the same board with the same values -- a key missing the owners or the
chain's exception gives another position's captures and fails it (the mover
is in the key too, though random games cannot tell: a piece is in one
seat's hand until a swap) -- and the memo must really have answered, and
Combo chains really have been judged afresh, or the test could not tell.
"""

from __future__ import annotations

import pytest

from jayden_jazz.ai.cards import bitwindow
from jayden_jazz.cards.classic_table import members
from jayden_jazz.ai.cards.solver import Solver
from jayden_jazz.cards.classic_table import STARTS_COMBO
from tests.ai.test_cards_wdl_bits import RULE_SETS, cat  # noqa: F401  (cat: the fixture)
from tests.ai.test_cards_wdl_root import late_positions

# the rule sets with Turn effects (abilities on) whose captures the window judges with the
# classic steps' table (the base comparison alone, Reverse and Fallen Ace included, is read
# from the values directly and kept in no memo)
WITH_EFFECTS = [o for o in RULE_SETS if not o.get("pure") and not o.get("sudden_death")
                and any(o.get(k) for k in ("same", "same_wall", "plus", "elemental"))]


def afresh(window, occ: int, m0: int, hand: int, turn: int, effects) -> tuple[set, int]:
    """The placements judged one by one without the memo, and how many start a Combo chain."""
    bits = window.bits
    table = window.table
    under = window.turn_values.under(effects)
    owner = [-1 if not occ >> x & 1 else 0 if m0 >> x & 1 else 1 for x in range(bits.size)]
    out = set()
    chains = 0
    for c in members(bits.full & ~occ):
        for p in members(hand):
            got, why = table.captured(bits.cellp, owner, p, c, turn, under)
            chains += table.combo and any(w in STARTS_COMBO for w in why)
            out.add((len(got), p, c, sum(1 << x for x in got)))
    return out, chains


@pytest.mark.parametrize("opts", WITH_EFFECTS, ids=lambda o: "+".join(f"{k}" if v is True else f"{k}={v}"
                                                                       for k, v in o.items()) or "base")
def test_the_window_reads_from_its_memo_what_it_would_judge_afresh(cat, opts, monkeypatch):  # noqa: F811
    made = bitwindow.BitWindow.placements
    seen = {"lists": 0, "placements": 0, "chains": 0, "kept": 0}

    def checked(self, occ, m0, hand, turn, effects):
        kids = made(self, occ, m0, hand, turn, effects)
        if self.table is not None:
            want, chains = afresh(self, occ, m0, hand, turn, effects)
            assert set(kids) == want, (occ, m0, hand, turn, effects)
            seen["lists"] += 1
            seen["placements"] += len(kids)
            seen["chains"] += chains
        return kids

    monkeypatch.setattr(bitwindow.BitWindow, "placements", checked)
    for g in late_positions(cat, opts, 6, 4400 + 41 * RULE_SETS.index(opts), spread=4):
        solver = Solver(g.core.copy())
        for m in solver.root_moves():
            solver.child_value(m)
        seen["kept"] += solver.bits.window.kept
    assert seen["lists"] > 0, "no placement was listed under a Turn effect"
    # the memo answered: fewer placements judged (and kept) than listed
    assert seen["kept"] < seen["placements"], seen
    if opts.get("combo"):
        assert seen["chains"] > 0, seen


def test_the_memo_starts_afresh_at_its_bounds_and_still_answers_right(cat, monkeypatch):  # noqa: F811
    """With room for a few entries and two tables of values the memo is cleared again and
    again during the search; what it answers must not change, and it must stay that small."""
    monkeypatch.setattr(bitwindow, "_KEPT", 8)
    monkeypatch.setattr(bitwindow, "_TABLES", 2)
    made = bitwindow.BitWindow.placements
    seen = {"lists": 0, "most": 0, "tables": 0}

    def checked(self, occ, m0, hand, turn, effects):
        kids = made(self, occ, m0, hand, turn, effects)
        want, _ = afresh(self, occ, m0, hand, turn, effects)
        assert set(kids) == want
        seen["lists"] += 1
        seen["most"] = max(seen["most"], self.kept)
        seen["tables"] = max(seen["tables"], len(self.memos))
        return kids

    monkeypatch.setattr(bitwindow.BitWindow, "placements", checked)
    opts = dict(same=True, plus=True, combo=True)
    for g in late_positions(cat, opts, 6, 4477, spread=4):
        solver = Solver(g.core.copy())
        for m in solver.root_moves():
            solver.child_value(m)
    assert seen["lists"] > 20, seen
    # one list's placements at most beyond the bound, and never more than two tables
    assert 8 <= seen["most"] < 8 + 5 * 9, seen
    assert seen["tables"] == 2, seen
