"""Shields around deployed Sentinels (the project's ruling on 'nothing can pass')."""
# rule: jayden.md#shields

from __future__ import annotations

from jayden_helpers import CORNERS, make, targets

from jayden_jazz.jayden import parse_square

NEIGHBOURS_OF_J7 = {"i6", "j6", "k6", "i7", "k7", "i8", "j8", "k8"}


def test_shield_covers_the_eight_neighbours_of_either_sides_sentinel():
    for x in ("Xj7", "xj7"):
        pos = make(CORNERS + " " + x)
        shielded = {sq for sq in NEIGHBOURS_OF_J7 | {"j7", "j9", "h7"} if pos.shielded(sq)}
        assert shielded == NEIGHBOURS_OF_J7


def test_deployment_raises_the_shield():
    pos = make(CORNERS + " Nb1 Hq4")
    assert not pos.shielded("j8")
    pos.push("b1-j7")
    assert pos.shielded("j8") and pos.piece_at("j7") == ("X", "g")
    pos.pop()
    assert not pos.shielded("j8") and pos.piece_at("b1") == ("N", "g")


def test_no_piece_may_enter_a_shielded_square():
    pos = make("Mh8 Ka3 mt14 kt12 xj7 Kj5 Ci5")
    assert "j5-j6" not in targets(pos, "j5") and "j5-i6" not in targets(pos, "j5")
    assert "i5-i6" not in targets(pos, "i5")
    assert "h8-i8" not in targets(pos, "h8") and "h8-i7" not in targets(pos, "h8")
    assert "shielded" in pos.why_illegal("j5-j6")


def test_no_slide_through_a_shielded_square():
    pos = make(CORNERS + " xj7 Dj3 Ie7 Rg4 hj12")
    dragon = targets(pos, "j3")
    assert "j3-j5" in dragon and "j3-j6" not in dragon and "j3-j9" not in dragon
    assert "j3xj12" not in dragon
    assert "e7-h7" in targets(pos, "e7") and "e7-l7" not in targets(pos, "e7")
    assert "g4-h5" in targets(pos, "g4") and "g4-i6" not in targets(pos, "g4")
    assert "shielded square j6" in pos.why_illegal("j3-j9")


def test_hero_cannot_step_through_or_land_on_shield():
    pos = make(CORNERS + " xj7 Hj4 Hl6 hk4")
    assert "j4-j5" in targets(pos, "j4") and "j4-j6" not in targets(pos, "j4")
    hero = targets(pos, "l6")
    assert "l6-k6" not in hero and "l6-j6" not in hero
    assert "j4xk4" in targets(pos, "j4")  # lands on l4: not shielded
    pos = make(CORNERS + " xj7 Hl5 hk5 Hi5 hi4")
    assert not pos.shielded("j5")
    assert "l5xk5" in targets(pos, "l5")  # lands on j5, just outside
    assert "i5xi4" in targets(pos, "i5")


def test_scout_jumps_over_a_shield_but_not_onto_one():
    pos = make(CORNERS + " xj7 Sj4")
    scout = targets(pos, "j4")
    assert "j4-j6" not in scout and "j4-j5" in scout
    pos = make(CORNERS + " xj8 Sj5")
    scout = targets(pos, "j5")
    assert "j5-j8" not in scout  # the Sentinel itself stands there
    pos = make(CORNERS + " xj7 Sj5")
    assert "j5-j8" not in targets(pos, "j5")  # j8 is shielded
    pos = make(CORNERS + " xk7 Sj5")
    assert pos.shielded("j6") and pos.shielded("j8")
    assert "j5-j9" not in targets(pos, "j5")  # four away
    pos = make(CORNERS + " xj7 Sj9")
    assert "j9-j6" not in targets(pos, "j9")
    pos = make(CORNERS + " xk6 Sj4")
    assert pos.shielded("j5") and pos.shielded("j6") and pos.shielded("j7")
    assert "j4-j8" not in targets(pos, "j4")  # four away
    pos = make(CORNERS + " xk6 Sj5")
    assert "j5-j8" in targets(pos, "j5")  # jumps over shielded j6 and j7


def test_deployed_sentinel_cannot_be_attacked_fired_on_or_conditioned():
    # Constructed: Red pieces stand next to Green's deployed Sentinel.
    pos = make("Ma1 Ka3 mt14 kt12 Xj7 ij8 mk8 sj5 cc14 cd14", side="r")
    assert pos.why_illegal("j8xj7") == "a deployed Sentinel cannot be attacked, fired on or conditioned"
    for action in pos.legal_actions():
        assert action.dst != parse_square("j7")
    assert "j5*j7" not in targets(pos, "j5")
    assert "k8=j7" not in targets(pos, "k8")


def test_pieces_standing_on_a_shield_may_leave_it():
    # Only a constructed position can have one; leaving is not entering.
    pos = make(CORNERS + " Xj7 Hj8 Hc5")
    assert "j8-j9" in targets(pos, "j8")


def test_shields_of_two_sentinels_overlap():
    pos = make(CORNERS + " Xj7 xl7 Hc5")
    assert pos.shielded("k7") and pos.shielded("k8") and pos.shielded("k6")
    shielded = [sq for sq in range(280) if pos.shielded(sq)]
    assert len(shielded) == 8 + 8 - 3


def test_second_deployment_keeps_the_first_shield_after_undo():
    pos = make(CORNERS + " Nb1 nc14 Hq4 hq10")
    pos.push("b1-j7")
    pos.push("q4-q5")
    pos.push("c14-l7")
    assert pos.shielded("k7")
    pos.pop()
    assert pos.shielded("k7") and not pos.shielded("m7")
