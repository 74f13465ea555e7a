"""The unfinished online game, kept in ``online.yaml`` so Continue on the title offers it.

What rejoining needs (server, game, seat, token; the host's port and host
token) is written atomically; a file that does not fit is ignored, never
trusted: it is only ever an offer.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jayden_jazz.online.connector import Link

SESSION_FILE = "online.yaml"
_SESSION_FIELDS = {"url": str, "game": str, "code": str, "seat": int, "token": str, "kind": str, "saved": str}


def session_path(app: Any) -> Path:
    return Path(app.dirs.saves) / SESSION_FILE


def save_session(app: Any, link: Link, kind: str | None = None) -> None:
    """Keep what rejoining needs (server, game, seat, token; the host's port and host token), written
    atomically, so Continue on the title offers the game after the program was closed."""
    import yaml
    from datetime import datetime

    from jayden_jazz.files import atomic_write_text

    token = (link.net.session or {}).get("token")
    if link.seat is None or not token:
        return
    data: dict[str, Any] = {"format": 1, "kind": kind or link.kind, "url": link.url, "game": link.game, "code": link.code,
                            "seat": link.seat, "token": token,
                            "saved": datetime.now().isoformat(timespec="seconds")}
    if link.host_token:
        data["host_token"] = link.host_token
    if link.hosting is not None:
        data["hosted_port"] = link.hosting.port
    try:
        atomic_write_text(session_path(app), yaml.safe_dump(data, sort_keys=False))
    except OSError as e:
        notices = getattr(app, "notices", None)
        if isinstance(notices, list):
            notices.append(f"Could not keep the online game for Continue in {session_path(app)}: {e.strerror or e}.")


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


def forget_session(app: Any, game: str | None = None) -> None:
    """The kept game is finished (or the player gave it up): Continue no longer offers it."""
    path = session_path(app)
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
