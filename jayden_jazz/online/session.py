"""The unfinished online game, kept in ``online.yaml`` so Continue on the title offers it.

What rejoining needs (server, game, seat, token; the host's port and host
token) is written atomically; a file that does not fit is ignored, never
trusted: it is only ever an offer.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from jayden_jazz.net.route import base_url
from jayden_jazz.online.connector import Link

SESSION_FILE = "online.yaml"
_SESSION_FIELDS = {"url": str, "game": str, "code": str, "seat": int, "token": str, "kind": str, "saved": str}


def session_path(saves: Path) -> Path:
    """The kept game's file in the player's saves folder (the one Continue on the title reads)."""
    return Path(saves) / SESSION_FILE


def save_session(saves: Path, link: Link, kind: str | None = None,
                 notice: Callable[[str], None] | None = None) -> None:
    """Keep what rejoining needs (server, game, seat, token; the host's port and host token), written
    atomically, so Continue on the title offers the game after the program was closed.

    Only the saves folder is needed, not the app; a write that fails is told through ``notice``
    (the title's notices) because the game itself goes on without it."""
    import yaml
    from datetime import datetime

    from jayden_jazz.files import atomic_write_text

    token = (link.net.session or {}).get("token")
    if link.seat is None or not token:
        return
    # the server's own address: the game's path is made again from the code, so the two never disagree
    data: dict[str, Any] = {"format": 1, "kind": kind or link.kind, "url": base_url(link.url), "game": link.game,
                            "code": link.code,
                            "seat": link.seat, "token": token,
                            "saved": datetime.now().isoformat(timespec="seconds")}
    if link.host_token:
        data["host_token"] = link.host_token
    if link.hosting is not None:
        data["hosted_port"] = link.hosting.port
    try:
        atomic_write_text(session_path(saves), yaml.safe_dump(data, sort_keys=False))
    except OSError as e:
        if notice is not None:
            notice(f"Could not keep the online game for Continue in {session_path(saves)}: {e.strerror or e}.")


def load_session(path: Path) -> dict[str, Any] | None:
    """The kept online game, or None when there is none or the file does not fit (it is then ignored)."""
    import yaml

    try:
        data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return None
    if not isinstance(data, dict):
        return None
    for key, kind in _SESSION_FIELDS.items():
        if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
            return None
    if data["kind"] not in ("jayden", "cards") or not str(data["url"]).startswith("ws://"):
        return None
    if "hosted_port" in data and not (isinstance(data["hosted_port"], int) and 0 <= data["hosted_port"] < 65536):
        return None
    if "host_token" in data and not isinstance(data["host_token"], str):
        return None
    return data


def forget_session(saves: Path, game: str | None = None) -> None:
    """The kept game is finished (or the player gave it up): Continue no longer offers it.

    With ``game`` given, a kept file naming another game (a newer one) is left alone."""
    path = session_path(saves)
    data = load_session(path)
    if game is not None and data is not None and data["game"] != game:
        return
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError:
        pass            # it is read again next time; a finished game there is only offered, never lost


__all__ = ["SESSION_FILE", "forget_session", "load_session", "save_session", "session_path"]
