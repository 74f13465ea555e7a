"""A connection's life on the server: admitted or refused, greeted, read, limited, closed.

Bad input is answered, never obeyed: :mod:`.protocol` refuses malformed
messages, a token bucket per connection refuses floods (and closes a
connection that keeps flooding), frames over 64 KiB close the connection
with code 1009 (the ``websockets`` library enforces ``max_size``), a frame
trickled in too slowly or a connection silent too long is closed by one
sweep, and the connections at once, in all and from one address, are
capped. Messages are written straight to each connection's socket buffer,
so one slow reader cannot stall the rest; a reader so slow that 4 MiB wait
for it is disconnected.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed
from websockets.frames import DATA_OPCODES
from websockets.protocol import State

from . import gcpolicy
from . import protocol as P
from .games import Refusal, Table
from .route import code_in

if TYPE_CHECKING:
    from .server import GameServer

log = logging.getLogger("jayden_jazz.net")

INTERNAL = "the server failed while handling that message (its log says why); this connection is closed"

Outgoing = dict[str, Any] | str | tuple[int, str]
"""What is sent to a connection: a message, a view already encoded, or (code, reason) to close it."""

_closing: set[asyncio.Task[Any]] = set()


class TimedConnection(ServerConnection):
    """A connection that knows since when a message it has not finished receiving began arriving
    (``begun``), so a sender trickling a frame a byte at a time, which no read timeout sees, is
    closed by the server's sweep (:attr:`Limits.message_timeout`)."""

    begun: float | None = None
    _whole = False

    def data_received(self, data: bytes) -> None:
        now = time.monotonic()
        opening = self.protocol.state is State.CONNECTING       # the handshake has its own timeout
        if self.begun is None and not opening:
            self.begun = now
        self._whole = False
        super().data_received(data)
        if self._whole or opening:   # a message ended in this data; what follows it (if any) starts now
            self.begun = now if self.protocol.reader.buffer else None

    def process_event(self, event: Any) -> None:
        if getattr(event, "opcode", None) in DATA_OPCODES and getattr(event, "fin", False):
            self._whole = True
        super().process_event(event)


def text_frame(payload: bytes) -> bytes:
    """One whole, unmasked WebSocket text frame (RFC 6455 section 5.2) as ``websockets`` writes it
    for a server with no extension (the server asks for none: ``compression=None``), without its
    frame object and general serializer, which cost a noticeable share of each message sent."""
    n = len(payload)
    if n < 126:
        head = bytes((0x81, n))
    elif n < 0x10000:
        head = b"\x81\x7e" + n.to_bytes(2, "big")
    else:
        head = b"\x81\x7f" + n.to_bytes(8, "big")
    return head + payload


@dataclass(eq=False)
class Conn:
    """One client connection. Messages are written at once, in order, to the socket's buffer
    (``broadcast``: no task wakes per message), which is why the server's answers cost so
    little; a reader that lets ``most`` bytes pile up is disconnected."""

    ws: ServerConnection
    bucket: P.TokenBucket
    closed: asyncio.Future[None]     # done once a close this side asked for has run
    table: Table | None = None
    seat: int | None = None
    strikes: int = 0
    closing: bool = False
    most: int = 4 * 1024 * 1024
    last: float = 0.0                # monotonic time of its latest message (the idle sweep)
    greeted: bool = False
    corked: bool = False             # frames wait in it for uncork (see send)
    route: str | None = None         # the join code its path names (``/game/<CODE>``), else None: the lobby
    busy: asyncio.Future[None] | None = None   # a message waiting for the database: the next ones wait their turn

    def send(self, message: dict[str, Any] | str, corked: list[Conn] | None = None) -> None:
        """Send a message (a dict, or a view already encoded). Given ``corked``, the frame waits in
        the connection (which joins that list once) for :meth:`uncork`, so the frames of one commit
        -- an ack and the view after it -- leave in one write: one system call, not one each."""
        if self.closing:
            return
        ws = self.ws
        if ws.protocol.state is not State.OPEN:     # a close under way: nothing more is written
            return
        try:
            payload = (message if isinstance(message, str) else P.encode(message)).encode()
            protocol = ws.protocol
            if protocol.extensions or protocol.expect_continuation_frame:    # never so here: websockets' way
                protocol.send_text(payload)
            else:
                protocol.writes.append(text_frame(payload))
            if corked is not None:
                if not self.corked:
                    self.corked = True
                    corked.append(self)
                return
            ws.send_data()
        except Exception as e:     # the socket failed under us: the connection's end is seen by its read loop
            log.warning("a message could not be written: %s", e)
            return
        self._check_buffer()

    def uncork(self) -> None:
        """Write the frames :meth:`send` held, in order, at once."""
        self.corked = False
        ws = self.ws
        frames = ws.protocol.data_to_send()
        if not frames:
            return
        try:
            if all(frames):
                ws.transport.write(b"".join(frames))
            else:      # an end of stream among them (never from send): as websockets does it, frame by frame
                ws.protocol.writes[:0] = frames
                ws.send_data()
        except Exception as e:
            log.warning("messages could not be written: %s", e)
            return
        self._check_buffer()

    def _check_buffer(self) -> None:
        transport = self.ws.transport
        if transport is not None and transport.get_write_buffer_size() > self.most:
            # too slow a reader: close rather than hold the whole game's messages for it
            self.close(1008, "messages not read fast enough")

    def close(self, code: int, reason: str) -> None:
        """Close, after the messages already sent (a refused hello's error)."""
        if self.closing:
            return
        self.closing = True
        if self.ws.protocol.state is State.CLOSED:   # closed already (by the client): nothing left to run
            if not self.closed.done():
                self.closed.set_result(None)
            return
        task = asyncio.get_running_loop().create_task(self.ws.close(code, reason))
        _closing.add(task)

        def done(t: asyncio.Task[None]) -> None:
            _closing.discard(t)
            if not self.closed.done():
                self.closed.set_result(None)
        task.add_done_callback(done)


