"""Scene names for ``--scene`` and the title menu, mapped to their factories.

A dict of import paths instead of an if-chain: each game part registers its
entry here, and importing is lazy so start-up only loads what is shown.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView
    from jayden_jazz.shell.scene import Scene

SCENES: dict[str, str] = {
    "menu": "jayden_jazz.scenes.title:TitleScene",
    "instructions": "jayden_jazz.scenes.instructions:InstructionsScene",
    "options": "jayden_jazz.scenes.options:OptionsScene",
    "keys": "jayden_jazz.scenes.keys:KeysScene",
    "cards": "jayden_jazz.scenes.cards.loading:open_cards_setup",
    "cards-table": "jayden_jazz.scenes.cards.table:CardsTableScene",
    "jayden": "jayden_jazz.scenes.jayden.setup:JaydenSetupScene",
    "jayden-board": "jayden_jazz.scenes.jayden.board:JaydenScene",
    "gallery": "jayden_jazz.scenes.cards.loading:open_gallery",
    "workshop": "jayden_jazz.scenes.workshop.home:WorkshopScene",
    "statistics": "jayden_jazz.scenes.statistics:StatisticsScene",
    "cards-replay": "jayden_jazz.scenes.cards.replay:demo",
}


class UnknownScene(KeyError):
    """A scene name that is not registered (not a KeyError from inside a scene)."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name

    def __str__(self) -> str:
        return f"Unknown scene {self.name!r}. Use one of: {', '.join(SCENES)}."


def make_scene(name: str, app: AppView, **kwargs: Any) -> Scene:
    try:
        target = SCENES[name]
    except KeyError:
        raise UnknownScene(name) from None
    module, _, attr = target.partition(":")
    return getattr(import_module(module), attr)(app, **kwargs)
