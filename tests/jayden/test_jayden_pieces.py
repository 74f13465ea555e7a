"""One test (at least) per piece rule and per movement rule of docs/rules/jayden.md."""
# rule: jayden.md#moving-and-attacking
# rule: jayden.md#the-pieces
# rule: jayden.md#cannon
# rule: jayden.md#dragon
# rule: jayden.md#hero
# rule: jayden.md#interceptor
# rule: jayden.md#mark
# rule: jayden.md#master
# rule: jayden.md#raider
# rule: jayden.md#scout
# rule: jayden.md#sentinel

from __future__ import annotations

from jayden_helpers import CORNERS, make, targets

from jayden_jazz.jayden import Position, parse_square


def _all_from(pos: Position, sq: str) -> set[str]:
    return targets(pos, sq)


# ------------------------------------------------------- general movement


def test_cannot_enter_own_square_and_attack_replaces_enemy():
    pos = make(CORNERS + " De5 He8 he3")
    acts = _all_from(pos, "e5")
    assert "e5-e7" in acts and "e5-e8" not in acts and "e5xe8" not in acts
    assert "e5xe3" in acts
    pos.push("e5xe3")
    assert pos.piece_at("e3") == ("D", "g") and pos.piece_at("e5") is None
    assert pos.count("r", "H") == 0


def test_sliding_piece_stops_at_first_piece():
    pos = make(CORNERS + " Ie5 he7 he9")
    acts = _all_from(pos, "e5")
    assert {"e5-e6", "e5xe7"} <= acts
    assert "e5-e8" not in acts and "e5xe9" not in acts


def test_no_action_targets_own_side():
    pos = make(CORNERS + " Me5 He6 Sf5 Cg5 Dh5 Ie7")
    for action in pos.legal_actions():
        target = pos.piece_at(action.dst)
        if action.kind != "move":
            assert target is not None and target[1] == "r"
    assert "e5=e6" not in _all_from(pos, "e5")


# ------------------------------------------------------------------ Cannon


def test_cannon_steps_orthogonally_and_never_attacks():
    pos = make(CORNERS + " Ce5 hf5 Sj9")
    assert _all_from(pos, "e5") == {"e5-e6", "e5-e4", "e5-d5"}
    assert "never attacks" in pos.why_illegal("e5xf5")
    assert "one square up, down, left or right" in pos.why_illegal("e5-f6")


# ------------------------------------------------------------------ Dragon


def test_dragon_slides_up_to_19_in_8_directions():
    pos = make("Da1 Mt1 mt14 kt12 Kt3")
    acts = _all_from(pos, "a1")
    assert "a1-s1" in acts and "a1-t1" not in acts  # t1 holds Green's Master
    assert "a1-a14" in acts  # 13 squares up
    assert "a1-n14" in acts  # diagonal to the top edge
    assert len(acts) == 18 + 13 + 13


def test_dragon_attacks_along_diagonal():
    pos = make(CORNERS + " Dc3 rg7")
    assert "c3xg7" in _all_from(pos, "c3")


# -------------------------------------------------------------------- Hero


def test_hero_moves_one_or_two_orthogonally():
    pos = make(CORNERS + " He5")
    assert _all_from(pos, "e5") == {
        "e5-e6", "e5-e7", "e5-e4", "e5-e3", "e5-d5", "e5-c5", "e5-f5", "e5-g5"
    }


def test_hero_two_step_needs_empty_middle():
    pos = make(CORNERS + " He5 Ce6 hd5")
    acts = _all_from(pos, "e5")
    assert "e5-e7" not in acts  # own piece in the middle
    assert "e5-c5" not in acts  # enemy in the middle: that is a jump attack instead
    assert "e5xd5" in acts
    assert "blocked at e6" in pos.why_illegal("e5-e7")


def test_hero_attacks_by_jumping_and_lands_beyond():
    pos = make(CORNERS + " He5 he6")
    assert "e5xe6" in _all_from(pos, "e5")
    pos.push("e5xe6")
    assert pos.piece_at("e7") == ("H", "g")
    assert pos.piece_at("e6") is None and pos.piece_at("e5") is None
    assert pos.acted == parse_square("e7")  # the landing square identifies the piece


