"""A mode on the card table (the Journey) answers the table's hooks with typed intents that the
table carries out in one place; an ordinary game answers None, and the table takes its own step."""

from __future__ import annotations

from jayden_jazz.scenes.cards.intents import Confirm, Done, Run, ShowEnd, carry_out
from jayden_jazz.scenes.windows import MessageWindow
from tests.journey.test_journey_screens import to_table
from tests.scenes.cards_helpers import STRONG5, WEAK5, make_table


def test_an_ordinary_game_asks_nothing_of_the_table(make_app):
    app, sc = make_table(make_app, [WEAK5, STRONG5])
    for choice in ("leave", "abandon", "save", "load", "replay", "log"):
        assert sc.match.on_menu(sc, choice) is None
    assert sc.match.on_over(sc) is None and sc.match.trade_rule() is None
    top = app.stack.top                                     # the pass screen before the first turn
    assert carry_out(sc, None) is False and app.stack.top is top and not sc.end_shown


def test_a_journey_game_answers_with_its_own_intents(make_app, user_home):
    app = make_app("--seed", "3")
    to_table(app)
    table = app.stack.top
    m = table.match
    assert m.trade_rule() == m.setup.trade
    assert isinstance(m.on_menu(table, "leave"), Run)
    abandon = m.on_menu(table, "abandon")
    assert isinstance(abandon, Confirm) and "counts as lost" in abandon.text
    for choice in ("save", "load", "log", "rules", "options", "resume"):
        assert m.on_menu(table, choice) is None            # the table's own entries
    end = m.on_over(table)
    assert isinstance(end, ShowEnd) and end.text.endswith("Enter: see the trade.")
    # carried out: the end window is the Journey's and is shown once
    assert not table.end_shown
    assert carry_out(table, end) is True
    assert table.end_shown and isinstance(app.stack.top, MessageWindow)
    assert app.stack.top.title == end.title
    assert isinstance(m.on_over(table), Done)
    window = app.stack.top
    assert carry_out(table, Done()) is True and app.stack.top is window   # nothing more pushed
