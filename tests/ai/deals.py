"""The perfect-player tool's deals, for tests that replay a deal it throws or proves (seed and rules as
``tools/perfect_match.py`` takes them): one way in to a tool that is not a package."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

TOOLS = Path(__file__).resolve().parents[2] / "tools"


def perfect_deal(seed: int, opts: dict[str, str]) -> Any:
    sys.path.insert(0, str(TOOLS))
    try:
        from perfect_match import deal
    finally:
        sys.path.remove(str(TOOLS))
    return deal(seed, opts)
