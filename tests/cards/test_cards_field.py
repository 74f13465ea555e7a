"""Field shapes: data files, validation, neighbour table, holes, player counts, symmetries."""
# rule: cards.md#fields
# rule: cards.md#cells

from __future__ import annotations

import numpy as np
import pytest

from jayden_jazz.cards import Field, FieldError, get_field, load_fields
from jayden_jazz.cards.field import field_from_data, parse_cell_name


def test_shipped_fields_load_with_their_cell_counts():
    fields = load_fields()
    counts = {name: f.playable_count for name, f in fields.items()}
    assert counts["3x3"] == 9 and counts["5x5"] == 25 and counts["7x7"] == 49
    holed = [f for f in fields.values() if f.has_holes]
    assert len(holed) >= 3
    assert counts["cross5"] == 9 and counts["ring5"] == 16 and counts["diamond7"] == 25


def test_cells_are_named_from_the_top_left():
    f = Field.rectangle(3)
    assert f.name_of(0) == "a1" and f.name_of(2) == "c1" and f.name_of(8) == "c3"
    assert f.index("b2") == 4 and f.coords(f.index("c2")) == (2, 1)
    assert parse_cell_name("b3") == (1, 2)
    with pytest.raises(ValueError):
        f.index("d1")


def test_neighbour_table_lists_the_playable_cell_on_each_side_or_minus_one():
    f = Field.rectangle(3)
    assert f.neighbours.dtype.kind == "i" and f.neighbours.shape == (9, 4)
    # top, right, bottom, left
    assert f.neighbours[f.index("b2")].tolist() == [1, 5, 7, 3]
    assert f.neighbours[f.index("a1")].tolist() == [-1, 1, 3, -1]
    assert f.neighbours[f.index("c3")].tolist() == [5, -1, -1, 7]
    assert not f.neighbours.flags.writeable


def test_holes_are_never_neighbours():
    ring = get_field("ring5")
    b2 = ring.index("b2")
    assert not ring.is_playable(b2)
    assert ring.neighbours[b2].tolist() == [-1, -1, -1, -1]
    # b1 sits on the ring: its bottom is the hole b2
    assert ring.neighbours[ring.index("b1")].tolist() == [-1, ring.index("c1"), -1, ring.index("a1")]
    cross = get_field("cross5")
    assert cross.adjacent(cross.index("c3")) == tuple(cross.index(n) for n in ("c2", "d3", "c4", "b3"))
    assert cross.adjacent(cross.index("a3")) == (cross.index("b3"),)
    # every entry points at a playable cell or is -1
    for f in load_fields().values():
        nb = f.neighbours[f.neighbours >= 0]
        assert f.playable.ravel()[nb].all()


@pytest.mark.parametrize("rows, words", [
    (["###", "##"], "same length"),
    (["#x#"], "only '#'"),
    (["...", "..."], "at least one playable"),
    ([], "no rows"),
    (["", ""], "empty"),
    (["#" * 27], "at most 26 columns"),
])
def test_bad_shapes_are_refused_in_plain_words(rows, words):
    with pytest.raises(FieldError, match=words):
        Field(rows, name="bad")


def test_field_names_and_file_keys_are_checked():
    with pytest.raises(FieldError, match="field name"):
        Field(["#"], name="Big Field")
    with pytest.raises(FieldError, match="needs both"):
        field_from_data({"name": "x"})
    with pytest.raises(FieldError, match="unknown key 'colour'"):
        field_from_data({"name": "x", "rows": ["#"], "colour": 3})
    with pytest.raises(FieldError, match="a mapping"):
        field_from_data(["###"])


def test_player_counts_follow_the_ruling():
    assert get_field("3x3").allowed_players == (2,)
    assert get_field("cross5").allowed_players == (2,)            # 9 playable cells
    assert Field(["####", "####", "###."]).allowed_players == (2,)     # 11 cells
    assert Field(["####", "####", "####"]).allowed_players == (2, 3, 4)  # 12 cells
    assert get_field("5x5").allowed_players == (2, 3, 4)
    assert get_field("diamond5").allowed_players == (2, 3, 4)       # 13 cells


def test_unknown_field_names_list_the_known_ones_and_rectangles_are_built():
    with pytest.raises(FieldError, match="known fields: .*3x3"):
        get_field("hexagon")
    f = get_field("4x6")
    assert (f.width, f.height, f.playable_count) == (4, 6, 24)


def test_square_fields_have_eight_symmetries_mapping_cells_and_sides():
    f = Field.rectangle(3)
    syms = {s.name: s for s in f.symmetries()}
    assert len(syms) == 8 and f.symmetries()[0].name == "identity"
    rot = syms["rot90"]  # clockwise quarter turn
    assert f.name_of(rot.cells[f.index("a1")]) == "c1"
    assert f.name_of(rot.cells[f.index("c1")]) == "c3"
    assert rot.sides == (1, 2, 3, 0)             # what faced up now faces right
    assert syms["flip_h"].sides == (0, 3, 2, 1)  # left and right trade places
    for s in syms.values():
        assert sorted(s.cells) == list(range(9))
        # adjacency is kept: neighbours map to neighbours on the mapped side
        for c in range(9):
            for d in range(4):
                n = int(f.neighbours[c, d])
                if n >= 0:
                    assert f.neighbours[s.cells[c], s.sides[d]] == s.cells[n]


def test_symmetries_keep_holes_on_holes():
    lopsided = Field(["##.", "###", "###"], name="lopsided")
    names = {s.name for s in lopsided.symmetries()}
    assert names == {"identity", "anti_diag"}
    assert {s.name for s in Field.rectangle(4, 2).symmetries()} == {"identity", "rot180", "flip_h", "flip_v"}
    assert np.array_equal(get_field("diamond7").playable, get_field("diamond7").playable.T)
