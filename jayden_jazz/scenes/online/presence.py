"""Who is away, as one seat's screen tells it: the waiting notice with its counter, and our own link.

Read from the server's ``presence`` messages (lost with the seconds waited,
back) and from every view's seats (a view after a reconnect knows who is
away too); the counter runs on between the server's reports. Shared by the
online tables; pygame-free apart from the colours it names.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from jayden_jazz.shell import palette as P

TICKS_PER_SECOND = 60


@dataclass
class Away:
    name: str
    waited: float          # seconds, as the server last said
    at: int                # the tick it said so
    host_may_act: bool


class Presence:
    def __init__(self) -> None:
        self.away: dict[int, Away] = {}
        self.own_lost = False
        self.asked_host: set[int] = set()

    def read(self, msg: dict[str, Any], ticks: int) -> str:
        """Take one message; returns what happened worth a word: "back:<name>", "ask:<seat>",
        "reconnected", or ""."""
        kind = msg["type"]
        if kind == "presence" and msg.get("seat") is not None:
            seat = int(msg["seat"])
            if msg.get("state") == "lost":
                may = bool(msg.get("host_may_act"))
                self.away[seat] = Away(str(msg.get("name", "")), float(msg.get("waited", 0.0)), ticks, may)
                if may and seat not in self.asked_host:
                    self.asked_host.add(seat)
                    return f"ask:{seat}"
            elif msg.get("state") == "back" and self.away.pop(seat, None) is not None:
                return f"back:{msg.get('name', '')}"
        elif kind == "connection":
            state = msg.get("state")
            if state in ("lost", "refused"):
                self.own_lost = True
            elif state == "connected":
                self.own_lost = False
                return "reconnected"
        return ""

    def from_view(self, view: dict[str, Any], ticks: int) -> None:
        for s in view["seats"]:
            seat = s["seat"]
            if s["kind"] == "human" and s["joined"] and not s["connected"]:
                if seat not in self.away:
                    self.away[seat] = Away(s["name"], float(s.get("away") or 0.0), ticks, False)
            elif seat in self.away:
                self.away.pop(seat)

    def seconds(self, seat: int, ticks: int) -> int:
        a = self.away[seat]
        return int(a.waited + (ticks - a.at) / TICKS_PER_SECOND)

    def notes(self, ticks: int) -> list[tuple[str, int]]:
        """The status line's words: Reconnecting..., and "X lost connection - waiting N s" per seat."""
        out: list[tuple[str, int]] = []
        if self.own_lost:
            out.append(("Reconnecting" + "." * (1 + ticks // 30 % 3), P.LIGHT_RED))
        for seat, a in sorted(self.away.items()):
            out.append((f"{a.name} lost connection - waiting {self.seconds(seat, ticks)} s", P.LIGHT_RED))
        return out

    @property
    def troubled(self) -> bool:
        return self.own_lost or bool(self.away)


__all__ = ["Away", "Presence"]
