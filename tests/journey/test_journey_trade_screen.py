"""The trade screen's steps against the trade rules: Diff chosen one card after another, with review and
change; a Random game deals both hands."""
# rule: cards.md#trade-rules cards.md#journey

from __future__ import annotations

import random
from dataclasses import replace

from jayden_jazz.cards.opponents import RuleSet
from jayden_jazz.journey.match import PLAYER, dealt_hand, prepare, start
from jayden_jazz.journey.trade import cards_due, finish_of
from tests.helpers import press, step


def session_of(make_app):
    app = make_app("--seed", "4")
    press(app, "DOWN", "RETURN")
    step(app, 3)
    press(app, "RETURN", "RETURN")
    return app, app.stack.top.session


def won_by_two_or_more(session, opponent):
    """A Diff game the player wins holding at least two cards more (random legal play, seeds tried in order)."""
    js = replace(prepare(opponent, 1), trade="diff")
    owned = session.profile.collection.owned_cards()
    for seed in range(200):
        rng = random.Random(seed)
        game = start(session.catalog, js, rng.sample(owned, 5), rng.sample(list(opponent.pool), 5))
        while not game.is_over():
            game.play(rng.choice(game.legal_actions()))
        finish = finish_of(game)
        if finish.winner == PLAYER and cards_due("diff", finish) >= 2:
            return js, game
    raise AssertionError("no such game in 200 seeds")


def test_diff_is_chosen_one_card_after_another_reviewed_changed_and_confirmed(make_app, user_home):
    app, session = session_of(make_app)
    opponent = next(o for o in session.catalog.opponents.values() if not o.roulette and not o.requires)
    js, game = won_by_two_or_more(session, opponent)
    due = cards_due("diff", finish_of(game))
    app.stack.push(app.scene("journey-trade", session=session, opponent=opponent, setup=js, game=game))
    trade = app.stack.top
    assert trade.due == due and f"You choose {due} cards" in " ".join(trade.explain())
    press(app, "RETURN")
    assert trade.step == "choose"
    press(app, "RETURN", "RETURN")                     # take the first card, put it back
    assert trade.picked == []
    picks = []
    for _ in range(due):
        picks.append(trade.offered[trade.cursor])
        press(app, "RETURN", "RIGHT")
    assert trade.step == "review" and trade.picked == picks
    trade.menu.index = 1
    press(app, "RETURN")                               # Change: the choice starts again
    assert trade.step == "choose" and trade.picked == []
    press(app, "RIGHT")
    picks = []
    for _ in range(due):
        picks.append(trade.offered[trade.cursor])
        press(app, "RETURN", "RIGHT")
    press(app, "RETURN")                               # Confirm
    assert trade.step == "changes"
    assert [t.card for t in trade.conclusion.transfers] == picks
    assert all(t.taker == PLAYER and t.why.startswith("diff") for t in trade.conclusion.transfers)


def test_under_random_both_hands_are_dealt_and_nobody_chooses(make_app, user_home):
    app, session = session_of(make_app)
    base = next(o for o in session.catalog.opponents.values() if not o.requires)
    opponent = replace(base, rule_sets=(RuleSet("updated", "3x3", ("open",), ("random",)),))
    js = prepare(opponent, 11)
    assert js.rule_set.rules().random
    from jayden_jazz.scenes.journey.run import owned_ids, play

    play(app, app.stack, session, opponent, js)
    step(app, 2)
    table = app.stack.top
    assert type(table).__name__ == "CardsTableScene"
    hands = table.controller.game.setup.hands
    assert list(hands[0]) == dealt_hand(owned_ids(session), js, 0)
    assert list(hands[1]) == dealt_hand(opponent.pool, js, 1)
