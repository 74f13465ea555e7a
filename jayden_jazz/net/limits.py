"""What one game server accepts: sizes, rates, counts and time limits, in one record."""

from __future__ import annotations

from dataclasses import dataclass

from . import protocol as P


@dataclass
class Limits:
    """What one server accepts; the defaults suit a 2-core machine (docs/network.md)."""

    max_message: int = P.MAX_MESSAGE
    rate: float = 20.0              # messages a second per connection, on average
    burst: float = 40.0
    flood_strikes: int = 100        # refused messages before the connection is closed
    max_connections: int = 4096
    max_games: int = 10_000         # games waiting or being played
    hello_timeout: float = 10.0
    message_timeout: float = 20.0   # a message begun must be whole within this (a trickling sender is closed)
    per_address: int = 32           # connections at once from one address (a house behind one router: a few)
    exempt: tuple[str, ...] = ("127.0.0.1", "::1")   # this machine itself: not counted per address
    idle_timeout: float = 600.0     # no message at all for this long closes the connection
    seat_timeout: float = 60.0      # a seat away this long may be given to the computer
    presence_interval: float = 5.0
    ping_interval: float | None = 20.0
    ping_timeout: float | None = 20.0
    out_buffer: int = 4 * 1024 * 1024   # bytes waiting for a slow reader before it is disconnected


__all__ = ["Limits"]
