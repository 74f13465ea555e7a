"""Victory, forfeit, draws, the fields of a finished game and the order of
the end checks."""
# rule: jayden.md#end-of-the-game
# rule: jayden.md#victory
# rule: jayden.md#forfeit
# rule: jayden.md#draw-by-agreement
# rule: jayden.md#the-200-action-draw
# rule: jayden.md#order-of-the-end-checks

from __future__ import annotations

import pytest
from jayden_helpers import CORNERS, make

from jayden_jazz.jayden import IllegalActionError, Position, Result, parse_square


def test_taking_the_master_by_attack_wins():
    pos = make("Ma1 Ka3 Dj3 mj9 kt12 ht13")
    pos.push("j3xj9")
    assert pos.result == Result("g", "master_taken")
    assert pos.legal_actions() == []


def test_taking_the_master_by_hero_jump_wins():
    pos = make("Ma1 Ka3 Hj7 mj8 kt12")
    pos.push("j7xj8")
    assert pos.result == ("g", "master_taken")


def test_firing_on_the_master_wins():
    pos = make("Ma1 Ka3 Sj6 Cc1 Cd1 mj8 kt12 hc9")
    pos.push("j6*j8")
    assert pos.result == ("g", "master_taken")


def test_conditioning_the_master_wins():
    pos = make("Mj7 mj8 Ka3 kt12")
    pos.push("j7=j8")
    assert pos.result == ("g", "master_conditioned")
    assert pos.piece_at("j8") == ("M", "g")


def test_red_can_win_too():
    pos = make("Mj7 mj8 Ka3 kt12", side="r")
    pos.push("j8=j7")
    assert pos.result == ("r", "master_conditioned")


def test_game_ending_first_action_keeps_the_turn():
    pos = make("Ma1 Ka3 Hj7 mj8 kt12", quiet=5, turn=12)
    pos.push("j7xj8")
    assert pos.side == "g"
    assert pos.acted == parse_square("j9")
    assert (pos.fired, pos.quiet, pos.turn) == (0, 0, 12)
    assert pos.jpn().endswith(" g j9 0 0 12")


def test_game_ending_second_action_keeps_the_turn_and_fired_cost():
    pos = make("Ma1 Ka3 Sj5 Cc1 Cd1 Ce1 mj8 kt12 he3", side="g")
    pos.push("a3-b4")
    pos.push("j5*j8")
    assert pos.side == "g" and pos.acted == parse_square("j5")
    assert pos.fired == 3 and pos.quiet == 0 and pos.turn == 1


def test_game_ending_master_action_keeps_the_turn():
    pos = make("Mj7 mj8 Ka3 kt12", side="r", turn=4)
    pos.push("j8=j7")
    assert pos.side == "r" and pos.acted == parse_square("j8") and pos.turn == 4
    # and the finished position reads back (its acted Master is allowed)
    assert Position(pos.jpn()).result == ("r", "master_conditioned")


def test_finished_game_refuses_actions():
    pos = make("Ma1 Ka3 Hj7 mj8 kt12")
    pos.push("j7xj8")
    with pytest.raises(IllegalActionError, match="game is over"):
        pos.push("a3-a4")
    assert "game is over" in pos.why_illegal("a3-a4")


def test_stranding_the_enemy_is_not_an_immediate_win():
    # Green's first action takes Red's last mobile piece; Red cannot act, but
    # the game only ends when Red's turn begins.
    pos = make("Ma1 Ka3 Ib9 Hh2 ma14 xb13 rb10")
    assert pos.legal_actions_from("b9")
    pos.push("b9xb10")
    assert pos.result is None and pos.side == "g"
    pos.push("h2-h3")
    assert pos.side == "r"
    assert pos.result == ("g", "forfeit")


def test_forfeit_when_no_legal_action_at_turn_start():
    pos = make("Ma1 xb2 mt14 kt12")
    assert pos.result == ("r", "forfeit")
    assert pos.is_over()


def test_agreed_draw_is_not_an_action():
    pos = Position()
    pos.push("b2-b4")
    pos.push("c2-c4")
    before = pos.jpn()
    pos.agree_draw()
    assert pos.result == Result(None, "agreed_draw")
    assert [str(a) for a in pos.history] == ["b2-b4", "c2-c4"]
    assert pos.jpn() == before
    assert pos.legal_actions() == []
    with pytest.raises(IllegalActionError):
        pos.agree_draw()
    pos.pop()
    assert pos.result is None  # undoing goes back before the agreement


def test_quiet_draw_after_200_quiet_actions():
    pos = make(CORNERS + " He5 Hg5", quiet=199, acted="e5")
    assert pos.quiet_draw_rule
    pos.push("g5-g6")
    assert pos.result == Result(None, "quiet_draw")
    assert pos.quiet == 200
    # the ending action keeps the turn like any game-ending action
    assert pos.side == "g" and pos.acted == parse_square("g6")
    assert pos.legal_actions() == []


def test_quiet_draw_is_a_setting():
    pos = make(CORNERS + " He5 Hg5", quiet=199, acted="e5", quiet_draw=False)
    pos.push("g5-g6")
    assert pos.result is None and pos.quiet == 200 and pos.side == "r"
    assert Position().quiet_draw_rule is True
    assert Position(quiet_draw=False).quiet_draw_rule is False


def test_removal_on_the_200th_action_resets_instead():
    pos = make(CORNERS + " He5 Hg5 hg6", quiet=199, acted="e5")
    pos.push("g5xg6")
    assert pos.result is None and pos.quiet == 0


def test_quiet_draw_read_from_jpn():
    text = make(CORNERS, quiet=200).jpn()
    assert Position(text).result == (None, "quiet_draw")
    assert Position(text, quiet_draw=False).result is None


def test_legal_set_does_not_depend_on_the_quiet_setting():
    # A first action that reaches 200 is judged by the movement rules only.
    on = make(CORNERS + " He5 Hg5", quiet=199)
    off = make(CORNERS + " He5 Hg5", quiet=199, quiet_draw=False)
    assert set(on.legal_actions()) == set(off.legal_actions())


def test_end_check_order_master_before_quiet_draw():
    text = make("Ma1 Ka3 Mj8 kt12", quiet=250).jpn()  # Red has no Master
    assert Position(text).result == ("g", "master_conditioned")
    text = make("Ma1 Ka3 kt12", quiet=250).jpn()
    assert Position(text, quiet_draw=True).result == ("g", "master_taken")


def test_end_check_order_quiet_draw_before_forfeit():
    # Red will have no legal action; the 200th quiet action draws first.
    base = "Ma1 Ka3 He5 mt14 Xs13"
    pos = make(base, quiet=199, acted="a3")
    pos.push("e5-e6")
    assert pos.result == (None, "quiet_draw")
    pos = make(base, quiet=199, acted="a3", quiet_draw=False)
    pos.push("e5-e6")
    assert pos.result == ("g", "forfeit")


def test_jpn_of_finished_game_reads_back_its_result():
    pos = make("Ma1 Ka3 Hj7 mj8 kt12")
    pos.push("j7xj8")
    again = Position(pos.jpn())
    assert again.result == ("g", "master_taken")
    assert again.legal_actions() == []


def test_missing_master_of_side_to_act():
    text = make("Ka3 mt14 kt12").jpn()
    assert Position(text).result == ("r", "master_taken")
