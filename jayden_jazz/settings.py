"""Player settings: a small YAML file, written atomically, never lost.

A missing file gives the defaults. A broken one (bad YAML, a YAML alias, a
field of the wrong type or out of range, down to the nested ``jayden`` and
``cards`` setups) is moved aside to ``settings.yaml.bak`` before anything is
written, the fields that do not fit get their defaults, and the problem is
reported so the title menu can show it; unknown keys are kept so a newer
version's settings survive a round trip through an older one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from jayden_jazz.files import FileTooLarge, atomic_write_text, keep_as_bak, read_text_within
from jayden_jazz.net.protocol import UNSAFE_TEXT
from jayden_jazz.saves.schema import (Bool, Int, ListOf, Number, OneOf, PlainYAMLError, Record, Spec,
                                      SchemaError, Text, load_plain_yaml)

MAX_SETTINGS_BYTES = 1024 * 1024
ANIMATION_SPEEDS = ("slow", "normal", "fast", "instant")
_LEVELS = ("easy", "normal", "hard")
_PLAYER = Record({"kind": Text(("human", "computer")), "level": Text(_LEVELS)}, required=("kind",))

DEFAULTS: dict[str, Any] = {
    "version": 1,
    "aspect_correct": True,
    "scale": 2,
    "fullscreen": False,
    "mute": False,
    "volume": 0.5,
    "enhanced": True,          # Jayden: highlight legal targets, undo
    "quiet_draw": True,        # Jayden: draw after 200 quiet actions
    "animation": "normal",     # slow, normal, fast or instant: every board animation
    "hot_seat": False,         # Jayden: turn the board for Red when Red (a person) is to act
    "coordinates": "enhanced",  # Jayden: file letters and rank numbers: "enhanced" (Enhanced games), "on", "off"
    "cards": {},               # last card-game setup (the card scene owns its keys)
    "jayden": {},              # last Jayden setup
    "keys": {},                # the player's key changes: command -> [key names] (shell/keymap.py)
    "player_name": "",         # Play online: the name the other players see ("" - the server's "Player N")
    "server_address": "",      # Play online > Connect to a server: the last server whose games were listed
    "online_host": {},         # Play online > Host: the last choices, each by its words (scenes/online/host.py)
    "online_join": {},         # Play online > Join: the last address and join code
}

MAX_PLAYER_NAME = 24
"""As long as a name the game server takes (``net/protocol.py``, MAX_NAME)."""


def name_refusal(text: str) -> str:
    """Why the game server would refuse this name (empty: it takes it), said before anything is sent
    or kept: the server's own rule (``UNSAFE_TEXT``), so the two never disagree."""
    bad = UNSAFE_TEXT.search(text)
    if bad is None:
        return ""
    return (f"character {bad.start() + 1} (U+{ord(bad.group()):04X}) is one the game server refuses in a name "
            "(a control, invisible, direction-changing, private-use or replacement character)")


class PlayerName(Text):
    """A name to show other players: short, on one line, nothing the server refuses (a file edited
    by hand gets the default with a notice instead)."""

    def __init__(self) -> None:
        super().__init__(max_len=MAX_PLAYER_NAME)

    def __call__(self, value: Any, where: str) -> None:
        super().__call__(value, where)
        why = name_refusal(value)
        if why:
            raise SchemaError(where, why)
        if any(not ch.isprintable() for ch in value):
            raise SchemaError(where, "holds characters that cannot be shown (a name is plain text on one line)")

#: Every known setting's type and range; the nested setups of both games too
#: (their unknown keys are kept, like the top level's).
SCHEMA: dict[str, Spec] = {
    "version": Int(1, 1000), "aspect_correct": Bool(), "scale": Int(1, 6), "fullscreen": Bool(),
    "mute": Bool(), "volume": Number(0, 1), "enhanced": Bool(), "quiet_draw": Bool(),
    "animation": Text(ANIMATION_SPEEDS), "hot_seat": Bool(), "coordinates": Text(("enhanced", "on", "off")),
    "player_name": PlayerName(),
    "server_address": Text(max_len=80),     # checked as an address (scenes/online/link.server_url) when used
    "online_host": Record({}),      # the Host screen reads only the words it knows, each a row's choice
    "online_join": Record({"address": Text(max_len=200), "code": Text(max_len=40)}),
    "jayden": Record({"players": Record({"g": _PLAYER, "r": _PLAYER}), "clock": Text(max_len=10)}),
    "cards": Record({
        "players": Int(2, 4), "seats": ListOf(_PLAYER, 4), "field": Text(max_len=80),
        "preset": Text(max_len=40), "open": Bool(), "pure": Bool(), "sudden_death": Bool(),
        "classic": ListOf(Text(max_len=40), 20),
        "packs_off": ListOf(Text(max_len=200), 10_000),
        "first": OneOf("random or a seat number from 0 to 3", Text(("random",)), Int(0, 3)),
    }),
}


_ANIMATION_FACTOR = {"slow": 2.0, "normal": 1.0, "fast": 0.4, "instant": 0.0}


def animation_factor(name: object) -> float:
    """How long board animations last, as a multiple of their normal length (0 = instant).

    One setting governs both games so a player who wants it quick says so once.
    """
    return _ANIMATION_FACTOR.get(str(name), 1.0)


@dataclass
class Settings:
    path: Path
    values: dict[str, Any] = field(default_factory=lambda: _copy(DEFAULTS))
    notice: str = ""           # a problem met while loading, for the player to see

    def __getitem__(self, key: str) -> Any:
        return self.values.get(key, DEFAULTS.get(key))

    def __setitem__(self, key: str, value: Any) -> None:
        self.values[key] = value

    def save(self) -> None:
        text = "# Jayden & Jazz settings (edit with care; a broken file is kept as .bak)\n"
        text += yaml.safe_dump(self.values, sort_keys=True, allow_unicode=True)
        atomic_write_text(self.path, text)

    @classmethod
    def load(cls, path: Path) -> "Settings":
        s = cls(path)
        if not path.exists():
            return s
        problem = ""
        raw: Any = None
        try:
            raw = load_plain_yaml(read_text_within(path, MAX_SETTINGS_BYTES, "settings file"))
        except FileTooLarge as e:
            problem = str(e)
        except (OSError, UnicodeDecodeError) as e:
            problem = f"could not read it ({e})"
        except PlainYAMLError as e:
            problem = e.problem + (f" at line {e.line}" if e.line else "")
        if not problem and raw is None:
            raw = {}
        if not problem and not isinstance(raw, dict):
            problem = "it does not hold a mapping of settings"
        if not problem:
            bad = []
            for key, value in raw.items():
                if not isinstance(key, str):
                    bad.append(f"{key!r:.20} is not a setting's name")
                    continue
                spec = SCHEMA.get(key)
                try:
                    if spec is not None:
                        spec(value, key)
                except SchemaError as e:
                    bad.append(f"'{e.where}' {e.problem}")
                else:
                    s.values[key] = value
            if bad:
                more = f"; and {len(bad) - 5} more" if len(bad) > 5 else ""
                problem = "; ".join(bad[:5]) + more + " (defaults used for those)"
                # Keep the good keys but still save the broken original aside.
        if problem:
            bak = keep_as_bak(path)
            kept = f"; the old file was kept as {bak.name}" if bak else ""
            s.notice = f"Settings file {path} was not usable: {problem}{kept}."
            if raw is None or not isinstance(raw, dict):
                s.values = _copy(DEFAULTS)
        return s


def _copy(d: dict[str, Any]) -> dict[str, Any]:
    return {k: (dict(v) if isinstance(v, dict) else v) for k, v in d.items()}
