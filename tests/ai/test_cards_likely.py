"""An unfinished proof in the opening (ai/cards/player.py, split.py).

When the first card's proof runs out of time, Hard plays the root move with
most of its replies shown to lose (``RootResult.held``, counted by the split
proof), from half of them on; that count is evidence, never a value: the
result stays unfinished and the move's value unknown.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from jayden_jazz.ai.cards import split
from jayden_jazz.ai.cards.player import CardsPlayer, _likely, catalog_for
from jayden_jazz.ai.cards.solver import RootResult, Solver
from jayden_jazz.ai.cards.split import CAN_SPLIT, _replies, solve_root_split
from tests.ai.deals import perfect_deal

ROOT = Path(__file__).resolve().parents[2]


def test_the_likeliest_move_has_the_largest_share_of_replies_held():
    a, b, c = (1, 0, None), (2, 0, None), (3, 0, None)
    res = RootResult(-2, [], complete=False, held={a: (10, 24), b: (20, 24), c: (20, 30)})
    assert _likely(res) == b
    res.held[c] = (24, 30)
    assert _likely(res) == b              # 20 of 24 before 24 of 30
    res.held = {a: (5, 20), b: (0, 0)}
    assert _likely(res) is None           # under half: the Monte Carlo search chooses


@pytest.mark.skipif(not CAN_SPLIT, reason="the split proof needs os.fork")
def test_an_unfinished_split_proof_counts_replies_and_claims_no_value(monkeypatch):
    monkeypatch.setattr(split, "ALONE_NODES", 0)
    # deal 16 holds a reset card: each process would first prove a game after the reset, a
    # whole game's proof that these 20,000 positions would not finish (split._reset_game)
    monkeypatch.setattr(split, "_reset_game", lambda solver, who: None)
    g = perfect_deal(16, dict(open="1", same="1", plus="1", combo="1"))   # seconds of proof
    solver = Solver(g.core.copy(), node_limit=20_000)
    res = solve_root_split(solver, partial=True)
    assert not res.complete and not res.values and not res.best
    assert res.held
    for m, (held, replies) in res.held.items():
        assert m not in res.bounds
        assert 0 <= held <= replies == len(_replies(Solver(g.core.copy()), m))


def test_hard_names_a_likely_move_without_a_value(monkeypatch):
    g = perfect_deal(16, dict(open="1", same="1", plus="1", combo="1"))
    cat = catalog_for([str(ROOT / "cards" / "default")])
    player = CardsPlayer("hard", __import__("random").Random(1), cat, seconds=30.0)
    from jayden_jazz.cards.position import Position
    core = Position.parse(g.position()).core(cat)       # numbered as the player numbers it
    first = Solver(core.copy()).root_moves()[3]

    def unfinished(solver, partial=False):
        return RootResult(-2, [], complete=False, held={first: (30, 40)})

    monkeypatch.setattr("jayden_jazz.ai.cards.player.solve_root_split", unfinished)
    # deal 16 holds a reset card, whose first card the proof without the reset answers
    # (unreset.py): this test is about what follows a split proof left unfinished
    monkeypatch.setattr("jayden_jazz.ai.cards.unreset.applies", lambda solver: False)
    monkeypatch.setattr("jayden_jazz.ai.cards.player.CAN_SPLIT", True)
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    # the split proof is Hard's without the compiled search (ready once another test warmed it)
    monkeypatch.setattr("jayden_jazz.ai.cards.jit.ready", lambda: False)
    d = player.decide(Position.parse(g.position()), g.to_move)
    assert d.method == "likely" and d.value is None
    assert d.detail["held"] == "30 of 40"
    assert d.action == core.action(first)
