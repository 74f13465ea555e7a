"""A key a text field cannot take changes nothing and the screen says why, in the words it draws.

One refusal is built in the field (``TextField.refusal``); each screen shows it
in its own status or hint line. Here the field itself, then a few screens
through the real key path: typing one past the limit leaves the text as it
was and puts the field's real limit on the screen.
"""

from __future__ import annotations

import re
from pathlib import Path

import pygame

from jayden_jazz.cards.validate import ID_RE
from jayden_jazz.scenes.workshop.form import ID_CHARS
from jayden_jazz.scenes.workshop.gallery import GalleryScene
from jayden_jazz.scenes.workshop.home import TextPrompt
from jayden_jazz.scenes.workshop.pickwindow import Pickable, PickWindow
from jayden_jazz.scenes.workshop.textfield import SELECT_ALL, TextField
from jayden_jazz.shell.input import Action, Kind
from tests.workshop.workshop_helpers import goto, key, set_text, type_text

ROOT = Path(__file__).resolve().parent.parent.parent


def typed(ch: str) -> Action:
    return Action(Kind.KEY, key=ch.lower(), text=ch)


def drawn(app) -> list[str]:
    """Every text the screens draw in one frame."""
    texts: list[str] = []
    real = app.font.draw

    def record(surface, text, *args, **kw):
        texts.append(text)
        return real(surface, text, *args, **kw)

    app.font.draw = record
    try:
        app.render()
    finally:
        del app.font.draw
    return texts


def sounds(app) -> list[str]:
    played: list[str] = []
    app.sound.play = lambda name, *a, **kw: played.append(name)
    return played


# the field -------------------------------------------------------------------------------------


def test_a_full_field_keeps_its_text_and_says_its_limit_until_the_next_key():
    f = TextField("abc", max_len=3, what="A name")
    assert f.handle(typed("d"))                        # the key is the field's: nothing else reads it
    assert (f.value, f.cursor) == ("abc", 3)
    assert f.refusal == "A name is at most 3 characters (Backspace makes room)."
    f.handle(Action(Kind.MOVE, dx=-1))
    assert f.refusal == ""                             # said once, not for ever
    f.handle(Action(Kind.KEY, key="backspace"))
    f.handle(typed("x"))
    assert (f.value, f.refusal) == ("axc", "")


def test_a_character_outside_the_alphabet_or_the_font_is_refused_and_named():
    f = TextField("", 6, what="A code", chars="AB23", chars_words="A, B, 2 and 3", fold=str.upper)
    for ch in "a2":
        f.handle(typed(ch))
    f.handle(typed("o"))
    assert f.value == "A2" and f.refusal == 'A code has no "O": it uses only A, B, 2 and 3.'
    g = TextField("caf", 20)
    g.handle(typed("\u00e9"))                          # e acute: the font has it
    g.handle(typed("\u00e4"))                          # a diaeresis: the font has none, it would show as ?
    assert g.value == "caf\u00e9"
    assert g.refusal == "The game's font cannot draw latin small letter a with diaeresis."


def test_a_refused_key_leaves_the_selection_and_a_folded_separator_is_taken_quietly():
    f = TextField("AB23", 6, what="A code", chars="AB23", chars_words="A, B, 2 and 3",
                  fold=lambda ch: "" if ch == "-" else ch.upper())
    f.handle(Action(Kind.KEY, key="a", text=SELECT_ALL))
    assert f.selected
    f.handle(typed("z"))
    assert f.selected and f.value == "AB23" and f.refusal     # still selected: the next good key replaces it
    f.handle(typed("b"))
    assert (f.value, f.selected) == ("B", False)
    assert f.handle(typed("-")) and f.value == "B" and f.refusal == ""
    full = TextField("ab", 2)
    full.handle(Action(Kind.KEY, key="a", text=SELECT_ALL))
    full.handle(typed("c"))                            # full, but the selection gives way: no refusal
    assert (full.value, full.refusal) == ("c", "")


