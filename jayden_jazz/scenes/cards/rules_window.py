"""The setup's "Rules..." page: the preset and every classic rule, one row each.

The setup screen has room for one Rules row (it cycles the named rule
sets); this page lists every rule with On/Off, explains the focused one in
a line from :mod:`jayden_jazz.cards.rule_text`, and shows the combinations
the engine refuses (``Rules.problems()``) as they arise, so the player
sees why Start would be refused before pressing it. Every change goes
back to the setup at once (which remembers it in the settings).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from jayden_jazz.cards.rule_text import RULE_HELP, RULE_NAMES
from jayden_jazz.cards.rules import CLASSIC
from jayden_jazz.scenes.cards.config import MatchConfig, rule_set_name
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.font import wrap
from jayden_jazz.shell.input import Action, Kind
from jayden_jazz.shell.scene import Scene
from jayden_jazz.shell.widgets import LINE_H, Menu, MenuItem, draw_window

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView

RECT = pygame.Rect(24, 10, 592, 330)
LIST_X, LIST_Y, LIST_W = RECT.x + 16, RECT.y + 40, 270
TEXT_X = LIST_X + LIST_W + 18
PRESET_HELP = {"updated": "Updated: a higher side captures.",
               "draft": "Draft: an equal or higher side captures; 2 spare cards in each hand."}


class RulesWindow(Scene):
    """Every rule with On/Off; left/right, Enter or a click changes the focused row."""

    opaque = True

    def __init__(self, app: AppView, config: MatchConfig, on_change: Callable[[], None]) -> None:
        super().__init__(app)
        self.config = config                   # the setup's own config: changed in place
        self.on_change = on_change
        items = [MenuItem("Preset", "preset")] + [MenuItem(RULE_NAMES[r], r) for r in CLASSIC]
        items.append(MenuItem("Done", "done"))
        self.menu = Menu(items, on_change=lambda i, d: self.change(self.menu.items[i].value, d))
        self.menu.layout(LIST_X, LIST_Y, LIST_W)

    def value_text(self, value: str) -> str:
        if value == "preset":
            return self.config.preset.capitalize()
        if value in CLASSIC:
            return "On" if value in self.config.classic else "Off"
        return ""

    def change(self, value: str, d: int = 1) -> None:
        cfg = self.config
        if value == "preset":
            cfg.preset = "draft" if cfg.preset == "updated" else "updated"
        elif value in CLASSIC:
            on = set(cfg.classic) ^ {value}
            cfg.classic = [r for r in CLASSIC if r in on]
        else:
            return
        self.app.sound.play("menu")
        self.on_change()

    def problems(self) -> list[str]:
        """What the engine refuses in this choice, in its own words."""
        return self.config.rules().problems()

    def handle(self, action: Action) -> None:
        if action.kind == Kind.BACK:
            self.close()
            return
        item = self.menu.handle(action)
        if item is None:
            return
        if item.value == "done":
            self.close()
        else:
            self.change(item.value)

    def redraw_in(self) -> None:
        return None          # redrawn on input only

    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        surface.fill(P.BLACK)
        inner = draw_window(surface, font, RECT, "Rules")
        font.draw(surface, "Each rule on or off; the focused one is explained.", inner.x + 4, inner.y + 2,
                  P.LIGHT_CYAN)
        self.menu.draw(surface, font)
        for i, item in enumerate(self.menu.items):
            text = self.value_text(item.value)
            if not text:
                continue
            y = self.menu.rect.y + i * LINE_H + 1
            on = i == self.menu.index
            colour = P.BLACK if on else (P.YELLOW if text == "On" else P.LIGHT_CYAN)
            text = "\u25c4 " + text + " \u25ba"
            font.draw(surface, text, self.menu.rect.right - 8 - font.width(text), y, colour)
        cols = (inner.right - TEXT_X) // 8
        y = LIST_Y
        cur = self.menu.current.value if self.menu.current else ""
        if cur == "preset":
            help_text = PRESET_HELP.get(self.config.preset, "")
        elif cur in CLASSIC:
            help_text = f"{RULE_NAMES[cur]}: {RULE_HELP[cur]}"
        else:
            help_text = "Back to the setup."
        for line in wrap(help_text, cols):
            font.draw(surface, line, TEXT_X, y, P.WHITE)
            y += 14
        y += 10
        font.draw(surface, "Rule set:", TEXT_X, y, P.LIGHT_GRAY)
        y += 14
        for line in wrap(rule_set_name(self.config), cols):
            font.draw(surface, line, TEXT_X, y, P.YELLOW)
            y += 14
        problems = self.problems()
        if problems:
            y += 10
            font.draw(surface, "Start is refused:", TEXT_X, y, P.LIGHT_RED)
            y += 14
            for p in problems:
                for line in wrap("- " + p, cols):
                    font.draw(surface, line, TEXT_X, y, P.LIGHT_RED)
                    y += 14
        font.draw(surface, "\u2191\u2193 choose  \u2190\u2192 Enter change  Esc done", inner.x + 4,
                  RECT.bottom - 26, P.LIGHT_GRAY)


__all__ = ["RulesWindow", "rule_set_name"]
