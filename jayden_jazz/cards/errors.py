"""One exception family, so callers can catch every card-engine refusal at once
and still tell a bad move from a bad file."""

from __future__ import annotations


class CardsError(ValueError):
    """Base of every error the card engine raises on purpose."""


class FieldError(CardsError):
    """A field shape that cannot be played on."""


class SetupError(CardsError):
    """A game setup that breaks a rule (player count, hand size, copies)."""


class NotationError(CardsError):
    """Text that is not a well-formed action, position or record."""


class IllegalActionError(CardsError):
    """A well-formed action that the rules do not allow in this position."""


class PositionError(NotationError):
    """A position string that cannot be read back into a game."""


class ObservationError(NotationError):
    """An observation's text (what one seat may know) that cannot be read back."""


class RecordError(NotationError):
    """A saved game record that cannot be read or replayed."""
