"""The seats' colours: a card's fill and border show who owns it, everywhere a card is drawn."""

from __future__ import annotations

from jayden_jazz.shell import palette as P

MAX_SEATS = 4

#: (dark, light) EGA pair per seat: card fill and border/label colour.
SEAT_COLOURS: tuple[tuple[int, int], ...] = (
    (P.BLUE, P.LIGHT_BLUE), (P.RED, P.LIGHT_RED), (P.GREEN, P.LIGHT_GREEN), (P.MAGENTA, P.LIGHT_MAGENTA))
COLOUR_NAMES = ("Blue", "Red", "Green", "Magenta")


def seat_name(seat: int) -> str:
    return f"Player {seat + 1}"


def dark(seat: int) -> int:
    return SEAT_COLOURS[seat % MAX_SEATS][0]


def light(seat: int) -> int:
    return SEAT_COLOURS[seat % MAX_SEATS][1]


__all__ = ["COLOUR_NAMES", "MAX_SEATS", "SEAT_COLOURS", "dark", "light", "seat_name"]
