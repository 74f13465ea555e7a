"""The table's turn flow and its presentation queue, without pygame.

Every phase change is checked on its own, then whole games (2-4 players,
hidden and open hands, abilities with targets, Sudden Death, a reset,
skipped seats) are driven through the flow with the real engine, the way
the table drives it, checking who may see which hand at every step.
"""

from __future__ import annotations

import random

import pytest

from jayden_jazz.cards import Action, Rules, get_field, new_game
from jayden_jazz.cards import events as ev
from jayden_jazz.cards.catalog import Catalog
from jayden_jazz.tables.cards.flow import ALLOWED, FlowError, Phase, TurnFlow
from jayden_jazz.tables.cards.movelog import MoveLog, event_text
from jayden_jazz.tables.cards.present import FLIP_TICKS, Presentation, ShownBoard, steps_for

P = Phase


def test_pygame_is_not_needed():
    import jayden_jazz.tables.cards.flow as flow
    import jayden_jazz.tables.cards.movelog as movelog
    import jayden_jazz.tables.cards.present as present

    for mod in (flow, present, movelog):
        assert "pygame" not in mod.__dict__
        assert "import pygame" not in open(mod.__file__, encoding="utf-8").read()


def test_phases_compare_with_their_names():
    assert P.TURN == "turn" and str(P.SHOW) == "show" and P("targets") is P.TARGETS
    assert set(ALLOWED) == set(Phase) and not ALLOWED[P.OVER]


# ---------------------------------------------------------------------------- single transitions


def test_start_goes_to_the_seat_to_move():
    f = TurnFlow([False, True], open_hands=False)       # one person against the computer
    assert not f.hot_seat
    assert f.next_turn(False, 0) == P.TURN and f.viewer == 0
    f = TurnFlow([False, True], open_hands=False)
    assert f.next_turn(False, 1) == P.COMPUTER
    assert f.visible(False) == {0}                      # the person's own hand, never the computer's
    f = TurnFlow([False, False], open_hands=False)      # two people: hot seat
    assert f.hot_seat and f.next_turn(False, 1) == P.PASS and f.viewer is None
    assert f.visible(False) == frozenset()
    assert f.seat_ready() == P.TURN and f.viewer == 1 and f.visible(False) == {1}
    f = TurnFlow([False, False], open_hands=True)
    assert not f.hot_seat and f.next_turn(False, 0) == P.TURN and f.visible(False) == {0, 1}
    f = TurnFlow([True, True], open_hands=False)        # only spectators
    assert f.next_turn(False, 0) == P.COMPUTER and f.visible(False) == {0, 1}
    assert TurnFlow([False, False], False).next_turn(True, 0) == P.OVER


def test_a_plain_placement_in_hot_seat_is_confirmed_before_the_pass_screen():
    f = TurnFlow([False, False], open_hands=False)
    f.next_turn(False, 0)
    f.seat_ready()
    assert f.placed(offers_ability=False) == P.SHOW
    assert f.viewer is None                             # the hand goes face down once the card is played
    assert not f.waits_for_people                       # keys are kept while the steps play
    assert f.shown(False, 1) == P.RESULT and f.waits_for_people
    assert f.result_confirmed(False, 1) == P.PASS and f.seat == 1


def test_without_hot_seat_the_next_seat_follows_the_steps():
    f = TurnFlow([False, True], open_hands=False)
    f.next_turn(False, 0)
    f.placed(False)
    assert f.viewer == 0                                # one person: their hand stays theirs
    assert f.shown(False, 1) == P.COMPUTER
    assert f.computer_placed() == P.SHOW and f.shown(False, 0) == P.TURN


def test_an_ability_with_targets_comes_after_the_captures_are_shown():
    f = TurnFlow([False, False], open_hands=False)
    f.next_turn(False, 0)
    f.seat_ready()
    assert f.placed(offers_ability=True) == P.SHOW and f.viewer == 0   # not played yet: the hand is still theirs
    assert f.shown(False, 0) == P.ABILITY
    assert f.ability_chosen(needs_targets=True) == P.TARGETS
    assert f.targets_back() == P.ABILITY                # Esc while picking targets
    assert f.ability_chosen(needs_targets=True) == P.TARGETS
    assert f.committed() == P.SHOW and f.viewer is None
    assert f.shown(False, 1) == P.RESULT


