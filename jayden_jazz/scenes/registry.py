"""Scene names for ``--scene`` and the title menu, mapped to their factories.

A dict of import paths instead of an if-chain: each game part registers its
entry here, and importing is lazy so start-up only loads what is shown.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

SCENES: dict[str, str] = {
    "menu": "jayden_jazz.scenes.title:TitleScene",
    "instructions": "jayden_jazz.scenes.instructions:InstructionsScene",
    "options": "jayden_jazz.scenes.options:OptionsScene",
    "cards": "jayden_jazz.scenes.cards.setup:CardsSetupScene",
    "cards-table": "jayden_jazz.scenes.cards.table:CardsTableScene",
    "jayden": "jayden_jazz.scenes.jayden.setup:JaydenSetupScene",
    "jayden-board": "jayden_jazz.scenes.jayden.board:JaydenScene",
    "statistics": "jayden_jazz.scenes.statistics:StatisticsScene",
    "cards-replay": "jayden_jazz.scenes.cards.replay:demo",
}


def make_scene(name: str, app: Any, **kwargs: Any):
    try:
        target = SCENES[name]
    except KeyError:
        raise KeyError(name) from None
    module, _, attr = target.partition(":")
    return getattr(import_module(module), attr)(app, **kwargs)
