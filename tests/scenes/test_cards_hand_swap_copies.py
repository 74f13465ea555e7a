"""Hand Swap between hands that hold the same cards: while the swap is shown, only the card
given in front of everyone lies face up, never the receiver's own copy of it."""
# rule: cards.md#hand-rules

from __future__ import annotations

import pytest

from jayden_jazz.scenes.cards import players
from jayden_jazz.scenes.cards.render import hand_key
from tests.helpers import step
from tests.scenes.cards_helpers import HUMAN, WEAK5, LocalBrain, make_table

COMPUTER = {"kind": "computer", "level": "easy"}


@pytest.fixture
def fake_ai(monkeypatch):
    monkeypatch.setattr(players, "ai_available", lambda: True)


@pytest.mark.parametrize("seed", ["11", "12", "13"])
def test_no_hidden_copy_shows_face_up_during_the_swap(make_app, fake_ai, seed):
    app, sc = make_table(make_app, [WEAK5, WEAK5], seats=[HUMAN, COMPUTER], first=0,
                         classic=["hand_swap"], argv=("--seed", seed))
    sc.brain = LocalBrain(sc.library.catalog)
    given = sc.controller.game.setup.hand_swap                      # what each seat gives the next
    frames = twins = 0
    while sc.phase == "start" or frames == 0:
        app.render()
        view = sc.view()
        early = sc.controller.setup_shown()
        if early is not None:
            frames += 1
            hands, known = early
            received = sum(known[1])
            shown = {k for k in view.revealed if k[1] == 1}
            assert len(shown) == received <= 1, (frames, hands, shown)   # the computer's hand: one card at most
            for key in shown:                            # ... and it is the card it received
                assert hands[1][key[2]] == given[0]
            if hands[1].count(given[0]) == 2:
                twins += 1
            mine = {k for k in view.known_own if k[1] == 0}
            assert len(mine) == sum(known[0]) <= 1
        step(app)
        assert frames < 2000
    assert frames > 10
    if given[1] != given[0]:
        assert twins > 0                                 # the case in question was on the screen
    # after the steps the game itself says the same
    g = sc.controller.game
    assert [i for i in range(len(g.hand_ids(1))) if g.can_see_card(-1, 1, i)] == \
        [k[2] for k in sc.view().revealed if k[1] == 1]
    assert hand_key(1, 0) not in sc.view().revealed or g.can_see_card(-1, 1, 0)
