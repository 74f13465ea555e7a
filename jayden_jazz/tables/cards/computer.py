"""The computer's seat at a card table: its question to the brain, its answer checked, its failure.

The brain is injected (``submit_action`` then ``poll``), so no worker
process is started here and a test answers at once. An answer that is not
a legal action counts as a failure: the seat goes to a person, or, in a
mode that keeps its computer seats (the Journey), the computer is started
again and asked again once the person read why. A remote seat is in the
same phase while it thinks, but its action comes through the table's
``play`` and no brain is asked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from jayden_jazz.cards import Action, NotationError
from jayden_jazz.tables.cards.present import scaled

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.tables.cards.controller import TableController

AI_SHOW_TICKS = 40        # the computer's chosen card is framed in its hand this long before it lands


class ComputerSeat:
    """The computer seats of one table (``table``); the turn under way is ``table.computer``."""

    def __init__(self, table: TableController) -> None:
        self.table = table

    def game_text(self) -> str:
        """What the computer player reads: the game record (setup and actions) as YAML."""
        return self.table.game.record().to_yaml()

    def step(self) -> None:
        """One tick of the computer's turn: ask, wait, show its card, then play it."""
        t = self.table
        g = t.game
        seat = g.to_move
        if t.is_remote(seat):
            return                               # its action comes through play()
        level = str(t.seats[seat].get("level", "normal")) if seat < len(t.seats) else "normal"

        def ask() -> None:
            t.brain().submit_action(self.game_text(), seat, level, t.rng.randrange(2 ** 31),
                                    t.pack_dirs, t.guess_pool)

        def check(value: Any) -> Action:
            try:
                act = Action.parse(str(value))
            except NotationError as e:
                raise ValueError(f"it answered {value!r}: {e}") from None
            if not g.is_legal(act):
                raise ValueError(f"it chose {act}, which is not a legal action")
            return act

        out = t.computer.step(ask, lambda: t.brain().poll(), check, scaled(AI_SHOW_TICKS, t.factor()))
        if out is None:
            return
        kind, value = out
        if kind == "failed":
            self.failed(value)
        else:
            t.commands.commit(value)

    def failed(self, error: str) -> None:
        """The computer player stopped or answered nonsense: say so, and who plays on."""
        t = self.table
        seat = t.game.to_move
        lines = error.strip().splitlines() or ["unknown error"]
        if t.computer_seats_kept:
            t.flow.restart()
            t.screen.computer_failed(seat, f"The computer player stopped ({lines[-1][-200:]}). It is "
                                           f"started again and {t.seat_name(seat)} plays on.")
            return
        if seat < len(t.seats):
            t.seats[seat] = {"kind": "human"}
        t.flow.seat_to_person(seat)
        t.flow.restart()
        t.screen.computer_failed(seat, f"The computer player failed ({lines[-1][-200:]}). "
                                       f"{t.seat_name(seat)} is now played by a person.")

    def stop(self) -> None:
        """Forget the computer's question under way (a new game, leaving)."""
        self.table.computer.reset()
        self.table.hint_waiting = False


__all__ = ["AI_SHOW_TICKS", "ComputerSeat"]
