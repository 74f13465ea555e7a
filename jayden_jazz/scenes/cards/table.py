"""Playing the Jazz card game: the table scene.

Keys and clicks build one engine action step by step (card, cell, then an
ability and its targets when the engine offers them); the engine checks
and applies it and reports what it did. What it did is shown as steps
(:mod:`present`): the card lands, each capture turns over in the mover's
colour with a caption, then the ability offer, then what the ability did;
only then does the next seat play (:mod:`flow` decides the order). Keys
pressed while steps play are kept and acted on when the table waits for
a person again, so nothing typed during a transition is lost.

Computer seats are asked through a brain (a worker process); their chosen
card is framed in the hand before it lands, and their placements play the
same steps at the same pace. Without the Open variant, and with two or
more people at the screen, a hand is drawn face up only during its owner's
own turn, after the pass screen; the mover confirms the result before the
screen is passed on, and the next person reads what changed since their
last turn.
"""

from __future__ import annotations

import random
from collections import deque
from typing import Any

import pygame

from jayden_jazz.cards import Action, Game, IllegalActionError, NotationError, new_game
from jayden_jazz.cards import events as ev
from jayden_jazz.cards.action import HAND_PREFIX
from jayden_jazz.saves.cards import Pending
from jayden_jazz.scenes.cards import players as seats
from jayden_jazz.scenes.cards import saving  # [card-saves hook] saves, replay, statistics
from jayden_jazz.scenes.cards.config import Match, MatchConfig
from jayden_jazz.scenes.cards.flow import Phase, TurnFlow
from jayden_jazz.scenes.cards.library import Library, load_library
from jayden_jazz.scenes.cards.movelog import MoveLog
from jayden_jazz.scenes.cards.present import Announcement, Presentation, ShownBoard, scaled, steps_for
from jayden_jazz.scenes.cards.render import SlotKey, TableLayout, TableRenderer, TableView, cell_key, hand_key
from jayden_jazz.scenes.cards.table_draw import TableDrawing
from jayden_jazz.scenes.cards.table_menu import TableWindows
from jayden_jazz.scenes.cards.table_targets import AbilityTargets
from jayden_jazz.scenes.cards.windows import PassScreen, ability_window
from jayden_jazz.scenes.seats import ComputerTurn, MessageTimer
from jayden_jazz.scenes.windows import MessageWindow
from jayden_jazz.settings import animation_factor
from jayden_jazz.shell.appview import AppView
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.input import Action as InputAction
from jayden_jazz.shell.input import Kind
from jayden_jazz.shell.scene import EVERY_TICK, PlayScene, soonest, ticks_to_next

AI_SHOW_TICKS = 40        # the computer's chosen card is framed in its hand this long before it lands
MESSAGE_TICKS = 240
QUEUE_MAX = 8             # keys kept while the table is busy showing something


