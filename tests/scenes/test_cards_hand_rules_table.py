"""The hand rules on the card table: Order and Chaos limit the card a person may pick (the
others dimmed, a refused pick says why), Chaos picks the drawn card at the start of the turn,
Hand Swap and Three Open are shown as steps before the first turn, Three Open's cards lie
face up in hidden hands, and Random skips the hand picker."""

from __future__ import annotations

import pytest

from jayden_jazz.scenes.cards import players
from jayden_jazz.scenes.cards.config import MatchConfig
from jayden_jazz.scenes.cards.render import hand_key
from jayden_jazz.scenes.cards.table import CardsTableScene
from tests.helpers import click, step
from tests.scenes.cards_helpers import (HUMAN, PACK_DIR, STRONG5, WEAK5, LocalBrain, cell_centre, hand_centre,
                                        history, make_table, settle, take_seat)

COMPUTER = {"kind": "computer", "level": "easy"}


@pytest.fixture
def fake_ai(monkeypatch):
    monkeypatch.setattr(players, "ai_available", lambda: True)


def test_order_dims_all_but_the_leftmost_card_and_refuses_another_pick(make_app):
    app, sc = make_table(make_app, [WEAK5, STRONG5], seats=[HUMAN, HUMAN], open=True, classic=["order"])
    take_seat(app, sc)
    view = sc.view()
    assert view.dimmed == frozenset(hand_key(0, i) for i in range(1, 5))
    click(app, *hand_centre(sc, 0, "t/w3"))
    assert sc.selected is None and sc.controller.messages.text.startswith("Order: play your leftmost card, ")
    click(app, *hand_centre(sc, 0, "t/w1"))
    assert sc.selected == 0
    click(app, *cell_centre(sc, "b2"))
    assert history(sc) == ["t/w1@b2"]


def test_chaos_picks_the_drawn_card_at_the_start_of_the_turn(make_app):
    app, sc = make_table(make_app, [WEAK5, STRONG5], seats=[HUMAN, HUMAN], open=True, classic=["chaos"])
    take_seat(app, sc)
    g = sc.controller.game
    drawn = g.drawn_card
    assert drawn in WEAK5 and sc.selected == g.hand_ids(0).index(drawn)
    assert sc.controller.messages.text.startswith("Chaos drew ") and "pick a free cell" in sc.controller.messages.text
    assert hand_key(0, sc.selected) not in sc.view().dimmed and len(sc.view().dimmed) == 4
    other = next(c for c in WEAK5 if c != drawn)
    click(app, *hand_centre(sc, 0, other))
    assert sc.controller.messages.text.startswith("Chaos: play the card drawn for you")
    click(app, *cell_centre(sc, "a1"))
    assert history(sc) == [f"{drawn}@a1"]
    take_seat(app, sc)
    texts = [ln.text for ln in sc.controller.log.lines]
    assert f"Chaos draws {sc.library.catalog[g.drawn_card].name} for Player 2" in texts


def test_hand_swap_is_shown_as_steps_before_the_first_turn(make_app):
    app, sc = make_table(make_app, [WEAK5, STRONG5], seats=[HUMAN, HUMAN], open=True, classic=["hand_swap"])
    gives = sc.controller.game.setup.hand_swap
    captions = []
    for _ in range(400):
        if sc.phase == "start" and sc.controller.caption is not None:
            captions.append(sc.picture.top_text()[0][0])
        if sc.phase == "turn":
            break
        step(app)
    name0 = sc.library.catalog[gives[0]].name
    name1 = sc.library.catalog[gives[1]].name
    assert f"Hand Swap: Player 1 gives {name0} to Player 2" in captions
    assert f"Hand Swap: Player 2 gives {name1} to Player 1" in captions
    assert [ln.text for ln in sc.controller.log.lines[:2]] == [f"Hand Swap: Player 1 gives {name0} to Player 2",
                                                    f"Hand Swap: Player 2 gives {name1} to Player 1"]
    assert sc.controller.game.hand_ids(1)[-1] == gives[0] and sc.phase == "turn"


def test_three_open_cards_lie_face_up_in_a_hidden_hand(make_app, fake_ai):
    from jayden_jazz.cards.loader import load_packs
    from jayden_jazz.paths import shipped_dir

    brain = LocalBrain(load_packs([shipped_dir("cards"), PACK_DIR])[0])
    app, sc = make_table(make_app, [WEAK5, STRONG5], seats=[HUMAN, COMPUTER], brain=brain,
                         classic=["three_open"])
    settle(app, sc)
    shown = sc.controller.game.setup.shown[1]
    assert len(shown) == 3
    view = sc.view()
    assert 1 not in view.visible
    assert view.revealed == frozenset(hand_key(1, sc.controller.game.hand_ids(1).index(c)) for c in shown)
    sc.renderer.faces.clear()
    app.render()
    faces = {f[2] for f in sc.renderer.faces if f[0] == "hand" and f[1] == 1}
    assert faces == set(shown)                           # the other two stay face down
    assert any(ln.text.startswith("Three Open: Player 2 shows ") for ln in sc.controller.log.lines)


def test_random_skips_the_hand_picker(make_app):
    from jayden_jazz.scenes.cards.hands import HandChoiceScene
    from jayden_jazz.scenes.cardkit.library import load_library
    from tests.scenes.cards_helpers import DATE

    app = make_app("--cards", str(PACK_DIR), "--seed", "11")
    cfg = MatchConfig(players=2, field="3x3", first=0, date=DATE, open=True, classic=["random"])
    cfg.seats[0], cfg.seats[1] = dict(HUMAN), dict(HUMAN)
    lib = load_library(app)
    app.stack.push(HandChoiceScene(app, cfg, lib))
    step(app)
    table = app.stack.top
    assert isinstance(table, CardsTableScene)
    ids = set(lib.card_ids([]))
    for seat in (0, 1):
        hand = table.controller.game.hand_ids(seat)
        assert len(hand) == 5 and len(set(hand)) == 5 and set(hand) <= ids
    assert table.controller.game.rules.random


def test_a_dimmed_card_keeps_its_values_readable(make_app):
    """Under Order the cards that may not be played are darkened, but their white values and
    name stay whole: the player still plans with them."""
    import numpy as np
    import pygame

    from jayden_jazz.shell import palette as P

    app, sc = make_table(make_app, [WEAK5, STRONG5], seats=[HUMAN, HUMAN], open=True, classic=["order"])
    take_seat(app, sc)
    app.render()
    slots = dict(sc.renderer.hand_slots(sc.picture.frame(sc.keys.view_state()), 0))
    pixels = pygame.surfarray.array2d(app.display.logical)

    def counts(i):
        r = slots[i]
        part = pixels[r.left:r.right, r.top:r.bottom]
        return int(np.count_nonzero(part == P.WHITE)), int(np.count_nonzero(part == P.BLACK))

    free_white, free_black = counts(0)
    white, black = counts(1)                    # same values (all 1s), same name length
    assert hand_key(0, 1) in sc.view().dimmed
    assert white >= free_white * 0.9            # values and name drawn whole
    assert black > free_black + slots[1].w * slots[1].h // 4   # yet clearly darkened
