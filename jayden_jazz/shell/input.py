"""One place that turns keys and mouse events into actions.

Scenes never see key codes: they get :class:`Action` values. Which key
gives which action is data, in :mod:`jayden_jazz.shell.keymap` (the
manual's eight direction keys move the Action Box, Enter and Space are the
Action Button, Esc goes back, and the hotkeys), and the player can change
it in Options. Held direction keys repeat after a delay, counted in update
ticks.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.keymap import KeyMap


class Kind(Enum):
    MOVE = "move"          # dx, dy in {-1, 0, 1}; dy = +1 is down the screen
    ACTION = "action"      # Enter / Space / left click (with pos for clicks)
    BACK = "back"          # Esc
    POINT = "point"        # mouse moved to logical pos
    ALT = "alt"            # right click / V / Tab: secondary action (e.g. full card view)
    SCROLL = "scroll"      # mouse wheel; dy = -1 up, +1 down
    KEY = "key"            # any other key, by name (text fields)
    UNDO = "undo"          # the named hotkeys of the key map (defaults U, H, L, R)
    HINT = "hint"
    LOG = "log"
    RANDOM = "random"
    RESET = "reset"        # Statistics: count from zero (default R, shared with Random hand)
    FLIP = "flip"          # Jayden: turn the board half round (default T)
    LEGEND = "legend"      # Jayden: the pieces' pictures, names and letters over the board (default K)


#: The named hotkeys. They carry the character typed, so a text field types
#: the letter (scenes never read a letter as a command: they read these).
HOTKEYS = (Kind.UNDO, Kind.HINT, Kind.LOG, Kind.RANDOM, Kind.RESET, Kind.FLIP, Kind.LEGEND)


@dataclass(frozen=True)
class Action:
    kind: Kind
    dx: int = 0
    dy: int = 0
    pos: tuple[int, int] | None = None
    key: str = ""          # the name of the key pressed, for every action from the keyboard
    text: str = ""
    """The character a key typed (shift applied), for text fields; empty for the mouse."""
    also: tuple[Kind, ...] = ()
    """Other screens' commands on the same key (see ``keymap.may_share``)."""

    def means(self, kind: Kind) -> bool:
        """The action is ``kind``, or that screen's command shares the key."""
        return self.kind == kind or kind in self.also

    @property
    def from_mouse(self) -> bool:
        return self.pos is not None


def move(dx: int, dy: int) -> Action:
    return Action(Kind.MOVE, dx=dx, dy=dy)


ACTION = Action(Kind.ACTION)
BACK = Action(Kind.BACK)
ALT = Action(Kind.ALT)

#: Key names accepted by ``--keys`` (and by tests) -> pygame key codes.
KEY_NAMES: dict[str, int] = {
    "UP": pygame.K_UP, "DOWN": pygame.K_DOWN, "LEFT": pygame.K_LEFT, "RIGHT": pygame.K_RIGHT,
    "HOME": pygame.K_HOME, "END": pygame.K_END, "PGUP": pygame.K_PAGEUP, "PAGEUP": pygame.K_PAGEUP,
    "PGDN": pygame.K_PAGEDOWN, "PAGEDOWN": pygame.K_PAGEDOWN, "RETURN": pygame.K_RETURN,
    "ENTER": pygame.K_RETURN, "SPACE": pygame.K_SPACE, "ESC": pygame.K_ESCAPE,
    "ESCAPE": pygame.K_ESCAPE, "TAB": pygame.K_TAB, "F1": pygame.K_F1, "F11": pygame.K_F11,
    "F2": pygame.K_F2, "F3": pygame.K_F3, "F4": pygame.K_F4, "F5": pygame.K_F5, "F6": pygame.K_F6,
    "F7": pygame.K_F7, "F8": pygame.K_F8, "BACKSPACE": pygame.K_BACKSPACE, "DELETE": pygame.K_DELETE,
}

