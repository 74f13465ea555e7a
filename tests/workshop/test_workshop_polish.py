"""The Workshop's small traps for a new card maker: each one scripted through the real keys.

The ability window's cost line and the card budget, an impossible month in
"Only before", the editor's help line, Ctrl+A, the 0 key on a side, and the
Gallery's card view.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from jayden_jazz.cards.language import EFFECTS, suggested_cost
from jayden_jazz.scenes.cardkit.cardview import VIEW_W, CardViewWindow
from jayden_jazz.scenes.windows import MessageWindow
from jayden_jazz.scenes.workshop.ability import AbilityEditor
from jayden_jazz.scenes.workshop.editor import MSG_ROWS, ROW_HINTS
from jayden_jazz.scenes.workshop.gallery import GalleryScene
from jayden_jazz.scenes.workshop.home import WorkshopScene
from jayden_jazz.scenes.workshop.textfield import TextField
from jayden_jazz.shell.input import Action, Kind
from tests.helpers import press, rgb_array, step
from tests.workshop.test_workshop_editor import add_ability, fill_card, saved_card
from tests.workshop.workshop_helpers import goto, key, set_text, turn_to, type_text

ROOT = Path(__file__).resolve().parents[2]


def ctrl_a(app) -> None:
    """Ctrl+A as SDL gives it: the A key with Ctrl held, typing the control character 0x01."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_LCTRL, unicode="\x01",
                                         scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_a, mod=pygame.KMOD_LCTRL, unicode="",
                                         scancode=0))
    step(app, 1)


# ---------------------------------------------------------------------- the ability window's cost line

def test_the_cost_note_and_the_card_budget_never_overlap(editor):
    app, ed = editor
    fill_card(app, ed, sides="AAAA")                     # a budget of 40 and more: the widest number
    ab_ed = add_ability(app, ed)
    turn_to(app, ab_ed.form, "effect", "win")
    turn_to(app, ab_ed.form, "cost", 24)                 # far from the suggestion: the longest note
    ab = ab_ed.ability
    assert ab.cost != max(EFFECTS[ab.effect].min_cost, suggested_cost(ab))
    (note, nx), (budget, bx) = ab_ed.cost_line()
    assert ed.card.budget >= 60
    assert nx + app.font.width(note) + 8 <= bx, (note, budget)
    assert str(ab.cost) in note and str(ed.card.budget) in budget


# ---------------------------------------------------------------------- an impossible month

def test_an_impossible_month_is_an_error_and_the_text_does_not_claim_it(editor):
    app, ed = editor
    fill_card(app, ed, sides="1111")
    ab_ed = add_ability(app, ed)
    turn_to(app, ab_ed.form, "effect", "swap")
    set_text(app, ab_ed.form, "only.roasting_before", "2025-13")
    ab = ab_ed.ability
    assert ab.filter.roasting_before is None             # not used...
    assert "2025" not in ab.text                         # ...and the card text says nothing of it
    errors = [p for p in ed.errors if "roasting_before" in (p.field or "")]
    assert len(errors) == 1 and "no month 13" in errors[0].message and "01 to 12" in errors[0].message
    assert "no month 13" in ab_ed.hint()[0] and ab_ed.hint()[1]      # said in red in the window too
    key(app, "ESCAPE")
    key(app, "F2")
    assert isinstance(app.stack.top, MessageWindow) and app.stack.top.title == "Not saved"
    key(app, "ESCAPE")
    goto(app, ed.form, "ability1")
    key(app, "RETURN")
    ab_ed = app.stack.top
    assert isinstance(ab_ed, AbilityEditor) and ab_ed.before_field.value == "2025-13"
    set_text(app, ab_ed.form, "only.roasting_before", "2025-12")
    assert ab_ed.ability.filter.roasting_before == (2025, 12) and "2025-12" in ab_ed.ability.text
    assert not [p for p in ed.errors if "roasting_before" in (p.field or "")]
    key(app, "ESCAPE", "F2")
    assert saved_card(ed).abilities[0].filter.roasting_before == (2025, 12)


