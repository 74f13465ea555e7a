"""The card table as a new player meets it: clicks mean what the screen shows."""

from __future__ import annotations

from jayden_jazz.scenes.cards.render import hand_key
from tests.helpers import click
from tests.scenes.cards_helpers import cell_centre, goto, make_table

WEAK5 = ["t/w1", "t/w2", "t/w3", "t/w4", "t/w5"]
STRONG5 = ["t/x1", "t/x2", "t/x3", "t/x4", "t/x5"]


def test_a_click_on_a_free_cell_plays_the_card_the_arrow_keys_framed(make_app):
    app, sc = make_table(make_app, [STRONG5, WEAK5], open=True)
    goto(app, sc, hand_key(0, 2))                        # arrows onto the third card; not picked
    assert sc.selected is None
    click(app, *cell_centre(sc, "b2"))
    assert sc.game.card_at("b2") is not None and sc.game.card_at("b2").id == "t/x3"


def test_a_click_on_a_free_cell_with_no_card_chosen_says_what_to_do(make_app):
    app, sc = make_table(make_app, [STRONG5, WEAK5], open=True)
    click(app, *cell_centre(sc, "b2"))                   # the first card is framed, but nobody chose it
    assert sc.game.ply == 0
    assert sc.message == "Pick a card of your hand first, then a free cell"
