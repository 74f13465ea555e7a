"""Which cards change hands after a Journey game, and why.

A trade is computed from a :class:`Finish` — the facts of the end that the
trade rules read — so the same function serves a finished game, an
abandoned one (built by :meth:`Finish.abandoned`) and a replayed record.
Choices (One, Diff) are made by the winner: the computer's by
:func:`computer_choice`, the player's passed in and checked here, so a
screen can never hand over a card the rules do not allow.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

from jayden_jazz.cards import Card, Game

#: The trade rules an opponent may play with.
TRADE_RULES = ("one", "diff", "direct", "all")


class TradeError(ValueError):
    """A choice the trade rule does not allow; ``str()`` says why in plain words."""


@dataclass(frozen=True)
class Transfer:
    """One card changing owner: ``card`` was dealt to ``giver`` and now belongs to ``taker``."""

    card: str
    giver: int
    taker: int
    why: str


@dataclass(frozen=True)
class Finish:
    """What the trade rules read at the end of a two-player game.

    ``winner`` is None for a draw; ``field`` holds ``(card id, controller,
    dealt to)`` for every card on the field; ``cells`` is the number of
    playable cells; ``whole_field`` is set when the
    game was won outright (Sudden Death, an instant win, an abandonment),
    which counts as the winner holding the whole field.
    """

    winner: int | None
    dealt: tuple[tuple[str, ...], tuple[str, ...]]
    field: tuple[tuple[str, int, int], ...]
    cells: int
    whole_field: bool = False

    @property
    def loser(self) -> int | None:
        return None if self.winner is None else 1 - self.winner

    def field_difference(self) -> int:
        """How many more field cards the winner controls than the loser (0 for a draw)."""
        if self.winner is None:
            return 0
        if self.whole_field:
            return self.cells
        mine = sum(1 for _, owner, _ in self.field if owner == self.winner)
        theirs = sum(1 for _, owner, _ in self.field if owner == 1 - self.winner)
        return max(0, mine - theirs)

    def abandoned(self, by: int) -> "Finish":
        """The same field, lost by ``by`` as if the other seat had held the whole field."""
        return Finish(1 - by, self.dealt, self.field, self.cells, whole_field=True)


def finish_of(game: Game) -> Finish:
    """The facts of a two-player game's end (or of the moment it was left, for an abandonment)."""
    setup = game.setup
    if setup is None or game.players != 2:
        raise TradeError("trade rules need a two-player game with its setup")
    field = []
    for name in game.field.cell_names:
        card = game.card_at(name)
        if card is not None:
            owner, dealer = game.owner_at(name), game.dealer_at(name)
            assert owner is not None and dealer is not None
            field.append((card.id, owner, dealer))
    result = game.result()
    winner = None
    whole = False
    if result is not None and not result.is_draw:
        winner = result.winners[0]
        whole = result.decided_by in ("sudden_death", "instant_win")
    dealt = (tuple(setup.hands[0]), tuple(setup.hands[1]))
    return Finish(winner, dealt, tuple(field), game.field.playable_count, whole)


def cards_due(rule: str, finish: Finish) -> int:
    """How many of the loser's cards the winner chooses (One, Diff); 0 for the other rules."""
    if rule not in TRADE_RULES:
        raise TradeError(f"unknown trade rule {rule!r} (one of {', '.join(TRADE_RULES)})")
    if finish.winner is None:
        return 0
    hand = len(finish.dealt[1 - finish.winner])
    if rule == "one":
        return min(1, hand)
    if rule == "diff":
        return min(hand, finish.field_difference())
    return 0


def computer_choice(cards: Sequence[str], count: int, catalog: Mapping[str, Card]) -> list[str]:
    """The ruling: the highest printed side total first, ties by card id."""
    ranked = sorted(cards, key=lambda cid: (-sum(catalog[cid].sides), cid))
    return ranked[:count]


def settle(rule: str, finish: Finish, choose: Callable[[tuple[str, ...], int], Sequence[str]] | None = None,
           catalog: Mapping[str, Card] | None = None) -> list[Transfer]:
    """Every card that changes hands under ``rule``.

    ``choose(loser_hand, count)`` is the winner's choice for One and Diff; by
    default the computer's ruling (which needs ``catalog``).
    """
    due = cards_due(rule, finish)
    if rule == "direct":
        return [Transfer(cid, dealer, owner, "direct: controlled on the field at the end")
                for cid, owner, dealer in finish.field if owner != dealer]
    if finish.winner is None:
        return []
    winner, loser = finish.winner, 1 - finish.winner
    hand = finish.dealt[loser]
    if rule == "all":
        return [Transfer(cid, loser, winner, "all: the whole hand") for cid in hand]
    if due == 0:
        return []
    if choose is None:
        if catalog is None:
            raise TradeError("the computer's choice needs the card catalog")
        picked = computer_choice(hand, due, catalog)
    else:
        picked = list(choose(hand, due))
    check_choice(picked, hand, due)
    why = "one: the winner's choice" if rule == "one" else f"diff: {due} more on the field"
    return [Transfer(cid, loser, winner, why) for cid in picked]


def check_choice(picked: Sequence[str], hand: Sequence[str], due: int) -> None:
    """A choice of exactly ``due`` different cards of the loser's hand."""
    if len(picked) != due:
        raise TradeError(f"choose {due} card{'s' if due != 1 else ''}, not {len(picked)}")
    if len(set(picked)) != len(picked):
        raise TradeError("a card can be chosen once")
    for cid in picked:
        if cid not in hand:
            raise TradeError(f"{cid} is not in the loser's hand")


__all__ = ["Finish", "TRADE_RULES", "TradeError", "Transfer", "cards_due", "check_choice", "computer_choice",
           "finish_of", "settle"]
