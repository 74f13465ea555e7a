"""Journey opponents and starter collections: pack data, read like cards.

An opponent is data in a pack (``opponents:``), as cards are; so is the
starter collection a new Journey profile is given (``starter:``). This
module holds what they are once read; :mod:`.validate_journey` reads and
checks them with the same plain-words problems as cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .rules import Rules

LEVELS = ("easy", "normal", "hard")
TRADES = ("one", "diff", "direct", "all")
MAX_TIER = 9


@dataclass(frozen=True)
class RuleSet:
    """One set of rules an opponent plays: a preset, a field, variants and classic rules."""

    preset: str = "updated"
    field: str = "3x3"
    variants: tuple[str, ...] = ()
    classic: tuple[str, ...] = ()

    def rules(self) -> Rules:
        return Rules.preset(self.preset, **{name: True for name in self.variants + self.classic})

    @property
    def label(self) -> str:
        parts = [self.preset.capitalize(), self.field]
        parts += [v.replace("_", " ").title() for v in self.variants + self.classic]
        return ", ".join(parts)


@dataclass(frozen=True)
class Opponent:
    """A Journey opponent: ``id`` is ``pack/key`` like a card's; ``rule_sets`` has several for Roulette."""

    id: str
    name: str
    description: str
    tier: int
    level: str
    pool: tuple[str, ...]
    rule_sets: tuple[RuleSet, ...]
    trade: str
    rewards: tuple[tuple[str, int], ...] = ()
    requires: tuple[str, ...] = ()
    picture: Path | None = None
    line: int | None = None

    @property
    def roulette(self) -> bool:
        return len(self.rule_sets) > 1

    def gives(self) -> tuple[str, ...]:
        """Cards this opponent may give: its rewards, and any card of its pool it could lose in a trade."""
        return tuple(dict.fromkeys([c for c, _ in self.rewards] + list(self.pool)))


__all__ = ["LEVELS", "MAX_TIER", "Opponent", "RuleSet", "TRADES"]
