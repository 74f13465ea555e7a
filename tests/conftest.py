"""Headless everywhere: tests never open a real window or audio device."""

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402


@pytest.fixture
def user_home(tmp_path, monkeypatch):
    """Every test gets its own empty settings/saves folder."""
    home = tmp_path / "home"
    monkeypatch.setenv("JAYDEN_JAZZ_HOME", str(home))
    return home


@pytest.fixture
def make_app(user_home):
    """Build a headless App the way ``main`` does; closed after the test."""
    from jayden_jazz.app import make_app as _make

    apps = []

    def factory(*argv: str):
        app = _make(["--headless", *argv])
        apps.append(app)
        return app

    yield factory
    for app in apps:
        app.stack.clear()
