"""The server's record of a Jayden game played onto the board one action at a time.

Each view the server sends holds the whole record. Actions new since the
board's last one are queued and played on the table in order: another
seat's action is first shown with its piece selected for as long as a
computer's would be, then played with its steps (``tables/jayden/steps``);
our own, already seen chosen, is played at once. A view whose record does
not extend what the board has (a reconnect, a refused stale action, a
restarted server) means the board is rebuilt from the view instead.
"""

from __future__ import annotations

from collections.abc import Sequence

from jayden_jazz.jayden import Action
from jayden_jazz.tables.jayden.controller import AI_SELECT_TICKS, JaydenController
from jayden_jazz.tables.seats import paced


class Follower:
    def __init__(self, table: JaydenController, seat: int | None) -> None:
        self.table = table
        self.seat = seat
        self.incoming: list[tuple[int, str]] = []    # (seat, action) the board has yet to play
        self.hold = 0                                # ticks left showing the next action's piece

    def known(self) -> list[str]:
        return [a.text() for a in self.table.pos.history] + [a for _, a in self.incoming]

    def extend(self, log: Sequence[dict[str, object]]) -> bool:
        """Queue what ``log`` (the view's record) adds; False when it does not extend the board's."""
        texts = [str(e["action"]) for e in log]
        known = self.known()
        if texts[:len(known)] != known:
            return False
        self.incoming += [(int(str(e["seat"])), str(e["action"])) for e in log[len(known):]]
        return True

    @property
    def busy(self) -> bool:
        return bool(self.incoming) or self.table.step is not None

    def tick(self, pace: float) -> Action | None:
        """One tick: the action now being shown selected (for the cursor), once; plays when due."""
        table = self.table
        if not self.incoming or table.step is not None:
            return None
        seat, text = self.incoming[0]
        act = Action.from_text(text)
        if self.hold == 0 and seat != self.seat and table.selected != act.src:
            self.hold = paced(AI_SELECT_TICKS, pace)
            if self.hold > 0:
                table.deselect()
                table.selected = act.src
                return act
        if self.hold > 1:
            self.hold -= 1
            return None
        self.hold = 0
        self.play_next()
        return None

    def play_next(self) -> bool:
        """Play the first queued action now; False if the table refuses it (then rebuild)."""
        seat, text = self.incoming.pop(0)
        self.table.deselect()
        return bool(self.table.act(self.table.pos.side, Action.from_text(text)))

    def finish(self) -> bool:
        """Everything queued played at once, no pictures (a key pressed); False if one was refused."""
        ok = True
        if self.table.step is not None:
            self.table.skip()
        while self.incoming and ok:
            ok = self.play_next()
            if self.table.step is not None:
                self.table.skip()
        self.hold = 0
        return ok


__all__ = ["Follower"]
