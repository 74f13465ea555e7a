"""Words fitted into the room a screen has for them: a long error never runs over what lies below it."""

from __future__ import annotations

from jayden_jazz.shell.font import wrap
from jayden_jazz.shell.widgets import LINE_H
from jayden_jazz.textcut import cut


def error_lines(text: str, room: int, cols: int = 58) -> list[str]:
    """``text`` wrapped into the ``room`` pixels above the next thing drawn (a key help line, a
    menu); a last line that cannot hold the rest ends in an ellipsis (a server-down error is long)."""
    lines = wrap(text, cols)
    most = max(1, room // LINE_H)
    if len(lines) <= most:
        return lines
    return lines[:most - 1] + [cut(" ".join(lines[most - 1:]), cols)]


__all__ = ["error_lines"]
