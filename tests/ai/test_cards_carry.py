"""The exact solver carried from the computer's move to its next (ai/cards/carry.py).

The kept solver goes on in its own piece numbering, with a table filled at an
earlier root: a mistake there would be a wrong value or an action the game
does not take. So: the solver resumes only where its last move and one reply
lead; its answers there are the values of a search without the bit forms
and its actions legal and keeping them; anything else gets a fresh solver;
and a fixed amount of work never keeps one.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from jayden_jazz.ai.cards import carry
from jayden_jazz.ai.cards.player import choose_action, catalog_for
from jayden_jazz.ai.cards.solver import Solver
from jayden_jazz.cards import Action
from tests.ai.deals import perfect_deal

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = [str(ROOT / "cards" / "default")]


def _value(game) -> int:
    return Solver(game.core.copy(), bits=False).solve_root().value


@pytest.fixture(autouse=True)
def _nothing_kept():
    carry.forget()
    yield
    carry.forget()


@pytest.mark.parametrize("opts", [dict(open="1"), dict(open="1", same="1", plus="1", combo="1")],
                         ids=["open", "same+plus+combo"])
def test_the_next_move_goes_on_with_the_kept_solver_and_keeps_the_value(opts):
    rng = random.Random(41)
    for seed in (3, 8):
        carry.forget()                        # a new game: nothing to go on from
        g = perfect_deal(seed, opts)
        while g.core.empty > 6:
            legal = g.legal_actions(abilities=False)
            g.push(legal[rng.randrange(len(legal))])
        me = g.to_move
        resumed = 0
        while not g.is_over():
            if g.to_move == me and len(g.legal_actions()) > 1:
                before = _value(g)
                kept = carry._kept.get("solver")
                text = choose_action(g.position(), me, "hard", 1, 30.0, DEFAULT)
                if kept is not None:
                    assert carry._kept.get("solver") is kept      # resumed, not made afresh
                    resumed += 1
                action = Action.parse(text)
                assert g.is_legal(action)
                g.push(action)
                if not g.is_over():
                    assert -_value(g) == before, (seed, g.position())   # the move kept the value
                assert carry._kept.get("solver") is not None or g.is_over()
            else:
                legal = g.legal_actions()
                g.push(legal[rng.randrange(len(legal))])
        assert resumed >= 1


def test_a_position_no_reply_reaches_gets_a_fresh_solver():
    cat = catalog_for(DEFAULT)
    g = perfect_deal(3, dict(open="1"))
    for k in range(3):
        g.push(g.legal_actions(abilities=False)[k])
    choose_action(g.position(), g.to_move, "hard", 1, 30.0, DEFAULT)
    assert carry._kept.get("solver") is not None
    other = perfect_deal(4, dict(open="1"))           # another deal
    for k in range(5):
        other.push(other.legal_actions(abilities=False)[k])
    assert carry.resume(other.core, cat) is None
    assert not carry._kept                      # dropped either way


def test_the_kept_solver_is_moved_to_the_new_position_in_its_own_numbering():
    cat = catalog_for(DEFAULT)
    g = perfect_deal(5, dict(open="1", same="1", plus="1", combo="1"))
    for k in range(3):
        g.push(g.legal_actions(abilities=False)[k])
    text = choose_action(g.position(), g.to_move, "hard", 1, 30.0, DEFAULT)
    solver = carry._kept["solver"]
    g.push(Action.parse(text))
    g.push(g.legal_actions()[-1])
    # the game's own state numbers pieces as the position lists them: not the kept solver's
    again = Solver(g.core.copy())
    assert carry.resume(g.core, cat) is solver
    assert solver.st.position() == g.position()
    assert solver.solve_root().value == again.solve_root().value == _value(g)


def test_a_fixed_amount_of_work_keeps_nothing():
    g = perfect_deal(3, dict(open="1"))
    for k in range(4):
        g.push(g.legal_actions(abilities=False)[k])
    choose_action(g.position(), g.to_move, "hard", 1, None, DEFAULT, iterations=200)
    assert not carry._kept


def test_a_table_too_big_is_not_kept(monkeypatch):
    monkeypatch.setattr(carry, "KEPT_ENTRIES", 0)
    g = perfect_deal(3, dict(open="1"))
    for k in range(3):
        g.push(g.legal_actions(abilities=False)[k])
    choose_action(g.position(), g.to_move, "hard", 1, 30.0, DEFAULT)
    assert not carry._kept
