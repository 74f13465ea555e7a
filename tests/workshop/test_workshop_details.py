"""Workshop details: Ctrl+A then a capital, a suggested name replaced by typing, a pack the game
does not load because a zip of it sits beside it, the editor's count of lines not shown, and the
card setup's problem line beside a long menu."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame

from jayden_jazz.cards.loader import load_packs
from jayden_jazz.scenes.workshop.editor import MSG_ROWS, MSG_Y, CardEditorScene
from jayden_jazz.scenes.workshop.home import TextPrompt, WorkshopScene
from jayden_jazz.scenes.workshop.ownpacks import new_pack, read_own_packs, save_card
from jayden_jazz.shell import palette as P
from tests.helpers import pixel, press, step
from tests.workshop.test_workshop_home import a_card, home  # noqa: F401 (fixture)
from tests.workshop.test_workshop_polish import ctrl_a
from tests.workshop.workshop_helpers import key, type_text


def shift(app) -> None:
    """Shift pressed alone, as a keyboard sends it before a capital."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LSHIFT, mod=pygame.KMOD_LSHIFT,
                                         unicode="", scancode=0))
    step(app, 1)


def test_after_ctrl_a_a_capital_replaces_the_text(make_app, user_home):
    app = make_app()
    w = WorkshopScene(app)
    app.stack.push(w)
    key(app, "RETURN")                                   # "+ new pack": the name prompt
    prompt = app.stack.top
    assert isinstance(prompt, TextPrompt) and prompt.field.value == "My cards"
    key(app, "LEFT")                                     # the suggestion no longer selected
    ctrl_a(app)
    assert prompt.field.selected
    shift(app)
    assert prompt.field.selected                         # Shift alone keeps the selection
    type_text(app, "Lagoon")
    assert prompt.field.value == "Lagoon"


def test_the_suggested_pack_name_is_replaced_by_what_is_typed(make_app, user_home):
    app = make_app()
    w = WorkshopScene(app)
    app.stack.push(w)
    key(app, "RETURN")
    prompt = app.stack.top
    assert prompt.field.selected                         # drawn inverted: typing replaces it
    shift(app)
    type_text(app, "Reef")
    assert prompt.field.value == "Reef"
    key(app, "RETURN")
    type_text(app, "Sam")
    key(app, "RETURN")
    assert [p.name for p in w.packs] == ["Reef"]


def test_a_pack_hidden_by_its_zip_beside_it_says_so(home):  # noqa: F811
    app, w = home
    key(app, "DOWN")
    key(app, "z")                                        # zipped into the shared folder
    key(app, "RETURN")
    cards = Path(app.dirs.cards)
    shutil.copy(Path(app.dirs.data) / "shared" / "mine.zip", cards / "mine.zip")
    _, problems = load_packs([cards])
    assert any("already loaded" in p.message for p in problems)        # the game refuses the folder pack
    w.reload()
    hidden = [p for p in w.packs if p.hidden_by is not None]
    assert [(p.file.suffix, p.hidden_by.name) for p in hidden] == [(".yaml", "mine.zip")]
    w.index = next(i for i, (kind, p, _) in enumerate(w.rows) if kind == "pack" and p is hidden[0])
    texts: list[str] = []
    draw = app.font.draw
    app.font.draw = lambda surface, text, *a, **k: (texts.append(text), draw(surface, text, *a, **k))[1]
    app.render()
    app.font.draw = draw
    assert any(t.startswith("\u25bc Mine (1) (not loaded)") for t in texts)
    words = " ".join(texts)
    assert "Not loaded by the game: mine.zip" in words and "move it away" in words
    assert [p.hidden_by for p in read_own_packs(cards) if p.file.suffix == ".zip"] == [None]


def test_the_editor_counts_the_lines_it_cannot_show_above_the_key_bar(make_app, user_home):
    app = make_app()
    pack = new_pack(Path(app.dirs.cards), "My Cards", "Tester", set())
    ed = CardEditorScene(app, pack)
    app.stack.push(ed)
    step(app)
    lines = ed.panel.message_lines()
    assert len(lines) > MSG_ROWS
    drawn: list[tuple[str, int]] = []
    draw = app.font.draw
    app.font.draw = lambda surface, text, x, y, *a, **k: (drawn.append((text, y)), draw(surface, text, x, y, *a, **k))[1]
    app.render()
    app.font.draw = draw
    more = len(lines) - MSG_ROWS + 1
    note = [(t, y) for t, y in drawn if "more line" in t]
    assert note == [(f"... and {more} more line{'s' if more != 1 else ''} (see the red rows)",
                     MSG_Y + (MSG_ROWS - 1) * 14)]
    assert note[0][1] + 14 <= 324                          # above the key bar
    assert not any(t.startswith("+") and "more" in t for t, _ in drawn)


def test_the_setup_problem_line_goes_beside_a_four_seat_menu(make_app):
    app = make_app("--scene", "cards", "--cards", "tests/cards/bad_packs")
    setup = app.stack.top
    setup.menu.index = 0
    press(app, "RIGHT", "RIGHT")                         # four players: the menu reaches the notice line
    assert setup.config.players == 4
    app.render()
    surf = app.display.logical
    back = setup.menu.rect.y + (len(setup.menu.items) - 1) * setup.menu.line_h
    assert not any(pixel(surf, x, y) == P.LIGHT_RED for x in range(40, 370) for y in range(back, back + 14))
    assert any(pixel(surf, x, y) == P.LIGHT_RED for x in range(400, 600) for y in range(back, back + 14))


def test_a_refused_date_previews_no_month(make_app, user_home):
    from tests.workshop.workshop_helpers import set_text

    app = make_app()
    pack = new_pack(Path(app.dirs.cards), "My Cards", "Tester", set())
    ed = CardEditorScene(app, pack)
    app.stack.push(ed)
    set_text(app, ed.form, "started_roasting", "2001-03")
    drawn: list[str] = []
    draw = app.font.draw
    app.font.draw = lambda surface, text, *a, **k: (drawn.append(text), draw(surface, text, *a, **k))[1]
    app.render()
    assert "Mar 2001" in drawn and not ed.view.month_unknown
    set_text(app, ed.form, "started_roasting", "2001-13")
    drawn.clear()
    app.render()
    app.font.draw = draw
    assert ed.view.month_unknown and "Mar 2001" not in drawn and "?" in drawn
