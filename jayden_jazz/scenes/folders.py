"""Showing the player's folders in the system file manager."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from jayden_jazz.scenes.windows import MessageWindow


def open_in_file_manager(path: Path) -> bool:
    """Best effort; False where no file manager can be started (headless, no xdg-open)."""
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return False
    try:
        if sys.platform.startswith("win"):
            os.startfile(str(path))  # type: ignore[attr-defined]
        elif sys.platform == "darwin":
            subprocess.Popen(["open", str(path)])
        else:
            subprocess.Popen(["xdg-open", str(path)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return True
    except (OSError, AttributeError):
        return False


def open_cards_folder(app: Any) -> None:
    folder = app.dirs.cards
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        app.stack.push(MessageWindow(app, "Cards folder", f"Could not create {folder}: {e}"))
        return
    opened = open_in_file_manager(folder)
    lead = "Opened in your file manager:" if opened else "Your cards folder is:"
    app.stack.push(MessageWindow(
        app, "Cards folder",
        f"{lead}\n{folder}\n\nDrop card pack YAML files (or folders) there; "
        "the game reads them at the next card game setup."))
