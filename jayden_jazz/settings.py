"""Player settings: a small YAML file, written atomically, never lost.

A missing file gives the defaults. A broken one (bad YAML, wrong types) is
moved aside to ``settings.yaml.bak`` before anything is written, and the
problem is reported so the title menu can show it; unknown keys are kept so
a newer version's settings survive a round trip through an older one.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

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
    "cards": {},               # last card-game setup (the card scene owns its keys)
    "jayden": {},              # last Jayden setup
    "keys": {},                # the player's key changes: command -> [key names] (shell/keymap.py)
}

_TYPES: dict[str, tuple[type, ...]] = {
    "version": (int,), "aspect_correct": (bool,), "scale": (int,), "fullscreen": (bool,),
    "mute": (bool,), "volume": (int, float), "enhanced": (bool,), "quiet_draw": (bool,),
    "animation": (str,), "cards": (dict,), "jayden": (dict,),
}


def atomic_write_text(path: Path, text: str) -> None:
    """Temporary file in the same folder, flushed, then renamed over the target."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


ANIMATION_SPEEDS = ("slow", "normal", "fast", "instant")
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
        try:
            raw = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as e:
            problem = f"could not read it ({e})"
            raw = None
        except yaml.YAMLError as e:
            mark = getattr(e, "problem_mark", None)
            where = f" at line {mark.line + 1}" if mark is not None else ""
            problem = f"it is not valid YAML{where}"
            raw = None
        if not problem and raw is None:
            raw = {}
        if not problem and not isinstance(raw, dict):
            problem = "it does not hold a mapping of settings"
        if not problem:
            bad = []
            for key, value in raw.items():
                types = _TYPES.get(key)
                if types is not None and (not isinstance(value, types) or
                                          (bool in types) != isinstance(value, bool)):
                    bad.append(f"'{key}' should be {types[0].__name__}, not {value!r}")
                else:
                    s.values[key] = value
            if bad:
                problem = "; ".join(bad) + " (defaults used for those)"
                # Keep the good keys but still save the broken original aside.
        if problem:
            bak = path.with_name(path.name + ".bak")
            try:
                os.replace(path, bak)
                kept = f"; the old file was kept as {bak.name}"
            except OSError:
                kept = ""
            s.notice = f"Settings file {path} was not usable: {problem}{kept}."
            if raw is None or not isinstance(raw, dict):
                s.values = _copy(DEFAULTS)
        s.values["scale"] = min(max(int(s.values.get("scale", 2)), 1), 6)
        s.values["volume"] = min(max(float(s.values.get("volume", 0.5)), 0.0), 1.0)
        return s


def _copy(d: dict[str, Any]) -> dict[str, Any]:
    return {k: (dict(v) if isinstance(v, dict) else v) for k, v in d.items()}
