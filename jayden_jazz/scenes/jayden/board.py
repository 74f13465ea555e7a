"""Playing Jayden: the board scene.

Input becomes engine calls; the engine decides what is legal and says why
not. A computer side thinks in a worker process, and its actions are then
shown one at a time so a person can follow them, while the window keeps
drawing and Esc keeps working.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import pygame

from jayden_jazz import statistics  # [card-saves hook]
from jayden_jazz.jayden import START_JPN, Action, Position, square_name
from jayden_jazz.saves import jayden as jsave
from jayden_jazz.saves.store import SaveError
from jayden_jazz.scenes.jayden import menus, motion, moves, players
from jayden_jazz.scenes.jayden.names import PIECE_NAME, SIDE_NAME, other
from jayden_jazz.scenes.jayden.panels import EndBar, MoveListWindow
from jayden_jazz.scenes.jayden.render import (BOARD_H, COLS, ROWS, RESULT_WORDS, BoardRenderer, BoardView, cell_at,
                                              cell_of_square, square_of_cell)
from jayden_jazz.scenes.seats import ComputerTurn, MessageTimer, paced
from jayden_jazz.scenes.windows import MessageWindow
from jayden_jazz.settings import animation_factor
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.input import Action as InputAction
from jayden_jazz.shell.input import Kind
from jayden_jazz.shell.scene import EVERY_TICK, PlayScene, soonest, ticks_to_next

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.ai.worker import Reply
    from jayden_jazz.shell.appview import AppView

AI_STEP_TICKS = 36        # pause between a computer's actions (0.6 s at normal speed)
AI_SELECT_TICKS = 18      # how long the computer's chosen piece is shown selected
MESSAGE_TICKS = 180
BLINK_TICKS = 15          # the Action Box blinks twice a second
DOTS_TICKS = 20           # the computer's "thinking..." dots
DRAW_OFFER_QUIET = 60     # the computer considers offering a draw after this many quiet actions
DRAW_OFFER_EVERY = 15     # ... and asks again at most every this many turns
HINT_LEVEL = "hard"
SOUND_BY_KIND = {"move": "move", "attack": "attack", "fire": "fire", "condition": "condition",
                 "deploy": "deploy"}


def describe_result(pos: Position) -> tuple[str, str]:
    res = pos.result
    if res is None:
        return "", ""
    why = RESULT_WORDS.get(res.reason, res.reason)
    if res.reason == "forfeit" and res.winner is not None:
        why = f"{SIDE_NAME[other(res.winner)]} could not complete a turn and forfeits"
    elif res.reason == "resigned" and res.winner is not None:
        why = f"{SIDE_NAME[other(res.winner)]} resigned"
    if res.winner is None:
        return "Draw", f"The game is drawn: {why}."
    return f"{SIDE_NAME[res.winner]} wins", f"{SIDE_NAME[res.winner]} wins: {why}."


class JaydenScene(PlayScene):
    helper_attr = "brain"

    def __init__(self, app: AppView, game: jsave.JaydenGame | None = None, pos: Position | None = None, *,
                 brain: players.Brain | None = None, load: Path | None = None) -> None:
        super().__init__(app)
        settings = app.settings
        if game is None:
            game = jsave.JaydenGame(start=START_JPN, actions=[],
                                    players={"g": {"kind": "human"}, "r": {"kind": "human"}},
                                    enhanced=settings["enhanced"], quiet_draw=settings["quiet_draw"])
        self.game = game
        self.pos = pos if pos is not None else game.position()
        self.records = moves.replay(game.start, self.pos.history, game.quiet_draw)
        self.renderer = BoardRenderer(app.font)
        self.cursor = (9, ROWS - 2)
        self.flip = False
        self.selected: int | None = None
        self.targets: dict[int, Action] = {}
        self.status_on = True
        self.ticks = 0
        self.messages = MessageTimer(MESSAGE_TICKS)
        self.brain = brain
        self.computer = ComputerTurn(several=True)   # a computer side's turn: both actions, one at a time
        self.side_request: str | None = None         # another question out: hint, accept or offer
        self.ai_error = ""
        self.motion: motion.Motion | None = None
        self.pending_end = False
        self.end_shown = False
        self.hint: list[Action] = []
        self.hint_key: int | None = None
        self.draw_asked_of: str | None = None
        self.no_offer_before = 0
        self._threats: tuple[int, list[int]] = (-1, [])
        self.rng = random.Random(app.rng.random())
        self.load_path = load                        # a save to open once on the stack
        self._turn_started()

    def enter(self) -> None:
        if self.load_path is not None:
            path, self.load_path = self.load_path, None
            self.load_from(path)

    # helpers ---------------------------------------------------------------
    @property
    def enhanced(self) -> bool:
        return self.game.enhanced

    @property
    def speed(self) -> float:
        return animation_factor(self.app.settings["animation"])

    def player(self, side: str) -> dict[str, Any]:
        return self.game.players.get(side) or {"kind": "human"}

    def computer_to_act(self) -> bool:
        return self.pos.result is None and players.is_computer(self.player(self.pos.side))

    def in_progress(self) -> bool:
        """A game someone would lose by leaving: begun and not finished."""
        return self.pos.result is None and bool(self.pos.history)

    @property
    def message(self) -> str:
        return self.messages.text

    @property
    def request(self) -> str | None:
        """What the computer player is working out now: turn, hint, accept, offer, or None."""
        return "turn" if self.computer.asked else self.side_request

    def say(self, text: str) -> None:
        self.messages.say(text, MESSAGE_TICKS + len(text) * 2)

    def refuse(self, text: str) -> None:
        """Every refusal says why, in both modes."""
        self.app.sound.play("refusal")
        self.say(text)

    def _turn_started(self) -> None:
        """Turn the board for the side to act (hot seat), and put the Action Box
        on its Master, where play starts."""
        side = self.pos.side
        if not players.is_computer(self.player(side)):
            flip = bool(self.app.settings["hot_seat"]) and side == "r"
            if flip != self.flip:
                c, r = self.cursor
                self.cursor = (COLS - 1 - c, ROWS - 1 - r)
                self.flip = flip
        for sq in range(COLS * ROWS):
            if self.pos.piece_at(sq) == ("M", side):
                self.cursor = cell_of_square(sq, self.flip)
                return

    def cursor_square(self) -> int:
        return square_of_cell(*self.cursor, self.flip)

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

    def threats(self) -> list[int]:
        """Enemy pieces that could take the acting side's Master next turn
        (Enhanced, for a human side only); worked out once per position."""
        if not self.enhanced or self.pos.result is not None or self.computer_to_act():
            return []
        key = self.pos.key()
        if self._threats[0] != key:
            self._threats = (key, self.pos.master_threats(self.pos.side))
        return self._threats[1]

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

    def press(self, sq: int) -> None:
        """The Action Button on a square: select, deselect, or act."""
        if self.motion is not None:
            self.motion.finish()          # a press never waits for a picture
            ending = self.pending_end
            self._motion_done()
            if ending:
                return                    # the end bar is up now
        if self.pos.result is not None:
            self.show_end()
            return
        if self.computer_to_act():
            self.refuse(f"{SIDE_NAME[self.pos.side]} (computer) is to act; Esc opens the menu")
            return
        if self.selected is None:
            if self.select(sq):
                self.app.sound.play("select")
            else:
                self._cannot_act(sq)
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
        if piece is not None and piece[1] == self.pos.side:
            if self.select(sq):
                self.app.sound.play("select")
            else:
                self._cannot_act(sq)
            return
        src = self.selected
        mover = self.pos.piece_at(src)
        reason = self.pos.why_illegal(self.pos.intended_action(src, sq))
        name = PIECE_NAME[mover[0]] if mover else "Piece"
        self.refuse(f"{name} {square_name(src)} to {square_name(sq)}: {reason}")

    def _cannot_act(self, sq: int) -> None:
        piece = self.pos.piece_at(sq)
        if piece is None:
            self.refuse(f"{square_name(sq)} is empty: choose one of {SIDE_NAME[self.pos.side]}'s pieces")
            return
        if piece[1] != self.pos.side:
            me = SIDE_NAME[self.pos.side]
            self.refuse(f"The {PIECE_NAME[piece[0]]} on {square_name(sq)} is {SIDE_NAME[piece[1]]}'s; "
                        f"{me} is to act: choose one of {me}'s pieces")
            return
        reason = self.pos.why_no_action(sq) or "it has no legal action now"
        self.refuse(f"{PIECE_NAME[piece[0]]} {square_name(sq)} cannot act: {reason}")

    def play(self, act: Action) -> None:
        before_side, before_turn = self.pos.side, self.pos.turn
        record = moves.before(self.pos, act)
        self.pos.push(act)
        record = moves.after(record, self.pos)
        self.records.append(record)
        self.game.actions = [str(a) for a in self.pos.history]
        # Following a hint keeps its second action marked; anything else drops it.
        self.hint = self.hint[1:] if self.hint and self.hint[0] == act and self.pos.side == before_side else []
        res = self.pos.result
        master_taken = res is not None and res.reason in ("master_taken", "master_conditioned")
        self.motion = motion.for_action(record, self.speed, master_taken)
        self.app.sound.play(SOUND_BY_KIND.get(record.kind, "move"))
        turn_over = self.pos.side != before_side or self.pos.turn != before_turn or res is not None
        if turn_over:
            self.autosave()
        if res is not None:
            statistics.record_jayden_game(self.app, self.game, res)  # [card-saves hook]
            if master_taken and res.winner is not None:
                self.say(f"The {SIDE_NAME[other(res.winner)]} Master is "
                         f"{'conditioned' if res.reason == 'master_conditioned' else 'destroyed'}!")
            self.pending_end = True
            if self.motion is None:
                self._motion_done()
        elif turn_over:
            self._turn_started()

    def _motion_done(self) -> None:
        self.motion = None
        if self.pending_end:
            self.pending_end = False
            self.app.sound.play("game_end")
            self.show_end()

    # computer ------------------------------------------------------------
    def _brain(self) -> players.Brain:
        if self.brain is None:
            self.brain = players.make_brain()
        return self.brain

    def update(self) -> None:
        self.ticks += 1
        self.messages.tick()
        if self.motion is not None:
            self.motion.advance()
            if self.motion.done:
                self._motion_done()
            return
        if self.side_request is not None:
            self._poll_side()
            return
        if not self.computer_to_act():
            return
        side = self.pos.side
        level = str(self.player(side).get("level", "normal"))
        if (not self.computer.busy and self.pos.acted is None and self.pos.quiet >= DRAW_OFFER_QUIET
                and not players.is_computer(self.player(other(side)))
                and self.pos.turn >= self.no_offer_before):
            self.no_offer_before = self.pos.turn + DRAW_OFFER_EVERY
            self.side_request = "offer"
            self._brain().submit_wants_draw(self.pos.jpn(), level)
            return
        self._computer_step(level)

    def _computer_step(self, level: str) -> None:
        """The shared computer turn: ask, then show each action selected before it is played."""
        def ask() -> None:
            self._brain().submit_turn(self.pos.jpn(), level, self.rng.randrange(2**31), self.game.quiet_draw)

        def check(value: Any) -> list[Action]:
            if not value:
                raise ValueError("it returned no action")
            return [Action.from_text(str(t)) for t in value]

        brain = self._brain()
        first = self.pos.acted is None
        show = paced(AI_SELECT_TICKS if first else AI_SELECT_TICKS + AI_STEP_TICKS // 2, max(self.speed, 0.25))
        out = self.computer.step(ask, lambda: brain.poll(), check, show)
        chosen = self.computer.chosen
        if chosen is not None and self.selected != chosen.src:
            self.selected, self.targets = chosen.src, {}
            self.cursor = cell_of_square(chosen.dst, self.flip)
        if out is None:
            return
        kind, value = out
        if kind == "failed":
            self._ai_failed(str(value))
            return
        self.deselect()
        if not self.pos.is_legal(value):
            self.computer.reset()
            self.say(f"Computer chose an illegal action {value}; asking again")
            return
        self.play(value)

    def redraw_in(self) -> int | None:
        """Every tick while a piece moves or the computer acts; else at the next blink, dot or message end."""
        if self.motion is not None or (self.computer_to_act() and self.request is None):
            return EVERY_TICK
        dots = ticks_to_next(self.ticks, DOTS_TICKS) if self.request == "turn" else None
        return soonest(ticks_to_next(self.ticks, BLINK_TICKS), self.messages.left or None, dots)

    def _poll_side(self) -> None:
        """The answer to a hint or a draw question, when it has come."""
        reply: Reply | None = self._brain().poll()
        if reply is None:
            return
        request, self.side_request = self.side_request, None
        if not reply.ok:
            if request == "hint":
                self.say("No hint this time: the computer player failed")
                return
            self._ai_failed(str(reply.value))
            return
        if request == "hint":
            if self.hint_key == self.pos.key() and reply.value:
                self.hint = [Action.from_text(t) for t in reply.value]
                self.say("Hint: " + ", then ".join(self._act_words(a) for a in self.hint)
                         + " (marked 1 and 2 in light cyan)")
        elif request == "accept":
            self._draw_answer(bool(reply.value), self.draw_asked_of or "r")
        elif request == "offer" and reply.value:
            side = self.pos.side
            self.stack.push(menus.yes_no(
                self.app, "Draw offered",
                f"{SIDE_NAME[side]} (computer) offers a draw. {SIDE_NAME[other(side)]}, do you accept?",
                lambda yes: self._draw_answer(yes, other(side)), yes="Yes, accept the draw",
                no="No, play on"))

    def _act_words(self, act: Action) -> str:
        piece = self.pos.piece_at(act.src)
        name = PIECE_NAME[piece[0]] if piece else ""
        return f"{name} {act}".strip()

    def _ai_failed(self, error: str) -> None:
        self.computer.reset()
        self.ai_error = error[-300:]
        side = self.pos.side
        self.game.players[side] = {"kind": "human"}
        lines = self.ai_error.strip().splitlines() or ["unknown error"]
        self.stack.push(MessageWindow(self.app, "Computer player",
                                      f"The computer player failed ({lines[-1]}). "
                                      f"{SIDE_NAME[side]} is now played by a human."))

    def stop_ai(self) -> None:
        """Whatever the computer is doing stops: a new game, Undo, a load, quitting."""
        self.computer.reset()
        self.side_request = None
        if self.brain is not None:
            self.brain.cancel()

    def ask_hint(self) -> None:
        """The Hard level's turn from here, marked on the board (Enhanced)."""
        if not self.enhanced:
            self.refuse("Hints are part of Enhanced mode (Options, Play mode)")
            return
        if self.pos.result is not None or self.computer_to_act():
            self.refuse("A hint is for your own turn while the game goes on")
            return
        if not players.ai_available():
            self.refuse("Hints need the computer player, which is not installed")
            return
        self.hint = []
        self.hint_key = self.pos.key()
        self.say("Thinking about a hint...")
        self.side_request = "hint"
        self._brain().submit_turn(self.pos.jpn(), HINT_LEVEL, self.rng.randrange(2**31), self.game.quiet_draw)

    # menu actions ----------------------------------------------------------
    def open_menu(self) -> None:
        can_offer = self.pos.result is None and not self.computer_to_act()
        self.stack.push(menus.main_menu(self.app, enhanced=self.enhanced, can_undo=bool(self.pos.history),
                                        can_offer=can_offer, can_resign=can_offer, can_hint=can_offer,
                                        on_choose=self.menu_choice))

    def menu_choice(self, choice: str) -> None:
        handler = {
            "resume": lambda: None,
            "moves": self.show_moves,
            "hint": self.ask_hint,
            "new": lambda: self.leave_game("start a new game", self.new_game),
            "save": self.ask_save,
            "load": self.ask_load,
            "draw": self.offer_draw,
            "resign": self.ask_resign,
            "undo": self.undo,
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
            f"The game is not finished. {what.capitalize()} and leave it? The last finished turn "
            "stays in the autosave (Load game, Auto).",
            answer, yes=f"Yes, {what}", no="No, go on playing"))

    def show_moves(self) -> None:
        self.stack.push(MoveListWindow(self.app, self.records))

    def _push(self, name: str) -> None:
        self.stack.push(self.app.scene(name))

    def to_title(self) -> None:
        self.stop_ai()
        self.app.back_to("menu")

    def new_game(self) -> None:
        self.stop_ai()
        self.stack.replace(self.app.scene("jayden", players=dict(self.game.players)))

    def undo(self) -> None:
        """Back to the start of the last human turn (Enhanced mode only)."""
        if not self.enhanced:
            self.refuse("Undo is part of Enhanced mode (Options, Play mode)")
            return
        if not self.pos.history:
            self.refuse("Nothing to undo: no action has been made yet")
            return
        self.stop_ai()
        self.deselect()
        if self.motion is not None:
            self.motion = None
        self.pending_end = False
        self.pos.pop()
        while self.pos.history and (self.pos.acted is not None or self.computer_to_act()):
            self.pos.pop()
        self.game.actions = [str(a) for a in self.pos.history]
        self.game.result = None
        self.records = moves.replay(self.game.start, self.pos.history, self.game.quiet_draw)
        self.end_shown = False
        self.hint = []
        self.autosave()
        self.say("Undone back to the start of your turn; the autosave now holds this position")
        self._turn_started()

    def offer_draw(self) -> None:
        side = self.pos.side
        if players.is_computer(self.player(other(side))):
            self.draw_asked_of = other(side)
            self.say(f"{SIDE_NAME[other(side)]} (computer) considers the offer")
            self.side_request = "accept"
            self._brain().submit_accepts_draw(self.pos.jpn(), str(self.player(other(side)).get("level", "normal")))
        else:
            self.stack.push(menus.yes_no(
                self.app, "Draw offered",
                f"{SIDE_NAME[side]} offers a draw. {SIDE_NAME[other(side)]}, do you accept?",
                lambda yes: self._draw_answer(yes, other(side)), yes="Yes, accept the draw",
                no="No, play on"))

    def _draw_answer(self, accepted: bool, who: str) -> None:
        if accepted:
            self.pos.agree_draw()
            self.game.result = {"winner": None, "reason": "agreed_draw"}
            self.autosave()
            self.app.sound.play("game_end")
            statistics.record_jayden_game(self.app, self.game, self.pos.result)  # [card-saves hook]
            self.show_end()
        else:
            self.say(f"{SIDE_NAME[who]} declines the draw")

    def ask_resign(self) -> None:
        side = self.pos.side
        if self.pos.result is not None or self.computer_to_act():
            self.refuse("Only the side to act can resign, while the game goes on")
            return
        self.stack.push(menus.yes_no(
            self.app, "Resign?", f"{SIDE_NAME[side]} gives up and {SIDE_NAME[other(side)]} wins the game.",
            lambda yes: self.resign(side) if yes else None, yes=f"Yes, {SIDE_NAME[side]} resigns",
            no="No, play on"))

    def resign(self, side: str) -> None:
        self.stop_ai()
        self.deselect()
        self.pos.resign(side)
        self.game.result = {"winner": other(side), "reason": "resigned"}
        self.autosave()
        statistics.record_jayden_game(self.app, self.game, self.pos.result)  # [card-saves hook]
        self.app.sound.play("game_end")
        self.show_end()

    # saves -------------------------------------------------------------------
    @property
    def save_dir(self) -> Path:
        return self.app.dirs.saves

    def autosave(self) -> None:
        try:
            jsave.save(jsave.slot_path(self.save_dir, "autosave"), self.game, self.pos)
        except OSError as e:
            self.say(f"Autosave failed: {e.strerror or e}")

    def ask_save(self) -> None:
        self.stack.push(menus.slot_window(self.app, "Save game", self.save_dir, include_autosave=False,
                                          on_choose=self.confirm_save))

    def confirm_save(self, path: Path) -> None:
        """Never replace an earlier save without asking (No is the default)."""
        if not path.exists():
            self.save_to(path)
            return
        name = menus.slot_of(path)
        self.stack.push(menus.yes_no(self.app, "Overwrite?",
                                     f"{name} already holds a game. Replace it with this one?",
                                     lambda yes: self.save_to(path) if yes else None,
                                     yes=f"Yes, replace {name}", no="No, keep it"))

    def save_to(self, path: Path) -> None:
        try:
            jsave.save(path, self.game, self.pos)
        except OSError as e:
            self.stack.push(MessageWindow(self.app, "Save failed",
                                          f"Could not write {menus.slot_of(path)} ({path}): {e.strerror or e}"))
            return
        self.say(f"Saved to {menus.slot_of(path)}")

    def ask_load(self) -> None:
        self.leave_game("load another game", lambda: self.stack.push(
            menus.slot_window(self.app, "Load game", self.save_dir, include_autosave=True,
                              on_choose=self.load_from)))

    def load_from(self, path: Path) -> None:
        try:
            game, pos = jsave.load(path)
        except SaveError as e:
            self.stack.push(MessageWindow(self.app, "Save file refused",
                                          f"{menus.slot_of(Path(e.path))} ({e.path})\n\n{e.problem}\n\n"
                                          "The file was not changed; the current game goes on."))
            self.app.sound.play("refusal")
            return
        self.stop_ai()
        self.game, self.pos = game, pos
        self.records = moves.replay(game.start, pos.history, game.quiet_draw)
        self.deselect()
        self.motion = None
        self.pending_end = False
        self.end_shown = False
        self.hint = []
        self.say(f"Loaded {menus.slot_of(path)}")
        self._turn_started()
        if pos.result is not None:
            self.show_end()

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
                                           quiet_draw=self.game.quiet_draw))
        elif choice == "moves":
            self.show_moves()
        elif choice == "title":
            self.to_title()

    # drawing -------------------------------------------------------------------
    def notes(self) -> list[tuple[str, int]]:
        """The second status line when no message is shown."""
        out: list[tuple[str, int]] = []
        threats = self.threats()
        if threats:
            names = ", ".join(f"{PIECE_NAME[piece[0]]} {square_name(sq)}" for sq in threats
                              if (piece := self.pos.piece_at(sq)) is not None)
            out.append((f"Danger: {SIDE_NAME[other(self.pos.side)]} could take your Master next turn "
                        f"({names})", P.LIGHT_RED))
        if self.request == "turn":
            dots = "." * (1 + self.ticks // DOTS_TICKS % 3)
            out.append((f"{SIDE_NAME[self.pos.side]} (computer) is thinking" + dots, P.WHITE))
        for s in ("g", "r"):
            if not self.pos.has_mark(s):
                out.append((f"{SIDE_NAME[s]}: no Mark", P.LIGHT_MAGENTA))
        took = [(s, sum(moves.taken(self.records, s).values())) for s in ("g", "r")]
        out.append((f"Taken: Green {took[0][1]}, Red {took[1][1]}", P.LIGHT_GRAY))
        out.append((self.key_guide(), P.DARK_GRAY))
        return out

    def key_guide(self) -> str:
        """The hotkeys as the player has them (Options > Keys)."""
        keys = self.app.input.keymap
        parts = [f"{keys.label('log')} moves"] + ([f"{keys.label('hint')} hint"] if self.enhanced else [])
        return ", ".join(parts + [f"{keys.label('back')} menu"])

    def view(self) -> BoardView:
        targets: dict[int, str] = {}
        costs: dict[int, int] = {}
        if self.enhanced and self.selected is not None:
            for dst, a in self.targets.items():
                targets[dst] = a.kind
                if a.kind == "fire":
                    costs[dst] = max(abs(a.src % 20 - a.dst % 20), abs(a.src // 20 - a.dst // 20))
        return BoardView(cursor=self.cursor, selected=self.selected, targets=targets, costs=costs,
                         status=self.status_on, blink=(self.ticks // BLINK_TICKS) % 2 == 0,
                         marks=moves.last_turns(self.records), threats=self.threats(), hint=self.hint,
                         message=self.message, notes=self.notes(), flip=self.flip, motion=self.motion)

    def draw(self, surface: pygame.Surface) -> None:
        self.renderer.draw(surface, self.pos, self.view())
