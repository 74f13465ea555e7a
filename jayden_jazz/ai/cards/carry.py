"""The exact solver carried from one of the computer's moves to its next in the same game.

A won deal's proof from the empty board holds the answer to every reply of
the card it proves: each position after that card and a reply is in the
solver's table as a win for the mover. A fresh solver at the next card has
none of it and must prove the win again from seven empty cells -- 5.9 s of
one core for Same + Plus + Combo deal 17 of ``tools/perfect_match.py``,
where Hard's second card threw the won deal in every run, against 0.03 s
read from the first card's table.

Pieces are numbered by where they lie in the position the computer is
given, so the next move's state numbers them differently from the solver's
and its table's keys would not match. So the solver is kept whole, with its
own state: at the next move, the card it played and each reply are played on
that state, and the one that gives the same position (the canonical
position text: rules, cells, owners, hands, effects) is where the solver
goes on -- in its own numbering, where every entry still holds. A position
that no reply reaches (a new game, another seat, a hidden hand) gets a
fresh solver.

One solver a process, and only on the clock: with a fixed amount of work
(tests, replays) a move must not depend on what the process searched before.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from jayden_jazz.ai.cards.solver import Move, Solver
from jayden_jazz.cards import Action
from jayden_jazz.cards.core import Core

# a table bigger than this many entries is not kept (about 150 bytes an entry)
KEPT_ENTRIES = 3_000_000

_kept: dict[str, Any] = {}


def keep(solver: Solver, played: Action, catalog: Mapping[str, Any]) -> None:
    """Remember ``solver`` (at the root it searched) and the action the computer played
    there, for :func:`resume`."""
    size = len(solver.tt) + len(solver.bits.tt) + len(solver.bits.margin.tt)
    _kept.clear()
    if size <= KEPT_ENTRIES:
        _kept.update(solver=solver, played=str(played), catalog=catalog)


def forget() -> None:
    _kept.clear()


def resume(g0: Core, catalog: Mapping[str, Any]) -> Solver | None:
    """The kept solver moved on to ``g0``'s position (in its own piece numbering), when
    ``g0`` is the kept root after the played action and one reply (or the mover's own
    next turn); else None. Either way nothing is kept afterwards."""
    solver = _kept.get("solver")
    played = _kept.get("played")
    same_cards = _kept.get("catalog") is catalog
    _kept.clear()
    if solver is None or played is None or not same_cards:
        return None
    st = solver.st
    mine = _move_of(st, played)
    if mine is None:
        return None
    want = g0.position()
    depth = st.depth
    st.place(mine[0], mine[1])
    st.commit(mine[2])
    if not st.over:
        if st.position() == want:
            return solver
        for r in st.moves():
            st.place(r[0], r[1])
            st.commit(r[2])
            if st.position() == want:
                return solver
            st.uncommit()
            st.unplace()
    st.unwind(depth)
    return None


def _move_of(st: Core, text: str) -> Move | None:
    """The move of ``st`` whose action reads ``text``."""
    for m in st.moves():
        if str(st.action(m)) == text:
            return m
    return None
