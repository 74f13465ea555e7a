"""A game two bots play out on a server process that is SIGKILLed mid-game and started again on the
same port and data folder: the power cut the fault tests and the store tests both put a server through
(the store tests on each store), so that both drive one and the same cut."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .conftest import ProcessServer, client, create, expect, play_out


@dataclass
class KilledGame:
    created: dict[str, Any]          # the server's answer to create (game id, code)
    final: dict[str, Any]            # the first bot's last view
    acks: list[tuple[int, str]]      # (ply, action) of every acknowledgement the bots heard, in order
    killed_at: int | None            # the ply the first bot's view was at when the server was killed
    connects: list[int]              # each bot's connections: 2 or more once it came back after the cut


def play_through_a_kill(data: Path, kind: str, setup: dict[str, Any], rng: random.Random, kill_at: int,
                        store: str | None = None) -> KilledGame:
    """Seat bots "A" and "B" in a new two-seat game on a server over ``data`` (``store``: its --store),
    kill the server once the game reaches ply ``kill_at``, start it again and play to the end. Every
    client is closed and the server stopped before this returns."""
    proc = [ProcessServer(data, store=store)]
    bots = []
    acks: list[tuple[int, str]] = []
    killed: list[int] = []

    def note(_i: int, m: dict[str, Any]) -> None:
        if m["type"] == "ack" and "action" in m:
            acks.append((m["ply"], m["action"]))

    def maybe_kill() -> None:
        ply = bots[0].view["ply"] if bots[0].view else 0
        if not killed and ply >= kill_at:
            killed.append(ply)
            proc[0].kill()
            proc[0] = ProcessServer(data, proc[0].port, store=store)      # the same port and data folder

    try:
        host = client(proc[0].url)
        created = create(host, kind, setup, [{"kind": "human"}] * 2)
        bots += [client(proc[0].url, "A"), client(proc[0].url, "B")]
        for i, c in enumerate(bots):
            c.join(created["game"], seat=i)
            expect(c, "joined")
        host.close()
        final = play_out(bots, rng, timeout=40, on_message=note, between=maybe_kill)
    finally:
        for c in bots:
            c.close()
        proc[0].stop()
    return KilledGame(created, final, acks, killed[0] if killed else None, [c.connects for c in bots])
