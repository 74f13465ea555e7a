"""The computer at the card table, as the table's screen sees it: its brain, its guesses, the hints.

The brain (a worker process) is made only when a computer seat or a hint
first needs it, and the scene keeps it in ``brain`` so the shell closes it
when the table is left. Hints are a gate of their own: Enhanced mode at
home, the host's choice online, and never without the computer installed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jayden_jazz.scenes.cards import players as seats
from jayden_jazz.tables.cards.flow import Phase

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.scenes.cards.table import CardsTableScene


class TableComputers:
    def __init__(self, table: CardsTableScene) -> None:
        self.table = table
        self._available: bool | None = None

    def brain(self) -> seats.Brain:
        if self.table.brain is None:
            self.table.brain = seats.make_brain()
        return self.table.brain

    def guess_pool(self) -> list[str] | None:
        """The cards a computer guesses hidden hands from: those of the packs in use (None: all).

        A game begun before a pack was switched off may hold its cards; then every card counts.
        """
        t = self.table
        pool = t.library.card_ids(t.match.config.packs_off)
        ids = set(pool)
        if not all(cid in ids for hand in t.match.hands for cid in hand):
            return None
        return pool

    def hints_on(self) -> bool:
        """Enhanced mode -- online, the table's own gate instead (``online.hint_refusal``: the host's
        choice, the same for every player) -- with the computer player installed."""
        t = self.table
        if self._available is None:
            self._available = seats.ai_available()       # a module search: once, not every frame
        on = not t.online.hint_refusal() if t.online is not None else bool(t.app.settings["enhanced"])
        return on and self._available

    def ask_hint(self) -> None:
        t = self.table
        why = t.online.hint_refusal() if t.online is not None else ""
        if why:
            t.app.sound.play("illegal")
            t.say(why)
            return
        st = t.state()
        if st.phase != Phase.TURN or not self.hints_on() or st.hint_asked:
            t.app.sound.play("illegal")
            return
        t._command(t.controller.ask_hint, st.to_move)

    def stop(self) -> None:
        self.table.controller.stop_computer()
        if self.table.brain is not None:
            self.table.brain.cancel()
