"""A game of Jayden at a table: whose turn, what is selected, what the computer is asked.

The controller holds the engine position and the game's record and takes
commands addressed by side (``press``, ``select``, ``act``, ``ask_hint``,
``undo``, ``offer_draw``, ``answer_draw``, ``resign``, ``tick``). Each
command returns an :class:`Outcome`: done, or refused with the reason in
the words a player reads. Whatever else the screen (or a seat somewhere
else) must know comes out as :class:`Notice` values, taken in order with
:meth:`JaydenController.take_notices`: an action was played, a message to
show, the game ended, a computer offers a draw. The controller draws
nothing, opens no window and writes no file; it knows no pygame, no screen
and no scene stack, so a local player, the computer and a remote seat drive
it alike.

Time passes in ticks (1/60 s at the screen's pace). What is shown before
play goes on takes ticks: the steps of an action (a shot in flight, then
its burst) and a computer's chosen piece held selected long enough to
follow. The next computer action waits until they are over, and ``skip``
finishes an action's steps at once. An optional :class:`~.clock.Clock`
runs on the same ticks.

``make_brain`` gives the computer player when it is first needed (a worker
process in the game, an in-process one in tests); ``can_think`` says whether
a computer player is installed at all (hints need it); ``hints`` overrides
whether hints may be asked (None: as Enhanced mode says; online, the host's
choice for both players); ``pace`` is the
animation factor of whoever watches (0 = nothing shown, the default for a
table no screen watches): it sets the length of each action's steps
(``tables/jayden/steps.py``) and stretches the computer's pauses.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from jayden_jazz.jayden import Action, Position, square_name
from jayden_jazz.tables.jayden import moves, rewind, steps
from jayden_jazz.tables.jayden.clock import Clock
from jayden_jazz.tables.jayden.names import PIECE_NAME, SIDE_NAME, action_words, other, why_cannot_act
from jayden_jazz.tables.jayden.steps import Motion
from jayden_jazz.tables.jayden.view import Brain, Event, JaydenView, Notice, Outcome, Request, refused
from jayden_jazz.tables.jayden.warnings import Warnings
from jayden_jazz.tables.seats import ComputerTurn, paced

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.saves.jayden import JaydenGame

AI_STEP_TICKS = 36        # pause between a computer's actions (0.6 s at normal speed)
AI_SELECT_TICKS = 18      # how long the computer's chosen piece is shown selected
DRAW_OFFER_QUIET = 60     # the computer considers offering a draw after this many quiet actions
DRAW_OFFER_EVERY = 15     # ... and asks again at most every this many turns
HINT_LEVEL = "hard"
SIDES = ("g", "r")


class JaydenController:
    """One game of Jayden between two seats, each a person (here or elsewhere) or the computer."""

    def __init__(self, game: JaydenGame, pos: Position | None = None, *,
                 make_brain: Callable[[], Brain] | None = None, brain: Brain | None = None,
                 can_think: Callable[[], bool] = lambda: True, pace: Callable[[], float] = lambda: 0.0,
                 rng: random.Random | None = None, clock: Clock | None = None, hints: bool | None = None) -> None:
        self.game = game
        self.hints = hints
        self.pos = pos if pos is not None else game.position()
        self.records = moves.replay(game.start, self.pos.history, game.quiet_draw)
        self.brain = brain
        self._make_brain = make_brain
        self.can_think = can_think
        self.pace = pace
        self.rng = rng if rng is not None else random.Random()
        self.selected: int | None = None
        self.targets: dict[int, Action] = {}
        self.hint: list[Action] = []
        self.hint_key: int | None = None
        self.step: Motion | None = None
        self.pending_end = False
        self.side_request: Request | None = None     # a question out besides a turn: hint, accept or offer
        self.computer = ComputerTurn(several=True)   # a computer side's turn, its actions shown one at a time
        self.draw_asked_of: str | None = None
        self.no_offer_before = 0
        self.warnings = Warnings()
        self.clock = clock if clock is not None else Clock.from_saved(game.clock)
        self._notices: list[Notice] = []

    # reading -------------------------------------------------------------------
    @property
    def enhanced(self) -> bool:
        return self.game.enhanced

    def player(self, side: str) -> dict[str, Any]:
        return self.game.players.get(side) or {"kind": "human"}

    def is_computer(self, side: str) -> bool:
        return self.player(side).get("kind") == "computer"

    def computer_to_act(self) -> bool:
        return self.pos.result is None and self.is_computer(self.pos.side)

    def in_progress(self) -> bool:
        """A game someone would lose by leaving: begun and not finished."""
        return self.pos.result is None and bool(self.pos.history)

    @property
    def request(self) -> Request | None:
        return Request.TURN if self.computer.asked else self.side_request

    def threats(self) -> list[int]:
        """Enemy pieces that could take the acting side's Master next turn (Enhanced, a person's turn)."""
        return self._warnings()[0]

    def endangered(self) -> list[int]:
        """The acting person's other pieces the enemy could take next turn (Enhanced)."""
        return self._warnings()[1]

    def _warnings(self) -> tuple[list[int], list[int]]:
        shown = self.enhanced and self.pos.result is None and not self.computer_to_act()
        return self.warnings.of(self.pos) if shown else ([], [])

    def view(self) -> JaydenView:
        return JaydenView(position=self.pos, records=tuple(self.records), marks=tuple(moves.last_turns(self.records)),
                          selected=self.selected, targets=tuple(self.targets.values()), chosen=self.computer.chosen,
                          hint=tuple(self.hint), threats=tuple(self.threats()), request=self.request,
                          endangered=tuple(self.endangered()),
                          step=self.step, computer_to_act=self.computer_to_act(), enhanced=self.enhanced)

    def take_notices(self) -> list[Notice]:
        """What happened since the last call, in order."""
        out, self._notices = self._notices, []
        return out

    def _note(self, event: Event, **kw: Any) -> None:
        self._notices.append(Notice(event, **kw))

    def _say(self, text: str) -> None:
        self._note(Event.SAY, text=text)

    def ensure_brain(self) -> Brain:
        if self.brain is None:
            if self._make_brain is None:
                raise RuntimeError("this table has no computer player")
            self.brain = self._make_brain()
        return self.brain

    def close(self) -> None:
        """The game leaves: the computer player's process ends."""
        if self.brain is not None:
            self.brain.close()
            self.brain = None

    # choosing and acting --------------------------------------------------------
    def _not_yours(self, side: str) -> str:
        """Why ``side`` may not act now, or "" when it may."""
        if self.pos.result is not None:
            return "The game is over"
        if self.computer_to_act():
            return f"{SIDE_NAME[self.pos.side]} (computer) is to act"
        if side != self.pos.side:
            return f"{SIDE_NAME[self.pos.side]} is to act, not {SIDE_NAME.get(side, side)}"
        return ""

    def deselect(self) -> None:
        self.selected, self.targets = None, {}

    def select(self, side: str, sq: int) -> Outcome:
        """Pick up a piece of ``side`` that has a legal action."""
        why = self._not_yours(side)
        if why:
            return refused(why)
        acts = self.pos.legal_actions_from(sq)
        if not acts:
            return refused(why_cannot_act(self.pos, sq))
        self.selected = sq
        self.targets = {a.dst: a for a in acts}
        return Outcome(True, "selected")

    def press(self, side: str, sq: int) -> Outcome:
        """The Action Button on a square: select, put down, choose another piece, or act."""
        why = self._not_yours(side)
        if why:
            return refused(why)
        if self.selected is None:
            return self.select(side, sq)
        if sq == self.selected:
            self.deselect()
            return Outcome(True, "deselected")
        act = self.targets.get(sq)
        if act is not None:
            return self.act(side, act)
        piece = self.pos.piece_at(sq)
        if piece is not None and piece[1] == self.pos.side:
            return self.select(side, sq)
        src = self.selected
        mover = self.pos.piece_at(src)
        reason = self.pos.why_illegal(self.pos.intended_action(src, sq))
        name = PIECE_NAME[mover[0]] if mover else "Piece"
        return refused(f"{name} {square_name(src)} to {square_name(sq)}: {reason}")

    def act(self, side: str, action: Action) -> Outcome:
        """Make one of the engine's actions (move, attack, fire, condition, deploy) for ``side``."""
        why = self._not_yours(side)
        if why:
            return refused(why)
        if not self.pos.is_legal(action):
            return refused(self.pos.why_illegal(action) or f"{action} is not a legal action now")
        self.deselect()
        self._play(action)
        return Outcome(True, "played")

    def _play(self, act: Action) -> None:
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
        self.step = steps.for_action(record, self.pace(), master_taken)
        self._note(Event.PLAYED, record=record)
        turn_over = self.pos.side != before_side or self.pos.turn != before_turn or res is not None
        if turn_over:
            self._note(Event.TURN_ENDED)
        if res is not None:
            self._note(Event.FINISHED)
            if master_taken and res.winner is not None:
                self._say(f"The {SIDE_NAME[other(res.winner)]} Master is "
                          f"{'conditioned' if res.reason == 'master_conditioned' else 'destroyed'}!")
            self.pending_end = True
            if self.step is None:
                self._step_done()
        elif turn_over:
            self._note(Event.TURN_STARTED, side=self.pos.side)

    def _step_done(self) -> None:
        self.step = None
        if self.pending_end:
            self.pending_end = False
            self._note(Event.ENDED)

    def skip(self) -> bool:
        """Finish the picture being shown now; True when that shows the end of the game."""
        if self.step is None:
            return False
        self.step.finish()
        ending = self.pending_end
        self._step_done()
        return ending

    # time and the computer -------------------------------------------------------
    def tick(self, ticks: int = 1) -> None:
        """Let ``ticks`` ticks pass: pictures run, answers are read, the computer plays."""
        for _ in range(ticks):
            self._tick()
            if self.clock is not None:
                self.clock.tick(self)

    def _tick(self) -> None:
        if self.step is not None:
            self.step.advance()
            if self.step.done:
                self._step_done()
            return
        if self.side_request is not None:
            self._poll_side()
            return
        if not self.computer_to_act():
            return
        side = self.pos.side
        level = str(self.player(side).get("level", "normal"))
        if (not self.computer.busy and self.pos.acted is None and self.pos.quiet >= DRAW_OFFER_QUIET
                and not self.is_computer(other(side)) and self.pos.turn >= self.no_offer_before):
            self.no_offer_before = self.pos.turn + DRAW_OFFER_EVERY
            self.side_request = Request.OFFER
            self.ensure_brain().submit_wants_draw(self.pos.jpn(), level)
            return
        self._computer_step(level)

    def _computer_step(self, level: str) -> None:
        """Ask for the turn, then show each action's piece selected for a while before it is played."""
        first = self.pos.acted is None
        ticks = AI_SELECT_TICKS if first else AI_SELECT_TICKS + AI_STEP_TICKS // 2
        brain = self.ensure_brain()

        def ask() -> None:
            brain.submit_turn(self.pos.jpn(), level, self.rng.randrange(2**31), self.game.quiet_draw)

        def check(value: Any) -> list[Action]:
            if not value:
                raise ValueError("it returned no action")
            return [Action.from_text(str(t)) for t in value]

        out = self.computer.step(ask, brain.poll, check, paced(ticks, max(self.pace(), 0.25)))
        chosen = self.computer.chosen
        if chosen is not None and self.selected != chosen.src:
            self.selected, self.targets = chosen.src, {}
            self._note(Event.CHOSEN, action=chosen)
        if out is None:
            return
        kind, value = out
        if kind == "failed":
            self._computer_failed(str(value))
            return
        self.deselect()
        if not self.pos.is_legal(value):
            self.computer.reset()
            self._say(f"Computer chose an illegal action {value}; asking again")
            return
        self._play(value)

    def _poll_side(self) -> None:
        """The answer to a hint or a draw question, when it has come."""
        reply = self.ensure_brain().poll()
        if reply is None:
            return
        request, self.side_request = self.side_request, None
        if not reply.ok:
            if request == Request.HINT:
                self._say("No hint this time: the computer player failed")
                return
            self._computer_failed(str(reply.value))
            return
        if request == Request.HINT:
            if self.hint_key == self.pos.key() and reply.value:
                self.hint = [Action.from_text(t) for t in reply.value]
                self._say("Hint: " + ", then ".join(action_words(self.pos, a) for a in self.hint)
                          + " (marked 1 and 2 in light cyan)")
        elif request == Request.ACCEPT:
            self._draw_answer(bool(reply.value), self.draw_asked_of or "r")
        elif request == Request.OFFER and reply.value:
            self._note(Event.DRAW_OFFERED, side=self.pos.side)

    def _computer_failed(self, error: str) -> None:
        self.computer.reset()
        side = self.pos.side
        self.game.players[side] = {"kind": "human"}
        lines = error[-300:].strip().splitlines() or ["unknown error"]
        self._note(Event.COMPUTER_FAILED, side=side, text=lines[-1])

    def stop_thinking(self) -> None:
        """Whatever the computer is doing stops: a new game, Undo, a load, quitting."""
        self.computer.reset()
        self.side_request = None
        if self.brain is not None:
            self.brain.cancel()

    # asking, taking back, ending ---------------------------------------------------------
    def ask_hint(self, side: str) -> Outcome:
        """Ask the Hard level for ``side``'s turn from here (Enhanced); it comes as a SAY and in ``hint``."""
        if self.hints is False:
            return refused("Hints are off in this game")
        if self.hints is None and not self.enhanced:
            return refused("Hints are part of Enhanced mode (Options, Play mode)")
        if self.pos.result is not None or self.computer_to_act() or side != self.pos.side:
            return refused("A hint is for your own turn while the game goes on")
        if not self.can_think():
            return refused("Hints need the computer player, which is not installed")
        self.hint = []
        self.hint_key = self.pos.key()
        self._say("Thinking about a hint...")
        self.side_request = Request.HINT
        self.ensure_brain().submit_turn(self.pos.jpn(), HINT_LEVEL, self.rng.randrange(2**31), self.game.quiet_draw)
        return Outcome(True, "asked")

    def undo(self, side: str) -> Outcome:
        """Back to the start of the last human turn (Enhanced mode only)."""
        if side not in SIDES:
            return refused(f"No such side: {side}")
        if not self.enhanced:
            return refused("Undo is part of Enhanced mode (Options, Play mode)")
        if not self.pos.history:
            return refused("Nothing to undo: no action has been made yet")
        self._notices += rewind.rewind(self, lambda: self.pos.acted is not None or self.computer_to_act(),
                                       "Undone back to the start of your turn; the autosave now holds this position")
        return Outcome(True, "undone")

    def take_back(self, side: str) -> Outcome:
        """``side`` takes back its last turn and all since, the other side having agreed (two people only)."""
        why = rewind.take_back_refusal(self, side)
        if why:
            return refused(why)
        self._notices += rewind.rewind(self, lambda: self.pos.side != side or self.pos.acted is not None,
                                       f"{SIDE_NAME[side]} takes back the last turn")
        return Outcome(True, "taken back")

    def offer_draw(self, side: str) -> Outcome:
        """``side`` offers a draw: a computer opponent is asked (the answer comes later);
        a person is to be asked by whoever shows them the offer (``ask``), then ``answer_draw``."""
        why = self.resign_refusal(side).replace("resign", "offer a draw")
        if why or self.side_request is not None:
            return refused(why or "The computer player is answering a question; try again in a moment")
        them = other(side)
        if self.is_computer(them):
            self.stop_thinking()          # a turn it was thinking about is asked again after the answer
            self.draw_asked_of = them
            self._say(f"{SIDE_NAME[them]} (computer) considers the offer")
            self.side_request = Request.ACCEPT
            self.ensure_brain().submit_accepts_draw(self.pos.jpn(), str(self.player(them).get("level", "normal")))
            return Outcome(True, "asked")
        return Outcome(True, "ask", ask=them)

    def answer_draw(self, side: str, accepted: bool) -> Outcome:
        """``side`` answers a draw offered to it."""
        if self.pos.result is not None:
            return refused("The game is over")
        self._draw_answer(accepted, side)
        return Outcome(True, "drawn" if accepted else "declined")

    def _draw_answer(self, accepted: bool, who: str) -> None:
        if accepted:
            self.pos.agree_draw()
            self.finish(None, "agreed_draw")
        else:
            self._say(f"{SIDE_NAME[who]} declines the draw")

    def resign_refusal(self, side: str) -> str:
        """Why ``side`` may not resign now, or "" (a person may on their turn or the computer's)."""
        if self.pos.result is not None or self.is_computer(side):
            return "Only a person can resign, while the game goes on"
        if side != self.pos.side and not self.computer_to_act():
            return "Only the side to act can resign, while the game goes on"
        return ""

    def resign(self, side: str) -> Outcome:
        why = self.resign_refusal(side)
        if why:
            return refused(why)
        self.pos.resign(side)
        self.finish(other(side), "resigned")
        return Outcome(True, "resigned")

    def finish(self, winner: str | None, reason: str) -> None:
        """The position has just ended off the board (agreed, resigned, out of time): record and show it."""
        self.stop_thinking()
        self.deselect()
        self.game.result = {"winner": winner, "reason": reason}
        for event in (Event.TURN_ENDED, Event.FINISHED, Event.ENDED):
            self._note(event)

    def game_to_save(self) -> JaydenGame:
        """The game as a save keeps it, with the clock as it stands now."""
        self.game.clock = None if self.clock is None else self.clock.saved()
        return self.game

    def load(self, game: JaydenGame, pos: Position) -> None:
        """Go on with another game (a loaded save) from its position."""
        self.stop_thinking()
        self.game, self.pos = game, pos
        self.clock = Clock.from_saved(game.clock)
        self.records = moves.replay(game.start, pos.history, game.quiet_draw)
        self.deselect()
        self.step, self.pending_end, self.hint = None, False, []
        self._note(Event.TURN_STARTED, side=pos.side)


__all__ = ["AI_SELECT_TICKS", "AI_STEP_TICKS", "DRAW_OFFER_EVERY", "DRAW_OFFER_QUIET", "HINT_LEVEL", "JaydenController"]
