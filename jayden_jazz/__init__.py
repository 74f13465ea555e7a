"""Jayden & Jazz: two EGA-era games in one shell.

The rules engines (:mod:`jayden_jazz.jayden`, :mod:`jayden_jazz.cards`) are pure
Python + numpy; everything that touches pygame lives in :mod:`jayden_jazz.shell`
and :mod:`jayden_jazz.scenes`.
"""

__version__ = "0.1.0"