def test_the_id_alphabet_is_the_validators():
    assert all(ID_RE.match("a" + ch) for ch in ID_CHARS)
    assert not any(ID_RE.match("a" + ch) for ch in "AZ .!/\u00e9")
    assert set(ID_CHARS) == {ch for ch in map(chr, range(32, 127)) if re.fullmatch(r"[a-z0-9_-]", ch)}


# the screens ------------------------------------------------------------------------------------


def test_the_card_editor_says_a_full_name_line_in_its_status(editor):
    app, ed = editor
    played = sounds(app)
    limit = ed.fields["name"].max_len
    set_text(app, ed.form, "name", "N" * limit)
    type_text(app, "x")
    assert ed.fields["name"].value == "N" * limit and ed.card.name == "N" * limit
    words = f"The Name line is at most {limit} characters (Backspace makes room)."
    assert ed.status == words and played[-1] == "illegal"
    assert " ".join(t for t in drawn(app)).find("The Name line is at most") >= 0
    goto(app, ed.form, "id")
    type_text(app, ".")                                # no dot in an id
    assert ed.status.startswith('An id has no ".": it uses only small letters a-z')


def test_the_pick_window_says_a_full_search_on_its_help_line(make_app, user_home):
    app = make_app()
    window = PickWindow(app, "Pick a card", [Pickable("a/b", "Bee")], lambda ids: None)
    app.stack.push(window)
    played = sounds(app)
    type_text(app, "W" * 40)
    assert window.search.value == "W" * 40
    type_text(app, "W")
    assert window.search.value == "W" * 40 and played[-1] == "illegal"
    assert "A search is at most 40 characters (Backspace makes room)." in drawn(app)
    key(app, "BACKSPACE")
    assert window.help_line().startswith("Type to find")


def test_the_pick_windows_longest_search_in_its_widest_letters_stays_in_its_box(make_app, user_home):
    """The widest text the field takes, drawn where the typing is (the end) and from the start:
    every pixel of the search row outside the box is as it is with no search at all."""
    app = make_app()
    window = PickWindow(app, "Pick a card", [Pickable("a/b", "Bee")], lambda ids: None)
    app.stack.push(window)
    box = window.search_box()
    surface = app.display.logical

    def row_outside_box() -> list[tuple[int, int, int]]:
        surface.fill(0)
        window.draw(surface)
        count_x = box.right + 16                     # "N shown" at the right end changes with the search
        return [tuple(surface.get_at((x, y)))[:3] for y in range(box.y - 2, box.bottom + 2)
                for x in range(0, count_x) if not box.inflate(2, 2).collidepoint(x, y)]

    empty = row_outside_box()
    for text in ("W" * 40, "M" * 40, "@" * 40):
        window.search.set(text)
        window.search.cursor = len(text)
        assert row_outside_box() == empty
        window.search.cursor = 0
        assert row_outside_box() == empty


def test_the_gallery_says_a_full_search_under_its_list(make_app, user_home):
    app = make_app("--cards", str(ROOT / "tests" / "scenes" / "cards_pack"))
    g = GalleryScene(app)
    app.stack.push(g)
    type_text(app, "q" * 40)
    type_text(app, "q")
    assert g.search.value == "q" * 40
    lines = [t for t, _ in g.key_lines()]
    assert lines == ["A search is at most 40 characters (Backspace", "makes room)."]
    assert set(lines) <= set(drawn(app))
    key(app, "DOWN")                                  # any other key: the keys are shown again
    assert g.key_lines()[0][0].startswith("\u2191\u2193 choose")


def test_the_new_pack_prompt_says_its_limit_under_the_field(make_app, user_home):
    app = make_app()
    done: list[str] = []
    prompt = TextPrompt(app, "New pack", "The pack's name:", "", done.append, what="A pack's name")
    app.stack.push(prompt)
    type_text(app, "p" * 41)
    assert prompt.field.value == "p" * 40
    assert prompt.hint_lines() == ["A pack's name is at most 40 characters", "(Backspace makes room)."]
    assert set(prompt.hint_lines()) <= set(drawn(app))
    pygame.event.clear()
