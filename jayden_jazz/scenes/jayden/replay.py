"""Watching a game again, action by action or turn by turn.

The same viewer shows a finished game's replay and a look back at a game
under way (``at``: the position after that many actions, paused); the game
itself is never touched, and Esc returns to it. It shows the board as the
game did: turned the same way (``T`` turns it here too) and with the
coordinates the Coordinates option gives the game's mode.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from jayden_jazz.jayden import Action, Position
from jayden_jazz.scenes.jayden.names import SIDE_COLOR
from jayden_jazz.scenes.jayden.panels import MoveListWindow
from jayden_jazz.scenes.jayden.render import BoardRenderer, BoardView, result_line
from jayden_jazz.scenes.jayden.status import coordinates_on
from jayden_jazz.settings import animation_factor
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.input import Action as InputAction
from jayden_jazz.shell.input import Kind
from jayden_jazz.shell.scene import Scene
from jayden_jazz.tables.jayden import moves, steps
from jayden_jazz.tables.jayden.names import SIDE_NAME

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView

STEP_TICKS = 45


class ReplayScene(Scene):
    def __init__(self, app: AppView, start: str, actions: list[str], quiet_draw: bool = True,
                 at: int | None = None, enhanced: bool | None = None, flip: bool = False) -> None:
        super().__init__(app)
        self.enhanced = bool(app.settings["enhanced"]) if enhanced is None else enhanced
        self.flip = flip
        self.pos = Position(start, quiet_draw=quiet_draw)
        self.actions = [Action.from_text(a) for a in actions]
        self.records = moves.replay(start, self.actions, quiet_draw)
        self.index = 0           # actions applied so far
        self.looking_back = at is not None
        self.playing = not self.looking_back
        self.step_to(len(self.actions))
        self.result = result_line(self.pos)     # for the move list: how the game ended, if it did
        self.step_to(at or 0)
        self.timer = STEP_TICKS
        self.motion: steps.Motion | None = None
        self.ticks = 0
        self.renderer = BoardRenderer(app.font)

    def step(self, d: int, animate: bool = False) -> None:
        self.motion = None
        if d > 0 and self.index < len(self.actions):
            self.pos.push(self.actions[self.index])
            rec = self.records[self.index]
            self.index += 1
            if animate:
                res = self.pos.result
                taken = res is not None and res.reason in ("master_taken", "master_conditioned")
                self.motion = steps.for_action(rec, animation_factor(self.app.settings["animation"]), taken)
        elif d < 0 and self.index > 0:
            self.pos.pop()
            self.index -= 1

    def step_to(self, index: int) -> None:
        while self.index < index and self.index < len(self.actions):
            self.step(1)
        while self.index > max(index, 0):
            self.step(-1)

    def turn_ends(self) -> list[int]:
        """The action counts at which a turn is over (or the last action, for a turn under way)."""
        out, n = [], 0
        for group in moves.groups(self.records):
            n += len(group)
            out.append(n)
        return out

    def step_turn(self, d: int) -> None:
        """To the end of the next (d > 0) or the previous turn."""
        ends = [0] + self.turn_ends()
        if d > 0:
            self.step_to(next((e for e in ends if e > self.index), self.index))
        else:
            self.step_to(max((e for e in ends if e < self.index), default=0))

    def handle(self, action: InputAction) -> None:
        k = action.kind
        if k == Kind.BACK or (k == Kind.ACTION and self.looking_back):
            self.close()
        elif k == Kind.MOVE and action.dx and not action.dy:
            self.playing = False
            self.step(action.dx)
        elif k == Kind.ACTION:
            self.playing = not self.playing
        elif k == Kind.MOVE and action.dy:
            self.playing = False
            self.step_turn(action.dy)      # down the move list: later
        elif k == Kind.FLIP:
            self.flip = not self.flip
        elif k == Kind.LOG:
            self.playing = False
            self.stack.push(MoveListWindow(self.app, self.records, on_pick=self.step_to, at=self.index,
                                           result=self.result))

    def update(self) -> None:
        self.ticks += 1
        if self.motion is not None:
            self.motion.advance()
            if self.motion.done:
                self.motion = None
            return
        if not self.playing:
            return
        self.timer -= 1
        if self.timer <= 0:
            self.timer = STEP_TICKS
            if self.index < len(self.actions):
                self.step(1, animate=True)
            else:
                self.playing = False

    def draw(self, surface: pygame.Surface) -> None:
        done = self.records[:self.index]
        keymap = self.app.input.keymap
        steps_keys = "\u2190\u2192 step \u2191\u2193 turn"
        if self.looking_back:
            head = [(f"Looking back {self.index}/{len(self.actions)}", P.LIGHT_CYAN),
                    (f"{steps_keys} Esc game", P.LIGHT_GRAY)]
        else:
            state = "playing" if self.playing else "paused"
            head = [(f"Replay {self.index}/{len(self.actions)} {state}", P.WHITE),
                    (f"{steps_keys} Enter play Esc back", P.LIGHT_GRAY)]
        notes: list[tuple[str, int]] = []
        if done:
            last = done[-1]
            notes.append((f"Turn {last.turn} {SIDE_NAME[last.side]}: {last.text()}", SIDE_COLOR[last.side]))
        if self.pos.result is not None:
            notes.append((result_line(self.pos), P.YELLOW))
        # the other keys where the second line has room (a long turn or the result comes first)
        notes.append((f"{keymap.label('log')} list {keymap.label('flip')} turn board", P.LIGHT_GRAY))
        view = BoardView(cursor=None, marks=moves.last_turns(done), state=head, notes=notes,
                         blink=(self.ticks // 15) % 2 == 0, motion=self.motion, flip=self.flip,
                         coords=coordinates_on(str(self.app.settings["coordinates"]), self.enhanced))
        self.renderer.draw(surface, self.pos, view)
