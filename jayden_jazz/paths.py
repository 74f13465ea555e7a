"""Where the game finds its own files and keeps the player's.

Shipped data (``assets/``, ``cards/``) is found the same way from a source
checkout, an installed wheel (copied to ``jayden_jazz/_data/``) and a
PyInstaller bundle. The player's settings, saves and card packs live in the
platform's usual user folders; ``JAYDEN_JAZZ_HOME`` puts them all in one
folder (tests, portable installs).
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

APP_DIR_NAME = "JaydenJazz"      # Windows, macOS
XDG_DIR_NAME = "jayden-jazz"     # Linux and other Unix

_PKG = Path(__file__).resolve().parent


def _data_roots() -> list[Path]:
    roots = []
    meipass = getattr(sys, "_MEIPASS", None)
    if meipass:
        roots.append(Path(meipass) / "jayden_jazz" / "_data")
    roots.append(_PKG.parent)          # source checkout / editable install
    roots.append(_PKG / "_data")       # installed wheel
    return roots


def shipped_dir(name: str) -> Path:
    """``assets`` or ``cards`` as shipped with the game."""
    for root in _data_roots():
        p = root / name
        if p.is_dir() and (name != "assets" or (p / "font").is_dir()):
            return p
    raise FileNotFoundError(
        f"the game's '{name}' folder is missing (looked in: "
        + ", ".join(str(r / name) for r in _data_roots()) + "); reinstall the game")


def asset(*parts: str) -> Path:
    return shipped_dir("assets").joinpath(*parts)


@dataclass(frozen=True)
class UserDirs:
    config: Path   # settings.yaml
    data: Path     # saves/, cards/

    @property
    def settings_file(self) -> Path:
        return self.config / "settings.yaml"

    @property
    def saves(self) -> Path:
        return self.data / "saves"

    @property
    def cards(self) -> Path:
        return self.data / "cards"


def user_dirs(platform: str | None = None, env: dict[str, str] | None = None,
              home: Path | None = None) -> UserDirs:
    """The player's folders by the platform's rules (arguments let tests fake a platform)."""
    platform = platform or sys.platform
    env = dict(os.environ) if env is None else env
    home = home or Path(env.get("HOME") or env.get("USERPROFILE") or Path.home())
    override = env.get("JAYDEN_JAZZ_HOME")
    if override:
        p = Path(override)
        return UserDirs(p, p)
    if platform.startswith("win"):
        base = Path(env.get("APPDATA") or home / "AppData" / "Roaming") / APP_DIR_NAME
        return UserDirs(base, base)
    if platform == "darwin":
        base = home / "Library" / "Application Support" / APP_DIR_NAME
        return UserDirs(base, base)
    config = Path(env.get("XDG_CONFIG_HOME") or home / ".config") / XDG_DIR_NAME
    data = Path(env.get("XDG_DATA_HOME") or home / ".local" / "share") / XDG_DIR_NAME
    return UserDirs(config, data)
