"""What one seat knows about a card game, and the worlds consistent with it.

Without Open, a seat sees its own hand and the field, not the others'
hands. A fair computer player must decide from that alone, so the first
thing :func:`observe` does is throw the hidden cards away: the
:class:`View` it returns holds only what the seat could know, and every
search below works from a view plus a seeded random generator. Two
positions that differ only in hidden cards give equal views, hence equal
choices.

What counts as known is the engine's one rule
(:mod:`jayden_jazz.cards.observation`, the table and the server use it
too): a card another seat gave, a card Three Open showed, a card seen on
the field before (the game record's history shows it; a position string
shows only the field now); any other card dealt to that seat is hidden,
and the view keeps how many and where in the hand.

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
from dataclasses import dataclass, field

from jayden_jazz.cards import Card
from jayden_jazz.cards.core import Core
from jayden_jazz.cards.observation import Observation
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
    obs: Observation = field(compare=False, repr=False)
    """The observation the view was made from (what the guesses fill in)."""
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
    earlier (from a game record's history). What the seat sees is the engine's one rule
    (:class:`~jayden_jazz.cards.observation.Observation`)."""
    return view_of(Observation.of(parts, seat, revealed), pool)


def view_of(obs: Observation, pool: Iterable[str]) -> View:
    """The search's view of one seat's observation: the hidden counts and what each hidden card
    cannot be (a card its seat is known to have been dealt)."""
    assert obs.seat is not None
    seats = obs.public.seats
    return View(obs.seat, obs.public, tuple(len(h) for h in obs.hidden),
                tuple(obs.known_dealt(s) for s in range(seats)), tuple(sorted(set(pool))),
                obs, obs.hidden if obs.rules.order else ())


def sample_hands(view: View, rng: random.Random) -> tuple[tuple[Piece, ...], ...]:
    """One guess at every hand: the known cards plus a uniform draw for the hidden ones."""
    return sample_parts(view, rng).hands


def sample_parts(view: View, rng: random.Random) -> Position:
    """The observation's position with its hidden places filled by a uniform draw (the engine's
    one place for stand-ins, :meth:`~jayden_jazz.cards.observation.Observation.filled`)."""
    def guess(s: int, k: int) -> list[str]:
        return rng.sample([cid for cid in view.pool if cid not in view.excluded[s]], k)
    return view.obs.filled(guess)


class Worlds:
    """Makes the sampled worlds (rules cores) of one view quickly.

    The template state is built once with placeholder cards in the hidden
    slots; a world copies it and rewrites only those slots' card data.
    """

    def __init__(self, view: View, catalog: Mapping[str, Card]) -> None:
        self.view = view
        self.catalog = catalog
        filler = sample_parts(view, random.Random(0))
        self.template = filler.core(catalog, check=False)   # no seed: later Chaos draws are sampled per world
        # the hidden pieces lie where the observation says (the guesses were put there)
        t = self.template
        self.slots: list[list[int]] = [[t.hands[s][i] for i in gaps] for s, gaps in enumerate(view.obs.hidden)]
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


__all__ = ["View", "Worlds", "observe", "sample_hands", "sample_parts", "view_of"]
