"""Team selection before a Jayden game: who plays Green and who plays Red, and the clock if any."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from jayden_jazz.jayden import START_JPN
from jayden_jazz.saves import jayden as jsave
from jayden_jazz.scenes.jayden import menus
from jayden_jazz.scenes.jayden import players as seats
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.art import sprite_sheet
from jayden_jazz.shell.input import Action
from jayden_jazz.shell.scene import Scene
from jayden_jazz.shell.widgets import LINE_H, Menu, MenuItem, draw_window
from jayden_jazz.tables.jayden.clock import CHOICES as CLOCKS
from jayden_jazz.tables.jayden.clock import Clock

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView


class JaydenSetupScene(Scene):
    def __init__(self, app: AppView, players: dict[str, dict[str, Any]] | None = None) -> None:
        super().__init__(app)
        self.choices = seats.player_choices()
        remembered = dict(app.settings["jayden"] or {})
        chosen = players or remembered.get("players") or {}
        self.pick = {side: self._index_of(chosen.get(side)) for side in ("g", "r")}
        names = [f"{m}+{i}" for m, i in CLOCKS]
        self.clock = names.index(remembered["clock"]) + 1 if remembered.get("clock") in names else 0
        self.menu = Menu([MenuItem("Green", "g"), MenuItem("Red", "r"), MenuItem("Clock", "clock"),
                          MenuItem("Start game", "start"), MenuItem("Load game", "load"),
                          MenuItem("Set up a position", "editor"), MenuItem("Back", "back")],
                         on_change=self._change)
        self.frame = pygame.Rect(120, 60, 400, 230)
        self.menu.layout(self.frame.x + 24, self.frame.y + 70, self.frame.w - 48)
        self.menu.index = 3
        try:
            self.art = {"g": sprite_sheet("pieces.txt", "green").get("master"),
                        "r": sprite_sheet("pieces.txt", "red").get("master")}
        except (FileNotFoundError, ValueError):
            self.art = {}

    def _index_of(self, player: dict[str, Any] | None) -> int:
        for i, c in enumerate(self.choices):
            if player and c == player:
                return i
        return 0

    def _change(self, index: int, d: int) -> None:
        if index == 2:
            self.clock = (self.clock + d) % (len(CLOCKS) + 1)
        elif index < 2:
            side = ("g", "r")[index]
            self.pick[side] = (self.pick[side] + d) % len(self.choices)
        else:
            return
        self.app.sound.play("menu")

    def chosen_clock(self) -> Clock | None:
        """The clock picked (minutes for the game + seconds a turn), or None to play without one."""
        return Clock(*CLOCKS[self.clock - 1]) if self.clock else None

    def clock_label(self) -> str:
        clock = self.chosen_clock()
        return f"{clock.minutes} min + {clock.increment} s a turn" if clock else "Off"

    def chosen_players(self) -> dict[str, dict[str, Any]]:
        return {side: dict(self.choices[i]) for side, i in self.pick.items()}

    def handle(self, action: Action) -> None:
        item = self.menu_pick(self.menu, action)
        if item is None:
            return
        if item.value in ("g", "r", "clock"):
            self._change(self.menu.index, 1)
        elif item.value == "start":
            self.start()
        elif item.value == "editor":
            self.stack.push(self.app.scene("jayden-editor", players=self.chosen_players()))
        elif item.value == "load":
            self.stack.push(menus.slot_window(self.app, "Load game", self.app.dirs.saves,
                                              include_autosave=True, on_choose=self.load))
        elif item.value == "back":
            self.close()

    def start(self) -> None:
        chosen = self.chosen_players()
        clock = self.chosen_clock()
        self.app.settings["jayden"] = {"players": chosen, "clock": clock.name if clock else "off"}
        self.app.save_settings()
        game = jsave.JaydenGame(start=START_JPN, actions=[], players=chosen,
                                enhanced=self.app.settings["enhanced"],
                                quiet_draw=self.app.settings["quiet_draw"])
        self.stack.replace(self.app.scene("jayden-board", game=game, clock=clock))

    def load(self, path: Path) -> None:
        self.stack.replace(self.app.scene("jayden-board", load=path))   # a refused save: its window over a fresh board

    def redraw_in(self) -> None:
        return None          # nothing moves by itself: redrawn on input only

    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        surface.fill(P.BLACK)
        inner = draw_window(surface, font, self.frame, "Jayden - choose teams")
        font.draw(surface, "Green moves first. Pick a player for each side.", inner.x + 4, inner.y + 4,
                  P.LIGHT_CYAN)
        if not seats.ai_available():
            font.draw(surface, "(Computer players are not installed yet.)", inner.x + 4, inner.y + 22,
                      P.LIGHT_GRAY)
        self.menu.draw(surface, font)
        clock = "\u25c4 " + self.clock_label() + " \u25ba"
        font.draw(surface, clock, self.menu.rect.right - 8 - font.width(clock), self.menu.rect.y + 2 * LINE_H + 1,
                  P.BLACK if self.menu.index == 2 else P.LIGHT_CYAN)
        for i, side in enumerate(("g", "r")):
            y = self.menu.rect.y + i * LINE_H + 1
            name = "\u25c4 " + seats.label(self.choices[self.pick[side]]) + " \u25ba"
            color = P.BLACK if self.menu.index == i else (P.LIGHT_GREEN if side == "g" else P.LIGHT_RED)
            font.draw(surface, name, self.menu.rect.right - 8 - font.width(name), y, color)
            art = self.art.get(side)
            if art is not None:
                surface.blit(art, (self.frame.x - 40 if side == "g" else self.frame.right + 8, 150))
        font.draw(surface, "\u2190\u2192 change  Enter choose  Esc back", inner.x + 4, self.frame.bottom - 30,
                  P.LIGHT_GRAY)
