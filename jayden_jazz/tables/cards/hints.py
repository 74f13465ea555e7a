"""A hint at a card table: the computer is asked for a good move for the person to move.

The question goes to the same brain the computer seats use and the answer
comes at a later tick, so the table never waits for it. A hint the game
cannot use (an action that is not legal now, an unreadable answer) is
dropped with "No hint this time"; one that came after the turn moved on is
dropped without a word. The hinted card and cell stay marked on the
table (``table.hint``) until the person acts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jayden_jazz.cards import Action, NotationError
from jayden_jazz.tables.cards.flow import Phase
from jayden_jazz.tables.cards.view import Refusal

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.tables.cards.controller import TableController

OUTCOMES = {"win": "a sure win", "draw": "a sure draw", "loss": "a loss whatever you do"}


class Hints:
    """The hints of one table (``table``): asked, awaited, said and marked."""

    def __init__(self, table: TableController) -> None:
        self.table = table

    def ask(self, seat: int) -> None:
        """Ask the computer for a good move for the mover; the answer comes at a later tick."""
        t = self.table
        t.commands.mover(seat, Phase.TURN)
        if t.hint_waiting:
            raise Refusal("A hint is on its way")
        t.hint_waiting = True
        t.say("Looking for a good move...")
        t.brain().submit_hint(t.game_text(), seat, t.pack_dirs, t.guess_pool)

    def drop(self) -> None:
        """An action is played: the question under way is of no use any more."""
        t = self.table
        if t.hint_waiting:
            t.hint_waiting = False
            t.brain().cancel()

    def poll(self) -> None:
        """The answer, if it came: said in the bottom bar, its card and cell marked."""
        t = self.table
        reply = t.brain().poll()
        if reply is None:
            return
        t.hint_waiting = False
        if t.phase != Phase.TURN:
            return
        value = reply.value if reply.ok and isinstance(reply.value, dict) else {}
        try:
            act = Action.parse(str(value.get("action", "")))
        except NotationError:
            t.say("No hint this time")
            return
        g = t.game
        seat = g.to_move
        card = next((c for c in g.hand(seat) if c.id == act.card), None)
        if card is None or not g.is_legal(act):
            t.say("No hint this time")
            return
        text = f"Hint: {card.name} on {act.cell}"
        if act.ability is not None:
            ab = card.abilities[act.ability - 1]
            text += f", then {ab.name or 'ability ' + str(act.ability)}"
            if act.targets:
                text += " on " + ", ".join(x.replace("hand:", "") for x in act.targets)
        outcome = OUTCOMES.get(str(value.get("value")))
        if outcome:
            text += f" ({outcome})"
        t.hint = (act.card, act.cell)
        t.hint_text = text
        t.say(text)
        if t.selected == act.card:               # picked already (Chaos draws it): the cell is next
            t.screen.cursor_to(("cell", g.field.index(act.cell)))
        else:                                    # another card picked goes back: the prompt and the
            t.selected = None                    # cursor both point at the card the hint names
            t.screen.cursor_to(("hand", seat, g.hand_ids(seat).index(act.card)))


__all__ = ["Hints", "OUTCOMES"]
