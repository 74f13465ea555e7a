"""One place that turns keys and mouse events into actions.

Scenes never see key codes: they get :class:`Action` values. The manual's
eight direction keys (Home/Up/PgUp, Left/Right, End/Down/PgDn) move the
Action Box; Enter and Space are the Action Button; Esc goes back. Held
direction keys repeat after a delay, counted in update ticks.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

import pygame


class Kind(Enum):
    MOVE = "move"          # dx, dy in {-1, 0, 1}; dy = +1 is down the screen
    ACTION = "action"      # Enter / Space / left click (with pos for clicks)
    BACK = "back"          # Esc
    POINT = "point"        # mouse moved to logical pos
    ALT = "alt"            # right click / V / Tab: secondary action (e.g. full card view)
    SCROLL = "scroll"      # mouse wheel; dy = -1 up, +1 down
    KEY = "key"            # a named hotkey (letters, F-keys) scenes may use


@dataclass(frozen=True)
class Action:
    kind: Kind
    dx: int = 0
    dy: int = 0
    pos: tuple[int, int] | None = None
    key: str = ""
    text: str = ""
    """The character a key typed (shift applied), for text fields; empty for the mouse."""

    @property
    def from_mouse(self) -> bool:
        return self.pos is not None


def move(dx: int, dy: int) -> Action:
    return Action(Kind.MOVE, dx=dx, dy=dy)


ACTION = Action(Kind.ACTION)
BACK = Action(Kind.BACK)
ALT = Action(Kind.ALT)

DIRECTION_KEYS: dict[int, tuple[int, int]] = {
    pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1), pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0),
    pygame.K_HOME: (-1, -1), pygame.K_PAGEUP: (1, -1), pygame.K_END: (-1, 1), pygame.K_PAGEDOWN: (1, 1),
    pygame.K_KP8: (0, -1), pygame.K_KP2: (0, 1), pygame.K_KP4: (-1, 0), pygame.K_KP6: (1, 0),
    pygame.K_KP7: (-1, -1), pygame.K_KP9: (1, -1), pygame.K_KP1: (-1, 1), pygame.K_KP3: (1, 1),
}
ACTION_KEYS = {pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER}
BACK_KEYS = {pygame.K_ESCAPE}
ALT_KEYS = {pygame.K_v, pygame.K_TAB}

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
    raise ValueError(f"unknown key name {name!r}; use one of {', '.join(sorted(KEY_NAMES))} or a letter")


class InputMap:
    """Translates pygame events to actions and repeats held direction keys.

    ``to_logical`` maps a window position to the logical screen (or None in
    the letterbox), supplied by the display so every window mode is right.
    """

    def __init__(self, to_logical=lambda pos: pos) -> None:
        self.to_logical = to_logical
        self._held: int | None = None
        self._held_ticks = 0

    def translate(self, event: pygame.event.Event) -> list[Action]:
        t = event.type
        if t == pygame.KEYDOWN:
            key = event.key
            typed = getattr(event, "unicode", "") or ""
            if key in DIRECTION_KEYS:
                self._held, self._held_ticks = key, 0
                dx, dy = DIRECTION_KEYS[key]
                return [Action(Kind.MOVE, dx=dx, dy=dy, text=typed)]
            if key in ACTION_KEYS:
                return [Action(Kind.ACTION, text=typed)]
            if key in BACK_KEYS:
                return [BACK]
            if key in ALT_KEYS:
                return [Action(Kind.ALT, text=typed)]
            name = pygame.key.name(key)
            return [Action(Kind.KEY, key=name, text=typed)] if name else []
        if t == pygame.KEYUP:
            if event.key == self._held:
                self._held = None
            return []
        if t == pygame.MOUSEMOTION:
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
        if n >= 0 and n % REPEAT_EVERY_TICKS == 0:
            return [move(*DIRECTION_KEYS[self._held])]
        return []

    def release_all(self) -> None:
        self._held = None
