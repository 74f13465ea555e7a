"""The Journey opponent's hand: its level chooses from its pool, as a computer seat chooses.

Choosing is the computer player's work, so it lives here, above the
Journey's rules (``jayden_jazz.journey`` draws, trades and keeps the
collection, and never imports the computer player); the Journey screens and
the tournament's Journey games both ask here.
"""

from __future__ import annotations

from jayden_jazz.ai.cards.player import choose_hand
from jayden_jazz.cards.opponents import Opponent
from jayden_jazz.journey.match import OPPONENT, JourneySetup, dealt_hand


def opponent_hand(opponent: Opponent, js: JourneySetup, pack_dirs: list[str]) -> list[str]:
    """The opponent's hand: its level chooses from its pool, as a computer seat chooses offline
    (dealt from the pool under the Random hand rule)."""
    if js.rule_set.rules().random:
        return dealt_hand(opponent.pool, js, OPPONENT)
    setup = {"field": js.rule_set.field, "players": 2, "rules": js.rule_set.rules().to_dict(),
             "cards": list(opponent.pool)}
    return choose_hand(pack_dirs, setup, OPPONENT, opponent.level, js.seed)


__all__ = ["opponent_hand"]
