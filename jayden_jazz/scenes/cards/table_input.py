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

from collections import deque
from typing import TYPE_CHECKING

from jayden_jazz.cards.action import HAND_PREFIX
from jayden_jazz.scenes.cards.render import SlotKey, TableView, cell_key, hand_key
from jayden_jazz.shell.input import Action as InputAction
from jayden_jazz.shell.input import Kind
from jayden_jazz.tables.cards.flow import Phase

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.scenes.cards.table import CardsTableScene
    from jayden_jazz.tables.cards.view import TableState

QUEUE_MAX = 8             # keys kept while the table shows this turn's own steps
ACTING = frozenset({Kind.ACTION, Kind.HINT, Kind.UNDO})
"""Kinds that would do something at the table (the others only move the cursor)."""


class TableInput:
    """The table's keys and clicks: the scene holds one and hands it every action.

    It keeps what only input needs (the kept keys, the hand card the arrows
    framed last) and reads the rest from the table; the cursor stays on the
    scene, which the picture and the online link read too.
    """

    def __init__(self, table: CardsTableScene) -> None:
        self.table = table
        self.queue: deque[InputAction] = deque()
        self.key_card: int | None = None
        """The mover's hand card the arrow keys framed last: a click on a free cell plays it."""

    def view_state(self) -> TableView:
        """The part of the view that decides where things are (no texts)."""
        return TableView(visible=self.table.visible_seats(), pending=self.table.pending)

    def slots(self) -> list[tuple[SlotKey, pygame.Rect]]:
        """Everything the cursor may rest on now, with its rect."""
        frame = self.table.picture.frame(self.view_state())
        out: list[tuple[SlotKey, pygame.Rect]] = []
        if self.table.phase == Phase.TARGETS:
            for key in self.target_keys() | set(self.chosen_keys()):
                r = self.table.renderer.slot_rect(frame, key)
                if r is not None:
                    out.append((key, r))
            return out
        for c in self.table.layout.field.cells:
            out.append((cell_key(c), self.table.layout.card_rect(c)))
        for s in sorted(frame.view.visible):
            for i, r in self.table.renderer.hand_slots(frame, s):
                out.append((hand_key(s, i), r))
        return out

    def slot_at(self, pos: tuple[int, int]) -> SlotKey | None:
        """The slot under a screen point; where hand cards overlap, the one drawn on top."""
        hit = None
        for key, r in self.slots():
            if r.collidepoint(pos):
                if key == self.table.cursor:
                    return key                 # the card under the cursor is drawn last
                hit = key                      # otherwise later cards cover earlier ones
        return hit

    def move_cursor(self, dx: int, dy: int) -> None:
        slots = self.slots()
        cursor = self.table.cursor
        best = nearest_slot(slots, cursor, dx, dy)
        if best is None:
            return
        moved = best != cursor and any(key == cursor for key, _ in slots)     # an arrow, not the first rest
        self.table.cursor = best
        if moved and best[0] == "hand" and best[1] == self.table.state().to_move:
            self.key_card = best[2]

    # ------------------------------------------------------------------ input
    def handle(self, action: InputAction) -> None:
        k = action.kind
        if k == Kind.BACK:
            if self.table.phase == Phase.TARGETS:
                self.table._command(self.table.controller.back, self.table.state().to_move)
            else:
                self.table.open_menu()
            return
        if k == Kind.LOG:
            self.table.open_log()
            return
        if k == Kind.ALT:
            key = self.slot_at(action.pos) if action.pos is not None else self.table.cursor
            if key is not None:
                self.table.show_card(key)
            return
        if self.table.watching():
            self.table.online.watch_key(self.table, action)          # looking only (scenes/online/cards_link.py)
            return
        if not self.table.controller.screen_view().waits_for_people:
            why = self.wait_reason()
            if not why:
                self._keep(action)
            elif action.kind in ACTING:
                self.table.app.sound.play("illegal")
                self.table.say(why)
            return
        self._act(action)

    def wait_reason(self) -> str:
        """Why a key now cannot act, not even later: it is not this screen's turn, or this turn
        ends with the steps shown. Empty while the steps of this screen's own placement play and
        its turn goes on after them (an ability on offer, the hot-seat result to confirm)."""
        st = self.table.controller.screen_view()
        if st.phase == Phase.SHOW and st.mover_human:
            if st.offer_pending or (st.hot_seat and not st.game_over):
                return ""
            return f"Wait: {self.table.seat_word(st.seat)}'s placement is still being shown"
        if st.phase == Phase.SHOW:
            return f"Wait: it is {self.table.seat_word(st.seat)}'s turn"
        if st.phase == Phase.COMPUTER:
            return f"Wait: it is {self.table.seat_word(st.to_move)}'s turn"
        return "Wait: the game is about to start"        # the hand rules' steps, before the first turn

    def _keep(self, action: InputAction) -> None:
        """The steps of this turn's own placement play: keep the key for when the table waits again."""
        if action.kind == Kind.POINT:
            if self.queue and self.queue[-1].kind == Kind.POINT:
                self.queue.pop()                 # only where the mouse ended up matters
        elif len([a for a in self.queue if a.kind != Kind.POINT]) >= QUEUE_MAX:
            self.table.app.sound.play("illegal")
            return
        self.queue.append(action)

    def replay_queue(self) -> None:
        """Act on kept keys now that the table waits; a window the table just opened (the ability
        offer) gets them, as it would have had they been pressed a moment later."""
        while self.queue and self.table.controller.screen_view().waits_for_people and self.table.stack is not None:
            action = self.queue.popleft()
            if self.table.stack.top is self.table:
                self._act(action)
            else:
                self.table.stack.handle(action)

    def _act(self, action: InputAction) -> None:
        k = action.kind
        if self.table.phase == Phase.RESULT:
            if k == Kind.ACTION:
                self.table.result_confirmed()
            elif k == Kind.POINT and action.pos is not None:
                key = self.slot_at(action.pos)
                if key is not None:
                    self.table.cursor = key
            elif k == Kind.MOVE:
                self.move_cursor(action.dx, action.dy)
            return
        if k == Kind.MOVE:
            self.move_cursor(action.dx, action.dy)
        elif k == Kind.POINT and action.pos is not None:
            key = self.slot_at(action.pos)
            if key is not None:
                self.table.cursor = key
                if key[0] == "hand":
                    self.key_card = None         # the mouse framed a card: it is in charge now
        elif k == Kind.ACTION:
            if self.table.phase == Phase.OVER:
                self.table.show_end()
                return
            if action.pos is not None:
                key = self.slot_at(action.pos)
                if key is None and self.table.phase == Phase.TARGETS:
                    cell = self.table.layout.cell_at(action.pos)
                    if cell is not None:
                        self.press_target(cell_key(cell))      # not a target: says so
                    return
                if key is None:
                    return
                self.table.cursor = key
                if key[0] == "cell" and self._click_plays_key_card(key[1]):
                    return
            if self.table.cursor is not None:
                self.press(self.table.cursor)
        elif k == Kind.HINT:
            self.table.computers.ask_hint()

    def _click_plays_key_card(self, cell: int) -> bool:
        """A click on a free cell with no card picked, while the arrow keys framed one of the
        mover's hand cards: the player means that card (it is the one framed on the screen)."""
        st = self.table.state()
        i = self.key_card
        if (st.phase != Phase.TURN or self.table.selected is not None or i is None
                or any(c == cell for c, _, _ in st.board)
                or not 0 <= i < len(self._mover_ids(st))):
            return False
        self.key_card = None
        self.place(i, cell)
        return True

    def press(self, key: SlotKey) -> None:
        """The Action Button on a slot, in the current phase."""
        if self.table.phase == Phase.TARGETS:
            self.press_target(key)
            return
        if self.table.phase != Phase.TURN:
            return
        st = self.table.state()
        seat = st.to_move
        if key[0] == "hand":
            s, i = key[1], key[2]
            if s != seat:
                self.table.app.sound.play("illegal")
                word = self.table.seat_word
                self.table.say(f"That is {word(s)}'s hand; {word(seat)} plays now")
                return
            hand = self._mover_ids(st)
            if i >= len(hand) or not self.table._command(self.table.controller.pick, seat, hand[i]):
                return
            if self.table.selected is not None:
                self.key_card = None             # the pick moved the cursor to a cell (Screen.cursor_to)
            return
        cell = key[1]
        if any(c == cell for c, _, _ in st.board):
            self.table.app.sound.play("illegal")
            self.table.say(f"{self.table.layout.field.name_of(cell)} already holds a card")
            return
        if self.table.selected is None:
            self.table.app.sound.play("illegal")
            self.table.say("Pick a card of your hand first, then a free cell")
            ids = self._mover_ids(st)              # Order and Chaos: the cursor goes to the card that may be played
            first = next((i for i in range(len(ids)) if i not in st.locked), 0)
            if ids:
                self.table.cursor = hand_key(seat, first)
            return
        self.place(self.table.selected, cell)

    def place(self, hand_index: int, cell: int) -> None:
        st = self.table.state()
        ids = self._mover_ids(st)
        if 0 <= hand_index < len(ids):
            self.table._command(self.table.controller.place, st.to_move, ids[hand_index],
                                self.table.layout.field.name_of(cell))

    @staticmethod
    def _mover_ids(st: TableState) -> tuple[str, ...]:
        """The mover's hand as this screen sees it: a person picks only from a hand face up here
        (at a person's turn it always is; a hand face down here gives nothing to pick)."""
        return st.hands[st.to_move].cards or () if st.to_move < len(st.hands) else ()


    # ------------------------------------------------------------------ an ability's targets
    # The engine and the controller name targets (a cell, or ``hand:`` and a card id); the table
    # names slots (a cell or a place in a hand). These translate between the two; the controller
    # says what may be picked next and plays the action when the last target is picked.
    def key_to_target(self, key: SlotKey) -> str | None:
        st = self.table.state()
        if key[0] == "cell":
            return self.table.layout.field.name_of(key[1])
        ids = self._mover_ids(st)
        if key[0] == "hand" and key[1] == st.to_move and 0 <= key[2] < len(ids):
            return HAND_PREFIX + ids[key[2]]
        return None

    def target_keys(self) -> set[SlotKey]:
        choice = self.table.state().choice
        return set(choice.next_keys) if choice is not None else set()

    def chosen_keys(self) -> list[SlotKey]:
        choice = self.table.state().choice
        return list(choice.chosen_keys) if choice is not None else []

    def press_target(self, key: SlotKey) -> None:
        t = self.table
        target = self.key_to_target(key)
        choice = t.controller.screen_view().choice
        if target is not None and (choice is None or target not in choice.chosen) and key not in self.target_keys():
            target = None                        # a card of the hand drawn where no target lies
        if target is None:
            t.app.sound.play("illegal")
            t.say("That is not a target of this ability")
            return
        t._command(t.controller.toggle_target, t.state().to_move, target)


def nearest_slot(slots: list[tuple[SlotKey, pygame.Rect]], cursor: SlotKey | None,
                 dx: int, dy: int) -> SlotKey | None:
    """Where an arrow (or a diagonal) takes the cursor: the nearest slot that way, by the
    centres of the rects, a slot far off to the side counting less; the cursor where it is when
    nothing lies that way, the first slot when it rests on none. Pure: rects in, a key out."""
    if not slots:
        return None
    rects = dict(slots)
    cur = rects.get(cursor) if cursor is not None else None
    if cur is None:
        return slots[0][0]
    cx, cy = cur.center
    best, best_score = cursor, None
    for key, r in slots:
        if key == cursor:
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
    return best