def test_an_ability_without_targets_and_a_cancelled_offer():
    f = TurnFlow([False, True], open_hands=True)
    f.next_turn(False, 0)
    f.placed(True)
    f.shown(False, 0)
    assert f.ability_cancelled() == P.TURN              # Esc on the offer: the card goes back to the hand
    f.placed(True)
    f.shown(False, 0)
    assert f.ability_chosen(needs_targets=False) == P.SHOW   # e.g. a reset: played at once
    assert f.shown(False, 1) == P.COMPUTER


def test_sudden_death_ends_from_the_steps():
    f = TurnFlow([False, False], open_hands=False)
    f.next_turn(False, 0)
    f.seat_ready()
    f.placed(False)
    assert f.shown(True, 1) == P.OVER                   # no result screen: the end window says it all
    assert f.visible(True) == {0, 1}
    with pytest.raises(FlowError):
        f.next_turn(False, 0)


def test_changes_the_design_does_not_allow_are_refused():
    f = TurnFlow([False, False], open_hands=False)
    with pytest.raises(FlowError):
        f.seat_ready()                                  # no pass screen yet
    f.next_turn(False, 0)
    with pytest.raises(FlowError):
        f.placed(False)                                 # nobody has taken the seat
    f.seat_ready()
    with pytest.raises(FlowError):
        f.committed()                                   # no ability was offered
    with pytest.raises(FlowError):
        f.result_confirmed(False, 1)
    assert f.phase == P.TURN


def test_a_pass_screen_closed_another_way_and_a_failed_computer_start_over():
    f = TurnFlow([False, False], open_hands=False)
    f.next_turn(False, 0)
    assert f.restart() == P.START and f.next_turn(False, 0) == P.PASS
    g = TurnFlow([False, True], open_hands=False)
    g.next_turn(False, 1)
    g.seat_to_person(1)
    assert g.restart() == P.START and g.hot_seat
    assert g.next_turn(False, 1) == P.PASS              # two people now: hands are hidden between them


# ---------------------------------------------------------------------------- whole games


def _catalog() -> Catalog:
    from jayden_jazz.cards.loader import load_packs
    from jayden_jazz.paths import shipped_dir
    from pathlib import Path

    catalog, _ = load_packs([shipped_dir("cards"), Path(__file__).resolve().parent / "cards_pack"])
    return catalog


CATALOG = None


def catalog() -> Catalog:
    global CATALOG
    if CATALOG is None:
        CATALOG = _catalog()
    return CATALOG


def drive(game, flow: TurnFlow, rng: random.Random, prefer=None) -> tuple[list[Phase], list[ev.Report]]:
    """Play a game through the flow as the table does; check who sees which hand at every phase."""
    phases: list[Phase] = []
    reports: list[ev.Report] = []

    def seen(phase: Phase) -> None:
        phases.append(phase)
        vis = flow.visible(game.is_over())
        humans = flow.humans()
        if flow.hot_seat and not game.is_over():
            allowed = {game.to_move} if phase in (P.TURN, P.ABILITY, P.TARGETS) or \
                (phase == P.SHOW and flow.offer_pending) else set()
            assert vis <= allowed, (phase, vis, game.to_move)
        elif len(humans) == 1 and not flow.open_hands and not game.is_over():
            assert vis == {humans[0]}

    seen(flow.next_turn(game.is_over(), game.to_move))
    for _ in range(200):
        phase = flow.phase
        if phase == P.OVER:
            return phases, reports
        if phase == P.PASS:
            seen(flow.seat_ready())
            continue
        if phase == P.RESULT:
            seen(flow.result_confirmed(game.is_over(), game.to_move))
            continue
        acts = game.legal_actions()
        liked = [a for a in acts if prefer(game, a)] if prefer else []
        act = rng.choice(liked or acts)
        if phase == P.COMPUTER:
            seen(flow.computer_placed())
        else:
            assert phase == P.TURN
            plain = Action(act.card, act.cell)
            offered = game.abilities_offered(act.card, act.cell)
            seen(flow.placed(bool(offered)))
            if offered:
                seen(flow.shown(game.is_over(), game.to_move))
                assert flow.phase == P.ABILITY
                if act.ability is None:
                    seen(flow.ability_chosen(False))
                else:
                    needs = game.target_options(act.card, act.cell, act.ability) != [()]
                    seen(flow.ability_chosen(needs))
                    if needs:
                        seen(flow.committed())
            else:
                act = plain
        reports.append(game.play(act))
        seen(flow.shown(game.is_over(), game.to_move))
    raise AssertionError("the game never ended")


