"""Which keys do what: every command's keys in one table, changeable by the player.

The defaults are the 1989 manual's (eight direction keys, Enter or Space for
the Action Button, Esc to go back) plus the game's own hotkeys. A player's
changes live in the settings under ``keys`` as ``command: [key names]``,
only for the commands that differ from the defaults; anything unusable
there is reported in plain words and that command keeps its default keys.
Every command always keeps at least one key, so no change can lock a
player out of a screen. Commands read by one screen only (Random hand in the
hand picker, Reset on the Statistics screen) may share a key with a command
of another screen, as they never meet.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from jayden_jazz.shell.input import Kind


@dataclass(frozen=True)
class Command:
    name: str            # the word used in the settings file
    label: str           # what the Keys screen shows
    kind: Kind | None    # the action scenes receive; None: handled by the app itself
    dx: int = 0
    dy: int = 0
    help: str = ""
    screen: str = ""     # the one screen that reads it; "" for every screen


def may_share(a: Command, b: Command) -> bool:
    """Two commands can have the same key when they belong to different screens."""
    return bool(a.screen and b.screen and a.screen != b.screen)


COMMANDS: tuple[Command, ...] = (
    Command("up", "Up", Kind.MOVE, 0, -1, "Move the cursor up."),
    Command("down", "Down", Kind.MOVE, 0, 1, "Move the cursor down."),
    Command("left", "Left", Kind.MOVE, -1, 0, "Move the cursor left."),
    Command("right", "Right", Kind.MOVE, 1, 0, "Move the cursor right."),
    Command("up_left", "Up-left", Kind.MOVE, -1, -1, "Move the cursor diagonally up and left."),
    Command("up_right", "Up-right", Kind.MOVE, 1, -1, "Move the cursor diagonally up and right."),
    Command("down_left", "Down-left", Kind.MOVE, -1, 1, "Move the cursor diagonally down and left."),
    Command("down_right", "Down-right", Kind.MOVE, 1, 1, "Move the cursor diagonally down and right."),
    Command("action", "Action Button", Kind.ACTION, help="Select, place, move, attack, fire, choose."),
    Command("back", "Back / menu", Kind.BACK, help="Open the menu; close a window and go back."),
    Command("look", "Look closer", Kind.ALT, help="Full card view; the status line on the Jayden board."),
    Command("undo", "Undo", Kind.UNDO, help="Jayden: back to the start of your last turn (Enhanced)."),
    Command("hint", "Hint", Kind.HINT, help="Ask the computer for a suggestion (Enhanced)."),
    Command("log", "Game log", Kind.LOG, help="Show the list of what has happened in the game."),
    Command("random", "Random hand", Kind.RANDOM, help="Card game: fill the rest of your hand at random "
            "(Ctrl+R; a letter here types into the search).",
            screen="hands"),
    Command("reset_stats", "Reset statistics", Kind.RESET, help="Statistics: count from zero again (asks first).",
            screen="statistics"),
    Command("flip", "Turn the board", Kind.FLIP, help="Jayden: turn the board half round, at any time.",
            screen="jayden"),
    Command("legend", "Piece legend", Kind.LEGEND, help="Jayden: each piece's picture, name and letter.",
            screen="jayden"),
    Command("fullscreen", "Fullscreen", None, help="Fullscreen on and off (Alt+Enter works too)."),
)
BY_NAME: dict[str, Command] = {c.name: c for c in COMMANDS}

#: The keys each command starts with: the 1989 manual's, then the game's own hotkeys.
DEFAULT_KEYS: dict[str, tuple[int, ...]] = {
    "up": (pygame.K_UP, pygame.K_KP8), "down": (pygame.K_DOWN, pygame.K_KP2),
    "left": (pygame.K_LEFT, pygame.K_KP4), "right": (pygame.K_RIGHT, pygame.K_KP6),
    "up_left": (pygame.K_HOME, pygame.K_KP7), "up_right": (pygame.K_PAGEUP, pygame.K_KP9),
    "down_left": (pygame.K_END, pygame.K_KP1), "down_right": (pygame.K_PAGEDOWN, pygame.K_KP3),
    "action": (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER), "back": (pygame.K_ESCAPE,),
    "look": (pygame.K_v, pygame.K_TAB), "undo": (pygame.K_u,), "hint": (pygame.K_h,),
    "log": (pygame.K_l,), "random": (pygame.K_r,), "reset_stats": (pygame.K_r,),
    "flip": (pygame.K_t,), "legend": (pygame.K_k,),
    "fullscreen": (pygame.K_F11,),
}

_SHORT = {"return": "Enter", "escape": "Esc", "pageup": "PgUp", "pagedown": "PgDn",
          "keypad enter": "Keypad Enter", "space": "Space", "tab": "Tab", "backspace": "Backspace"}


class KeyConflict(ValueError):
    """A change the map refuses, with the reason in plain words."""


MAX_KEYS_PER_COMMAND = 8
"""Keys one command may have in the settings: the defaults give at most four."""
MAX_KEY_NAME = 40
"""Characters of a key name ('keypad enter' is among the longest SDL names)."""
MAX_NAMED = 5
"""Problems (and unknown commands) named in the notice; the rest are counted ("and 9,990 more")."""


def shown(value: Any) -> str:
    """A value for a notice, quoted and cut short: a settings file may hold anything."""
    text = repr(value) if not isinstance(value, str) else "'" + value + "'"
    return text if len(text) <= 32 else text[:29] + "..."


def key_code(name: str) -> int:
    """An SDL key name (any case) -> key code; ValueError naming the bad name."""
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"{shown(name)} is not a key name")
    try:
        return int(pygame.key.key_code(name.strip().lower()))
    except ValueError:
        raise ValueError(f"{shown(name)} is not a key name") from None


def key_name(code: int) -> str:
    """Key code -> the name the settings file uses ('keypad 8', 'pageup', 'u').

    SDL's own names, which need the video system started (the game always has it).
    """
    return str(pygame.key.name(code, use_compat=False)).lower()


def key_label(code: int) -> str:
    """Key code -> a short name for the screen ('PgUp', 'Keypad 8', 'U')."""
    name = key_name(code)
    if name in _SHORT:
        return _SHORT[name]
    if len(name) == 1:
        return name.upper()
    return " ".join(w.capitalize() if w.isalpha() else w.upper() for w in name.split(" "))


class KeyMap:
    """Command name -> key codes, and the reverse for translating key presses."""

    def __init__(self, bindings: dict[str, tuple[int, ...]] | None = None) -> None:
        self._keys: dict[str, tuple[int, ...]] = dict(bindings) if bindings else default_bindings()
        self._index()

    def _index(self) -> None:
        self._commands_of: dict[int, list[Command]] = {}
        for c in COMMANDS:
            for code in self._keys.get(c.name, ()):
                self._commands_of.setdefault(code, []).append(c)

    # reading ------------------------------------------------------------------
    def command_for(self, code: int) -> Command | None:
        """The key's command (the first in ``COMMANDS`` order when screens share it)."""
        found = self._commands_of.get(code)
        return found[0] if found else None

    def commands_for(self, code: int) -> tuple[Command, ...]:
        """Every command the key gives: one, or one per screen for screen commands."""
        return tuple(self._commands_of.get(code, ()))

    def keys_of(self, name: str) -> tuple[int, ...]:
        return self._keys.get(name, ())

    def labels(self, name: str) -> list[str]:
        return [key_label(k) for k in self.keys_of(name)]

    def label(self, name: str) -> str:
        """The command's first key, for guides on screen ('L moves'), so a remapped key reads right."""
        keys = self.keys_of(name)
        return key_label(keys[0]) if keys else "?"

    def is_default(self) -> bool:
        return self._keys == default_bindings()

    # changing -----------------------------------------------------------------
    def bind(self, name: str, code: int) -> str:
        """Give ``code`` to command ``name`` (taking it from the commands it would clash with); says what happened.

        Refused (KeyConflict) when the key is such a command's only key.
        """
        cmd = BY_NAME[name]
        label = key_label(code)
        if code in self._keys[name]:
            return f"{label} already does {cmd.label}."
        others = [c for c in self.commands_for(code) if not may_share(c, cmd)]
        for other in others:
            if len(self._keys[other.name]) <= 1:
                raise KeyConflict(f"{label} is the only key for {other.label}; "
                                  f"give {other.label} another key first.")
        note = ""
        for other in others:
            self._keys[other.name] = tuple(k for k in self._keys[other.name] if k != code)
            note += f" It no longer does {other.label}."
        self._keys[name] = (code,) + self._keys[name]
        self._index()
        return f"{label} now does {cmd.label}.{note}"

    def unbind_last(self, name: str) -> str:
        """Remove the key shown last in the command's list (Options > Keys: "Del: remove the last
        one"), never its only key."""
        cmd = BY_NAME[name]
        keys = self._keys[name]
        if len(keys) <= 1:
            raise KeyConflict(f"{key_label(keys[0])} is the only key for {cmd.label}; "
                              "add another before removing it.")
        self._keys[name] = keys[:-1]
        self._index()
        return f"{key_label(keys[-1])} no longer does {cmd.label}."

    def reset(self) -> None:
        self._keys = default_bindings()
        self._index()

    # settings -----------------------------------------------------------------
    def to_settings(self) -> dict[str, list[str]]:
        """Only the commands whose keys differ from the defaults."""
        defaults = default_bindings()
        return {c.name: [key_name(k) for k in self._keys[c.name]]
                for c in COMMANDS if self._keys[c.name] != defaults[c.name]}

    @classmethod
    def from_settings(cls, raw: Any) -> tuple["KeyMap", list[str]]:
        """The map a settings ``keys`` value describes, and the problems found in it.

        A command whose entry is unusable keeps its default keys; a key the
        player gave to a command is taken from the defaults of the others.
        When two commands still share a key, or one is left without any,
        every command gets its defaults.
        """
        problems: list[str] = []
        if raw is None or raw == {}:
            return cls(), problems
        if not isinstance(raw, dict):
            return cls(), [f"'keys' should be a mapping of command to key names, not {shown(raw)}; "
                           "the default keys are used"]
        chosen: dict[str, tuple[int, ...]] = {}
        unknown: list[str] = []
        for name, value in raw.items():
            if name not in BY_NAME:
                unknown.append(shown(name))
                continue
            names = [value] if isinstance(value, str) else value
            if not isinstance(names, list) or not names:
                problems.append(f"'{name}' should be a list of key names, not {shown(value)}; "
                                "its default keys are used")
                continue
            if len(names) > MAX_KEYS_PER_COMMAND:
                problems.append(f"'{name}' has {len(names):,} keys; a command may have at most "
                                f"{MAX_KEYS_PER_COMMAND}, so its default keys are used")
                continue
            codes: list[int] = []
            for n in names:
                if isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 9:
                    n = str(n)                   # YAML reads the digit keys as numbers
                try:
                    if isinstance(n, str) and len(n) > MAX_KEY_NAME:
                        raise ValueError(f"{shown(n)} is not a key name")
                    code = key_code(n)
                except ValueError as e:
                    problems.append(f"'{name}': {e}; its default keys are used")
                    break
                if code not in codes:
                    codes.append(code)
            else:
                chosen[name] = tuple(codes)
        if unknown:
            listed = ", ".join(unknown[:MAX_NAMED])
            more = f" and {len(unknown) - MAX_NAMED:,} more" if len(unknown) > MAX_NAMED else ""
            problems.insert(0, f"{listed}{more} {'is not a command' if len(unknown) == 1 else 'are not commands'}, "
                               f"so {'it is' if len(unknown) == 1 else 'they are'} ignored "
                               f"(the commands are: {', '.join(BY_NAME)})")
        if len(problems) > MAX_NAMED:
            problems[MAX_NAMED:] = [f"and {len(problems) - MAX_NAMED:,} more problems"]
        keys = default_bindings()
        for name in keys:
            if name in chosen:
                keys[name] = chosen[name]
                continue
            taken = {code for other, codes in chosen.items()
                     if not may_share(BY_NAME[other], BY_NAME[name]) for code in codes}
            keys[name] = tuple(k for k in keys[name] if k not in taken)
        owners: dict[int, list[str]] = {}
        for name, bound in keys.items():
            for code in bound:
                owners.setdefault(code, []).append(name)
        clash = [f"{key_label(code)} is given to both {' and '.join(BY_NAME[n].label for n in names)}"
                 for code, names in owners.items()
                 if any(not may_share(BY_NAME[a], BY_NAME[b]) for a in names for b in names if a < b)]
        empty = [f"{BY_NAME[n].label} has no key left" for n, bound in keys.items() if not bound]
        if clash or empty:
            return cls(), problems + [f"{p}; the default keys are used for every command" for p in clash + empty]
        return cls(keys), problems


def default_bindings() -> dict[str, tuple[int, ...]]:
    return dict(DEFAULT_KEYS)
