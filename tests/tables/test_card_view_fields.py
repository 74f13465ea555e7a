"""What the card table's screen reads of the frozen view, and nothing else: the hands as the hand
rules' steps left them (filtered for the seat that looks), the log with its seats, the turn flow's
questions, the pass screen's words, the computer's framed pick and the targets as slots."""
# rule: cards.md#hand-rules

from __future__ import annotations

import random
from typing import Any

import pytest

from jayden_jazz.ai.worker import Reply
from jayden_jazz.cards import Field, Rules, new_game
from jayden_jazz.cards.observation import may_see
from jayden_jazz.tables.cards.controller import TableController
from jayden_jazz.tables.cards.flow import Phase
from jayden_jazz.tables.cards.movelog import MoveLog
from tests.tables.test_card_controller import (CATALOG, HUMAN, OPENING, P0_GRAB, WEAK5, NoBrain, Recorder, settle,
                                               table)
from tests.tables.test_card_parts import COMPUTER, ScriptedBrain

SWAPPER = ["t/x1", "t/x2", "t/x3", "t/swapper", "t/x4"]


def swap_table(seed: int, **rules: Any) -> TableController:
    """Two people with hidden hands under Hand Swap: the swap is shown step by step."""
    game = new_game(CATALOG, Field.rectangle(3), [P0_GRAB, WEAK5], Rules(open=False, hand_swap=True, **rules),
                    first_seat=0, date=(2026, 6), rng=random.Random(seed))
    ctl = TableController(game, [dict(HUMAN), dict(HUMAN)], CATALOG, brain=NoBrain, rng=random.Random(1),
                          factor=lambda: 1.0)
    ctl.start()
    return ctl


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("rules", [{}, {"three_open": True}], ids=["hand swap", "and three open"])
def test_a_seats_view_never_holds_another_seats_hidden_card_while_hand_swap_is_shown(seed, rules):
    ctl = swap_table(seed, **rules)
    g = ctl.game
    dealt = {cid: s for s, hand in enumerate(g.setup.hands) for cid in hand}      # every id is dealt once
    assert len(dealt) == 10
    frames, first = 0, {}
    while ctl.phase == Phase.START:
        for viewer in (0, 1, None):
            st = ctl.view(viewer)
            assert st.setup_showing
            first.setdefault(viewer, st)
            for h in st.hands:
                if h.seat == viewer:
                    assert h.cards is not None and h.size == len(h.cards)
                    continue
                assert h.cards is None                                   # hidden hands, no Open
                for i, cid in h.known:                                   # what is given: what the rule allows
                    assert may_see(viewer, h.seat, dealt[cid], open_hands=False, shown=cid in g.shown_cards(h.seat),
                                   revealed=False), (viewer, h.seat, cid)
            hidden = {g.hand_ids(s)[i] for s in range(2) if s != viewer
                      for i in range(len(g.hand_ids(s))) if not g.can_see_card(viewer, s, i)}
            assert hidden and not {cid for cid in hidden if cid in repr(st)}, (viewer, hidden)
        frames += 1
        ctl.tick()
        assert frames < 2000
    assert frames > 10
    given = g.setup.hand_swap
    # at the first step: a card given, none received yet
    assert set(first[0].hands[0].cards or ()) < set(P0_GRAB) and first[0].hands[1].size == 6
    # after the steps: the game's hands, and what everybody knows is what the game says
    for viewer in (0, 1, None):
        st = ctl.view(viewer)
        assert not st.setup_showing
        for h in st.hands:
            assert h.size == len(g.hand_ids(h.seat))
            assert [i for i, _ in h.known] == [i for i, ok in enumerate(g.seen_hand(-1, h.seat)) if ok]
    assert (1, given[0]) in {(h.seat, cid) for h in ctl.view(None).hands for _, cid in h.known}


def test_the_hands_on_view_follow_the_swap_steps_one_by_one():
    ctl = swap_table(1)
    g = ctl.game
    given = g.setup.hand_swap
    sizes = []
    while ctl.phase == Phase.START:
        st = ctl.view(None)
        sizes.append(tuple(h.size for h in st.hands))
        ctl.tick()
    assert sizes[0] == (4, 6) and sizes[-1] == (5, 5)  # seat 0 gave first, before seat 1 gave back
    st = ctl.view(0)
    assert st.hands[0].cards == tuple(g.hand_ids(0)) and given[1] in st.hands[0].cards
    assert {cid for _, cid in st.hands[0].known} == {given[1]}   # its owner sees which card is no secret


def test_the_log_on_view_says_whose_each_line_is_and_reads_as_the_texts():
    ctl = table([P0_GRAB, WEAK5])
    for seat, cid, cell in [(0, "t/x1", "b2"), (1, "t/w1", "a2"), (0, "t/x2", "a1")]:
        ctl.place(seat, cid, cell)
        settle(ctl)
    st = ctl.view(1)
    assert [(ln.ply, ln.seat, ln.first) for ln in st.log_lines] == [(1, 0, True), (2, 1, True), (3, 0, True),
                                                                   (3, 0, False)]
    assert st.log_lines[-1].text.startswith("Player 1 captures Weak 1 on a2 from Player 2")
    assert [MoveLog.prefix(ln) + ln.text for ln in st.log_lines] == list(st.log)


