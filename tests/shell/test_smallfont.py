"""The 3x5 small capitals: complete for card names, and names cut only where words end."""

from __future__ import annotations

import string

import pytest

from jayden_jazz.paths import asset
from jayden_jazz.shell.pixelart import ArtFormatError, parse_font
from jayden_jazz.shell.smallfont import ADVANCE, name_lines, small_font


def test_the_font_file_holds_every_capital_and_digit_at_3x5():
    glyphs = parse_font(asset("font", "small3x5.txt").read_text(encoding="utf-8"), "small3x5.txt", (3, 5))
    for ch in string.ascii_uppercase + string.digits + " .,'-&!?\u2026":
        assert ch in glyphs, ch
        assert len(glyphs[ch]) == 5 and all(len(row) == 3 for row in glyphs[ch])
    drawn = {ch: tuple(rows) for ch, rows in glyphs.items() if ch != " "}
    assert len(set(drawn.values())) == len(drawn), "two glyphs look the same"


def test_a_wrong_glyph_size_is_refused_with_its_line():
    with pytest.raises(ArtFormatError, match=r"x.txt:3: .* 4 cells wide, expected 3"):
        parse_font("glyph U+0041 A\n.#.\n#..#\n###\n#.#\n#.#\n", "x.txt", (3, 5))


def test_lowercase_draws_as_capitals_and_unknown_letters_as_a_question_mark():
    f = small_font()
    assert f.width("Abc") == 3 * ADVANCE - 1
    a, b = f.render("milo", 15), f.render("MILO", 15)
    assert [a.get_at((x, y)) for x in range(a.get_width()) for y in range(5)] == \
        [b.get_at((x, y)) for x in range(b.get_width()) for y in range(5)]
    q, u = f.render("?", 15), f.render("\u00e9", 15)
    assert [q.get_at((x, y)) for x in range(3) for y in range(5)] == [u.get_at((x, y)) for x in range(3) for y in range(5)]


@pytest.mark.parametrize("name,columns,lines,expected", [
    ("Mid Tier Milo", 13, 2, ["Mid Tier Milo"]),
    ("Archivist Marlo", 13, 2, ["Archivist", "Marlo"]),
    ("Mid Tier Milo", 5, 2, ["Mid", "Milo"]),           # the last word tells cards apart
    ("Archivist Marlo", 5, 2, ["Arch\u2026", "Marlo"]),  # a cut word is marked
    ("Brickmason", 5, 2, ["Bric\u2026"]),                # one long word is cut, never split in two
    ("Weak 1", 5, 2, ["Weak", "1"]),
])
def test_names_are_cut_at_word_ends(name, columns, lines, expected):
    got = name_lines(name, columns, lines)
    assert got == expected
    assert len(got) <= lines and all(len(ln) <= columns for ln in got)
