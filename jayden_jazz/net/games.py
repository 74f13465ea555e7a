"""The games a server holds: the engine is the only judge of every action.

A :class:`Table` is one game of either kind with its seats. It knows
nothing of sockets or the database: the server hands it checked messages
and stores what it accepts. Both kinds share the seat and ply rules:

* an action names the ply it applies to; the same action again for a ply
  already played by the same seat is a *duplicate* (answered, not played
  twice); any other ply is *stale* and refused with the current view;
* only the seat to move may act, and the engine's own refusal (in its
  plain words) goes back for an illegal action.

What each seat may see is built by :mod:`.views`; nothing here sends the
engine's position string or record to anyone.
"""

from __future__ import annotations

import datetime
import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from jayden_jazz.cards import Action, CardsError, Game, Rules, load_fields, new_game
from jayden_jazz.cards.deal import MAX_PLAYERS, MIN_PLAYERS
from jayden_jazz.cards.legal import move_groups
from jayden_jazz.jayden import Position
from jayden_jazz.jayden.position import AGREED_DRAW, RESIGNED
from jayden_jazz.jayden.errors import ActionSyntaxError

from . import views
from .schema import FINISHED

JAYDEN_SIDES = ("g", "r")   # seat 0 plays the side that moves first


class Refusal(Exception):
    """An action or request the game refuses; ``code`` for programs, ``message`` for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass
class SeatInfo:
    kind: str                    # "human" or "computer"
    name: str
    level: str = ""              # computer seats
    token_hash: str | None = None  # a human seat once someone joined it


class Table:
    """One game and its seats; subclasses hold the engine."""

    kind = ""
    ended: Callable[[Table], None] | None = None
    """Told once, as the game ends (over or abandoned) while a server holds it: the server counts
    its running games without walking them all, and lets go of the finished ones (:mod:`.letgo`)."""

    def __init__(self, game_id: str, code: str, setup: dict[str, Any], seats: list[SeatInfo],
                 host_hash: str) -> None:
        self.id = game_id
        self.code = code
        self.setup = setup
        self.seats = seats
        self.host_hash = host_hash
        self.status = "waiting"        # waiting | playing | over | abandoned
        self.actions: list[tuple[int, str]] = []   # (seat, action text) per ply

    @property
    def status(self) -> str:
        return self._status

    @status.setter
    def status(self, value: str) -> None:
        """Every way a game ends (an action, a resignation, a draw agreed, the host's abandon) sets
        this: the one place that hears them all."""
        was = getattr(self, "_status", None)
        self._status = value
        if value in FINISHED and was not in FINISHED and self.ended is not None:
            self.ended(self)

    # -------------------------------------------------------------- seats and phases
    @property
    def ply(self) -> int:
        return len(self.actions)

    def to_move(self) -> int | None:
        raise NotImplementedError

    def ready_to_start(self) -> bool:
        """Every human seat is taken (and, in the card game, every hand is in)."""
        return all(s.kind == "computer" or s.token_hash is not None for s in self.seats)

    def start(self) -> None:
        self.status = "playing"
        self._after_change()

    def _after_change(self) -> None:
        if self.status == "playing" and self.is_over():
            self.status = "over"

    def is_over(self) -> bool:
        raise NotImplementedError

    # -------------------------------------------------------------- actions
    def check_ply(self, seat: int, ply: int, text: str) -> bool:
        """True for a duplicate of an action already played; raises Refusal for a stale
        ply; False when the action is for the current ply (to be judged next)."""
        if ply < self.ply and self.actions[ply] == (seat, text):
            return True
        if ply != self.ply:
            raise Refusal("stale_ply", f"the action is for ply {ply} but the game is at ply {self.ply}; "
                                       "here is the game as it stands")
        return False

    def play(self, seat: int, ply: int, text: str) -> bool:
        """Play ``text`` for ``seat`` at ``ply``; True if played, False for a duplicate.
        Raises Refusal with the engine's reason."""
        if self.check_ply(seat, ply, text):
            return False
        if self.status != "playing":
            raise Refusal("not_playing", {"waiting": "the game has not started: seats or hands are missing",
                                          "over": "the game is over",
                                          "abandoned": "the game was ended as abandoned"}[self.status])
        if self.to_move() != seat:
            raise Refusal("not_your_turn", f"it is {self.seats[self.to_move() or 0].name}'s turn, not yours")
        self._push(text)
        self.actions.append((seat, text))
        self._after_change()
        return True

    def replay(self, actions: Sequence[tuple[int, str]]) -> None:
        """Rebuild from stored actions (the server restarting)."""
        for seat, text in actions:
            if self.to_move() != seat:
                raise Refusal("corrupt", f"stored ply {self.ply} is by seat {seat}, not the seat to move")
            self._push(text)
            self.actions.append((seat, text))
        self._after_change()

    def _push(self, text: str) -> None:
        raise NotImplementedError

    def view(self, viewer: int | None, presence: Mapping[int, float | None]) -> dict[str, Any]:
        """The whole game as ``viewer`` (a seat, or None for a spectator) may see it;
        ``presence`` maps a human seat to seconds it has been away (None: connected)."""
        raise NotImplementedError

    def view_text(self, viewer: int | None, presence: Mapping[int, float | None]) -> str:
        """:meth:`view` as the JSON text the server sends."""
        return views.dumps(self.view(viewer, presence))

    def seats_view(self, presence: Mapping[int, float | None]) -> list[dict[str, Any]]:
        out = []
        for i, s in enumerate(self.seats):
            away = presence.get(i)
            out.append({"seat": i, "name": s.name, "kind": s.kind, "level": s.level or None,
                        "joined": s.kind == "computer" or s.token_hash is not None,
                        "connected": s.kind == "computer" or (s.token_hash is not None and away is None),
                        "away": None if away is None else round(away, 1)})
        return out

    def base_view(self, viewer: int | None, presence: Mapping[int, float | None]) -> dict[str, Any]:
        return {"type": "view", "game": self.id, "code": self.code, "kind": self.kind, "status": self.status,
                "ply": self.ply, "to_move": self.to_move() if self.status == "playing" else None,
                "you": viewer, "seats": self.seats_view(presence), "hints": bool(self.setup.get("hints", False))}

    def computer_request(self) -> tuple[str, tuple[Any, ...]] | None:
        """("module:function", args) to ask for the seat to move, when it is a computer."""
        raise NotImplementedError

    def fallback_action(self) -> str:
        """A legal action for the seat to move, when its computer player could not answer."""
        raise NotImplementedError


# ---------------------------------------------------------------------- Jayden


class JaydenTable(Table):
    kind = "jayden"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.position = Position(quiet_draw=bool(self.setup.get("quiet_draw", True)))
        self.draw_offer: int | None = None     # the seat whose draw offer waits for an answer

    # -------------------------------------------------------------- ends off the board
    def _playing(self) -> None:
        if self.status != "playing":
            raise Refusal("not_playing", "the game is not being played: " + {
                "waiting": "a seat is still empty", "over": "it is over",
                "abandoned": "it was ended as abandoned"}[self.status])

    def play(self, seat: int, ply: int, text: str) -> bool:
        """An action; the opponent of a seat that offered a draw acting lets the offer lapse
        (acting instead of answering turns it down)."""
        played = super().play(seat, ply, text)
        if played and self.draw_offer is not None and seat != self.draw_offer:
            self.draw_offer = None
        return played

    def offer_draw(self, seat: int) -> None:
        self._playing()
        if self.draw_offer == seat:
            raise Refusal("already_offered", "you have offered a draw already: wait for the answer")
        if self.draw_offer is not None:
            raise Refusal("offer_open", f"{self.seats[self.draw_offer].name} has offered you a draw: "
                                        "accept or decline it")
        self.draw_offer = seat

    def answer_draw(self, seat: int, accept: bool) -> None:
        self._playing()
        if self.draw_offer is None or self.draw_offer == seat:
            raise Refusal("no_offer", "there is no draw offer to you to answer")
        self.draw_offer = None
        if accept:
            self.end_off_board(None, AGREED_DRAW)

    def resign(self, seat: int) -> None:
        self._playing()
        self.end_off_board(seat, RESIGNED)

    def end_off_board(self, seat: int | None, reason: str) -> None:
        """A resignation (``seat`` gives up) or an agreed draw (no seat): not actions, so the
        store keeps them apart and a restart applies them after the replay."""
        if reason == RESIGNED and seat is not None:
            self.position.resign(JAYDEN_SIDES[seat])
        elif reason == AGREED_DRAW:
            self.position.agree_draw()
        else:
            raise Refusal("corrupt", f"a game does not end by {reason!r} off the board")
        self.draw_offer = None
        self._after_change()

    def to_move(self) -> int | None:
        if self.status != "playing" or self.position.is_over():
            return None
        return JAYDEN_SIDES.index(self.position.side)

    def is_over(self) -> bool:
        return self.position.is_over()

    def _push(self, text: str) -> None:
        try:
            self.position.push(text)
        except (ActionSyntaxError, ValueError) as e:
            raise Refusal("illegal", str(e)) from None

    def fallback_action(self) -> str:
        return self.position.legal_actions()[0].text()

    def view(self, viewer: int | None, presence: Mapping[int, float | None]) -> dict[str, Any]:
        out = self.base_view(viewer, presence)
        out.update(views.jayden_view(self.position, self.setup, self.actions, viewer, out["to_move"]))
        out["draw_offer"] = self.draw_offer
        return out

    def computer_request(self) -> tuple[str, tuple[Any, ...]] | None:
        seat = self.to_move()
        if seat is None or self.seats[seat].kind != "computer":
            return None
        return ("jayden_jazz.ai.jayden.player:choose_turn",
                (self.position.jpn(), self.seats[seat].level, _seed(self.id, self.ply),
                 bool(self.setup.get("quiet_draw", True))))


# ---------------------------------------------------------------------- the card game


class CardsTable(Table):
    kind = "cards"

    def __init__(self, *args: Any, catalog: Mapping[str, Any], pack_dirs: Sequence[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.catalog = catalog
        self.pack_dirs = list(pack_dirs)
        self.rules = Rules.from_dict(dict(self.setup["rules"]))
        self.field = fields()[self.setup["field"]]
        self.hands: dict[int, list[str]] = {}
        self.game: Game | None = None
        self.log: list[dict[str, Any]] = []     # the engine's events as data, built once each
        self._legal_ply = -1             # the ply _legal_text is for (two fields: a tuple per ply was one
        self._legal_text = "[]"          # more container for the collector to walk, #40)
        self._texts: views.CardsViewText | None = None
        self._setup_text = ("", "")      # the view's fixed text around the status
        self._seats_text: tuple[Any, str] = (None, "")

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def hand_size(self) -> int:
        return self.rules.hand_size(self.field.playable_count, self.players)

    def ready_to_start(self) -> bool:
        if not super().ready_to_start():
            return False
        return self.rules.random or len(self.hands) == self.players

    def choose_hand(self, seat: int, cards: Sequence[str]) -> None:
        """A seat's own hand, before the game starts; refused in plain words."""
        if self.rules.random:
            raise Refusal("random_hands", "under the Random rule the server deals the hands")
        if self.status != "waiting":
            raise Refusal("not_waiting", "the game has started: hands can no longer change")
        size = self.hand_size
        if len(cards) != size:
            raise Refusal("bad_hand", f"a hand here is {size} cards, not {len(cards)}")
        if len(set(cards)) != len(cards):
            raise Refusal("bad_hand", "a hand holds one copy of each card")
        for cid in cards:
            if cid not in self.catalog:
                raise Refusal("bad_hand", f"there is no card {cid!r} on this server")
        self.hands[seat] = list(cards)

    def start(self) -> None:
        hands = [] if self.rules.random else [self.hands[s] for s in range(self.players)]
        y, m = (int(x) for x in self.setup["date"].split("-"))
        try:
            self.game = new_game(self.catalog, self.field, hands, self.rules, rng=random.Random(self.setup["seed"]),
                                 date=(y, m), names=[s.name for s in self.seats], players=self.players)
        except CardsError as e:
            raise Refusal("bad_setup", str(e)) from None
        self.log = [views.event_data(e) for e in self.game.setup_events()]
        self._texts = views.CardsViewText(self.game)
        self._texts.add(self.log)
        super().start()

    def to_move(self) -> int | None:
        if self.game is None or self.status != "playing" or self.game.is_over():
            return None
        return self.game.to_move

    def is_over(self) -> bool:
        return self.game is not None and self.game.is_over()

    def _push(self, text: str) -> None:
        assert self.game is not None
        try:
            action = self.game.parse_action(text)
            dealer = self.game.dealer_of(action.card)      # the copy the rules play (of two, the dealt one)
            before = views.field_pieces(self.game) if action.ability is not None else {}   # for a swap
            report = self.game.play(action)
        except CardsError as e:
            raise Refusal("illegal", str(e)) from None
        new = [views.event_data(e) for e in report.events]
        views.placed_details(self.game, new, -1 if dealer is None else dealer, before)
        self.log += new
        assert self._texts is not None
        self._texts.add(new)

    def _head(self, viewer: int | None, presence: Mapping[int, float | None]) -> dict[str, Any]:
        out = self.base_view(viewer, presence)
        for i, s in enumerate(out["seats"]):
            s["hand_chosen"] = self.rules.random or i in self.hands
        return out

    def _setup_view(self) -> dict[str, Any]:
        return {"rules": self.rules.to_dict(), "field": {"name": self.field.name, "rows": list(self.field.rows)},
                "players": self.players, "hand_size": self.hand_size, "date": self.setup["date"]}

    def view_text(self, viewer: int | None, presence: Mapping[int, float | None]) -> str:
        """The same view as :meth:`view`, built from the parts the seats share (views.CardsViewText)."""
        if self._texts is None:
            return super().view_text(viewer, presence)
        if not self._setup_text[0]:
            self._setup_text = (',"game":' + views.dumps(self.id) + ',"code":' + views.dumps(self.code)
                                + ',"kind":"cards","status":', ',"setup":' + views.dumps(self._setup_view()) + ",")
        to_move = self.to_move() if self.status == "playing" else None
        # _head's members in its order, the seats' part kept while nobody comes or goes
        away = [presence.get(i) for i in range(self.players)]       # lists, not generators: twice per action
        seats_key = (tuple([None if a is None else round(a, 1) for a in away]),
                     tuple([(s.kind, s.name, s.level, s.token_hash is None) for s in self.seats]), len(self.hands))
        if seats_key != self._seats_text[0]:
            self._seats_text = (seats_key, views.dumps(self._head(None, presence)["seats"]))
        start, setup = self._setup_text
        return "".join(('{"type":"view"', start, views.dumps(self.status), ',"ply":', str(self.ply),
                        ',"to_move":', "null" if to_move is None else str(to_move),
                        ',"you":', "null" if viewer is None else str(viewer), ',"seats":', self._seats_text[1],
                        ',"hints":', "true" if self.setup.get("hints") else "false", setup, self._texts.text(self.ply, self.log, viewer, to_move, self.legal_text)))

    def view(self, viewer: int | None, presence: Mapping[int, float | None]) -> dict[str, Any]:
        out = self._head(viewer, presence)
        out["setup"] = self._setup_view()
        if self.game is None:
            out["own_hand"] = list(self.hands.get(viewer, [])) if viewer is not None else []
            out.update({"board": None, "log": [], "legal": [], "result": None})
        else:
            out.update(views.cards_view(self.game, self.log, viewer, out["to_move"], self.legal))
        return out

    def legal(self) -> list[str]:
        """Every legal action of the seat to move, in ``Game.legal_actions()`` order."""
        return list(json.loads(self.legal_text()))

    def legal_text(self) -> str:
        """:meth:`legal` as JSON text, worked out once per ply.

        It is the longest part of the mover's view (a 5x5 field starts with 325 placements)
        and was the server's largest cost per action, so it is written from pieces encoded
        once per server -- one per field, card and cell (:data:`_PLACEMENTS`) -- and the
        engine (:func:`~jayden_jazz.cards.legal.move_groups`) gives the ability actions only
        where they can follow a placement."""
        if self._legal_ply == self.ply:
            return self._legal_text
        assert self.game is not None
        parts: list[str] = []
        placements = _PLACEMENTS.setdefault(self.field.name, {})
        for cid, free, actions in move_groups(self.game):
            row = placements.get(cid)
            if row is None:
                row = placements[cid] = self._placement_texts(cid)
            if not actions:
                if free:         # the card's placements as one piece (a join in C, no list of them here)
                    parts.append(",".join(map(row.__getitem__, free)))
                continue
            for c in free:
                parts.append(row[c])
                parts += [views.dumps(str(a)) for a in actions.get(c, ())]
        self._legal_ply, self._legal_text = self.ply, "[" + ",".join(parts) + "]"
        return self._legal_text

    def _placement_texts(self, card_id: str) -> list[str]:
        """The JSON text of placing ``card_id`` on each cell (by grid index; "" off the field)."""
        assert self.game is not None
        names = self.game.field.cell_names
        out = [""] * len(names)
        for c in self.game.field.cells:
            out[c] = views.dumps_text(str(Action(card_id, names[c])))
        return out

    def computer_request(self) -> tuple[str, tuple[Any, ...]] | None:
        seat = self.to_move()
        if seat is None or self.seats[seat].kind != "computer" or self.game is None:
            return None
        record = self.game.record().to_yaml()
        return ("jayden_jazz.ai.cards.player:choose_action",
                (record, seat, self.seats[seat].level, _seed(self.id, self.ply), None, self.pack_dirs))

    def fallback_action(self) -> str:
        assert self.game is not None
        return str(self.game.legal_actions(abilities=False)[0])

    def computer_hands(self) -> None:
        """Hands for computer seats (chosen at once: ranking the cards is quick)."""
        if self.rules.random:
            return
        from jayden_jazz.ai.cards.player import choose_hand
        for i, s in enumerate(self.seats):
            if s.kind == "computer" and i not in self.hands:
                self.hands[i] = choose_hand(self.pack_dirs, {"rules": self.rules.to_dict(), "field": self.field.name,
                                                             "players": self.players, "cards": sorted(self.catalog)},
                                            i, s.level, _seed(self.id, -1 - i))


_FIELDS: dict[str, Any] = {}

_PLACEMENTS: dict[str, dict[str, list[str]]] = {}
"""Field name -> card id -> the JSON text of placing that card on each cell: shared by every
game of the server (bounded by the fields and cards it offers)."""


def fields() -> dict[str, Any]:
    """The shipped fields by name, read once per process (a server creates many games)."""
    if not _FIELDS:
        _FIELDS.update(load_fields())
    return _FIELDS


def _seed(game_id: str, ply: int) -> int:
    return (sum(ord(c) * 31 ** i for i, c in enumerate(game_id)) + ply * 1_000_003) % 2**31


# ---------------------------------------------------------------------- checking a new game's setup


def check_setup(kind: str, setup: dict[str, Any], seats: Sequence[object], rng: random.Random) -> dict[str, Any]:
    """The setup to store for a new game, completed (seed, date), or Refusal in plain words."""
    if kind == "jayden":
        extra = sorted(set(setup) - {"quiet_draw", "hints"})
        if extra:
            raise Refusal("bad_setup", f"a Jayden game has no setting {extra[0]!r}")
        if len(seats) != 2:
            raise Refusal("bad_setup", f"Jayden is for 2 seats, not {len(seats)}")
        return {"quiet_draw": bool(setup.get("quiet_draw", True)), "hints": _hints_allowed(setup)}
    extra = sorted(set(setup) - {"rules", "field", "date", "hints"})
    if extra:
        raise Refusal("bad_setup", f"a card game has no setting {extra[0]!r}")
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise Refusal("bad_setup", f"the card game takes {MIN_PLAYERS} to {MAX_PLAYERS} seats, not {len(seats)}")
    try:
        rules = Rules.from_dict(dict(setup.get("rules", {})))
    except CardsError as e:
        raise Refusal("bad_setup", str(e)) from None
    name = setup.get("field", "3x3")
    known = fields()
    if name not in known:
        raise Refusal("bad_setup", f"there is no field {name!r}; fields: {', '.join(sorted(known))}")
    field = known[name]
    if len(seats) not in field.allowed_players:
        raise Refusal("bad_setup", f"the {name} field takes {', '.join(map(str, field.allowed_players))} players, "
                                   f"not {len(seats)}")
    if field.has_holes and not rules.holes:
        raise Refusal("bad_setup", f"the {name} field has holes, which these rules do not allow")
    date = setup.get("date") or datetime.date.today().strftime("%Y-%m")
    try:
        y, m = (int(x) for x in date.split("-"))
        if not (1 <= m <= 12 and 1900 <= y <= 9999):
            raise ValueError
    except ValueError:
        raise Refusal("bad_setup", f"the date is written YYYY-MM, not {date!r}") from None
    return {"rules": rules.to_dict(), "field": name, "date": f"{y:04d}-{m:02d}", "seed": rng.randrange(2**31),
            "hints": _hints_allowed(setup)}


def _hints_allowed(setup: Mapping[str, Any]) -> bool:
    """The host's Hints choice (off unless given); the protocol checked its type already."""
    hints = setup.get("hints", False)
    if not isinstance(hints, bool):
        raise Refusal("bad_setup", "the setup's 'hints' is true (allowed) or false (off)")
    return hints


__all__ = ["CardsTable", "JAYDEN_SIDES", "JaydenTable", "Refusal", "SeatInfo", "Table", "check_setup"]
