"""Scouts and Cannons: Free Cannons, distance cost, no line of sight, and the
manual's two worked examples."""
# rule: jayden.md#firing

from __future__ import annotations

from jayden_helpers import CORNERS, make, targets

from jayden_jazz.jayden import parse_square

# Green Scouts on e5 and k5, Cannons on c1 and d1.
BASE = CORNERS + " Se5 Sk5 Cc1 Cd1"


def _fires(pos, sq):
    return {a for a in targets(pos, sq) if "*" in a}


def test_fire_destroys_target_and_scout_stays():
    pos = make(BASE + " he6")
    pos.push("e5*e6")
    assert pos.piece_at("e6") is None
    assert pos.piece_at("e5") == ("S", "g")
    assert pos.count("r", "H") == 0 and pos.quiet == 0


def test_manual_example_two_squares_spends_both_cannons():
    # First action: fire at a Hero two squares away with two Cannons. Both
    # are spent, so the second action cannot fire at all.
    pos = make(BASE + " he7 hk6 hk7")
    assert pos.free_cannons("g") == 2
    pos.push("e5*e7")
    assert pos.fired == 2 and pos.free_cannons("g") == 0
    assert _fires(pos, "k5") == set()
    assert "only 0 free Cannons" in pos.why_illegal("k5*k6")


def test_manual_example_one_square_then_the_other_scout():
    # First action: fire at a Dragon one square away; one Cannon stays free
    # and the OTHER Scout may fire one square away.
    pos = make(BASE + " de6 hk6 hk7")
    pos.push("e5*e6")
    assert pos.fired == 1 and pos.free_cannons("g") == 1
    assert _fires(pos, "k5") == {"k5*k6"}
    assert pos.legal_actions_from("e5") == []  # the same Scout cannot fire again
    assert "only 1 free Cannons" in pos.why_illegal("k5*k7")
    pos.push("k5*k6")
    assert pos.side == "r" and pos.fired == 0 and pos.free_cannons("g") == 2


def test_distance_is_counted_as_a_king_walks():
    pos = make(CORNERS + " Se5 Cc1 hg6 hf6")
    # one Cannon: f6 is 1 away diagonally, g6 is 2 away (max of 2 files, 1 rank)
    assert _fires(pos, "e5") == {"e5*f6"}
    pos = make(BASE + " hg6 hf6 hh8")
    assert _fires(pos, "e5") == {"e5*f6", "e5*g6"}


def test_no_line_of_sight_needed():
    pos = make(BASE + " He6 Df5 he7 hg7")
    assert {"e5*e7", "e5*g7"} <= _fires(pos, "e5")


def test_firing_costs_the_distance():
    pos = make(BASE + " Cf1 hh7 hk6")
    pos.push("e5*h7")  # 3 away, 3 Cannons
    assert pos.fired == 3 and pos.free_cannons("g") == 0
    assert _fires(pos, "k5") == set()


def test_no_cannon_no_fire():
    pos = make(CORNERS + " Se5 he6")
    assert _fires(pos, "e5") == set()
    assert pos.why_illegal("e5*e6") == "with no Cannon on the board, Scouts cannot fire"


def test_cannon_lost_lowers_the_reach():
    pos = make(BASE + " he7 rd2", side="r")
    pos.push("d2xc1")
    pos.push("t12-t11")
    assert pos.free_cannons("g") == 1
    assert _fires(pos, "e5") == set()  # e7 is two away


def test_moving_a_cannon_does_not_fire_it():
    pos = make(BASE + " he7")
    pos.push("c1-c2")
    assert pos.fired == 0
    assert "e5*e7" in _fires(pos, "e5")


def test_stranded_cannon_still_counts():
    # Green has no Mark: its Cannon on c10 cannot act, but it still counts.
    pos = make("Ma1 mt14 kt12 Se5 Cc1 Cc10 he7")
    assert pos.legal_actions_from("c10") == []
    assert pos.free_cannons("g") == 2
    assert "e5*e7" in _fires(pos, "e5")


def test_scout_in_own_territory_fires_into_enemy_territory_without_mark():
    pos = make("Ma1 mt14 kt12 Se6 Cc1 Cd1 he8")
    assert not pos.has_mark("g")
    assert "e6*e8" in _fires(pos, "e6")


def test_stranded_scout_cannot_fire():
    pos = make("Ma1 mt14 kt12 Se9 Cc1 Cd1 he10")
    assert pos.legal_actions_from("e9") == []
    assert "cannot act" in pos.why_illegal("e9*e10")


def test_cannot_fire_on_a_deployed_sentinel_but_can_on_undeployed():
    pos = make(BASE + " xe8 ng5")
    fires = _fires(pos, "e5")
    assert "e5*g5" in fires and "e5*e8" not in fires
    assert "deployed Sentinel cannot be" in pos.why_illegal("e5*e8")


def test_scout_fire_at_own_piece_is_refused():
    pos = make(BASE + " He6")
    assert "its own side" in pos.why_illegal("e5*e6")


def test_fire_acted_field_is_the_scout_square():
    pos = make(BASE + " he6")
    pos.push("e5*e6")
    assert pos.acted == parse_square("e5")
