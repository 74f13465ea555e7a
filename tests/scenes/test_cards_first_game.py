"""A first card game for one person: on a fresh install the setup offers a game against the computer.

Player 2 starts as the computer at Normal, hands are hidden (Open off), so
the one person at the screen sees their own hand and never meets a pass
screen. Choices the player made before (the settings) still win.
"""

from __future__ import annotations

import pytest

from jayden_jazz.scenes.cards import players
from jayden_jazz.scenes.cards.config import MatchConfig
from jayden_jazz.scenes.cards.hands import HandChoiceScene
from jayden_jazz.scenes.cards.setup import CardsSetupScene
from jayden_jazz.scenes.cards.table import CardsTableScene
from jayden_jazz.scenes.cards.windows import PassScreen
from tests.helpers import ctrl, press, step
from tests.scenes.cards_helpers import PACK_DIR, LocalBrain

HUMAN = {"kind": "human"}
NORMAL = {"kind": "computer", "level": "normal"}


@pytest.fixture
def fake_ai(monkeypatch):
    brains: list[LocalBrain] = []
    monkeypatch.setattr(players, "ai_available", lambda: True)

    def make():
        from jayden_jazz.cards.loader import load_packs
        from jayden_jazz.paths import shipped_dir

        catalog, _ = load_packs([shipped_dir("cards"), PACK_DIR])
        b = LocalBrain(catalog, seed=len(brains) + 1)
        brains.append(b)
        return b

    monkeypatch.setattr(players, "make_brain", make)
    return brains


def test_a_fresh_install_offers_a_game_against_the_computer(make_app, fake_ai):
    app = make_app("--scene", "cards", "--seed", "4")
    setup = app.stack.top
    assert isinstance(setup, CardsSetupScene)
    cfg = setup.config
    assert cfg.active_seats() == [HUMAN, NORMAL] and not cfg.open and not cfg.hides_hands()


def test_a_newcomer_who_presses_enter_plays_without_a_pass_screen(make_app, fake_ai):
    app = make_app("--scene", "cards", "--seed", "4")
    press(app, "RETURN")                                  # Choose hands
    hc = app.stack.top
    assert isinstance(hc, HandChoiceScene) and hc.phase == "choose"
    ctrl(app, "r")
    press(app, "RETURN")                                  # Random hand (Ctrl+R), Done
    table = None
    for _ in range(200):
        assert not isinstance(app.stack.top, PassScreen), "a pass screen for one person"
        if isinstance(app.stack.top, CardsTableScene):
            table = app.stack.top
            break
        step(app)
    assert table is not None
    for _ in range(100):
        assert not isinstance(app.stack.top, PassScreen)
        step(app)
    assert table.visible_seats() == frozenset({0})        # the person's own hand; the computer's hidden
    assert not table.hides_hands()


def test_remembered_seats_still_win(make_app, fake_ai, user_home):
    app = make_app("--scene", "cards")
    app.settings["cards"] = {"players": 2, "seats": [HUMAN, HUMAN, HUMAN, HUMAN]}
    setup = CardsSetupScene(app)
    assert setup.config.active_seats() == [HUMAN, HUMAN]


def test_remembered_hands_alone_do_not_count_as_chosen_seats():
    cfg = MatchConfig.from_settings({"last_hands": {"0": ["t/w1"]}}, [HUMAN, NORMAL])
    assert cfg.active_seats() == [HUMAN, NORMAL]


def test_without_the_computer_player_the_second_seat_is_a_person():
    cfg = MatchConfig.from_settings({}, [HUMAN])
    assert cfg.active_seats() == [HUMAN, HUMAN]
