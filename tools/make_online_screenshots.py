"""Makes the README's Play online pictures: the real screens, driven headless, on loopback only.

Run: python tools/make_online_screenshots.py [--out docs/screenshots]

A headless game hosts on 127.0.0.1 with a free port and announces nothing
(``scenes/online/link.py``); a bare client plays the other seat. Two things
on the pictures are set for the reader rather than found: the LAN address
shown in the waiting room (203.0.113.20, port 8765) and the games listed by
*Find on this network* (a stand-in list: a headless game never browses).
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as home:
        os.environ["JAYDEN_JAZZ_HOME"] = home
        sys.path.insert(0, str(ROOT))
        shoot(args.out)
    return 0


def shoot(out: Path) -> None:
    import pygame

    from jayden_jazz.app import make_app
    from jayden_jazz.jayden import Action
    from jayden_jazz.net.client import NetClient
    from jayden_jazz.net.discovery import HostedGame
    from jayden_jazz.scenes.online import link as L
    from jayden_jazz.scenes.online.jayden import OnlineJaydenScene
    from jayden_jazz.scenes.online.lobby import LobbyScene
    from jayden_jazz.shell.input import key_code
    from jayden_jazz.shell.loop import STEP

    L.SERVER_ARGS = ["--seat-timeout", "3"]
    app = make_app(["--headless"])
    app.settings["animation"] = "instant"

    def step(frames: int = 1) -> None:
        for _ in range(frames):
            app._feed_script()
            app._process_events()
            app.step.advance(STEP, app._update)
            app.render()

    def press(*names: str) -> None:
        for name in names:
            code = key_code(name)
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))
            step()

    def until(test: Callable[[], Any], seconds: float = 60.0) -> None:
        end = time.monotonic() + seconds
        while not test():
            if time.monotonic() > end:
                raise SystemExit(f"the screens did not get there in {seconds} s")
            step()
            time.sleep(0.005)

    def shot(name: str) -> None:
        step()
        app.render()
        out.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.display.logical, str(out / f"{name}.png"))
        print(out / f"{name}.png")

    app.stack.clear()
    app.stack.push(app.scene("menu"))
    app.stack.push(app.scene("online"))
    press("return", "up", "right", "up", "up")    # Host a game, Hints: Allowed, cursor on the opponent
    shot("online_host")
    press("down", "down", "down", "return")       # Start hosting
    until(lambda: isinstance(app.stack.top, LobbyScene))
    lobby = app.stack.top
    assert lobby.link.hosting is not None
    lobby.addresses = ["203.0.113.20"]
    real_port, lobby.link.hosting.port = lobby.link.hosting.port, 8765
    shot("online_waiting_room")
    lobby.link.hosting.port = real_port
    guest = NetClient(lobby.link.url, name="Jazz").start()
    guest.join(lobby.link.code)
    until(lambda: isinstance(app.stack.top, OnlineJaydenScene))
    sc = app.stack.top
    rng = random.Random(3)
    acted = -1
    while sc.view_msg["ply"] < 16:
        step()
        time.sleep(0.003)
        guest.poll()
        gv, v = guest.view, sc.view_msg
        if gv and gv["status"] == "playing" and gv["to_move"] == 1 and guest.pending is None and gv["ply"] > acted:
            acted = gv["ply"]
            guest.send_action(rng.choice(gv["legal"]), gv["ply"])
        if v["status"] == "playing" and v["to_move"] == 0 and v["legal"] and sc.why_not_now() == "" \
                and sc.shown is v:
            a = Action.from_text(rng.choice(v["legal"]))
            sc.press(a.src)
            sc.press(a.dst)
    until(lambda: sc.view_msg["to_move"] == 0 and sc.why_not_now() == "")
    press("h")                                    # the host allowed hints: the Hard level, on this machine
    until(lambda: bool(sc.table is not None and sc.table.hint), 120)
    shot("online_jayden_hint")
    guest.close()
    until(lambda: sc.presence.away and any("waiting 2 s" in t for t, _ in sc.notes()))
    shot("online_player_away")
    until(lambda: app.stack.top is not sc)
    shot("online_host_choice")
    press("return")
    app.stack.clear()

    class Listed:
        def games(self) -> list[HostedGame]:
            return [HostedGame("Jazz's laptop", "203.0.113.20", 8765, "jayden", "K7QW2M", 1, 1, True),
                    HostedGame("Lori", "203.0.113.31", 8765, "jayden", "P3XR8D", 0, 1, False)]

        def close(self) -> None:
            pass

    L.make_finder = lambda app: Listed()
    app.stack.push(app.scene("menu"))
    app.stack.push(app.scene("online"))
    press("down", "down", "return")
    step(40)
    shot("online_find")
    app.stack.clear()
    app.stack.push(app.scene("menu"))
    app.stack.push(app.scene("online"))
    press("down", "return")
    for ch in "203.0.113.20:8765":
        press(ch)
    press("return")
    for ch in "k7qw2m":
        press(ch)
    shot("online_join")
    app.stack.clear()


if __name__ == "__main__":
    sys.exit(main())
