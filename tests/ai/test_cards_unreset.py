"""A win proven with the reset left out (ai/cards/unreset.py, issue #41).

The claim under test: with two seats, when the mover wins the game played again
after the opponent's reset (the dealt hands, the mover first, no reset left),
every position it wins with the reset left out it wins in the real game. So a
first card on the empty board with the dealt hands is answered by the proof
without the reset, and later positions of the same game too once that is
proven -- and never without the premise. Each win is checked against the whole
solver, which searches every reset.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from jayden_jazz.ai.cards import carry, unreset
from jayden_jazz.ai.cards.player import CardsPlayer, catalog_for, read_position
from jayden_jazz.ai.cards.solver import WIN, Solver
from tests.ai.deals import open_deal

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = [str(ROOT / "cards" / "default")]
SPC = dict(same=True, plus=True, combo=True)


@pytest.fixture(scope="module")
def cat():
    return catalog_for(DEFAULT)


def _wins_whole(st, move) -> bool:
    """Whether ``move`` wins for the mover by the whole solver (every reset searched)."""
    return Solver(st).child_value(move, WIN - 1, WIN) >= WIN


# deals with a reset card in a hand whose game without the reset the first mover wins
CASES = [({}, 29), ({}, 17), (SPC, 29)]


@pytest.mark.parametrize("opts,seed", CASES, ids=["open-29", "open-17", "spc-29"])
def test_a_first_card_won_without_the_reset_wins_the_game(cat, opts, seed):
    st = open_deal(cat, opts, seed).search_state()
    solver = Solver(st)
    assert solver.bits.resets() and unreset.at_restart(solver) and unreset.applies(solver)
    res = unreset.prove(solver, split=False)
    win = res.winning_move()
    assert win is not None and res.complete
    assert solver.reset_won == {st.to_move}        # the premise, for the later cards
    assert not solver.st.reset_used                 # the solver's own state is the real game's again
    assert _wins_whole(st, win), (opts, seed, win)


def test_later_positions_of_the_game_are_won_the_same_way(cat):
    """After the first card and each of the opponent's first replies, with the premise
    carried: the proof without the reset wins, and its card wins by the whole solver."""
    st = open_deal(cat, {}, 29).search_state()
    first = Solver(st)
    win = unreset.prove(first, split=False).winning_move()
    assert win is not None
    st.place(win[0], win[1])
    st.commit(win[2])
    replies = st.moves()
    checked = 0
    for r in replies[::5]:
        st.place(r[0], r[1])
        st.commit(r[2])
        if not st.over and not st.reset_used and st.to_move == 0:
            later = Solver(st)
            assert not unreset.applies(later)        # no premise yet: not at the game's start
            later.reset_won = set(first.reset_won)   # carried from the first card (carry.py)
            assert unreset.applies(later)
            again = unreset.prove(later, split=False).winning_move()
            assert again is not None, r
            assert _wins_whole(st, again), (r, again)
            checked += 1
        st.uncommit()
        st.unplace()
    assert checked >= 4


def test_the_proof_without_the_reset_is_used_only_where_it_is_sound(cat):
    st = open_deal(cat, {}, 29).search_state()
    assert unreset.applies(Solver(st))
    m = Solver(st).root_moves()[0]
    st.place(m[0], m[1])
    st.commit(m[2])
    one_down = Solver(st)
    assert not unreset.at_restart(one_down) and not unreset.applies(one_down)
    one_down.reset_won = {1 - st.to_move}             # the premise for the other seat only
    assert not unreset.applies(one_down)
    # no reset to come: nothing to leave out
    spent = open_deal(cat, {}, 29).search_state()
    spent.reset_used = True
    assert not unreset.applies(Solver(spent))
    pure = open_deal(cat, {}, 29, pure=True).search_state()
    assert not Solver(pure).bits.resets() and not unreset.applies(Solver(pure))


def test_the_hands_must_be_the_dealt_ones():
    """A reset hands back the *dealt* cards: on an empty field with other hands (a swap
    before the first card) the position is not the game after a reset."""
    class _Bits:
        dealt = (0b11111, 0b1111100000)

    class _St:
        empty = 9
        play_cells = list(range(9))
        effects = ()
        hands = [[0, 1, 2, 3, 5], [4, 6, 7, 8, 9]]

    class _Solver:
        st = _St()
        bits = _Bits()

    assert not unreset.at_restart(_Solver())             # type: ignore[arg-type]
    _Solver.st.hands = [[0, 1, 2, 3, 4], [5, 6, 7, 8, 9]]
    assert unreset.at_restart(_Solver())                 # type: ignore[arg-type]


def test_hard_answers_a_reset_deal_by_the_proof_without_it(cat):
    game = open_deal(cat, {}, 29)
    parts, revealed = read_position(game.position(), cat)
    player = CardsPlayer("hard", random.Random(1), cat, seconds=60.0)
    try:
        d = player.decide(parts, 0, revealed)
    finally:
        carry.forget()                  # the solver it keeps is this test's alone
    assert d.method == "solved" and d.value == WIN and d.detail.get("without_reset") is True
    st = game.search_state()
    move = next(m for m in st.moves() if str(st.action(m)) == str(d.action))
    assert _wins_whole(st, move)
