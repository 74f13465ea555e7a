"""Playing Jayden: the board scene, one for a game on this machine and one played online.

The turn flow lives in the table (``tables/jayden/controller.py``): this
scene turns keys and the mouse into its commands, draws what it shows, and
answers its notices with what only a screen has -- sounds, messages and
windows. Who sits at the table is the ``seats``' business
(``seating.py``): :class:`~.local.LocalSeats` for a game on this machine
(the computer player, undo, saves, the autosave and statistics),
``RemoteSeats`` (``scenes/online/jayden.py``) for a game a server holds
(the client, the record followed action by action, presence, the
server's offers). The board asks the seats what a key may do and shows
the answer, so every key means the same at either table, and a key the
server forbids says why on the message line.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from jayden_jazz.jayden import Action, Position
from jayden_jazz.saves import jayden as jsave
from jayden_jazz.scenes.jayden import status
from jayden_jazz.scenes.jayden.local import LocalSeats
from jayden_jazz.scenes.jayden.panels import EndBar, LegendWindow, MoveListWindow
from jayden_jazz.scenes.jayden.render import (BOARD_H, COLS, ROWS, BoardRenderer, BoardView, cell_at, cell_of_square,
                                              square_of_cell)
from jayden_jazz.scenes.jayden.seating import Seats
from jayden_jazz.scenes.jayden.status import BLINK_TICKS, DOTS_TICKS
from jayden_jazz.settings import animation_factor
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.input import Action as InputAction
from jayden_jazz.shell.input import Kind
from jayden_jazz.shell.scene import EVERY_TICK, PlayScene, soonest, ticks_to_next
from jayden_jazz.tables.jayden.clock import Clock
from jayden_jazz.tables.jayden.controller import JaydenController
from jayden_jazz.tables.jayden.steps import Motion
from jayden_jazz.tables.jayden.view import Brain, Event, Outcome, Request
from jayden_jazz.tables.seats import MessageTimer

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.scenes.jayden import players
    from jayden_jazz.shell.appview import AppView

MESSAGE_TICKS = 180
SOUND_BY_KIND = {"move": "move", "attack": "attack", "fire": "fire", "condition": "condition",
                 "deploy": "deploy"}


class JaydenScene(PlayScene):
    """The board on this screen; ``seats`` say who acts and what each command may do.

    The seats hold the table (the game); the scene keeps only what a screen
    has: the Action Box, the turned board, the status lines, the message
    shown and the blink.
    """

    helper_attr = "_none"           # the seats close what they started (``exit``)

    def __init__(self, app: AppView, seats: Seats) -> None:
        super().__init__(app)
        self.seats = seats
        self.renderer = BoardRenderer(app.font)
        self.cursor = (9, ROWS - 2)
        self.flip = False
        self.turned = False                          # the player turned the board by key (Kind.FLIP)
        self.status_on = True
        self.ticks = 0
        self.messages = MessageTimer(MESSAGE_TICKS)
        self.refusal = False                         # the message shown is a refusal
        self.end_shown = False
        seats.attach(self)
        self._turn_started()

    def enter(self) -> None:
        self.seats.enter()

    def exit(self) -> None:
        self.seats.exit()

    # what the table holds, as the screen reads it ----------------------------------
    @property
    def table(self) -> JaydenController:
        return self.seats.table

    @property
    def game(self) -> jsave.JaydenGame:
        return self.table.game

    @property
    def pos(self) -> Position:
        return self.table.pos

    @property
    def brain(self) -> Brain | None:
        return self.table.brain

    @property
    def selected(self) -> int | None:
        return self.table.selected

    @property
    def targets(self) -> dict[int, Action]:
        return self.table.targets

    @property
    def hint(self) -> list[Action]:
        return self.table.hint

    @property
    def motion(self) -> Motion | None:
        return self.table.step

    @property
    def pending_end(self) -> bool:
        return self.table.pending_end

    @property
    def request(self) -> Request | None:
        """What the computer player is working out now (turn, hint, accept, offer), or None."""
        return self.table.request

    @property
    def enhanced(self) -> bool:
        return self.table.enhanced

    @property
    def speed(self) -> float:
        return animation_factor(self.app.settings["animation"])

    @property
    def message(self) -> str:
        return self.messages.text

    def in_progress(self) -> bool:
        return self.table.in_progress()

    def say(self, text: str) -> None:
        self.messages.say(text, MESSAGE_TICKS + len(text) * 2)
        self.refusal = False

    def refuse(self, text: str) -> None:
        """Every refusal says why, at either table; it stays until it is read or a legal action follows."""
        self.app.sound.play("refusal")
        self.say(text)
        self.refusal = True

    def answer(self, out: Outcome) -> Outcome:
        """A command's refusal is said, and a command done clears an earlier
        refusal (it no longer applies); what it set off is shown."""
        if not out.ok:
            self.refuse(out.reason)
        elif self.refusal:
            self.messages.clear()
            self.refusal = False
        self.follow()
        return out

    def pause(self) -> None:
        """A window opens over the board: the message on the status line is done with."""
        self.messages.clear()

    def follow(self) -> None:
        """Show what the table has done since last asked: sounds, messages, the turned board; the
        rest (saves, statistics, windows) is the seats' to answer."""
        for n in self.table.take_notices():
            if n.event is Event.PLAYED and n.record is not None:
                self.app.sound.play(SOUND_BY_KIND.get(n.record.kind, "move"))
            elif n.event is Event.SAY:
                self.say(n.text)
            elif n.event is Event.TURN_STARTED:
                if self.refusal:
                    self.messages.clear()     # a refusal never outlives the turn it was about
                self._turn_started()
            elif n.event is Event.CHOSEN and n.action is not None:
                self.cursor = cell_of_square(n.action.dst, self.flip)
            else:
                self.seats.noticed(n)

    def _turn_started(self) -> None:
        """Turn the board the way the seats face it, and put the Action Box on the
        acting side's Master, where play starts."""
        side = self.pos.side
        red = self.seats.faces_red(side)
        if red is not None:
            self.set_flip(red != self.turned)
        for sq in range(COLS * ROWS):
            if self.pos.piece_at(sq) == ("M", side):
                self.cursor = cell_of_square(sq, self.flip)
                return

    def set_flip(self, flip: bool) -> None:
        """Turn the board, keeping the Action Box on its square."""
        if flip != self.flip:
            c, r = self.cursor
            self.cursor = (COLS - 1 - c, ROWS - 1 - r)
            self.flip = flip

    def cursor_square(self) -> int:
        return square_of_cell(*self.cursor, self.flip)

    # input -----------------------------------------------------------------
    def handle(self, action: InputAction) -> None:
        k = action.kind
        if k == Kind.BACK:
            self.open_menu()
        elif k == Kind.MOVE:
            c, r = self.cursor
            self.cursor = (min(max(c + action.dx, 0), COLS - 1), min(max(r + action.dy, 0), ROWS - 1))
        elif action.pos is not None and action.pos[1] >= BOARD_H and k in (Kind.POINT, Kind.ACTION):
            return                        # the status lines are not part of the board
        elif k == Kind.POINT and action.pos is not None:
            self.cursor = cell_at(action.pos)
        elif k == Kind.ACTION:
            if action.pos is not None:
                self.cursor = cell_at(action.pos)
            self.press(self.cursor_square())
        elif k == Kind.ALT:
            self.status_on = not self.status_on
        elif k == Kind.UNDO:
            self.undo()
        elif k == Kind.HINT:
            self.ask_hint()
        elif k == Kind.LOG:
            self.show_moves()
        elif k == Kind.FLIP:
            self.turned = not self.turned
            self.set_flip(not self.flip)
        elif k == Kind.LEGEND:
            self.stack.push(LegendWindow(self.app, self.renderer))

    def press(self, sq: int) -> None:
        """The Action Button on a square: select, deselect, or act (as the seats allow)."""
        if not self.seats.catch_up():
            return                        # the end bar is up now
        if self.seats.over():
            self.show_end()
            return
        why = self.seats.why_not_act()
        out = self.seats.act(sq) if not why else Outcome(False, reason=why)
        if self.answer(out).done in ("selected", "sent"):
            self.app.sound.play("select")

    # time ----------------------------------------------------------------------------
    def update(self) -> None:
        self.ticks += 1
        self.messages.tick()
        self.seats.update()
        self.table.tick()
        self.seats.after_tick()
        self.follow()

    def redraw_in(self) -> int | None:
        """Every tick while a piece moves or the computer acts; else at the next blink, dot or message end."""
        if self.table.step is not None or (self.table.computer_to_act() and self.request is None) \
                or self.seats.busy():
            return EVERY_TICK
        dots = ticks_to_next(self.ticks, DOTS_TICKS) if self.request == Request.TURN else None
        return soonest(ticks_to_next(self.ticks, BLINK_TICKS), self.messages.left or None, dots,
                       self.seats.redraw_in())

    # the menu and the windows --------------------------------------------------------
    def open_menu(self) -> None:
        self.stack.push(self.seats.menu())

    def menu_choice(self, choice: Any) -> None:
        """A choice of the menu or the end bar: the board's own, else the seats'."""
        handler = {
            "resume": lambda: None,
            "look": lambda: None,
            "moves": self.show_moves,
            "hint": self.ask_hint,
            "undo": self.undo,
            "replay": self.watch_replay,
            "instructions": lambda: self._push("instructions"),
            "options": lambda: self._push("options"),
        }.get(choice) if isinstance(choice, str) else None
        if handler:
            handler()
        else:
            self.seats.choose(choice)

    def show_moves(self) -> None:
        self.stack.push(MoveListWindow(self.app, self.table.records, on_pick=self.look_back,
                                       names=self.seats.names(), message=self.messages.last))

    def look_back(self, actions: int) -> None:
        """The position after the first ``actions`` actions, in the viewer; Esc comes back here."""
        self.stack.push(self.app.scene("jayden-replay", start=self.game.start, quiet_draw=self.game.quiet_draw,
                                       actions=[str(a) for a in self.pos.history], at=actions,
                                       enhanced=self.enhanced, flip=self.flip))

    def watch_replay(self) -> None:
        self.stack.push(self.app.scene("jayden-replay", start=self.game.start,
                                       actions=[str(a) for a in self.pos.history],
                                       quiet_draw=self.game.quiet_draw, enhanced=self.enhanced, flip=self.flip))

    def _push(self, name: str) -> None:
        self.stack.push(self.app.scene(name))

    def ask_hint(self) -> None:
        """The Hard level's turn from here, marked on the board (where the game allows hints)."""
        self.answer(self.seats.hint())

    def undo(self) -> None:
        """Back to the start of the last human turn (where the game allows it)."""
        if self.answer(self.seats.undo()):
            self.end_shown = False

    def show_end(self) -> None:
        head, text = self.seats.end_words()
        items, default = self.seats.end_items()
        self.end_shown = True
        self.stack.push(EndBar(self.app, head, text, self.menu_choice, items=items, index=default))

    # drawing -------------------------------------------------------------------
    def alerts(self) -> list[tuple[str, int]]:
        return status.alerts(self) if self.seats.warnings else []

    def notes(self) -> list[tuple[str, int]]:
        return self.seats.notes()

    def key_guide(self) -> str:
        return status.key_guide(self)

    def view(self) -> BoardView:
        return status.board_view(self)

    def draw(self, surface: pygame.Surface) -> None:
        waiting = self.seats.waiting()
        if waiting:
            surface.fill(P.BLACK)
            self.app.font.draw_centered(surface, waiting, 320, 160, P.WHITE)
            return
        self.renderer.draw(surface, self.pos, self.view())


def local_board(app: AppView, game: jsave.JaydenGame | None = None, pos: Position | None = None, *,
                brain: players.Brain | None = None, load: Path | None = None,
                clock: Clock | None = None) -> JaydenScene:
    """The board for a game on this machine (``jayden-board``): a new game when none is given,
    ``load`` a save to open once on the stack."""
    return JaydenScene(app, LocalSeats(app, game, pos, brain=brain, load=load, clock=clock))
