"""Options > Keys: give any command another key, take one away, or go back to the defaults.

Changes are saved at once. A key another command uses moves to the new
command and the screen says so; a change that would leave a command with no
key at all is refused with the reason, so a player cannot lock themselves
out of a screen. Esc always cancels waiting for a key, whatever Back is.
"""

from __future__ import annotations

import pygame

from jayden_jazz.scenes.windows import ChoiceWindow
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.appview import AppView
from jayden_jazz.shell.font import wrap
from jayden_jazz.shell.input import HOTKEYS, Action, Kind
from jayden_jazz.shell.keymap import BY_NAME, COMMANDS, KeyConflict, KeyMap
from jayden_jazz.shell.scene import Scene
from jayden_jazz.shell.widgets import Menu, MenuItem, draw_window

FRAME = pygame.Rect(8, 4, 624, 342)
REMOVE_KEYS = ("delete", "backspace")
CANCEL_KEY = "escape"
GUIDE = "Enter: add a key   Del: remove the last one   Esc: back"


class KeysScene(Scene):
    opaque = True

    def __init__(self, app: AppView) -> None:
        super().__init__(app)
        items = [MenuItem(c.label, c.name) for c in COMMANDS]
        items += [MenuItem("Reset to defaults", "reset"), MenuItem("Back", "back")]
        self.menu = Menu(items, line_h=14)   # every command, its help and the guide fit
        self.menu.layout(FRAME.x + 16, FRAME.y + 18, FRAME.w - 32)
        self.waiting: str | None = None      # the command that gets the next key pressed
        self.message = ""

    @property
    def keymap(self) -> KeyMap:
        return self.app.input.keymap

    # input --------------------------------------------------------------------
    def handle(self, action: Action) -> None:
        if self.waiting is not None:
            self._take_key(action)
            return
        if action.key in REMOVE_KEYS and action.pos is None and action.kind in (Kind.KEY, *HOTKEYS):
            self._remove_key()
            return
        item = self.menu_pick(self.menu, action)
        if item is None:
            return
        if item.value == "back":
            self.close()
        elif item.value == "reset":
            self._ask_reset()
        else:
            self.waiting = item.value
            self.message = f"Press the new key for {BY_NAME[item.value].label}. Esc cancels."

    def _take_key(self, action: Action) -> None:
        cmd = BY_NAME[str(self.waiting)]
        if action.pos is not None or action.kind in (Kind.POINT, Kind.SCROLL):
            if action.kind == Kind.ACTION:          # a click cancels too
                self.waiting = None
                self.message = "Nothing changed."
            return
        if not action.key:
            return
        self.waiting = None
        if action.key == CANCEL_KEY:
            self.message = "Nothing changed."
            return
        try:
            code = int(pygame.key.key_code(action.key))
        except ValueError:
            self.message = f"The game cannot tell which key '{action.key}' is; try another."
            return
        try:
            self.message = self.keymap.bind(cmd.name, code)
        except KeyConflict as e:
            self.app.sound.play("illegal")
            self.message = str(e)
            return
        self._save()

    def _remove_key(self) -> None:
        value = self.menu.current.value if self.menu.current else None
        if value not in BY_NAME:
            self.message = "Pick a command first."
            return
        try:
            self.message = self.keymap.unbind_last(value)
        except KeyConflict as e:
            self.app.sound.play("illegal")
            self.message = str(e)
            return
        self._save()

    def _ask_reset(self) -> None:
        def chosen(value: object) -> None:
            if value == "yes":
                self.keymap.reset()
                self._save()
                self.message = "Every command has its default keys again."
            else:
                self.message = "Nothing changed."

        self.stack_push(ChoiceWindow(self.app, "Reset keys", [MenuItem("No", "no"), MenuItem("Yes", "yes")],
                                     text="Give every command its default keys again? "
                                          "Your own keys are forgotten.",
                                     on_choose=chosen))

    def stack_push(self, scene: Scene) -> None:
        if self.stack is not None:
            self.stack.push(scene)

    def _save(self) -> None:
        self.app.settings["keys"] = self.keymap.to_settings()
        self.app.save_settings()
        self.app.sound.play("menu")

    # drawing ------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        surface.fill(P.BLACK)
        draw_window(surface, font, FRAME, "Keys")
        self.menu.draw(surface, font)
        for i, cmd in enumerate(COMMANDS):
            y = self.menu.rect.y + i * self.menu.line_h + 1
            on = i == self.menu.index
            if self.waiting == cmd.name:
                text, colour = "press a key...", P.LIGHT_RED if not on else P.BLACK
            else:
                text, colour = ", ".join(self.keymap.labels(cmd.name)), P.BLACK if on else P.YELLOW
            text = text[:44]
            font.draw(surface, text, self.menu.rect.right - 8 - font.width(text), y, colour)
        cur = self.menu.current.value if self.menu.current else None
        if self.message:
            lines = wrap(self.message, (FRAME.w - 32) // 8)[:2]
        else:
            lines = [BY_NAME[cur].help if cur in BY_NAME else "", GUIDE]
        for i, line in enumerate(lines):
            font.draw(surface, line, FRAME.x + 16, self.menu.rect.bottom + 1 + i * 14,
                      P.LIGHT_CYAN if i == 0 or self.message else P.LIGHT_GRAY)
