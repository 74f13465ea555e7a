"""A card's name on its face is broken only between words: a word too long for its line goes to the
small capitals where the face has them, else ends in an ellipsis ("Springwri…"); never "Springwrigh" / "t"."""

from __future__ import annotations

import pytest

from jayden_jazz.cards.field import load_fields
from jayden_jazz.cards.loader import load_packs
from jayden_jazz.paths import shipped_dir
from jayden_jazz.scenes.cardkit.cards_art import MINI, TINY, face_name_lines
from jayden_jazz.scenes.cardkit.short_names import words as short_words
from jayden_jazz.scenes.cards.render import TableLayout
from jayden_jazz.shell.smallfont import small_font

CATALOG = load_packs([shipped_dir("cards")])[0]
FIELDS = load_fields()
NAMES = sorted({c.name for c in CATALOG.values()})


def face_sizes() -> set[tuple[int, int]]:
    """Every size a face is drawn at on the table (cells of each field, hand cards of each seat
    count and hand size), the chooser's and the small hands' cards, and a sweep between."""
    sizes = {MINI, TINY}
    for name, fld in FIELDS.items():
        for players in (2, 3, 4):
            lay = TableLayout(fld, players)
            sizes |= {lay.card_rect(c).size for c in fld.cells}
            for n in range(1, 11):
                sizes |= {r.size for seat in range(players) for r in lay.hand_rects(seat, n)}
    sizes |= {(w, w * 5 // 4) for w in range(16, 130)} | {(w, w) for w in range(16, 130)}
    return sizes


def whole_or_cut(line: str, words: list[str]) -> bool:
    """Every word of ``line`` is one of the name's words, or the start of one (at least three
    letters on the small faces) with an ellipsis or a full stop ("Arch.")."""
    words = words + [w.rstrip("-") for n in words for w in short_words(n)]
    for w in line.split():
        if w.rstrip("-") in words or w in words:
            continue
        if not (w[-1:] in ("\u2026", ".") and any(n.startswith(w[:-1]) and len(n) >= len(w) for n in words)):
            return False
        if w.endswith(".") and len(w) < 4:
            return False
    return True


def test_the_shipped_packs_have_long_one_word_names():
    assert "Springwright" in NAMES and max(len(w) for n in NAMES for w in n.split()) >= 12


@pytest.mark.parametrize("name", NAMES)
def test_a_name_on_every_face_is_broken_only_between_words(name):
    words = name.split()
    for size in sorted(face_sizes()):
        small, lines = face_name_lines(name, size)
        assert len(lines) <= 2, (size, lines)
        for line in lines:
            assert whole_or_cut(line, words), (size, lines)
        room = small_font().columns(size[0] - 4) if small else (size[0] - 4) // 8
        assert all(len(line) <= room for line in lines), (size, lines)


def test_springwright_on_a_3x3_cell_is_whole_in_small_capitals():
    size = TableLayout(FIELDS["3x3"], 2).card_rect(0).size
    assert face_name_lines("Springwright", size) == (True, ["Springwright"])
    assert face_name_lines("Card Sharp", size) == (False, ["Card Sharp"])            # one line: big font
    # two big lines would run over the bottom value of a 98-pixel cell: small capitals there,
    # the big font on a face tall enough for both lines under the value
    assert face_name_lines("Mid Tier Milo", size) == (True, ["Mid Tier Milo"])
    assert face_name_lines("Mid Tier Milo", (98, 102)) == (False, ["Mid Tier", "Milo"])
