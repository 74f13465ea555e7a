"""A card game at a table, without pygame: turns, steps shown, the ability choice, the computer.

The engine applies a whole action at once; a table plays it as a person
can follow it. :class:`TableController` holds the :class:`~jayden_jazz.cards.Game`,
the turn flow (:mod:`flow`) and what the turn is at (the card picked, the
placement waiting for its ability by card id and cell name, the steps
being shown, the log, the hint), and is the one object a screen or the
online link talks to. The work is done by its parts, one idea each, each
a module of its own: the commands (:mod:`commands`), the steps shown and
the move log they write (:mod:`steps`), the hints (:mod:`hints`), the
computer's seat (:mod:`computer`) and what a seat may see (:mod:`seeing`).
They change the table's state, so it is read in one place. Every change
comes as a command naming its seat (pick, place, choose an ability or
none, toggle a target, back, confirm, ask a hint) or as a :meth:`tick`; a
command the table does not take raises :class:`Refusal` with the reason
in plain words.
:class:`~jayden_jazz.tables.cards.view.TableState` is what a seat may see.

A seat is a person at this screen, the computer (asked through an
injected brain: ``submit_*`` then ``poll``, so no worker process is started
here) or a remote seat (``{"kind": "remote"}``), whose whole actions come
through :meth:`~TableController.play` while the table waits for it. A
screen, a network server or a test drive the controller alike: it never
draws, never opens a window and never reads a key. It tells its
:class:`~jayden_jazz.tables.cards.view.Screen` when a person at a screen
should hear a sound or see a window open; :meth:`~TableController.view`
gives one seat's frozen view, :meth:`~TableController.screen_view` that of
the people at this screen.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from jayden_jazz.cards import Action, Game
from jayden_jazz.cards import events as ev
from jayden_jazz.saves.cards import Pending
from jayden_jazz.tables.seats import ComputerTurn, MessageTimer
from jayden_jazz.tables.cards.commands import Commands, Key
from jayden_jazz.tables.cards.computer import AI_SHOW_TICKS, ComputerSeat
from jayden_jazz.tables.cards.flow import Phase, TurnFlow
from jayden_jazz.tables.cards.hints import Hints
from jayden_jazz.tables.cards.movelog import MoveLog, SeatName, ability_words, seat_name
from jayden_jazz.tables.cards.present import Presentation, ShownBoard
from jayden_jazz.tables.cards.seeing import Landings, look, seen_by, table_state
from jayden_jazz.tables.cards.steps import Steps
from jayden_jazz.tables.cards.view import Landing, Look, Refusal, Screen, TableState

MESSAGE_TICKS = 240


class TableController:
    """One game at a table. ``seats`` are the seat settings (``{"kind": "computer", "level": ...}``
    or a person), changed in place when a failed computer seat goes to a person; ``brain()``
    gives the computer player when it is first needed; ``factor()`` is the animation speed;
    ``seat_name(seat)`` names a seat in the words (the log, captions, messages) as the table's
    panels do ("Player 2" by default)."""

    def __init__(self, game: Game, seats: list[dict[str, Any]], catalog: Any, *,
                 brain: Callable[[], Any], rng: random.Random, factor: Callable[[], float] = lambda: 1.0,
                 pack_dirs: Sequence[str] = (), guess_pool: list[str] | None = None,
                 screen: Screen | None = None, seat_name: SeatName = seat_name,
                 computer_seats_kept: bool = False) -> None:
        self.game = game
        self.computer_seats_kept = computer_seats_kept
        self.seat_name = seat_name
        self.seats = seats
        self.catalog = catalog
        self.brain = brain
        self.rng = rng
        self.factor = factor
        self.pack_dirs = list(pack_dirs)
        self.guess_pool = guess_pool
        self.screen = screen or Screen()
        # the flow's "computer" seats are those played by no person at this screen: remote seats too
        self.flow = TurnFlow([self.is_computer(s) or self.is_remote(s) for s in range(game.players)],
                             game.rules.open)
        self.selected: str | None = None              # the mover's picked card
        self.pending: tuple[str, str] | None = None   # card id, cell name: shown, not yet played
        self.pending_seat = 0
        self.ability: int | None = None
        self.chosen: list[str] = []
        self.show: Presentation | None = None         # the steps being shown (or shown, before an ability)
        self.shown_events = 0                         # events of a pending placement already shown
        self.caption: tuple[str, int | None] | None = None   # the step on screen, and its seat
        self.last: int | None = None                  # the last placement's cell, marked until the next
        self.aim: int | None = None                   # the cell the mover aimed at last
        self.log = MoveLog()
        self.turn_ply: dict[int, int] = {}            # seat -> the ply after its last placement
        self.messages = MessageTimer(MESSAGE_TICKS)
        self.computer = ComputerTurn()
        self.hint_waiting = False
        self.hint: tuple[str, str] | None = None      # (card id, cell) marked until the player acts
        self.hint_text = ""
        self.resume: Pending | None = None            # a loaded save's open ability choice
        self.setup_show: Presentation | None = None   # Hand Swap and Three Open, before the first turn
        self.reveal_end = True
        """Every hand face up once the game is over (online with hidden hands: no, the server shows none)."""
        self.ply_base = 0
        """The plies played before the game's history starts (a game taken up online from its position)."""
        self.revise: Callable[[ev.Report], ev.Report] | None = None
        """Online: the server's word on what an action did (the end of a game with hidden hands)."""
        self.commands = Commands(self)
        self.steps = Steps(self)
        self.hints = Hints(self)
        self.computer_seat = ComputerSeat(self)
        self.landings = Landings(self)

    # ------------------------------------------------------------------ reading
    @property
    def phase(self) -> Phase:
        return self.flow.phase

    def is_computer(self, seat: int) -> bool:
        return seat < len(self.seats) and self.seats[seat].get("kind") == "computer"

    def is_remote(self, seat: int) -> bool:
        """A seat played from elsewhere (``{"kind": "remote"}``): its whole actions come through
        :meth:`play`; while it thinks the table is in the COMPUTER phase and asks no brain."""
        return seat < len(self.seats) and self.seats[seat].get("kind") == "remote"

    def visible_seats(self) -> frozenset[int]:
        """Seats whose hands may be drawn face up at this screen now."""
        return self.flow.visible(self.game.is_over() and self.reveal_end)

    def say(self, text: str) -> None:
        self.messages.say(text)

    def card_name(self, card_id: str) -> str:
        card = self.catalog.get(card_id)
        return card.name if card is not None else card_id

    def ability_name(self, card_id: str, number: int) -> str:
        """An ability's own name; an unnamed one is called by its number and what it does
        ("ability 1 (-2 left/right, all cards)")."""
        card = self.catalog.get(card_id)
        if card is None or not 0 < number <= len(card.abilities):
            return f"ability {number}"
        ab = card.abilities[number - 1]
        return ab.name or f"ability {number} ({ability_words(ab)})"

    def open_choice(self) -> Pending | None:
        """The unfinished ability choice, as a save names it (None when no choice is open)."""
        if self.phase not in (Phase.ABILITY, Phase.TARGETS) or self.pending is None:
            return None
        card_id, cell = self.pending
        if self.phase == Phase.TARGETS and self.ability is not None:
            return Pending(card_id, cell, self.ability, tuple(self.chosen))
        return Pending(card_id, cell)

    def pending_index(self) -> int | None:
        """The pending card's place in its seat's hand (it stays there until played)."""
        if self.pending is None:
            return None
        ids = self.game.hand_ids(self.pending_seat)
        return ids.index(self.pending[0]) if self.pending[0] in ids else None

    def next_targets(self) -> list[str]:
        if self.pending is None or self.ability is None:
            return []
        return self.game.next_targets(self.pending[0], self.pending[1], self.ability, self.chosen)

    def view(self, viewer: int | None) -> TableState:
        """What seat ``viewer`` may see now (None: a spectator): its own hand, every hand once the
        game is over or under Open; of another hand only its size and the cards everybody knows."""
        return table_state(self, viewer, seen_by(self, viewer))

    def screen_view(self) -> TableState:
        """What the people at this screen may see: the hands :meth:`visible_seats` allows."""
        return table_state(self, self.flow.viewer, self.visible_seats())

    def preview(self, card: str, cell: int) -> Landing:
        """What the mover's ``card`` would capture on the free ``cell`` and its values there."""
        return self.landings.get(card, cell)

    def look(self, key: Key) -> Look | None:
        """What the card window shows of a slot at this screen (:func:`seeing.look`): None where no
        card lies or the screen may not see it."""
        return look(self, key)

    # ------------------------------------------------------------------ start
    def restore(self, game: Game, pending: Pending | None) -> None:
        """A loaded game, with the ability choice its save was in (reopened at that seat's turn)."""
        self.game = game
        self.resume = pending

    def start(self) -> None:
        """The table is on: the log of a loaded game, the hand rules' steps, or the first turn."""
        if self.phase != Phase.START:
            return
        if self.game.ply:
            self.rebuild_log()
        elif self.setup_steps():
            return                               # the hand rules' steps play first (tick)
        self.begin_turn()

    def begin_turn(self) -> None:
        self.enter(self.flow.next_turn(self.game.is_over(), self.game.to_move))

    def resume_turn(self) -> None:
        """After a computer seat's failure was read: the turn starts again."""
        if self.phase == Phase.START:
            self.begin_turn()

    def enter(self, phase: Phase) -> None:
        """The table reached ``phase`` at the start of a turn: set up what it waits for."""
        self.selected = None
        self.pending = None
        self.ability = None
        self.chosen = []
        self.show = None
        self.caption = None
        if phase == Phase.OVER:
            self.screen.sound("victory")
            self.screen.opened(Phase.OVER)
        elif phase == Phase.COMPUTER:
            self.computer.reset()
        elif phase == Phase.PASS:
            self.screen.opened(Phase.PASS)
        elif phase == Phase.TURN:
            self._turn_starts(self.game.to_move)

    def summary_for(self, seat: int) -> str:
        """What changed since ``seat`` last played, in one line (empty before its first turn)."""
        if seat not in self.turn_ply:
            return ""
        return self.log.summary_for(seat, self.turn_ply[seat], self.seat_name)

    def _turn_starts(self, seat: int) -> None:
        self.screen.turn_started(seat)
        if self.game.hand(seat):
            self.screen.cursor_to(("hand", seat, 0))
        text = self.summary_for(seat)
        if text:
            self.say(text)
        self._reopen_saved_choice()
        self._chaos_pick(seat)

    def draw_known(self) -> None:
        """Chaos online: the draw of the turn under way came from the server after the turn began."""
        if self.phase == Phase.TURN and self.selected is None:
            self._chaos_pick(self.game.to_move)

    def _chaos_pick(self, seat: int) -> None:
        """Chaos: the card drawn for this turn is picked already, and the bar says so."""
        g = self.game
        drawn = g.drawn_card
        if drawn is None or self.pending is not None or drawn not in g.hand_ids(seat):
            return
        self.selected = drawn
        self.screen.cursor_to(self.free_cell_key())
        self.say(f"Chaos drew {self.card_name(drawn)} for you: pick a free cell for it")

    def _reopen_saved_choice(self) -> None:
        """The seat to move is at the screen: reopen the ability choice the save was in."""
        p, self.resume = self.resume, None
        g = self.game
        if p is None or g.is_over() or p.card not in g.hand_ids(g.to_move):
            return
        seat = g.to_move
        self.selected = p.card
        self.steps.quiet = p.ability is not None    # the save had chosen already: no window for the offer
        try:
            self.commands.place_at(seat, p.card, g.field.index(p.cell))
            self.finish_showing()                # the captures were seen before the save: no steps again
        except Refusal as e:
            self.screen.sound("illegal")
            self.say(str(e))
            return
        finally:
            self.steps.quiet = False
        if p.ability is None or self.phase != Phase.ABILITY:
            return
        try:
            self.choose_ability(seat, p.ability)
            for t in p.targets:
                if self.flow.phase == Phase.TARGETS:     # the last target plays the action
                    self.toggle_target(seat, t)
        except Refusal as e:                     # a save that does not fit the game: the choice stays open
            self.say(str(e))

    def seat_ready(self, seat: int) -> None:
        """The person playing ``seat`` is at the screen."""
        if self.game.is_over() or self.game.to_move != seat or self.phase != Phase.PASS:
            return
        self.flow.seat_ready()
        self._turn_starts(seat)

    def pass_again(self) -> None:
        """The pass screen went away without its person saying they are there (closed some other
        way): the turn starts over, and with it a new pass screen."""
        if self.phase != Phase.PASS:
            return
        self.flow.restart()
        self.begin_turn()

    # ------------------------------------------------------------------ the parts, as the screen calls them
    def pick(self, seat: int, card_id: str | None) -> None:
        self.commands.pick(seat, card_id)

    def place(self, seat: int, card_id: str, cell: str) -> None:
        self.commands.place(seat, card_id, cell)

    def play(self, seat: int, action: Action) -> None:
        self.commands.play(seat, action)

    def choose_ability(self, seat: int, number: int | None) -> None:
        self.commands.choose_ability(seat, number)

    def toggle_target(self, seat: int, target: str) -> None:
        self.commands.toggle_target(seat, target)

    def back(self, seat: int) -> None:
        self.commands.back(seat)

    def cancel_choice(self) -> None:
        self.commands.cancel_choice()

    def confirm(self, seat: int) -> None:
        self.commands.confirm(seat)

    def commit(self, action: Action) -> None:
        self.commands.commit(action)

    def target_key(self, target: str) -> Key | None:
        return self.commands.target_key(target)

    def free_cell_key(self) -> Key | None:
        return self.commands.free_cell_key()

    def setup_steps(self) -> bool:
        return self.steps.setup_steps()

    def setup_shown(self) -> tuple[list[list[str]], list[list[bool]]] | None:
        return self.steps.setup_shown()

    def finish_showing(self) -> None:
        self.steps.finish()

    def board_now(self, landing: Action | None = None) -> ShownBoard:
        return self.steps.board_now(landing)

    def event_text(self, event: ev.Event) -> str:
        return self.steps.event_text(event)

    def draw_text(self, event: ev.CardDrawn) -> str:
        return self.steps.draw_text(event)

    def rebuild_log(self) -> None:
        self.steps.rebuild_log()

    def load_log(self, played: Sequence[tuple[int, ev.Event]]) -> None:
        self.steps.load_log(played)

    def ask_hint(self, seat: int) -> None:
        self.hints.ask(seat)

    def game_text(self) -> str:
        return self.computer_seat.game_text()

    def stop_computer(self) -> None:
        self.computer_seat.stop()

    computer_seats_kept = False
    """Given by a mode that never hands a computer seat to the person (the Journey): a failed computer
    player is started again and asked again after the message, its seat stays the computer's."""

    # ------------------------------------------------------------------ time
    def tick(self) -> None:
        """One 1/60 s tick: the steps being shown, the computer's answer, a hint."""
        self.messages.tick()
        phase = self.phase
        if phase == Phase.START:
            if not self.steps.setup_steps():
                self.begin_turn()
        elif phase == Phase.SHOW:
            self.steps.tick()
        elif phase == Phase.COMPUTER:
            self.computer_seat.step()
        elif phase == Phase.TURN and self.hint_waiting:
            self.hints.poll()

    @property
    def busy(self) -> bool:
        """Something moves or a computer works: the screen redraws every tick."""
        return self.phase in (Phase.START, Phase.SHOW, Phase.COMPUTER) or self.hint_waiting


__all__ = ["AI_SHOW_TICKS", "MESSAGE_TICKS", "Key", "Refusal", "TableController", "seat_name"]
