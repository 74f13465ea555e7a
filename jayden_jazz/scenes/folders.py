"""Showing the player's folders in the system file manager.

Opening a folder is best effort (there may be no file manager, or no
desktop at all), so the window always shows the folder's path as well: a
player can always find it by hand.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable

from jayden_jazz.scenes.windows import MessageWindow
from jayden_jazz.shell.appview import AppView

#: Linux/BSD openers, tried in order; the first one found on PATH is used.
UNIX_OPENERS: tuple[tuple[str, ...], ...] = (("xdg-open",), ("gio", "open"), ("kde-open",), ("exo-open",))


def _child_env(env: dict[str, str]) -> dict[str, str]:
    """A PyInstaller bundle points LD_LIBRARY_PATH at its own libraries.

    A file manager started with that would load them instead of the system's
    and may crash; the bootloader keeps the original value in ``*_ORIG``.
    """
    env = dict(env)
    if getattr(sys, "frozen", False):
        for var in ("LD_LIBRARY_PATH", "DYLD_LIBRARY_PATH"):
            orig = env.pop(var + "_ORIG", None)
            if orig is not None:
                env[var] = orig
            else:
                env.pop(var, None)
    return env


def open_in_file_manager(path: Path, *, platform: str | None = None,
                         env: dict[str, str] | None = None,
                         popen: Callable[..., Any] = subprocess.Popen) -> bool:
    """Ask the desktop to show ``path``; False where that cannot be done.

    False on a headless run (dummy video driver), when no opener exists, and
    when starting it fails. True means the opener was started; whether a
    window appears is up to the desktop, which is why callers show the path
    either way. The opener runs detached so it never blocks the game.
    """
    platform = platform or sys.platform
    env = dict(os.environ) if env is None else env
    if env.get("SDL_VIDEODRIVER", "").lower() in ("dummy", "offscreen"):
        return False
    try:
        if platform.startswith("win"):
            startfile = getattr(os, "startfile", None)
            if startfile is None:
                return False
            startfile(str(path))
            return True
        if platform == "darwin":
            cmd: list[str] = ["open", str(path)]
        else:
            cmd = []
            for opener in UNIX_OPENERS:
                exe = shutil.which(opener[0], path=env.get("PATH"))
                if exe:
                    cmd = [exe, *opener[1:], str(path)]
                    break
            if not cmd:
                return False
        popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
              env=_child_env(env), start_new_session=True)
        return True
    except (OSError, ValueError, subprocess.SubprocessError):
        return False


def open_cards_folder(app: AppView, *, opener: Callable[[Path], bool] | None = None) -> Path:
    """The title menu's "Open cards folder": create it, open it, show where it is."""
    folder = app.dirs.cards
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        app.stack.push(MessageWindow(
            app, "Cards folder",
            f"Could not create your cards folder:\n{folder}\n\n{e.strerror or e}", width=560))
        return folder
    if getattr(app, "headless", False):
        opened = False
    else:
        opened = (opener or open_in_file_manager)(folder)
    lead = "Opened in your file manager:" if opened else "Your cards folder is:"
    app.stack.push(MessageWindow(
        app, "Cards folder",
        f"{lead}\n{folder}\n\nDrop card pack YAML files (or folders) there; "
        "the game reads them at the next card game setup.", width=560))
    return folder
