"""Who sits where, as the server names them: the same words on the card table and the Jayden board.

A person's seat shows the name they gave when hosting or joining (Play
online > Host or Join, remembered in the settings), a computer seat "CPU
Normal" (its level; numbered, "CPU Hard 1", "CPU Hard 2", where several
play at one level), a seat whose player lost the connection is marked
"(lost)". The server's view is the only source: no name is kept here.
"""

from __future__ import annotations

from typing import Any

from jayden_jazz.textcut import cut


def seat_title(seat: dict[str, Any]) -> str:
    """One seat of a view: "Jazz", "CPU Hard", "Jazz (lost)"."""
    if seat.get("kind") == "computer":
        return f"CPU {str(seat.get('level') or 'normal').capitalize()}"
    name = str(seat.get("name") or f"Player {int(seat.get('seat', 0)) + 1}")
    if lost(seat):
        return f"{name} (lost)"
    return name


def lost(seat: dict[str, Any] | None) -> bool:
    """A person's seat whose player lost the connection."""
    return bool(seat and seat.get("kind") != "computer" and seat.get("joined") and not seat.get("connected"))


def plain_name(view: dict[str, Any] | None, seat: int) -> str:
    """A seat's name without the "(lost)" mark: the words a move log keeps ("Jazz", "CPU Hard")."""
    s = view_seat(view, seat)
    if s is None:
        return f"Player {seat + 1}"
    return numbered(view, seat, seat_title({**s, "connected": True}))


def numbered(view: dict[str, Any] | None, seat: int, title: str) -> str:
    """A computer seat's title with its number among the computer seats of its level, when there are
    several ("CPU Hard 2"), so each can be told apart; any other title as it is."""
    s = view_seat(view, seat)
    if s is None or s.get("kind") != "computer":
        return title
    level = s.get("level") or "normal"
    alike = [int(o.get("seat", i)) for i, o in enumerate((view or {}).get("seats") or [])
             if o.get("kind") == "computer" and (o.get("level") or "normal") == level]
    return f"{title} {alike.index(seat) + 1}" if len(alike) > 1 and seat in alike else title


def is_lost(view: dict[str, Any] | None, seat: int) -> bool:
    return lost(view_seat(view, seat))


def view_seat(view: dict[str, Any] | None, seat: int) -> dict[str, Any] | None:
    seats = (view or {}).get("seats") or []
    return seats[seat] if 0 <= seat < len(seats) else None


def name(view: dict[str, Any] | None, seat: int, most: int = 24) -> str:
    """A seat's title, cut to ``most`` characters where space is short."""
    s = view_seat(view, seat)
    title = numbered(view, seat, seat_title(s)) if s is not None else f"Player {seat + 1}"
    return cut(title, most)


def cards_label(view: dict[str, Any] | None, seat: int) -> str:
    """A card table panel's title: "P2 Jayden", "P2 CPU Normal" (the panel's colour says the seat's)."""
    return f"P{seat + 1} " + name(view, seat)


def waiting_words(view: dict[str, Any] | None, seat: int) -> str:
    """What the table says after a remote seat's name while it is to play."""
    s = view_seat(view, seat)
    if s is not None and s.get("kind") == "computer":
        return "is thinking"
    if s is not None and s.get("joined") and not s.get("connected"):
        return "lost the connection - waiting"
    return "is to play"


__all__ = ["cards_label", "is_lost", "lost", "name", "numbered", "plain_name", "seat_title", "view_seat",
           "waiting_words"]