def test_hero_landing_square_helper():
    pos = make(CORNERS + " He5 he6")
    assert pos.landing("e5xe6") == parse_square("e7")
    assert pos.landing("e5-e7") == parse_square("e7")
    assert pos.landing("e5-e6") == parse_square("e6")


def test_hero_attack_needs_empty_on_board_unshielded_landing():
    pos = make(CORNERS + " He5 he6 Ce7 Hb5 ha5 Hq9 hr9 xt10")
    assert "e5xe6" not in _all_from(pos, "e5")  # landing e7 occupied
    assert "b5xa5" not in _all_from(pos, "b5")  # landing off the board
    assert pos.shielded("s9") and not pos.shielded("r9")
    assert "q9xr9" not in _all_from(pos, "q9")  # landing s9 is shielded
    assert "landing square e7 is not empty" in pos.why_illegal("e5xe6")
    assert "off the board" in pos.why_illegal("b5xa5")


def test_hero_cannot_land_on_shielded_square():
    pos = make(CORNERS + " Hp8 hq8 xs8")
    assert pos.shielded("r8")
    assert "p8xq8" not in _all_from(pos, "p8")
    assert "shielded" in pos.why_illegal("p8xq8")


def test_hero_attacks_only_adjacent_orthogonal_enemies():
    pos = make(CORNERS + " He5 he7 hf6")
    acts = _all_from(pos, "e5")
    assert "e5xe7" not in acts and "e5xf6" not in acts
    assert "orthogonally adjacent" in pos.why_illegal("e5xe7")


def test_heroes_cannot_attack_marks():
    pos = make(CORNERS + " He5 ke6")
    assert "e5xe6" not in _all_from(pos, "e5")
    assert pos.why_illegal("e5xe6") == "Heroes cannot attack Marks"


def test_hero_can_attack_undeployed_sentinel():
    pos = make(CORNERS + " He5 ne6")
    assert "e5xe6" in _all_from(pos, "e5")


# ------------------------------------------------------------- Interceptor


def test_interceptor_slides_orthogonally_only():
    pos = make(CORNERS + " Ie5 rg7 re9")
    acts = _all_from(pos, "e5")
    assert "e5xe9" in acts and "e5-t5" in acts and "e5-a5" in acts and "e5-e1" in acts
    assert not any(a.endswith("g7") or a.endswith("f6") for a in acts)
    assert "slides up, down, left or right" in pos.why_illegal("e5-f6")


# -------------------------------------------------------------------- Mark


def test_mark_steps_one_square_any_direction_never_attacks():
    pos = make(CORNERS + " Ke5 he6")
    assert _all_from(pos, "e5") == {"e5-d6", "e5-f6", "e5-d5", "e5-f5", "e5-d4", "e5-e4", "e5-f4"}
    assert pos.why_illegal("e5xe6") == "a Mark never attacks"


# ------------------------------------------------------------------ Master


def test_master_steps_one_square_or_conditions_adjacent_enemy():
    pos = make("Me5 he6 rf6 mt14 Ka3 kt12")
    acts = _all_from(pos, "e5")
    assert "e5=e6" in acts and "e5=f6" in acts
    assert "e5-d6" in acts and "e5-e4" in acts and "e5-e7" not in acts
    assert "e5xe6" not in acts and "conditions" in pos.why_illegal("e5xe6")


def test_conditioning_switches_allegiance_master_stays():
    pos = make("Me5 he6 mt14 Ka3 kt12")
    pos.push("e5=e6")
    assert pos.piece_at("e6") == ("H", "g")
    assert pos.piece_at("e5") == ("M", "g")
    assert pos.count("g", "H") == 1 and pos.count("r", "H") == 0


def test_conditioned_mark_counts_for_new_side():
    pos = make("Me5 ke6 mt14 Ka3")
    assert pos.has_mark("r") and pos.count("g", "K") == 1
    pos.push("e5=e6")
    assert pos.count("g", "K") == 2 and not pos.has_mark("r")
    pos = make("Me5 ke6 mt14")
    assert pos.has_mark("r") and not pos.has_mark("g")
    pos.push("e5=e6")
    assert pos.has_mark("g") and not pos.has_mark("r")


