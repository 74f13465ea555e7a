"""Choosing an ability's targets on the table: which slots are targets, and picking them.

The engine names targets (a cell, or ``hand:`` and a card id); the table
names slots (a cell or a place in a hand). This part of the table scene
translates between the two and asks the engine, one choice at a time,
what may be picked next.
"""

from __future__ import annotations

from jayden_jazz.cards import Action
from jayden_jazz.cards.action import HAND_PREFIX
from jayden_jazz.scenes.cards.render import SlotKey, cell_key, hand_key
from jayden_jazz.scenes.cards.table_host import TablePart


class AbilityTargets(TablePart):
    """Mixed into the table scene (it holds ``game``, ``pending``, ``ability``, ``chosen``, ``cursor``)."""

    def _target_to_key(self, target: str) -> SlotKey | None:
        g = self.game
        if target.startswith(HAND_PREFIX):
            cid = target[len(HAND_PREFIX):]
            seat = g.to_move
            skip = self.pending[1] if self.pending else None
            for i, c in enumerate(g.hand(seat)):
                if i != skip and c.id == cid:
                    return hand_key(seat, i)
            return None
        return cell_key(g.field.index(target))

    def _key_to_target(self, key: SlotKey) -> str | None:
        g = self.game
        if key[0] == "cell":
            return g.field.name_of(key[1])
        if key[0] == "hand" and key[1] == g.to_move:
            return HAND_PREFIX + g.hand(g.to_move)[key[2]].id
        return None

    def _next_targets(self) -> list[str]:
        if self.pending is None or self.ability is None:
            return []
        card_id, cell = self._pending_action_parts()
        return self.game.next_targets(card_id, cell, self.ability, self.chosen)

    def _target_keys(self) -> set[SlotKey]:
        out = set()
        for t in self._next_targets():
            key = self._target_to_key(t)
            if key is not None:
                out.add(key)
        return out

    def _chosen_keys(self) -> list[SlotKey]:
        return [k for k in (self._target_to_key(t) for t in self.chosen) if k is not None]

    def _press_target(self, key: SlotKey) -> None:
        target = self._key_to_target(key)
        if target is not None and target in self.chosen:
            self.chosen.remove(target)
            self.app.sound.play("menu")
            return
        if target is None or key not in self._target_keys():
            self.app.sound.play("illegal")
            self.say("That is not a target of this ability")
            return
        self.chosen.append(target)
        self.app.sound.play("select")
        if not self._next_targets():
            card_id, cell = self._pending_action_parts()
            assert self.ability is not None
            self.commit(Action(card_id, cell, self.ability, tuple(self.chosen)))
        else:
            keys = sorted(self._target_keys(), key=str)
            if keys:
                self.cursor = keys[0]
