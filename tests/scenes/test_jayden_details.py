"""Small things a careful Jayden player notices: plurals, the editor's refusals and picker,
greyed menu items, and where the leave prompt says the game is kept."""

from __future__ import annotations

from jayden_jazz.jayden import START_JPN
from jayden_jazz.saves import jayden as jsave
from jayden_jazz.saves import store
from jayden_jazz.scenes.jayden.board import JaydenScene
from jayden_jazz.scenes.jayden.editor import PieceWindow
from jayden_jazz.scenes.jayden.menus import MainMenu
from jayden_jazz.scenes.resume import continue_latest
from jayden_jazz.scenes.windows import ChoiceWindow, MessageWindow
from jayden_jazz.shell import palette as P
from jayden_jazz.tables.jayden.moves import taken_text
from tests.helpers import pixel, press, step
from tests.reference import check_reference
from tests.scenes.jpn_helpers import jpn
from tests.scenes.test_jayden_editor import _editor
from tests.scenes.test_jayden_scene import act, board, choose, goto


def test_two_heroes_are_heroes():
    assert taken_text({"H": 2, "D": 1}) == "2 Heroes, 1 Dragon"
    assert taken_text({"H": 1, "S": 3}) == "3 Scouts, 1 Hero"


def test_play_without_masters_is_refused_saying_which_side_lacks_one(make_app):
    app, ed = _editor(make_app, jpn({"j1": "M", "a2": "K", "s14": "k"}))
    press(app, "ESCAPE")
    choose(app, "Play from this position")
    window = app.stack.top
    assert isinstance(window, MessageWindow) and window.title == "Cannot play this position"
    words = " ".join(window.lines)
    assert "Red has no Master" in words and "destroyed" not in words
    press(app, "RETURN")
    press(app, "ESCAPE")
    choose(app, "Empty board")
    press(app, "ESCAPE")
    choose(app, "Play from this position")
    words = " ".join(app.stack.top.lines)
    assert "Green and Red have no Master" in words


def test_the_piece_pictures_in_the_picker_do_not_overlap(make_app):
    app, ed = _editor(make_app)
    goto(app, ed, "e5")
    press(app, "RETURN")
    window = app.stack.top
    assert isinstance(window, PieceWindow)
    app.render()
    menu = window.menu
    x0 = menu.rect.right - 36
    surf = app.display.logical
    def inked(y: int) -> bool:
        return any(pixel(surf, x, y) not in (P.BLUE, P.CYAN) for x in range(x0, x0 + 32))

    for i in range(len(menu.items) - 1):                     # the last row is "Nothing": no picture
        row_top = menu.rect.y + i * menu.line_h
        assert any(inked(y) for y in range(row_top, row_top + menu.line_h)), i
        assert not inked(row_top + menu.line_h - 1), i       # a clear line between two pictures
    assert not inked(menu.rect.y - 1)                        # none reaches above the first row
    assert window.rect.bottom <= 350


def test_a_greyed_item_under_the_cursor_still_looks_greyed(make_app):
    app, sc = board(make_app)
    press(app, "ESCAPE")
    menu = app.stack.top
    assert isinstance(menu, MainMenu)
    undo = [i.value for i in menu.items].index("undo")
    assert not menu.items[undo].enabled                        # nothing to undo yet
    while menu.menu.index != undo:
        press(app, "DOWN")
    app.render()
    y = menu.menu.rect.y + undo * menu.menu.line_h + 2
    assert pixel(app.display.logical, menu.menu.rect.x + 2, y) == P.DARK_GRAY
    press(app, "UP")
    app.render()
    y = menu.menu.rect.y + (undo - 1) * menu.menu.line_h + 2
    assert pixel(app.display.logical, menu.menu.rect.x + 2, y) == P.CYAN   # an available one: the usual bar


def _leave_words(app) -> str:
    press(app, "ESCAPE")
    choose(app, "Quit to title")
    window = app.stack.top
    assert isinstance(window, ChoiceWindow) and window.title == "Leave this game?"
    words = " ".join(window.lines)
    press(app, "ESCAPE")
    return words