def _ids(pack: str, n: int, rng: random.Random) -> list[str]:
    ids = sorted(c for c in catalog() if c.startswith(pack + "/"))
    return rng.sample(ids, n)


@pytest.mark.parametrize("players,field,seats,open_hands,sudden", [
    (2, "3x3", [False, False], False, False),
    (2, "3x3", [False, True], False, False),
    (3, "5x5", [False, False, True], False, False),
    (4, "5x5", [False, False, False, False], False, False),
    (4, "5x5", [False, True, False, True], True, False),
    (4, "5x5", [False, False, False, False], False, True),
    (2, "5x5", [True, True], False, False),
])
def test_whole_games_follow_the_flow(players, field, seats, open_hands, sudden):
    kinds: set[str] = set()
    ends: set[Phase] = set()
    for seed in range(6):
        rng = random.Random(seed)
        f = get_field(field)
        rules = Rules.preset("updated", open=open_hands, sudden_death=sudden)
        size = rules.hand_size(f.playable_count, players)
        pool = sorted(catalog())
        hands = [rng.sample(pool, size) for _ in range(players)]
        game = new_game(catalog(), f, hands, rules, first_seat=seed % players, date=(2026, 6))
        flow = TurnFlow(seats, open_hands)
        phases, reports = drive(game, flow, rng)
        assert phases[-1] == P.OVER and game.is_over()
        ends.add(phases[-1])
        for r in reports:
            kinds |= {type(e).__name__ for e in r.events}
        if flow.hot_seat:
            # a pass screen before every person's turn, a result after every person's placement
            assert phases.count(P.PASS) == phases.count(P.TURN)
            assert P.RESULT in phases
    assert "Placed" in kinds and "GameEnded" in kinds
    if players == 4 and not sudden:
        assert "SeatSkipped" in kinds or "Captured" in kinds


def test_skipped_seats_and_a_reset_through_the_flow():
    """The shipped pack's reset card, four people, hands of different sizes (some seats run dry)."""
    cat = catalog()
    resetter = next(c for c in cat.values() if any(a.effect == "reset" for a in c.abilities))
    rng = random.Random(3)
    seen_reset = seen_skip = False
    for seed in range(40):
        rng = random.Random(seed)
        pool = sorted(c for c in cat if c != resetter.id)
        f = get_field("5x5")
        rules = Rules.preset("updated", open=True)
        hands = [[resetter.id] + rng.sample(pool, 9), rng.sample(pool, 3), rng.sample(pool, 7),
                 rng.sample(pool, 7)]
        game = new_game(cat, f, hands, rules, first_seat=0, date=(2026, 6), custom_hands=True)
        flow = TurnFlow([False, False, False, False], True)
        def resets(g, a):
            return a.ability is not None and cat[a.card].abilities[a.ability - 1].effect == "reset"

        phases, reports = drive(game, flow, rng, prefer=resets)
        evs = [e for r in reports for e in r.events]
        seen_reset |= any(isinstance(e, ev.FieldReset) for e in evs)
        seen_skip |= any(isinstance(e, ev.SeatSkipped) for e in evs)
        if seen_reset and seen_skip:
            break
    assert seen_skip and seen_reset


# ---------------------------------------------------------------------------- the presentation queue


def _names(cid: str) -> str:
    return cid.split("/")[-1].capitalize()


def _ab(cid: str, n: int) -> str:
    return f"Ability {n}"


def _report() -> ev.Report:
    return ev.Report(Action("t/a", "b1"), 1, (
        ev.Placed(1, "t/a", "b1"),
        ev.Captured("a1", "t/w1", 1, 0, "higher"),
        ev.Captured("c1", "t/w2", 1, 0, "higher"),
        ev.AbilityUsed(1, "t/a", 1, "swap", "Swap a card.", ("b2", "hand:t/z")),
        ev.Swapped("b2", "t/w3", "t/z", 1, 0),
        ev.SeatSkipped(0),
    ))


def _board() -> ShownBoard:
    return ShownBoard({"a1": ("t/w1", 0), "c1": ("t/w2", 0), "b2": ("t/w3", 0)})


