"""What one seat may see of a game, built field by field -- never a raw position.

The card engine's position string and record hold every hand, so a view
is put together from the parts a seat may see (``docs/network.md``):

* the field, the effects, the scores and the log are public, except the
  Chaos card drawn for the seat to move while it is still in its hand;
* each hand is a list in hand order where a card the viewer may not see is
  ``null``: the hands are the viewer's :meth:`Game.observation` (the
  engine's one rule, ``cards/observation.py``: its own hand, Open, Three
  Open's shown cards, cards given by Hand Swap or a swap ability, cards
  seen on the field before);
* ``dealers`` says, for each card of a hand the viewer sees, the seat it was dealt to
  (``null`` where the card is);
* the legal actions go to the seat to move only (they name its hand).

Spectators are ``viewer=None`` and see no hidden card at all. Jayden has
no hidden information: its view is the whole position.

:func:`cards_view` is the plain statement of a view; :class:`CardsViewText`
builds the same view as JSON text the way the server sends it after every
action, sharing between the seats what they share (``docs/network.md``,
"How much one server holds").
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable, Mapping, Sequence
from itertools import compress
from typing import Any

from jayden_jazz.cards import Game
from jayden_jazz.cards.observation import Observation
from jayden_jazz.cards.events import Event, GameEnded
from jayden_jazz.jayden import START_JPN, Position


Piece = tuple[str, int]


def _hands(obs: Observation) -> tuple[list[list[str | None]], list[list[int | None]]]:
    """The observation's hands as the wire has them: card ids and, apart, the seats they were
    dealt to (``null`` for both where the card is hidden)."""
    hands, dealers = [], []
    for seat in range(obs.public.seats):
        hand = obs.hand(seat)
        hands.append([None if pc is None else pc[0] for pc in hand])
        dealers.append([None if pc is None else pc[1] for pc in hand])
    return hands, dealers


def field_pieces(game: Game) -> dict[int, Piece]:
    """Grid cell -> (card id, dealing seat) of every card on the field (before an action, for
    :func:`placed_details`)."""
    return {e[0]: (e[1], e[3]) for e in game.field_entries() if e is not None}


_EVENT_FIELDS: dict[type, tuple[str, ...]] = {}
_NESTED = (tuple, list, dict)


def _fields(kind: type) -> tuple[str, ...]:
    names = _EVENT_FIELDS.get(kind)
    if names is None:
        names = _EVENT_FIELDS[kind] = tuple(f.name for f in dataclasses.fields(kind))
    return names


def record_data(x: Any) -> dict[str, Any]:
    """A record inside an event (``Captured.matched``'s pairs) as ``dataclasses.asdict`` gives it:
    field by field while its fields are plain values, as they are (``asdict``'s deep copy was a
    twentieth of an action's time on the server, #40); anything nested, by ``asdict`` itself."""
    out: dict[str, Any] = {}
    for k in _fields(type(x)):
        v = getattr(x, k)
        if isinstance(v, _NESTED) or dataclasses.is_dataclass(v):
            return dataclasses.asdict(x)
        out[k] = v
    return out


def event_data(e: Event) -> dict[str, Any]:
    """An engine event as plain data: its fields, tuples as lists (``Captured.matched``'s pairs
    as objects). Field by field rather than ``dataclasses.asdict``, which deep-copies
    everything and cost a noticeable share of each action."""
    if isinstance(e, GameEnded):
        return {"event": "GameEnded", "result": e.result.to_dict()}
    data: dict[str, Any] = {"event": type(e).__name__}
    for k in _fields(type(e)):
        v = getattr(e, k)
        if isinstance(v, tuple):
            v = [record_data(x) if dataclasses.is_dataclass(x) else x for x in v]
        data[k] = v
    return data


def placed_details(game: Game, events: list[dict[str, Any]], dealer: int, before: Mapping[int, Piece]) -> None:
    """What an action's events leave out that every seat may know, added to their data: who was
    dealt the placed card (``dealer``, as the cells say once it lies there) and, for a swap, who was
    dealt the hand card it put on the field (``to_field_dealer``) and the place in the hand the card
    from the field took (``slot``: under Order the places are the rule).
    ``before`` are the cards on the cells before the action (:func:`field_pieces`)."""
    events[0]["dealer"] = dealer
    for e in events:
        if e["event"] == "Swapped":
            x = game.field.index(str(e["cell"]))
            seat = int(e["seat"])
            now = game.dealer_at(x)
            if now is not None:
                e["to_field_dealer"] = now
            hand = list(zip(game.hand_ids(seat), game.hand_dealers(seat)))
            if before.get(x) in hand:
                e["slot"] = hand.index(before[x])


def cards_view(game: Game, log: Sequence[dict[str, Any]], viewer: int | None, to_move: int | None,
               legal: Callable[[], list[str]]) -> dict[str, Any]:
    """The board, hands, log and legal actions (``legal()``: the mover's) of a started card
    game for ``viewer``: its :meth:`Game.observation`, as plain data."""
    obs = game.observation(viewer)
    names = game.field.cell_names
    cells = [None if e is None else {"cell": names[c], "card": e[1][0], "owner": e[0], "dealer": e[1][1]}
             for c, e in zip(game.field.cells, obs.public.cells)]
    # who a seen card was dealt to (a gift of Hand Swap or a swap is no secret); a hidden
    # card was always dealt to its own seat, so its dealer says nothing and is null too
    hands, dealers = _hands(obs)
    drawn = game.drawn_card
    drawn_visible = obs.drawn is not None
    last_draw = max((i for i, e in enumerate(log) if e["event"] == "CardDrawn"), default=-1)
    events = list(log)
    if last_draw >= 0 and drawn is not None and not drawn_visible:
        events[last_draw] = {**events[last_draw], "card": None}
    result = game.result()
    board = {"cells": cells, "hands": hands, "dealers": dealers, "elements": {n: el for n, el in (game.setup.elements if game.setup else ())},
             "effects": [{"seat": e.seat, "card": e.card.id, "number": e.number, "cell": e.cell,
                          "turns_left": e.turns_left, "text": e.text} for e in game.effects()],
             "drawn": obs.drawn[0] if obs.drawn is not None else None,
             "drawn_dealer": obs.drawn[1] if obs.drawn is not None else None, "scores": list(obs.scores()),
             "reset_used": obs.public.reset}
    return {"board": board, "log": events, "legal": legal() if viewer is not None and viewer == to_move else [],
            "result": None if result is None else result.to_dict()}


def jayden_view(position: Position, setup: dict[str, Any], actions: Sequence[tuple[int, str]],
                viewer: int | None, to_move: int | None) -> dict[str, Any]:
    """Jayden hides nothing: the position (JPN), how it was reached, and the legal actions."""
    result = position.result
    legal = [a.text() for a in position.legal_actions()] if viewer is not None and viewer == to_move else []
    return {"board": {"jpn": position.jpn(), "start": START_JPN, "side": position.side,
                      "quiet_draw": bool(setup.get("quiet_draw", True))},
            "log": [{"seat": s, "action": a} for s, a in actions], "legal": legal,
            "result": None if result is None else {
                "winner": None if result.winner is None else ("g", "r").index(result.winner),
                "reason": result.reason}}


dumps: Callable[[Any], str] = json.JSONEncoder(separators=(",", ":"), allow_nan=False).encode
"""Compact JSON, as :func:`jayden_jazz.net.protocol.encode` writes every message (one encoder,
made once: ``json.dumps`` with arguments builds a new one per call)."""

_PLAIN_TEXT = re.compile(r"[ !#-\[\]-~]*")


def dumps_text(text: str) -> str:
    """A string as JSON: printable ASCII other than quote and backslash stands as it is
    (card ids and cell names; quicker than the encoder for the many placements)."""
    return f'"{text}"' if _PLAIN_TEXT.fullmatch(text) else dumps(text)


_ID_TEXTS: dict[str, str] = {}
"""Card id -> its JSON text: shared by every game of the server (bounded by the cards it offers)."""


def id_text(card_id: str) -> str:
    """A card id as JSON (:func:`dumps_text`), worked out once per id."""
    text = _ID_TEXTS.get(card_id)
    if text is None:
        text = _ID_TEXTS[card_id] = dumps_text(card_id)
    return text


_CELL_TEXTS: dict[tuple[str, ...], dict[tuple[int, str, int, int], str]] = {}
"""A field's cell names -> (cell, card, owner, dealer) -> that cell's JSON: shared by every game of
the server (bounded by the fields, cards and seats it offers). Kept per game, each new key was a
tuple that outlived its action and every young collection walked (#40)."""

_SEEN_BITS = tuple(1 << (i + 4) for i in range(60))


def _hand_key(seat: int, seen: tuple[bool, ...]) -> int:
    """``seat`` (< 16: at most :data:`~jayden_jazz.cards.deal.MAX_PLAYERS`) and which of its cards
    are seen, as one number: a key the collector does not track, where ``(seat, seen)`` was a tuple
    of a tuple made for every ply of every game."""
    if len(seen) <= len(_SEEN_BITS):
        return seat + sum(compress(_SEEN_BITS, seen))
    return seat + sum(1 << (i + 4) for i, ok in enumerate(seen) if ok)     # a hand of a very large field


class CardsViewText:
    """One card game's views as JSON text, equal (as JSON) to :func:`cards_view`.

    After each action every seat's connection gets its own view, most of which (cells,
    effects, scores, the log) is the same for all: that part is encoded once per ply, each
    log event once per game, each hand once per ply for all who see it alike, and only which
    cards of each hand the seat sees, the drawn card and the legal actions are worked out per seat -- the hands and the draw of the seat's :meth:`Game.observation`,
    read card by card with the same rule (:meth:`Game.seen_hand`) rather than building the
    whole observation for every seat after every action (three times the time). The server spent most of its time per action building and encoding
    whole views before (docs/network.md, "How much one server holds").
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.events: list[str] = []      # each log event's JSON, in log order
        self.last_draw = -1              # index of the latest CardDrawn event
        self._ply = -1
        self._shared: dict[str, str] = {}
        self._cells = _CELL_TEXTS.setdefault(game.field.cell_names, {})
        self._elements = ""
        # this ply's hands and their dealers as JSON by seat and which of its cards the viewer
        # sees (:func:`_hand_key`): the seats that see a hand alike (its own seat, or every other
        # seat under Open; the spectators and the seats that see none of it) share one text,
        # encoded once per ply. Keys are numbers and values text, so neither dict is a container
        # the collector tracks (tuples were a tenth of what a young collection walked, #40)
        self._hands: dict[int, str] = {}
        self._dealers: dict[int, str] = {}

    def add(self, events: Sequence[dict[str, Any]]) -> None:
        for e in events:
            if e["event"] == "CardDrawn":
                self.last_draw = len(self.events)
            self.events.append(dumps(e))

    def _public(self, ply: int, log: Sequence[dict[str, Any]]) -> dict[str, str]:
        if ply == self._ply:
            return self._shared
        game = self.game
        names = game.field.cell_names
        known = self._cells
        cells = []
        for key in game.field_entries():
            if key is None:
                cells.append("null")
                continue
            text = known.get(key)
            if text is None:
                text = known[key] = dumps({"cell": names[key[0]], "card": key[1], "owner": key[2], "dealer": key[3]})
            cells.append(text)
        result = game.result()
        events = self.events
        if not self._elements:     # fixed by the deal
            self._elements = dumps({n: el for n, el in (game.setup.elements if game.setup else ())})
        effects = game.effects()
        shared = {
            "cells": "[" + ",".join(cells) + "]",
            "rest": ',"elements":' + self._elements
                    + ',"effects":' + (dumps([{"seat": e.seat, "card": e.card.id, "number": e.number, "cell": e.cell,
                                               "turns_left": e.turns_left, "text": e.text} for e in effects])
                                       if effects else "[]"),
            "tail": ',"scores":[' + ",".join(map(str, game.scores())) + '],"reset_used":'
                    + ("true" if game.reset_used else "false") + "}",
            "log": "[" + ",".join(events) + "]",
            "result": "null" if result is None else dumps(result.to_dict()),
        }
        if self.last_draw >= 0 and game.drawn_card is not None:
            hidden = dict(log[self.last_draw], card=None)
            shared["log_hidden"] = "[" + ",".join(events[:self.last_draw] + [dumps(hidden)]
                                                  + events[self.last_draw + 1:]) + "]"
        self._ply, self._shared = ply, shared
        self._hands = {}
        self._dealers = {}
        return shared

    def _hand_text(self, seat: int, seen: tuple[bool, ...], key: int) -> str:
        """``seat``'s hand as JSON for a viewer who sees the cards ``seen`` says, its dealers'
        kept under ``key`` too: written from each card id's text, made once per server (the
        encoder per list was a fifth of a view)."""
        game = self.game
        ids, dealt = game.hand_ids(seat), game.hand_dealers(seat)
        self._dealers[key] = "[" + ",".join([str(d) if ok and d is not None else "null"
                                             for d, ok in zip(dealt, seen)]) + "]"
        text = self._hands[key] = "[" + ",".join([id_text(cid) if ok else "null" for cid, ok in zip(ids, seen)]) + "]"
        return text

    def text(self, ply: int, log: Sequence[dict[str, Any]], viewer: int | None, to_move: int | None,
             legal: Callable[[], str]) -> str:
        """The ``board``, ``log``, ``legal`` and ``result`` members of ``viewer``'s view, as JSON
        text to close an object with (``legal()``: the mover's, already encoded)."""
        shared = self._public(ply, log)
        game = self.game
        hands: list[str] = []
        dealers: list[str] = []
        known = self._hands
        for seat in range(game.players):       # the hands of game.observation(viewer), without the rest of it
            seen = game.seen_hand(viewer, seat)
            key = _hand_key(seat, seen)
            part = known.get(key)
            if part is None:
                part = self._hand_text(seat, seen, key)
            hands.append(part)
            dealers.append(self._dealers[key])
        at = game.drawn_index
        drawn = None
        if at is not None and game.seen_hand(viewer, game.to_move)[at]:
            drawn = (game.hand_ids(game.to_move)[at], game.hand_dealers(game.to_move)[at])
        log_text = shared.get("log_hidden", shared["log"]) if drawn is None else shared["log"]
        return "".join(('"board":{"cells":', shared["cells"], ',"hands":[', ",".join(hands), '],"dealers":[', ",".join(dealers), "]",
                        shared["rest"],
                        ',"drawn":', id_text(drawn[0]) if drawn is not None else "null",
                        ',"drawn_dealer":', str(drawn[1]) if drawn is not None else "null",
                        shared["tail"], ',"log":', log_text,
                        ',"legal":', legal() if viewer is not None and viewer == to_move else "[]",
                        ',"result":', shared["result"], "}"))


__all__ = ["CardsViewText", "cards_view", "dumps", "event_data", "field_pieces", "id_text", "jayden_view",
           "placed_details", "record_data"]
