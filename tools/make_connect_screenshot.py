"""Makes the picture of Play online > Connect to a server: the real screen, driven headless, against a
server started here on 127.0.0.1 (a free port) that bare clients fill with a few games.

Run: python tools/make_connect_screenshot.py [--out docs/screenshots]

Set for the reader rather than found: the address on the picture
(games.example.org:8765 instead of the loopback port the screen really used).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from online_shots import Driver, run


def main(argv: list[str] | None = None) -> int:
    return run(__doc__, argv, lambda args, home: shoot(args.out, home))


def shoot(out: Path, home: Path) -> None:
    from jayden_jazz.net.client import NetClient
    from jayden_jazz.scenes.online.connect import ConnectScene

    proc = subprocess.Popen([sys.executable, "-m", "jayden_jazz.net", "serve", "--host", "127.0.0.1", "--port", "0",
                             "--data", str(home / "server")], stdout=subprocess.PIPE, text=True)
    clients: list[NetClient] = []
    try:
        assert proc.stdout is not None
        m = re.search(r"ws://127\.0\.0\.1:(\d+)", proc.stdout.readline())
        if not m:
            raise SystemExit("the server did not start")
        url = f"ws://127.0.0.1:{m.group(1)}"

        def player(name: str) -> NetClient:
            c = NetClient(url, name=name).start()
            clients.append(c)
            return c

        def made(c: NetClient, kind: str, setup: dict, seats: list[dict], seat: int = 0) -> dict:
            c.create(kind, setup, seats)
            created = c.wait_for(lambda msg: msg["type"] == "created")
            c.join(created["game"], seat=seat)
            c.wait_for(lambda msg: msg["type"] == "joined")
            return created

        running = made(player("Carol"), "jayden", {}, [{"kind": "human"}, {"kind": "human"}])
        dave = player("Dave")
        dave.join(running["code"])
        dave.wait_for(lambda msg: msg["type"] == "joined")
        made(player("Bob"), "cards", {"field": "5x5", "rules": {"same": True, "plus": True}, "hints": True},
             [{"kind": "human"}, {"kind": "human"}, {"kind": "computer", "level": "normal"}])
        made(player("Alice"), "jayden", {"hints": True}, [{"kind": "human"}, {"kind": "human"}])
        made(player("Jazz"), "cards", {"field": "3x3", "rules": {"open": True}}, [{"kind": "human"}] * 2)

        d = Driver(out)
        d.app.settings["server_address"] = url[5:]
        d.app.settings["player_name"] = "Jayden"
        d.open_online()
        d.app.stack.push(d.app.scene("online-connect"))
        sc = d.app.stack.top
        assert isinstance(sc, ConnectScene)
        d.until(lambda: sc.browser is not None and len(sc.games) == 4, 30)
        d.press("down", "down", "down")               # the cursor on the second game
        assert sc.browser is not None
        sc.browser.url, sc.address.value = "ws://games.example.org:8765", "games.example.org:8765"
        d.shot("online_connect", render=True)
    finally:
        for c in clients:
            c.close()
        proc.terminate()
        proc.wait(10)


if __name__ == "__main__":
    raise SystemExit(main())
