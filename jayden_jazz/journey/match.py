"""A Journey game from its opponent to its trade: what the table needs before and after play.

Before the first card: the rules (drawn by Roulette when the opponent lists
several), the opponent's hand from its pool, the check of the player's hand
against the collection. After the last: the trade, the reward, and the
ledger entries for the profile. Everything drawn comes from the game's seed
and is kept in :class:`JourneySetup`, which the game's record carries, so a
replay reaches the same rules, hands, trade and reward. The opponent's hand
is the computer player's choice, so it is chosen above this package
(:mod:`jayden_jazz.ai.journey.hands`): the Journey's rules never import the
computer player, which imports them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

from jayden_jazz.cards import Card, Game, get_field, new_game
from jayden_jazz.cards.opponents import Opponent, RuleSet
from jayden_jazz.journey.collection import Collection, LedgerEntry, game_entries
from jayden_jazz.journey.draws import Reward, draw_reward, draw_rules, journey_rng
from jayden_jazz.journey.trade import Transfer, finish_of, settle

PLAYER, OPPONENT = 0, 1


@dataclass(frozen=True)
class JourneySetup:
    """What is fixed before a Journey game starts (and shown to the player then)."""

    opponent: str
    seed: int
    rule_index: int
    rule_set: RuleSet
    trade: str

    def to_dict(self) -> dict[str, object]:
        return {"opponent": self.opponent, "seed": self.seed, "rule_index": self.rule_index,
                "trade": self.trade}


def prepare(opponent: Opponent, seed: int) -> JourneySetup:
    """Roulette (or the only rule set), drawn from the game's seed."""
    index, rule_set = draw_rules(opponent.rule_sets, seed)
    return JourneySetup(opponent.id, seed, index, rule_set, opponent.trade)


def hand_size(js: JourneySetup) -> int:
    return js.rule_set.rules().hand_size(get_field(js.rule_set.field).playable_count, 2)


def hand_problem(hand: Sequence[str], collection: Collection, js: JourneySetup) -> str | None:
    """Why the player cannot take this hand into the game, in plain words; None when it is fine."""
    need = hand_size(js)
    if len(hand) != need:
        return f"the hand holds {len(hand)} cards; this game needs {need}"
    if len(set(hand)) != len(hand):
        return "a hand holds one copy of a card"
    missing = [c for c in hand if collection.owned(c) < 1]
    if missing:
        return f"the profile does not own {missing[0]}"
    return None


def dealt_hand(cards: Sequence[str], js: JourneySetup, seat: int) -> list[str]:
    """Under the Random hand rule nobody chooses: a hand dealt from the seat's cards by the seed."""
    return journey_rng(js.seed, f"deal{seat}").sample(sorted(set(cards)), hand_size(js))


def start(catalog: Mapping[str, Card], js: JourneySetup, player_hand: Sequence[str],
          opponent_hand: Sequence[str], names: tuple[str, str] = ("You", "Opponent")) -> Game:
    """The Journey game itself: an ordinary two-player card game, seated and seeded."""
    return new_game(catalog, get_field(js.rule_set.field), [list(player_hand), list(opponent_hand)],
                    js.rule_set.rules(), rng=random.Random(js.seed), names=names)


@dataclass(frozen=True)
class Conclusion:
    """How a Journey game ended for the player, and what that changes in the collection."""

    outcome: str                       # won, drawn or lost (an abandoned game is lost)
    transfers: tuple[Transfer, ...]
    reward: str | None
    entries: tuple[LedgerEntry, ...]

    @property
    def cards_lost(self) -> tuple[str, ...]:
        return tuple(t.card for t in self.transfers if t.giver == PLAYER and t.taker != PLAYER)

    @property
    def cards_won(self) -> tuple[str, ...]:
        return tuple(t.card for t in self.transfers if t.taker == PLAYER and t.giver != PLAYER)


def conclude(game: Game, js: JourneySetup, opponent: Opponent, catalog: Mapping[str, Card], game_id: str,
             choose: Callable[[tuple[str, ...], int], Sequence[str]] | None = None,
             abandoned: bool = False) -> Conclusion:
    """The trade and reward of a finished (or abandoned) game.

    ``choose`` is the player's own choice when the player won under One or
    Diff; the computer chooses by the ruling when the opponent won.
    """
    finish = finish_of(game)
    if abandoned:
        finish = finish.abandoned(by=PLAYER)
    elif not game.is_over():
        raise ValueError("an unfinished Journey game trades nothing; abandon it or play it out")
    winner = finish.winner
    outcome = "drawn" if winner is None else ("won" if winner == PLAYER else "lost")
    transfers = settle(js.trade, finish, choose if winner == PLAYER else None, catalog)
    reward = None
    if outcome == "won" and opponent.rewards:
        reward = draw_reward([Reward(c, n) for c, n in opponent.rewards], js.seed)
    entries = game_entries(transfers, PLAYER, game_id, reward)
    return Conclusion(outcome, tuple(transfers), reward, tuple(entries))


def new_seed(rng: random.Random | None = None) -> int:
    """A game's seed: everything the Journey draws for it derives from this number."""
    return (rng or random.SystemRandom()).randrange(1, 2**31)


__all__ = ["Conclusion", "JourneySetup", "OPPONENT", "PLAYER", "conclude", "dealt_hand", "hand_problem", "hand_size",
           "journey_rng", "new_seed", "prepare", "start"]