def deliver(conn: Conn, message: Outgoing, corked: list[Conn] | None = None) -> None:
    if isinstance(message, tuple):
        conn.close(*message)
    else:
        conn.send(message, corked)


def route_of(ws: ServerConnection) -> str | None:
    """The join code a connection's path names (``/game/<CODE>``, any case), or None (any other path:
    the lobby). A proxy routes by this path, so every connection naming one game reaches one process."""
    request = getattr(ws, "request", None)
    return code_in(str(getattr(request, "path", "") or ""))     # read as the client writes it (:mod:`.route`)


def address_key(address: str) -> str:
    """Who a connection counts against in :attr:`Limits.per_address`: an IPv4 address (also when
    it arrives IPv4-mapped, ``::ffff:a.b.c.d``), ``::1`` as it is, and any other IPv6 address by
    its /64 -- one home or phone is given a whole /64 and could take a new address per connection."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        if not ip.is_loopback:
            return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


class Connections:
    """Every connection of one server, from its first byte to its close: the caps, the hello,
    the read loop with its rate limit, the idle and slow-frame sweep. What a message asks is the
    server's handler table's business (:meth:`GameServer.dispatch`)."""

    def __init__(self, server: GameServer) -> None:
        self.server = server
        self.limits = server.limits
        self.per_address: dict[str, int] = {}

    async def handle(self, ws: ServerConnection) -> None:
        lim, server = self.limits, self.server
        if len(server.conns) >= lim.max_connections:
            await ws.send(P.encode(P.error("server_full", "this server holds as many connections as it can; "
                                                          "try again later")))
            await ws.close(1013, "server full")
            return
        address = address_key(str(ws.remote_address[0]) if ws.remote_address else "")
        counted = address not in lim.exempt
        if counted and self.per_address.get(address, 0) >= lim.per_address:
            await ws.send(P.encode(P.error("too_many_connections", f"this server takes at most {lim.per_address} "
                                                                    "connections at once from one address")))
            await ws.close(1008, "too many connections from one address")
            return
        if counted:
            self.per_address[address] = self.per_address.get(address, 0) + 1
        conn = Conn(ws, P.TokenBucket(lim.rate, lim.burst), asyncio.get_running_loop().create_future(),
                    most=lim.out_buffer, route=route_of(ws))
        server.conns.add(conn)
        try:
            if await self._hello(conn):
                await self._read(conn)
        except ConnectionClosed:
            pass
        except Exception:   # a bug met by one message: that connection ends, the server and its games go on
            log.exception("closing a connection from %s after an unexpected error", address)
            conn.send(P.error("internal", INTERNAL))
            conn.close(1011, "internal error")
        finally:
            if counted:
                left = self.per_address.get(address, 1) - 1
                if left > 0:
                    self.per_address[address] = left
                else:
                    self.per_address.pop(address, None)
            server.conns.discard(conn)
            gcpolicy.connection_closed()
            try:
                server.lobby.leave(conn)
            except Exception:
                log.exception("a connection's leaving failed")
            server.commits.close_after(conn, 1000, "")
            if not conn.closed.done():
                await asyncio.wait([conn.closed], timeout=2)    # a close held for a commit, then run

    async def _hello(self, conn: Conn) -> bool:
        lim, send = self.limits, self.server.commits.send
        # a timer, not wait_for: no task of its own per connection (a connection's handshake, hello
        # and close cost more of the server than a saturated game's action, #40)
        late = asyncio.get_running_loop().call_later(lim.hello_timeout, conn.close, 1008, "no hello")
        try:
            raw = await conn.ws.recv()      # closed by the timer: ConnectionClosed, the end of handle
        finally:
            late.cancel()
        try:
            msg = P.parse_client(raw)
            if not isinstance(msg, P.Hello):
                e = P.ProtocolError("hello_first", "the first message must be hello with the protocol version")
                e.extra = {} if msg.ref is None else {"ref": msg.ref}
                raise e
        except P.ProtocolError as e:
            send(conn, P.error(e.code, e.message, **e.extra))
            self.server.commits.close_after(conn, 1008, e.code)
            return False
        if msg.version != P.VERSION:
            log.info("refused a client from %s: %s", conn.ws.remote_address, P.version_refusal(msg.version))
            send(conn, P.refusal("version", P.version_refusal(msg.version), msg.ref, server_version=P.VERSION))
            self.server.commits.close_after(conn, 1008, "protocol version")
            return False
        send(conn, P.welcome(lim.max_message, lim.rate, lim.burst, lim.seat_timeout, msg.ref))
        conn.last, conn.greeted = time.monotonic(), True
        return True

    async def _read(self, conn: Conn) -> None:
        lim, server = self.limits, self.server
        recv, send, handlers = conn.ws.recv, server.commits.send, server.handlers
        while True:
            raw = await recv()      # an idle connection is closed by the sweep, not a timer per message
            if conn.closing:
                continue        # read on, so the client's close frame gets through
            now = conn.last = time.monotonic()
            if not conn.bucket.take(now):
                conn.strikes += 1
                if conn.strikes >= lim.flood_strikes:
                    server.commits.close_after(conn, 1008, "too many messages")
                    continue
                send(conn, P.error("rate_limited", f"too many messages: at most {lim.rate:g} a second "
                                                   f"on average; this one was dropped ({conn.strikes} of "
                                                   f"{lim.flood_strikes} before the connection is closed)"))
                continue
            try:
                msg = P.parse_client(raw)
            except P.ProtocolError as e:
                send(conn, P.error(e.code, e.message, **e.extra))
                continue
            if conn.busy is not None:
                await asyncio.shield(conn.busy)     # answered in order, as they came
            try:
                handlers[type(msg)](conn, msg)
            except P.ProtocolError as e:
                send(conn, P.refusal(e.code, e.message, msg.ref))
            except Refusal as e:
                extra: dict[str, Any] = {}
                if e.code == "stale_ply" and conn.table is not None:
                    extra["view"] = conn.table.view(conn.seat, server.lobby.presence_of(conn.table))
                send(conn, P.refusal(e.code, e.message, msg.ref, **extra))

    async def sweep(self) -> None:
        """Close connections silent for ``idle_timeout`` and those trickling a frame past
        ``message_timeout``: one sweep a few times per timeout, which costs far less than a timer
        around every read of every connection."""
        timeout, slow = self.limits.idle_timeout, self.limits.message_timeout
        conns, close_after = self.server.conns, self.server.commits.close_after
        while True:
            await asyncio.sleep(min(5.0, timeout / 4, slow / 4))
            now = time.monotonic()
            cutoff = now - timeout
            for conn in [c for c in conns if c.greeted and not c.closing and c.last < cutoff]:
                close_after(conn, 1000, "idle for too long")
            for conn in [c for c in conns if not c.closing]:
                begun = getattr(conn.ws, "begun", None)
                if begun is not None and now - begun > slow:
                    close_after(conn, 1008, "a message took too long to arrive")


__all__ = ["Conn", "Connections", "INTERNAL", "Outgoing", "TimedConnection", "address_key", "deliver", "route_of",
           "text_frame"]
