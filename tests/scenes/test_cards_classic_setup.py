"""The classic rules on the setup screen: the Rules row, the Rules page, refusals before Start.

Driven through real key and mouse events; what the page and the refusal
say is compared with the engine's own words (``Rules.problems()``), so a
scene can never explain a rule differently from the engine.
"""
# rule: cards.md#classic-rules

from __future__ import annotations

import pytest

from jayden_jazz.cards.rule_text import RULE_HELP, RULE_SETS
from jayden_jazz.cards.rules import CLASSIC, Rules
from jayden_jazz.scenes.cards import players
from jayden_jazz.scenes.cards.config import MatchConfig
from jayden_jazz.scenes.cards.hands import HandChoiceScene
from jayden_jazz.scenes.cards.rules_window import RulesWindow
from jayden_jazz.scenes.cards.setup import CardsSetupScene
from jayden_jazz.scenes.windows import MessageWindow
from tests.helpers import assert_ega_only, click, press
from tests.reference import check_reference


@pytest.fixture
def setup(make_app, monkeypatch):
    monkeypatch.setattr(players, "ai_available", lambda: False)
    app = make_app("--scene", "cards")
    scene = app.stack.top
    assert isinstance(scene, CardsSetupScene)
    return app, scene


def to_row(app, menu, value) -> None:
    for _ in range(len(menu.items) + 1):
        if menu.current.value == value:
            return
        press(app, "DOWN")
    raise AssertionError(f"no row {value!r}")


def open_rules(app, scene) -> RulesWindow:
    to_row(app, scene.menu, "preset")
    press(app, "RETURN")
    page = app.stack.top
    assert isinstance(page, RulesWindow)
    return page


def row_y(menu, value) -> int:
    return menu.rect.y + [i.value for i in menu.items].index(value) * 16 + 5


def test_rules_row_cycles_the_named_sets_both_ways_and_remembers(setup):
    app, scene = setup
    to_row(app, scene.menu, "preset")
    names = []
    for _ in range(len(RULE_SETS)):
        names.append(scene.value_text("preset"))
        press(app, "RIGHT")
    assert names == [rs.name for rs in RULE_SETS]           # Updated, Draft, Classic..., Reverse + Fallen Ace...
    assert scene.value_text("preset") == "Updated"           # wrapped round
    press(app, "LEFT")
    assert scene.value_text("preset") == RULE_SETS[-1].name
    press(app, "LEFT")
    assert scene.value_text("preset") == "Reverse + Fallen Ace"
    r = scene.config.rules()
    assert r.reverse and r.fallen_ace and r.classic == ("reverse", "fallen_ace")
    assert app.settings["cards"]["classic"] == ["reverse", "fallen_ace"]
    press(app, "LEFT")
    assert scene.value_text("preset") == "Classic: Same, Plus, Combo"
    assert scene.config.rules().classic == ("same", "plus", "combo")
    assert CardsSetupScene(app).config.classic == ["same", "plus", "combo"]    # read back from the settings


def test_every_rule_on_the_rules_page_changes_rules_and_persists(setup):
    app, scene = setup
    page = open_rules(app, scene)
    values = [i.value for i in page.menu.items]
    assert values == ["preset", *CLASSIC, "done"]                 # every rule has a row
    for rule in CLASSIC:                                          # keyboard: Right switches on
        to_row(app, page.menu, rule)
        press(app, "RIGHT")
        assert getattr(scene.config.rules(), rule) is True
        assert rule in app.settings["cards"]["classic"]
    for rule in CLASSIC:                                          # mouse: a click switches off
        click(app, page.menu.rect.x + 20, row_y(page.menu, rule))
        assert getattr(scene.config.rules(), rule) is False
    assert app.settings["cards"]["classic"] == []
    to_row(app, page.menu, "plus")
    press(app, "RETURN")                                          # Enter switches too
    to_row(app, page.menu, "preset")
    press(app, "LEFT")
    assert scene.config.preset == "draft"
    press(app, "ESC")
    assert app.stack.top is scene
    assert scene.value_text("preset") == "Custom: Draft + Plus"   # no named set: a custom state
    again = CardsSetupScene(app)
    assert again.config.preset == "draft" and again.config.rules().plus
    assert again.config.rules().classic == ("plus",)