def test_the_turn_flow_on_view_hot_seat_people_and_the_pass_screens_words():
    screen = Recorder()
    ctl = table([SWAPPER, WEAK5], open_hands=False, screen=screen)
    st = ctl.view(None)
    assert st.phase == Phase.PASS and st.hot_seat and st.humans == (0, 1) and not st.waits_for_people
    summaries = []
    for cid, cell in OPENING[:4]:
        settle(ctl)
        seat = ctl.game.to_move
        assert ctl.phase == Phase.PASS
        summaries.append(ctl.screen_view().pass_summary)
        ctl.seat_ready(seat)
        assert ctl.screen_view().pass_summary == "" and ctl.screen_view().waits_for_people
        ctl.place(seat, cid, cell)
        settle(ctl)
        ctl.confirm(seat)
    assert summaries[:2] == ["", ""]
    assert summaries[2:] == ["Since your last turn: 1 card placed (b1); you lost none",
                             "Since your last turn: 1 card placed (c2); you lost none"]
    one = table([P0_GRAB, WEAK5], open_hands=False, seats=[HUMAN, {"kind": "remote"}]).view(0)
    assert one.humans == (0,) and not one.hot_seat


def test_pass_again_puts_a_new_pass_screen_up_and_does_nothing_in_another_phase():
    screen = Recorder()
    ctl = table([SWAPPER, WEAK5], open_hands=False, screen=screen)
    assert screen.opened_ == [Phase.PASS]
    ctl.pass_again()
    assert ctl.phase == Phase.PASS and screen.opened_ == [Phase.PASS, Phase.PASS]
    ctl.seat_ready(0)
    ctl.pass_again()
    assert ctl.phase == Phase.TURN and screen.opened_ == [Phase.PASS, Phase.PASS]


def test_a_persons_placement_shown_with_an_ability_to_come_keeps_keys_and_is_busy():
    ctl = table([SWAPPER, WEAK5], factor=1.0)
    for cid, cell in OPENING:
        settle(ctl)
        ctl.place(ctl.game.to_move, cid, cell)
    settle(ctl)
    st = ctl.view(0)
    assert st.phase == Phase.TURN and not st.busy and st.waits_for_people
    ctl.place(0, "t/swapper", "a1")
    st = ctl.view(0)
    assert st.phase == Phase.SHOW and st.busy and st.mover_human and st.offer_pending
    assert not st.waits_for_people
    settle(ctl)
    st = ctl.view(0)
    assert st.phase == Phase.ABILITY and not st.busy and st.waits_for_people


def opened_to_swapper() -> TableController:
    """Seat 0's Swapper on a1 captures two: its ability is on offer."""
    ctl = table([SWAPPER, WEAK5])
    for cid, cell in OPENING:
        ctl.place(ctl.game.to_move, cid, cell)
        settle(ctl)
    ctl.place(0, "t/swapper", "a1")
    settle(ctl)
    assert ctl.phase == Phase.ABILITY
    return ctl


def test_an_abilitys_targets_come_as_slots_never_the_pending_cards_own_place():
    ctl = opened_to_swapper()
    ctl.choose_ability(0, 1)
    choice = ctl.view(0).choice
    assert choice is not None and ctl.game.hand_ids(0) == ("t/swapper", "t/x4")
    assert choice.next_targets == ("a3", "hand:t/x4")
    assert choice.next_keys == (("cell", 6), ("hand", 0, 1)) and choice.chosen_keys == ()
    ctl.toggle_target(0, "a3")
    choice = ctl.view(0).choice
    assert choice is not None and choice.chosen_keys == (("cell", 6),) and choice.next_keys == (("hand", 0, 1),)


def test_the_computers_pick_is_framed_in_its_hand_also_while_that_hand_is_hidden():
    brain = ScriptedBrain(Reply(True, "t/w2@c3"))
    game = new_game(CATALOG, Field.rectangle(3), [P0_GRAB, WEAK5], Rules(open=False), first_seat=1, date=(2026, 6))
    ctl = TableController(game, [dict(HUMAN), dict(COMPUTER)], CATALOG, brain=lambda: brain,
                          rng=random.Random(1), factor=lambda: 1.0)
    ctl.start()
    assert ctl.phase == Phase.COMPUTER and ctl.view(0).busy
    slots = []
    for _ in range(100):
        st = ctl.view(0)
        if st.phase != Phase.COMPUTER:
            break
        slots.append(st.computer_slot)
        assert st.hands[1].cards is None and st.computer_pick is None       # the card itself stays hidden
        ctl.tick()
    assert slots[0] is None and slots[-1] == 1 and set(slots) == {None, 1}   # t/w2: the second card
    assert ctl.view(0).computer_slot is None and ctl.game.history[0].card == "t/w2"


def test_a_mode_keeps_its_computer_seats_from_the_start():
    brain = ScriptedBrain(Reply(False, "crashed"), Reply(True, "t/w1@c3"))
    game = new_game(CATALOG, Field.rectangle(3), [P0_GRAB, WEAK5], Rules(open=True), first_seat=1, date=(2026, 6))
    ctl = TableController(game, [dict(HUMAN), dict(COMPUTER)], CATALOG, brain=lambda: brain,
                          rng=random.Random(1), factor=lambda: 0.0, computer_seats_kept=True)
    ctl.start()
    for _ in range(3):
        ctl.tick()
    assert ctl.seats[1] == COMPUTER and ctl.is_computer(1)        # failed, and still the computer's
    ctl.resume_turn()
    settle(ctl)
    assert [str(a) for a in ctl.game.history] == ["t/w1@c3"]
