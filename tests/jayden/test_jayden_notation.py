"""Squares, JPN and action notation: exact round trips and precise errors."""
# rule: jayden.md#the-board
# rule: jayden.md#pieces-and-letters
# rule: jayden.md#starting-position
# rule: jayden.md#position-notation-jpn
# rule: jayden.md#action-notation

from __future__ import annotations

import pytest
from jayden_helpers import CORNERS, jpn, make

from jayden_jazz.jayden import (
    START_JPN,
    Action,
    ActionSyntaxError,
    JPNError,
    Position,
    parse_square,
    square_name,
    turn_from_text,
    turn_text,
)

RULES_START = (
    "csrrrriinkmdiirrrrsc/khhhhhhhhhhhhhhhhhhk/20/20/20/20/20/20/20/20/20/20/"
    "KHHHHHHHHHHHHHHHHHHK/CSRRRRIIDMKNIIRRRRSC g - 0 0 1"
)


# ----------------------------------------------------------------- squares


def test_square_numbering_is_rank_major_from_a1():
    assert parse_square("a1") == 0
    assert parse_square("t1") == 19
    assert parse_square("a2") == 20
    assert parse_square("t14") == 279
    assert [square_name(i) for i in (0, 19, 20, 279)] == ["a1", "t1", "a2", "t14"]


def test_every_square_name_round_trips():
    names = [square_name(i) for i in range(280)]
    assert len(set(names)) == 280
    assert [parse_square(n) for n in names] == list(range(280))


@pytest.mark.parametrize("bad", ["", "u1", "a0", "a15", "a01", "A1", "a", "1a", "a1 "])
def test_bad_square_names_are_refused(bad):
    with pytest.raises(ActionSyntaxError):
        parse_square(bad)


def test_square_index_off_board_is_refused():
    with pytest.raises(ValueError):
        square_name(280)


# --------------------------------------------------------------------- JPN


def test_start_position_is_the_rules_string():
    assert START_JPN == RULES_START
    assert Position().jpn() == RULES_START


def test_start_layout_is_green_turned_180_degrees():
    pos = Position()
    for sq in range(280):
        green = pos.piece_at(sq)
        red = pos.piece_at(279 - sq)
        if green is None:
            assert red is None
        elif green[1] == "g":
            assert red == (green[0], "r")


def test_start_piece_counts_per_side():
    pos = Position()
    expected = {"C": 2, "D": 1, "H": 18, "I": 4, "K": 3, "M": 1, "R": 8, "S": 2, "N": 1, "X": 0}
    for side in "gr":
        assert {k: pos.count(side, k) for k in expected} == expected


def test_start_rows_read_as_the_rules_table():
    pos = Position()
    rank1 = "".join(pos.piece_at(f"{f}1")[0] for f in "abcdefghijklmnopqrst")
    assert rank1 == "CSRRRRIIDMKNIIRRRRSC"
    rank14 = "".join(pos.piece_at(f"{f}14")[0] for f in "abcdefghijklmnopqrst")
    assert rank14 == "CSRRRRIINKMDIIRRRRSC"
    assert pos.side == "g" and pos.turn == 1 and pos.acted is None


@pytest.mark.parametrize(
    "text",
    [
        RULES_START,
        "20/20/20/20/20/20/20/20/20/20/20/20/20/19M r - 0 5 9",
        "m19/20/20/20/20/20/20/20/20/20/20/20/1x18/M1S16C g - 0 0 1",
        jpn(CORNERS + " Sb5 Cc1 Cd1", acted="b5", fired=2, quiet=3, turn=40),
        jpn("Mj1 Hj2 Mj14", side="g", acted="j2"),  # red Master conditioned: game over
        "4X15/20/20/20/20/20/20/20/20/20/20/20/20/20 g - 0 123456 7",
    ],
)
def test_jpn_round_trips_exactly(text):
    assert Position(text).jpn() == text
    assert Position.from_jpn(text, quiet_draw=False).jpn() == text


def test_jpn_runs_are_merged_and_counted():
    pos = make("Ma1 mt14 Hk7")
    rank7 = pos.jpn().split(" ")[0].split("/")[14 - 7]
    assert rank7 == "10H9"


def _error(text: str) -> JPNError:
    with pytest.raises(JPNError) as info:
        Position(text)
    return info.value


def _fields(**over):
    fields = dict(ranks=RULES_START.split(" ")[0], side="g", acted="-", fired="0",
                  quiet="0", turn="1")
    fields.update(over)
    return " ".join(fields[k] for k in ("ranks", "side", "acted", "fired", "quiet", "turn"))


def test_jpn_wrong_field_count():
    err = _error(RULES_START.rsplit(" ", 1)[0])
    assert "6 fields" in str(err) and "found 5" in str(err)


@pytest.mark.parametrize("text", [RULES_START + " ", " " + RULES_START,
                                  RULES_START.replace(" g ", " g  ")])
def test_jpn_extra_spaces(text):
    assert "exactly one space" in str(_error(text))


@pytest.mark.parametrize("text", [RULES_START + "\n", RULES_START.replace(" ", "\t", 1)])
def test_jpn_other_whitespace(text):
    assert "single spaces" in str(_error(text))


def test_jpn_rank_count():
    err = _error(_fields(ranks="20/" * 12 + "20"))
    assert err.field == "ranks" and "found 13 ranks" in str(err)


def test_jpn_rank_with_21_squares():
    ranks = "20/20/20/20/20/20/20/20/20/20/20/H20/20/20"
    err = _error(_fields(ranks=ranks))
    assert err.field == "ranks" and "rank 3 has 21 squares" in str(err)


