"""Pictures of the card game online: the Host screen set for a card game, and card tables mid-game.

Run: python tools/make_online_cards_screenshots.py [--out docs/screenshots] [--hidden docs/screenshots/online_hidden.png]

``--hidden`` takes instead one picture of a table with hidden hands under
Three Open, this seat to move (the other hand face down but
for the cards everybody knows).

The real screens, driven headless; the game is hosted on 127.0.0.1 with a
free port (a headless game hosts on loopback only) and a bare client plays
the other seat.
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
    parser.add_argument("--hidden", type=Path, default=None)
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as home:
        os.environ["JAYDEN_JAZZ_HOME"] = home
        sys.path.insert(0, str(ROOT))
        if args.hidden is not None:
            shoot_hidden(args.hidden)
        else:
            shoot(args.out)
    return 0


def shoot(out: Path) -> None:
    import pygame

    from jayden_jazz.app import make_app
    from jayden_jazz.net.client import NetClient
    from jayden_jazz.scenes.cards.table import CardsTableScene
    from jayden_jazz.shell.input import key_code
    from jayden_jazz.shell.loop import STEP
    from jayden_jazz.tables.cards.flow import Phase

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
        out.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.display.logical, str(out / f"{name}.png"))
        print(out / f"{name}.png")

    app.stack.clear()
    app.stack.push(app.scene("menu"))
    app.stack.push(app.scene("online"))
    press("return", "up", "up", "up", "up", "up", "right")  # Host a game, Game: Card game
    press("down", "down", "down", "right")                  # Hands: Open
    shot("online_cards_host")
    host = app.stack.top
    host.menu.index = len(host.menu.items) - 2
    press("return")                                         # Start hosting
    until(lambda: type(app.stack.top).__name__ == "HandChoiceScene")
    press("r", "return")                                    # Random hand, Done
    lobby = app.stack.top
    guest = NetClient(lobby.link.url, name="Jazz").start()
    guest.join(lobby.link.code)
    mine = set(lobby.hand_sent or [])
    until(lambda: guest.view is not None)
    from jayden_jazz.scenes.cardkit.library import load_library
    guest.choose_hand([c for c in sorted(load_library(app).catalog) if c not in mine][:5])
    until(lambda: isinstance(app.stack.top, CardsTableScene))
    table = app.stack.top
    rng = random.Random(2)
    acted = -1
    while len(table.game.history) < 4 or not (table.phase == Phase.TURN and table.game.to_move == 0):
        step()
        time.sleep(0.003)
        guest.poll()
        gv = guest.view
        if gv and gv["status"] == "playing" and gv["to_move"] == 1 and guest.pending is None and gv["ply"] > acted:
            acted = gv["ply"]
            guest.send_action(rng.choice(gv["legal"]), gv["ply"])
        if table.phase == Phase.TURN and table.game.to_move == 0 and app.stack.top is table \
                and len(table.game.history) < 4:
            table.controller.play(0, table.game.parse_action(rng.choice([str(a) for a in table.game.legal_actions()])))
    shot("online_cards_table")
    guest.close()
    app.stack.clear()


def shoot_hidden(path: Path) -> None:
    import pygame

    from jayden_jazz.app import make_app
    from jayden_jazz.net.client import NetClient
    from jayden_jazz.scenes.cards.table import CardsTableScene
    from jayden_jazz.shell.loop import STEP
    from jayden_jazz.tables.cards.flow import Phase

    app = make_app(["--headless"])
    app.settings["animation"] = "instant"

    def step() -> None:
        app._feed_script()
        app._process_events()
        app.step.advance(STEP, app._update)
        app.render()

    def until(test: Callable[[], Any], seconds: float = 60.0) -> None:
        end = time.monotonic() + seconds
        while not test():
            if time.monotonic() > end:
                raise SystemExit(f"the screens did not get there in {seconds} s")
            step()
            time.sleep(0.005)

    app.stack.clear()
    app.stack.push(app.scene("menu"))
    app.stack.push(app.scene("online"))
    step()
    host = app.scene("online-host")
    app.stack.push(host)
    host.values.update({"game": 1, "open": 1, "hand_rules": 1, "random": 1})   # Hidden, Three Open
    host.build_menu()
    host.start()
    until(lambda: type(app.stack.top).__name__ == "LobbyScene")
    lobby = app.stack.top
    guest = NetClient(lobby.link.url, name="Jazz").start()
    guest.join(lobby.link.code)
    until(lambda: isinstance(app.stack.top, CardsTableScene))
    table = app.stack.top
    rng = random.Random(5)
    acted = -1
    while table.online.ply(table) < 2 or not (table.phase == Phase.TURN and table.game.to_move == 0) \
            or table.show is not None and not table.show.done:
        step()
        time.sleep(0.003)
        guest.poll()
        gv = guest.view
        if gv and gv["status"] == "playing" and gv["to_move"] == 1 and guest.pending is None and gv["ply"] > acted:
            acted = gv["ply"]
            guest.send_action(rng.choice(gv["legal"]), gv["ply"])
        if table.phase == Phase.TURN and table.game.to_move == 0 and app.stack.top is table \
                and table.online.ply(table) < 2:
            table.controller.play(0, rng.choice(table.game.legal_actions()))
    for _ in range(3):
        step()
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.display.logical, str(path))
    print(path)
    guest.close()
    app.stack.clear()


if __name__ == "__main__":
    raise SystemExit(main())
