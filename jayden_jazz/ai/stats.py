"""Small statistics for tournaments: win rates with honest error bars.

Shared by the Jayden and card-game arenas. The Wilson interval is used
because tournaments are short (20-40 games) and win rates are often near 0 or
1, where the textbook normal interval breaks down (it can leave [0, 1]).
"""

from __future__ import annotations

import math
from typing import NamedTuple

Z95 = 1.959963984540054


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (95% by default); (0, 1) for n = 0."""
    if n < 0 or not 0 <= successes <= n:
        raise ValueError(f"need 0 <= successes <= n, got {successes} of {n}")
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


class Outcome(NamedTuple):
    """One arena game's result, seen from the two players' names 'a' and 'b'.

    Both games' arenas return it, so ``tools/tournament.py`` reads either.
    ``turns`` counts the game's turns (Jayden: the last turn number reached,
    a turn being Green's and Red's; cards: placements); ``think_seconds``,
    ``actions_by`` and ``decisions_by`` (times the player was asked to move)
    are keyed 'a'/'b'. The card game also fills ``scores`` (cards on the
    field per seat), ``seats`` (whose each seat was) and ``record`` (the
    game record's YAML text, for ``tournament.py --records``) and
    ``worst_seconds`` (each player's longest single decision, keyed 'a'/'b').
    """

    winner: str | None
    reason: str
    turns: int
    think_seconds: dict
    actions_by: dict
    decisions_by: dict
    history: tuple = ()
    scores: tuple = ()
    seats: tuple = ()
    record: str = ""
    worst_seconds: dict | None = None


class WDL(NamedTuple):
    """Wins, draws and losses of one player."""

    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def decided(self) -> int:
        return self.wins + self.losses


def _pct(k: int, n: int) -> str:
    if n == 0:
        return "  -  "
    lo, hi = wilson(k, n)
    return f"{100 * k / n:5.1f}% [{100 * lo:.1f}-{100 * hi:.1f}]"


def format_wdl(wdl: WDL, name: str = "A") -> str:
    """Lines like ``A: 18 W / 1 D / 1 L of 20`` with 95% intervals for the
    win, draw and loss rates and for the share of decided games won."""
    n = wdl.games
    lines = [
        f"{name}: {wdl.wins} W / {wdl.draws} D / {wdl.losses} L of {n} games",
        f"  wins   {_pct(wdl.wins, n)}",
        f"  draws  {_pct(wdl.draws, n)}",
        f"  losses {_pct(wdl.losses, n)}",
        f"  wins of decided games {_pct(wdl.wins, wdl.decided)} ({wdl.decided} decided)",
    ]
    return "\n".join(lines)
