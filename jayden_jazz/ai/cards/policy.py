"""Quick judgements without search: one-move scores, the greedy and Easy players, card worth.

These see only the mover's own hand and the field (plus, under Open, the
others' hands through the state they are given), so they are safe on
sampled worlds and on real hidden positions alike.
"""

from __future__ import annotations

import random
from functools import lru_cache
from collections.abc import Iterable, Sequence

from jayden_jazz.cards import Card, Rules
from jayden_jazz.cards.judge import comparison
from jayden_jazz.cards.core import Core

Move = tuple
_beats = lru_cache(maxsize=None)(comparison)     # one table per comparison mode, built once


def gain(g: Core, move: Move) -> int:
    """Change in the mover's field count made by a move (the placed card included);
    an instant win counts as taking the whole field."""
    seat = g.to_move
    before = g.counts[seat]
    g.push(move)
    after = g.counts[seat]
    if g.over and g.winner == seat and g.empty:
        after += g.empty + 100
    g.pop()
    return after - before


def greedy_choice(g: Core, rng: random.Random) -> Move:
    """Most immediate captures (abilities included); random among ties."""
    best = -10**9
    top: list[Move] = []
    for m in g.moves():
        v = gain(g, m)
        if v > best:
            best = v
            top = [m]
        elif v == best:
            top.append(m)
    return top[rng.randrange(len(top))]


def random_choice(g: Core, rng: random.Random) -> Move:
    moves = g.moves()
    return moves[rng.randrange(len(moves))]


@lru_cache(maxsize=None)
def _risks(mode: int) -> tuple[float, ...]:
    """Per side value 0..10, how likely an unknown card beats it (0..1): a rough table read
    from the game's own comparison, so that under Reverse a low side is the safe one and
    under Fallen Ace an A is not safe from a 1. Built once per mode: every move's score
    reads it."""
    beats = _beats(mode)
    return tuple(min(1.0, sum(1 for u in range(1, 11) if beats[u][v]) / 9) for v in range(11))


def _risk(g: Core, value: int) -> float:
    """How likely an unknown card beats a side of this value (0..1)."""
    return _risks(g.ties)[value]


def exposure(g: Core, p: int, c: int) -> float:
    """Summed risk of the placed card's sides that face empty cells (they can be attacked)."""
    cells = g.cell
    s = g.sides[p]
    total = 0.0
    for d, nc, _ in g.adj[c]:
        if cells[nc] < 0:
            total += _risk(g, s[d])
    return total


def score(g: Core, move: Move) -> float:
    """One-move judgement: cards gained, minus what the placed card leaves open to attack."""
    p, c, _ = move
    return gain(g, move) - 0.6 * exposure(g, p, c)


def easy_choice(g: Core, rng: random.Random, noise: float = 0.6, blunder: float = 0.06) -> Move:
    """Plausible but beatable: a noisy one-move score, and now and then any placement.

    Tuned so that Easy wins about a third of its games against the greedy player and
    about 8 in 10 against random play (100-game runs of ``tools/tournament.py``, 3x3,
    hidden hands: 33-0-67 and 80-0-20).
    """
    moves = g.moves()
    if rng.random() < blunder:
        plain = [m for m in moves if m[2] is None]
        return plain[rng.randrange(len(plain))]
    best = None
    best_v = -1e9
    for m in moves:
        v = score(g, m) + rng.gauss(0.0, noise)
        if v > best_v:
            best_v = v
            best = m
    assert best is not None
    return best


# ---------------------------------------------------------------------- card worth


def side_worth(values: Sequence[int], mode: int) -> list[float]:
    """Worth of a side value 1..10 against the sides of ``values`` (the cards available):
    the chance it captures a touching side plus the chance it holds against one, by the
    rules' comparison (``mode``: :attr:`Rules.comparison_mode`; under Reverse the low
    sides are the strong ones)."""
    beats = _beats(mode)
    n = len(values) or 1
    out = [0.0] * 11
    for v in range(1, 11):
        wins = sum(1 for u in values if beats[v][u]) / n
        holds = sum(1 for u in values if not beats[u][v]) / n
        out[v] = wins + holds
    return out


def card_worth(card: Card, worth: Sequence[float], rules: Rules) -> float:
    """How good a card is to hold: its sides (the best corner pair counted again, since a
    corner card shows only two sides) and, unless Pure, its abilities."""
    s = card.sides
    w = [worth[v] for v in s]
    corner = max(w[d] + w[(d + 1) % 4] for d in range(4))
    total = sum(w) + 0.5 * corner
    if not rules.pure and not rules.sudden_death:
        for ab in card.abilities:
            total += 0.06 * ab.cost
    return total


def rank_cards(cards: Iterable[Card], rules: Rules) -> list[tuple[float, str]]:
    """(worth, id) for every card, best first."""
    cards = list(cards)
    values = [v for c in cards for v in c.sides]
    worth = side_worth(values, rules.comparison_mode)
    return sorted(((card_worth(c, worth, rules), c.id) for c in cards), key=lambda t: (-t[0], t[1]))


__all__ = ["card_worth", "easy_choice", "exposure", "gain", "greedy_choice", "random_choice",
           "rank_cards", "score", "side_worth"]
