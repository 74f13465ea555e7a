"""The Jazz Jackrabbit Card Game: rules engine and card-pack loader.

Pure Python + numpy + PyYAML; nothing here imports pygame. The rules it
plays are docs/rules/cards.md; see docs/cards-engine.md for a guide and
docs/card-packs.md for the pack format.
"""

from .action import Action
from .capture import Board, CaptureStep
from .card import SIDE_NAMES, Ability, Card, Condition, Filter, parse_sides, side_text, sides_text
from .catalog import Catalog, PackInfo, Problem
from .deal import Setup, deal_random, game_month
from .errors import (CardsError, FieldError, IllegalActionError, NotationError, ObservationError, PositionError,
                     RecordError, SetupError)
from .field import Field, Symmetry, get_field, load_field, load_fields
from .game import ActiveEffect, EffectInfo, Game, new_game
from .loader import card_from_yaml, load_pack, load_packs
from .record import GameRecord
from .result import Result
from .rules import Rules, hand_size, register_capture_step, unregister_capture_step
from .text import board_text, card_text

__all__ = [
    "Ability", "Action", "ActiveEffect", "Board", "Card", "CaptureStep", "CardsError", "Catalog", "Condition",
    "EffectInfo", "Field", "FieldError", "Filter", "Game", "GameRecord", "IllegalActionError",
    "NotationError", "ObservationError", "PackInfo", "PositionError", "Problem", "RecordError", "Result", "Rules",
    "SIDE_NAMES", "Setup", "SetupError", "Symmetry", "board_text", "card_from_yaml", "card_text",
    "deal_random", "game_month", "get_field", "hand_size", "load_field", "load_fields", "load_pack",
    "load_packs", "new_game", "parse_sides", "register_capture_step", "side_text", "sides_text",
    "unregister_capture_step",
]
