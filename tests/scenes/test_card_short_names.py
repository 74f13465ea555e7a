"""The small faces (7x7 cells, small hand cards) write a short name a player can read: whole
words or a printed abbreviation ("Arch."), on a plate clear of the four values, told apart from
the other names on the table; the full name is in the status line under the keyboard cursor."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pygame
import pytest

from jayden_jazz.cards.field import load_fields
from jayden_jazz.cards.loader import load_packs
from jayden_jazz.paths import shipped_dir
from jayden_jazz.scenes.cardkit.cards_art import _layout, compact_name_rects, face_name_lines, paint_face, value_spots
from jayden_jazz.scenes.cardkit.short_names import short_name, short_names, words
from jayden_jazz.scenes.cards.render import TableLayout
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.display import new_logical_surface
from jayden_jazz.shell.font import Font
from jayden_jazz.shell.pixelart import load_font_glyphs
from jayden_jazz.shell.smallfont import small_font
from tests.helpers import rgb_array

CATALOG = load_packs([shipped_dir("cards")])[0]
NAMES = sorted({c.name for c in CATALOG.values()})
FIELDS = load_fields()
FONT = Font(load_font_glyphs())


def compact_sizes() -> set[tuple[int, int]]:
    """Every compact face size the table draws (7x7 and 5x5 cells, hand cards of 2 to 4 seats)."""
    sizes = set()
    for field in ("5x5", "7x7"):
        for players in (2, 3, 4):
            lay = TableLayout(FIELDS[field], players)
            sizes |= {lay.card_rect(c).size for c in FIELDS[field].cells}
            for n in range(1, 14):
                sizes |= {r.size for seat in range(players) for r in lay.hand_rects(seat, n)}
    return {s for s in sizes if _layout(pygame.Rect((0, 0), s))[0] == "compact" and face_name_lines("Ab", s)[1]}


def test_a_name_that_fits_is_whole_and_one_that_does_not_is_shortened_as_a_person_would():
    assert short_name("Solid 3", 5) == ["Solid", "3"]
    assert short_name("Mid Tier Milo", 5) == ["Mid", "Milo"]            # the word that tells it apart stays
    assert short_name("Archivist Marlo", 5) == ["Arch.", "Marlo"]       # a printed abbreviation, not "Arc…"
    assert short_name("The Grand Carrot", 5) == ["Grand", "Carr."]      # filler dropped first
    assert short_name("Do-Over", 4) == ["Do-", "Over"]                  # broken at its hyphen
    assert short_name("Byte-Sized Bea", 5) == ["Byte", "Bea"]           # no hyphen left hanging
    assert short_name("Springwright", 5) == ["Spri."]


@pytest.mark.parametrize("columns", [4, 5, 6])
def test_every_shipped_short_name_is_made_of_whole_words_or_abbreviations(columns):
    for name in NAMES:
        parts = [w.rstrip("-") for w in words(name)]
        lines = short_name(name, columns)
        assert 1 <= len(lines) <= 2, (name, lines)
        for line in lines:
            assert len(line) <= columns, (name, lines)
            for token in line.replace("-", "- ").split():
                token = token.rstrip("-")
                if token.endswith("."):                                 # an abbreviation: a word's start,
                    stem = token[:-1]                                   # three letters at least
                    assert len(stem) >= 3 and any(p.startswith(stem) and len(p) > len(stem) for p in parts), (
                        name, lines)
                else:
                    assert token in parts, (name, lines)


def test_different_cards_on_one_table_get_different_short_names():
    cols = small_font().columns(TableLayout(FIELDS["7x7"], 4).card_rect(0).w - 21)
    assert cols == 5
    # the shipped pack on a 7x7 cell: every name its own short form, with or without the table's context
    alone = {n: tuple(short_name(n, cols)) for n in NAMES}
    assert len(set(alone.values())) == len(NAMES)
    table = short_names(NAMES, cols)
    assert len({tuple(v) for v in table.values()}) == len(NAMES)
    # two names whose best forms meet: the table tells them apart, whichever was played first
    assert short_name("Springwright", 4) == short_name("Sprout", 4) == ["Spr."]
    both = short_names(["Sprout", "Springwright"], 4)
    assert both["Springwright"] != both["Sprout"]
    assert both == short_names(["Springwright", "Sprout"], 4)
    assert short_name("Sprout", 4, others=["Springwright"]) == both["Sprout"]
    assert short_names(["Solid 1", "Solid 2", "Grab Bag", "Grabber"], 4) == {
        "Solid 1": ["Sol.", "1"], "Solid 2": ["Sol.", "2"], "Grab Bag": ["Grab", "Bag"], "Grabber": ["Gra."]}
    # the same name twice is one card's name: it keeps its best form
    assert short_names(["Solid 1", "Solid 1"], 5) == {"Solid 1": ["Solid", "1"]}


@pytest.mark.parametrize("size", sorted(compact_sizes()))
def test_a_short_name_is_drawn_whole_on_its_plate_and_never_over_a_value(size):
    """Paint each shipped card with and without its name: what differs (the plate and the
    letters) stays between the values' 8x14 boxes, the values' pixels are untouched, and every
    letter of every line is there in full, white on the black plate (the 8x14 boxes of a small
    face's values overlap each other's blank rows, so the ink is what must stay clear)."""
    r = pygame.Rect((0, 0), size)
    # each value's ink (an 8x14 glyph inks columns 0-6, rows 2-10) with a blank pixel round it
    value_boxes = [pygame.Rect(x, y + 2, 7, 9).inflate(2, 2) for x, y in value_spots(r)]
    small = small_font()
    for card in {c.name: c for c in CATALOG.values()}.values():
        card = replace(card, abilities=(), element=None)   # the corner marks are not the name's
        named, blank = new_logical_surface(size), new_logical_surface(size)
        paint_face(named, FONT, r, card, 0)
        paint_face(blank, FONT, r, replace(card, name=""), 0)
        got, plain = rgb_array(named), rgb_array(blank)
        differs = np.argwhere(np.any(got != plain, axis=2))
        boxes = compact_name_rects(r, card.name)
        assert boxes, (size, card.name)
        for ry, cx in differs:
            assert not any(v.collidepoint(int(cx), int(ry)) for v in value_boxes), (size, card.name, (cx, ry))
        for line, box in boxes:
            assert r.inflate(-4, -4).contains(box), (size, card.name, line, box)
            assert not any(box.colliderect(v) for v in value_boxes), (size, card.name, line, box)
            ink = rgb_array(small.render(line, P.WHITE))
            white = np.array(P.FULL_PALETTE[P.WHITE][:3])
            mask = np.all(ink == white, axis=2)
            region = got[box.y:box.y + ink.shape[0], box.x:box.x + ink.shape[1]]
            assert region.shape == ink.shape, (size, card.name, line)
            assert np.all(np.all(region[mask] == white, axis=1)), (size, card.name, line)
            assert np.all(np.all(region[~mask] == np.array(P.FULL_PALETTE[P.BLACK][:3]), axis=1)), (
                size, card.name, line)
