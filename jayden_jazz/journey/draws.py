"""Roulette and rewards: the Journey's two draws, both from the game's seed.

Each draw has its own generator derived from the game's seed and a name, so
adding a draw never shifts another one and a replayed record draws the very
same rules and reward.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence, TypeVar

T = TypeVar("T")

#: Chances are whole per cent; a reward list may leave part of 100 for "no reward".
PER_CENT = 100


def journey_rng(seed: int, purpose: str) -> random.Random:
    """A generator for one named draw of one game (string seeds are hashed stably by Python)."""
    return random.Random(f"journey:{seed}:{purpose}")


def draw_rules(rule_sets: Sequence[T], seed: int) -> tuple[int, T]:
    """Roulette: one of the listed rule sets, each as likely, with its index (kept in the record)."""
    if not rule_sets:
        raise ValueError("an opponent lists at least one set of rules")
    index = journey_rng(seed, "roulette").randrange(len(rule_sets))
    return index, rule_sets[index]


@dataclass(frozen=True)
class Reward:
    card: str
    chance: int       # per cent


def draw_reward(rewards: Sequence[Reward], seed: int) -> str | None:
    """After a win: at most one reward card, each with its chance; None for the chances left over."""
    total = sum(r.chance for r in rewards)
    if any(r.chance < 0 for r in rewards) or total > PER_CENT:
        raise ValueError(f"reward chances are per cent, each 0 or more and {PER_CENT} together at most")
    roll = journey_rng(seed, "reward").randrange(PER_CENT)
    for r in rewards:
        if roll < r.chance:
            return r.card
        roll -= r.chance
    return None


__all__ = ["PER_CENT", "Reward", "draw_reward", "draw_rules", "journey_rng"]
