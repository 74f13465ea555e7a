"""What the parts of the table scene may use of the whole: the seam between its mixins.

The table scene is one class assembled from parts kept in their own modules
(:mod:`table_input`, :mod:`table_draw`, :mod:`table_menu`, :mod:`table_targets`). Each part
reads and changes state that ``CardsTableScene`` (or its controller) owns and calls methods of
the scene or of another part, so each derives from :data:`TablePart`: the
type checker then knows every name a part uses, with its type, and checks
that the scene really provides it (the scene cannot be built while a method
of :class:`TableHost` is missing). At run time the parts derive from
``object`` only, so nothing here takes part in the method order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # pragma: no cover
    import random

    from jayden_jazz.cards import Action, Game
    from jayden_jazz.scenes.cards.config import Match, MatchConfig
    from jayden_jazz.tables.cards.flow import Phase, TurnFlow
    from jayden_jazz.scenes.cardkit.library import Library
    from jayden_jazz.tables.cards.movelog import MoveLog
    from jayden_jazz.scenes.cards.players import Brain
    from jayden_jazz.tables.cards.present import Presentation
    from collections import deque
    from pathlib import Path

    from jayden_jazz.scenes.cards.render import SlotKey, TableLayout, TableRenderer
    from jayden_jazz.shell.input import Action as InputAction
    from jayden_jazz.tables.cards.controller import TableController


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

    def seat_names(self) -> tuple[str, ...]: ...

    def seat_word(self, s: int) -> str: ...

    def watching(self) -> bool: ...

    def hints_on(self) -> bool: ...

    def hint_marks(self) -> tuple[SlotKey, int] | None: ...

    def computer_pick(self) -> SlotKey | None: ...

    def _command(self, do: Any, *args: Any) -> bool: ...

    @property
    def selected(self) -> int | None: ...

    @property
    def pending(self) -> tuple[int, int, int] | None: ...

    @property
    def ability(self) -> int | None: ...

    @property
    def chosen(self) -> list[str]: ...

    @property
    def show(self) -> Presentation | None: ...

    @property
    def caption(self) -> tuple[str, int | None] | None: ...

    @property
    def last(self) -> int | None: ...

    @property
    def hint(self) -> tuple[str, str] | None: ...

    @property
    def hint_text(self) -> str: ...

    @property
    def game(self) -> Game: ...

    @property
    def flow(self) -> TurnFlow: ...

    @property
    def log(self) -> MoveLog: ...

    def result_confirmed(self) -> None: ...

    def ask_hint(self) -> None: ...

    # from TableWindows
    def open_menu(self) -> None: ...

    def open_log(self) -> None: ...

    def show_card(self, key: SlotKey) -> None: ...

    def show_end(self) -> None: ...

    def hides_hands(self) -> bool: ...

    def final_result(self) -> Any: ...

    # from AbilityTargets
    def _press_target(self, key: SlotKey) -> None: ...

    def _target_keys(self) -> set[SlotKey]: ...

    def _chosen_keys(self) -> list[SlotKey]: ...


if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.scene import PlayScene

    class TablePart(PlayScene, TableHost):
        """The base of each part as the type checker sees it: a play scene (``app``, ``stack``)
        with the table's state and methods..."""

        controller: TableController
        match: Match
        library: Library
        online: Any                                # an OnlineCards, or None (scenes/online/cards_link.py)
        rng: random.Random
        brain: Brain | None
        renderer: TableRenderer
        layout: TableLayout
        queue: deque[InputAction]
        _key_card: int | None                      # the mover's hand card the arrow keys framed last
        ticks: int
        cursor: SlotKey | None
        end_shown: bool
        loaded_unplayed: bool                      # loaded from a save, no card played on it yet
        loaded_from: Path | None                   # the save it was loaded from
        _preview_key: tuple[int, int, int, int] | None   # ply, position hash, hand index, cell
        _preview: frozenset[int]
        _sides_key: tuple | None
        _sides: tuple[int, tuple[int, int, int, int], tuple[int, int, int, int]] | None
else:
    TablePart = object      # ...while at run time a part adds nothing to the scene's method order
