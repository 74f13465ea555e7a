"""Turn structure: two actions by two pieces, the Master's single action, the
turn-completion ruling, and the acted / fired / quiet / turn fields."""
# rule: jayden.md#the-board
# rule: jayden.md#turns
# rule: jayden.md#the-master-acts-alone
# rule: jayden.md#finishing-the-turn
# rule: jayden.md#forfeit

from __future__ import annotations

import pytest
from jayden_helpers import CORNERS, make, targets, texts

from jayden_jazz.jayden import IllegalActionError, Position, parse_square


def test_green_moves_first():
    assert Position().side == "g"


def test_a_turn_is_two_actions_by_two_different_pieces():
    pos = Position()
    pos.push("b2-b4")
    assert pos.side == "g" and pos.acted == parse_square("b4")
    assert pos.legal_actions_from("b4") == []
    with pytest.raises(IllegalActionError) as info:
        pos.push("b4-b5")
    assert "already acted this turn" in str(info.value)
    pos.push("c2-c4")
    assert pos.side == "r" and pos.acted is None and pos.turn == 1


def test_turn_number_increases_after_reds_turn():
    pos = Position()
    for text in ("b2-b4", "c2-c4", "b13-b11", "c13-c11"):
        pos.push(text)
    assert pos.side == "g" and pos.turn == 2
    assert pos.history == [a for a in pos.history]
    assert [str(a) for a in pos.history] == ["b2-b4", "c2-c4", "b13-b11", "c13-c11"]


def test_master_action_ends_the_turn_at_once():
    pos = make("Me5 He3 mt14 kt12 ht10 Ka3")
    pos.push("e5-e6")
    assert pos.side == "r" and pos.acted is None and pos.turn == 1


def test_master_conditioning_ends_the_turn_at_once():
    pos = make("Me5 he6 mt14 kt12 ht10 Ka3")
    pos.push("e5=e6")
    assert pos.side == "r" and pos.acted is None and pos.quiet == 0


def test_master_cannot_act_after_another_piece():
    pos = make("Me5 He3 hf6 mt14 kt12 Ka3")
    pos.push("e3-e2")
    assert pos.legal_actions_from("e5") == []
    assert pos.why_illegal("e5-e6") == "the Master cannot act after another piece has acted"
    assert pos.why_illegal("e5=f6") == "the Master cannot act after another piece has acted"
    with pytest.raises(IllegalActionError, match="the Master cannot act"):
        pos.push("e5-e6")


def test_first_action_must_leave_a_second_action():
    # Green: the Cannon's only move is a1-a2; a Hero that lands on a2 would
    # leave no second action (the Master may not be second), so it may not.
    pos = make("Ca1 hb1 Ha4 Mt1 mt14 kt12")
    acts = targets(pos, "a4")
    assert "a4-a3" in acts and "a4-a5" in acts and "a4-b4" in acts
    assert "a4-a2" not in acts
    assert "could not complete the turn" in pos.why_illegal("a4-a2")
    # The Cannon itself may act first: the Hero then has moves left.
    assert "a1-a2" in targets(pos, "a1")


def test_only_master_actions_remain_when_no_pair_of_pieces_can_act():
    # One Hero and a Master: the Hero cannot start a turn it could not finish.
    pos = make("Hc5 Mj1 mt14 kt12")
    assert targets(pos, "c5") == set()
    assert texts(pos.legal_actions()) == texts(pos.legal_actions_from("j1"))
    assert pos.result is None


def test_first_action_that_wins_is_legal_without_a_second():
    pos = make("He5 me6 Mj1 kt12")
    assert "e5xe6" in targets(pos, "e5")
    pos.push("e5xe6")
    assert pos.result.winner == "g"


def test_pieces_stranded_make_turn_start_forfeit():
    # Green's Master is walled in by shields and Green has nothing else.
    pos = make("Ma1 xb2 mt14 kt12")
    assert pos.shielded("a2") and pos.shielded("b1")
    assert pos.legal_actions() == []
    assert pos.result == ("r", "forfeit")


