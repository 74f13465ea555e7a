"""The Play online screens' door to :mod:`jayden_jazz.online`, and the steps they share.

What the screens drive -- hosting, announcing, connecting, the kept
session, the words for errors -- lives in the pygame-free
:mod:`jayden_jazz.online` package and is named here for the screens
(``L.Connector``, ``L.words``...). What is the screens' own: reading the
game's :class:`~jayden_jazz.online.config.OnlineConfig` (the app's
``online``), making a Connector or a Hosting with it, and following an
attempt to take a seat frame by frame.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from jayden_jazz.online.announce import Announcement
from jayden_jazz.online.config import DEFAULT_PORT, LISTEN, LOOPBACK, NoFinder, OnlineConfig
from jayden_jazz.online.connector import Connector, Link
from jayden_jazz.online.hosting import Hosting
from jayden_jazz.online.session import SESSION_FILE, forget_session, load_session, save_session, session_path
from jayden_jazz.online.words import (ERROR_WORDS, GAME_LOST, GAME_LOST_LINE, WATCHING, clean_code, server_url,
                                      words)

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView
    from jayden_jazz.shell.scene import SceneStack

_HEADLESS = OnlineConfig(local=True)
_REAL = OnlineConfig()


class Seeking(Protocol):
    """A screen that tries to take a seat (Join, Host, Find, Continue...): several screens with no
    common base, so what :func:`follow_connector` needs of them is said here."""

    app: AppView
    stack: SceneStack
    connector: Connector | None


class SeekingAloud(Seeking, Protocol):
    """A :class:`Seeking` screen that shows a failed attempt on its own error line."""

    error: str


def config(app: AppView) -> OnlineConfig:
    """The online settings this game runs with: the app's own, else those its kind of run implies
    (a headless game keeps to this machine)."""
    given = getattr(app, "online", None)
    if isinstance(given, OnlineConfig):
        return given
    return _HEADLESS if getattr(app, "headless", False) else _REAL


def local_only(app: AppView) -> bool:
    """A headless game (tests, screenshots) never listens on or looks at the network beyond this machine."""
    return config(app).local


def make_finder(app: AppView) -> Any:
    """The LAN browser (*Find on this network*) the game's settings name."""
    return config(app).make_finder()


def connector(app: AppView, url: str, **how: Any) -> Connector:
    """A :class:`Connector` with the game's online settings."""
    return Connector(url, config=config(app), **how)


def hosting(app: AppView, port: int | None = None) -> Hosting:
    """This machine's server for the game, in the user data folder's ``server/`` (OSError when that
    folder cannot be made), listening where the game's settings say (``port``: the one kept)."""
    cfg = config(app)
    return Hosting(Path(app.dirs.data) / "server", cfg.listen(port), server_args=cfg.server_args)


def follow_connector(scene: Seeking) -> str | None:
    """One frame of a screen's attempt to take a seat (``scene.connector``).

    Once seated the screen gives way to the waiting room; when the attempt
    fails it is dropped and its reason returned, for the screen to show.
    """
    c = scene.connector
    if c is None:
        return None
    c.update()
    if c.error:
        scene.connector = None
        return str(c.error)
    if c.link is not None:
        scene.connector = None
        scene.stack.replace(scene.app.scene("online-lobby", link=c.link))
    return None


def follow_connector_or_say(scene: SeekingAloud) -> None:
    """:func:`follow_connector` for a screen that shows a failed attempt on its own error line."""
    error = follow_connector(scene)
    if error:
        scene.error = error
        scene.app.sound.play("refusal")


def stop_connector(scene: Seeking) -> bool:
    """Give up a screen's attempt to take a seat; False when there was none."""
    if scene.connector is None:
        return False
    scene.connector.cancel()
    scene.connector = None
    return True


__all__ = ["Announcement", "Connector", "DEFAULT_PORT", "ERROR_WORDS", "GAME_LOST", "GAME_LOST_LINE", "Hosting",
           "LISTEN", "LOOPBACK", "Link", "NoFinder", "OnlineConfig", "SESSION_FILE", "Seeking", "SeekingAloud", "WATCHING", "clean_code",
           "config", "connector", "follow_connector", "follow_connector_or_say", "forget_session", "hosting",
           "load_session", "local_only", "make_finder", "save_session", "server_url", "session_path",
           "stop_connector", "words"]
