"""The controller's preview of a card on a free cell is the engine's own answer, as plain values.

The table's picture asks ``TableController.preview(card, cell)`` for the capture marks and
the values a picked card would show on the cell under the cursor, instead of asking the game.
On random positions (every shipped field, the classic rules and Elemental mixed in, two to
four seats) the cells it names are those of ``Game.captures_if`` and its values those of
``Game.sides_on_landing``; a taken cell has no values, and the answer follows the game when a
card is played.
"""

from __future__ import annotations

import random

from jayden_jazz.cards import Rules, deal_random, new_game
from jayden_jazz.cards.field import load_fields
from jayden_jazz.cards.loader import load_packs
from jayden_jazz.paths import shipped_dir
from jayden_jazz.tables.cards.controller import TableController

CATALOG = load_packs([shipped_dir("cards")])[0]
FIELDS = load_fields()
RULES = ["same", "same_wall", "plus", "combo", "reverse", "fallen_ace", "elemental"]


def random_table(rng: random.Random) -> TableController:
    field = FIELDS[rng.choice(sorted(FIELDS))]
    players = rng.choice([p for p in (2, 3, 4) if field.playable_count >= 4 * p])
    rules = Rules(open=True, **{r: rng.random() < 0.4 for r in RULES})
    while rules.problems():                              # a mix the rules refuse (Combo without Same or Plus)
        rules = Rules(open=True, **{r: rng.random() < 0.4 for r in RULES})
    hands = deal_random(list(CATALOG), field, players, rules, rng)
    game = new_game(CATALOG, field, hands, rules, first_seat=0, date=(2026, 6), rng=rng)
    for _ in range(rng.randrange(field.playable_count // 2 + 1)):
        if game.is_over():
            break
        game.play(rng.choice(game.legal_actions()))
    return TableController(game, [{"kind": "human"}] * players, CATALOG, brain=lambda: None, rng=rng)


def test_the_preview_is_the_engines_captures_and_values_on_random_positions():
    rng = random.Random(38)
    checked = captures = 0
    for _ in range(60):
        ctl = random_table(rng)
        g = ctl.game
        if g.is_over():
            continue
        for _ in range(6):
            card = rng.choice(g.hand_ids(g.to_move))
            cell = rng.choice(list(g.field.cells))
            name = g.field.name_of(cell)
            got = ctl.preview(card, cell)
            if g.card_at(cell) is not None:
                assert got.sides is None and got.captures == frozenset()
                continue
            want = {g.field.index(c) for c in g.captures_if(card, name)}
            assert got.captures == want, (g.position(), card, name)
            assert got.sides == g.sides_on_landing(card, name)[name]
            checked += 1
            captures += bool(want)
    assert checked >= 200 and captures >= 20             # real positions, many of them capturing


def test_the_preview_follows_the_game_when_a_card_is_played():
    rng = random.Random(5)
    ctl = random_table(rng)
    g = ctl.game
    card, cell = g.hand_ids(g.to_move)[0], next(iter(g.free_cells()))
    index = g.field.index(cell)
    assert ctl.preview(card, index).sides is not None
    action = next(a for a in g.legal_actions() if a.cell == cell)
    g.play(action)
    assert ctl.preview(card, index).sides is None          # the cell is taken now: asked again, not kept
