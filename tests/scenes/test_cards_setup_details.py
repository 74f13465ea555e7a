"""The setup's start row says what it does: "Deal hands" once the Random hand rule is on."""

from __future__ import annotations

from jayden_jazz.scenes.cards import players
from tests.helpers import press, step


def test_the_start_row_says_deal_hands_under_the_random_rule(make_app, monkeypatch):
    monkeypatch.setattr(players, "ai_available", lambda: False)
    app = make_app("--scene", "cards")
    setup = app.stack.top
    start = next(i for i in setup.menu.items if i.value == "start")
    assert start.label == "Choose hands"
    while setup.menu.current.value != "preset":
        press(app, "UP")
    press(app, "RETURN")                                  # the Rules page
    rules = app.stack.top
    while rules.menu.current.value != "random":
        press(app, "DOWN")
    press(app, "RETURN")                                  # Random: On
    assert "random" in setup.config.classic
    press(app, "ESCAPE")
    assert app.stack.top is setup
    start = next(i for i in setup.menu.items if i.value == "start")
    assert start.label == "Deal hands"
    setup.menu.index = setup.menu.items.index(start)
    press(app, "RETURN")                                  # dealt: nobody picks a card
    step(app, 30)
    from jayden_jazz.scenes.cards.table import CardsTableScene
    assert any(isinstance(s, CardsTableScene) for s in app.stack)
