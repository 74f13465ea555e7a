"""What the Play online screens share of their own: the game's online settings, and taking a seat.

Hosting, announcing, connecting, the kept session and the words for
errors live in the pygame-free :mod:`jayden_jazz.online` package, and
the screens import them from there (``online.connector``,
``online.words``...); nothing of it is named again here. What this module
holds is the screens': reading the game's
:class:`~jayden_jazz.online.config.OnlineConfig` (the app's ``online``,
else what a headless run implies), making a Connector, a Hosting or a LAN
browser with it, and following an attempt to take a seat frame by frame
(:class:`Seeking`, :func:`follow_connector`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from jayden_jazz.online.config import OnlineConfig
from jayden_jazz.online.connector import Connector
from jayden_jazz.online.hosting import Hosting

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


__all__ = ["Seeking", "SeekingAloud", "config", "connector", "follow_connector", "follow_connector_or_say",
           "hosting", "local_only", "make_finder", "stop_connector"]
