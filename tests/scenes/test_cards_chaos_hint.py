"""H (hint) under Chaos: the drawn card stays picked, the cursor goes to the hinted cell, and
Enter places the card there, by keys only."""
# rule: cards.md#hand-rules

from __future__ import annotations

import pytest

from jayden_jazz.scenes.cards import players
from jayden_jazz.scenes.cards.render import cell_key
from tests.helpers import press, step
from tests.scenes.cards_helpers import HUMAN, STRONG5, WEAK5, LocalBrain, history, make_table, settle, take_seat

COMPUTER = {"kind": "computer", "level": "easy"}


@pytest.fixture
def fake_ai(monkeypatch):
    monkeypatch.setattr(players, "ai_available", lambda: True)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_hint_under_chaos_keeps_the_drawn_card_picked_and_enter_places_it(make_app, fake_ai, seed):
    app, sc = make_table(make_app, [WEAK5, STRONG5], seats=[HUMAN, COMPUTER], first=0, classic=["chaos"])
    sc.brain = LocalBrain(sc.library.catalog, seed=seed)
    for turn in range(3):
        take_seat(app, sc)
        g = sc.controller.game
        drawn = g.drawn_card
        assert sc.controller.selected == drawn
        press(app, "h")
        for _ in range(20):
            if sc.controller.hint is not None:
                break
            step(app)
        assert sc.controller.hint is not None and sc.controller.hint[0] == drawn
        assert sc.controller.selected == drawn                 # still picked: no going back to the hand
        assert sc.cursor == cell_key(g.field.index(sc.controller.hint[1]))
        cell = sc.controller.hint[1]
        press(app, "RETURN")                                    # Enter places it on the hinted cell
        assert history(sc)[-1] == f"{drawn}@{cell}"
        settle(app, sc)


def test_enter_on_the_drawn_card_keeps_it_picked_and_the_next_enter_places_it(make_app, fake_ai):
    from jayden_jazz.scenes.cards.render import hand_key
    from tests.scenes.cards_helpers import goto

    app, sc = make_table(make_app, [WEAK5, STRONG5], seats=[HUMAN, COMPUTER], first=0, classic=["chaos"])
    sc.brain = LocalBrain(sc.library.catalog)
    take_seat(app, sc)
    g = sc.controller.game
    drawn = g.drawn_card
    goto(app, sc, hand_key(0, g.hand_ids(0).index(drawn)))
    press(app, "RETURN")                                        # the drawn card again: still the one to play
    assert sc.controller.selected == drawn and sc.cursor[0] == "cell"
    press(app, "RETURN")
    assert len(history(sc)) == 1 and history(sc)[0].startswith(drawn + "@")
