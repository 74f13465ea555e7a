"""D5: a three-seat Draft + Pure + Sudden Death + Order game is counted once in the statistics,
however its end is looked at again (the end window, Enter on the finished table, leaving it).

The engine ends such a game exactly once (one GameEnded, no move after it: checked over many
random games below); the table counts a game when the placement that ended it is committed,
which happens once."""

from __future__ import annotations

import random

from jayden_jazz import statistics as stats
from jayden_jazz.cards import Rules, deal_random, get_field, new_game
from jayden_jazz.cards import events as ev
from jayden_jazz.cards.loader import load_packs
from jayden_jazz.paths import card_pack_dirs
from jayden_jazz.scenes.cards.windows import EndWindow, PassScreen
from tests.helpers import press, step
from tests.scenes.cards_helpers import PACK_DIR, make_table

RULES = dict(preset="draft", pure=True, sudden_death=True, classic=["order"])
HUMAN = {"kind": "human"}


def test_the_engine_ends_such_a_game_once():
    catalog, _ = load_packs(card_pack_dirs())
    rules = Rules.preset("draft", pure=True, sudden_death=True, order=True)
    for seed in range(60):
        rng = random.Random(seed)
        f = get_field("5x5")
        g = new_game(catalog.cards, f, deal_random(list(catalog.cards), f, 3, rules, rng), rules, rng=rng)
        ends = 0
        while g.legal_actions():
            ends += sum(isinstance(e, ev.GameEnded) for e in g.play(rng.choice(g.legal_actions())).events)
        assert g.is_over() and ends == 1


def test_the_table_counts_it_once(make_app, user_home):
    catalog, _ = load_packs(card_pack_dirs() + [PACK_DIR])
    ids = sorted(c for c in catalog.cards if c.startswith("default/"))
    n = Rules.preset("draft").hand_size(25, 3)
    hands = [ids[s * n:(s + 1) * n] for s in range(3)]
    app, sc = make_table(make_app, hands, field="5x5", seats=[HUMAN, HUMAN, HUMAN], **RULES)   # hidden hands
    assert sc.controller.game.rules.order and sc.controller.game.rules.sudden_death and sc.controller.game.rules.pure
    for _ in range(60):
        for _ in range(600):
            if sc.phase in ("turn", "over", "result", "pass"):
                break
            step(app)
        if sc.phase == "over":
            break
        if sc.phase in ("result", "pass") or isinstance(app.stack.top, PassScreen):
            press(app, "RETURN")
            continue
        sc.commit(sc.controller.game.legal_actions()[0])
    assert sc.controller.game.is_over()
    for _ in range(300):
        if isinstance(app.stack.top, EndWindow):
            break
        step(app)

    def played() -> int:
        return stats.Statistics.load(stats.stats_path(app)).games["cards"].total.played

    assert played() == 1
    press(app, "RETURN")                                 # Look at the table
    press(app, "RETURN")                                 # the end window again
    assert isinstance(app.stack.top, EndWindow)
    press(app, "ESCAPE")
    step(app, 30)
    assert played() == 1
    sc.to_title()
    step(app, 5)
    assert played() == 1
    name = stats.rules_name_cards(sc.controller.game.rules)
    assert name == "Draft + Pure + Sudden Death + Order"
    assert stats.Statistics.load(stats.stats_path(app)).games["cards"].rules[name].played == 1
