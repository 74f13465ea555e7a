"""The client library: a connection to a game server that a frame loop can poll.

:class:`NetClient` runs its own asyncio loop in a background thread. Every
call from the game (``create``, ``join``, ``choose_hand``, ``send_action``,
``host``) returns at once; what the server says arrives in a thread-safe
queue that :meth:`NetClient.poll` drains without waiting, and
:attr:`NetClient.view` is always the latest full view of the seat. So a
scene reads ``poll()`` each frame and draws ``view``: the screen never
shows a state the server does not hold.

Dropped connections are the client's business, as on lichess: it
reconnects by itself with growing pauses (0.2 s doubling to 5 s, with a
little jitter), says hello, rejoins its seat with its token, and resends
its last unacknowledged action with the *same* ply -- the server plays it
at most once. On every (re)connect the server sends the whole view, and the
client replaces what it had with it.

Several server processes may stand behind one address (a proxy hashing the
URL's path, docs/network.md): so once the client knows its game's join code
(``created``, ``joined``, or a join by code) every (re)connect names the
game, ``<base url>/game/<CODE>`` (:mod:`.route`), and reaches the process
holding it. A process that does not hold the game answers ``moved``; the
client then goes where it says at once and redoes the join it was making.
The player is never troubled by that hop: no "lost", no "connected", no
error; ``poll()`` passes the ``moved`` on as information (tests read it),
which no screen shows. A join answered ``game_busy`` (the game was still
moving between processes when the asked one gave up waiting for it) is
said again after a pause, a few times, before the player hears of it.
"""

from __future__ import annotations

import asyncio
import itertools
import queue
import random
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from . import protocol as P
from . import route
from .busy import BUSY_TRIES, BusyRetry

Message = dict[str, Any]

MOVED_HOPS = 4
"""``moved`` answers followed at once in a row; past that the usual backoff paces the hops (two
servers each sending the client to the other while the game moves between them)."""


