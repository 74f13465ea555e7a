"""A game's place in a server address: ``<base url>/game/<CODE>``.

With several server processes behind a proxy, the proxy hashes the path of
the connection's URL, so every connection naming one game reaches the one
process holding it. The client therefore puts the game's join code in the
path as soon as it knows it; a single server accepts any path, and for it
the path changes nothing. Kept apart from the client so the server side and
the tools can build and read these paths the same way without the client.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit, urlunsplit

CODE_CHARS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""The characters of a join code (the lobby's alphabet; a test holds the two equal)."""
CODE_LENGTH = 6
PREFIX = "/game/"

_CODE = re.compile(f"[{CODE_CHARS}]{{{CODE_LENGTH}}}")


def code_of(key: str) -> str | None:
    """The join code ``key`` names, as people type it (any case, a dash or spaces), or None when
    ``key`` is not a code (a game id, say: its code is known only once the server answers)."""
    code = key.upper().replace("-", "").replace(" ", "")
    return code if _CODE.fullmatch(code) else None


def game_path(code: str) -> str:
    """The path naming the game whose join code is ``code``."""
    found = code_of(code)
    if found is None:
        raise ValueError(f"not a game code: {code!r}")
    return PREFIX + found


def base_url(url: str) -> str:
    """``url`` without a game's path or a trailing slash: what a game's path is put after."""
    parts = urlsplit(url)
    path = parts.path
    if path.startswith(PREFIX) and code_of(path[len(PREFIX):].rstrip("/")) is not None:
        path = ""
    return urlunsplit((parts.scheme, parts.netloc, path.rstrip("/"), "", ""))


def url_for(url: str, path: str) -> str:
    """The address to connect to: the base of ``url`` with ``path`` (a game's, or "" for the lobby).
    A path that is not a game's (what a server sent, say) is never followed: the lobby's is used."""
    base = base_url(url)
    if path.startswith(PREFIX) and code_of(path[len(PREFIX):]) is not None:
        return base + PREFIX + path[len(PREFIX):].upper()
    return base


def code_in(url: str) -> str | None:
    """The game code named by ``url``'s path, if any."""
    path = urlsplit(url).path
    if path.startswith(PREFIX):
        return code_of(path[len(PREFIX):].rstrip("/"))
    return None


__all__ = ["CODE_CHARS", "CODE_LENGTH", "PREFIX", "base_url", "code_in", "code_of", "game_path", "url_for"]
