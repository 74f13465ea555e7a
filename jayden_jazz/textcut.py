"""The one way a name or line too long for its place is shortened: cut, and the cut shown by an
ellipsis (never a word silently broken off). Pure, so the table controllers use it too."""

from __future__ import annotations

ELLIPSIS = "\u2026"


def cut(text: str, cols: int) -> str:
    """``text`` in at most ``cols`` characters."""
    return text if len(text) <= cols else text[:max(0, cols - 1)].rstrip() + ELLIPSIS


__all__ = ["ELLIPSIS", "cut"]
