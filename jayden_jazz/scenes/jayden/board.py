"""Playing Jayden: the board scene.

The turn flow lives in the table (``tables/jayden/controller.py``): this
scene turns keys and the mouse into its commands for the side to act,
draws what it shows, and answers its notices with what only a screen has
-- sounds, messages, windows, the autosave and the statistics. A computer
side thinks in a worker process; its actions are shown one at a time so a
person can follow them, while the window keeps drawing and Esc keeps
working.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING, Callable

import pygame

from jayden_jazz import statistics
from jayden_jazz.jayden import START_JPN, Action, Position
from jayden_jazz.saves import jayden as jsave
from jayden_jazz.scenes.jayden import menus, players, saving, status
from jayden_jazz.scenes.jayden.panels import EndBar, LegendWindow, MoveListWindow
from jayden_jazz.scenes.jayden.render import (BOARD_H, COLS, ROWS, BoardRenderer, BoardView, cell_at, cell_of_square,
                                              square_of_cell)
from jayden_jazz.scenes.jayden.status import BLINK_TICKS, DOTS_TICKS
from jayden_jazz.scenes.windows import MessageWindow
from jayden_jazz.settings import animation_factor
from jayden_jazz.shell.input import Action as InputAction
from jayden_jazz.shell.input import Kind
from jayden_jazz.shell.scene import EVERY_TICK, PlayScene, soonest, ticks_to_next
from jayden_jazz.tables.jayden.clock import Clock
from jayden_jazz.tables.jayden.controller import JaydenController
from jayden_jazz.tables.jayden.names import SIDE_NAME, describe_result, other
from jayden_jazz.tables.jayden.rewind import take_back_refusal
from jayden_jazz.tables.jayden.steps import Motion
from jayden_jazz.tables.jayden.view import Brain, Event, Outcome, Request, refused
from jayden_jazz.tables.seats import MessageTimer

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView

MESSAGE_TICKS = 180
SOUND_BY_KIND = {"move": "move", "attack": "attack", "fire": "fire", "condition": "condition",
                 "deploy": "deploy"}


class JaydenScene(PlayScene):
    """The board on this screen, where the person at the keys plays whichever side is to act.

    ``table`` holds the game; the scene keeps only what a screen has: the
    Action Box, the turned board, the status lines, the message shown and
    the blink.
    """

    def __init__(self, app: AppView, game: jsave.JaydenGame | None = None, pos: Position | None = None, *,
                 brain: players.Brain | None = None, load: Path | None = None, clock: Clock | None = None) -> None:
        super().__init__(app)
        settings = app.settings
        if game is None:
            game = jsave.JaydenGame(start=START_JPN, actions=[],
                                    players={"g": {"kind": "human"}, "r": {"kind": "human"}},
                                    enhanced=settings["enhanced"], quiet_draw=settings["quiet_draw"])
        self.table = JaydenController(game, pos, brain=brain, make_brain=lambda: players.make_brain(),
                                      can_think=lambda: players.ai_available(), pace=lambda: self.speed,
                                      rng=random.Random(app.rng.random()), clock=clock)
        self.renderer = BoardRenderer(app.font)
        self.cursor = (9, ROWS - 2)
        self.flip = False
        self.turned = False                          # the player turned the board by key (Kind.FLIP)
        self.status_on = True
        self.ticks = 0
        self.messages = MessageTimer(MESSAGE_TICKS)
        self.refusal = False                         # the message shown is a refusal
        self.end_shown = False
        self.load_path = load                        # a save to open once on the stack
        self._turn_started()

    def enter(self) -> None:
        if self.load_path is not None:
            path, self.load_path = self.load_path, None
            self.load_from(path)

    def exit(self) -> None:
        self.table.close()

    # what the table holds, as the screen reads it ----------------------------------
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
        """Every refusal says why, in both modes; it stays until it is read or a legal action follows."""
        self.app.sound.play("refusal")
        self.say(text)
        self.refusal = True

    def _answer(self, out: Outcome) -> Outcome:
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
        """Show what the table has done since last asked: sounds, messages, windows, saves."""
        for n in self.table.take_notices():
            if n.event is Event.PLAYED and n.record is not None:
                self.app.sound.play(SOUND_BY_KIND.get(n.record.kind, "move"))
            elif n.event is Event.SAY:
                self.say(n.text)
            elif n.event is Event.TURN_ENDED:
                saving.autosave(self)
            elif n.event is Event.FINISHED and self.pos.result is not None:
                statistics.record_jayden_game(self.app, self.game, self.pos.result)
            elif n.event is Event.TURN_STARTED:
                if self.refusal:
                    self.messages.clear()     # a refusal never outlives the turn it was about
                self._turn_started()
            elif n.event is Event.ENDED:
                self.app.sound.play("game_end")
                self.show_end()
            elif n.event is Event.CHOSEN and n.action is not None:
                self.cursor = cell_of_square(n.action.dst, self.flip)
            elif n.event is Event.DRAW_OFFERED:
                self._draw_offered(n.side, computer=True)
            elif n.event is Event.COMPUTER_FAILED:
                self.stack.push(MessageWindow(self.app, "Computer player",
                                              f"The computer player failed ({n.text}). "
                                              f"{SIDE_NAME[n.side]} is now played by a human."))

    def _turn_started(self) -> None:
        """Turn the board for the side to act (hot seat), and put the Action Box
        on its Master, where play starts."""
        side = self.pos.side
        if not self.table.is_computer(side):
            self.set_flip((bool(self.app.settings["hot_seat"]) and side == "r") != self.turned)
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
        """The Action Button on a square: select, deselect, or act."""
        if self.table.step is not None:
            ending = self.table.skip()    # a press never waits for a picture
            self.follow()
            if ending:
                return                    # the end bar is up now
        if self.pos.result is not None:
            self.show_end()
            return
        out = self.table.press(self.pos.side, sq)
        if not out and self.table.computer_to_act():
            out = refused(out.reason + "; Esc opens the menu")     # where this screen's way out is
        if self._answer(out).done == "selected":
            self.app.sound.play("select")

    # time ----------------------------------------------------------------------------
    def update(self) -> None:
        self.ticks += 1
        self.messages.tick()
        self.table.tick()
        self.follow()

    def redraw_in(self) -> int | None:
        """Every tick while a piece moves or the computer acts; else at the next blink, dot or message end."""
        if self.table.step is not None or (self.table.computer_to_act() and self.request is None):
            return EVERY_TICK
        dots = ticks_to_next(self.ticks, DOTS_TICKS) if self.request == Request.TURN else None
        return soonest(ticks_to_next(self.ticks, BLINK_TICKS), self.messages.left or None, dots)

    # menu actions ----------------------------------------------------------
    def seat(self) -> str:
        """The side the person at the keys speaks for: the side to act, or the
        person's side while the computer acts."""
        side = self.pos.side
        return other(side) if self.table.is_computer(side) and not self.table.is_computer(other(side)) else side

    def open_menu(self) -> None:
        t, seat = self.table, self.seat()
        resign = t.resign_refusal(seat)
        why_not = {"hint": "Hints are for Enhanced mode (a game started with Enhanced on in Options)"
                   if not self.enhanced else resign and "A hint is for a person's turn, while the game goes on",
                   "undo": "Undo is for Enhanced mode (a game started with Enhanced on in Options)"
                   if not self.enhanced else "" if self.pos.history else "Nothing to undo yet",
                   "draw": resign.replace("resign", "offer a draw"), "resign": resign,
                   "takeback": take_back_refusal(t, other(self.pos.side))}
        if not resign and t.computer_to_act() and self.enhanced:
            why_not["hint"] = "A hint is for your own turn: the computer is acting"
        self.stack.push(menus.main_menu(self.app, why_not=why_not, on_choose=self.menu_choice))

    def menu_choice(self, choice: str) -> None:
        handler = {
            "resume": lambda: None,
            "moves": self.show_moves,
            "hint": self.ask_hint,
            "new": lambda: self.leave_game("start a new game", self.new_game),
            "save": lambda: saving.ask_save(self),
            "load": lambda: saving.ask_load(self),
            "draw": self.offer_draw,
            "resign": self.ask_resign,
            "undo": self.undo,
            "takeback": self.ask_take_back,
            "instructions": lambda: self._push("instructions"),
            "options": lambda: self._push("options"),
            "title": lambda: self.leave_game("quit to the title", self.to_title),
        }.get(choice)
        if handler:
            handler()

    def leave_game(self, what: str, then: Callable[[], object]) -> None:
        """Leaving a game under way asks first; No is the default."""
        if not self.in_progress():
            then()
            return

        def answer(yes: bool) -> None:
            if yes:
                then()

        self.stack.push(menus.yes_no(
            self.app, "Leave this game?",
            f"The game is not finished. {what.capitalize()} and leave it? {saving.kept_words(self)}",
            answer, yes=f"Yes, {what}", no="No, go on playing"))

    def show_moves(self) -> None:
        self.stack.push(MoveListWindow(self.app, self.table.records, on_pick=self.look_back,
                                       message=self.messages.last))

    def look_back(self, actions: int) -> None:
        """The position after the first ``actions`` actions, in the viewer; Esc comes back here."""
        self.stack.push(self.app.scene("jayden-replay", start=self.game.start, quiet_draw=self.game.quiet_draw,
                                       actions=[str(a) for a in self.pos.history], at=actions,
                                       enhanced=self.enhanced, flip=self.flip))

    def _push(self, name: str) -> None:
        self.stack.push(self.app.scene(name))

    def to_title(self) -> None:
        self.table.stop_thinking()
        self.app.back_to("menu")

    def new_game(self) -> None:
        self.table.stop_thinking()
        self.stack.replace(self.app.scene("jayden", players=dict(self.game.players)))

    def ask_hint(self) -> None:
        """The Hard level's turn from here, marked on the board (Enhanced)."""
        self._answer(self.table.ask_hint(self.pos.side))

    def undo(self) -> None:
        """Back to the start of the last human turn (Enhanced mode only)."""
        if self._answer(self.table.undo(self.pos.side)):
            self.end_shown = False

    def ask_take_back(self) -> None:
        """The side that played the last turn asks to take it back; the side to act answers."""
        asker, side = other(self.pos.side), self.pos.side

        def answer(yes: bool) -> None:
            if yes:
                self._answer(self.table.take_back(asker))
            else:
                self.say(f"{SIDE_NAME[side]} says no: play on")

        self.stack.push(menus.yes_no(self.app, "Take back?", f"{SIDE_NAME[asker]} asks to take back their last "
                                     f"turn. {SIDE_NAME[side]}, do you agree?", answer,
                                     yes=f"Yes, {SIDE_NAME[side]} agrees", no="No, play on"))

    def offer_draw(self) -> None:
        out = self._answer(self.table.offer_draw(self.seat()))
        if out.ask:
            self._draw_offered(self.seat(), computer=False)

    def _draw_offered(self, side: str, *, computer: bool) -> None:
        who = f"{SIDE_NAME[side]} (computer)" if computer else SIDE_NAME[side]
        self.stack.push(menus.yes_no(
            self.app, "Draw offered", f"{who} offers a draw. {SIDE_NAME[other(side)]}, do you accept?",
            lambda yes: self.answer_draw(other(side), yes), yes="Yes, accept the draw", no="No, play on"))

    def answer_draw(self, side: str, accepted: bool) -> None:
        self._answer(self.table.answer_draw(side, accepted))

    def ask_resign(self) -> None:
        side = self.seat()
        why = self.table.resign_refusal(side)
        if why:
            self.refuse(why)
            return
        self.stack.push(menus.yes_no(
            self.app, "Resign?", f"{SIDE_NAME[side]} gives up and {SIDE_NAME[other(side)]} wins the game.",
            lambda yes: self.resign(side) if yes else None, yes=f"Yes, {SIDE_NAME[side]} resigns",
            no="No, play on"))

    def resign(self, side: str) -> None:
        self._answer(self.table.resign(side))

    # saves -------------------------------------------------------------------
    def confirm_save(self, path: Path) -> None:
        saving.confirm_save(self, path)

    def save_to(self, path: Path) -> None:
        saving.save_to(self, path)

    def load_from(self, path: Path) -> None:
        saving.load_from(self, path)

    # end of game ---------------------------------------------------------------
    def show_end(self) -> None:
        head, text = describe_result(self.pos)
        self.end_shown = True
        self.stack.push(EndBar(self.app, head, text, self.end_choice))

    def end_choice(self, choice: str) -> None:
        if choice == "new":
            self.new_game()
        elif choice == "replay":
            self.stack.push(self.app.scene("jayden-replay", start=self.game.start,
                                           actions=[str(a) for a in self.pos.history],
                                           quiet_draw=self.game.quiet_draw, enhanced=self.enhanced, flip=self.flip))
        elif choice == "moves":
            self.show_moves()
        elif choice == "title":
            self.to_title()

    # drawing -------------------------------------------------------------------
    def alerts(self) -> list[tuple[str, int]]:
        return status.alerts(self)

    def notes(self) -> list[tuple[str, int]]:
        return status.notes(self)

    def key_guide(self) -> str:
        return status.key_guide(self)

    def view(self) -> BoardView:
        return status.board_view(self)

    def draw(self, surface: pygame.Surface) -> None:
        self.renderer.draw(surface, self.pos, self.view())