class CardsTableScene(AbilityTargets, TableWindows, TableDrawing, PlayScene):
    helper_attr = "brain"

    def __init__(self, app: AppView, match: Match | None = None, *, brain: seats.Brain | None = None,
                 library: Library | None = None) -> None:
        super().__init__(app)
        self.library = library or load_library(app)
        self.rng = random.Random(app.rng.random())
        self.match = match or demo_match(app, self.library, self.rng)
        m = self.match
        self.game: Game = new_game(self.library.catalog, m.field, m.hands, m.config.rules(),
                                   first_seat=m.first_seat, date=m.date, names=m.names(),
                                   rng=self.rng)         # Elemental cells: drawn from the table's seed
        self.layout = TableLayout(m.field, m.players)
        self.renderer = TableRenderer(app.font, self.layout)
        self.brain = brain
        self.flow = TurnFlow([self.seat_is_computer(s) for s in range(m.players)], self.game.rules.open)
        self.ticks = 0
        self.cursor: SlotKey | None = None
        self.selected: int | None = None              # index in the mover's hand
        self.pending: tuple[int, int, int] | None = None   # seat, hand index, cell: shown, not yet played
        self.ability: int | None = None
        self.chosen: list[str] = []
        self.show: Presentation | None = None         # the steps being shown (or shown, before an ability)
        self.shown_events = 0                         # events of a pending placement already shown
        self.caption: tuple[str, int] | None = None   # the caption of the step on screen
        self.last: int | None = None                  # the last placement, marked until the next
        self.log = MoveLog()
        self.turn_ply: dict[int, int] = {}            # seat -> the ply after its last placement
        self.queue: deque[InputAction] = deque()
        self.messages = MessageTimer(MESSAGE_TICKS)
        self.computer = ComputerTurn()
        self.end_shown = False
        self._preview_key: tuple | None = None
        self._cursor_cell: int | None = None
        self._key_card: int | None = None
        """The mover's hand card the arrow keys framed last: a click on a free cell plays it."""
        self.hint_waiting = False
        self.hint: tuple[str, str] | None = None      # (card id, cell) marked on the board until the player acts
        self.hint_text = ""
        self._log_steps = True
        self._ai_available: bool | None = None
        self._preview: frozenset[int] = frozenset()
        self.resume_pending: Pending | None = None   # a loaded save's open ability choice (saving.table_of)
        self.setup_show: Presentation | None = None   # Hand Swap and Three Open, before the first turn

    # ------------------------------------------------------------------ lifecycle
    def enter(self) -> None:
        if self.phase == Phase.START:
            if self.game.ply:
                self._rebuild_log()
            elif self._setup_steps():
                return                           # the hand rules' steps play first (update)
            self._begin_turn()

    def _setup_steps(self) -> bool:
        """Hand Swap and Three Open at the start: shown as steps, one after another, before
        the first turn (None left to show: False)."""
        if self.setup_show is None:
            events = [e for e in self.game.setup_events() if not isinstance(e, ev.CardDrawn)]
            self.setup_show = Presentation(steps_for(events, self.factor(), self._card_name, self._ability_name),
                                           ShownBoard({}), self.factor(), hold=False)
        show = self.setup_show
        if show.done:
            return False
        for st in show.tick():
            self.caption = (st.caption, seats.light(st.seat) if st.seat is not None else P.WHITE)
            self._log_event_at(0, st.event, st.text)
            self.app.sound.play("select")
        if show.done:
            self.caption = None
        return not show.done

    def exit(self) -> None:
        if not self.game.is_over():
            saving.autosave(self)  # [card-saves hook] leaving keeps the game, an open ability choice too
        super().exit()

    # ------------------------------------------------------------------ who sees what
    @property
    def phase(self) -> Phase:
        return self.flow.phase

    @property
    def viewer(self) -> int | None:
        return self.flow.viewer

    @property
    def pending_card(self) -> tuple[str, str] | None:
        """The card shown on a cell but not yet played (its id, the cell's name), or None."""
        return self._pending_action_parts() if self.pending is not None else None

    @property
    def message(self) -> str:
        return self.messages.text

    @property
    def config(self) -> MatchConfig:
        return self.match.config

    def factor(self) -> float:
        return animation_factor(self.app.settings["animation"])

    def seat_is_computer(self, seat: int) -> bool:
        return seats.is_computer(self.match.seat(seat))

    def humans(self) -> list[int]:
        return self.flow.humans()

    def hides_hands(self) -> bool:
        return self.flow.hot_seat

    def visible_seats(self) -> frozenset[int]:
        """Seats whose hands may be drawn face up in this frame."""
        return self.flow.visible(self.game.is_over())

    def say(self, text: str) -> None:
        self.messages.say(text)

    # ------------------------------------------------------------------ turns
    def _begin_turn(self) -> None:
        self._entered(self.flow.next_turn(self.game.is_over(), self.game.to_move))

    def _entered(self, phase: Phase) -> None:
        """The table reached ``phase`` at the start of a turn: set up what it waits for."""
        self.selected = None
        self.pending = None
        self.ability = None
        self.chosen = []
        self.show = None
        self.caption = None
        g = self.game
        if phase == Phase.OVER:
            self.queue.clear()                   # a key meant for the last steps must not pick Rematch
            self.app.sound.play("victory")
            self.show_end()
        elif phase == Phase.COMPUTER:
            self.computer.reset()
        elif phase == Phase.PASS:
            seat = g.to_move
            self.queue.clear()                   # keys of the last person are not the next one's
            if self.stack is not None:
                self.stack.push(PassScreen(self.app, seat, on_ready=lambda: self.seat_ready(seat),
                                           on_menu=self.open_menu, summary=self.summary_for(seat)))
        elif phase == Phase.TURN:
            self._turn_starts(g.to_move)

    def summary_for(self, seat: int) -> str:
        """What changed since ``seat`` last played, in one line (empty before its first turn)."""
        if seat not in self.turn_ply:
            return ""
        return self.log.summary_for(seat, self.turn_ply[seat])

    def _turn_starts(self, seat: int) -> None:
        self._key_card = None                    # the framed first card is not a choice yet
        if self.game.hand(seat):
            self.cursor = hand_key(seat, 0)
        text = self.summary_for(seat)
        if text:
            self.say(text)
        saving.resume_pending(self)  # [card-saves hook] a loaded save's unfinished ability choice
        self._chaos_pick(seat)

    def _chaos_pick(self, seat: int) -> None:
        """Chaos: the card drawn for this turn is picked already, and the bar says so."""
        g = self.game
        drawn = g.drawn_card
        if drawn is None or self.pending is not None or drawn not in g.hand_ids(seat):
            return
        self.selected = g.hand_ids(seat).index(drawn)
        self.cursor = self._free_cell_key()
        self.say(f"Chaos drew {self._card_name(drawn)} for you: pick a free cell for it")

    def seat_ready(self, seat: int) -> None:
        """The person playing ``seat`` is at the screen."""
        if self.game.is_over() or self.game.to_move != seat or self.phase != Phase.PASS:
            return
        self.flow.seat_ready()
        self._turn_starts(seat)

    # ------------------------------------------------------------------ slots and the cursor
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
                self._targets_back()
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
        if not self.flow.waits_for_people:
            self._keep(action)
            return
        self._act(action)

    def _keep(self, action: InputAction) -> None:
        """The table is busy showing something: keep the key for when it waits again."""
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
        self.selected = i
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
                self.say(f"That is {seats.seat_name(s)}'s hand; {seats.seat_name(seat)} plays now")
                return
            hand = g.hand_ids(seat)
            why = g.hand_rule_refusal(hand[i]) if i < len(hand) else None
            if why is not None:                  # Order or Chaos: another card must be played
                self.app.sound.play("illegal")
                self.say(why)
                return
            if self.selected == i:
                self.selected = None
                return
            self.selected = i
            self._key_card = None
            self.app.sound.play("select")
            self.cursor = self._free_cell_key()
            return
        cell = key[1]
        if g.card_at(cell) is not None:
            self.app.sound.play("illegal")
            self.say(f"{g.field.name_of(cell)} already holds a card")
            return
        if self.selected is None:
            self.app.sound.play("illegal")
            self.say("Pick a card of your hand first, then a free cell")
            if g.hand(seat):
                self.cursor = hand_key(seat, 0)
            return
        self.place(self.selected, cell)

    def _free_cell_key(self) -> SlotKey | None:
        """Where the cursor goes after a card is picked: the hinted cell, where it was, else the
        free cell nearest the middle."""
        g = self.game
        if self.hint is not None and self.selected is not None and \
                g.hand(g.to_move)[self.selected].id == self.hint[0]:
            return cell_key(g.field.index(self.hint[1]))
        if self._cursor_cell is not None and g.card_at(self._cursor_cell) is None:
            return cell_key(self._cursor_cell)
        free = [c for c in g.field.cells if g.card_at(c) is None]
        if not free:
            return self.cursor
        w, h = g.field.width, g.field.height
        mid = ((w - 1) / 2, (h - 1) / 2)
        best = min(free, key=lambda c: (abs(c % w - mid[0]) + abs(c // w - mid[1]), c))
        return cell_key(best)

    # ------------------------------------------------------------------ placing
    def place(self, hand_index: int, cell: int) -> None:
        g = self.game
        seat = g.to_move
        card = g.hand(seat)[hand_index]
        name = g.field.name_of(cell)
        self._cursor_cell = cell
        try:
            offered = g.abilities_offered(card.id, name)
        except IllegalActionError as e:
            self.app.sound.play("illegal")
            self.say(str(e))
            return
        if not offered:
            self.commit(Action(card.id, name))
            return
        # The card lands and its captures turn over first; the offer comes after, on a copy of the
        # game, so Esc in the offer can still take the card back.
        report = g.clone().play(Action(card.id, name))
        shown = [e for e in report.events if isinstance(e, (ev.Placed, ev.Captured))]
        self.pending = (seat, hand_index, cell)
        self.shown_events = len(shown)
        self.hint = None
        self.flow.placed(True)
        self._present(shown, self._board_now(), hold=False, log=False)

    def _board_now(self) -> ShownBoard:
        g = self.game
        return ShownBoard({g.field.name_of(c): (card.id, owner) for c in g.field.cells
                           if (card := g.card_at(c)) is not None and (owner := g.owner_at(c)) is not None})

    def _card_name(self, card_id: str) -> str:
        card = self.library.catalog.get(card_id)
        return card.name if card is not None else card_id

    def _ability_name(self, card_id: str, number: int) -> str:
        card = self.library.catalog.get(card_id)
        if card is None or not 0 < number <= len(card.abilities):
            return f"ability {number}"
        return card.abilities[number - 1].name or f"{card.name}'s ability {number}"

    def _present(self, events: Any, board: ShownBoard, *, hold: bool = True, log: bool = True) -> None:
        """Start showing ``events`` as steps; the first one shows at once."""
        self.show = Presentation(steps_for(events, self.factor(), self._card_name, self._ability_name,
                                           self._draw_text), board, self.factor(), hold=hold)
        self._log_steps = log
        self._present_tick()

    def _present_tick(self) -> None:
        show = self.show
        if show is None:
            return
        for st in show.tick():
            self.caption = (st.caption, seats.light(st.seat) if st.seat is not None else P.WHITE)
            if isinstance(st.event, Announcement):
                self.app.sound.play("capture")       # the capture lines that follow carry the cause to the log
                continue
            if self._log_steps:
                self._log_event(st.event, st.text)
            if isinstance(st.event, ev.Placed):
                self.app.sound.play("move")
            elif isinstance(st.event, (ev.Captured, ev.ControlGained, ev.Swapped)):
                self.app.sound.play("flip")
            elif isinstance(st.event, (ev.AbilityUsed, ev.FieldReset)):
                self.app.sound.play("capture")
        if show.done and show is self.show:
            self._shown()

    def finish_showing(self) -> None:
        """Show every step left at once (a loaded game reopening an ability choice)."""
        if self.show is not None and not self.show.done:
            self.show.finish()
            if self.phase == Phase.SHOW:
                self._shown()

    def _rebuild_log(self) -> None:
        """A loaded game: the log, the last placement and each seat's last turn, replayed from its actions."""
        setup = self.game.setup
        if setup is None or self.log.lines:
            return
        replay = Game(setup, self.library.catalog)
        for e in replay.setup_events():          # Hand Swap, Three Open: before the first placement
            if not isinstance(e, ev.CardDrawn):
                self._log_event_at(0, e, self._event_text(e))
        for action in self.game.history:
            try:
                report = replay.play(action)
            except IllegalActionError:
                return
            for e in report.events:
                self._log_event_at(replay.ply, e, self._event_text(e))
            self.turn_ply[report.seat] = replay.ply
            self.last = replay.field.index(action.cell)

    def _log_event(self, event: ev.Event, text: str) -> None:
        self._log_event_at(self.game.ply, event, text)

    def _log_event_at(self, ply: int, event: "ev.Event | Announcement", text: str) -> None:
        self.log.add(ply, getattr(event, "seat", None), text, isinstance(event, ev.Placed))

    def _shown(self) -> None:
        """Every step was shown: the ability offer, the mover's result screen, or the next seat."""
        phase = self.flow.shown(self.game.is_over(), self.game.to_move)
        if phase == Phase.ABILITY:
            self._offer_abilities()
        elif phase == Phase.RESULT:
            self.show = None
            self.cursor = cell_key(self.last) if self.last is not None else None
        else:
            self._entered(phase)

    def _offer_abilities(self) -> None:
        if self.pending is None or self.stack is None:
            return
        seat, hi, cell = self.pending
        card = self.game.hand(seat)[hi]
        name = self.game.field.name_of(cell)
        offered = self.game.abilities_offered(card.id, name)
        captured = self.game.captures_if(card.id, name)
        avoid = [self.layout.cell_rect(cell)] + [self.layout.cell_rect(self.game.field.index(c)) for c in captured]
        targets = {t for n in offered for opt in self.game.target_options(card.id, name, n) for t in opt
                   if not t.startswith(HAND_PREFIX)}
        self.stack.push(ability_window(self.app, card, len(captured), offered, self._ability_chosen,
                                       self._ability_cancelled, avoid=avoid, field=self.layout.field_rect,
                                       targets=[self.layout.cell_rect(self.game.field.index(t)) for t in targets]))

    def _pending_action_parts(self) -> tuple[str, str]:
        assert self.pending is not None
        seat, hi, cell = self.pending
        return self.game.hand(seat)[hi].id, self.game.field.name_of(cell)

    def _ability_chosen(self, value: Any) -> None:
        if self.pending is None:
            return
        card_id, cell = self._pending_action_parts()
        if value == "none":
            self.commit(Action(card_id, cell))
            return
        n = int(value)
        opts = self.game.target_options(card_id, cell, n)
        if opts == [()]:
            self.commit(Action(card_id, cell, n))
            return
        if not opts:      # the engine offered it, so this cannot happen; stay safe
            self.app.sound.play("illegal")
            self._ability_cancelled()
            return
        self.ability = n
        self.chosen = []
        self.flow.ability_chosen(True)
        keys = sorted(self._target_keys(), key=str)
        self.cursor = keys[0] if keys else self.cursor

    def _ability_cancelled(self) -> None:
        """Esc in the ability window takes the card back to the hand, still picked."""
        if self.pending is not None:
            self.cursor = cell_key(self.pending[2])
        self.pending = None
        self.ability = None
        self.chosen = []
        self.show = None
        self.caption = None
        self.shown_events = 0
        if self.phase == Phase.TARGETS:
            self.flow.targets_back()
        if self.phase == Phase.ABILITY:
            self.flow.ability_cancelled()

    def _targets_back(self) -> None:
        """Esc while choosing targets goes back to the choice of ability."""
        self.chosen = []
        self.ability = None
        self.flow.targets_back()
        self._offer_abilities()

    def commit(self, action: Action) -> None:
        """Play a complete action and start showing what it did (after what was already shown)."""
        if self.hint_waiting:
            self.hint_waiting = False
            if self.brain is not None:
                self.brain.cancel()
        g = self.game
        seat = g.to_move
        continuing = self.pending is not None and self.show is not None
        board = self.show.board if continuing and self.show is not None else self._board_now()
        skip = self.shown_events if continuing else 0
        try:
            report = g.play(action)
        except IllegalActionError as e:
            self.app.sound.play("illegal")
            self.say(f"Not allowed: {e}")
            self._ability_cancelled()
            return
        placed = g.field.index(action.cell)
        self.last = placed
        self.turn_ply[seat] = g.ply
        self.hint = None
        self.selected = None
        self.pending = None
        self.ability = None
        self.chosen = []
        self.shown_events = 0
        self._cursor_cell = placed
        self.cursor = cell_key(placed)
        for seen in report.events[:skip]:
            self._log_event(seen, self._event_text(seen))
        self.say(self._placement_summary(report))
        if self.phase in (Phase.ABILITY, Phase.TARGETS):
            self.flow.committed()
        elif self.phase == Phase.COMPUTER:
            self.flow.computer_placed()
        else:
            self.flow.placed(False)
        # Saved only now: the pending choice is closed, so the save holds exactly the game on screen.
        saving.game_ended(self) if g.is_over() else saving.autosave(self)
        self._present(report.events[skip:], board)

    def _event_text(self, event: ev.Event) -> str:
        from jayden_jazz.scenes.cards.movelog import event_text

        if isinstance(event, ev.CardDrawn):
            return self._draw_text(event)
        return event_text(event, self._card_name, self._ability_name)

    def _draw_text(self, event: ev.CardDrawn) -> str:
        """Chaos's draw as the person at the screen may read it: named only when that hand is
        face up for them (Open, their own hand against the computer); the log keeps the same words."""
        from jayden_jazz.scenes.cards.movelog import drawn_text

        return drawn_text(event, self._card_name, seen=event.seat in self.visible_seats(),
                          you=self.humans() == [event.seat])

    def _placement_summary(self, report: ev.Report) -> str:
        """The whole placement in one line, kept in the bottom bar after its steps were shown."""
        placed = report.events[0]
        text = self._event_text(placed)
        n = len(report.captures)
        if n:
            text += f": {n} capture{'s' if n != 1 else ''}"
        used = next((e for e in report.events if isinstance(e, ev.AbilityUsed)), None)
        if used is not None:
            text += f"; {self._ability_name(used.card, used.number)}"
        return text

    # ------------------------------------------------------------------ the computer
    def _brain(self) -> seats.Brain:
        if self.brain is None:
            self.brain = seats.make_brain()
        return self.brain

    @property
    def ai_action(self) -> Action | None:
        """The computer's checked choice while it is framed in its hand, before it lands."""
        return self.computer.chosen

    @property
    def ai_waiting(self) -> bool:
        return self.computer.asked

    def _guess_pool(self) -> list[str] | None:
        """The cards a computer guesses hidden hands from: those of the packs in use (None: all).

        A game begun before a pack was switched off may hold its cards; then every card counts.
        """
        pool = self.library.card_ids(self.match.config.packs_off)
        ids = set(pool)
        if not all(cid in ids for hand in self.match.hands for cid in hand):
            return None
        return pool

    def _computer_step(self) -> None:
        g = self.game
        seat = g.to_move
        level = str(self.match.seat(seat).get("level", "normal"))

        def ask() -> None:
            self._brain().submit_action(self.game_text(), seat, level, self.rng.randrange(2 ** 31),
                                        self.library.pack_dir_texts, self._guess_pool())

        def check(value: Any) -> Action:
            try:
                act = Action.parse(str(value))
            except NotationError as e:
                raise ValueError(f"it answered {value!r}: {e}") from None
            if not g.is_legal(act):
                raise ValueError(f"it chose {act}, which is not a legal action")
            return act

        out = self.computer.step(ask, lambda: self._brain().poll(), check, scaled(AI_SHOW_TICKS, self.factor()))
        if out is None:
            return
        kind, value = out
        if kind == "failed":
            self._ai_failed(value)
        else:
            self.commit(value)

    def game_text(self) -> str:
        """What the computer player reads: the game record (setup and actions) as YAML."""
        return self.game.record().to_yaml()

    # hints (Enhanced mode, with the computer player installed) ------------------
    def hints_on(self) -> bool:
        if self._ai_available is None:
            self._ai_available = seats.ai_available()       # a module search: once, not every frame
        return bool(self.app.settings["enhanced"]) and self._ai_available

    def ask_hint(self) -> None:
        if self.phase != Phase.TURN or not self.hints_on() or self.hint_waiting:
            self.app.sound.play("illegal")
            return
        self.hint_waiting = True
        self.say("Looking for a good move...")
        self._brain().submit_hint(self.game_text(), self.game.to_move, self.library.pack_dir_texts,
                                  self._guess_pool())

    def _poll_hint(self) -> None:
        reply = self._brain().poll()
        if reply is None:
            return
        self.hint_waiting = False
        if self.phase != Phase.TURN:
            return
        value = reply.value if reply.ok and isinstance(reply.value, dict) else {}
        try:
            act = Action.parse(str(value.get("action", "")))
        except NotationError:
            self.say("No hint this time")
            return
        g = self.game
        seat = g.to_move
        card = next((c for c in g.hand(seat) if c.id == act.card), None)
        if card is None or not g.is_legal(act):
            self.say("No hint this time")
            return
        text = f"Hint: {card.name} on {act.cell}"
        if act.ability is not None:
            ab = card.abilities[act.ability - 1]
            text += f", then {ab.name or 'ability ' + str(act.ability)}"
            if act.targets:
                text += " on " + ", ".join(t.replace("hand:", "") for t in act.targets)
        outcome = {"win": "a sure win", "draw": "a sure draw", "loss": "a loss whatever you do"}.get(
            str(value.get("value")))
        if outcome:
            text += f" ({outcome})"
        self.hint = (act.card, act.cell)
        self.hint_text = text
        self.say(text)
        self.cursor = hand_key(seat, [c.id for c in g.hand(seat)].index(act.card))

    def hint_marks(self) -> tuple[SlotKey, int] | None:
        """The hinted hand card and cell, marked on the board until the player acts."""
        if self.hint is None or self.phase != Phase.TURN:
            return None
        g = self.game
        ids = [c.id for c in g.hand(g.to_move)]
        if self.hint[0] not in ids:
            return None
        return hand_key(g.to_move, ids.index(self.hint[0])), g.field.index(self.hint[1])

    def computer_pick(self) -> SlotKey | None:
        """The hand card the computer is about to play, framed so people can follow it."""
        if self.ai_action is None:
            return None
        seat = self.game.to_move
        for i, c in enumerate(self.game.hand(seat)):
            if c.id == self.ai_action.card:
                return hand_key(seat, i)
        return None

    def _ai_failed(self, error: str) -> None:
        seat = self.game.to_move
        self.config.seats[seat] = {"kind": "human"}
        self.flow.seat_to_person(seat)
        self.flow.restart()
        lines = error.strip().splitlines() or ["unknown error"]
        if self.stack is not None:
            self.stack.push(MessageWindow(
                self.app, "Computer player",
                f"The computer player failed ({lines[-1][-200:]}). "
                f"{seats.seat_name(seat)} is now played by a person.",
                on_close=self._after_failure))
        else:
            self._begin_turn()

    def _after_failure(self) -> None:
        if self.phase == Phase.START:
            self._begin_turn()

    def stop_ai(self) -> None:
        self.computer.reset()
        self.hint_waiting = False
        if self.brain is not None:
            self.brain.cancel()

    def result_confirmed(self) -> None:
        """Hot seat: the mover has seen the result; the screen goes to the next person."""
        self.app.sound.play("select")
        self.queue.clear()
        self._entered(self.flow.result_confirmed(self.game.is_over(), self.game.to_move))

    # ------------------------------------------------------------------ ticks
    def update(self) -> None:
        self.ticks += 1
        self.messages.tick()
        phase = self.phase
        if phase == Phase.START:
            if not self._setup_steps():
                self._begin_turn()
        elif phase == Phase.SHOW:
            self._present_tick()
        elif phase == Phase.COMPUTER:
            self._computer_step()
        elif phase == Phase.TURN and self.hint_waiting:
            self._poll_hint()
        elif phase == Phase.PASS and self.stack is not None and self.stack.top is self:
            # the pass screen was closed some other way: ask again
            self.flow.restart()
            self._begin_turn()
        if self.flow.waits_for_people:
            self._replay_queue()
        self.layout.focus(self.focus_seat())

    def redraw_in(self) -> int | None:
        """Every tick while anything moves or a computer works; otherwise at the next blink of
        the selection frame (15 ticks) or when the message runs out (see Scene.redraw_in)."""
        if (self.phase in (Phase.START, Phase.SHOW, Phase.COMPUTER) or self.hint_waiting
                or self.queue):
            return EVERY_TICK
        return soonest(ticks_to_next(self.ticks, 15), self.messages.left or None)

    def focus_seat(self) -> int | None:
        """Whose panel is the large one: the only person's (their hand is the one they read), else
        the seat whose turn is played or shown."""
        if self.game.is_over():
            return None
        humans = self.humans()
        return humans[0] if len(humans) == 1 else self.flow.seat


def demo_match(app: AppView, library: Library, rng: random.Random) -> Match:
    """Two people on an open 3x3 with random hands: what ``--scene cards-table`` opens (a quick look)."""
    from jayden_jazz.cards import deal_random

    remembered = MatchConfig.from_settings(app.settings["cards"])
    cfg = MatchConfig(players=2, field="3x3", preset=remembered.preset, open=True,
                      pure=remembered.pure, sudden_death=remembered.sudden_death,
                      packs_off=remembered.packs_off)
    fld = library.fields.get("3x3")
    if fld is None:
        from jayden_jazz.cards import Field

        fld = Field.rectangle(3)
    ids = library.card_ids(cfg.packs_off) or library.card_ids()
    hands = deal_random(ids, fld, 2, cfg.rules(), rng)
    return Match(cfg, fld, hands, rng.randrange(2), library.pack_dir_texts)
