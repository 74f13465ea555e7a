"""Which of a side's pieces the enemy could take in its next turn (the Enhanced board's red corners)."""

from jayden_jazz.jayden import START_JPN, Position, parse_square
from jayden_jazz.jayden.threats import piece_threats
from tests.scenes.jpn_helpers import jpn

KINGS = {"j1": "M", "t14": "m", "s14": "k", "a2": "K"}


def squares(*names):
    return [parse_square(n) for n in names]


def test_a_piece_in_reach_of_an_enemy_dragon_is_at_risk_and_one_out_of_reach_is_not():
    pos = Position(jpn({**KINGS, "e5": "H", "e9": "d", "p5": "H"}))
    assert piece_threats(pos, "g") == squares("e5")


def test_a_piece_the_enemy_reaches_only_after_its_first_action_is_at_risk():
    pos = Position(jpn({**KINGS, "e5": "H", "e9": "d", "e8": "h", "p5": "H"}))   # e8 blocks until it moves
    assert piece_threats(pos, "g") == squares("e5")


def test_the_master_is_left_to_its_own_warning_and_the_start_is_quiet():
    pos = Position(jpn({**KINGS, "e4": "H", "j9": "d"}))
    assert pos.master_threats("g") == squares("j9")
    assert piece_threats(pos, "g") == squares("e4")            # the Hero, not the Master
    assert piece_threats(Position(START_JPN), "g") == []


def test_no_piece_is_at_risk_when_the_game_is_over():
    pos = Position(jpn({**KINGS, "e5": "H", "e9": "d"}))
    pos.resign("r")
    assert piece_threats(pos, "g") == []
