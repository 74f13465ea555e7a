"""The scene stack: title menu, games and overlay windows.

Modelled on a state manager: every ``pause`` has a matching ``resume``;
drawing starts at the topmost scene that covers the whole screen and works
upward, so a menu window over the board costs nothing extra to support.
Scenes get actions, never raw events, and ``draw`` never changes state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator

if TYPE_CHECKING:  # pragma: no cover
    import pygame

    from jayden_jazz.shell.appview import AppView
    from jayden_jazz.shell.input import Action


class Scene:
    """Base class. ``opaque`` scenes hide everything below them."""

    opaque = True

    def __init__(self, app: "AppView") -> None:
        self.app = app
        # The stack the scene is on. Scenes only act (handle, update, draw, open
        # windows) while on one, so it is typed as present; before the first push
        # and after a pop it is None at run time, and code that can run then checks.
        self.stack: SceneStack = None  # type: ignore[assignment]

    # lifecycle -------------------------------------------------------
    def enter(self) -> None:
        """Pushed (or swapped in) on the stack."""

    def exit(self) -> None:
        """Popped or replaced; release what it holds (worker processes...)."""

    def pause(self) -> None:
        """Another scene was pushed on top."""

    def resume(self) -> None:
        """The scene above was popped."""

    # per frame -------------------------------------------------------
    def handle(self, action: "Action") -> None:
        """One input action; only the top scene receives them."""

    def update(self) -> None:
        """One fixed tick (1/60 s). Only the top scene updates by default."""

    def draw(self, surface: "pygame.Surface") -> None:
        """Draw with palette indices; never change state here."""

    # helpers -----------------------------------------------------------
    def close(self) -> None:
        """Pop this scene if it is on top."""
        if self.stack is not None and self.stack.top is self:
            self.stack.pop()

    def menu_pick(self, menu: Any, action: "Action") -> Any:
        """The menu item an action chose, or None; Esc (BACK) closes the scene.

        Every menu screen answers Esc the same way, so a player can always
        back out of one without reading it.
        """
        from jayden_jazz.shell.input import Kind
        if action.kind == Kind.BACK:
            self.close()
            return None
        return menu.handle(action)


class PlayScene(Scene):
    """A scene where people play and a computer player may think in a worker process.

    ``helper_attr`` names the attribute holding that worker (None until first
    used). It is closed when the scene leaves the stack, so no process outlives
    its game; and keys held when a window opened on top are forgotten when it
    closes, so they do not go on repeating behind the player's back.
    """

    helper_attr = "worker"

    def exit(self) -> None:
        helper = getattr(self, self.helper_attr, None)
        if helper is not None:
            helper.close()
            setattr(self, self.helper_attr, None)

    def resume(self) -> None:
        self.app.input.release_all()


class SceneStack:
    def __init__(self) -> None:
        self._scenes: list[Scene] = []

    def __len__(self) -> int:
        return len(self._scenes)

    def __iter__(self) -> Iterator[Scene]:
        return iter(list(self._scenes))

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def push(self, scene: Scene) -> Scene:
        if self._scenes:
            self._scenes[-1].pause()
        scene.stack = self
        self._scenes.append(scene)
        scene.enter()
        return scene

    def pop(self) -> Scene | None:
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        scene.exit()
        scene.stack = None  # type: ignore[assignment]  # off the stack
        if self._scenes:
            self._scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> Scene:
        """Swap the top scene without waking the one below it."""
        if self._scenes:
            old = self._scenes.pop()
            old.exit()
            old.stack = None  # type: ignore[assignment]  # off the stack
        scene.stack = self
        self._scenes.append(scene)
        scene.enter()
        return scene

    def clear(self) -> None:
        while self._scenes:
            self.pop()

    def pop_to(self, scene_type: type) -> Scene | None:
        """Pop until a scene of this type is on top (e.g. back to the title)."""
        while self._scenes and not isinstance(self._scenes[-1], scene_type):
            self.pop()
        return self.top

    def handle(self, action: "Action") -> None:
        if self._scenes:
            self._scenes[-1].handle(action)

    def update(self) -> None:
        if self._scenes:
            self._scenes[-1].update()

    def visible(self) -> list[Scene]:
        """Scenes to draw, bottom first: from the topmost opaque one up."""
        start = 0
        for i in range(len(self._scenes) - 1, -1, -1):
            if self._scenes[i].opaque:
                start = i
                break
        return self._scenes[start:]

    def draw(self, surface: "pygame.Surface") -> None:
        for scene in self.visible():
            scene.draw(surface)