def test_unable_to_move_twice_is_a_forfeit():
    # A lone Hero beside a walled-in Master: it could act once, not twice.
    pos = make("Ma1 xb2 Hj5 mt14 kt12")
    assert pos.pseudo_actions() != []
    assert pos.legal_actions() == []
    assert pos.result.reason == "forfeit" and pos.result.winner == "r"


def test_acted_is_the_square_after_the_action():
    pos = make(CORNERS + " Sb5 Cc1 hb6 Nj5")
    pos.push("b5*b6")
    assert pos.acted == parse_square("b5")  # a Scout firing does not move
    pos = make(CORNERS + " Sb5 Cc1 hb7 Nj5")
    pos.push("j5-j9")
    assert pos.acted == parse_square("j9")  # a Sentinel deployed


def test_fired_counts_cannons_and_resets_at_end_of_turn():
    pos = make(CORNERS + " Sb5 Sk5 Cc1 Cd1 hb6 hk7")
    pos.push("b5*b6")
    assert pos.fired == 1 and pos.free_cannons("g") == 1
    pos.push("k5-k6")
    assert pos.fired == 0 and pos.side == "r" and pos.free_cannons("g") == 2


def test_quiet_counts_actions_since_last_removal_or_conditioning():
    pos = make(CORNERS + " He5 he6 Hg3 ka12", quiet=7)
    pos.push("g3-g4")
    assert pos.quiet == 8
    pos.push("e5xe6")
    assert pos.quiet == 0
    pos.push("t12-t11")
    assert pos.quiet == 1


def test_push_validates_and_leaves_position_unchanged_on_error():
    pos = Position()
    before = pos.jpn()
    for bad in ("b2-b5", "a1-a2", "j1=j2", "k14-k13"):
        with pytest.raises(IllegalActionError):
            pos.push(bad)
        assert pos.jpn() == before and pos.history == []


def test_is_legal_and_why_illegal_agree_with_the_list():
    pos = Position()
    legal = pos.legal_actions()
    for action in legal:
        assert pos.is_legal(action) and pos.why_illegal(action) is None
        assert pos.is_legal(str(action))
    assert not pos.is_legal("b2-b5")
    assert not pos.is_legal("nonsense")
    assert "no separator" in pos.why_illegal("nonsense")
    assert pos.why_illegal("e5-e6") == "there is no piece on e5"
    assert pos.why_illegal("b13-b12") == "the piece on b13 is Red's; Green is to act"


def test_legal_actions_from_filters_by_square():
    pos = Position()
    by_piece = texts(pos.legal_actions_from("b1"))
    assert by_piece == {"b1-b3", "b1-b4", "b1-d3", "b1-e4"}
    assert pos.legal_actions_from(parse_square("b1")) == pos.legal_actions_from("b1")
    assert pos.legal_actions_from("e7") == []
    union = set()
    for sq in range(280):
        union |= texts(pos.legal_actions_from(sq))
    assert union == texts(pos.legal_actions())


def test_pop_undoes_and_returns_the_action():
    pos = Position()
    pos.push("b2-b4")
    assert str(pos.pop()) == "b2-b4"
    assert pos.jpn() == Position().jpn()
    with pytest.raises(IndexError):
        pos.pop()


def test_clone_is_independent_and_keeps_history():
    pos = Position()
    pos.push("b2-b4")
    twin = pos.clone()
    twin.push("c2-c4")
    assert pos.side == "g" and twin.side == "r"
    assert str(twin.pop()) == "c2-c4"
    assert twin.jpn() == pos.jpn() and str(twin.peek()) == "b2-b4"
    twin.pop()
    assert twin.jpn() == Position().jpn() and pos.history != []


def test_push_without_validation_makes_the_action():
    pos = Position()
    pos.push("b2-b4", validate=False)
    assert pos.piece_at("b4") == ("H", "g")
