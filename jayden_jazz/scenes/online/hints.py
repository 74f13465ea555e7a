"""Hints in an online game: the host's choice (*Hints: off / allowed*) holds for both players alike.

A player's own Enhanced setting is not a fair gate online: the friend at
the other machine never agreed to it. So the host chooses when hosting,
the server keeps the choice with the game (``view["hints"]``, off for a game
that predates it) and every screen reads it from there: the waiting room
and the Find list say it before anyone plays, and asking for a hint in a
game where the host did not allow it says so. A hint is worked out on this
machine by the same computer player as offline and never sends anything
to the server (Jayden hides nothing, so the position the server sent is
all the computer needs).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from jayden_jazz.shell import palette as P
from jayden_jazz.shell.widgets import MenuItem
from jayden_jazz.tables.jayden.view import Outcome, refused

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.scenes.jayden.players import Brain
    from jayden_jazz.scenes.online.jayden import RemoteSeats

NOT_ALLOWED = "The host did not allow hints in this game"


HIDDEN = "hidden hands"         # the computer would have to read the face-down cards
CHAOS = "Chaos"                 # the draws come from the server's seed


def impossible(rules: dict[str, Any] | None) -> str:
    """Why a card table under these rules (a view's ``setup["rules"]``, or the host's choice)
    has no hints whatever the host chose, or "": the computer would read stand-ins or made-up draws."""
    if rules is None:
        return ""
    return HIDDEN if not rules.get("open") else CHAOS if rules.get("chaos") else ""


def _card_rules(view: dict[str, Any] | None) -> dict[str, Any] | None:
    v = view or {}
    return (v.get("setup") or {}).get("rules") if v.get("kind") == "cards" else None


def allowed(view: dict[str, Any] | None) -> bool:
    """The host allowed hints in the game of this view (a view without the field: an older server, off),
    and the game can have them (not a card table with hidden hands or Chaos)."""
    return bool((view or {}).get("hints") is True) and not impossible(_card_rules(view))


def words(view: dict[str, Any] | None) -> tuple[str, int]:
    """The waiting room's line, so both players know before playing."""
    why = impossible(_card_rules(view))
    if why:
        return ("Hints: none at a table with hidden hands" if why == HIDDEN else "Hints: none at a Chaos table"), \
            P.LIGHT_GRAY
    if allowed(view):
        return "Hints: allowed (either player, on their own turn)", P.LIGHT_GREEN
    return "Hints: off (the host did not allow them)", P.LIGHT_GRAY


class JaydenHints:
    """The online Jayden board's hints: the offline board's question to the Hard level, asked of a
    worker process on this machine that lives as long as the screen (the board itself is reloaded
    from the server's views, its worker is not)."""

    def __init__(self, seats: RemoteSeats) -> None:
        self.seats = seats
        self.brain: Brain | None = None

    def make_brain(self) -> Brain:
        from jayden_jazz.scenes.jayden import players

        if self.brain is None:
            self.brain = players.make_brain()
        return self.brain

    @staticmethod
    def can_think() -> bool:
        from jayden_jazz.scenes.jayden import players

        return players.ai_available()

    def why_not(self) -> str:
        """Why no hint can be asked now, in plain words, or ""."""
        sc = self.seats
        if not allowed(sc.view_msg):
            return NOT_ALLOWED
        if sc.table.request is not None:
            return "A hint is on its way"            # one question at a time to the worker
        return sc.why_not_now()

    def ask(self) -> Outcome:
        """The hint asked of the board as the server holds it now, or refused with why."""
        sc = self.seats
        sc.catch_up()
        why = self.why_not()
        return refused(why) if why else sc.table.ask_hint(sc.side)

    def menu_items(self) -> list[MenuItem]:
        """A player's Hint entry, greyed with the reason when the host did not allow hints."""
        if self.seats.link.seat is None:
            return []
        why = NOT_ALLOWED if not allowed(self.seats.view_msg) else ""
        return [MenuItem("Hint", "hint", enabled=not why, hint=why)]

    def close(self) -> None:
        if self.brain is not None:
            self.brain.close()
            self.brain = None


__all__ = ["CHAOS", "HIDDEN", "JaydenHints", "NOT_ALLOWED", "allowed", "impossible", "words"]
