"""The engine's own words for a piece that cannot act, its threats, resigning."""

import pytest

from jayden_jazz.jayden import START_JPN, IllegalActionError, Position
from tests.scenes.jpn_helpers import jpn

BASE = {"j1": "M", "t14": "m", "s14": "k", "t1": "K", "p1": "H"}


@pytest.mark.parametrize("pieces,square,words", [
    ({"a1": "M"}, "p1", None),
    ({"c3": "I", "c4": "H", "c2": "H", "b3": "H", "d3": "H"}, "c3",
     "every line out of the Interceptor is blocked at once by its own side or by shields"),
    ({"c3": "R", "b2": "H", "d2": "H", "b4": "H", "d4": "H"}, "c3", "every line out of the Raider"),
    ({"c3": "S", "t2": None}, "c3", None),
    ({"a1": "S", "b1": "H", "b2": "H", "a2": "H", "a3": "H", "a4": "H", "b3": "H", "c3": "H", "c1": "H",
      "d1": "H", "d4": "H"}, "a1", "no empty, unshielded square lies 1 to 3 squares away along a line, and "
                                   "with no Cannon on the board it cannot fire"),
    ({"c3": "H", "c4": "H", "c2": "H", "b3": "H", "d3": "H", "c5": "H", "c1": "H", "a3": "H", "e3": "H"},
     "c3", "every square 1 or 2 steps up, down, left or right is taken or shielded"),
    ({"k2": "K", "j2": "H", "i2": "H", "i1": "H", "k1": "H"}, "j1",
     "every square around the Master is taken by its own side or shielded"),
])
def test_why_no_action_per_piece(pieces, square, words):
    placed = {**BASE, **{k: v for k, v in pieces.items() if v}}
    pos = Position(jpn(placed))
    got = pos.why_no_action(square)
    if words is None:
        assert got is None and pos.legal_actions_from(square)
    else:
        assert not pos.legal_actions_from(square) and got is not None and words in got


def test_why_no_action_for_empty_and_enemy_squares():
    pos = Position(START_JPN)
    assert pos.why_no_action("e7") == "there is no piece on e7"
    assert pos.why_no_action("c13") == "the piece on c13 is Red's; Green is to act"


def test_resign_ends_the_game_and_pop_takes_it_back():
    pos = Position(START_JPN)
    pos.push("c2-c4")
    pos.resign("g")
    assert tuple(pos.result) == ("r", "resigned") and pos.legal_actions() == []
    with pytest.raises(IllegalActionError):
        pos.resign("r")
    pos.pop()
    assert pos.result is None
