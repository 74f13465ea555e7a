"""The hand picker reads each action through the pure ``step_for``: which keys type into the
search and which act is checked here without a window or a scene."""

from __future__ import annotations

from jayden_jazz.scenes.cards.hands_input import CTRL_R, Step, step_for
from jayden_jazz.shell.input import Action, Kind


def step(action: Action, *, choosing: bool = True, searching: bool = False) -> Step:
    return step_for(action, choosing=choosing, searching=searching)


def test_esc_clears_a_search_first_then_leaves():
    assert step(Action(Kind.BACK, key="escape"), searching=True) == Step("clear-search")
    assert step(Action(Kind.BACK, key="escape")) == Step("cancel")
    assert step(Action(Kind.BACK, key="escape"), choosing=False, searching=True) == Step("cancel")


def test_nothing_but_esc_acts_once_the_hands_are_chosen():
    for action in (Action(Kind.ACTION, key="return"), Action(Kind.KEY, key="a", text="a"), Action(Kind.MOVE, dx=1)):
        assert step(action, choosing=False) == Step("none")


def test_random_is_ctrl_r_or_a_random_key_that_types_nothing_while_r_types():
    assert step(Action(Kind.KEY, key="r", text=CTRL_R)) == Step("random")
    assert step(Action(Kind.RANDOM, key="f9")) == Step("random")
    assert step(Action(Kind.RANDOM, key="r", text="r")) == Step("type", "r")
    assert step(Action(Kind.RANDOM, key="r")) == Step("type", "r")       # a scripted key carries no text


def test_v_types_only_within_a_search_or_as_a_capital():
    v = Action(Kind.ALT, key="v", text="v")
    assert step(v) == Step("next-text")                                # the card text's next page
    assert step(v, searching=True) == Step("type", "v")
    assert step(Action(Kind.ALT, key="v", text="V")) == Step("type", "V")
    assert step(Action(Kind.ALT, pos=(5, 5))) == Step("next-text")    # a right click never types


def test_space_types_between_words_and_acts_otherwise():
    space = Action(Kind.ACTION, key="space", text=" ")
    assert step(space, searching=True) == Step("type", "space")
    assert step(space) == Step("act")


def test_hotkey_letters_type_and_f2_f3_sort_and_filter():
    assert step(Action(Kind.HINT, key="h", text="h")) == Step("type", "h")
    assert step(Action(Kind.KEY, key="backspace")) == Step("type", "backspace")
    assert step(Action(Kind.KEY, key="f2")) == Step("sort")
    assert step(Action(Kind.KEY, key="f3")) == Step("pack")


def test_arrows_move_page_keys_scroll_the_text_and_the_wheel_scrolls_the_grid():
    assert step(Action(Kind.MOVE, dx=-1, dy=0)) == Step("move", dx=-1, dy=0)
    assert step(Action(Kind.MOVE, dx=-1, dy=1)) == Step("move", dx=-1, dy=1)          # a diagonal moves
    assert step(Action(Kind.MOVE, dx=1, dy=-1)) == Step("page-text", dy=-1)           # PgUp
    assert step(Action(Kind.SCROLL, dy=1)) == Step("scroll", dy=1)


def test_the_pointer_points_and_clicks_act_where_they_are():
    assert step(Action(Kind.POINT, pos=(10, 20))) == Step("point", pos=(10, 20))
    assert step(Action(Kind.POINT)) == Step("none")
    assert step(Action(Kind.ACTION, pos=(3, 4))) == Step("act", pos=(3, 4))
    assert step(Action(Kind.ACTION, key="return")) == Step("act")
