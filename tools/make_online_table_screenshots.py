"""Makes two pictures of network play for docs/network.md: the card table waiting for a player who lost
the connection with the host's choice open, and the Jayden board asking about a draw offer.

Run: python tools/make_online_table_screenshots.py [--out docs/screenshots]

A game server runs in a thread on 127.0.0.1 (a free port); the screen is one seat (and the host),
a bare client the other. Loopback only.
"""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any, Callable

from online_shots import Driver, run


def main(argv: list[str] | None = None) -> int:
    return run(__doc__, argv, lambda args, home: shoot(args.out, home / "server"))


def serve(data: Path) -> tuple[str, Callable[[], None]]:
    """A game server in a thread (seats may be given up after 3 s); its address and how to stop it."""
    from jayden_jazz.net.server import GameServer, Limits

    loop = asyncio.new_event_loop()
    ready = threading.Event()
    port: list[int] = []
    stop: list[asyncio.Future[None]] = []

    async def run() -> None:
        server = GameServer(data, Limits(seat_timeout=3.0, presence_interval=1.0))
        port.append(await server.start("127.0.0.1", 0))
        stop.append(loop.create_future())
        ready.set()
        await stop[0]
        await server.close()

    thread = threading.Thread(target=lambda: loop.run_until_complete(run()), daemon=True)
    thread.start()
    ready.wait(20)

    def end() -> None:
        loop.call_soon_threadsafe(stop[0].set_result, None)
        thread.join(10)

    return f"ws://127.0.0.1:{port[0]}", end


def shoot(out: Path, data: Path) -> None:
    from jayden_jazz.net.client import NetClient
    from jayden_jazz.online.connector import Link
    from jayden_jazz.scenes.cards.table import CardsTableScene
    from jayden_jazz.scenes.jayden.board import JaydenScene

    d = Driver(out, pause=1 / 60)      # about real time, so the waiting counter counts seconds
    app, until, shot = d.app, d.until, d.shot

    def seat(kind: str, setup: dict[str, Any]) -> tuple[NetClient, Any]:
        guest = NetClient(url, name="Jayden").start()
        guest.create(kind, setup, [{"kind": "human"}, {"kind": "human"}])
        created = guest.wait_for(lambda m: m["type"] == "created")
        guest.join(created["game"], seat=1)
        guest.wait_for(lambda m: m["type"] == "joined")
        net = NetClient(url, name="Jazz").start()
        net.join(created["game"], seat=0)
        net.wait_for(lambda m: m["type"] == "joined")
        link = Link(net, url, created["game"], created["code"], 0, host_token=created["host_token"], kind=kind)
        app.stack.clear()
        app.stack.push(app.scene("menu"))
        app.stack.push(app.scene("online-lobby", link=link))
        return guest, link

    url, end = serve(data)
    try:
        guest, _ = seat("cards", {"rules": {"open": True, "random": True}, "field": "3x3"})
        until(lambda: isinstance(app.stack.top, CardsTableScene))
        table = app.stack.top
        guest.close()
        until(lambda: app.stack.top is not table)        # the host's choice, after the server's wait
        shot("online_cards_waiting")
        guest, _ = seat("jayden", {})
        until(lambda: isinstance(app.stack.top, JaydenScene) and app.stack.top.seats.view_msg is not None)
        board = app.stack.top
        until(lambda: board.seats.view_msg["status"] == "playing")
        guest.offer_draw(str(board.seats.view_msg["game"]))
        until(lambda: app.stack.top is not board)
        shot("online_jayden_draw_offer")
        guest.close()
        app.stack.clear()
    finally:
        end()


if __name__ == "__main__":
    raise SystemExit(main())