def test_steps_play_one_after_another_on_the_shown_board():
    rep = _report()
    show = Presentation(steps_for(rep.events, 1.0, _names, _ab), _board(), 1.0)
    board = show.board.cells
    started = show.tick()
    assert [type(s.event).__name__ for s in started] == ["Placed"]
    assert board["b1"] == ("t/a", 1) and board["a1"] == ("t/w1", 0)     # only the card has landed
    assert started[0].caption == "Player 2 plays A on b1"
    order = []
    ticks_at = {}
    for t in range(1, 2000):
        for s in show.tick():
            order.append(type(s.event).__name__)
            ticks_at[type(s.event).__name__ + (s.cell or "")] = t
            if isinstance(s.event, ev.Captured) and s.cell == "a1":
                assert board["a1"] == ("t/w1", 1) and board["c1"] == ("t/w2", 0)   # one at a time
                assert show.flip_progress("a1") == (0, 0.0)
        if show.done:
            break
    assert order == ["Captured", "Captured", "AbilityUsed", "Swapped", "SeatSkipped"]
    assert ticks_at["Capturedc1"] - ticks_at["Captureda1"] >= FLIP_TICKS     # each flip is seen whole
    assert board["b2"] == ("t/z", 1)
    assert show.done and show.flip_progress("a1") is None


def test_the_animation_setting_scales_every_step():
    rep = _report()
    lengths = {}
    for name, factor in (("slow", 2.0), ("normal", 1.0), ("fast", 0.4), ("instant", 0.0)):
        show = Presentation(steps_for(rep.events, factor, _names, _ab), _board(), factor)
        n = 0
        while not show.done:
            show.tick()
            n += 1
        lengths[name] = n
    assert lengths["instant"] == 1                      # everything at once, in one tick
    assert lengths["slow"] > lengths["normal"] > lengths["fast"] > lengths["instant"]
    assert abs(lengths["slow"] - 2 * lengths["normal"]) <= 3


def test_finish_shows_everything_left():
    rep = _report()
    show = Presentation(steps_for(rep.events, 1.0, _names, _ab), _board(), 1.0)
    show.tick()
    rest = show.finish()
    assert len(rest) == 5 and show.done and show.board.cells["c1"] == ("t/w2", 1)


def test_log_lines_and_the_summary_since_a_seats_last_turn():
    log = MoveLog()
    for e in _report().events:
        log.add(3, e.seat if hasattr(e, "seat") else None, event_text(e, _names, _ab),
                isinstance(e, ev.Placed))
    texts = log.texts()
    assert texts[0] == " 3. Player 2 plays A on b1"
    assert texts[1] == "    Player 2 captures W1 on a1 from Player 1 (higher)"
    assert "W3 leaves b2 for Player 2's hand; Z takes its place" in texts[4]
    assert texts[-1] == "    Player 1 has no card left and is skipped"
    summary = log.summary_for(0, 2)
    assert summary.startswith("Since your last turn: 1 card placed (b1); you lost 2 cards")
    assert "1 seat skipped" in summary
    assert log.summary_for(1, 2).endswith("you lost none; 1 seat skipped")
    assert log.summary_for(0, 3) == ""                  # nothing since


def test_every_event_has_words():
    for e in _report().events + (ev.ControlGained("a3", "t/w6", 1, 0), ev.FieldReset(2),
                                 ev.EffectStarted(0, "t/b", 1, "a1", 2, "+1 all sides."),
                                 ev.EffectEnded(0, "t/b", 1, "a1", "+1 all sides.")):
        text = event_text(e, _names, _ab)
        assert text and not text.startswith(type(e).__name__)
    assert event_text(ev.FieldReset(2), _names, _ab).startswith("The field is reset")


def test_a_long_ability_caption_is_cut_but_the_log_keeps_it_whole():
    long = ev.AbilityUsed(0, "t/a", 1, "gain_control", "Instant: gain control of any one card you do not "
                          "control, and a little more text.", ())
    step = steps_for([long], 1.0, _names, _ab)[0]
    assert step.caption == "Player 1 uses A's Ability 1" and step.text.endswith("a little more text.")
    short = steps_for([ev.Placed(0, "t/a", "b2")], 1.0, _names, _ab)[0]
    assert short.caption == short.text == "Player 1 plays A on b2"
