"""Who plays each side, and how a computer side is asked for its turn."""

from __future__ import annotations

from importlib import util
from typing import Any

LEVELS = ("easy", "normal", "hard")
AI_MODULE = "jayden_jazz.ai.jayden.player"


def ai_available() -> bool:
    return util.find_spec(AI_MODULE) is not None


def player_choices() -> list[dict[str, Any]]:
    choices: list[dict[str, Any]] = [{"kind": "human"}]
    if ai_available():
        choices += [{"kind": "computer", "level": lv} for lv in LEVELS]
    return choices


def label(player: dict[str, Any]) -> str:
    if player.get("kind") == "computer":
        return f"Computer ({str(player.get('level', 'normal')).capitalize()})"
    return "Human"


def is_computer(player: dict[str, Any] | None) -> bool:
    return bool(player) and player.get("kind") == "computer"
