"""Stand-ins for game scenes that are not built yet."""

from __future__ import annotations

from typing import Any

from jayden_jazz.scenes.windows import MessageWindow


def cards_placeholder(app: Any) -> MessageWindow:
    return MessageWindow(app, "Jazz Card Game", "The card table is being built. Press Enter to go back.")


def jayden_placeholder(app: Any) -> MessageWindow:
    return MessageWindow(app, "Jayden", "The Jayden board is being built. Press Enter to go back.")
