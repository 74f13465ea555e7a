"""Deals for the card AI's tests: the perfect-player tool's (seed and rules as ``tools/perfect_match.py``
takes them: one way in to a tool that is not a package), and open 3x3 deals of the default pack."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

from jayden_jazz.cards import Rules, get_field, new_game

TOOLS = Path(__file__).resolve().parents[2] / "tools"


def perfect_deal(seed: int, opts: dict[str, str]) -> Any:
    sys.path.insert(0, str(TOOLS))
    try:
        from perfect_match import deal
    finally:
        sys.path.remove(str(TOOLS))
    return deal(seed, opts)


def open_deal(cat: Any, opts: dict, seed: int, **more: Any) -> Any:
    """A 3x3 deal of the default pack, open hands, before the first card (``opts`` and
    ``more`` as ``Rules.preset`` takes them)."""
    rng = random.Random(seed)
    rules = Rules.preset("updated", open=True, **opts, **more).check()
    fld = get_field("3x3")
    pool = sorted(c for c in cat if c.startswith("default/"))
    size = rules.hand_size(fld.playable_count, 2)
    hands = [tuple(rng.sample(pool, size)) for _ in range(2)]
    return new_game(cat, fld, hands, rules, first_seat=0, date=(2026, 11), rng=rng)
