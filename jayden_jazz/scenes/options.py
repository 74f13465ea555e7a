"""Options: display, sound and play settings, saved at once and kept across runs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from jayden_jazz.shell import palette as P
from jayden_jazz.shell.appview import AppView
from jayden_jazz.shell.font import wrap
from jayden_jazz.shell.input import Action
from jayden_jazz.shell.scene import Scene
from jayden_jazz.shell.widgets import LINE_H, Menu, MenuItem, draw_window


@dataclass(frozen=True)
class Option:
    key: str
    label: str
    choices: tuple[Any, ...]
    names: tuple[str, ...]
    help: str


OPTIONS = [
    Option("aspect_correct", "Aspect correction", (True, False), ("On (4:3)", "Off (square)"),
           "Show pixels 1.37x taller than wide, as on a 1989 4:3 monitor."),
    Option("scale", "Window scale", (1, 2, 3, 4), ("1x", "2x", "3x", "4x"),
           "Size of the window when not fullscreen."),
    Option("fullscreen", "Fullscreen", (False, True), ("Off", "On"), "Also Alt+Enter or F11."),
    Option("mute", "Sound", (False, True), ("On", "Muted"), "PC-speaker beeps."),
    Option("volume", "Volume", (0.25, 0.5, 0.75, 1.0), ("25%", "50%", "75%", "100%"), "Loudness of the beeps."),
    Option("enhanced", "Play mode", (True, False), ("Enhanced", "Original"),
           "Jayden: legal targets, Undo, Hints, Master-threat warnings. Cards: capture previews, Hints."),
    Option("animation", "Animation speed", ("slow", "normal", "fast", "instant"),
           ("Slow", "Normal", "Fast", "Instant"),
           "How fast captures, computer moves and pieces are shown on both boards."),
    Option("hot_seat", "Hot seat", (False, True), ("Off", "On"), "Jayden: turn the board for Red."),
    Option("coordinates", "Coordinates", ("enhanced", "on", "off"), ("Enhanced mode", "On", "Off"),
           "Jayden: file letters and rank numbers on the board's edge."),
    Option("quiet_draw", "200-action draw", (True, False), ("On", "Off"),
           "Jayden: a game is drawn after 200 actions without a capture."),
]


class OptionsScene(Scene):
    opaque = True

    def __init__(self, app: AppView) -> None:
        super().__init__(app)
        items = [MenuItem(o.label, o.key) for o in OPTIONS] + [MenuItem("Keys...", "keys"), MenuItem("Back", "back")]
        self.menu = Menu(items, on_change=self._change)
        self.frame = pygame.Rect(100, 40, 440, 288)
        self.menu.layout(self.frame.x + 20, self.frame.y + 30, self.frame.w - 40)

    def _value_name(self, opt: Option) -> str:
        v = self.app.settings[opt.key]
        for c, n in zip(opt.choices, opt.names):
            if c == v:
                return n
        return str(v)

    def _change(self, index: int, d: int) -> None:
        if index >= len(OPTIONS):
            return
        opt = OPTIONS[index]
        cur = self.app.settings[opt.key]
        i = opt.choices.index(cur) if cur in opt.choices else 0
        new = opt.choices[(i + d) % len(opt.choices)]
        self.app.settings[opt.key] = new
        if opt.key in ("aspect_correct", "scale", "fullscreen"):
            self.app.apply_display_settings()
        if opt.key in ("mute", "volume"):
            self.app.sound.muted = self.app.settings["mute"] or self.app.headless
            self.app.sound.volume = self.app.settings["volume"]
        self.app.save_settings()
        self.app.sound.play("menu")

    def handle(self, action: Action) -> None:
        item = self.menu_pick(self.menu, action)
        if item is None:
            return
        if item.value == "back":
            self.close()
        elif item.value == "keys":
            from jayden_jazz.scenes.registry import make_scene

            if self.stack is not None:
                self.stack.push(make_scene("keys", self.app))
        else:
            self._change(self.menu.index, 1)

    def redraw_in(self) -> None:
        return None          # nothing moves by itself: redrawn on input only

    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        surface.fill(P.BLACK)
        draw_window(surface, font, self.frame, "Options")
        self.menu.draw(surface, font)
        for i, opt in enumerate(OPTIONS):
            y = self.menu.rect.y + i * LINE_H + 1
            name = self._value_name(opt)
            color = P.BLACK if i == self.menu.index else P.YELLOW
            font.draw(surface, name, self.menu.rect.right - 8 - font.width(name), y, color)
        cur = self.menu.index
        help_text = (OPTIONS[cur].help if cur < len(OPTIONS) else
                     "Change which key does what." if self.menu.items[cur].value == "keys" else
                     "Return to the previous screen.")
        for i, line in enumerate(wrap(help_text, (self.frame.w - 40) // 8)[:2]):
            font.draw(surface, line, self.frame.x + 20, self.frame.bottom - 66 + i * LINE_H, P.LIGHT_CYAN)
        font.draw(surface, "\u2190\u2192 or Enter change  Esc back", self.frame.x + 20, self.frame.bottom - 30,
                  P.LIGHT_GRAY)
        path = str(self.app.settings.path)
        font.draw(surface, ("Saved in " + path)[-78:], 4, 334, P.DARK_GRAY)
