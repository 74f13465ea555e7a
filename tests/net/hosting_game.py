"""The hosting game as its own process, for the tests that kill it: ``python -m tests.net.hosting_game``.

It is the game's own App (``make_app(["--headless"])``: hosting on
127.0.0.1, a free port), its frames paced by the clock as a window's are,
so connecting and waiting take real time. Lines on stdin say what the
player does; lines on stdout say what the screen shows:

    choose LABEL     pick the menu entry LABEL of the screen on top (Enter on it)
    select LABEL     put the cursor on that entry (to change it with ``keys right``)
    keys K1 K2 ...   press keys
    play             the board on top: click a legal action of this seat (a random one); at the card
                     table, play one through the table's commands
    quit             leave as a player quitting does (every scene closed)

    top NAME                      the screen on top changed
    seated URL CODE SEAT          the link of a waiting room or board on top
    played ACTION | refused WHY   after ``play``

A test SIGKILLs it as a crash would, and starts it again on the same home.
"""

from __future__ import annotations

import os
import queue
import random
import sys
import threading
import time
from dataclasses import replace

FRAME = 1 / 60


def say(line: str) -> None:
    print(line, flush=True)


def main() -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from jayden_jazz.app import make_app
    from jayden_jazz.online.hosting import wait_all_stopped
    from tests.helpers import click, press, step

    app = make_app(["--headless"])
    app.online = replace(app.online, server_args=("--rate", "2000", "--seat-timeout", "1"))
    app.settings["animation"] = "instant"
    commands: queue.Queue[str | None] = queue.Queue()

    def read() -> None:
        for line in sys.stdin:
            commands.put(line.strip())
        commands.put(None)

    threading.Thread(target=read, daemon=True).start()
    rng = random.Random(int(os.environ.get("HOSTING_GAME_SEED", "1")))
    top_name = ""
    seated = ""
    while len(app.stack):
        try:
            command = commands.get_nowait()
        except queue.Empty:
            command = ""
        if command is None or command == "quit":
            app.stack.clear()
            break
        top = app.stack.top
        if command.startswith(("choose ", "select ")):
            label = command.split(" ", 1)[1]
            items = [i.label for i in top.menu.items]
            top.menu.index = items.index(label)
            if command.startswith("choose "):
                press(app, "return")
        elif command.startswith("keys "):
            press(app, *command.split()[1:])
        elif command == "play":
            say(play_cards(top, rng) if type(top).__name__ == "CardsTableScene" else play(app, top, rng, click))
        step(app, 1)
        top = app.stack.top
        if type(top).__name__ != top_name:
            top_name = type(top).__name__
            say(f"top {top_name}")
        link = getattr(getattr(top, "seats", top), "link", None)     # the Jayden board's link is its seats'

        if link is not None and f"{link.url} {link.code} {link.seat}" != seated:
            seated = f"{link.url} {link.code} {link.seat}"
            say(f"seated {seated}")
        time.sleep(FRAME)
    wait_all_stopped(10)            # as the game's own loop does when it ends
    say("quit")
    return 0


def play(app, sc, rng: random.Random, click) -> str:
    """The person at the board: a legal action of theirs, clicked piece then target."""
    from jayden_jazz.jayden import Action
    from jayden_jazz.scenes.jayden.render import square_rect

    board, sc = sc, getattr(sc, "seats", None)
    v = getattr(sc, "view_msg", None)
    if v is None or v["status"] != "playing" or v["to_move"] != v["you"] or not v["legal"]:
        return "refused not this seat's turn"
    if sc.shown is not v:
        return "refused the board is still catching up"
    why = sc.why_not_now()
    if why:
        return f"refused {why}"
    text = rng.choice(v["legal"])
    act = Action.from_text(text)
    for sq in (act.src, act.dst):
        r = square_rect(sq, board.flip)
        click(app, r.centerx, r.centery)
    return f"played {text}" if sc.sent_ply == v["ply"] else f"refused the click did not send {text}"


def play_cards(table, rng: random.Random) -> str:
    """The person at the card table: a legal action of theirs, through the table's own commands."""
    from jayden_jazz.tables.cards.flow import Phase

    online = table.online
    if online is None or table.phase != Phase.TURN or table.controller.game.to_move != online.seat:
        return "refused not this seat's turn"
    legal = [str(a) for a in table.controller.game.legal_actions()]
    text = rng.choice(legal)
    table.controller.play(online.seat, table.controller.game.parse_action(text))
    return f"played {text}"


if __name__ == "__main__":
    sys.exit(main())
