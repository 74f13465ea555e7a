"""The Half Line: crossing, stranded pieces, exemptions, Mark allegiance."""
# rule: jayden.md#the-board
# rule: jayden.md#the-half-line

from __future__ import annotations

from jayden_helpers import make, targets

from jayden_jazz.jayden import parse_square
from jayden_jazz.jayden.tables import ENEMY_TERRITORY, TERRITORY

# Both Masters, Red keeps a Mark; Green has none unless a test adds one.
NO_MARK = "Ma1 mt14 kt12"


def test_territories_split_between_ranks_7_and_8():
    green, red = TERRITORY
    assert green.sum() == 140 and red.sum() == 140
    assert green[parse_square("t7")] and not green[parse_square("a8")]
    assert red[parse_square("a8")] and not red[parse_square("t7")]
    assert (ENEMY_TERRITORY[0] == red).all() and (ENEMY_TERRITORY[1] == green).all()


def test_without_mark_pieces_cannot_cross():
    pos = make(NO_MARK + " He6 Ie5 Dd5 Sf4 Cg7")
    assert targets(pos, "e6") == {"e6-e7", "e6-d6", "e6-c6", "e6-f6", "e6-g6"}
    assert not any(int(a.split("-")[1][1:]) >= 8 for a in targets(pos, "e5"))
    assert not any(int(a.split("-")[1][1:]) >= 8 for a in targets(pos, "d5"))
    assert "f4-f7" in targets(pos, "f4") and not any(
        int(a.split("-")[1][1:]) >= 8 for a in targets(pos, "f4")
    )
    assert targets(pos, "g7") == {"g7-g6", "g7-f7", "g7-h7"}
    assert "beyond the Half Line" in pos.why_illegal("e6-e8")


def test_without_mark_no_attack_into_enemy_territory():
    pos = make(NO_MARK + " Ie5 he9")
    assert "e5xe9" not in targets(pos, "e5")
    assert "beyond the Half Line" in pos.why_illegal("e5xe9")


def test_with_a_mark_pieces_cross():
    pos = make(NO_MARK + " Ka3 He6")
    assert "e6-e8" in targets(pos, "e6")
    pos = make(NO_MARK + " Ka3 He7 If5 hf9")
    assert "e7-e8" in targets(pos, "e7") and "f5xf9" in targets(pos, "f5")


def test_stranded_pieces_cannot_act():
    pos = make(NO_MARK + " He10 Df11 Sg12 Ch9 Ii10 Ib5 hi11")
    for sq, move in (("e10", "e9"), ("f11", "f10"), ("g12", "g11"), ("h9", "h8"),
                     ("i10", "i9")):
        assert pos.legal_actions_from(sq) == [], sq
        assert "cannot act" in pos.why_illegal(f"{sq}-{move}")
    assert "i10xi11" not in targets(pos, "i10")


def test_exempt_pieces_act_beyond_the_line():
    pos = make(NO_MARK + " Re10 Nj5 Ib5")
    raider = targets(pos, "e10")
    assert "e10-f11" in raider and "e10-d9" in raider and "e10-g8" in raider
    assert "j5-j12" in targets(pos, "j5")  # the Sentinel deploys anywhere
    pos = make("Me7 mt14 kt12 Ib5")
    assert "e7-e8" in targets(pos, "e7")  # the Master crosses
    pos = make("Mk10 hk11 mt14 kt12 Ib5")
    assert {"k10=k11", "k10-k9"} <= targets(pos, "k10")


def test_raider_crosses_without_mark():
    pos = make(NO_MARK + " Re5 hh8 Ib5")
    assert {"e5-f6", "e5-g7", "e5xh8", "e5-b8"} <= targets(pos, "e5")


def test_hero_attack_uses_the_landing_square():
    # The enemy stands in Green's own territory (e7) but the landing (e8)
    # is beyond the line: refused. Landing on the own side is fine.
    pos = make(NO_MARK + " He6 he7 Hg5 hg6")
    assert "e6xe7" not in targets(pos, "e6")
    assert "beyond the Half Line" in pos.why_illegal("e6xe7")
    assert "g5xg6" in targets(pos, "g5")


def test_red_is_bound_the_same_way_mirrored():
    pos = make("Ma1 Ka3 mt14 he9 Ht8 ij8", side="r")
    assert "e9-e7" not in targets(pos, "e9") and "e9-e8" in targets(pos, "e9")
    assert targets(pos, "j8") and all(int(a[4:]) >= 8 for a in targets(pos, "j8"))
    pos = make("Ma1 Ka3 mt14 he9 He8 hb7 ib5", side="r")
    assert "e9xe8" not in targets(pos, "e9")  # would land on e7
    assert pos.legal_actions_from("b7") == []  # stranded
    assert pos.legal_actions_from("b5") == []


def test_losing_the_last_mark_strands_pieces():
    # Red's Raider takes Green's only Mark; Green's Hero on e10 is stranded.
    pos = make("Ma1 Ka3 mt14 kt12 He10 Ha5 Hj5 rb4 rs2", side="r")
    assert pos.has_mark("g")
    pos.push("b4xa3")
    pos.push("s2-r3")
    assert not pos.has_mark("g") and pos.side == "g"
    assert pos.legal_actions_from("e10") == []
    assert pos.legal_actions_from("a5") != []


def test_mark_counted_by_current_allegiance():
    # Green has no Mark; its Master conditions Red's Mark and is free again.
    pos = make("Mj5 kj6 He10 mt14 kt12 ht10")
    assert pos.legal_actions_from("e10") == []
    pos.push("j5=j6")
    assert pos.has_mark("g")
    pos.push("t12-t11")
    pos.push("t10-s10")
    assert "e10-e11" in targets(pos, "e10")


def test_side_with_no_mark_red_loses_by_conditioning():
    pos = make("Mj5 kj6 mt14 hc5 Ka3", side="g")
    pos.push("j5=j6")
    assert not pos.has_mark("r")
    # Red's Hero on c5 is beyond Red's line and now stranded.
    assert pos.legal_actions_from("c5") == []
