"""A win proven with the reset left out, where that proof is enough.

A deal with a reset card costs the exact search two more whole games: a
reset starts the game again from the dealt hands, with the other seat to
move and the reset spent, so a proof that meets a reset must prove the
game after it (``split._reset_game``). On Hard's first card that is most of
the time of the deals that do not fit its clock (Same + Plus + Combo deal
76: a winning card found in 1.98 s of the caller's time, the games after a
reset most of it).

With two seats a shorter proof is sound. If the mover wins the game
played again after the *opponent's* reset (empty field, dealt hands, the
mover to move, no reset left), then any position the mover wins with the
reset left out it also wins in the real game: it follows that win and
declines its own resets; when the opponent declines a reset, play is the
same as without one; when the opponent resets, the game starts again where
the mover wins. A first card on the empty field with the dealt hands *is*
that game's start, so one proof with the reset left out answers it when it
finds a win, and proves the premise for the rest of the game at once
(``Solver.reset_won``; the later cards are read from the same table,
carry.py). Measured with ``tools/bench_cards_split.py``'s deals (Same + Plus
+ Combo, deals 1–100 with a reset card, 22): the game without a reset is
won by the first mover in all 22, its proof takes 0.27–1.02 s of the
caller's time in 21 of them (deal 65: 3.35 s) where the whole first pass
took 0.30–1.98 s (3.76).

A proof without the reset that finds no win says nothing about the real
game (the mover's own reset may still win it): the whole proof follows.
"""

from __future__ import annotations

from jayden_jazz.ai.cards.solver import RootResult, Solver
from jayden_jazz.ai.cards.split import solve_root_split


def applies(solver: Solver) -> bool:
    """Whether a proof without the reset may answer the solver's root: a reset still to
    come, the bit search's game (not under Order or Chaos, whose hands after a reset are
    another matter), and the premise either proven earlier in this game or proven by this
    very proof (the root is the game's start again)."""
    st = solver.st
    if st.reset_used or not solver.use_bits or not solver.bits.resets():
        return False
    return st.to_move in solver.reset_won or at_restart(solver)


def at_restart(solver: Solver) -> bool:
    """Whether the root is where a reset by the opponent would start the game again: the
    field empty, no effect, the hands the dealt ones, the mover to move."""
    st = solver.st
    if st.empty != len(st.play_cells) or st.effects:
        return False
    hands = tuple(sum(1 << p for p in st.hands[s]) for s in range(2))
    return hands == tuple(solver.bits.dealt)


def prove(solver: Solver, split: bool) -> RootResult:
    """The root proven with no reset left to play (a partial result when the clock or the
    node limit stops it). A win found is a win of the real game when :func:`applies`
    held; at the game's start it also records that the mover wins the game after the
    opponent's reset (``solver.reset_won``), for the later cards of this game."""
    st = solver.st
    bits = solver.bits
    restart = at_restart(solver)
    me = st.to_move
    st.reset_used = True
    bits.reset_used = True
    try:
        res = solve_root_split(solver, partial=True) if split else solver.solve_root(partial=True)
    finally:
        st.reset_used = False
        bits.reset_used = False
    if restart and res.winning_move() is not None:
        solver.reset_won.add(me)         # a card that wins there: the game after the reset is won
    return res


__all__ = ["applies", "at_restart", "prove"]
