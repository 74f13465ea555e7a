"""The network protocol: JSON messages over WebSocket, checked in one place.

Every message is one JSON object with a ``type``. What a client may send is
written down below as a table of fields (:data:`CLIENT_MESSAGES`); anything
else -- a missing or unknown field, a wrong type, a string too long, a list
too long -- is refused by :func:`parse_client` with a :class:`ProtocolError`
whose ``code`` names the kind of trouble and whose ``message`` says what to
fix, in plain words. The server never looks at a message this module did
not accept, so the rest of the server can trust the shapes it is handed.

The first message of a connection is ``hello`` with :data:`VERSION`; a
different version gets ``error`` code ``version`` naming both versions, and
the connection closes. ``docs/network.md`` describes every message.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

VERSION = 1
"""Bumped whenever a message changes shape; both sides must speak the same one."""

MAX_MESSAGE = 64 * 1024
"""Largest frame the server reads (bytes). A longer one closes the connection (1009)."""

MAX_SERVER_MESSAGE = 4 * 1024 * 1024
"""Largest frame a client reads: views of big four-seat fields are well under this."""

GAME_KINDS = ("jayden", "cards")
LEVELS = ("easy", "normal", "hard")
HOST_COMMANDS = ("computer", "abandon")
MAX_NAME = 24
MAX_TEXT = 200         # an action or card id text
MAX_SEATS = 4
MAX_DIGITS = 18        # a whole number in a message: far past any ply, seat or ref (2**31 has 10 digits)

UNSAFE_TEXT = re.compile(
    r"[\x00-\x1f\x7f-\x9f"       # C0 controls, DEL, C1 controls
    r"\ud800-\udfff"               # lone surrogates (JSON's \ud800): no UTF-8 holds them, so no store or frame can
    r"\u061c\u200b\u200e\u200f"   # invisible marks that change how the text around them reads
    r"\u202a-\u202e\u2066-\u2069"  # bidirectional embeddings, overrides, isolates (a name shown backwards)
    r"\u2028\u2029"                # line and paragraph separators
    r"\ufdd0-\ufdef\ufeff\ufff9-\uffff"   # noncharacters, the byte-order mark, annotations, specials
    r"\U000e0000-\U000e007f"       # tag characters (invisible)
    r"\U000f0000-\U0010ffff]")     # private use planes: shows as nothing anyone agreed on
"""Characters no text field may hold: what cannot be stored or sent as UTF-8, and what would show
one thing and be another (controls, invisible or direction-changing marks)."""


class ProtocolError(Exception):
    """A message the server (or client) will not act on; ``code`` for programs,
    ``message`` for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.extra: dict[str, Any] = {}     # what the refusal carries besides (the message's ref)


# ---------------------------------------------------------------------- field checks

Check = Callable[[str, Any], Any]


def _text(limit: int, *, empty: bool = False) -> Check:
    def check(name: str, v: Any) -> str:
        if not isinstance(v, str):
            raise ProtocolError("bad_field", f"'{name}' must be text, not {_kind(v)}")
        if not empty and not v:
            raise ProtocolError("bad_field", f"'{name}' must not be empty")
        if len(v) > limit:
            raise ProtocolError("bad_field", f"'{name}' is {len(v)} characters long; at most {limit}")
        bad = UNSAFE_TEXT.search(v)
        if bad is not None:
            raise ProtocolError("bad_field", f"'{name}' holds a character that cannot be used in text "
                                             f"(U+{ord(bad.group()):04X}: control characters, lone surrogates "
                                             f"and invisible marks are refused)")
        return v
    return check


def _int(lo: int, hi: int) -> Check:
    def check(name: str, v: Any) -> int:
        if not isinstance(v, int) or isinstance(v, bool):
            raise ProtocolError("bad_field", f"'{name}' must be a whole number, not {_kind(v)}")
        if not lo <= v <= hi:
            raise ProtocolError("bad_field", f"'{name}' must be from {lo} to {hi}, not {v}")
        return v
    return check


def _choice(options: tuple[str, ...]) -> Check:
    def check(name: str, v: Any) -> str:
        if not isinstance(v, str) or v not in options:
            raise ProtocolError("bad_field", f"'{name}' must be one of {', '.join(options)}, not {_show(v)}")
        return v
    return check


def _bool(name: str, v: Any) -> bool:
    if not isinstance(v, bool):
        raise ProtocolError("bad_field", f"'{name}' must be true or false, not {_kind(v)}")
    return v


