"""Choosing an ability's targets on the table: which slots are targets, and picking them.

The engine and the controller name targets (a cell, or ``hand:`` and a card
id); the table names slots (a cell or a place in a hand). This part of the
table scene translates between the two; the controller says what may be
picked next and plays the action when the last target is picked.
"""

from __future__ import annotations

from jayden_jazz.cards.action import HAND_PREFIX
from jayden_jazz.scenes.cards.render import SlotKey
from jayden_jazz.scenes.cards.table_host import TablePart


class AbilityTargets(TablePart):
    """Mixed into the table scene."""

    def _target_to_key(self, target: str) -> SlotKey | None:
        return self.controller.target_key(target)

    def _key_to_target(self, key: SlotKey) -> str | None:
        g = self.game
        if key[0] == "cell":
            return g.field.name_of(key[1])
        if key[0] == "hand" and key[1] == g.to_move:
            return HAND_PREFIX + g.hand_ids(g.to_move)[key[2]]
        return None

    def _target_keys(self) -> set[SlotKey]:
        return {k for k in map(self._target_to_key, self.controller.next_targets()) if k is not None}

    def _chosen_keys(self) -> list[SlotKey]:
        return [k for k in (self._target_to_key(t) for t in self.chosen) if k is not None]

    def _press_target(self, key: SlotKey) -> None:
        target = self._key_to_target(key)
        if target is not None and target not in self.chosen and key not in self._target_keys():
            target = None                        # a card of the hand drawn where no target lies
        if target is None:
            self.app.sound.play("illegal")
            self.say("That is not a target of this ability")
            return
        self._command(self.controller.toggle_target, self.game.to_move, target)
