"""The system clipboard for position texts, where pygame has one.

Both calls say when there is no clipboard (no video system, no support on
this platform) instead of raising, so the position editor falls back to a
plain text field the player copies from or pastes into.
"""

from __future__ import annotations

import pygame


def copy_text(text: str) -> bool:
    """Put ``text`` on the clipboard; False when there is none."""
    try:
        pygame.scrap.put_text(text)
    except (pygame.error, AttributeError, NotImplementedError):
        return False
    return True


def paste_text() -> str | None:
    """The clipboard's text, or None when there is none (an empty clipboard gives "")."""
    try:
        return str(pygame.scrap.get_text())
    except (pygame.error, AttributeError, NotImplementedError):
        return None
