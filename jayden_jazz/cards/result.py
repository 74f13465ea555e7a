"""How a finished game came out, with every figure the end screen shows."""

from __future__ import annotations

from dataclasses import dataclass

REASONS = ("field_full", "no_cards", "sudden_death", "instant_win")
DECIDED_BY = ("cards", "hand_points", "shared_draw", "sudden_death", "instant_win")


@dataclass(frozen=True)
class Result:
    """``winners`` has one seat for a win, several for a shared draw.

    ``scores`` are cards controlled on the field per seat; ``hand_points`` the
    printed side totals left in each hand; ``tied`` the seats that shared the
    most cards before the hand-point tie-break (one seat when there was no tie).
    """

    reason: str
    decided_by: str
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    hand_points: tuple[int, ...]
    tied: tuple[int, ...]

    @property
    def is_draw(self) -> bool:
        return len(self.winners) > 1

    @property
    def losers(self) -> tuple[int, ...]:
        return tuple(s for s in range(len(self.scores)) if s not in self.winners)

    def returns(self) -> list[float]:
        """+1 for a sole winner, 0 for each seat sharing a draw, -1 for the others."""
        win = 0.0 if self.is_draw else 1.0
        return [win if s in self.winners else -1.0 for s in range(len(self.scores))]

    def summary(self, names: tuple[str, ...] = ()) -> str:
        def who(s: int) -> str:
            return names[s] if s < len(names) and names[s] else f"seat {s}"
        if self.decided_by in ("sudden_death", "instant_win"):
            how = "by sudden death" if self.decided_by == "sudden_death" else "with an instant-win ability"
            return f"{who(self.winners[0])} wins {how}"
        score = "-".join(str(x) for x in self.scores)
        if self.decided_by == "cards":
            return f"{who(self.winners[0])} wins {score}"
        if self.decided_by == "hand_points":
            return f"{who(self.winners[0])} wins {score} on hand points ({self.hand_points[self.winners[0]]})"
        return f"shared draw {score} between " + ", ".join(who(s) for s in self.winners)

    def to_dict(self) -> dict[str, object]:
        return {"reason": self.reason, "decided_by": self.decided_by, "winners": list(self.winners),
                "scores": list(self.scores), "hand_points": list(self.hand_points), "tied": list(self.tied)}


def decide(scores: tuple[int, ...], hand_points: tuple[int, ...], reason: str,
           instant_winner: int = -1) -> Result:
    """Most cards wins; a tie goes to the most points left in hand; then a shared draw."""
    if reason in ("sudden_death", "instant_win"):
        return Result(reason, reason, (instant_winner,), scores, hand_points, (instant_winner,))
    best = max(scores)
    tied = tuple(s for s, x in enumerate(scores) if x == best)
    if len(tied) == 1:
        return Result(reason, "cards", tied, scores, hand_points, tied)
    top = max(hand_points[s] for s in tied)
    winners = tuple(s for s in tied if hand_points[s] == top)
    return Result(reason, "hand_points" if len(winners) == 1 else "shared_draw", winners,
                  scores, hand_points, tied)
