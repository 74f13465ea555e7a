"""What the parts of the table scene may use of the whole: the seam between its mixins.

The table scene is one class assembled from parts kept in their own modules
(:mod:`table_draw`, :mod:`table_menu`, :mod:`table_targets`). Each part
reads and changes state that ``CardsTableScene`` owns and calls methods of
the scene or of another part, so each derives from :data:`TablePart`: the
type checker then knows every name a part uses, with its type, and checks
that the scene really provides it (the scene cannot be built while a method
of :class:`TableHost` is missing). At run time the parts derive from
``object`` only, so nothing here takes part in the method order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # pragma: no cover
    import random

    from jayden_jazz.cards import Action, Game
    from jayden_jazz.scenes.cards.config import Match, MatchConfig
    from jayden_jazz.scenes.cards.flow import Phase, TurnFlow
    from jayden_jazz.scenes.cardkit.library import Library
    from jayden_jazz.scenes.cards.movelog import MoveLog
    from jayden_jazz.scenes.cards.players import Brain
    from jayden_jazz.scenes.cards.present import Presentation
    from jayden_jazz.scenes.cards.render import SlotKey, TableRenderer


class TableHost(Protocol):
    """What the parts call on the scene and on one another."""

    @property
    def phase(self) -> Phase: ...

    @property
    def message(self) -> str: ...

    @property
    def config(self) -> MatchConfig: ...

    @property
    def ai_action(self) -> Action | None: ...

    # the scene's own
    def visible_seats(self) -> frozenset[int]: ...

    def say(self, text: str) -> None: ...

    def commit(self, action: Action) -> None: ...

    def stop_ai(self) -> None: ...

    def hints_on(self) -> bool: ...

    def hint_marks(self) -> tuple[SlotKey, int] | None: ...

    def computer_pick(self) -> SlotKey | None: ...

    def _pending_action_parts(self) -> tuple[str, str]: ...

    # from AbilityTargets
    def _target_keys(self) -> set[SlotKey]: ...

    def _chosen_keys(self) -> list[SlotKey]: ...


if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.scene import PlayScene

    class TablePart(PlayScene, TableHost):
        """The base of each part as the type checker sees it: a play scene (``app``, ``stack``)
        with the table's state and methods..."""

        game: Game
        match: Match
        library: Library
        rng: random.Random
        brain: Brain | None
        renderer: TableRenderer
        flow: TurnFlow
        log: MoveLog
        ticks: int
        cursor: SlotKey | None
        selected: int | None                       # index in the mover's hand
        pending: tuple[int, int, int] | None       # seat, hand index, cell: shown, not yet played
        ability: int | None
        chosen: list[str]
        show: Presentation | None
        caption: tuple[str, int] | None
        last: int | None
        end_shown: bool
        hint: tuple[str, str] | None
        hint_text: str
        _preview_key: tuple[int, int, int, int] | None   # ply, position hash, hand index, cell
        _preview: frozenset[int]
else:
    TablePart = object      # ...while at run time a part adds nothing to the scene's method order
