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


def _threats_by_brute_force(pos, side):
    """Every enemy first action (the Master's excepted) made, then every second action listed."""
    from jayden_jazz.jayden.notation import format_jpn

    s = 0 if side == "g" else 1
    masters = {sq for sq in range(280) if pos.piece_at(sq) == ("M", side)}
    enemy = Position(format_jpn(pos._b, 1 - s, -1, 0, 0, pos.turn), quiet_draw=False)
    found = set()
    for a in enemy.pseudo_actions():
        if a.kind != "move" and a.dst in masters:
            found.add(a.src)
        if enemy.piece_at(a.src)[0] == "M":
            continue
        enemy._do(a)
        if enemy._over is None:
            found |= {b.src for b in enemy.pseudo_actions() if b.kind != "move" and b.dst in masters}
        enemy._undo()
    return sorted(found)


def test_master_threats_agree_with_brute_force_in_random_games():
    import random

    rng = random.Random(7)
    checked = threatened = 0
    for game in range(2):
        pos = Position(START_JPN)
        for _ in range(120):
            acts = pos.legal_actions()
            if not acts:
                break
            # prefer captures so Masters come under fire
            caps = [a for a in acts if a.kind != "move"]
            pos.push(rng.choice(caps if caps and rng.random() < 0.6 else acts))
            if pos.result is not None:
                break
            for side in "gr":
                want = _threats_by_brute_force(pos, side)
                assert pos.master_threats(side) == want, (pos.jpn(), side)
                checked += 1
                threatened += bool(want)
    assert checked > 150 and threatened > 2
