"""The seats of a Jayden game on this machine: people taking turns at the keys and the computer player.

What only a local game has lives here: the computer player's worker, the
hot seat's turned board, Undo and Take back, draw offers answered at this
screen, saves, the autosave and the statistics. The board (``board.py``)
asks through :class:`~.seating.Seats` and shows the answers.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from jayden_jazz import statistics
from jayden_jazz.jayden import START_JPN, Position
from jayden_jazz.saves import jayden as jsave
from jayden_jazz.scenes.jayden import menus, players, saving, status
from jayden_jazz.scenes.jayden.panels import END_CHOICES
from jayden_jazz.scenes.windows import MessageWindow
from jayden_jazz.settings import animation_factor
from jayden_jazz.shell.widgets import MenuItem
from jayden_jazz.tables.jayden.clock import Clock
from jayden_jazz.tables.jayden.controller import JaydenController
from jayden_jazz.tables.jayden.names import SIDE_NAME, describe_result, other
from jayden_jazz.tables.jayden.rewind import take_back_refusal
from jayden_jazz.tables.jayden.view import Event, Notice, Outcome, refused

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.scenes.jayden.board import JaydenScene
    from jayden_jazz.shell.appview import AppView
    from jayden_jazz.shell.scene import Scene


class LocalSeats:
    """Both sides at this screen, either of them possibly the computer; the person at the keys
    plays whichever human side is to act."""

    warnings = True

    def __init__(self, app: AppView, game: jsave.JaydenGame | None = None, pos: Position | None = None, *,
                 brain: players.Brain | None = None, load: Path | None = None, clock: Clock | None = None) -> None:
        settings = app.settings
        if game is None:
            game = jsave.JaydenGame(start=START_JPN, actions=[],
                                    players={"g": {"kind": "human"}, "r": {"kind": "human"}},
                                    enhanced=settings["enhanced"], quiet_draw=settings["quiet_draw"])
        self.app = app
        self.table = JaydenController(game, pos, brain=brain, make_brain=lambda: players.make_brain(),
                                      can_think=lambda: players.ai_available(),
                                      pace=lambda: animation_factor(app.settings["animation"]),
                                      rng=random.Random(app.rng.random()), clock=clock)
        self.load_path = load                        # a save to open once on the stack
        self._board: JaydenScene | None = None

    @property
    def board(self) -> JaydenScene:
        assert self._board is not None, "the seats serve no board yet"
        return self._board

    def attach(self, board: JaydenScene) -> None:
        self._board = board

    def enter(self) -> None:
        if self.load_path is not None:
            path, self.load_path = self.load_path, None
            self.load_from(path)

    def exit(self) -> None:
        self.table.close()

    # time and the board's questions ------------------------------------------------------
    def update(self) -> None:
        pass

    def after_tick(self) -> None:
        pass

    def busy(self) -> bool:
        return False

    def redraw_in(self) -> int | None:
        return None

    def waiting(self) -> str:
        return ""

    def faces_red(self, side: str) -> bool | None:
        """Hot seat: the board turns for the person to act; a computer's turn leaves it as it is."""
        if self.table.is_computer(side):
            return None
        return bool(self.app.settings["hot_seat"]) and side == "r"

    def catch_up(self) -> bool:
        """A press never waits for a picture: the action being shown ends at once."""
        if self.table.step is not None:
            ending = self.table.skip()
            self.board.follow()
            return not ending             # the end bar is up now
        return True

    def over(self) -> bool:
        return self.table.pos.result is not None

    def why_not_act(self) -> str:
        return ""

    def act(self, sq: int) -> Outcome:
        out = self.table.press(self.table.pos.side, sq)
        if not out and self.table.computer_to_act():
            out = refused(out.reason + "; Esc opens the menu")     # where this screen's way out is
        return out

    def hint(self) -> Outcome:
        return self.table.ask_hint(self.table.pos.side)

    def undo(self) -> Outcome:
        return self.table.undo(self.table.pos.side)

    def noticed(self, n: Notice) -> None:
        board = self.board
        if n.event is Event.TURN_ENDED:
            saving.autosave(board)
        elif n.event is Event.FINISHED and board.pos.result is not None:
            statistics.record_jayden_game(self.app, board.game, board.pos.result)
        elif n.event is Event.ENDED:
            self.app.sound.play("game_end")
            board.show_end()
        elif n.event is Event.DRAW_OFFERED:
            self._draw_offered(n.side, computer=True)
        elif n.event is Event.COMPUTER_FAILED:
            board.stack.push(MessageWindow(self.app, "Computer player",
                                           f"The computer player failed ({n.text}). "
                                           f"{SIDE_NAME[n.side]} is now played by a human."))

    # what the status lines and windows say ------------------------------------------------
    def names(self) -> dict[str, str] | None:
        return None

    def hints_offered(self) -> bool:
        return self.table.enhanced

    def notes(self) -> list[tuple[str, int]]:
        return status.notes(self.board)

    def state(self) -> list[tuple[str, int]] | None:
        return None

    def end_words(self) -> tuple[str, str]:
        return describe_result(self.table.pos)

    def end_items(self) -> tuple[list[MenuItem], int]:
        return list(END_CHOICES), 0

    # the menu --------------------------------------------------------------------------
    def seat(self) -> str:
        """The side the person at the keys speaks for: the side to act, or the
        person's side while the computer acts."""
        t = self.table
        side = t.pos.side
        return other(side) if t.is_computer(side) and not t.is_computer(other(side)) else side

    def menu(self) -> Scene:
        t, seat = self.table, self.seat()
        resign = t.resign_refusal(seat)
        why_not = {"hint": "Hints are for Enhanced mode (a game started with Enhanced on in Options)"
                   if not t.enhanced else resign and "A hint is for a person's turn, while the game goes on",
                   "undo": "Undo is for Enhanced mode (a game started with Enhanced on in Options)"
                   if not t.enhanced else "" if t.pos.history else "Nothing to undo yet",
                   "draw": resign.replace("resign", "offer a draw"), "resign": resign,
                   "takeback": take_back_refusal(t, other(t.pos.side))}
        if not resign and t.computer_to_act() and t.enhanced:
            why_not["hint"] = "A hint is for your own turn: the computer is acting"
        return menus.main_menu(self.app, why_not=why_not, on_choose=self.board.menu_choice)

    def choose(self, choice: Any) -> None:
        handler = {
            "new": lambda: self.leave_game("start a new game", self.new_game),
            "save": lambda: saving.ask_save(self.board),
            "load": lambda: saving.ask_load(self.board, self.leave_game),
            "draw": self.offer_draw,
            "resign": self.ask_resign,
            "takeback": self.ask_take_back,
            "title": lambda: self.leave_game("quit to the title", self.to_title),
        }.get(choice)
        if handler:
            handler()

    def leave_game(self, what: str, then: Callable[[], object]) -> None:
        """Leaving a game under way asks first; No is the default."""
        if not self.table.in_progress():
            then()
            return

        def answer(yes: bool) -> None:
            if yes:
                then()

        self.board.stack.push(menus.yes_no(
            self.app, "Leave this game?",
            f"The game is not finished. {what.capitalize()} and leave it? {saving.kept_words(self.board)}",
            answer, yes=f"Yes, {what}", no="No, go on playing"))

    def to_title(self) -> None:
        self.table.stop_thinking()
        self.app.back_to("menu")

    def new_game(self) -> None:
        self.table.stop_thinking()
        self.board.stack.replace(self.app.scene("jayden", players=dict(self.table.game.players)))

    def ask_take_back(self) -> None:
        """The side that played the last turn asks to take it back; the side to act answers."""
        side = self.table.pos.side
        asker = other(side)

        def answer(yes: bool) -> None:
            if yes:
                self.board.answer(self.table.take_back(asker))
            else:
                self.board.say(f"{SIDE_NAME[side]} says no: play on")

        self.board.stack.push(menus.yes_no(
            self.app, "Take back?", f"{SIDE_NAME[asker]} asks to take back their last turn. {SIDE_NAME[side]}, "
            "do you agree?", answer, yes=f"Yes, {SIDE_NAME[side]} agrees", no="No, play on"))

    def offer_draw(self) -> None:
        out = self.board.answer(self.table.offer_draw(self.seat()))
        if out.ask:
            self._draw_offered(self.seat(), computer=False)

    def _draw_offered(self, side: str, *, computer: bool) -> None:
        who = f"{SIDE_NAME[side]} (computer)" if computer else SIDE_NAME[side]
        self.board.stack.push(menus.yes_no(
            self.app, "Draw offered", f"{who} offers a draw. {SIDE_NAME[other(side)]}, do you accept?",
            lambda yes: self.answer_draw(other(side), yes), yes="Yes, accept the draw", no="No, play on"))

    def answer_draw(self, side: str, accepted: bool) -> None:
        self.board.answer(self.table.answer_draw(side, accepted))

    def ask_resign(self) -> None:
        side = self.seat()
        why = self.table.resign_refusal(side)
        if why:
            self.board.refuse(why)
            return
        self.board.stack.push(menus.yes_no(
            self.app, "Resign?", f"{SIDE_NAME[side]} gives up and {SIDE_NAME[other(side)]} wins the game.",
            lambda yes: self.resign(side) if yes else None, yes=f"Yes, {SIDE_NAME[side]} resigns",
            no="No, play on"))

    def resign(self, side: str) -> None:
        self.board.answer(self.table.resign(side))

    # saves -------------------------------------------------------------------
    def confirm_save(self, path: Path) -> None:
        saving.confirm_save(self.board, path)

    def save_to(self, path: Path) -> None:
        saving.save_to(self.board, path)

    def load_from(self, path: Path) -> None:
        saving.load_from(self.board, path)


__all__ = ["LocalSeats"]