class NetClient:
    """One player's (or spectator's) connection; see the module docstring."""

    def __init__(self, url: str, *, name: str = "", client: str = "jayden-jazz",
                 backoff: tuple[float, float] = (0.2, 5.0), open_timeout: float = 5.0,
                 keepalive: float = 60.0, version: int = P.VERSION, code: str = "",
                 busy_tries: int = BUSY_TRIES) -> None:
        """``url``: the server (or the proxy); ``code``: the game's join code when it is already
        known (Continue, a join by code), so the first connect already names the game."""
        self.url = url
        known = (route.code_of(code) if code else None) or route.code_in(url)
        self.path = route.game_path(known) if known else ""     # the game named in the URL, or the lobby
        self.name = name
        self.client = client
        self.backoff = backoff
        self.open_timeout = open_timeout
        self.keepalive = keepalive
        self.version = version
        self._inbox: queue.Queue[Message] = queue.Queue()
        self._lock = threading.Lock()
        self._view: Message | None = None
        self._state = "idle"          # idle, connecting, connected, reconnecting, refused, closed
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ws: ClientConnection | None = None
        self._welcomed = False
        self._stop = False
        self._refs = itertools.count(1)
        self._unsent: list[Message] = []                 # said while not connected
        self._pending: Message | None = None             # the action not yet acknowledged
        self._pending_hand: Message | None = None
        self.session: dict[str, Any] | None = None       # {"game", "seat", "token"} once joined
        self._bucket: P.TokenBucket | None = None
        self._last_sent = 0.0
        self.connects = 0                                # successful hellos (tests count reconnects)
        self.addresses: list[str] = []                   # every address connected to, in order (tests)
        self._joins: dict[int, Message] = {}             # joins sent and not yet answered, by ref
        self._redo: list[Message] = []                   # joins answered ``moved``: said again after the hop
        self._moving = False                             # ``moved`` came: the next connect is a hop
        self._quiet = False                              # hopping: the player is told nothing
        self._hops = 0                                   # ``moved`` followed in a row
        self.moves = 0                                   # ``moved`` followed in all (tests count hops)
        self.busy = BusyRetry(busy_tries)                # joins answered ``game_busy``, said again

    # ------------------------------------------------------------------ for the game (any thread)
    def start(self) -> "NetClient":
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._thread_main, name="jayden-jazz-net", daemon=True)
        self._state = "connecting"
        self._thread.start()
        return self

    @property
    def state(self) -> str:
        return self._state

    @property
    def address(self) -> str:
        """Where the next (re)connect goes: the server's base address and the game's path."""
        return route.url_for(self.url, self.path)

    @property
    def view(self) -> Message | None:
        """The latest full view the server sent (None before the first)."""
        with self._lock:
            return self._view

    @property
    def pending(self) -> Message | None:
        """The action sent and not yet acknowledged, if any."""
        with self._lock:
            return None if self._pending is None else dict(self._pending)

    def poll(self) -> list[Message]:
        """Every message received since the last poll, oldest first (never waits)."""
        out = []
        while True:
            try:
                out.append(self._inbox.get_nowait())
            except queue.Empty:
                return out

    def create(self, kind: str, setup: dict[str, Any], seats: Sequence[dict[str, Any]]) -> int:
        return self._say({"type": "create", "kind": kind, "setup": dict(setup), "seats": [dict(s) for s in seats]})

    def join(self, game: str, *, seat: int | None = None, token: str | None = None,
             spectator: bool = False, name: str | None = None) -> int:
        msg: Message = {"type": "join", "game": game}
        if seat is not None:
            msg["seat"] = seat
        if token is not None:
            msg["token"] = token
        if spectator:
            msg["spectator"] = True
        if name or self.name:
            msg["name"] = name or self.name
        code = route.code_of(game)
        if code is not None:
            self.path = route.game_path(code)     # the next (re)connect names the game
        return self._say(msg)

    def choose_hand(self, cards: Sequence[str]) -> int:
        return self._say({"type": "hand", "cards": list(cards)})

    def send_action(self, action: str, ply: int | None = None) -> int:
        """Send ``action`` for ``ply`` (default: the ply of the latest view); returns at once.
        It stays pending, and is resent after a reconnect, until the server answers it."""
        if ply is None:
            view = self.view
            if view is None:
                raise RuntimeError("no view yet: join a game first")
            ply = int(view["ply"])
        msg: Message = {"type": "action", "ply": ply, "action": action}
        ref = self._say(msg)
        return ref

    def host(self, game: str, token: str, command: str, seat: int | None = None) -> int:
        msg: Message = {"type": "host", "game": game, "token": token, "command": command}
        if seat is not None:
            msg["seat"] = seat
        return self._say(msg)

    def offer_draw(self, game: str) -> int:
        """Jayden: offer the opponent a draw (the view's ``draw_offer`` shows it until answered)."""
        return self._say({"type": "offer_draw", "game": game})

    def answer_draw(self, game: str, accept: bool) -> int:
        return self._say({"type": "answer_draw", "game": game, "accept": bool(accept)})

    def resign(self, game: str) -> int:
        return self._say({"type": "resign", "game": game})

    def request_view(self) -> int:
        return self._say({"type": "view"})

    def list_games(self) -> int:
        """Ask for the server's games that can be joined or watched (answered by ``games``)."""
        return self._say({"type": "list"})

    def close(self) -> None:
        self._stop = True
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self._wake_close)
            except RuntimeError:
                pass
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._state = "closed"

    def wait_for(self, test: Callable[[Message], bool], timeout: float = 10.0) -> Message:
        """Block until a received message passes ``test`` (tests and tools only: never in a
        frame loop). Messages read while waiting are consumed; ``view`` stays the latest."""
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError("no such message from the server in time")
            try:
                msg = self._inbox.get(timeout=min(left, 0.2))
            except queue.Empty:
                continue
            if test(msg):
                return msg

    # ------------------------------------------------------------------ the thread
    def _say(self, msg: Message) -> int:
        ref = next(self._refs)
        msg = {**msg, "ref": ref}
        if msg["type"] == "action":
            with self._lock:
                self._pending = msg
        elif msg["type"] == "hand":             # kept with its ref: a refusal is matched to it by the ref
            with self._lock:
                self._pending_hand = msg
        elif msg["type"] == "join":             # kept until answered: one answered ``moved`` is said again
            with self._lock:
                self._joins[ref] = msg
                for old in list(self._joins)[:-8]:
                    del self._joins[old]
        if self._loop is None:
            raise RuntimeError("start the client first")
        self._loop.call_soon_threadsafe(self._send_now, msg)
        return ref

    def _send_now(self, msg: Message) -> None:
        if self._ws is None or not self._welcomed:
            if msg["type"] != "action":         # a pending action is resent anyway
                self._unsent.append(msg)
            return
        self._loop.create_task(self._send(msg))  # type: ignore[union-attr]

    async def _send(self, msg: Message) -> None:
        await self._paced()
        ws = self._ws
        if ws is None:
            return
        try:
            await ws.send(P.encode(msg))
            self._last_sent = time.monotonic()
        except ConnectionClosed:
            pass

    async def _paced(self) -> None:
        """Keep under the server's rate limit (it said it in welcome), so nothing is dropped."""
        bucket = self._bucket
        while bucket is not None and not bucket.take(time.monotonic()):
            await asyncio.sleep(1.0 / bucket.rate)

    def _wake_close(self) -> None:
        if self._ws is not None:
            self._loop.create_task(self._ws.close())  # type: ignore[union-attr]
        if self._sleeper is not None and not self._sleeper.done():
            self._sleeper.cancel()

    _sleeper: asyncio.Future[Any] | None = None

    def _thread_main(self) -> None:
        loop = self._loop
        assert loop is not None
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(self._run())
        finally:
            loop.close()

    def _event(self, kind: str, **data: Any) -> None:
        self._inbox.put({"type": "connection", "state": kind, **data})

    async def _run(self) -> None:
        delay = self.backoff[0]
        rng = random.Random()
        while not self._stop:
            try:
                address = self.address
                async with connect(address, max_size=P.MAX_SERVER_MESSAGE, open_timeout=self.open_timeout,
                                   ping_interval=20, ping_timeout=20, compression=None) as ws:
                    self._ws = ws
                    self.addresses.append(address)
                    if await self._greet(ws):
                        delay = self.backoff[0]
                        await self._session(ws)
            except (OSError, TimeoutError, InvalidHandshake, ConnectionClosed, P.ProtocolError) as e:
                if (self._welcomed and not self._moving) or (self._quiet and not self._welcomed):
                    self._quiet = False             # a hop that failed is a lost connection after all
                    self._event("lost", message=f"lost the connection to the server: {e}")
            except InvalidURI as e:
                self._state = "refused"
                self._event("refused", message=f"not a server address: {e}")
                return
            finally:
                self._ws = None
                self._welcomed = False
            if self._stop or self._state == "refused":
                break
            self._state = "reconnecting"
            if self._moving:
                self._moving = False
                self._hops += 1
                if self._hops <= MOVED_HOPS:
                    delay = self.backoff[0]
                    continue                        # the game is elsewhere: go there now
            loop = asyncio.get_running_loop()
            self._sleeper = loop.create_future()
            try:
                await asyncio.wait_for(self._sleeper, delay * (1 + 0.2 * rng.random()))
            except (TimeoutError, asyncio.CancelledError):
                pass
            delay = min(delay * 2, self.backoff[1])
        self._state = "closed"

    async def _greet(self, ws: ClientConnection) -> bool:
        await ws.send(P.encode({"type": "hello", "version": self.version, "client": self.client}))
        reply = P.decode_server(await asyncio.wait_for(ws.recv(), self.open_timeout))
        if reply["type"] == "error":
            self._state = "refused"
            self._event("refused", code=reply.get("code"), message=reply.get("message"))
            return False
        limits = reply.get("limits") or {}
        rate, burst = limits.get("rate"), limits.get("burst")
        if isinstance(rate, (int, float)) and isinstance(burst, (int, float)) and rate > 0 and burst >= 1:
            self._bucket = P.TokenBucket(0.9 * rate, max(1.0, burst / 2))
        self._welcomed = True
        self._state = "connected"
        self.connects += 1
        if self._quiet:
            self._quiet = False                     # a hop: the player was never told it was gone
        else:
            self._event("connected", reconnect=self.connects > 1)
        # rejoin, then whatever was said meanwhile, then the action still unanswered
        out: list[Message] = []
        if self.session is not None:
            s = self.session
            join: Message = {"type": "join", "game": s["game"], "ref": next(self._refs)}
            if s.get("token"):
                join["token"] = s["token"]
            else:
                join["spectator"] = True
            out.append(join)
            with self._lock:                    # kept like any join: one answered ``game_busy`` is said again
                self._joins[join["ref"]] = join
        with self._lock:
            for join in self._redo:             # answered ``moved`` again, it is said again after that hop
                self._joins[join["ref"]] = join
        out += self._redo
        self._redo = []
        if self.session is not None:
            with self._lock:
                if self._pending_hand is not None:
                    out.append(self._pending_hand)
        out += self._unsent
        self._unsent = []
        with self._lock:
            if self._pending is not None and self.session is not None:
                out.append(self._pending)
        for m in out:
            await self._paced()
            await ws.send(P.encode(m))
        self._last_sent = time.monotonic()
        return True

    async def _session(self, ws: ClientConnection) -> None:
        while True:
            try:
                raw = await asyncio.wait_for(ws.recv(), self.keepalive)
                self._receive(P.decode_server(raw))
            except TimeoutError:
                pass
            if time.monotonic() - self._last_sent >= self.keepalive:
                await self._send({"type": "ping"})   # the server's idle timer counts what we send

    def _receive(self, msg: Message) -> None:
        kind = msg["type"]
        if kind == "moved":
            self._follow(msg)
            return
        if kind == "error" and msg.get("code") == "game_busy" and self._busy_again(msg):
            return
        with self._lock:
            if isinstance(msg.get("ref"), int):
                self._joins.pop(msg["ref"], None)
            if kind in ("created", "joined") and isinstance(msg.get("code"), str) and route.code_of(msg["code"]):
                self.path = route.game_path(msg["code"])
            if kind == "view":
                self._view = msg
                self._hops = 0
            elif kind == "joined":
                self.session = {"game": msg["game"], "seat": msg.get("seat"), "token": msg.get("token"),
                                "code": msg.get("code")}
                self._hops = 0
            elif kind == "ack":
                if msg.get("hand"):
                    self._pending_hand = None
                elif self._pending is not None and msg.get("ply") == self._pending["ply"] \
                        and msg.get("action") == self._pending["action"]:
                    self._pending = None
            elif kind == "error":
                if self._pending is not None and msg.get("ref") == self._pending["ref"]:
                    self._pending = None
                if self._pending_hand is not None and msg.get("ref") == self._pending_hand["ref"]:
                    self._pending_hand = None
                if isinstance(msg.get("view"), dict):
                    self._view = msg["view"]
        self._inbox.put(msg)

    def _busy_again(self, msg: Message) -> bool:
        """A join answered ``game_busy``, said again after a pause (:mod:`.busy`): True when it will be."""
        ref = msg.get("ref")
        if not isinstance(ref, int):
            return False
        with self._lock:
            join = self._joins.pop(ref, None)
            later = self.busy.pause(ref) if join is not None else None
        if join is None or later is None:
            return False
        again = {k: v for k, v in join.items() if k != "ref"}
        self._loop.call_later(later[0], self._join_again, again, later[1])  # type: ignore[union-attr]
        return True

    def _join_again(self, join: Message, tries: int) -> None:
        if self._stop or (self._ws is None and (self.session or {}).get("game") == join.get("game")):
            return                              # not connected: the next connect rejoins the session anyway
        self.busy.said_again(self._say(join), tries)

    def _follow(self, msg: Message) -> None:
        """``moved``: the game is held by another server process. Go to the path it names at once
        and say again the join it answered (the session's own rejoin is said on every connect)."""
        path, code = msg.get("path"), msg.get("code")
        found = route.code_in("ws://x" + path) if isinstance(path, str) else None
        found = found or (route.code_of(code) if isinstance(code, str) else None)
        if found is None:
            raise P.ProtocolError("bad_message", "the server said the game moved without saying where")
        with self._lock:
            self.path = route.game_path(found)
            join = self._joins.pop(msg["ref"], None) if isinstance(msg.get("ref"), int) else None
            rejoined = self.session is not None and self.session.get("game") == msg.get("game")
        if join is not None and not rejoined:
            self._redo.append(join)
        self._moving = self._quiet = True
        self.moves += 1
        self._inbox.put(msg)
        ws = self._ws
        if ws is not None:
            self._loop.create_task(ws.close())  # type: ignore[union-attr]


__all__ = ["NetClient"]
