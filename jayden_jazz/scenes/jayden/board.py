"""Playing Jayden: the board scene.

Input becomes engine calls; the engine decides what is legal. A computer
side thinks in a worker process, and its actions are then shown one at a
time so a person can follow them, while the window keeps drawing and Esc
keeps working.
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from jayden_jazz import statistics  # [card-saves hook]
from jayden_jazz.ai.worker import AIWorker
from jayden_jazz.jayden import START_JPN, Action, Position
from jayden_jazz.saves import jayden as jsave
from jayden_jazz.saves.store import SaveError
from jayden_jazz.scenes.jayden import menus, players
from jayden_jazz.scenes.jayden.render import (COLS, PIECE_NAME, ROWS, SIDE_NAME, BoardRenderer, BoardView,
                                              cell_at, cell_of_square, square_of_cell)
from jayden_jazz.scenes.windows import MessageWindow
from jayden_jazz.shell.input import Action as InputAction
from jayden_jazz.shell.input import Kind
from jayden_jazz.shell.scene import PlayScene

AI_STEP_TICKS = 36        # pause between a computer's actions (0.6 s)
AI_SELECT_TICKS = 18      # how long the computer's chosen piece is shown selected
MESSAGE_TICKS = 150
DRAW_OFFER_QUIET = 60     # the computer considers offering a draw after this many quiet actions
DRAW_OFFER_EVERY = 15     # ... and asks again at most every this many turns
REASON_TEXT = {
    "master_taken": "the enemy Master was destroyed",
    "master_conditioned": "the enemy Master was conditioned",
    "forfeit": "the other side could not complete a turn and forfeits",
    "quiet_draw": "200 actions passed without a capture",
    "agreed_draw": "both sides agreed to a draw",
}


def describe_result(pos: Position) -> tuple[str, str]:
    res = pos.result
    if res is None:
        return "", ""
    why = REASON_TEXT.get(res.reason, res.reason)
    if res.winner is None:
        return "Draw", f"The game is drawn: {why}."
    return f"{SIDE_NAME[res.winner]} wins", f"{SIDE_NAME[res.winner]} wins: {why}."


class JaydenScene(PlayScene):
    def __init__(self, app: Any, game: jsave.JaydenGame | None = None, pos: Position | None = None) -> None:
        super().__init__(app)
        settings = app.settings
        if game is None:
            game = jsave.JaydenGame(start=START_JPN, actions=[],
                                    players={"g": {"kind": "human"}, "r": {"kind": "human"}},
                                    enhanced=settings["enhanced"], quiet_draw=settings["quiet_draw"])
        self.game = game
        self.pos = pos if pos is not None else game.position()
        self.renderer = BoardRenderer(app.font)
        self.cursor = (9, ROWS - 2)
        self.selected: int | None = None
        self.targets: dict[int, Action] = {}
        self.status_on = True
        self.ticks = 0
        self.message = ""
        self.message_ticks = 0
        self.worker: AIWorker | None = None
        self.ai_queue: list[str] = []
        self.ai_wait = 0
        self.ai_error = ""
        self.last: tuple[int, ...] = ()
        self.end_shown = False
        self.request: str | None = None          # what the worker is computing: turn/accept/offer
        self.draw_asked_of: str | None = None
        self.no_offer_before = 0
        self.rng = random.Random(app.rng.random())
        self._move_cursor_to_side()

    # helpers ---------------------------------------------------------------
    @property
    def enhanced(self) -> bool:
        return self.game.enhanced

    def player(self, side: str) -> dict[str, Any]:
        return self.game.players.get(side) or {"kind": "human"}

    def computer_to_act(self) -> bool:
        return self.pos.result is None and players.is_computer(self.player(self.pos.side))

    def say(self, text: str) -> None:
        self.message, self.message_ticks = text, MESSAGE_TICKS

    def _move_cursor_to_side(self) -> None:
        """Put the Action Box on the acting side's Master, where play starts."""
        for sq in range(COLS * ROWS):
            p = self.pos.piece_at(sq)
            if p == ("M", self.pos.side):
                self.cursor = cell_of_square(sq)
                return

    def deselect(self) -> None:
        self.selected = None
        self.targets = {}

    def select(self, sq: int) -> bool:
        acts = self.pos.legal_actions_from(sq)
        if not acts:
            return False
        self.selected = sq
        self.targets = {a.dst: a for a in acts}
        return True

    # input -----------------------------------------------------------------
    def handle(self, action: InputAction) -> None:
        k = action.kind
        if k == Kind.BACK:
            self.open_menu()
        elif k == Kind.MOVE:
            c, r = self.cursor
            self.cursor = (min(max(c + action.dx, 0), COLS - 1), min(max(r + action.dy, 0), ROWS - 1))
        elif k == Kind.POINT and action.pos is not None:
            self.cursor = cell_at(action.pos)
        elif k == Kind.ACTION:
            if action.pos is not None:
                self.cursor = cell_at(action.pos)
            self.press(square_of_cell(*self.cursor))
        elif k == Kind.ALT:
            self.status_on = not self.status_on
        elif k == Kind.KEY and action.key == "u":
            self.undo()

    def press(self, sq: int) -> None:
        """The Action Button on a square: select, deselect, or act."""
        if self.pos.result is not None:
            self.show_end()
            return
        if self.computer_to_act():
            self.app.sound.play("illegal")
            self.say("The computer is thinking (Esc for the menu)")
            return
        if self.selected is None:
            if self.select(sq):
                self.app.sound.play("select")
            else:
                self._illegal(sq)
            return
        if sq == self.selected:
            self.deselect()
            return
        act = self.targets.get(sq)
        if act is not None:
            self.deselect()
            self.play(act)
            return
        piece = self.pos.piece_at(sq)
        if piece is not None and piece[1] == self.pos.side and self.select(sq):
            self.app.sound.play("select")
            return
        self._illegal(sq)

    def _illegal(self, sq: int) -> None:
        self.app.sound.play("illegal")
        piece = self.pos.piece_at(sq)
        if self.selected is None and piece is not None and piece[1] == self.pos.side:
            if piece[0] == "M" and self.pos.acted is not None:
                self.say("The Master cannot act after another piece has acted")
            elif self.pos.acted == sq:
                self.say("This piece has already acted this turn")
            else:
                self.say(f"This {PIECE_NAME[piece[0]]} has no legal action now")

    def play(self, act: Action) -> None:
        before_side, before_turn = self.pos.side, self.pos.turn
        kind = act.kind
        self.pos.push(act)
        self.game.actions = [str(a) for a in self.pos.history]
        self.last = (act.src, act.dst)
        self.app.sound.play("capture" if kind in ("attack", "fire", "condition") else "move")
        turn_over = self.pos.side != before_side or self.pos.turn != before_turn or self.pos.result is not None
        if turn_over:
            self.autosave()
        if self.pos.result is not None:
            self.app.sound.play("victory")
            statistics.record_jayden_game(self.app, self.game, self.pos.result)  # [card-saves hook]
            self.show_end()
        elif turn_over:
            self._move_cursor_to_side()

    # computer ------------------------------------------------------------
    def _worker(self) -> AIWorker:
        if self.worker is None:
            self.worker = AIWorker()
        return self.worker

    def _ask(self, request: str, function: str, *args: Any, **kwargs: Any) -> None:
        self.request = request
        self._worker().submit(f"{players.AI_MODULE}:{function}", *args, **kwargs)

    def update(self) -> None:
        self.ticks += 1
        if self.message_ticks:
            self.message_ticks -= 1
            if not self.message_ticks:
                self.message = ""
        if self.request is not None:
            self._poll_ai()
            return
        if not self.computer_to_act():
            return
        if self.ai_queue:
            self._step_ai_queue()
            return
        side = self.pos.side
        level = self.player(side).get("level", "normal")
        other = "r" if side == "g" else "g"
        if (self.pos.acted is None and self.pos.quiet >= DRAW_OFFER_QUIET
                and not players.is_computer(self.player(other))
                and self.pos.turn >= self.no_offer_before):
            self.no_offer_before = self.pos.turn + DRAW_OFFER_EVERY
            self._ask("offer", "wants_draw", self.pos.jpn(), level)
            return
        self._ask("turn", "choose_turn", self.pos.jpn(), level, self.rng.randrange(2**31),
                  quiet_draw=self.game.quiet_draw)

    def _poll_ai(self) -> None:
        reply = self._worker().poll()
        if reply is None:
            return
        request, self.request = self.request, None
        if not reply.ok:
            self._ai_failed(str(reply.value))
            return
        if request == "turn":
            if not reply.value:
                self._ai_failed("it returned no action")
                return
            self.ai_queue = list(reply.value)
            self.ai_wait = AI_SELECT_TICKS
        elif request == "accept":
            self._draw_answer(bool(reply.value), self.draw_asked_of or "r")
        elif request == "offer" and reply.value:
            side = self.pos.side
            other = "r" if side == "g" else "g"
            self.stack.push(menus.yes_no(
                self.app, "Draw offered",
                f"{SIDE_NAME[side]} (computer) offers a draw. {SIDE_NAME[other]}, do you accept?",
                lambda yes: self._draw_answer(yes, other)))

    def _ai_failed(self, error: str) -> None:
        self.ai_error = error[-300:]
        side = self.pos.side
        self.game.players[side] = {"kind": "human"}
        lines = self.ai_error.strip().splitlines() or ["unknown error"]
        self.stack.push(MessageWindow(self.app, "Computer player",
                                      f"The computer player failed ({lines[-1]}). "
                                      f"{SIDE_NAME[side]} is now played by a human."))

    def _step_ai_queue(self) -> None:
        text = self.ai_queue[0]
        act = Action.from_text(text)
        if self.selected is None:
            self.selected = act.src
            self.targets = {}
            self.cursor = cell_of_square(act.dst)
        self.ai_wait -= 1
        if self.ai_wait > 0:
            return
        self.ai_queue.pop(0)
        self.deselect()
        if not self.pos.is_legal(act):
            self.ai_queue.clear()
            self.say(f"Computer chose an illegal action {text}; asking again")
            return
        self.play(act)
        self.ai_wait = AI_SELECT_TICKS + AI_STEP_TICKS // 2

    def stop_ai(self) -> None:
        self.ai_queue.clear()
        self.request = None
        if self.worker is not None and self.worker.busy:
            self.worker.cancel()

    # menu actions ----------------------------------------------------------
    def open_menu(self) -> None:
        can_offer = self.pos.result is None and not self.computer_to_act()
        self.stack.push(menus.main_menu(self.app, enhanced=self.enhanced, can_undo=bool(self.pos.history),
                                        can_offer=can_offer, on_choose=self.menu_choice))

    def menu_choice(self, choice: str) -> None:
        handler = {
            "resume": lambda: None,
            "new": self.new_game,
            "save": self.ask_save,
            "load": self.ask_load,
            "draw": self.offer_draw,
            "undo": self.undo,
            "instructions": lambda: self._push("instructions"),
            "options": lambda: self._push("options"),
            "title": self.to_title,
        }.get(choice)
        if handler:
            handler()

    def _push(self, name: str) -> None:
        from jayden_jazz.scenes.registry import make_scene

        self.stack.push(make_scene(name, self.app))

    def to_title(self) -> None:
        from jayden_jazz.scenes.title import TitleScene

        self.stop_ai()
        self.stack.pop_to(TitleScene)

    def new_game(self) -> None:
        from jayden_jazz.scenes.jayden.setup import JaydenSetupScene

        self.stop_ai()
        self.stack.replace(JaydenSetupScene(self.app, players=dict(self.game.players)))

    def undo(self) -> None:
        """Back to the start of the last human turn (Enhanced mode only)."""
        if not self.enhanced or not self.pos.history:
            self.app.sound.play("illegal")
            return
        self.stop_ai()
        self.deselect()
        self.pos.pop()
        while self.pos.history and (self.pos.acted is not None or self.computer_to_act()):
            self.pos.pop()
        self.game.actions = [str(a) for a in self.pos.history]
        self.game.result = None
        self.end_shown = False
        self.last = ()
        self.say("Undone")
        self._move_cursor_to_side()

    def offer_draw(self) -> None:
        side = self.pos.side
        other = "r" if side == "g" else "g"
        if players.is_computer(self.player(other)):
            self.draw_asked_of = other
            self.say(f"{SIDE_NAME[other]} (computer) considers the offer")
            self._ask("accept", "accepts_draw", self.pos.jpn(), self.player(other).get("level", "normal"))
        else:
            self.stack.push(menus.yes_no(
                self.app, "Draw offered",
                f"{SIDE_NAME[side]} offers a draw. {SIDE_NAME[other]}, do you accept?",
                lambda yes: self._draw_answer(yes, other)))

    def _draw_answer(self, accepted: bool, who: str) -> None:
        if accepted:
            self.pos.agree_draw()
            self.game.result = {"winner": None, "reason": "agreed_draw"}
            self.autosave()
            statistics.record_jayden_game(self.app, self.game, self.pos.result)  # [card-saves hook]
            self.show_end()
        else:
            self.say(f"{SIDE_NAME[who]} declines the draw")

    # saves -------------------------------------------------------------------
    @property
    def save_dir(self):
        return self.app.dirs.saves

    def autosave(self) -> None:
        try:
            jsave.save(jsave.slot_path(self.save_dir, "autosave"), self.game, self.pos)
        except OSError as e:
            self.say(f"Autosave failed: {e.strerror or e}")

    def ask_save(self) -> None:
        self.stack.push(menus.slot_window(self.app, "Save game", self.save_dir, include_autosave=False,
                                          on_choose=self.confirm_save))

    def confirm_save(self, path) -> None:
        """Never replace an earlier save without asking."""
        if not path.exists():
            self.save_to(path)
            return
        self.stack.push(menus.yes_no(self.app, "Overwrite?", f"Replace the game saved in {path.name}?",
                                     lambda yes: self.save_to(path) if yes else None))

    def save_to(self, path) -> None:
        try:
            jsave.save(path, self.game, self.pos)
        except OSError as e:
            self.stack.push(MessageWindow(self.app, "Save failed", f"Could not write {path}: {e.strerror or e}"))
            return
        self.say(f"Saved to {path.name}")

    def ask_load(self) -> None:
        self.stack.push(menus.slot_window(self.app, "Load game", self.save_dir, include_autosave=True,
                                          on_choose=self.load_from))

    def load_from(self, path) -> None:
        try:
            game, pos = jsave.load(path)
        except SaveError as e:
            self.stack.push(MessageWindow(self.app, "Save file refused",
                                          f"{e.path}\n\n{e.problem}\n\nThe file was not changed; "
                                          "the current game goes on."))
            self.app.sound.play("illegal")
            return
        self.stop_ai()
        self.game, self.pos = game, pos
        self.deselect()
        self.end_shown = False
        self.last = ()
        self.say(f"Loaded {path.name}")
        self._move_cursor_to_side()
        if pos.result is not None:
            self.show_end()

    # end of game ---------------------------------------------------------------
    def show_end(self) -> None:
        head, text = describe_result(self.pos)
        self.end_shown = True
        self.stack.push(menus.end_window(self.app, head, text, self.end_choice))

    def end_choice(self, choice: str) -> None:
        if choice == "new":
            self.new_game()
        elif choice == "replay":
            from jayden_jazz.scenes.jayden.replay import ReplayScene

            self.stack.push(ReplayScene(self.app, self.game.start, [str(a) for a in self.pos.history],
                                        quiet_draw=self.game.quiet_draw))
        elif choice == "title":
            self.to_title()

    # drawing -------------------------------------------------------------------
    def view(self) -> BoardView:
        targets: dict[int, str] = {}
        costs: dict[int, int] = {}
        if self.enhanced and self.selected is not None:
            for dst, a in self.targets.items():
                targets[dst] = a.kind
                if a.kind == "fire":
                    sc, sr = cell_of_square(a.src)
                    dc, dr = cell_of_square(a.dst)
                    costs[dst] = max(abs(sc - dc), abs(sr - dr))
        msg = self.message
        if not msg and self.request == "turn":
            msg = f"{SIDE_NAME[self.pos.side]} (computer) is thinking" + "." * (1 + self.ticks // 20 % 3)
        return BoardView(cursor=self.cursor, selected=self.selected, targets=targets, costs=costs,
                         status=self.status_on, blink=(self.ticks // 15) % 2 == 0, last=self.last,
                         message=msg)

    def draw(self, surface: pygame.Surface) -> None:
        self.renderer.draw(surface, self.pos, self.view())
