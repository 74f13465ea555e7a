"""The server's errors in a player's words, and what a player types read: addresses, join codes."""

from __future__ import annotations

import re
from typing import Any

from jayden_jazz.online.config import DEFAULT_PORT

WATCHING = "You are watching: only the players act"
GAME_LOST = "The server lost this game: it could not be saved. Nothing more can be played in it."
GAME_LOST_LINE = "The server lost this game: it could not be saved. No more play in it."   # one status line

ERROR_WORDS = {
    "no_game": "There is no game with that code on this server: check the code (letters and digits, "
               "as the host's screen shows it).",
    "no_free_seat": "Every seat of that game is taken.",
    "seat_taken": "That seat is taken.",
    "not_waiting": "That game is over.",
    "spectator": WATCHING,
    "wrong_token": "This machine's key to that seat does not fit any more (the game was replaced).",
    "server_full": "The server holds as many players as it can; try again later.",
    "too_many_games": "The server holds as many games as it can; try again later.",
    "not_your_turn": "It is not your turn.",
    "rate_limited": "Too many messages at once; the last one was dropped.",
    "too_many_connections": "Too many connections from your address to this server; close another "
                            "copy of the game and try again.",
    "game_lost": "The server could not record this game and has stopped it (its log says why).",
    "internal": "The server failed on our last message and closed the connection (its log says why).",
}


def words(msg: dict[str, Any]) -> str:
    """An error from the server as a player reads it: our words where we have them, else the server's."""
    code = str(msg.get("code") or "")
    if code in ERROR_WORDS:
        return ERROR_WORDS[code]
    text = str(msg.get("message") or code or "the server refused")
    if code == "version":
        return f"This game and the server speak different protocol versions ({text}). Both players need the same version of Jayden & Jazz."
    if code == "stale_ply":
        return "The game had moved on; the board now shows it as it stands."
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def server_url(text: str) -> str:
    """``192.168.1.20``, ``host:8765`` or ``ws://host:8765`` as a WebSocket address.

    Raises ValueError in plain words for anything that is not an address.
    """
    t = text.strip()
    if not t:
        raise ValueError("Type the host's address, as their Play online screen shows it (e.g. 192.168.1.20:8765).")
    t = re.sub(r"^wss?://", "", t, flags=re.I).rstrip("/")
    m = re.fullmatch(r"(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(?::(\d{1,5}))?", t)
    if not m:
        raise ValueError(f"{text.strip()!r} is not an address: write it like 192.168.1.20:8765 or myhost:8765.")
    port = int(m.group(2)) if m.group(2) else DEFAULT_PORT
    if not 0 < port < 65536:
        raise ValueError(f"Port {port} is out of range (1 to 65535).")
    return f"ws://{m.group(1)}:{port}"


def clean_code(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]", "", text).upper()


__all__ = ["ERROR_WORDS", "GAME_LOST", "GAME_LOST_LINE", "WATCHING", "clean_code", "server_url", "words"]
