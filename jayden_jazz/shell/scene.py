"""The scene stack: title menu, games and overlay windows.

Modelled on a state manager: every ``pause`` has a matching ``resume``;
drawing starts at the topmost scene that covers the whole screen and works
upward, so a menu window over the board costs nothing extra to support.
Scenes get actions, never raw events, and ``draw`` never changes state.

The loop draws only when the picture changes (see ``Scene.redraw_in``): input
a scene handles and scenes coming and going count as changes by themselves,
and a scene that says nothing is drawn every tick, so idling is opt-in and a
forgotten case costs power, never a stale picture.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator

if TYPE_CHECKING:  # pragma: no cover
    import pygame

    from jayden_jazz.shell.appview import AppView
    from jayden_jazz.shell.input import Action


#: ``redraw_in`` value of a scene that changes every tick (the default).
EVERY_TICK = 1


def ticks_to_next(ticks: int, period: int) -> int:
    """Ticks until ``ticks // period`` next changes: when a blink or a dot count flips."""
    return period - ticks % period


def soonest(*waits: int | None) -> int | None:
    """The nearest of several ``redraw_in`` answers; None only if all are None."""
    known = [w for w in waits if w is not None]
    return min(known) if known else None


class Scene:
    """Base class. ``opaque`` scenes hide everything below them."""

    opaque = True
    #: Fraction of a tick (0..1) that had passed since the last update when the
    #: frame is drawn; set by the stack before every ``draw``. Something moving
    #: from a to b during a tick is smoothest at ``a + (b - a) * self.alpha``.
    alpha = 0.0

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

    # redrawing ---------------------------------------------------------
    def redraw_in(self) -> int | None:
        """Ticks from now until this scene looks different on its own, without input.

        ``EVERY_TICK`` (1, the default) redraws every tick, which is always
        right: keep it while anything moves. Return N when the next change is
        a timer or a blink N ticks away (``ticks_to_next``, ``soonest``), and
        None when nothing changes until input, a computer player's reply or
        ``changed()``. Asked after every tick; draw must then depend only on
        state, never on the clock.
        """
        return EVERY_TICK

    def changed(self) -> None:
        """Redraw at the next tick: for a change neither input nor ``redraw_in`` explains."""
        if self.stack is not None:
            self.stack.changed()

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
        #: The picture on screen is out of date; the loop draws and clears it.
        self.dirty = True

    def changed(self) -> None:
        self.dirty = True

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
        self.dirty = True
        scene.enter()
        return scene

    def pop(self) -> Scene | None:
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        scene.exit()
        scene.stack = None  # type: ignore[assignment]  # off the stack
        self.dirty = True
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
        self.dirty = True
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
        """The top scene gets the action; whatever it did, the picture is redrawn."""
        if self._scenes:
            self.dirty = True
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

    def redraw_in(self) -> int | None:
        """Ticks until any visible scene changes by itself (None: not until something happens)."""
        return soonest(*(scene.redraw_in() for scene in self.visible()))

    def draw(self, surface: "pygame.Surface", alpha: float = 0.0) -> None:
        for scene in self.visible():
            scene.alpha = alpha
            scene.draw(surface)
