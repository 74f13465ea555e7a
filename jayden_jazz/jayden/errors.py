"""Error classes: all ``ValueError`` so callers may catch broadly, each
specific so a UI or test can tell bad text from an illegal action."""

from __future__ import annotations


class JPNError(ValueError):
    """A position string is malformed or describes an unreachable position."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        #: Which JPN field is wrong: 'ranks', 'side', 'acted', 'fired',
        #: 'quiet', 'turn', or None when the field count itself is wrong.
        self.field = field


class ActionSyntaxError(ValueError):
    """An action's text is not in the notation (``b2-b4``, ``e5xe6``, ...)."""


class IllegalActionError(ValueError):
    """A well-formed action that the rules forbid in this position."""
