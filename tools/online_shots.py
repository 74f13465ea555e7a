"""What the online screenshot tools share: a throw-away home, a headless app
driven frame by frame, and a bare client playing the other seat.

Kept apart so the three ``make_online_*`` tools differ only in the screens they
visit; nothing here binds anything but what the game itself hosts on 127.0.0.1.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent


def run(doc: str, argv: list[str] | None, shoot: Callable[[argparse.Namespace, Path], None],
        more: Callable[[argparse.ArgumentParser], None] | None = None) -> int:
    """Parses ``--out`` (and what ``more`` adds), then shoots with a fresh game home that is gone after."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    if more is not None:
        more(parser)
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as home:
        os.environ["JAYDEN_JAZZ_HOME"] = home
        sys.path.insert(0, str(ROOT))
        shoot(args, Path(home))
    return 0


class Driver:
    """A headless app with instant animation; ``pause`` is the sleep between frames while waiting."""

    def __init__(self, out: Path, pause: float = 0.005) -> None:
        from jayden_jazz.app import make_app

        self.app = make_app(["--headless"])
        self.app.settings["animation"] = "instant"
        self.out = out
        self.pause = pause

    def step(self, frames: int = 1) -> None:
        from jayden_jazz.shell.loop import STEP

        app = self.app
        for _ in range(frames):
            app._feed_script()
            app._process_events()
            app.step.advance(STEP, app._update)
            app.render()

    def press(self, *names: str) -> None:
        import pygame

        from jayden_jazz.shell.input import key_code

        for name in names:
            code = key_code(name)
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))
            self.step()

    def until(self, test: Callable[[], Any], seconds: float = 60.0) -> None:
        end = time.monotonic() + seconds
        while not test():
            if time.monotonic() > end:
                raise SystemExit(f"the screens did not get there in {seconds} s")
            self.step()
            time.sleep(self.pause)

    def save(self, path: Path) -> None:
        import pygame

        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.app.display.logical, str(path))
        print(path)

    def shot(self, name: str, render: bool = False) -> None:
        """One more frame (and, with ``render``, one more drawing) then ``<out>/<name>.png``."""
        self.step()
        if render:
            self.app.render()
        self.save(self.out / f"{name}.png")

    def guest_joins(self, lobby: Any, scene_type: type) -> tuple[Any, Any]:
        """A bare client "Jazz" joins the hosted game by its code; it and the screen's game scene once shown."""
        from jayden_jazz.net.client import NetClient

        guest = NetClient(lobby.link.url, name="Jazz").start()
        guest.join(lobby.link.code)
        self.until(lambda: isinstance(self.app.stack.top, scene_type))
        return guest, self.app.stack.top

    def open_online(self) -> None:
        """The Play online screen over the menu, nothing else on the stack."""
        self.app.stack.clear()
        self.app.stack.push(self.app.scene("menu"))
        self.app.stack.push(self.app.scene("online"))


def guest_move(guest: Any, rng: random.Random, acted: int) -> int:
    """One poll of the bare client in seat 1; plays a random legal move once per turn. Returns the last ply acted on."""
    guest.poll()
    gv = guest.view
    if gv and gv["status"] == "playing" and gv["to_move"] == 1 and guest.pending is None and gv["ply"] > acted:
        acted = gv["ply"]
        guest.send_action(rng.choice(gv["legal"]), gv["ply"])
    return acted