def test_focused_rule_is_explained_and_the_page_fits_the_screen(setup):
    app, scene = setup
    page = open_rules(app, scene)
    for rule in ("plus", "combo", "same_wall"):
        to_row(app, page.menu, rule)
        press(app, "RIGHT")
    assert page.problems() == ["Same Wall needs Same"]
    assert page.menu.rect.bottom <= 340 - 30                       # nothing clipped at 640x350
    app.render()
    assert_ega_only(app.display.logical)
    check_reference(app.display.logical, "cards_rules_page")
    assert "Same Wall" in page.menu.current.label and RULE_HELP["same_wall"]


def test_a_refused_combination_is_shown_and_blocks_start_with_the_engines_words(setup):
    app, scene = setup
    page = open_rules(app, scene)
    to_row(app, page.menu, "combo")
    press(app, "RIGHT")                                            # Combo alone
    expected = Rules(combo=True).problems()
    assert expected and page.problems() == expected
    press(app, "ESC")
    to_row(app, scene.menu, "start")
    press(app, "RETURN")
    window = app.stack.top
    assert isinstance(window, MessageWindow)
    assert expected[0] in " ".join(window.lines)                    # the engine's words, as written
    assert not any(isinstance(s, HandChoiceScene) for s in app.stack)
    press(app, "RETURN")                                           # close the message
    page = open_rules(app, scene)
    to_row(app, page.menu, "plus")
    press(app, "RIGHT")                                            # Combo with Plus is sound
    assert page.problems() == []
    press(app, "ESC")
    to_row(app, scene.menu, "start")
    press(app, "RETURN")
    hands = next(s for s in app.stack if isinstance(s, HandChoiceScene))   # (behind the pass screen)
    assert hands.rules.combo and hands.rules.plus                  # the hands are chosen under them


def test_config_keeps_only_known_rules_in_canonical_order():
    cfg = MatchConfig.from_settings({"classic": ["plus", "nonsense", 3, "same"]})
    assert cfg.classic == ["same", "plus"]
    assert cfg.to_settings()["classic"] == ["same", "plus"]
    assert MatchConfig.from_settings({"classic": "same"}).classic == []


def test_statistics_keep_classic_rule_sets_apart():
    from jayden_jazz.statistics import rules_name_cards

    assert rules_name_cards(Rules()) == "Updated"
    assert rules_name_cards(Rules(same=True, plus=True, combo=True, open=True)) == "Updated + Open + Same + Plus + Combo"


def test_many_refusals_never_run_into_the_footer(setup):
    from jayden_jazz.scenes.cards.setup import FRAME, MENU_W, MENU_X
    from jayden_jazz.shell import palette as P
    import pygame

    app, scene = setup
    scene.config.players, scene.config.field = 4, "donut7"
    scene.config.classic = ["same_wall", "combo", "order", "chaos"]
    scene._build_menu()
    app.render()
    arr = pygame.surfarray.array2d(app.display.logical)
    side = arr[MENU_X + MENU_W + 20:FRAME.right - 8]
    assert (side[:, FRAME.y + 150:FRAME.bottom - 44] == P.LIGHT_RED).any()     # the refusal is shown
    assert not (side[:, FRAME.bottom - 44:FRAME.bottom] == P.LIGHT_RED).any()  # and stops above the footer


def test_hand_rules_from_the_rules_page_reach_the_game_and_order_with_chaos_is_refused(setup):
    app, scene = setup
    page = open_rules(app, scene)
    for rule in ("order", "chaos"):
        to_row(app, page.menu, rule)
        press(app, "RIGHT")
    assert page.problems() == Rules(order=True, chaos=True).problems() != []
    to_row(app, page.menu, "chaos")
    press(app, "RETURN")                                           # Chaos off again: Order alone is sound
    to_row(app, page.menu, "three_open")
    press(app, "RETURN")
    assert page.problems() == []
    press(app, "ESC")
    assert scene.config.rules().order and scene.config.rules().three_open
    to_row(app, scene.menu, "start")
    press(app, "RETURN")
    hands = next(s for s in app.stack if isinstance(s, HandChoiceScene))
    assert hands.rules.order and hands.rules.three_open and not hands.rules.chaos
