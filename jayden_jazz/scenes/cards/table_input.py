"""Keys and clicks on the card table: the cursor over hands and cells, and the commands they make.

The cursor rests on a *slot* (a cell, or a card of a hand face up here);
arrows move it to the nearest slot in that direction, a click puts it under
the pointer, and the Action Button on a slot becomes the controller's
command for the current phase (pick a card, place it, pick a target).

A key or click acts only in the turn it was made in. While the steps of
this screen's own placement play and the same turn goes on after them (an
ability to choose, the hot-seat result to confirm), keys are kept (at most
``QUEUE_MAX``) and acted on when the table waits again; the queue is
emptied when a turn starts and when a window over the table closes. In
anyone else's turn (a computer seat, a remote seat online, the steps of a
placement that ends the turn, the hand rules shown before the first turn)
nothing is kept: a key that would act beeps and says whose turn it is, a
move of the pointer or the cursor is let go.
"""

from __future__ import annotations

import pygame

from jayden_jazz.scenes.cards.render import SlotKey, TableView, cell_key, hand_key
from jayden_jazz.scenes.cards.table_host import TablePart
from jayden_jazz.shell.input import Action as InputAction
from jayden_jazz.shell.input import Kind
from jayden_jazz.tables.cards.flow import Phase

QUEUE_MAX = 8             # keys kept while the table shows this turn's own steps
ACTING = frozenset({Kind.ACTION, Kind.HINT, Kind.UNDO})
"""Kinds that would do something at the table (the others only move the cursor)."""


