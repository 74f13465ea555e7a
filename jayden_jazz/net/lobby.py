"""Who is at which game: creating games, joining a seat or watching, the list of games, game
codes, the host's commands, and telling the others who is away.

A seat is held by a token (its hash only is stored); a spectator holds
nothing. Leaving a seat starts its "away" clock, which the host's
``computer`` and ``abandon`` commands and the presence messages read.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
import time
from typing import TYPE_CHECKING

from . import listing, revive
from . import protocol as P
from .connection import Conn
from .games import CardsTable, Refusal, SeatInfo, Table, check_setup
from .schema import FINISHED
from .store import token_hash

if TYPE_CHECKING:
    from .server import GameServer

log = logging.getLogger("jayden_jazz.net")

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"   # no 0/O, 1/I: read aloud and typed by hand
CODE_LENGTH = 6
assert len(CODE_ALPHABET) == 32          # a random byte's low five bits pick a letter, each as likely


def random_code() -> str:
    """A code of :data:`CODE_LENGTH` letters drawn from the system's randomness in one read: one
    ``secrets.choice`` per letter was a system call each, half a millisecond of the loop per game."""
    return "".join([CODE_ALPHABET[b & 31] for b in secrets.token_bytes(CODE_LENGTH)])


class Lobby:
    def __init__(self, server: GameServer) -> None:
        self.server = server
        self._listed: tuple[float, list[dict[str, object]], int] | None = None   # ``list``: (kept until, games, more)

    # ------------------------------------------------------------------ finding and listing games
    def held(self, key: str) -> Table | None:
        """A game held in memory, by its id or its code (any case, with or without the dash and
        spaces people type); the store is not asked."""
        tables = self.server.tables
        gid = key if key in tables else self.server.codes.get(key.upper().replace("-", "").replace(" ", ""))
        return None if gid is None else tables.get(gid)

    def find(self, key: str) -> Table:
        """A game held here, or a finished one read back from the store's archive."""
        tables = self.server.tables
        code = key.upper().replace("-", "").replace(" ", "")
        gid = key if key in tables else self.server.codes.get(code)
        if gid is None:
            gid = revive.archived(self.server, key, code)     # a finished game, from the archive
        if gid is None:
            raise Refusal("no_game", f"there is no game {key!r} on this server")
        return tables[gid]

    def list(self, conn: Conn, msg: P.ListGames) -> None:
        """The games anyone may join or watch (``listing``: no hand, token or seed), worked out again
        only once the last answer is a second old (longer when that took long: ``LOOP_SHARE``)."""
        now = time.monotonic()
        if self._listed is None or now >= self._listed[0]:
            watchers = self.server.watchers
            games, more = listing.listing(self.server.tables.values(), lambda t: bool(watchers.get(t.id)))
            cost = time.monotonic() - now
            self._listed = (now + max(listing.FRESH_SECONDS, cost / listing.LOOP_SHARE), games, more)
        _until, games, more = self._listed
        self.server.commits.send(conn, P.games(games, more, msg.ref))

    def new_code(self) -> str:
        while True:
            code = self.draw_code()
            if not self.server.store.code_taken(code):   # archived games' codes too
                return code

    def draw_code(self) -> str:
        """A random code no game held here has (the store's archive is the caller's to ask)."""
        while True:
            code = random_code()
            if code not in self.server.codes:
                return code

    # ------------------------------------------------------------------ creating and joining
    def create(self, conn: Conn, msg: P.Create) -> None:
        server = self.server
        if len(server.letgo.running) >= server.limits.max_games:
            raise Refusal("too_many_games", "this server holds as many games as it can; try again later")
        table, host_token = self.new_table(msg, self.new_code())
        server.store.add_game(*game_row(table))
        self.open(conn, table, host_token, msg.ref)

    def new_table(self, msg: P.Create, code: str) -> tuple[Table, str]:
        """A new game as asked (refused in plain words when the setup is not one), not yet held or
        stored; with the host's token."""
        server = self.server
        setup = check_setup(msg.kind, msg.setup, msg.seats, server.rng)
        seats = []
        for i, s in enumerate(msg.seats):
            if s.kind == "computer":
                level = s.level or "normal"
                seats.append(SeatInfo("computer", s.name or f"Computer ({level.capitalize()})", level))
            else:
                if s.level is not None:
                    raise Refusal("bad_setup", "only a computer seat has a level")
                seats.append(SeatInfo("human", s.name or f"Player {i + 1}"))
        number_computers(seats)
        host_token = secrets.token_urlsafe(16)
        table = server.make_table(secrets.token_urlsafe(9), code, msg.kind, setup, seats, token_hash(host_token))
        return table, host_token

    def open(self, conn: Conn, table: Table, host_token: str, ref: int | None) -> None:
        """A new game stored (or queued to be): held here, computer hands chosen, answered."""
        server = self.server
        server.tables[table.id] = table
        server.codes[table.code] = table.id
        server.letgo.hold(table)
        if isinstance(table, CardsTable):
            server.computers.hands(table)
        server.turns.maybe_start(table)
        server.commits.send(conn, P.created(table.id, table.code, host_token, ref), table.id)

    def join(self, conn: Conn, msg: P.Join) -> None:
        server = self.server
        table = self.find(msg.game)
        token = msg.token
        if msg.spectator:
            if msg.seat is not None or token:
                raise P.ProtocolError("bad_field", "a spectator joins without a seat or token")
            self.bind(conn, table, None)
            server.commits.send(conn, P.joined(table.id, table.code, None, None, msg.ref))
            server.commits.send(conn, server.turns.view_of(table, None))
            return
        if token is not None:
            th = token_hash(token)
            seat = next((i for i, s in enumerate(table.seats)
                         if s.token_hash is not None and hmac.compare_digest(s.token_hash, th)), None)
            if seat is None or (msg.seat is not None and msg.seat != seat):
                raise Refusal("wrong_token", "that token does not belong to a seat of this game")
        else:
            seat = msg.seat
            if seat is None:
                seat = next((i for i, s in enumerate(table.seats) if s.kind == "human" and s.token_hash is None), None)
                if seat is None:
                    raise Refusal("no_free_seat", "every seat of this game is taken; join as a spectator")
            if seat >= len(table.seats):
                raise Refusal("no_seat", f"this game has seats 0 to {len(table.seats) - 1}")
            s = table.seats[seat]
            if s.kind != "human":
                raise Refusal("seat_taken", f"seat {seat} is played by the computer")
            if s.token_hash is not None:
                raise Refusal("seat_taken", f"seat {seat} is taken; rejoin it with its token")
            if table.status not in ("waiting", "playing"):
                raise Refusal("not_waiting", "the game is over")
            token = secrets.token_urlsafe(16)
            s.token_hash = token_hash(token)
            if msg.name:
                s.name = msg.name
            server.store.set_seat(table.id, seat, s.kind, s.level, s.name, s.token_hash)
        self.bind(conn, table, seat)
        server.commits.send(conn, P.joined(table.id, table.code, seat, token, msg.ref))
        server.turns.maybe_start(table)
        server.turns.broadcast(table)

    def bind(self, conn: Conn, table: Table, seat: int | None) -> None:
        if conn.table is table and conn.seat == seat:
            return
        self.leave(conn)
        conn.table, conn.seat = table, seat
        self.server.watchers.setdefault(table.id, set()).add(conn)
        if seat is not None and self.server.away.pop((table.id, seat), None) is not None:
            self.presence(table, seat, "back", 0.0)

    def leave(self, conn: Conn) -> None:
        table, seat = conn.table, conn.seat
        if table is None:
            return
        conns = self.server.watchers.get(table.id, set())
        conns.discard(conn)
        conn.table = conn.seat = None
        if not conns and table.status in FINISHED:     # its table, away clocks (and lease) not kept for ever
            self.server.letgo.left(table.id)
            return
        if seat is not None and not any(c.seat == seat for c in conns) and table.seats[seat].kind == "human":
            self.server.away[(table.id, seat)] = time.monotonic()
            if table.status in ("waiting", "playing"):
                self.presence(table, seat, "lost", 0.0)
                self.server.turns.broadcast(table)

    # ------------------------------------------------------------------ the host's commands
    def host(self, conn: Conn, msg: P.HostCommand) -> None:
        server = self.server
        table = self.find(msg.game)
        if not hmac.compare_digest(table.host_hash, token_hash(msg.token)):
            raise Refusal("wrong_token", "only the host (with the host token) may do that")
        if table.status not in ("waiting", "playing"):
            raise Refusal("not_playing", "the game is already over")
        now = time.monotonic()
        waited = {seat: now - t for (gid, seat), t in server.away.items() if gid == table.id}
        timeout = server.limits.seat_timeout
        if msg.command == "abandon":
            if table.status == "playing" and not any(w >= timeout for w in waited.values()):
                raise Refusal("too_soon", f"a game can be ended as abandoned once a player has been away "
                                          f"{timeout:g} seconds")
            table.status = "abandoned"
            server.store.set_status(table.id, "abandoned")
        else:
            seat = msg.seat
            if seat is None or seat >= len(table.seats) or table.seats[seat].kind != "human":
                raise Refusal("no_seat", "name a human seat of this game")
            s = table.seats[seat]
            if s.token_hash is not None and waited.get(seat, -1.0) < timeout:
                raise Refusal("too_soon", f"{s.name} can be replaced by the computer after {timeout:g} seconds away")
            s.kind, s.level, s.token_hash = "computer", "normal", None
            server.store.set_seat(table.id, seat, s.kind, s.level, s.name, None)
            server.away.pop((table.id, seat), None)
            if isinstance(table, CardsTable):
                server.computers.hands(table)
            server.turns.maybe_start(table)
        server.commits.send(conn, P.ack(table.ply, msg.ref, host=msg.command), table.id)
        server.turns.broadcast(table)
        server.computers.think(table)

    # ------------------------------------------------------------------ who is away
    def presence_of(self, table: Table) -> dict[int, float | None]:
        now = time.monotonic()
        away = self.server.away
        presence: dict[int, float | None] = {}
        for s in range(len(table.seats)):
            since = away.get((table.id, s))
            presence[s] = None if since is None else now - since
        return presence

    def presence(self, table: Table, seat: int, state: str, waited: float) -> None:
        msg = P.presence(table.id, seat, table.seats[seat].name, state, waited,
                         waited >= self.server.limits.seat_timeout)
        for c in list(self.server.watchers.get(table.id, ())):
            self.server.commits.send(c, msg)

    async def presence_loop(self) -> None:
        server = self.server
        while True:
            await asyncio.sleep(server.limits.presence_interval)
            now = time.monotonic()
            for (gid, seat), t in list(server.away.items()):
                table = server.tables.get(gid)
                try:
                    if table is not None and table.status in ("waiting", "playing") and server.watchers.get(gid):
                        self.presence(table, seat, "lost", now - t)
                except Exception:   # one game's bug: logged, the loop goes on for the others
                    log.exception("game %s: telling who is away failed", gid)


def game_row(table: Table) -> tuple[str, str, str, dict[str, object], str, list[dict[str, object]], float]:
    """What the store's ``add_game``/``game_rows`` take for a new table."""
    return (table.id, table.code, table.kind, table.setup, table.host_hash,
            [{"kind": s.kind, "level": s.level, "name": s.name} for s in table.seats], time.time())


def number_computers(seats: list[SeatInfo]) -> None:
    """Computer seats that would share a name ("Computer (Hard)" twice) are numbered, so every
    seat's name tells it apart in views, presence messages and the server's log."""
    for name in {s.name for s in seats if s.kind == "computer"}:
        alike = [s for s in seats if s.kind == "computer" and s.name == name]
        if len(alike) > 1:
            for n, s in enumerate(alike, 1):
                s.name = f"{name[:P.MAX_NAME - len(str(n)) - 1]} {n}"     # still a name the protocol allows


__all__ = ["CODE_ALPHABET", "CODE_LENGTH", "Lobby", "game_row", "number_computers", "random_code"]