def _list(item: Check, most: int) -> Check:
    def check(name: str, v: Any) -> list[Any]:
        if not isinstance(v, list):
            raise ProtocolError("bad_field", f"'{name}' must be a list, not {_kind(v)}")
        if len(v) > most:
            raise ProtocolError("bad_field", f"'{name}' holds {len(v)} items; at most {most}")
        return [item(f"{name}[{i}]", x) for i, x in enumerate(v)]
    return check


def _object(fields: Mapping[str, tuple[Check, bool]]) -> Check:
    def check(name: str, v: Any) -> dict[str, Any]:
        if not isinstance(v, dict):
            raise ProtocolError("bad_field", f"'{name}' must be an object, not {_kind(v)}")
        return _fields(v, fields, name)
    return check


def _fields(data: Mapping[str, Any], fields: Mapping[str, tuple[Check, bool]], where: str) -> dict[str, Any]:
    if not data.keys() <= fields.keys():
        unknown = sorted(data.keys() - fields.keys())
        raise ProtocolError("unknown_field", f"{where} has an unknown field {unknown[0]!r}; "
                                             f"known: {', '.join(sorted(fields)) or 'none'}")
    out: dict[str, Any] = {}
    for key, (check, required) in fields.items():
        if key not in data:
            if required:
                raise ProtocolError("missing_field", f"{where} needs the field {key!r}")
            continue
        out[key] = check(key, data[key])
    return out


def _kind(v: Any) -> str:
    return {dict: "an object", list: "a list", str: "text", bool: "true/false", type(None): "null",
            int: "a number", float: "a number"}.get(type(v), type(v).__name__)


def _show(v: Any) -> str:
    text = json.dumps(v) if isinstance(v, (str, int, float, bool, type(None))) else _kind(v)
    return text if len(text) <= 40 else text[:37] + "..."


# ---------------------------------------------------------------------- the messages

_NAME = _text(MAX_NAME)
_ID = _text(40)
_TOKEN = _text(64)
_REF = _int(0, 2**31)
_RULE_FLAGS = ("open", "pure", "sudden_death", "holes", "same", "same_wall", "plus", "combo", "reverse",
               "fallen_ace", "elemental", "random", "order", "chaos", "hand_swap", "three_open")

_RULES: dict[str, tuple[Check, bool]] = {
    "preset": (_choice(("updated", "draft")), False),
    "capture": (_choice(("higher", "equal_or_higher")), False),
    "spare": (_int(0, 5), False),
    **{flag: (_bool, False) for flag in _RULE_FLAGS},
}

_SEAT = _object({
    "kind": (_choice(("human", "computer")), True),
    "level": (_choice(LEVELS), False),
    "name": (_NAME, False),
})

def _hints(name: str, v: Any) -> bool:
    """The host's choice; a bad value is the setup's trouble, said in the host's words."""
    if not isinstance(v, bool):
        raise ProtocolError("bad_setup", f"the setup's '{name}' says whether the host allows hints: "
                                         f"true (allowed) or false (off), not {_kind(v)}")
    return v


_SETUP = _object({
    "rules": (_object(_RULES), False),          # cards
    "field": (_text(20), False),                # cards
    "date": (_text(7), False),                  # cards: YYYY-MM
    "quiet_draw": (_bool, False),               # jayden
    "hints": (_hints, False),                   # both: the host allows hints (absent: off)
})

CLIENT_MESSAGES: dict[str, dict[str, tuple[Check, bool]]] = {
    "hello": {"version": (_int(0, 2**31), True), "client": (_text(60), False), "ref": (_REF, False)},
    "create": {"kind": (_choice(GAME_KINDS), True), "setup": (_SETUP, True),
               "seats": (_list(_SEAT, MAX_SEATS), True), "ref": (_REF, False)},
    "join": {"game": (_ID, True), "seat": (_int(0, MAX_SEATS - 1), False), "token": (_TOKEN, False),
             "spectator": (_bool, False), "name": (_NAME, False), "ref": (_REF, False)},
    "hand": {"cards": (_list(_text(MAX_TEXT), 40), True), "ref": (_REF, False)},
    "action": {"ply": (_int(0, 100_000), True), "action": (_text(MAX_TEXT), True), "ref": (_REF, False)},
    "host": {"game": (_ID, True), "token": (_TOKEN, True), "command": (_choice(HOST_COMMANDS), True),
             "seat": (_int(0, MAX_SEATS - 1), False), "ref": (_REF, False)},
    "offer_draw": {"game": (_ID, True), "ref": (_REF, False)},
    "answer_draw": {"game": (_ID, True), "accept": (_bool, True), "ref": (_REF, False)},
    "resign": {"game": (_ID, True), "ref": (_REF, False)},
    "view": {"ref": (_REF, False)},
    "ping": {"ref": (_REF, False)},
    "list": {"ref": (_REF, False)},             # the server's games that can be joined or watched
}
"""Per message type: field -> (check, required). ``ref``, when given, is echoed in the answer."""