class TableInput(TablePart):
    """Mixed into the table scene."""

    def view_state(self) -> TableView:
        """The part of the view that decides where things are (no texts)."""
        return TableView(visible=self.visible_seats(), pending=self.pending)

    def slots(self) -> list[tuple[SlotKey, pygame.Rect]]:
        """Everything the cursor may rest on now, with its rect."""
        view = self.view_state()
        out: list[tuple[SlotKey, pygame.Rect]] = []
        if self.phase == Phase.TARGETS:
            for key in self._target_keys() | set(self._chosen_keys()):
                r = self.renderer.slot_rect(self.game, key, view)
                if r is not None:
                    out.append((key, r))
            return out
        for c in self.game.field.cells:
            out.append((cell_key(c), self.layout.card_rect(c)))
        for s in sorted(view.visible):
            for i, r in self.renderer.hand_slots(self.game, s, view):
                out.append((hand_key(s, i), r))
        return out

    def slot_at(self, pos: tuple[int, int]) -> SlotKey | None:
        """The slot under a screen point; where hand cards overlap, the one drawn on top."""
        hit = None
        for key, r in self.slots():
            if r.collidepoint(pos):
                if key == self.cursor:
                    return key                 # the card under the cursor is drawn last
                hit = key                      # otherwise later cards cover earlier ones
        return hit

    def move_cursor(self, dx: int, dy: int) -> None:
        slots = self.slots()
        if not slots:
            return
        rects = dict(slots)
        cur = rects.get(self.cursor) if self.cursor is not None else None
        if cur is None:
            self.cursor = slots[0][0]
            return
        cx, cy = cur.center
        best, best_score = None, None
        for key, r in slots:
            if key == self.cursor:
                continue
            vx, vy = r.centerx - cx, r.centery - cy
            if dx and dy:
                if vx * dx <= 0 or vy * dy <= 0:
                    continue
                score = abs(vx) + abs(vy)
            else:
                along = vx * dx + vy * dy
                if along <= 0:
                    continue
                across = abs(vy) if dx else abs(vx)
                if across > along * 3 + 40:
                    continue
                score = along + 3 * across
            if best_score is None or score < best_score:
                best, best_score = key, score
        if best is not None:
            self.cursor = best
            if best[0] == "hand" and best[1] == self.game.to_move:
                self._key_card = best[2]

    # ------------------------------------------------------------------ input
    def handle(self, action: InputAction) -> None:
        k = action.kind
        if k == Kind.BACK:
            if self.phase == Phase.TARGETS:
                self._command(self.controller.back, self.game.to_move)
            else:
                self.open_menu()
            return
        if k == Kind.LOG:
            self.open_log()
            return
        if k == Kind.ALT:
            key = self.slot_at(action.pos) if action.pos is not None else self.cursor
            if key is not None:
                self.show_card(key)
            return
        if self.watching():
            self.online.watch_key(self, action)          # looking only (scenes/online/cards_link.py)
            return
        if not self.flow.waits_for_people:
            why = self.wait_reason()
            if not why:
                self._keep(action)
            elif action.kind in ACTING:
                self.app.sound.play("illegal")
                self.say(why)
            return
        self._act(action)

    def wait_reason(self) -> str:
        """Why a key now cannot act, not even later: it is not this screen's turn, or this turn
        ends with the steps shown. Empty while the steps of this screen's own placement play and
        its turn goes on after them (an ability on offer, the hot-seat result to confirm)."""
        flow, g = self.flow, self.game
        if flow.phase == Phase.SHOW and flow.mover_human:
            if flow.offer_pending or (flow.hot_seat and not g.is_over()):
                return ""
            return f"Wait: {self.seat_word(flow.seat)}'s placement is still being shown"
        if flow.phase == Phase.SHOW:
            return f"Wait: it is {self.seat_word(flow.seat)}'s turn"
        if flow.phase == Phase.COMPUTER:
            return f"Wait: it is {self.seat_word(g.to_move)}'s turn"
        return "Wait: the game is about to start"        # the hand rules' steps, before the first turn

    def _keep(self, action: InputAction) -> None:
        """The steps of this turn's own placement play: keep the key for when the table waits again."""
        if action.kind == Kind.POINT:
            if self.queue and self.queue[-1].kind == Kind.POINT:
                self.queue.pop()                 # only where the mouse ended up matters
        elif len([a for a in self.queue if a.kind != Kind.POINT]) >= QUEUE_MAX:
            self.app.sound.play("illegal")
            return
        self.queue.append(action)

    def _replay_queue(self) -> None:
        """Act on kept keys now that the table waits; a window the table just opened (the ability
        offer) gets them, as it would have had they been pressed a moment later."""
        while self.queue and self.flow.waits_for_people and self.stack is not None:
            action = self.queue.popleft()
            if self.stack.top is self:
                self._act(action)
            else:
                self.stack.handle(action)

    def _act(self, action: InputAction) -> None:
        k = action.kind
        if self.phase == Phase.RESULT:
            if k == Kind.ACTION:
                self.result_confirmed()
            elif k == Kind.POINT and action.pos is not None:
                key = self.slot_at(action.pos)
                if key is not None:
                    self.cursor = key
            elif k == Kind.MOVE:
                self.move_cursor(action.dx, action.dy)
            return
        if k == Kind.MOVE:
            self.move_cursor(action.dx, action.dy)
        elif k == Kind.POINT and action.pos is not None:
            key = self.slot_at(action.pos)
            if key is not None:
                self.cursor = key
                if key[0] == "hand":
                    self._key_card = None         # the mouse framed a card: it is in charge now
        elif k == Kind.ACTION:
            if self.phase == Phase.OVER:
                self.show_end()
                return
            if action.pos is not None:
                key = self.slot_at(action.pos)
                if key is None and self.phase == Phase.TARGETS:
                    cell = self.layout.cell_at(action.pos)
                    if cell is not None:
                        self._press_target(cell_key(cell))      # not a target: says so
                    return
                if key is None:
                    return
                self.cursor = key
                if key[0] == "cell" and self._click_plays_key_card(key[1]):
                    return
            if self.cursor is not None:
                self.press(self.cursor)
        elif k == Kind.HINT:
            self.ask_hint()

    def _click_plays_key_card(self, cell: int) -> bool:
        """A click on a free cell with no card picked, while the arrow keys framed one of the
        mover's hand cards: the player means that card (it is the one framed on the screen)."""
        g = self.game
        i = self._key_card
        if (self.phase != Phase.TURN or self.selected is not None or i is None or g.card_at(cell) is not None
                or not 0 <= i < len(g.hand(g.to_move))):
            return False
        self._key_card = None
        self.place(i, cell)
        return True

    def press(self, key: SlotKey) -> None:
        """The Action Button on a slot, in the current phase."""
        if self.phase == Phase.TARGETS:
            self._press_target(key)
            return
        if self.phase != Phase.TURN:
            return
        g = self.game
        seat = g.to_move
        if key[0] == "hand":
            s, i = key[1], key[2]
            if s != seat:
                self.app.sound.play("illegal")
                self.say(f"That is {self.seat_word(s)}'s hand; {self.seat_word(seat)} plays now")
                return
            hand = g.hand_ids(seat)
            if i >= len(hand) or not self._command(self.controller.pick, seat, hand[i]):
                return
            if self.controller.selected is not None:
                self._key_card = None
                self.cursor = self.controller.free_cell_key() or self.cursor
            return
        cell = key[1]
        if g.card_at(cell) is not None:
            self.app.sound.play("illegal")
            self.say(f"{g.field.name_of(cell)} already holds a card")
            return
        if self.selected is None:
            self.app.sound.play("illegal")
            self.say("Pick a card of your hand first, then a free cell")
            playable = g.playable_cards()           # Order and Chaos: the card that may be played
            ids = g.hand_ids(seat)
            first = next((i for i, cid in enumerate(ids) if cid in playable), 0)
            if ids:
                self.cursor = hand_key(seat, first)
            return
        self.place(self.selected, cell)

    def place(self, hand_index: int, cell: int) -> None:
        g = self.game
        seat = g.to_move
        self._command(self.controller.place, seat, g.hand_ids(seat)[hand_index], g.field.name_of(cell))

