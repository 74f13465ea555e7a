"""What one seat may know of a card game: one rule, one model, one text form.

Three parts of the program once answered "what may this seat see?" each in
its own way (the table and the server, the computer player, the online
mirror), and a difference between them is a leak or a cheat. Now
:func:`may_see` is the rule, :class:`Observation` is everything one seat
may know (built by :meth:`Game.observation`), and :meth:`Observation.filled`
is the one place an unseen card is replaced by a stand-in: a card of the
pack ``unseen`` for a table (:meth:`Game.from_observation`), a sampled guess
for a search.

A card in a hand is seen by a seat when (docs/rules/cards.md, Open and
Three Open; docs/cards-engine.md, "What a seat may see"):

* the hands are Open, or it is the seat's own hand;
* it was dealt to another seat (it came through Hand Swap or a swap
  ability, which everyone watched);
* Three Open showed it;
* everyone has seen it before: it lay on the field, or in a hand it was
  not dealt to (a reset or a swap brought it back to its own seat's hand).

Under Chaos the card drawn for the seat to move is known to a seat that
sees that card; the game's seed never is (it would tell every later draw).

The text form (``Observation.to_text``) is the position string with three
tokens in front (``seat=``, ``ply=``, ``revealed=``), hands written in hand
order with ``?`` for each card the seat may not see, and the Chaos seed
always ``-``. ``Observation.from_text(o.to_text()) == o`` and the text reads
back to itself; anything else is an :class:`ObservationError` naming the
token.
"""

from __future__ import annotations

from collections import ChainMap
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from .card import Card
from .errors import ObservationError, PositionError
from .position import CHAOS_KEY, TAG, Position, parse_piece
from .rules import Rules

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

Piece = tuple[str, int]

OBS_TAG = "jazz1obs"
HIDDEN = "?"
STANDIN_PACK = "unseen"
_FRONT = ("seat", "ply", "revealed")


def may_see(viewer: int | None, seat: int, dealer: int, *, open_hands: bool, shown: bool,
            revealed: bool) -> bool:
    """Whether ``viewer`` (None: a spectator) sees a card of ``seat``'s hand dealt to ``dealer``."""
    return open_hands or viewer == seat or dealer != seat or shown or revealed


def is_standin(card_id: str | None) -> bool:
    """A card that stands for one a seat may not see (never drawn face up, named or counted)."""
    return card_id is not None and card_id.startswith(STANDIN_PACK + "/")


def standin(seat: int, k: int) -> Card:
    """The ``k``-th stand-in of ``seat``: in no pack, with no ability, worth the least."""
    return Card(f"{STANDIN_PACK}/s{seat}-{k}", "a hidden card", (1, 1, 1, 1), (2000, 1))


def _ptok(p: Piece) -> str:
    return f"{p[0]}.{p[1]}"


def _etok(e: tuple[int, Piece, int, str, int]) -> str:
    return f"{e[0]}:{_ptok(e[1])}!{e[2]}@{e[3]}~{e[4]}"


def _fail(msg: str) -> ObservationError:
    return ObservationError(f"observation text: {msg}")


