"""The last placements settled by counting alone, against the search on the rules core.

The ability search values a last placement without judging its captures when
the count settles it (:meth:`~jayden_jazz.ai.cards.bits.BitSolver._last`, the
reply written out in ``_two``, and the last cell under a Turn effect in
:mod:`~jayden_jazz.ai.cards.bitwindow`): the mover's own card already gives it
more than half the field, or all it could take -- the opponent's cards its
cell touches, any of them under Combo -- is not enough and no card of its
hand has an ability. On random 3x3 positions two and three cells before the
end, under every rule set, ``Solver(bits=False)`` (the rules core, none of
these shortcuts) must give every root move the same win/draw/loss, in the
full window and in the null windows of the root's first pass; and both kinds
of settled position must really have been met, or a wrong shortcut could
pass unseen.
"""

from __future__ import annotations

import pytest

from jayden_jazz.ai.cards.solver import DRAW, WIN, Solver
from tests.ai.test_cards_wdl_bits import RULE_SETS, cat  # noqa: F401  (cat: the fixture)
from tests.ai.late_games import played_to

PER_SET = 12


def last_positions(cat, opts: dict, count: int, seed: int):
    """``count`` random open 3x3 positions with two or three empty cells, no reset left."""
    return (g for g, _rng in played_to(cat, opts, count, seed, lambda made: 2 + made % 2))


def settled(st, seat: int, combo: bool) -> str:
    """How the last placement of ``seat`` is settled by counting (the shortcut's own test,
    made here from the core): "won", "lost" or "" (its captures must be judged)."""
    free = [c for c in st.play_cells if st.cell[c] < 0]
    if len(free) != 1 or not st.hands[seat]:
        return ""
    filled = [c for c in st.play_cells if st.cell[c] >= 0]
    mine = sum(1 for c in filled if st.owner[c] == seat) + 1
    k0 = 2 * mine - (len(filled) + 1)
    if k0 > 0:
        return "won"
    near = {n for _, n, _ in st.judge.adj[free[0]]}
    reach = [c for c in filled if st.owner[c] != seat and (combo or c in near)]
    abilities = any(st.cards[p].abilities for p in st.hands[seat]) and st.abilities_on
    if k0 + 2 * len(reach) < 0 and not abilities:
        return "lost"
    return ""


@pytest.mark.parametrize("opts", RULE_SETS, ids=lambda o: "+".join(f"{k}" if v is True else f"{k}={v}"
                                                                    for k, v in o.items()) or "base")
def test_last_placements_settled_by_counting_are_valued_as_the_core_search_does(cat, opts):
    seen: set[int] = set()
    kinds = {"won": 0, "lost": 0, "": 0}
    for g in last_positions(cat, opts, PER_SET, 4141 + 37 * RULE_SETS.index(opts)):
        slow = Solver(g.core.copy(), bits=False)
        want = {m: slow.child_value(m) for m in slow.root_moves()}
        first = Solver(g.core.copy())
        whole = Solver(g.core.copy())
        for m, v in want.items():
            assert (first.child_value(m, WIN - 1, WIN) >= WIN) == (v >= WIN), (g.position(), m)
            assert (first.child_value(m, DRAW - 1, DRAW) >= DRAW) == (v >= DRAW), (g.position(), m)
            assert whole.child_value(m) == v, (g.position(), m)
        seen.update(want.values())
        # the last placements these searches met, as the shortcut sees them
        for st in _last_cells(g.core):
            kinds[settled(st, st.to_move, bool(getattr(g.core.rules, "combo", False)))] += 1
    assert len(seen) >= 2          # not one value everywhere: the test could tell a wrong answer
    assert kinds["won"] > 0 and kinds[""] > 0, kinds
    if not opts.get("combo") and not opts.get("reverse"):
        assert kinds["lost"] > 0, kinds      # (Combo reaches every card: rarely too few)


def _last_cells(st):
    """Every position with one empty cell reached from ``st`` (the mover's and the reply's)."""
    out = []
    stack = [st.copy()]
    while stack:
        s = stack.pop()
        if s.result() is not None:
            continue
        if s.empty == 1:
            out.append(s)
            continue
        for m in s.moves():
            t = s.copy()
            t.push(m)
            stack.append(t)
    return out
