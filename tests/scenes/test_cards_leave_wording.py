"""Leaving a card game under way: the question says what really happens, and it is true.

The table autosaves when it is left, so Continue on the title screen brings
the game back; the question must say that (not that it is lost) and keep No
as the answer given by Enter.
"""

from __future__ import annotations

from jayden_jazz.scenes.cards.table import CardsTableScene
from jayden_jazz.scenes.title import TitleScene
from jayden_jazz.scenes.windows import ChoiceWindow
from tests.helpers import press
from tests.scenes.cards_helpers import STRONG5, WEAK5, make_table, play_click, settle
from tests.scenes.test_jayden_scene import choose


def _ask(app, sc, entry: str) -> ChoiceWindow:
    press(app, "ESC")
    choose(app, entry)
    ask = app.stack.top
    assert isinstance(ask, ChoiceWindow) and ask.menu.current.label == "No"
    return ask


def test_quit_to_title_says_continue_brings_the_game_back_and_it_does(make_app):
    app, sc = make_table(make_app, [STRONG5, WEAK5], open=True)
    play_click(app, sc, "t/x1", "a1")
    settle(app, sc)
    ask = _ask(app, sc, "Quit to title")
    text = " ".join(ask.lines)
    assert "cannot be finished" not in text
    assert "autosave" in text and "Continue" in text
    press(app, "RETURN")                                 # Enter is No
    assert app.stack.top is sc
    _ask(app, sc, "Quit to title")
    press(app, "DOWN", "RETURN")                         # Yes
    assert isinstance(app.stack.top, TitleScene)
    choose(app, "Continue")                              # what the question promised
    back = app.stack.top
    assert isinstance(back, CardsTableScene) and back.controller.game.ply == 1


def test_new_game_says_until_when_the_autosave_keeps_the_game(make_app):
    app, sc = make_table(make_app, [STRONG5, WEAK5], open=True)
    play_click(app, sc, "t/x1", "a1")
    settle(app, sc)
    ask = _ask(app, sc, "New game")
    text = " ".join(ask.lines)
    assert "cannot be finished" not in text
    assert "autosave" in text and "new game" in text.lower()
    press(app, "ESC")                                    # Esc is No too
    assert app.stack.top is sc and sc.controller.game.ply == 1