@dataclass(frozen=True)
class Observation:
    """Everything ``seat`` may know (``seat`` None: a spectator, who sees no hidden card).

    ``public`` is the position with every card this seat may not see left out of the
    hands (the others in hand order), no Chaos seed, and the Chaos draw only when this
    seat sees it; ``hidden[s]`` are the places in seat s's hand (counting every card)
    holding a card it may not see -- always one dealt to s. ``revealed`` are the
    hand cards seen only because everyone saw them before (sorted).
    """

    seat: int | None
    ply: int
    public: Position
    hidden: tuple[tuple[int, ...], ...]
    revealed: tuple[Piece, ...] = ()

    # ------------------------------------------------------------------ building

    @classmethod
    def of(cls, parts: Position, seat: int | None, revealed: Iterable[Piece] = (), ply: int = 0) -> "Observation":
        """The observation of ``seat`` on a whole position; ``revealed`` are pieces everyone saw
        earlier (on the field, or given to another seat: a position shows only where they are now)."""
        seen = set(revealed)
        for entry in parts.cells:
            if entry is not None:
                seen.add(entry[1])
        shown = set(parts.shown)
        open_hands = parts.rules.open
        hands: list[tuple[Piece, ...]] = []
        hidden: list[tuple[int, ...]] = []
        used: set[Piece] = set()
        for s, hand in enumerate(parts.hands):
            known, gaps = [], []
            for i, pc in enumerate(hand):
                if may_see(seat, s, pc[1], open_hands=open_hands, shown=pc in shown, revealed=pc in seen):
                    known.append(pc)
                    if not (open_hands or seat == s or pc[1] != s or pc in shown):
                        used.add(pc)
                else:
                    gaps.append(i)
            hands.append(tuple(known))
            hidden.append(tuple(gaps))
        drawn = parts.drawn
        if drawn is not None and parts.move >= 0:
            i = parts.hands[parts.move].index(drawn) if drawn in parts.hands[parts.move] else -1
            if i < 0 or i in hidden[parts.move]:
                drawn = None
        public = replace(parts, hands=tuple(hands), chaos_seed=None, drawn=drawn,
                         effects=tuple(sorted(parts.effects, key=_etok)), shown=tuple(sorted(parts.shown, key=_ptok)))
        return cls(seat, ply, public, tuple(hidden), tuple(sorted(used, key=_ptok)))

    # ------------------------------------------------------------------ reading

    @property
    def rules(self) -> Rules:
        return self.public.rules

    @property
    def to_move(self) -> int:
        """The seat to move, -1 once the game is over."""
        return self.public.move

    def hand_size(self, seat: int) -> int:
        return len(self.public.hands[seat]) + len(self.hidden[seat])

    def hand(self, seat: int) -> tuple[Piece | None, ...]:
        """Seat ``seat``'s hand in order: a piece (card id, dealing seat), or None where this seat
        may not see the card."""
        gaps = set(self.hidden[seat])
        known = iter(self.public.hands[seat])
        return tuple(None if i in gaps else next(known) for i in range(self.hand_size(seat)))

    def scores(self) -> tuple[int, ...]:
        """Cards controlled on the field, per seat (public)."""
        out = [0] * self.public.seats
        for entry in self.public.cells:
            if entry is not None:
                out[entry[0]] += 1
        return tuple(out)

    @property
    def drawn(self) -> Piece | None:
        """Chaos: the card drawn for the seat to move, when this seat sees it."""
        return self.public.drawn

    def known_dealt(self, seat: int) -> frozenset[str]:
        """Card ids ``seat`` is known to have been dealt (a hidden card of its hand is none of them:
        one copy of a card per dealt hand)."""
        p = self.public
        pieces = [e[1] for e in p.cells if e is not None] + [pc for h in p.hands for pc in h]
        return frozenset(cid for cid, d in pieces if d == seat)

    @property
    def complete(self) -> bool:
        """Nothing hidden: the observation is the whole position (but the Chaos seed)."""
        return not any(self.hidden)

    # ------------------------------------------------------------------ stand-ins: the one place

    def filled(self, choose: Callable[[int, int], Iterable[str]]) -> Position:
        """The position with each hidden card replaced: ``choose(seat, k)`` gives the ``k`` card
        ids for seat's hidden places, in hand order (each dealt to that seat)."""
        hands = []
        for s, hand in enumerate(self.public.hands):
            gaps = self.hidden[s]
            if not gaps:
                hands.append(hand)
                continue
            guess = iter([(cid, s) for cid in choose(s, len(gaps))])
            known = iter(hand)
            at = set(gaps)
            hands.append(tuple(next(guess) if i in at else next(known) for i in range(len(hand) + len(gaps))))
        return replace(self.public, hands=tuple(hands))

    def standins(self) -> dict[str, Card]:
        """The stand-in cards :meth:`Game.from_observation` puts in the hidden places."""
        return {c.id: c for s, gaps in enumerate(self.hidden) for c in (standin(s, k) for k in range(len(gaps)))}

    def game(self, catalog: Mapping[str, Card]) -> "Game":
        """A game a seat can play on: each card it may not see is a stand-in (see :func:`standin`)."""
        from .game import Game
        stand = self.standins()
        parts = self.filled(lambda s, k: [standin(s, i).id for i in range(k)])
        book: Mapping[str, Card] = ChainMap(stand, dict(catalog)) if stand else catalog
        chaos_open = self.public.rules.chaos and self.public.drawn is None
        try:
            core = parts.core(book, check=not chaos_open)
        except PositionError as e:
            raise ObservationError(str(e).replace("position string:", "observation:", 1)) from None
        g = Game.from_core(core)
        g._reveal_pieces(self.revealed)
        return g

    # ------------------------------------------------------------------ text

    def to_text(self) -> str:
        seat = "-" if self.seat is None else str(self.seat)
        revealed = ",".join(_ptok(p) for p in self.revealed) or "-"
        hands = "|".join(",".join(HIDDEN if pc is None else _ptok(pc) for pc in self.hand(s)) or "-"
                         for s in range(self.public.seats))
        tokens = self.public.text().split(" ")[1:]
        tokens = [f"hands={hands}" if t.startswith("hands=") else t for t in tokens]
        return " ".join([OBS_TAG, f"seat={seat}", f"ply={self.ply}", f"revealed={revealed}"] + tokens)

    @classmethod
    def from_text(cls, text: str) -> "Observation":
        """Read :meth:`to_text`'s form; ObservationError in plain words, naming the token."""
        tokens = text.strip().split(" ")
        if tokens[0] != OBS_TAG:
            raise _fail(f"it must start with {OBS_TAG!r}")
        if len(tokens) < 4 or [t.partition("=")[0] for t in tokens[1:4]] != list(_FRONT):
            raise _fail(f"after {OBS_TAG} come {', '.join(k + '=' for k in _FRONT)} in that order")
        seat_t, ply_t, rev_t = (t.partition("=")[2] for t in tokens[1:4])
        if not (seat_t == "-" or seat_t.isdigit()):
            raise _fail(f"seat={seat_t[:20]!r}: a seat number, or - for a spectator")
        if not ply_t.isdigit():
            raise _fail(f"ply={ply_t[:20]!r}: a whole number of actions")
        hidden: list[tuple[int, ...]] = []
        rest = []
        for tok in tokens[4:]:
            if tok.startswith("hands="):
                known_hands = []
                for h in tok[len("hands="):].split("|"):
                    entries = [] if h == "-" else h.split(",")
                    if "" in entries:
                        raise _fail(f"hands: {h[:40]!r} has an empty entry")
                    hidden.append(tuple(i for i, e in enumerate(entries) if e == HIDDEN))
                    known_hands.append(",".join(e for e in entries if e != HIDDEN) or "-")
                tok = "hands=" + "|".join(known_hands)
            elif tok.startswith(CHAOS_KEY + "=") and not tok.startswith(CHAOS_KEY + "=-:"):
                raise _fail("chaos: an observation never holds the Chaos seed (write chaos=-:PIECE)")
            rest.append(tok)
        try:
            public = Position.parse(" ".join([TAG] + rest), canonical=False)
        except PositionError as e:
            raise _fail(str(e).removeprefix("position string: ")) from None
        seat = None if seat_t == "-" else int(seat_t)
        if seat is not None and seat >= public.seats:
            raise _fail(f"seat={seat}: there are {public.seats} seats")
        for s, gaps in enumerate(hidden):
            if gaps and (public.rules.open or s == seat):
                raise _fail(f"hands: seat {s}'s hand has a hidden card, but seat "
                            f"{'-' if seat is None else seat} sees {'every hand (Open)' if public.rules.open else 'its own'}")
        revealed: tuple[Piece, ...] = ()
        if rev_t != "-":
            try:
                revealed = tuple(parse_piece(t) for t in rev_t.split(","))
            except PositionError as e:
                raise _fail(f"revealed: {str(e).removeprefix('position string: ')}") from None
            in_hands = {pc for h in public.hands for pc in h}
            missing = [p for p in revealed if p not in in_hands]
            if missing:
                raise _fail(f"revealed: {_ptok(missing[0])} is not a card seen in a hand")
        obs = cls(seat, int(ply_t), public, tuple(hidden), revealed)
        if obs.to_text() != text.strip():
            raise _fail("it is not in canonical form (cells, effects, shown and revealed sorted, keys in "
                        f"order); the canonical text is: {obs.to_text()}")
        return obs


__all__ = ["HIDDEN", "OBS_TAG", "STANDIN_PACK", "Observation", "is_standin", "may_see", "standin"]