SERVER_MESSAGES = ("welcome", "created", "joined", "view", "ack", "error", "presence", "pong", "games", "moved")


# ---------------------------------------------------------------------- what a client sends, typed
# One frozen record per message type, holding exactly the fields CLIENT_MESSAGES lets through (a
# field the client left out is None): the server is handed these, never the raw JSON, so a handler
# cannot read a field that was not checked, and the dispatch is a table keyed by the record's class.
# ``ref``, when given, is echoed in the answer (None: the client gave none).

@dataclass(frozen=True, slots=True)
class SeatAsk:
    """A seat as ``create`` asks for it."""

    kind: str
    level: str | None = None
    name: str | None = None


@dataclass(frozen=True, slots=True)
class Hello:
    TYPE: ClassVar[str] = "hello"
    version: int
    client: str | None = None
    ref: int | None = None


@dataclass(frozen=True, slots=True)
class Create:
    TYPE: ClassVar[str] = "create"
    kind: str
    setup: dict[str, Any]          # checked field by field above; the table's check_setup judges the whole
    seats: tuple[SeatAsk, ...]
    ref: int | None = None


@dataclass(frozen=True, slots=True)
class Join:
    """A seat (by number, by token to come back, or the first free one) or, ``spectator``, a place
    to watch from."""

    TYPE: ClassVar[str] = "join"
    game: str
    seat: int | None = None
    token: str | None = None
    spectator: bool | None = None
    name: str | None = None
    ref: int | None = None


@dataclass(frozen=True, slots=True)
class Hand:
    TYPE: ClassVar[str] = "hand"
    cards: tuple[str, ...]
    ref: int | None = None


@dataclass(frozen=True, slots=True)
class Action:
    TYPE: ClassVar[str] = "action"
    ply: int
    action: str
    ref: int | None = None


@dataclass(frozen=True, slots=True)
class HostCommand:
    TYPE: ClassVar[str] = "host"
    game: str
    token: str
    command: str
    seat: int | None = None
    ref: int | None = None


@dataclass(frozen=True, slots=True)
class OfferDraw:
    TYPE: ClassVar[str] = "offer_draw"
    game: str
    ref: int | None = None


@dataclass(frozen=True, slots=True)
class AnswerDraw:
    TYPE: ClassVar[str] = "answer_draw"
    game: str
    accept: bool
    ref: int | None = None


@dataclass(frozen=True, slots=True)
class Resign:
    TYPE: ClassVar[str] = "resign"
    game: str
    ref: int | None = None


@dataclass(frozen=True, slots=True)
class ViewAsk:
    TYPE: ClassVar[str] = "view"
    ref: int | None = None


@dataclass(frozen=True, slots=True)
class Ping:
    TYPE: ClassVar[str] = "ping"
    ref: int | None = None


@dataclass(frozen=True, slots=True)
class ListGames:
    TYPE: ClassVar[str] = "list"
    ref: int | None = None


ClientMessage = (Hello | Create | Join | Hand | Action | HostCommand | OfferDraw | AnswerDraw | Resign | ViewAsk
                 | Ping | ListGames)

CLIENT_TYPES: dict[str, type[ClientMessage]] = {
    cls.TYPE: cls for cls in (Hello, Create, Join, Hand, Action, HostCommand, OfferDraw, AnswerDraw, Resign,
                              ViewAsk, Ping, ListGames)}
"""Message type -> its record; the same types as :data:`CLIENT_MESSAGES` (a test holds them equal)."""


_WHERE = {kind: f"'{kind}'" for kind in CLIENT_MESSAGES}     # how a refusal names the message


def _create(out: dict[str, Any]) -> Create:
    return Create(out["kind"], out["setup"], tuple(SeatAsk(**s) for s in out["seats"]), out.get("ref"))


