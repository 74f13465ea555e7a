"""Every refused action on the board says why, in plain words, in both modes.

The words come from the engine (``why_illegal``, ``why_no_action``); these
tests play through the scene's own input path and read the status line.
"""

import pytest

from jayden_jazz.jayden import START_JPN, Position, parse_square
from tests.helpers import press
from tests.scenes.jpn_helpers import jpn
from tests.scenes.test_jayden_scene import act, board, goto

KINGS = {"j1": "M", "t14": "m", "s14": "k", "a2": "K"}

CASES = [
    # (name, pieces, first actions to play, the refused press(es), words expected)
    ("hero onto a mark", {"c3": "H", "c4": "k", "a1": "H"}, [], ("c3", "c4"),
     "Hero c3 to c4: Heroes cannot attack Marks"),
    ("scout onto a shield", {"e5": "S", "g8": "x", "a1": "H"}, [], ("e5", "g7"),
     "Scout e5 to g7: g7 is shielded by a deployed Sentinel"),
    ("interceptor beyond the half line without a mark",
     {"e10": "I", "a1": "H", "a2": None}, [], ("e10",),
     "Interceptor e10 cannot act: Green has no Mark, so its Interceptor beyond the Half Line cannot act"),
    ("turn could not be completed", {"e5": "I", "a2": None}, [], ("e5",),
     "Interceptor e5 cannot act: after any action of this Interceptor, Green could not complete the turn"),
    ("hero too far", {"c2": "H", "a1": "H"}, [], ("c2", "c7"), "Hero c2 to c7: a Hero moves 1 or 2 squares"),
    ("cannon attacks", {"a1": "C", "b1": "h", "c1": "H", "a2": None, "t2": "K"}, [], ("a1", "b1"),
     "Cannon a1 to b1: a Cannon never attacks"),
    ("fire beyond the free cannons", {"e5": "S", "a1": "C", "b1": "C", "e9": "h", "c1": "H"}, [], ("e5", "e9"),
     "Scout e5 to e9: e9 is 4 squares away but Green has only 2 free Cannons"),
    ("master after a first action", {"c1": "H", "e1": "H"}, [("c1", "c2")], ("j1",),
     "Master j1 cannot act: the Master may only make a turn's first action"),
    ("same piece twice", {"c1": "H", "e1": "H"}, [("c1", "c2")], ("c2",),
     "Hero c2 cannot act: this Hero has already acted this turn"),
    ("sentinel next to a piece", {"l1": "N", "f2": "H", "a1": "H"}, [], ("l1", "f3"),
     "Sentinel l1 to f3: a Sentinel deploys only where no piece stands next to the square; f2 is next to f3"),
    ("slide through a piece", {"c1": "D", "c3": "H"}, [], ("c1", "c5"),
     "Dragon c1 to c5: the Dragon's path is blocked at c3"),
    ("blocked cannon", {"a1": "C", "a2": "H", "b1": "H"}, [], ("a1",),
     "Cannon a1 cannot act: a Cannon steps one square up, down, left or right, and every such square is taken"),
    ("deployed sentinel", {"f5": "X", "a1": "H"}, [], ("f5",),
     "Sentinel f5 cannot act: a deployed Sentinel never acts again"),
    ("enemy piece", {"a1": "H", "c13": "h"}, [], ("c13",),
     "The Hero on c13 is Red's; Green is to act: choose one of Green's pieces"),
    ("empty square", {"a1": "H"}, [], ("e7",), "e7 is empty: choose one of Green's pieces"),
]


def _position(pieces):
    placed = dict(KINGS)
    for sq, letter in pieces.items():
        if letter is None:
            placed.pop(sq, None)
        else:
            placed[sq] = letter
    return jpn(placed)


@pytest.mark.parametrize("enhanced", [True, False], ids=["enhanced", "original"])
@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_refusal_is_explained(make_app, monkeypatch, case, enhanced):
    name, pieces, first, presses, words = case
    app, sc = board(make_app, _position(pieces), enhanced=enhanced)
    for src, dst in first:
        act(app, sc, src, dst)
    sounds = []
    monkeypatch.setattr(app.sound, "play", sounds.append)
    before = sc.pos.jpn()
    for sq in presses:
        goto(app, sc, sq)
        press(app, "RETURN")
    assert sc.pos.jpn() == before                 # nothing happened ...
    assert sounds[-1] == "refusal"                # ... with the refusal sound ...
    assert words in sc.message                    # ... and the reason in words
    left, second, right = sc.renderer.status_lines(sc.pos, sc.view())
    shown = " ".join(t for t, _ in left + second)
    assert words[:30] in shown                    # on the status lines
    assert any(t.startswith("Free Cannons") for t, _ in right)   # which keep the Free Cannons


def test_the_reasons_are_the_engines():
    pos = Position(_position({"c3": "H", "c4": "k", "a1": "H"}))
    act_ = pos.intended_action("c3", "c4")
    assert str(act_) == "c3xc4" and pos.why_illegal(act_) == "Heroes cannot attack Marks"
    assert pos.why_no_action("c3") is None
    assert str(Position(START_JPN).intended_action("b1", "b13")) == "b1*b13"
    assert str(Position(START_JPN).intended_action("j1", "k2")) == "j1-k2"


def test_long_refusals_wrap_onto_both_lines_and_keep_the_hovered_piece(make_app):
    app, sc = board(make_app, _position({"e5": "I", "a2": None}))
    goto(app, sc, "e5")
    press(app, "RETURN")
    assert len(sc.message) > 80
    left, second, right = sc.renderer.status_lines(sc.pos, sc.view())
    text = " ".join(t for t, _ in left) + " " + " ".join(t for t, _ in second)
    assert text.split() == sc.message.split() or text.endswith("\u2026 (L reads it all)"), text
    assert all(len(t) <= 80 for t, _ in second)
    assert right[-1][0] == "e5 Green Interceptor"
    assert parse_square("e5") == sc.cursor_square()
