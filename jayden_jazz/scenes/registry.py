"""Scene names for ``--scene`` and the title menu, mapped to their factories.

A dict of import paths instead of an if-chain: each game part registers its
entry here, and importing is lazy so start-up only loads what is shown.
Scenes open each other only through these names (``app.scene(name, **args)``),
never by importing another scene's module, so each screen can change on its
own; ``tests/test_scene_imports.py`` holds them to it.
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
    "jayden-board": "jayden_jazz.scenes.jayden.board:local_board",
    "jayden-editor": "jayden_jazz.scenes.jayden.editor:PositionEditorScene",
    "gallery": "jayden_jazz.scenes.cards.loading:open_gallery",
    "workshop": "jayden_jazz.scenes.workshop.home:WorkshopScene",
    "statistics": "jayden_jazz.scenes.statistics:StatisticsScene",
    "cards-replay": "jayden_jazz.scenes.cards.replay:demo",
    "online": "jayden_jazz.scenes.online.home:OnlineScene",
    "online-host": "jayden_jazz.scenes.online.host:HostScene",
    "online-join": "jayden_jazz.scenes.online.join:JoinScene",
    "online-find": "jayden_jazz.scenes.online.find:FindScene",
    "online-connect": "jayden_jazz.scenes.online.connect:ConnectScene",
    "journey": "jayden_jazz.scenes.journey.profiles:open_journey",
}

#: Screens reached only from other screens: they need arguments, so they are
#: not offered by ``--scene`` (nor fed random input on their own by the monkey test).
PARTS: dict[str, str] = {
    "cards-setup-screen": "jayden_jazz.scenes.cards.setup:CardsSetupScene",        # library=, config=
    "cards-hands": "jayden_jazz.scenes.cards.hands:HandChoiceScene",               # config=, library=; Journey: pool=, choosing=, on_chosen=, on_saved=, title=; online: online_seat=, on_hand=, rules=
    "cards-rules": "jayden_jazz.scenes.cards.rules_window:RulesWindow",            # config=, on_change=
    "cards-game-replay": "jayden_jazz.scenes.cards.replay:CardsReplayScene",       # record=, catalog=, hide=
    "gallery-screen": "jayden_jazz.scenes.workshop.gallery:GalleryScene",          # library=
    "card-editor": "jayden_jazz.scenes.workshop.editor:CardEditorScene",           # pack=, card=, original_key=
    "card-copy": "jayden_jazz.scenes.workshop.picture:copy_into",                  # pack=, card=
    "card-picture": "jayden_jazz.scenes.workshop.picture:picture_menu",            # editor=
    "workshop-opponents": "jayden_jazz.scenes.workshop.opponents:OpponentsScene",  # pack=, library=
    "opponent-editor": "jayden_jazz.scenes.workshop.opponent:OpponentEditorScene",  # pack=, opponent=, original_id=
    "jayden-replay": "jayden_jazz.scenes.jayden.replay:ReplayScene",               # start=, actions=, quiet_draw=
    "online-lobby": "jayden_jazz.scenes.online.lobby:LobbyScene",                  # link=
    "online-jayden": "jayden_jazz.scenes.online.jayden:online_board",              # link=
    "jayden-seated": "jayden_jazz.scenes.jayden.board:JaydenScene",                # seats= (online-jayden)
    "online-continue": "jayden_jazz.scenes.online.resume:ContinueOnlineScene",     # path=
    "journey-profiles": "jayden_jazz.scenes.journey.profiles:ProfilesScene",       # library=
    "journey-opponents": "jayden_jazz.scenes.journey.opponents:OpponentsScene",    # session=
    "journey-opponent": "jayden_jazz.scenes.journey.opponents:OpponentCardScene",  # session=, opponent=
    "journey-trade": "jayden_jazz.scenes.journey.trade:TradeScene",                # session=, opponent=, setup=, game=
    "journey-continue": "jayden_jazz.scenes.journey.run:continue_game",            # info=, game=, library=
    "journey-book": "jayden_jazz.scenes.journey.book:BookScene",                   # session=
    "journey-decks": "jayden_jazz.scenes.journey.decks:DecksScene",                # session=
}


class UnknownScene(KeyError):
    """A scene name that is not registered (not a KeyError from inside a scene)."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name

    def __str__(self) -> str:
        return f"Unknown scene {self.name!r}. Use one of: {', '.join(SCENES)}."


def factory(name: str) -> Any:
    """What a name builds: a scene class or a function returning a scene."""
    target = SCENES.get(name) or PARTS.get(name)
    if target is None:
        raise UnknownScene(name)
    module, _, attr = target.partition(":")
    return getattr(import_module(module), attr)


def make_scene(name: str, app: AppView, **kwargs: Any) -> Scene:
    scene: Scene = factory(name)(app, **kwargs)
    return scene


def scene_type(name: str) -> type:
    """The class registered under ``name``, for ``SceneStack.pop_to`` (back to the title...)."""
    made = factory(name)
    if not isinstance(made, type):
        raise TypeError(f"scene {name!r} is made by a function, not a class")
    return made