def _hand(out: dict[str, Any]) -> Hand:
    return Hand(tuple(out["cards"]), out.get("ref"))


_MAKE: dict[str, Callable[[dict[str, Any]], ClientMessage]] = {
    **{kind: (lambda cls: lambda out: cls(**out))(cls) for kind, cls in CLIENT_TYPES.items()},
    "create": _create, "hand": _hand}


def _reject_constant(text: str) -> Any:
    raise ProtocolError("bad_json", f"{text} is not a number JSON allows")


def _whole(text: str) -> int:
    """A whole number of the message, refused before Python works out a huge one (which costs
    time quadratic in its digits, and json refuses past 4,300 with a bare ValueError)."""
    digits = len(text) - (text[0] == "-")
    if digits > MAX_DIGITS:
        raise ProtocolError("bad_field", f"the message holds a number of {digits} digits; at most {MAX_DIGITS}")
    return int(text)


def _object_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object of the message; a key said twice is refused (which one would count is a guess)."""
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ProtocolError("duplicate_key", f"the field {_show(key)} is given twice in one object")
            seen.add(key)
    return out


def _ref_of(data: Any) -> dict[str, Any]:
    """The ``ref`` of a message being refused, when it has a valid one: the refusal echoes it."""
    if isinstance(data, dict):
        ref = data.get("ref")
        if isinstance(ref, int) and not isinstance(ref, bool) and 0 <= ref <= 2**31:
            return {"ref": ref}
    return {}


_DECODER = json.JSONDecoder(parse_constant=_reject_constant, parse_int=_whole, object_pairs_hook=_object_pairs)
"""Made once: ``json.loads`` with these arguments builds a new decoder for every message."""

_BOM = chr(0xFEFF)
"""A byte-order mark, refused at a message's start as ``json.loads`` refuses it (the decoder alone would
not); written by its number, so the font's coverage check does not read it as text the game shows."""


def parse_client(raw: str | bytes) -> ClientMessage:
    """A client message, checked against :data:`CLIENT_MESSAGES` and handed back as its typed
    record (:data:`CLIENT_TYPES`); raises ProtocolError."""
    if isinstance(raw, bytes):
        raise ProtocolError("bad_frame", "send text frames holding JSON, not binary frames")
    if len(raw) > MAX_MESSAGE:
        raise ProtocolError("too_big", f"the message is {len(raw)} characters; at most {MAX_MESSAGE}")
    try:
        if raw.startswith(_BOM):
            raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", raw, 0)
        data = _DECODER.decode(raw)
    except json.JSONDecodeError as e:
        raise ProtocolError("bad_json", f"the message is not JSON: {e.msg} at character {e.pos}") from None
    except RecursionError:
        raise ProtocolError("bad_json", "the message nests too deeply") from None
    except ValueError as e:      # a number json itself will not read
        raise ProtocolError("bad_json", f"the message holds a number that cannot be read ({e})") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", f"a message is a JSON object, not {_kind(data)}")
    try:
        kind = data.pop("type", None)      # the rest is the body (data is this call's own)
        if not isinstance(kind, str) or kind not in CLIENT_MESSAGES:
            raise ProtocolError("unknown_type", f"unknown message type {_show(kind)}; "
                                                f"types: {', '.join(CLIENT_MESSAGES)}")
        out = _fields(data, CLIENT_MESSAGES[kind], _WHERE[kind])
    except ProtocolError as e:
        e.extra = _ref_of(data)
        raise
    return _MAKE[kind](out)


_ENCODER = json.JSONEncoder(separators=(",", ":"), allow_nan=False)   # made once, not per message


def encode(message: Mapping[str, Any]) -> str:
    """A message as compact JSON text (no NaN: every number is finite)."""
    return _ENCODER.encode(message)


def decode_server(raw: str | bytes) -> dict[str, Any]:
    """A server message on the client side: JSON object with a known ``type``."""
    if isinstance(raw, bytes):
        raise ProtocolError("bad_frame", "the server sent a binary frame")
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as e:
        raise ProtocolError("bad_json", f"the server sent text that is not JSON: {e.msg}") from None
    except (ValueError, RecursionError):       # a number past json's 4,300 digits, nesting past its depth
        raise ProtocolError("bad_json", "the server sent JSON this game cannot read") from None
    if not isinstance(data, dict) or data.get("type") not in SERVER_MESSAGES:
        raise ProtocolError("bad_message", "the server sent a message of an unknown type")
    return data


