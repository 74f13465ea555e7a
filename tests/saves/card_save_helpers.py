"""Random card games for the save tests (imported as a plain module)."""

from __future__ import annotations

import random

from jayden_jazz.cards import Game, Rules, deal_random, get_field, new_game
from jayden_jazz.cards.catalog import Catalog
from jayden_jazz.cards.synthetic import synthetic_cards
from jayden_jazz.saves.cards import CardsSave

DATE = (2026, 11)
CARDS = synthetic_cards(40, random.Random(77), ability_rate=0.8)
CATALOG = Catalog.from_cards(CARDS)
FIELDS = {"3x3": (2,), "cross5": (2,), "5x5": (2, 3, 4), "ring5": (2, 3, 4), "diamond5": (2, 3, 4),
          "donut7": (3, 4)}


def random_game(seed: int, field: str = "3x3", players: int = 2, *, preset: str = "updated",
                open: bool = False, pure: bool = False, sudden_death: bool = False) -> Game:
    rng = random.Random(seed)
    f = get_field(field)
    rules = Rules.preset(preset, open=open, pure=pure, sudden_death=sudden_death)
    hands = deal_random(list(CATALOG), f, players, rules, rng)
    return new_game(CATALOG, f, hands, rules, rng=rng, date=DATE)


def pick(game: Game, rng: random.Random):
    """A random legal action, abilities (with their targets) chosen half of the time when offered."""
    acts = game.legal_actions()
    abilities = [a for a in acts if a.ability is not None]
    return rng.choice(abilities) if abilities and rng.random() < 0.5 else rng.choice(acts)


def seats_for(game: Game, levels: tuple[str, ...] = ()) -> CardsSave:
    seats = [{"kind": "human"} for _ in range(game.players)]
    for i, lv in enumerate(levels[: game.players]):
        if lv != "human":
            seats[i] = {"kind": "computer", "level": lv}
    return CardsSave(seats, {"players": game.players, "field": game.field.name}, seed=1234)