def test_a_half_typed_month_is_not_used_and_says_how_to_write_it(editor):
    app, ed = editor
    fill_card(app, ed, sides="1111")
    ab_ed = add_ability(app, ed)
    turn_to(app, ab_ed.form, "effect", "swap")
    set_text(app, ab_ed.form, "only.roasting_before", "2025-1")
    assert ab_ed.ability.filter.roasting_before == (2025, 1)
    type_text(app, "x")
    assert ab_ed.ability.filter.roasting_before is None and "2025" not in ab_ed.ability.text
    assert any("YYYY-MM" in p.message for p in ed.errors)
    set_text(app, ab_ed.form, "only.roasting_before", "")
    assert not [p for p in ed.errors if "roasting_before" in (p.field or "")]


# ---------------------------------------------------------------------- the editor's help line

def test_every_row_help_is_shown_whole(editor):
    app, ed = editor
    for row, hint in ROW_HINTS.items():
        if row not in [r.key for r in ed.form.rows]:
            continue
        goto(app, ed.form, row)
        lines = [s for s, _ in ed.panel.message_lines()]
        shown = " ".join(lines[:MSG_ROWS])
        assert " ".join(hint.split()) in " ".join(shown.split()), (row, lines)


# ---------------------------------------------------------------------- Ctrl+A

def test_ctrl_a_selects_the_whole_field_and_typing_replaces_it(make_app, user_home):
    app = make_app()
    w = WorkshopScene(app)
    app.stack.push(w)
    key(app, "RETURN")                                   # "+ new pack": the name starts with a suggestion
    ctrl_a(app)
    type_text(app, "Lagoon Extras")
    key(app, "RETURN")
    type_text(app, "Sam")
    key(app, "RETURN")
    (pack,) = w.packs
    assert pack.name == "Lagoon Extras"


def test_a_selected_field_is_emptied_by_backspace_and_unselected_by_an_arrow():
    f = TextField("My Cards")
    assert f.handle(Action(Kind.KEY, key="a", text="\x01"))
    assert f.selected and f.value == "My Cards"
    f.handle(Action(Kind.KEY, key="backspace", text="\b"))
    assert (f.value, f.cursor, f.selected) == ("", 0, False)
    g = TextField("Deck")
    g.handle(Action(Kind.KEY, key="a", text="\x01"))
    g.handle(Action(Kind.MOVE, dx=-1))
    g.handle(Action(Kind.KEY, key="s", text="s"))
    assert g.value == "Decsk" and not g.selected


# ---------------------------------------------------------------------- 0 on a side

def test_zero_alone_changes_no_side_and_says_why_but_1_then_0_is_a(editor):
    app, ed = editor
    fill_card(app, ed, sides="2345")
    goto(app, ed.form, "sides")
    type_text(app, "0")
    assert ed.card.sides == (2, 3, 4, 5)
    assert "0" in ed.status and "A" in ed.status
    type_text(app, "1")
    type_text(app, "0")                                  # "10": the player means A
    assert ed.card.sides[ed.form.current.sub] == 10
    assert not [p for p in ed.errors if (p.field or "").startswith("sides")]


# ---------------------------------------------------------------------- the Gallery's card view

def test_the_gallery_shows_one_card_view_not_two(make_app, user_home):
    app = make_app("--cards", str(ROOT / "tests" / "scenes" / "cards_pack"))
    g = GalleryScene(app)
    app.stack.push(g)
    press(app, "DOWN", "DOWN")
    app.render()
    before = rgb_array(app.display.logical)
    press(app, "RETURN")
    top = app.stack.top
    assert isinstance(top, CardViewWindow) and top.view.card == g.current
    app.render()
    after = rgb_array(app.display.logical)
    list_w = 640 - VIEW_W - 2
    # the list stays as it was: the full view takes the preview's place, not a second place
    assert (before[:, :list_w] == after[:, :list_w]).all()
    press(app, "ESC")
    assert app.stack.top is g