REPEAT_DELAY_TICKS = 18   # 0.3 s at 60 updates per second
REPEAT_EVERY_TICKS = 5    # then 12 moves per second


def key_code(name: str) -> int:
    """Name from ``--keys`` -> key code; single letters and digits map to themselves."""
    up = name.upper()
    if up in KEY_NAMES:
        return KEY_NAMES[up]
    if len(name) == 1 and name.isalnum():
        return pygame.key.key_code(name.lower())
    try:
        return pygame.key.key_code(name.lower())      # any other key by its SDL name: F5, Delete
    except ValueError:
        raise ValueError(f"unknown key name {name!r}; use one of {', '.join(sorted(KEY_NAMES))}, "
                         "a letter or another key's name (F5, Delete)") from None


class InputMap:
    """Translates pygame events to actions and repeats held direction keys.

    ``to_logical`` maps a window position to the logical screen (or None in
    the letterbox), supplied by the display so every window mode is right.
    """

    def __init__(self, to_logical=lambda pos: pos, keymap: "KeyMap | None" = None) -> None:
        from jayden_jazz.shell.keymap import KeyMap

        self.to_logical = to_logical
        self.keymap = keymap if keymap is not None else KeyMap()
        self._held: int | None = None
        self._held_ticks = 0

    def translate(self, event: pygame.event.Event) -> list[Action]:
        t = event.type
        if t == pygame.KEYDOWN:
            key = event.key
            typed = getattr(event, "unicode", "") or ""
            name = pygame.key.name(key)
            cmds = self.keymap.commands_for(key)
            cmd = cmds[0] if cmds else None
            if cmd is None or cmd.kind is None:
                return [Action(Kind.KEY, key=name, text=typed)] if name else []
            if cmd.kind == Kind.MOVE:
                self._held, self._held_ticks = key, 0
                return [Action(Kind.MOVE, dx=cmd.dx, dy=cmd.dy, key=name, text=typed)]
            if cmd.kind in HOTKEYS:
                also = tuple(c.kind for c in cmds[1:] if c.kind is not None)
                return [Action(cmd.kind, key=name, text=typed, also=also)]
            if cmd.kind == Kind.BACK:
                return [Action(Kind.BACK, key=name)]
            return [Action(cmd.kind, key=name, text=typed)]
        if t == pygame.KEYUP:
            if event.key == self._held:
                self._held = None
            return []
        if t == pygame.MOUSEMOTION:
            if tuple(getattr(event, "rel", (1, 1))) == (0, 0):
                # SDL reports where the pointer already rests (the window opened or was focused
                # under it) with no relative motion: not a movement, so no menu follows it
                return []
            pos = self.to_logical(event.pos)
            return [Action(Kind.POINT, pos=pos)] if pos is not None else []
        if t == pygame.MOUSEBUTTONDOWN:
            pos = self.to_logical(event.pos)
            if pos is None:
                return []
            if event.button == 1:
                return [Action(Kind.POINT, pos=pos), Action(Kind.ACTION, pos=pos)]
            if event.button == 3:
                return [Action(Kind.POINT, pos=pos), Action(Kind.ALT, pos=pos)]
            return []
        if t == pygame.MOUSEWHEEL:
            return [Action(Kind.SCROLL, dy=-1 if event.y > 0 else 1)] if event.y else []
        return []

    def tick(self) -> list[Action]:
        """Called once per update: a held direction key repeats."""
        if self._held is None:
            return []
        self._held_ticks += 1
        n = self._held_ticks - REPEAT_DELAY_TICKS
        cmd = self.keymap.command_for(self._held)
        if cmd is None or cmd.kind != Kind.MOVE:       # the key was given to something else
            self._held = None
            return []
        if n >= 0 and n % REPEAT_EVERY_TICKS == 0:
            return [Action(Kind.MOVE, dx=cmd.dx, dy=cmd.dy, key=pygame.key.name(self._held))]
        return []

    def release_all(self) -> None:
        self._held = None
