"""Who sits at a Jayden board, as the board asks it: the one difference between local and online play.

The board (``board.py``) handles every key, press and picture the same
way; what a command may do at this table is the seats' answer. Two kinds
fit here: ``LocalSeats`` (``local.py``: people at this screen and the
computer player, undo, saves) and ``RemoteSeats`` (``scenes/online/jayden.py``:
one seat of a game a server holds). A command the seats do not allow
comes back refused with its reason, which the board says on the message
line -- so a key never does nothing without a word.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from jayden_jazz.shell.widgets import MenuItem
from jayden_jazz.tables.jayden.controller import JaydenController
from jayden_jazz.tables.jayden.view import Notice, Outcome

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.scenes.jayden.board import JaydenScene
    from jayden_jazz.shell.scene import Scene


class Seats(Protocol):
    """What the board asks of whoever sits at it."""

    table: JaydenController
    #: The Master warnings (Danger line, red corners) are shown.
    warnings: bool

    def attach(self, board: JaydenScene) -> None:
        """The board these seats serve, for their messages and windows."""

    def enter(self) -> None: ...

    def exit(self) -> None:
        """The board leaves the stack: close what the seats started (worker, connection)."""

    def update(self) -> None:
        """One tick, before the table's own."""

    def after_tick(self) -> None:
        """One tick, after the table's own and before its notices are shown."""

    def busy(self) -> bool:
        """Something is shown every tick (an action being followed)."""

    def redraw_in(self) -> int | None: ...

    def waiting(self) -> str:
        """Words instead of the board while there is no game to show yet, else ""."""

    def faces_red(self, side: str) -> bool | None:
        """How the board faces when ``side`` starts a turn: True Red's way, None as it is."""

    def catch_up(self) -> bool:
        """Before a press: the board brought up to date; False when the press is over already."""

    def over(self) -> bool:
        """The game is over: a press shows the end again."""

    def why_not_act(self) -> str:
        """Why the keys cannot act on the board now, or ""."""

    def act(self, sq: int) -> Outcome:
        """The Action Button on ``sq``, for the side at the keys (done "sent": gone to the server)."""

    def hint(self) -> Outcome: ...

    def undo(self) -> Outcome: ...

    def noticed(self, notice: Notice) -> None:
        """A table notice the board does not show itself (saves, statistics, windows)."""

    def menu(self) -> Scene:
        """The Esc menu: only what works at this table."""

    def choose(self, choice: Any) -> None:
        """A menu or end bar choice the board does not handle itself."""

    def end_words(self) -> tuple[str, str]: ...

    def end_items(self) -> tuple[list[MenuItem], int]:
        """The end bar's choices and the one highlighted first (never one that discards anything)."""

    def names(self) -> dict[str, str] | None:
        """Who plays each side ("g", "r") by name, where people have names; None: the side names."""

    def hints_offered(self) -> bool:
        """The hint key is worth a word in the key guide."""

    def notes(self) -> list[tuple[str, int]]:
        """The second status line when no message is shown."""

    def state(self) -> list[tuple[str, int]] | None:
        """Replaces "Green to act" on the first status line, or None."""