# ---------------------------------------------------------------------- what the server sends
# Every server message is made here, so its shape is written down once, beside the client's.
# ``ref`` is the ref of the message answered (None: no ref is sent back).

def _with_ref(message: dict[str, Any], ref: int | None) -> dict[str, Any]:
    if ref is not None:
        message["ref"] = ref
    return message


def error(code: str, message: str, **extra: Any) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message, **extra}


def refusal(code: str, message: str, ref: int | None, **extra: Any) -> dict[str, Any]:
    """An ``error`` answering a message (echoing its ref)."""
    return _with_ref({"type": "error", "code": code, "message": message, **extra}, ref)


def welcome(max_message: int, rate: float, burst: float, seat_timeout: float, ref: int | None) -> dict[str, Any]:
    return _with_ref({"type": "welcome", "version": VERSION, "server": "jayden-jazz",
                      "limits": {"max_message": max_message, "rate": rate, "burst": burst,
                                 "seat_timeout": seat_timeout}}, ref)


def pong(ref: int | None) -> dict[str, Any]:
    return _with_ref({"type": "pong"}, ref)


def games(listed: list[dict[str, Any]], more: int, ref: int | None) -> dict[str, Any]:
    return _with_ref({"type": "games", "games": listed, "more": more}, ref)


def created(game: str, code: str, host_token: str, ref: int | None) -> dict[str, Any]:
    return _with_ref({"type": "created", "game": game, "code": code, "host_token": host_token}, ref)


def joined(game: str, code: str, seat: int | None, token: str | None, ref: int | None) -> dict[str, Any]:
    """A seat's join carries its token (to come back with); a spectator's has none."""
    message: dict[str, Any] = {"type": "joined", "game": game, "code": code, "seat": seat}
    if seat is not None:
        message["token"] = token
    return _with_ref(message, ref)


def ack(ply: int, ref: int | None, **what: Any) -> dict[str, Any]:
    """An action, hand, draw answer, resignation or host command taken: ``what`` says which
    (``action``, ``hand``, ``draw``, ``resigned``, ``host``, ``duplicate``), ``ply`` where the game is."""
    return _with_ref({"type": "ack", **what, "ply": ply}, ref)


def moved(game: str, code: str, ref: int | None) -> dict[str, Any]:
    """The game is served by another process: reconnect at ``path`` (the proxy routes it there) and
    join again. The connection is closed right after it (code 1012, reason "moved")."""
    return {"type": "moved", "game": game, "code": code, "path": f"/game/{code}", "ref": ref}


def presence(game: str, seat: int, name: str, state: str, waited: float, host_may_act: bool) -> dict[str, Any]:
    return {"type": "presence", "game": game, "seat": seat, "name": name, "state": state,
            "waited": round(waited, 1), "host_may_act": host_may_act}


def view_with_ref(view: str, ref: int | None) -> str:
    """A view already encoded (shared between connections) with the ref of the ``view`` it answers
    put in front, without decoding it again."""
    return view if ref is None else f'{{"ref":{ref},{view[1:]}'


def version_refusal(theirs: int) -> str:
    """The plain words both sides show when versions differ."""
    newer = "the server" if VERSION > theirs else "this game"
    return (f"this server speaks protocol version {VERSION} and the game speaks version {theirs}; "
            f"{newer} is newer -- update the other one to the same version of Jayden & Jazz")


@dataclass
class TokenBucket:
    """Rate limit: ``rate`` messages a second on average, bursts up to ``burst``."""

    rate: float
    burst: float
    tokens: float = -1.0
    stamp: float = 0.0

    def take(self, now: float) -> bool:
        if self.tokens < 0:
            self.tokens, self.stamp = self.burst, now
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


__all__ = ["Action", "AnswerDraw", "CLIENT_MESSAGES", "CLIENT_TYPES", "ClientMessage", "Create", "GAME_KINDS",
           "HOST_COMMANDS", "Hand", "Hello", "HostCommand", "Join", "LEVELS", "ListGames", "MAX_MESSAGE",
           "MAX_SERVER_MESSAGE", "OfferDraw", "Ping", "ProtocolError", "Resign", "SERVER_MESSAGES", "SeatAsk",
           "TokenBucket", "VERSION", "ViewAsk", "ack", "created", "decode_server", "encode", "error", "games",
           "joined", "moved", "parse_client", "pong", "presence", "refusal", "version_refusal", "view_with_ref", "welcome"]
