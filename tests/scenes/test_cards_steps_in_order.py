"""Nothing on the table runs ahead of the steps: the Field counts change with each card that
turns, an effect's new value shows when its step comes, and while Hand Swap and Three Open are
shown the hands are those of the step on screen."""

from __future__ import annotations

from jayden_jazz.cards import events as ev
from jayden_jazz.scenes.cards.render import hand_key
from tests.helpers import press, step
from tests.scenes.cards_helpers import HUMAN, STRONG5, WEAK5, make_table, play_click, settle


def watch(app, scene, limit=600):
    """(the step on screen, the view) for each frame until the table waits for a person."""
    out = []
    for _ in range(limit):
        show = scene.controller.show
        cur = show.current if show is not None else None
        out.append((cur.event if cur is not None else None, scene.view()))
        if scene.phase not in ("show", "start", "computer"):
            break
        step(app)
    return out


def test_the_field_counts_follow_the_cards_as_they_turn(make_app):
    app, sc = make_table(make_app, [WEAK5, STRONG5], open=True, first=0)
    play_click(app, sc, "t/w1", "a1")
    settle(app, sc)
    play_click(app, sc, "t/x1", "b1")                     # takes a1
    frames = watch(app, sc)
    landed = [v for e, v in frames if isinstance(e, ev.Placed)]
    taken = [v for e, v in frames if isinstance(e, ev.Captured)]
    assert landed and taken
    assert all(v.scores == (1, 1) for v in landed)        # a1 still Player 1's while the card lands
    assert all(v.scores == (0, 2) for v in taken)
    assert sc.controller.game.scores() == (0, 2)


def test_an_effects_new_value_shows_when_its_step_comes(make_app):
    hands = [["t/x1", "t/x2", "t/x3", "t/booster", "t/x4"], WEAK5]
    app, sc = make_table(make_app, hands, open=True, first=1)
    for cid, cell in [("t/w1", "b1"), ("t/x1", "c3"), ("t/w2", "a2")]:
        play_click(app, sc, cid, cell)
    play_click(app, sc, "t/booster", "a1")
    a1 = sc.controller.game.field.index("a1")

    def drawn(view):
        if view.values is not None and a1 in view.values:
            return view.values[a1]
        return sc.controller.game.effective_sides(a1)

    before = watch(app, sc)
    assert all(drawn(v) == (5, 5, 5, 5) for _, v in before)
    press(app, "RETURN")                                  # Pump: +1 on every side for its turns
    frames = watch(app, sc)
    first_effect = next(i for i, (e, _) in enumerate(frames) if isinstance(e, ev.EffectStarted))
    assert first_effect > 0
    assert all(drawn(v) == (5, 5, 5, 5) for _, v in frames[:first_effect])
    assert all(drawn(v) == (6, 6, 6, 6) for _, v in frames[first_effect:])


def test_the_hands_follow_the_hand_swap_and_three_open_steps(make_app):
    app, sc = make_table(make_app, [WEAK5, STRONG5], seats=[HUMAN, {"kind": "computer", "level": "easy"}],
                         classic=["hand_swap", "three_open"])
    gives = sc.controller.game.setup.hand_swap
    shown = sc.controller.game.setup.shown
    seen = []
    for _ in range(600):
        if sc.phase != "start":
            break
        show = sc.controller.setup_show
        cur = show.current if show is not None and not show.done else None
        if cur is not None:
            v = sc.view()
            seen.append((cur.event, [[c.id if c is not None else None for c in h] for h in v.hands], v.revealed))
        step(app)
    assert seen
    gift = [(h, r) for e, h, r in seen if isinstance(e, ev.HandSwapped) and e.giver == 0]
    assert gift
    for hands, revealed in gift:                          # the first gift only: not the final hands yet
        assert hands[0] == [c for c in WEAK5 if c != gives[0]]
        assert hands[1] == [None] * len(STRONG5) + [gives[0]]     # face down: only the card seen given
        assert {k for k in revealed if k[1] == 1} == {hand_key(1, 5)}     # the card everybody saw given
    opened = [(h, r) for e, h, r in seen if isinstance(e, ev.CardsShown) and e.seat == 1]
    assert opened
    hands, revealed = opened[-1]
    held = sc.controller.game.hand_ids(1)
    assert hands[1] == [cid if hand_key(1, i) in revealed else None for i, cid in enumerate(held)]
    assert None in hands[1]                               # the cards nobody was shown stay face down
    assert {hands[1][k[2]] for k in revealed if k[1] == 1} == set(shown[1]) | {gives[0]}
    assert [i for i, c in enumerate(hands[1]) if c is not None] == sorted(k[2] for k in revealed if k[1] == 1)
