"""Random card games played on to a late position, for the solver tests that compare two searches.

One generator for all of them, so that "a late position" means the same thing
everywhere: open hands from the default pack, random legal moves until the
wanted number of empty cells, games that ended early left out, and (unless
asked otherwise) games where a reset card is still to play, since a reset
starts the field again and the position is then a whole game to search.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from jayden_jazz.cards import Game, Rules, get_field, new_game


def reset_left(g: Game) -> bool:
    """A reset still to play starts the field again: a whole game to search, not a late position."""
    return not g.reset_used and any(a.effect == "reset" for s in range(g.players)
                                    for c in g.hand(s) for a in c.abilities)


def played_to(cat, opts: dict, count: int, seed: int, empties: Callable[[int], int], *, field: str = "3x3",
              exact: bool = False, no_reset: bool = True) -> Iterator[tuple[Game, random.Random]]:
    """``count`` games of ``field`` under ``opts`` (a ``preset`` key picks the preset, else
    "updated") played at random to ``empties(n)`` empty cells for the n-th one -- exactly that many
    when ``exact`` (a capture-free reset could leave more) -- with the generator's own rng, which the
    caller may go on drawing from."""
    rng = random.Random(seed)
    fld = get_field(field)
    opts = dict(opts)
    preset = opts.pop("preset", "updated")
    rules = Rules.preset(preset, open=True, **opts).check()
    pool = sorted(c for c in cat if c.startswith("default/"))
    made = 0
    while made < count:
        size = rules.hand_size(fld.playable_count, 2)
        hands = [tuple(rng.sample(pool, size)) for _ in range(2)]
        g = new_game(cat, fld, hands, rules, first_seat=rng.randrange(2), date=(2026, 11), rng=rng)
        empty = empties(made)
        while not g.is_over() and g.core.empty > empty:
            legal = g.legal_actions()
            g.push(legal[rng.randrange(len(legal))])
        if g.is_over() or (no_reset and reset_left(g)) or (exact and g.core.empty != empty):
            continue
        made += 1
        yield g, rng
