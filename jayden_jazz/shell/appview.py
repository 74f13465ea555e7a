"""What a scene may use of the running game: the seam between scenes and ``App``.

Scenes are written and tested against this, not against ``app.App`` itself,
so a test can hand them a small stand-in and the type checker can tell when
a scene reaches for something the app does not offer.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.paths import UserDirs
    from jayden_jazz.settings import Settings
    from jayden_jazz.shell.font import Font
    from jayden_jazz.shell.input import InputMap
    from jayden_jazz.shell.scene import Scene, SceneStack
    from jayden_jazz.shell.sound import Sound


class AppView(Protocol):
    settings: Settings          # the player's settings; call save_settings() after a change
    font: Font
    sound: Sound
    input: InputMap             # its keymap is what Options > Keys changes
    stack: SceneStack
    dirs: UserDirs              # the player's folders (settings, saves, cards)
    rng: random.Random          # seeded by --seed, so games can be repeated
    headless: bool
    notices: list[str]          # messages for the title screen to show, oldest first
    extra_card_paths: list[Path]

    def quit(self) -> None: ...

    def save_settings(self) -> None: ...

    def apply_display_settings(self) -> None: ...

    def scene(self, name: str, **kwargs: Any) -> Scene:
        """A new scene by its registered name (``scenes/registry.py``), to push or replace."""
        ...

    def back_to(self, name: str) -> None:
        """Close scenes until the one registered as ``name`` (e.g. "menu", the title) is on top."""
        ...
