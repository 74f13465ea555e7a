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


class AppFactory:
    """Makes headless Apps; ``online(...)`` changes the Play online settings (an
    :class:`~jayden_jazz.online.config.OnlineConfig`) of the apps made so far and to come."""

    def __init__(self) -> None:
        self.apps: list = []
        self.config = None

    def __call__(self, *argv: str):
        from jayden_jazz.app import make_app as _make

        app = _make(["--headless", *argv])
        if self.config is not None:
            app.online = self.config
        self.apps.append(app)
        return app

    def online(self, **changes):
        """The online settings with ``changes`` (e.g. ``server_args=...``, ``connect_ticks=30``), for
        every app of the test; returns them."""
        from dataclasses import replace

        from jayden_jazz.online.config import OnlineConfig

        self.config = replace(self.config or OnlineConfig(local=True), **changes)
        for app in self.apps:
            app.online = self.config
        return self.config


@pytest.fixture
def make_app(user_home):
    """Build a headless App the way ``main`` does; closed after the test."""
    factory = AppFactory()
    yield factory
    for app in factory.apps:
        app.stack.clear()


@pytest.fixture(scope="session")
def pg_cluster():
    """A throwaway PostgreSQL cluster for the session (tests/pgcluster.py): the stores' tests and
    the cluster's share it; each test makes its own database with ``new_database()``."""
    from tests.pgcluster import start_cluster

    yield from start_cluster()


@pytest.fixture
def sounds(monkeypatch):
    """What the screens played, by name (the refusal sound is part of saying no)."""
    played: list[str] = []

    def record(app) -> list[str]:
        monkeypatch.setattr(app.sound, "play", played.append)
        return played
    return record
