"""The colours the board gives each side (the names are the table's: ``tables/jayden/names.py``)."""

from __future__ import annotations

from jayden_jazz.shell import palette as P

SIDE_COLOR = {"g": P.LIGHT_GREEN, "r": P.LIGHT_RED}
