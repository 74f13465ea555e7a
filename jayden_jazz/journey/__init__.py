"""The card Journey: a collection of owned cards, decks, trades and rewards.

Pure rules like the engines (no pygame, no files): the table plays a Journey
game as any card game, and what happens to the collection afterwards is
decided here from the finished game, so it can be tested and replayed alone.
The rules are docs/rules/cards.md#journey.
"""

from jayden_jazz.journey.collection import Collection, Deck, LedgerEntry, deck_problem
from jayden_jazz.journey.draws import Reward, draw_reward, draw_rules, journey_rng
from jayden_jazz.journey.trade import (TRADE_RULES, Finish, Transfer, computer_choice, cards_due, settle,
                                       finish_of)

__all__ = ["Collection", "Deck", "Finish", "LedgerEntry", "Reward", "TRADE_RULES", "Transfer", "cards_due",
           "computer_choice", "deck_problem", "draw_reward", "draw_rules", "finish_of", "journey_rng",
           "settle"]
