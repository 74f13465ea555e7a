"""The text-grid art formats, their loader, and the shipped art itself."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jayden_jazz.shell import pixelart
from jayden_jazz.shell.palette import EGA_RGB

ROOT = Path(__file__).resolve().parents[2]
PIECES = ["cannon", "dragon", "hero", "interceptor", "mark", "master", "raider",
          "scout", "sentinel", "sentinel_deployed"]
EXTRAS = "─│┌┐└┘├┤┬┴┼═║╔╗╚╝░▒▓█←↑→↓▲▼◄►•·…♥♦♣♠✓×éèêàçöüñ"


def glyph_text(code: int, rows: list[str], label: str = "") -> str:
    return f"glyph U+{code:04X} {label}".rstrip() + "\n" + "\n".join(rows) + "\n"


BLANK = ["." * 8] * 14
BAR = ["." * 8] * 6 + ["#" * 8] + ["." * 8] * 7


@pytest.fixture(scope="module")
def font() -> dict[str, list[str]]:
    return pixelart.load_font_glyphs(pixelart.FONT_PATH)


@pytest.fixture(scope="module")
def pieces() -> dict[str, list[str]]:
    return pixelart.load_sprite_rows(pixelart.PIECES_PATH)


def error_line(exc: pytest.ExceptionInfo[ValueError]) -> int:
    m = re.search(r":(\d+): ", str(exc.value))
    assert m, f"no line number in {exc.value!r}"
    return int(m.group(1))


# ---- font format ------------------------------------------------------------

def test_parse_font_reads_glyphs_comments_and_labels() -> None:
    text = "# a comment\n\n" + glyph_text(0x41, BAR, "A") + "\n# between\n" + glyph_text(0x20, BLANK)
    glyphs = pixelart.parse_font(text)
    assert glyphs == {"A": BAR, " ": BLANK}


def test_parse_font_accepts_crlf_and_rows_that_look_like_comments() -> None:
    rows = ["#" * 8] * 14
    glyphs = pixelart.parse_font(glyph_text(0x2588, rows).replace("\n", "\r\n"))
    assert glyphs["\u2588"] == rows


@pytest.mark.parametrize("text, line, fragment", [
    # 13 rows then a blank line: reported where the 14th row should be
    (glyph_text(0x41, BLANK[:13]) + "\n", 15, "only 13 rows"),
    # 13 rows at end of file
    (glyph_text(0x41, BLANK[:13]), 15, "only 13 rows"),
    # a 9-cell row on the 3rd grid line
    (glyph_text(0x41, BLANK[:2] + ["#" * 9] + BLANK[3:]), 4, "9 cells wide"),
    # a stray character
    (glyph_text(0x41, BLANK[:5] + ["...x...."] + BLANK[6:]), 7, "invalid cell"),
    # the second header of a duplicated code point
    (glyph_text(0x41, BLANK) + "\n" + glyph_text(0x41, BLANK), 17, "duplicate"),
    ("glyph 41 A\n" + "\n".join(BLANK), 1, "bad glyph header"),
    ("hello\n" + glyph_text(0x41, BLANK), 1, "outside"),
    (glyph_text(0x41, BLANK, "B"), 1, "does not match"),
    # a header where a row should be
    (glyph_text(0x41, BLANK[:3]) + glyph_text(0x42, BLANK), 5, "only 3 rows"),
])
def test_parse_font_errors_name_the_line(text: str, line: int, fragment: str) -> None:
    with pytest.raises(ValueError) as exc:
        pixelart.parse_font(text, source="f.txt")
    assert str(exc.value).startswith("f.txt:")
    assert error_line(exc) == line
    assert fragment in str(exc.value)


def test_parse_font_refuses_an_empty_file() -> None:
    with pytest.raises(ValueError, match="no glyphs"):
        pixelart.parse_font("# nothing here\n")


@settings(max_examples=40, deadline=None)
@given(st.dictionaries(
    st.integers(min_value=0x21, max_value=0x2FFF).filter(lambda c: not 0xD800 <= c <= 0xDFFF),
    st.lists(st.text("#.", min_size=8, max_size=8), min_size=14, max_size=14),
    min_size=1, max_size=6,
))
def test_font_text_round_trips(glyphs: dict[int, list[str]]) -> None:
    text = "\n".join(glyph_text(code, rows) for code, rows in glyphs.items())
    assert pixelart.parse_font(text) == {chr(c): rows for c, rows in glyphs.items()}


# ---- the shipped font -------------------------------------------------------

def test_font_covers_printable_ascii_and_the_ui_extras(font: dict[str, list[str]]) -> None:
    missing = [chr(c) for c in range(32, 127) if chr(c) not in font]
    missing += [ch for ch in EXTRAS if ch not in font]
    assert missing == []


def test_every_glyph_is_8x14(font: dict[str, list[str]]) -> None:
    bad = [ch for ch, rows in font.items() if len(rows) != 14 or any(len(r) != 8 for r in rows)]
    assert bad == []


def test_space_is_blank_and_every_other_ascii_glyph_has_ink(font: dict[str, list[str]]) -> None:
    assert "#" not in "".join(font[" "])
    assert [chr(c) for c in range(33, 127) if "#" not in "".join(font[chr(c)])] == []


def test_ascii_glyphs_are_all_different(font: dict[str, list[str]]) -> None:
    seen: dict[tuple[str, ...], str] = {}
    for c in range(33, 127):
        key = tuple(font[chr(c)])
        assert key not in seen, f"{chr(c)!r} is drawn like {seen[key]!r}"
        seen[key] = chr(c)


def ink_rows(rows: list[str]) -> list[int]:
    return [y for y, r in enumerate(rows) if "#" in r]


def test_text_glyphs_leave_the_gap_column_and_top_row_blank(font: dict[str, list[str]]) -> None:
    # neighbouring letters must never touch; only '_' joins up on purpose
    for c in range(33, 127):
        ch = chr(c)
        rows = font[ch]
        assert rows[0] == "." * 8, ch
        assert rows[13] == "." * 8, ch
        if ch != "_":
            assert all(r[7] == "." for r in rows), ch


def test_capitals_and_digits_share_cap_height_and_baseline(font: dict[str, list[str]]) -> None:
    for ch in "ABCDEFGHIJKLMNOPRSTUVWXYZ0123456789":
        ys = ink_rows(font[ch])
        assert (ys[0], ys[-1]) == (2, 10), ch
    assert ink_rows(font["Q"])[-1] > 10  # its tail dips below the baseline


def test_lowercase_x_height_and_descenders(font: dict[str, list[str]]) -> None:
    for ch in "acemnorsuvwxz":
        ys = ink_rows(font[ch])
        assert (ys[0], ys[-1]) == (5, 10), ch
    for ch in "bdhkl":
        assert ink_rows(font[ch])[0] == 2, ch
    for ch in "abcdefhiklmnorstuvwxz":
        assert ink_rows(font[ch])[-1] == 10, ch
    for ch in "gjpqy":
        assert ink_rows(font[ch])[-1] in (11, 12), ch


def test_box_drawing_lines_reach_the_cell_edges(font: dict[str, list[str]]) -> None:
    # so that a run of them draws one unbroken line
    assert all(font["─"][7][x] == "#" for x in (0, 7))
    assert all(font["│"][y][3:5] == "##" for y in (0, 13))
    assert font["┼"][7] == "#" * 8 and font["┼"][0][3:5] == "##"
    assert font["═"][6] == font["═"][8] == "#" * 8
    assert all(font["║"][y] == "..#..#.." for y in range(14))
    assert font["█"] == ["#" * 8] * 14


def test_text_rows_lays_glyphs_side_by_side(font: dict[str, list[str]]) -> None:
    rows = pixelart.text_rows(font, "AB\x01")
    assert len(rows) == 14 and all(len(r) == 24 for r in rows)
    assert [r[:8] for r in rows] == font["A"]
    assert [r[16:] for r in rows] == font["?"]  # unknown characters fall back to '?'


# ---- sprite format -----------------------------------------------------------

def sprite_text(name: str, rows: list[str]) -> str:
    return f"sprite {name} {len(rows[0])}x{len(rows)}\n" + "\n".join(rows) + "\n"


def test_parse_sprites_keeps_file_order_and_all_cell_kinds() -> None:
    a = ["0123", "4567", "89AB", "CDEF", "TtL."]
    b = ["T."]
    text = "# header\n" + sprite_text("alpha", a) + "\n" + sprite_text("b_2", b)
    sprites = pixelart.parse_sprites(text)
    assert list(sprites) == ["alpha", "b_2"]
    assert sprites["alpha"] == a and sprites["b_2"] == b


@pytest.mark.parametrize("text, line, fragment", [
    ("sprite s 3x2\n...\n....\n", 3, "4 cells wide"),
    ("sprite s 3x3\n...\n...\n", 4, "only 2 rows"),
    ("sprite s 3x2\n...\n.x.\n", 3, "invalid cell"),
    ("sprite s 2x1\n..\n\nsprite s 2x1\n..\n", 4, "duplicate"),
    ("sprite s 3by2\n...\n...\n", 1, "bad sprite header"),
    ("sprite 9s 3x1\n...\n", 1, "bad sprite header"),
    ("sprite s 0x1\n\n", 1, "empty size"),
    ("sprite s 1x1\n.\nstray\n", 3, "outside"),
])
def test_parse_sprites_errors_name_the_line(text: str, line: int, fragment: str) -> None:
    with pytest.raises(ValueError) as exc:
        pixelart.parse_sprites(text, source="s.txt")
    assert error_line(exc) == line
    assert fragment in str(exc.value)


def test_sprite_indices_apply_team_colours() -> None:
    rows = ["TtL.", "05AF"]
    assert pixelart.sprite_indices(rows, "green") == [[2, 8, 10, 255], [0, 5, 10, 15]]
    assert pixelart.sprite_indices(rows, "red") == [[4, 6, 12, 255], [0, 5, 10, 15]]
    assert pixelart.sprite_indices(rows, None)[0][:3] == [7, 8, 15]


@pytest.mark.parametrize("team, main", [
    ("green", 2), ("Green", 2), ("g", 2), ("RED", 4), ("r", 4), (0, 2), (1, 4), (None, 7),
    (pixelart.TeamColours(9, 1, 11), 9),
])
def test_team_colours_accepts_the_ways_callers_name_a_side(team: object, main: int) -> None:
    assert pixelart.team_colours(team).main == main


@pytest.mark.parametrize("team", ["blue", "", 2, -1, True, 1.0])
def test_team_colours_refuses_unknown_sides(team: object) -> None:
    with pytest.raises(ValueError):
        pixelart.team_colours(team)


def test_every_team_colour_is_an_ega_index() -> None:
    for colours in [*pixelart.TEAM_COLOURS.values(), pixelart.NEUTRAL_COLOURS]:
        assert all(0 <= i < 16 for i in colours)
        assert len(set(colours)) == 3


# ---- surfaces ----------------------------------------------------------------

def test_sprite_surface_is_8_bit_with_the_ega_palette_and_a_colour_key() -> None:
    surf = pixelart.sprite_surface(["T.", "0F", "tL"], "red")
    assert surf.get_size() == (2, 3)
    assert surf.get_bitsize() == 8
    assert [tuple(c)[:3] for c in surf.get_palette()[:16]] == list(EGA_RGB)
    assert surf.get_at_mapped((0, 0)) == 4
    assert surf.get_at_mapped((1, 0)) == pixelart.TRANSPARENT_INDEX
    assert surf.get_at_mapped((1, 1)) == 15
    assert surf.get_at_mapped((0, 2)) == 6 and surf.get_at_mapped((1, 2)) == 12
    assert surf.get_colorkey() is not None
    key = tuple(surf.get_colorkey())[:3]
    assert key not in EGA_RGB


def test_transparent_cells_let_the_square_show_through() -> None:
    dest = pygame.Surface((2, 1), depth=8)
    dest.set_palette(pixelart.sprite_surface(["."]).get_palette())
    dest.fill(1)
    dest.blit(pixelart.sprite_surface(["T."], "green"), (0, 0))
    assert dest.get_at_mapped((0, 0)) == 2
    assert dest.get_at_mapped((1, 0)) == 1


def test_sprite_surface_refuses_ragged_rows() -> None:
    with pytest.raises(ValueError):
        pixelart.sprite_surface(["..", "."])


def test_glyph_surface_draws_ink_in_the_requested_colour(font: dict[str, list[str]]) -> None:
    surf = pixelart.glyph_surface(font["A"], ink=14)
    assert surf.get_size() == (8, 14)
    for y, row in enumerate(font["A"]):
        for x, cell in enumerate(row):
            want = 14 if cell == "#" else pixelart.TRANSPARENT_INDEX
            assert surf.get_at_mapped((x, y)) == want


# ---- the shipped pieces ------------------------------------------------------

def test_pieces_file_has_every_piece_shield_and_cursor_at_32x25(pieces: dict[str, list[str]]) -> None:
    for name in [*PIECES, "shield", "cursor"]:
        rows = pieces[name]
        assert len(rows) == 25 and all(len(r) == 32 for r in rows), name


def test_every_position_letter_has_a_piece_sprite(pieces: dict[str, list[str]]) -> None:
    assert set(pixelart.PIECE_SPRITE_BY_LETTER) == set("CDHIKMRSNX")
    assert set(pixelart.PIECE_SPRITE_BY_LETTER.values()) == set(PIECES)
    assert all(name in pieces for name in PIECES)


def test_pieces_are_team_coloured_and_all_different(pieces: dict[str, list[str]]) -> None:
    drawings = [tuple(pieces[n]) for n in PIECES]
    assert len(set(drawings)) == len(PIECES)
    for name in PIECES:
        cells = "".join(pieces[name])
        assert cells.count("T") >= 20, name  # enough team colour to tell the sides apart


def test_pieces_keep_a_transparent_margin(pieces: dict[str, list[str]]) -> None:
    for name in PIECES:
        rows = pieces[name]
        if name == "sentinel_deployed":  # the shield dome may reach the edge
            continue
        assert rows[0] == rows[1] == rows[23] == rows[24] == "." * 32, name
        assert all(r[:2] == ".." and r[30:] == ".." for r in rows), name


def test_pieces_have_a_closed_black_outline(pieces: dict[str, list[str]]) -> None:
    # no coloured cell touches the board directly: between colour and a
    # transparent cell there is always black, so both square colours work
    for name in PIECES:
        rows = pieces[name]
        for y, row in enumerate(rows):
            for x, cell in enumerate(row):
                if cell in ".0":
                    continue
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    xx, yy = x + dx, y + dy
                    inside = 0 <= xx < 32 and 0 <= yy < 25
                    assert inside and rows[yy][xx] != ".", (name, x, y)


def test_deployed_sentinel_is_visibly_different(pieces: dict[str, list[str]]) -> None:
    a, b = pieces["sentinel"], pieces["sentinel_deployed"]
    differing = sum(ca != cb for ra, rb in zip(a, b) for ca, cb in zip(ra, rb))
    assert differing > 100
    assert "B" in "".join(b) and "B" not in "".join(a)


def test_shield_overlay_is_light_and_side_neutral(pieces: dict[str, list[str]]) -> None:
    cells = "".join(pieces["shield"])
    assert cells.count(".") > 0.8 * len(cells)
    assert set(cells) == {".", "B"}


def test_cursor_is_a_bright_frame_with_a_transparent_inside(pieces: dict[str, list[str]]) -> None:
    rows = pieces["cursor"]
    border = rows[0] + rows[24] + "".join(r[0] + r[31] for r in rows)
    assert "." not in border and set(border) <= {"E", "F"}
    assert all(r[2:30] == "." * 28 for r in rows[1:24])


def test_pieces_load_as_surfaces_for_both_sides() -> None:
    for team in ("green", "red"):
        surfs = pixelart.load_sprites(pixelart.PIECES_PATH, team)
        assert {n: s.get_size() for n, s in surfs.items() if n in PIECES} == {n: (32, 25) for n in PIECES}
    green = pixelart.load_sprites(pixelart.PIECES_PATH, "green")["hero"]
    red = pixelart.load_sprites(pixelart.PIECES_PATH, "red")["hero"]
    used_green = {green.get_at_mapped((x, y)) for x in range(32) for y in range(25)}
    used_red = {red.get_at_mapped((x, y)) for x in range(32) for y in range(25)}
    assert 2 in used_green and 4 not in used_green
    assert 4 in used_red and 2 not in used_red
    assert used_green <= set(range(16)) | {pixelart.TRANSPARENT_INDEX}


# ---- icon and title art ------------------------------------------------------

def load_tool(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_icon_drawings_have_their_sizes_and_no_team_cells() -> None:
    icons = pixelart.load_sprite_rows(pixelart.ICON_PATH)
    assert (len(icons["icon"]), len(icons["icon"][0])) == (32, 32)
    assert (len(icons["icon16"]), len(icons["icon16"][0])) == (16, 16)
    for rows in icons.values():
        assert not set("".join(rows)) & set("TtL")


def test_make_icons_writes_every_size_with_transparent_corners(tmp_path: Path) -> None:
    tool = load_tool("make_icons")
    assert tool.main(["--out", str(tmp_path)]) == 0
    for size in tool.SIZES:
        img = pygame.image.load(str(tmp_path / f"icon_{size}.png"))
        assert img.get_size() == (size, size)
        assert img.get_at((0, size - 1)).a == 0
        assert img.get_at((size // 2, size // 2)).a == 255


def test_committed_icon_pngs_match_icon_txt() -> None:
    tool = load_tool("make_icons")
    assert tool.main(["--check"]) == 0


def test_make_icons_check_spots_a_stale_png(tmp_path: Path) -> None:
    tool = load_tool("make_icons")
    assert tool.main(["--out", str(tmp_path)]) == 0
    img = pygame.image.load(str(tmp_path / "icon_32.png"))
    img.set_at((16, 16), (1, 2, 3, 255))
    pygame.image.save(img, str(tmp_path / "icon_32.png"))
    assert tool.main(["--out", str(tmp_path), "--check"]) == 1


def test_title_art_sizes() -> None:
    title = pixelart.load_sprite_rows(pixelart.TITLE_PATH)
    logo = title["logo"]
    assert 300 <= len(logo[0]) <= 640 and 40 <= len(logo) <= 80
    for name in ("card_back", "card_frame"):
        assert (len(title[name][0]), len(title[name])) == (40, 52), name
    assert not set("".join("".join(r) for r in title.values())) & set("TtL")


def test_render_art_writes_the_previews(tmp_path: Path) -> None:
    tool = load_tool("render_art")
    assert tool.main([str(tmp_path), "--scale", "1"]) == 0
    for name in ("font_sample.png", "font_sheet.png", "pieces.png", "board.png", "title.png", "icon.png"):
        img = pygame.image.load(str(tmp_path / name))
        assert img.get_width() > 0, name