def test_the_leave_prompt_names_the_save_that_holds_the_game(make_app):
    app, sc = board(make_app)
    act(app, sc, "c2", "c3")                                   # under way, no turn finished
    assert "No save holds it yet" in _leave_words(app)
    act(app, sc, "e2", "e3")                                   # a turn finished: the autosave
    assert "stays in the autosave" in _leave_words(app)
    other = jsave.JaydenGame(start=START_JPN, actions=["c2-c4", "e2-e4"], players=dict(sc.game.players))
    jsave.save(jsave.slot_path(app.dirs.saves, "autosave"), other, other.position())   # another game
    body_path = jsave.slot_path(app.dirs.saves, 2)
    body = jsave.to_body(sc.table.game_to_save(), sc.pos)
    body["saved"] = "2099-01-01T00:00:00"                     # the newest: Continue takes it
    store.write(body_path, body)
    app.back_to("menu")
    continue_latest(app, app.stack)                             # the newest unfinished game: slot 2
    back = app.stack.top
    assert isinstance(back, JaydenScene) and len(back.pos.history) == 2 and body_path.exists()
    step(app)
    words = _leave_words(app)
    assert "Slot 2 holds it as it is now" in words and "autosave" not in words
    act(app, back, "c13", "c12")
    assert "Slot 2 holds it as it was 1 action ago" in _leave_words(app)


LONG = ("Undone back to the start of your turn; the autosave now holds this position, and the computer "
        "will not play its reply until you act again, whatever the Options say about pace and hints")


def test_a_long_message_says_where_to_read_it_and_the_move_list_shows_it_whole(make_app):
    from jayden_jazz.scenes.jayden.panels import MoveListWindow

    app, sc = board(make_app)
    sc.say(LONG)
    app.render()
    left, second, _ = sc.renderer.status_lines(sc.pos, sc.view())
    shown = " ".join(t for t, _ in left + second)
    assert shown.endswith("\u2026 (L reads it all)")
    assert all(len(t) <= 80 for t, _ in left + second)
    step(app, 2000)                                              # the message has left the line
    assert sc.message == ""
    press(app, "L")
    window = app.stack.top
    assert isinstance(window, MoveListWindow)
    words = " ".join(t for t, _ in window.head[2:])
    assert words == "Last message: " + LONG                     # every word of it
    app.render()
    check_reference(app.display.logical, "jayden_moves_message")


def test_a_message_beside_a_master_warning_also_says_where_to_read_it(make_app):
    app, sc = board(make_app)
    sc.say(LONG)
    view = sc.view()
    view.alerts = [("Danger: Red could take your Master next turn (Dragon j9)", P.LIGHT_RED)]
    left, second, _ = sc.renderer.status_lines(sc.pos, view)
    assert left[0][0].endswith("(L reads it all)") and second[0][0].startswith("Danger")


def test_a_message_that_fits_two_lines_is_not_cut(make_app):
    app, sc = board(make_app)
    text = "Nothing to undo yet: " + "a short reason " * 6
    sc.say(text.strip())
    left, second, _ = sc.renderer.status_lines(sc.pos, sc.view())
    assert " ".join(t for t, _ in left + second) == text.strip()


def test_look_back_and_the_replay_show_coordinates_and_turn_with_t(make_app):
    from jayden_jazz.scenes.jayden.render import CELL_H, CELL_W, ROWS, square_rect
    from jayden_jazz.scenes.jayden.replay import ReplayScene
    from jayden_jazz.jayden import parse_square

    app, sc = board(make_app, enhanced=True)
    act(app, sc, "c2", "c4")
    act(app, sc, "e2", "e3")
    press(app, "L", "RETURN")                                  # look back at turn 1
    viewer = app.stack.top
    assert isinstance(viewer, ReplayScene) and viewer.looking_back
    app.render()
    x, y = CELL_W - 6, ROWS * CELL_H - 7                       # file a's tab in the corner square
    assert pixel(app.display.logical, x, y) == P.BLACK
    hero = square_rect(parse_square("c4"))
    before = pixel(app.display.logical, hero.x + 10, hero.y + 10)
    press(app, "T")
    assert viewer.flip
    app.render()
    turned = square_rect(parse_square("c4"), True)
    assert pixel(app.display.logical, turned.x + 10, turned.y + 10) == before
    assert pixel(app.display.logical, hero.x + 10, hero.y + 10) != before
    check_reference(app.display.logical, "jayden_look_back_turned")
    press(app, "ESCAPE")
    assert app.stack.top is sc and not sc.flip                  # the game's own board is as it was
    app.settings["coordinates"] = "off"
    replay = ReplayScene(app, START_JPN, ["c2-c4"], enhanced=True)
    app.stack.push(replay)
    app.render()
    assert pixel(app.display.logical, x, y) != P.BLACK         # the option is obeyed
