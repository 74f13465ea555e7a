"""Makes the README's Play online pictures: the real screens, driven headless, on loopback only.

Run: python tools/make_online_screenshots.py [--out docs/screenshots]

A headless game hosts on 127.0.0.1 with a free port and announces nothing
(its ``OnlineConfig(local=True)``); a bare client plays the other seat. Two things
on the pictures are set for the reader rather than found: the LAN address
shown in the waiting room (203.0.113.20, port 8765) and the games listed by
*Find on this network* (a stand-in list: a headless game never browses).
"""

from __future__ import annotations

import random
import sys
import time
from dataclasses import replace
from pathlib import Path

from online_shots import Driver, guest_move, run


def main(argv: list[str] | None = None) -> int:
    return run(__doc__, argv, lambda args, home: shoot(args.out))


def shoot(out: Path) -> None:
    from jayden_jazz.jayden import Action
    from jayden_jazz.net.discovery import HostedGame
    from jayden_jazz.scenes.jayden.board import JaydenScene
    from jayden_jazz.scenes.online.lobby import LobbyScene

    d = Driver(out)
    d.app.online = replace(d.app.online, server_args=("--seat-timeout", "3"))
    app, step, press, until = d.app, d.step, d.press, d.until

    def shot(name: str) -> None:
        d.shot(name, render=True)

    d.open_online()
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
    guest, sc = d.guest_joins(lobby, JaydenScene)
    rng = random.Random(3)
    acted = -1
    while sc.seats.view_msg["ply"] < 16:
        step()
        time.sleep(0.003)
        acted = guest_move(guest, rng, acted)
        v = sc.seats.view_msg
        if v["status"] == "playing" and v["to_move"] == 0 and v["legal"] and sc.seats.why_not_now() == "" \
                and sc.seats.shown is v:
            a = Action.from_text(rng.choice(v["legal"]))
            sc.press(a.src)
            sc.press(a.dst)
    until(lambda: sc.seats.view_msg["to_move"] == 0 and sc.seats.why_not_now() == "")
    press("h")                                    # the host allowed hints: the Hard level, on this machine
    until(lambda: bool(sc.table is not None and sc.table.hint), 120)
    shot("online_jayden_hint")
    press("escape", "escape")                     # the menu opened and closed: the hint's words are read
    guest.close()
    until(lambda: sc.seats.presence.away and any("waiting 2 s" in t for t, _ in sc.notes()))
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

    d.app.online = replace(d.app.online, finder=Listed)
    d.open_online()
    press("down", "down", "return")
    step(40)
    shot("online_find")
    d.open_online()
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
