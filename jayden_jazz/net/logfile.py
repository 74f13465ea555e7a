"""The server's log file: private to its owner and rotated, so a long-running host neither
shows its players' names to other users of the machine nor fills the disk."""

from __future__ import annotations

import logging
import os
from logging.handlers import RotatingFileHandler
from pathlib import Path
import io

LOG_BYTES = 1024 * 1024
LOG_BACKUPS = 3
"""``server.log`` up to 1 MiB, then ``server.log.1`` .. ``.3``: at most 4 MiB of log."""

FORMAT = "%(asctime)s %(levelname)s %(message)s"


class PrivateRotatingHandler(RotatingFileHandler):
    """A RotatingFileHandler whose files (the first and every one after a rotation) are 0600."""

    def _open(self) -> io.TextIOWrapper:
        fd = os.open(self.baseFilename, os.O_WRONLY | os.O_CREAT | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0), 0o600)
        try:
            if os.fstat(fd).st_mode & 0o077:
                os.fchmod(fd, 0o600)
        except OSError:
            pass
        stream = os.fdopen(fd, "a", encoding=self.encoding or "utf-8", errors="backslashreplace")
        assert isinstance(stream, io.TextIOWrapper)
        return stream


def log_to(path: Path) -> logging.Handler:
    """Send the server's log to ``path`` (rotated, private) instead of stderr."""
    handler = PrivateRotatingHandler(path, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8")
    handler.setFormatter(logging.Formatter(FORMAT))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    return handler


__all__ = ["LOG_BACKUPS", "LOG_BYTES", "log_to"]
