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
import random
import time
from pathlib import Path

from online_shots import Driver, guest_move, run


def main(argv: list[str] | None = None) -> int:
    def more(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--hidden", type=Path, default=None)

    def shoot_either(args: argparse.Namespace, home: Path) -> None:
        if args.hidden is not None:
            shoot_hidden(args.hidden)
        else:
            shoot(args.out)

    return run(__doc__, argv, shoot_either, more)


def shoot(out: Path) -> None:
    from jayden_jazz.net.client import NetClient
    from jayden_jazz.scenes.cards.table import CardsTableScene
    from jayden_jazz.tables.cards.flow import Phase

    d = Driver(out)
    app, step, press, until, shot = d.app, d.step, d.press, d.until, d.shot

    d.open_online()
    press("return", "up", "up", "up", "up", "up", "right")  # Host a game, Game: Card game
    press("down", "down", "down", "right")                  # Hands: Open
    shot("online_cards_host")
    host = app.stack.top
    host.menu.index = len(host.menu.items) - 2
    press("return")                                         # Start hosting
    until(lambda: type(app.stack.top).__name__ == "HandChoiceScene")
    app.stack.top.random_fill()                             # Random hand (Ctrl+R)
    press("return")                                         # Done
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
    c = table.controller                         # the tool checks the engine's game itself
    while len(c.game.history) < 4 or not (table.phase == Phase.TURN and c.game.to_move == 0):
        step()
        time.sleep(0.003)
        acted = guest_move(guest, rng, acted)
        if table.phase == Phase.TURN and c.game.to_move == 0 and app.stack.top is table \
                and len(c.game.history) < 4:
            c.play(0, c.game.parse_action(rng.choice([str(a) for a in c.game.legal_actions()])))
    shot("online_cards_table")
    guest.close()
    app.stack.clear()


def shoot_hidden(path: Path) -> None:
    from jayden_jazz.scenes.cards.table import CardsTableScene
    from jayden_jazz.tables.cards.flow import Phase

    d = Driver(path.parent)
    app, step, until = d.app, d.step, d.until

    d.open_online()
    step()
    host = app.scene("online-host")
    app.stack.push(host)
    host.values.update({"game": 1, "open": 1, "hand_rules": 1, "random": 1})   # Hidden, Three Open
    host.build_menu()
    host.start()
    until(lambda: type(app.stack.top).__name__ == "LobbyScene")
    lobby = app.stack.top
    guest, table = d.guest_joins(lobby, CardsTableScene)
    rng = random.Random(5)
    acted = -1
    while table.online.ply(table) < 2 or not (table.phase == Phase.TURN and table.controller.game.to_move == 0) \
            or table.controller.show is not None and not table.controller.show.done:
        step()
        time.sleep(0.003)
        acted = guest_move(guest, rng, acted)
        if table.phase == Phase.TURN and table.controller.game.to_move == 0 and app.stack.top is table \
                and table.online.ply(table) < 2:
            table.controller.play(0, rng.choice(table.controller.game.legal_actions()))
    step(3)
    d.save(path)
    guest.close()
    app.stack.clear()


if __name__ == "__main__":
    raise SystemExit(main())
