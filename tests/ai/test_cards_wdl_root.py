"""The win/draw/loss root (null-window tests) against the exact margins, under every rule set.

Hard plays from :meth:`Solver.solve_root`; the hint and the tools read card
margins from :func:`exact.solve`, a different search (whole-range margins on
the rules core and the margin bit search). On random late-game positions
under each classic rule set the two must agree: the root's value is the sign
of the margin score, the move it plays keeps that sign, and with ``all_best``
its moves are exactly those whose margin score has the best sign.
"""

from __future__ import annotations

import random

import pytest

from jayden_jazz.ai.cards.exact import solve
from jayden_jazz.ai.cards.mcts import move_key
from jayden_jazz.ai.cards.player import LEVELS, CardsPlayer, catalog_for, unsettled
from jayden_jazz.ai.cards.solver import DRAW, LOSS, RootResult, Solver
from jayden_jazz.cards import Rules, get_field, new_game
from jayden_jazz.cards.classic_table import ClassicBits
from jayden_jazz.ai.cards.bitsearch import capture_bits
from jayden_jazz.cards.position import Position
from tests.ai.late_games import played_to

DEFAULT = [str(__import__("pathlib").Path(__file__).resolve().parents[2] / "cards" / "default")]

# every capture rule the game offers, alone and in the usual company, and the hand rules whose
# hands stay known (Chaos draws at random: its exact value is an expectation, not a win/draw/loss)
RULE_SETS = [
    dict(pure=True),
    dict(),
    dict(preset="draft"),
    dict(sudden_death=True),
    dict(same=True),
    dict(same=True, same_wall=True),
    dict(plus=True),
    dict(same=True, plus=True, combo=True),
    dict(same=True, same_wall=True, plus=True, combo=True, pure=True),
    dict(elemental=True),
    dict(elemental=True, same=True, plus=True, combo=True),
    dict(reverse=True),
    dict(fallen_ace=True),
    dict(reverse=True, fallen_ace=True, same=True),
    dict(order=True),
    dict(random=True, hand_swap=True),
]


@pytest.fixture(scope="module")
def cat():
    return catalog_for(DEFAULT)


def late_positions(cat, opts: dict, count: int, seed: int, spread: int = 2):
    """``count`` random positions with three to 2 + ``spread`` empty cells, no reset left to play."""
    return (g for g, _rng in played_to(cat, opts, count, seed, lambda made: 3 + made % spread))


def _sign(x: float) -> int:
    return (x > 0) - (x < 0)


@pytest.mark.parametrize("opts", RULE_SETS, ids=lambda o: "+".join(f"{k}" if v is True else f"{k}={v}"
                                                                    for k, v in o.items()) or "base")
def test_the_null_window_root_agrees_with_the_exact_margins(cat, opts):
    checked = 0
    for g in late_positions(cat, opts, 18, 4100 + len(RULE_SETS) * RULE_SETS.index(opts)):
        margins = solve(g)
        want = _sign(margins.score)
        st = g.core
        res = Solver(st.copy()).solve_root()
        assert res.complete and res.value == want, g.position()
        assert _sign(margins.scores[st.action(res.best[0])]) == want, g.position()
        every = Solver(st.copy()).solve_root(all_best=True)
        assert {str(st.action(m)) for m in every.best} == \
            {str(a) for a, v in margins.scores.items() if _sign(v) == want}, g.position()
        checked += 1
    assert checked == 18


def test_a_placement_alone_takes_what_every_placement_at_once_takes(cat):
    """The ability search asks for one placement's captures at a time (ClassicBits.captures);
    they must be those of the all-at-once form the margin search uses."""
    tried = 0
    for opts in RULE_SETS[4:14]:
        for g in late_positions(cat, opts, 4, 77 + tried):
            st = g.core
            rule = capture_bits(st)
            cellp = list(st.cell)
            occ = sum(1 << c for c in st.play_cells if st.cell[c] >= 0)
            seat = st.to_move
            opp = sum(1 << c for c in st.play_cells if st.owner[c] == 1 - seat)
            hand = sum(1 << p for p in st.hands[seat])
            free = sum(1 << c for c in st.play_cells if st.cell[c] < 0)
            for _, p, c, cap in rule.placements(cellp, occ, opp, hand, free):
                assert rule.captures(cellp, occ, opp, p, c) == cap, (g.position(), p, c)
            tried += isinstance(rule, ClassicBits)
    assert tried >= 28          # four positions of each set with Same or Plus (7 of the 10)


def test_an_unfinished_proof_keeps_the_moves_that_may_still_win_and_never_a_lost_one(cat):
    g = next(late_positions(cat, dict(pure=True), 1, 5))
    st = g.core
    moves = st.moves()
    a, b, c = moves[0], moves[1], moves[2]
    # the first pass stopped after two moves: one lost, one at best a draw; the untried remain
    res = RootResult(-2, [], {}, {a: LOSS, b: DRAW}, complete=False)
    assert unsettled(st, res, moves) == {move_key(st, m) for m in moves if m not in (a, b)}
    # every move answered "no win", one of them lost: all but the lost one remain
    res = RootResult(-2, [], {}, {m: (LOSS if m == c else DRAW) for m in moves}, complete=False)
    assert unsettled(st, res, moves) == {move_key(st, m) for m in moves if m != c}
    assert unsettled(st, RootResult(-2, [], {}, {}, complete=False), moves) == {move_key(st, m) for m in moves}


def test_hard_gives_a_first_card_nearly_all_its_time_to_the_proof(cat):
    g = next(late_positions(cat, dict(pure=True), 1, 6))
    hard = CardsPlayer("hard", random.Random(1), cat)
    assert hard._exact_share(g.core) == LEVELS["hard"].exact_share      # late: as before
    normal = CardsPlayer("normal", random.Random(1), cat)
    assert normal._exact_share(g.core) == LEVELS["normal"].exact_share  # Normal's late proofs too
    pool = sorted(c for c in cat if c.startswith("default/"))
    opening = new_game(cat, get_field("3x3"), [tuple(pool[0:5]), tuple(pool[5:10])], Rules(open=True),
                       first_seat=0, date=(2026, 11))
    assert hard._exact_share(opening.core) > LEVELS["hard"].exact_share
    d = CardsPlayer("hard", random.Random(1), cat, iterations=50).decide(Position.parse(opening.position()), 0)
    assert d.action in opening.legal_actions()
