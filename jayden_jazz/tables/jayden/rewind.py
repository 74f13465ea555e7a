"""Going back in a game at the table: Undo (Enhanced) and a takeback both sides agreed to.

Both end the same way: the actions after the point go, the record and the
saved game follow, whatever the computer was doing stops, and the turn
starts again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from jayden_jazz.tables.jayden import moves
from jayden_jazz.tables.jayden.names import SIDE_NAME
from jayden_jazz.tables.jayden.view import Event, Notice

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.tables.jayden.controller import JaydenController


def rewind(table: JaydenController, more: Callable[[], bool], said: str) -> list[Notice]:
    """Take back the last action, then more while ``more()`` says so; the notices to send, in order."""
    table.stop_thinking()
    table.deselect()
    table.step, table.pending_end, table.hint = None, False, []
    pos = table.pos
    pos.pop()
    while pos.history and more():
        pos.pop()
    table.game.actions = [str(a) for a in pos.history]
    table.game.result = None
    table.records = moves.replay(table.game.start, pos.history, table.game.quiet_draw)
    return [Notice(Event.TURN_ENDED), Notice(Event.SAY, text=said), Notice(Event.TURN_STARTED, side=pos.side)]


def take_back_refusal(table: JaydenController, side: str) -> str:
    """Why ``side`` may not ask to take back its last turn now, or ""."""
    if table.is_computer("g") or table.is_computer("r"):
        return "A takeback is agreed between two people; against the computer, Undo (Enhanced mode) goes back"
    if table.pos.result is not None:
        return "The game is over"
    if not any(r.side == side for r in table.records):
        return f"{SIDE_NAME.get(side, side)} has no turn to take back yet"
    return ""