def test_jpn_rank_with_19_squares():
    err = _error(_fields(ranks="19/" + "20/" * 12 + "20"))
    assert "rank 14 has 19 squares" in str(err)


def test_jpn_unknown_letter():
    err = _error(_fields(ranks="20/" * 9 + "Z19/" + "20/" * 3 + "20"))
    assert "rank 5" in str(err) and "'Z'" in str(err)


@pytest.mark.parametrize("run", ["0", "05", "021"])
def test_jpn_empty_run_leading_zero_or_zero(run):
    err = _error(_fields(ranks=f"{run}M19/" + "20/" * 12 + "20"))
    assert err.field == "ranks" and "leading zero" in str(err) and "rank 14" in str(err)


def test_jpn_empty_run_too_long():
    err = _error(_fields(ranks="21/" + "20/" * 12 + "20"))
    assert "empty run of 21" in str(err)


def test_jpn_empty_rank():
    err = _error(_fields(ranks="/" + "20/" * 12 + "20"))
    assert "rank 14 is empty" in str(err)


def test_jpn_bad_side():
    err = _error(_fields(side="G"))
    assert err.field == "side" and "'G'" in str(err)


@pytest.mark.parametrize("acted", ["u1", "a15", "a01", "1", "A1"])
def test_jpn_bad_acted_square(acted):
    err = _error(_fields(acted=acted))
    assert err.field == "acted"


@pytest.mark.parametrize("field,value,words", [
    ("fired", "01", "leading zero"),
    ("fired", "-1", "not a whole number"),
    ("quiet", "x", "not a whole number"),
    ("quiet", "007", "leading zero"),
    ("turn", "0", "below the minimum 1"),
    ("turn", "+3", "not a whole number"),
])
def test_jpn_bad_numbers(field, value, words):
    err = _error(_fields(**{field: value}))
    assert err.field == field and words in str(err)


def test_jpn_acted_must_hold_a_piece_of_the_side_to_act():
    assert "does not hold a piece" in str(_error(_fields(acted="e5")))
    err = _error(_fields(acted="a14"))
    assert err.field == "acted" and "Green" in str(err)


def test_jpn_acted_may_not_be_the_master_in_a_live_game():
    err = _error(_fields(acted="j1"))
    assert err.field == "acted" and "Master" in str(err)


def test_jpn_acted_master_accepted_once_the_game_is_over():
    text = jpn("Mj1 Mj2", side="g", acted="j1")  # Red's Master was conditioned
    pos = Position(text)
    assert pos.result is not None and pos.result.winner == "g"


def test_jpn_fired_without_acted():
    err = _error(_fields(fired="1"))
    assert err.field == "fired" and "no action" in str(err)


def test_jpn_fired_above_cannons():
    err = _error(jpn(CORNERS + " Sb5 Cc1", acted="b5", fired=2))
    assert err.field == "fired" and "only 1" in str(err)


def test_jpn_not_text():
    with pytest.raises(JPNError):
        Position(42)  # type: ignore[arg-type]


def test_jpn_errors_are_value_errors():
    assert issubclass(JPNError, ValueError)


def test_jpn_any_piece_counts_accepted():
    pos = Position("DDDDDDDDDDDDDDDDDDDD/20/20/20/20/20/20/20/20/20/20/20/20/mM18 g - 0 0 1")
    assert pos.count("g", "D") == 20 and pos.result is None


# ----------------------------------------------------------------- actions


@pytest.mark.parametrize("text,kind", [
    ("b2-b4", "move"), ("e5xe6", "attack"), ("b1*f4", "fire"), ("j1=j2", "condition"),
    ("t14-a1", "move"), ("a10xa11", "attack"),
])
def test_action_text_round_trip(text, kind):
    action = Action.from_text(text)
    assert action.kind == kind
    assert str(action) == text and action.text() == text
    assert action.src == parse_square(text[:2] if text[2] in "-x*=" else text[:3])


def test_action_fields():
    a = Action.from_text("b1*f4")
    assert (a.src, a.dst, a.kind) == (1, 65, "fire")
    assert a == Action(1, 65, "fire") and hash(a) == hash(Action(1, 65, "fire"))
    assert eval(repr(a)) == a


@pytest.mark.parametrize("text,words", [
    ("", "empty"),
    ("b2b4", "no separator"),
    ("b2-", "to-square is missing"),
    ("-b4", "from-square is missing"),
    ("u2-b4", "file 'u'"),
    ("b0-b4", "leading zero or is 0"),
    ("b15-b4", "rank 15 is off the board"),
    ("b02-b4", "leading zero"),
    ("B2-b4", "file 'B'"),
    ("b2-b4-b6", "more than one separator"),
    ("b2+b4", "no separator"),
    ("b2-bx", "more than one separator"),
    ("b2-b", "rank is missing"),
])
def test_action_syntax_errors(text, words):
    with pytest.raises(ActionSyntaxError) as info:
        Action.from_text(text)
    assert words in str(info.value)
    assert isinstance(info.value, ValueError)


def test_every_generated_action_round_trips():
    pos = Position()
    for action in pos.legal_actions():
        assert Action.from_text(str(action)) == action


def test_turn_text():
    turn = turn_from_text("b2-b4 c2-c4")
    assert turn == [Action.from_text("b2-b4"), Action.from_text("c2-c4")]
    assert turn_text(turn) == "b2-b4 c2-c4"
    assert turn_from_text("j1=j2") == [Action.from_text("j1=j2")]
    for bad in ("", "b2-b4  c2-c4", "a1-a2 a2-a3 a3-a4"):
        with pytest.raises(ActionSyntaxError):
            turn_from_text(bad)
