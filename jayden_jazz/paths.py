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


def _png_size(path: Path) -> tuple[int, int] | None:
    """Width and height from the PNG header, so icon sizes need no image library."""
    try:
        with open(path, "rb") as f:
            head = f.read(24)
    except OSError:
        return None
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        return None
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def icon_pngs(folder: Path | None = None) -> dict[int, Path]:
    """Square icon PNGs by edge length, read from their headers.

    The size comes from the image, not the file name, so the icon drawer may
    name the files as they like; the first file (by name) wins a tie.
    """
    if folder is None:
        try:
            folder = asset("icon")
        except FileNotFoundError:
            return {}
    found: dict[int, Path] = {}
    if not folder.is_dir():
        return found
    for p in sorted(folder.glob("*.png")):
        size = _png_size(p)
        if size and size[0] == size[1] and size[0] > 0:
            found.setdefault(size[0], p)
    return dict(sorted(found.items()))


def window_icon_png(folder: Path | None = None) -> Path | None:
    """The window icon: 64 px (crisp when a desktop scales it), else 32, else the nearest."""
    pngs = icon_pngs(folder)
    for size in (64, 32):
        if size in pngs:
            return pngs[size]
    if not pngs:
        return None
    return pngs[min(pngs, key=lambda s: (abs(s - 48), -s))]


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


def _xdg(env: dict[str, str], name: str, fallback: Path) -> Path:
    """An XDG base directory; the spec says relative values are invalid and must be ignored."""
    value = env.get(name, "")
    if value and Path(value).is_absolute():
        return Path(value)
    return fallback


def _home(platform: str, env: dict[str, str]) -> Path:
    keys = ("USERPROFILE", "HOME") if platform.startswith("win") else ("HOME",)
    for key in keys:
        if env.get(key):
            return Path(env[key])
    return Path.home()


def user_dirs(platform: str | None = None, env: dict[str, str] | None = None,
              home: Path | None = None) -> UserDirs:
    """The player's folders by the platform's rules (arguments let tests fake a platform).

    Linux and other Unix: ``$XDG_CONFIG_HOME/jayden-jazz`` (settings) and
    ``$XDG_DATA_HOME/jayden-jazz`` (saves, cards), defaulting to ``~/.config``
    and ``~/.local/share``. macOS: ``~/Library/Application Support/JaydenJazz``.
    Windows: ``%APPDATA%\\JaydenJazz``. ``JAYDEN_JAZZ_HOME`` beats them all
    when it is an absolute path (``~`` allowed); a relative one is ignored,
    as the XDG rules ignore relative paths: it would mean a different folder
    depending on where the game was started from.
    """
    platform = platform or sys.platform
    env = dict(os.environ) if env is None else env
    override = env.get("JAYDEN_JAZZ_HOME", "")
    p = Path(override).expanduser() if override else None
    if p is not None and p.is_absolute():
        return UserDirs(p, p)
    home = home or _home(platform, env)
    if platform.startswith("win"):
        appdata = env.get("APPDATA", "")
        root = Path(appdata) if appdata else home / "AppData" / "Roaming"
        return UserDirs(root / APP_DIR_NAME, root / APP_DIR_NAME)
    if platform == "darwin":
        base = home / "Library" / "Application Support" / APP_DIR_NAME
        return UserDirs(base, base)
    config = _xdg(env, "XDG_CONFIG_HOME", home / ".config") / XDG_DIR_NAME
    data = _xdg(env, "XDG_DATA_HOME", home / ".local" / "share") / XDG_DIR_NAME
    return UserDirs(config, data)


def cache_dir(platform: str | None = None, env: dict[str, str] | None = None,
              home: Path | None = None) -> Path:
    """The player's cache folder: things the game can make again (unpacked pack zips).

    Linux and other Unix: ``$XDG_CACHE_HOME/jayden-jazz`` (default
    ``~/.cache``). macOS: ``~/Library/Caches/JaydenJazz``. Windows:
    ``%LOCALAPPDATA%\\JaydenJazz\\Cache`` (it does not roam). With
    ``JAYDEN_JAZZ_HOME`` it is ``cache/`` in that folder, beside the rest.
    """
    platform = platform or sys.platform
    env = dict(os.environ) if env is None else env
    override = env.get("JAYDEN_JAZZ_HOME", "")
    p = Path(override).expanduser() if override else None
    if p is not None and p.is_absolute():
        return p / "cache"
    home = home or _home(platform, env)
    if platform.startswith("win"):
        local = env.get("LOCALAPPDATA", "")
        root = Path(local) if local else home / "AppData" / "Local"
        return root / APP_DIR_NAME / "Cache"
    if platform == "darwin":
        return home / "Library" / "Caches" / APP_DIR_NAME
    return _xdg(env, "XDG_CACHE_HOME", home / ".cache") / XDG_DIR_NAME


def zip_unpack_dir() -> Path:
    """Where shared pack zips are unpacked: ``zips/`` in the cache folder (kept private by the loader)."""
    return cache_dir() / "zips"


def card_pack_dirs(extra: list[Path] | tuple[Path, ...] = (), *,
                   dirs: UserDirs | None = None) -> list[Path]:
    """Where card packs are read from, in load order.

    The shipped ``cards/`` first (its packs are the reference set), then the
    player's cards folder (listed even before it exists: the loader skips a
    missing folder, and the list stays what ``--help`` promises), then each
    ``--cards PATH`` as given (a file or a folder; a missing one is kept so
    the card game can say which). A place named twice is listed once, so a
    ``--cards`` pointing at the shipped folder cannot load a pack twice.
    Raises FileNotFoundError when the shipped ``cards/`` is gone.
    """
    dirs = dirs or user_dirs()
    out: list[Path] = []
    seen: set[str] = set()
    for p in [shipped_dir("cards"), dirs.cards, *(Path(e).expanduser() for e in extra)]:
        try:
            key = os.path.normcase(str(Path(p).resolve()))
        except (OSError, RuntimeError):    # unreadable link, symlink loop
            key = os.path.normcase(os.path.abspath(p))
        if key not in seen:
            seen.add(key)
            out.append(Path(p))
    return out
