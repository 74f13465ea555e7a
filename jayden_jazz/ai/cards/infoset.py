"""What one seat knows about a card game, and the worlds consistent with it.

Without Open, a seat sees its own hand and the field, not the others'
hands. A fair computer player must decide from that alone, so the first
thing :func:`observe` does is throw the hidden cards away: the
:class:`View` it returns holds only what the seat could know, and every
search below works from a view plus a seeded random generator. Two
positions that differ only in hidden cards give equal views, hence equal
choices.

What counts as known, for the cards in another seat's hand:

* a card dealt to someone else (it reached that hand through a swap, which
  everybody saw) -- known;
* a card dealt to that seat that has been on the field (the game record's
  history shows it; a position string shows only the field now) -- known;
* a card Three Open showed -- known;
* any other card dealt to that seat -- hidden. The view keeps how many.

Under Chaos the card drawn for the seat to move is known (it is the
observer's own turn), but no later draw is: the game's seed is dropped from
every world, and a world draws the later cards from the searching player's
own generator (:attr:`~jayden_jazz.cards.core.Core.chance`), so each visit
of a search samples them afresh -- the search averages over the draws.

A *world* fills each hidden slot with a card the seat could hold: any card
of the pool it is not already known to have been dealt (one copy of a card
per hand at the deal). The pool is what the hands came from -- the packs
switched on at the table, the deal's pack in a tournament -- for a card of a
pack nobody could choose is no guess at all. Cards are drawn uniformly: the
rules let every player choose from every card of the pool, and nothing on
the table says which.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from jayden_jazz.cards import Card
from jayden_jazz.cards.core import Core
from jayden_jazz.cards.position import Position

Piece = tuple[str, int]


@dataclass(frozen=True)
class View:
    """One seat's knowledge: the position with hidden cards removed, and their counts.

    ``parts.hands[s]`` holds only the known cards of seat s; ``hidden[s]``
    cards dealt to s are missing from it; ``excluded[s]`` are the card ids
    s is known to have been dealt (a hidden card is none of them).
    """

    seat: int
    parts: Position
    hidden: tuple[int, ...]
    excluded: tuple[frozenset[str], ...]
    pool: tuple[str, ...]
    at: tuple[tuple[int, ...], ...] = ()
    """Under Order, per seat, where in the hand each hidden card lies (the hand's order is
    part of the game: a guess keeps the known cards where they are)."""

    @property
    def complete(self) -> bool:
        """Nothing hidden: the view is the whole position."""
        return not any(self.hidden)

    def key(self) -> str:
        """Text that equals for equal views (tests compare it)."""
        return f"{self.seat}|{self.parts.text()}|{self.hidden}|{sorted(map(sorted, self.excluded))}|{self.at}"


def observe(parts: Position, seat: int, pool: Iterable[str], revealed: Iterable[Piece] = ()) -> View:
    """The view of ``seat`` on a full position; ``revealed`` adds pieces seen on the field
    earlier (from a game record's history)."""
    seen = set(revealed)
    shown = set(parts.shown)
    for entry in parts.cells:
        if entry is not None:
            seen.add(entry[1])
    hands: list[tuple[Piece, ...]] = []
    hidden: list[int] = []
    at: list[tuple[int, ...]] = []
    for s, hand in enumerate(parts.hands):
        if s == seat or parts.rules.open:
            hands.append(hand)
            hidden.append(0)
            at.append(())
            continue
        known = tuple(pc for pc in hand if pc[1] != s or pc in seen or pc in shown)
        hands.append(known)
        hidden.append(len(hand) - len(known))
        at.append(tuple(i for i, pc in enumerate(hand) if pc not in known))
    everything = [e[1] for e in parts.cells if e is not None] + [pc for h in hands for pc in h] + list(seen)
    excluded = tuple(frozenset(cid for cid, d in everything if d == s) for s in range(parts.seats))
    public = replace(parts, hands=tuple(hands))
    return View(seat, public, tuple(hidden), excluded, tuple(sorted(set(pool))),
                tuple(at) if parts.rules.order else ())


def sample_hands(view: View, rng: random.Random) -> tuple[tuple[Piece, ...], ...]:
    """One guess at every hand: the known cards plus a uniform draw for the hidden ones."""
    out = []
    for s, hand in enumerate(view.parts.hands):
        k = view.hidden[s]
        if not k:
            out.append(hand)
            continue
        choices = [cid for cid in view.pool if cid not in view.excluded[s]]
        guess = [(cid, s) for cid in rng.sample(choices, k)]
        if view.at:                            # Order: each guess where the hidden card lies
            full: list[Piece] = list(hand)
            for i, pc in zip(view.at[s], guess):
                full.insert(i, pc)
            out.append(tuple(full))
        else:
            out.append(hand + tuple(guess))
    return tuple(out)


def sample_parts(view: View, rng: random.Random) -> Position:
    return replace(view.parts, hands=sample_hands(view, rng))


class Worlds:
    """Makes the sampled worlds (rules cores) of one view quickly.

    The template state is built once with placeholder cards in the hidden
    slots; a world copies it and rewrites only those slots' card data.
    """

    def __init__(self, view: View, catalog: Mapping[str, Card]) -> None:
        self.view = view
        self.catalog = catalog
        self.slots: list[list[int]] = []
        filler = sample_parts(view, random.Random(0))
        self.template = filler.core(catalog, check=False)
        self.template.chaos_seed = None     # later Chaos draws are unknown: sampled per world
        # hidden pieces are the last `hidden[s]` entries of each hand in the template (under
        # Order: the entries at `view.at[s]`)
        t = self.template
        for s in range(view.parts.seats):
            k = view.hidden[s]
            if view.at and k:
                self.slots.append([t.hands[s][i] for i in view.at[s]])
            else:
                self.slots.append(t.hands[s][len(t.hands[s]) - k:] if k else [])
        self.choices = [[cid for cid in view.pool if cid not in view.excluded[s]] for s in range(view.parts.seats)]

    @property
    def hidden(self) -> bool:
        return not self.view.complete

    def world(self, rng: random.Random) -> Core:
        g = self.template.copy()
        if g.chaos_rule:
            g.chance = rng
        if not self.hidden:
            return g
        changes: dict[int, Card] = {}
        catalog = self.catalog
        for s, slots in enumerate(self.slots):
            if slots:
                changes.update(zip(slots, (catalog[c] for c in rng.sample(self.choices[s], len(slots)))))
        g.recast(changes)
        return g


__all__ = ["View", "Worlds", "observe", "sample_hands", "sample_parts"]