def test_master_can_condition_an_undeployed_sentinel():
    pos = make("Me5 ne6 Ka3 mt14 kt12")
    pos.push("e5=e6")
    assert pos.piece_at("e6") == ("N", "g")


# ------------------------------------------------------------------ Raider


def test_raider_slides_one_to_four_diagonally():
    pos = make(CORNERS + " Rj7 hm10 Ci6")
    acts = _all_from(pos, "j7")
    assert {"j7-k8", "j7-l9", "j7xm10", "j7-i8", "j7-f11"} <= acts
    assert "j7-e12" not in acts  # five squares
    assert "j7-i6" not in acts and "j7-h5" not in acts  # own Cannon blocks that diagonal
    assert "j7-k6" in acts and "j7-n3" in acts
    assert "at most 4" in pos.why_illegal("j7-e12")


# ------------------------------------------------------------------- Scout


def test_scout_jumps_exactly_one_two_or_three_over_anything():
    pos = make(CORNERS + " Se5 He6 Hf6 Hf5 Hf4 He4 Hd4 Hd5 Hd6")
    acts = {a for a in _all_from(pos, "e5") if "-" in a}
    # boxed in by its own Heroes, it still jumps 2 or 3 along every line
    assert {"e5-e7", "e5-e8", "e5-g7", "e5-h8", "e5-g5", "e5-h5", "e5-c3", "e5-b2"} <= acts
    assert "e5-e9" not in acts and "e5-f7" not in acts  # 4 away / not on a line
    assert "exactly 1, 2 or 3" in pos.why_illegal("e5-f7")


def test_scout_never_attacks_by_moving():
    pos = make(CORNERS + " Se5 he6")
    assert not any("x" in a for a in _all_from(pos, "e5"))
    assert "fires" in pos.why_illegal("e5xe6")


# ---------------------------------------------------------------- Sentinel


def test_sentinel_deploys_to_empty_square_with_empty_neighbours():
    pos = make("Nj5 Mt1 Kt3 he9 mt14 kt12")
    acts = _all_from(pos, "j5")
    assert "j5-e10" not in acts  # next to e9
    assert "j5-d10" not in acts and "j5-e8" not in acts and "j5-f10" not in acts
    assert "j5-e11" in acts
    assert "j5-e7" in acts and "j5-a14" in acts  # corners count only on-board neighbours
    assert "j5-t2" not in acts  # next to t1 and t3
    assert "next to" in pos.why_illegal("j5-e10")


def test_sentinel_may_deploy_next_to_its_own_square_but_must_move():
    pos = make("Nj5 Mt1 Kt3 mt14 kt12")
    acts = _all_from(pos, "j5")
    assert "j5-j6" in acts and "j5-k4" in acts
    assert "j5-j5" not in acts
    assert pos.why_illegal("j5-j5") == "the Sentinel must change square"


def test_deployed_sentinel_becomes_x_and_never_acts_again():
    pos = make("Nj5 Mt1 Kt3 mt14 kt12 ka12")
    pos.push("j5-c10")
    assert pos.piece_at("c10") == ("X", "g") and pos.piece_at("j5") is None
    pos.push("t3-t4")
    pos.push("t12-t11")
    pos.push("a12-a11")
    assert pos.legal_actions_from("c10") == []
    assert pos.why_illegal("c10-c12") == "a deployed Sentinel never acts again"


def test_sentinel_deployment_is_a_move_in_notation():
    pos = make("Nj5 Mt1 Kt3 mt14 kt12")
    action = next(a for a in pos.legal_actions_from("j5"))
    assert action.kind == "move" and "-" in str(action)


def test_undeployed_sentinel_can_be_attacked_and_fired_on():
    pos = make(CORNERS + " De5 ne9 Sh5 Ci1 Cj1 nh7")
    assert "e5xe9" in targets(pos, "e5")
    assert "h5*h7" in targets(pos, "h5")
