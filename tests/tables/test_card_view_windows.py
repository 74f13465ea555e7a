"""What the card table's windows read of the controller instead of its game: the terms the rules
window words, the result and the ability that ended the game for the end window, the cells an
ability offer could pick, and a card as the card window shows it (``look``)."""

from __future__ import annotations

from jayden_jazz.cards import Rules
from jayden_jazz.tables.cards.flow import Phase
from jayden_jazz.tables.cards.view import Look
from tests.tables.test_card_controller import CATALOG, WEAK5, play, settle, table
from tests.tables.test_card_view_fields import SWAPPER, opened_to_swapper


def test_the_view_names_the_terms_the_game_is_played_under():
    ctl = table([SWAPPER, WEAK5], open_hands=False, same=True)
    terms = ctl.screen_view().terms
    assert terms is not None
    assert terms.rules == Rules(open=False, same=True)
    assert (terms.field_title, terms.cells, terms.holes, terms.players, terms.date) == ("3x3", 9, False, 2, (2026, 6))


def test_the_offer_names_the_cells_its_abilities_could_pick_and_only_while_it_is_open():
    ctl = opened_to_swapper()
    choice = ctl.screen_view().choice
    assert choice is not None and choice.offered == (1,)
    assert choice.reach == (ctl.game.field.index("a3"),)           # a field card seat 0 does not control
    assert ctl.preview("t/swapper", 0).captures == frozenset({1, 3})   # what the window keeps clear of
    ctl.choose_ability(0, 1)
    choice = ctl.screen_view().choice
    assert choice is not None and choice.reach == ()               # targets are picked now, not offered


def test_the_result_and_the_ability_that_was_used_last():
    ctl = opened_to_swapper()
    st = ctl.screen_view()
    assert st.result is None and st.last_ability is None           # the swapper is not played yet
    ctl.choose_ability(0, 1)
    ctl.toggle_target(0, "a3")
    ctl.toggle_target(0, "hand:t/x4")
    settle(ctl)
    assert ctl.screen_view().last_ability == ("t/swapper", 1)
    for _ in range(20):
        if ctl.game.is_over():
            break
        settle(ctl)
        if ctl.phase == Phase.ABILITY:
            ctl.choose_ability(ctl.flow.seat, None)
            continue
        g = ctl.game
        free = next(g.field.name_of(c) for c in g.field.cells if g.card_at(c) is None)
        ctl.place(g.to_move, g.hand_ids(g.to_move)[0], free)
    settle(ctl)
    st = ctl.screen_view()
    assert st.game_over and st.result is not None and st.result == ctl.game.result()
    assert st.last_ability is None                                 # the last placement used none


def test_look_shows_a_field_card_with_its_values_and_owner_and_no_hidden_hand():
    ctl = table([SWAPPER, WEAK5], open_hands=False)
    play(ctl, 0, "t/x1", "c3")
    ctl.confirm(0)                               # hot seat: the result seen, the screen passes on
    settle(ctl)
    ctl.seat_ready(1)
    c3 = ctl.game.field.index("c3")
    assert ctl.look(("cell", c3)) == Look(CATALOG["t/x1"], ctl.game.effective_sides(c3), 0, None, 0)
    assert ctl.look(("cell", ctl.game.field.index("a1"))) is None   # no card there
    assert ctl.screen_view().seen == frozenset({1})                # seat 1 is at the screen
    assert ctl.look(("hand", 1, 0)) == Look(CATALOG["t/w1"])
    assert ctl.look(("hand", 0, 0)) is None                         # a hand this screen may not see
    assert ctl.look(("hand", 1, 9)) is None                         # no such place


def test_look_shows_the_placed_card_waiting_for_its_ability():
    ctl = opened_to_swapper()
    assert ctl.look(("cell", 0)) is None                           # not played yet: the game has no card there
    index = ctl.pending_index()
    assert index is not None and ctl.look(("hand", 0, index)) == Look(CATALOG["t/swapper"])
