"""Watching a finished game again, action by action."""

from __future__ import annotations

from typing import Any

import pygame

from jayden_jazz.jayden import Action, Position
from jayden_jazz.scenes.jayden.render import BoardRenderer, BoardView
from jayden_jazz.shell.input import Action as InputAction
from jayden_jazz.shell.input import Kind
from jayden_jazz.shell.scene import Scene

STEP_TICKS = 45


class ReplayScene(Scene):
    def __init__(self, app: Any, start: str, actions: list[str], quiet_draw: bool = True) -> None:
        super().__init__(app)
        self.pos = Position(start, quiet_draw=quiet_draw)
        self.actions = [Action.from_text(a) for a in actions]
        self.index = 0           # actions applied so far
        self.playing = True
        self.timer = STEP_TICKS
        self.renderer = BoardRenderer(app.font)

    def step(self, d: int) -> None:
        if d > 0 and self.index < len(self.actions):
            self.pos.push(self.actions[self.index])
            self.index += 1
        elif d < 0 and self.index > 0:
            self.pos.pop()
            self.index -= 1

    def handle(self, action: InputAction) -> None:
        k = action.kind
        if k == Kind.BACK:
            self.close()
        elif k == Kind.MOVE and action.dx:
            self.playing = False
            self.step(action.dx)
        elif k == Kind.ACTION:
            self.playing = not self.playing
        elif k == Kind.MOVE and action.dy:
            self.playing = False
            self.step(-action.dy)

    def update(self) -> None:
        if not self.playing:
            return
        self.timer -= 1
        if self.timer <= 0:
            self.timer = STEP_TICKS
            if self.index < len(self.actions):
                self.step(1)
            else:
                self.playing = False

    def draw(self, surface: pygame.Surface) -> None:
        last = ()
        if self.index:
            a = self.actions[self.index - 1]
            last = (a.src, a.dst)
        state = "playing" if self.playing else "paused"
        msg = f"Replay {self.index}/{len(self.actions)} ({state})  \u2190\u2192 step  Enter play/pause  Esc back"
        self.renderer.draw(surface, self.pos, BoardView(cursor=None, last=last, message=msg, status=True))
