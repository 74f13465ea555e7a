"""The position string, and :class:`Position`: a whole game state as plain parts.

Example (3x3, seat 1 to move, one card on b2)::

    jazz1 field=3x3:###/###/### rules=higher:0 date=2026-11 seats=2 move=1 reset=0 end=-
    cells=-,-,-,-,0:t/devan.0,-,-,-,- hands=t/a.0,t/b.0|t/c.1,t/devan.1 effects=-

(one line in reality). Tokens, separated by single spaces, in this order:

- ``jazz1`` — format tag.
- ``field=NAME:ROWS`` — field name and rows joined by ``/`` (``#`` playable, ``.`` hole).
- ``rules=CAPTURE[+STEP...]:SPARE[:open][:pure][:sudden_death][:no_holes]``.
- ``date=YYYY-MM`` — the game's date.
- ``seats=N`` and ``move=S`` — number of seats and the seat to move (0-based);
  ``move=-`` once the game is over (a finished position has no seat to move).
- ``reset=0|1`` — whether the one reset of the game has been used.
- ``end=-`` or ``end=sudden_death:S`` / ``end=instant_win:S`` — a game that ended with
  empty cells; a full field or empty hands are read from the cells and hands.
- ``cells=`` — every playable cell, row by row from a1: ``-`` empty, or
  ``OWNER:PACK/CARD.DEALER`` (controlling seat, card, seat it was dealt to).
- ``hands=`` — per seat, ``|``-separated: ``PACK/CARD.DEALER`` cards sorted by text
  and joined by ``,``; ``-`` for an empty hand.
- ``effects=`` — ``-`` or, sorted and ``,``-joined, ``SEAT:PACK/CARD.DEALER!N@CELL~T``:
  the activating seat, the card whose ability N made it, the cell it was
  played on and the turns left (counting the current one).
- Then, only when their rule is on, in this order: ``elements=`` (Elemental,
  ``-`` or ``CELL:ELEMENT`` joined by ``,`` in field order); ``chaos=SEED:PIECE``
  (Chaos: the game's seed for the draws, ``-`` when unknown, and the card drawn
  for the seat to move, ``-`` once the game is over); ``shown=`` (Three Open
  without Open: ``-`` or the revealed cards still in hands, sorted, ``,``-joined).

Hands are sorted so that transpositions give the same string -- except under
Order, where a hand's order is part of the game and is written as it is;
everything else is stored as is. ``Game.from_position(s).position() == s`` for every
string this module writes. This is the only reader of the string: the
engine and the computer player both go through :meth:`Position.parse`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .card import ELEMENTS, Card, Month, month_text, parse_month
from .core import END_NAMES, INSTANT_WIN, SUDDEN_DEATH, Core
from .errors import PositionError, SetupError
from .field import Field
from .rules import Rules

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

TAG = "jazz1"
KEYS = ("field", "rules", "date", "seats", "move", "reset", "end", "cells", "hands", "effects")
# Only under the Elemental rule, last: ``elements=-`` or ``CELL:ELEMENT`` joined by ``,`` in field order.
ELEMENTS_KEY = "elements"
CHAOS_KEY = "chaos"          # only under Chaos: SEED:PIECE (see the module docstring)
SHOWN_KEY = "shown"          # only under Three Open without Open
OPTIONAL = (ELEMENTS_KEY, CHAOS_KEY, SHOWN_KEY)
_ID = r"[a-z0-9_][a-z0-9_-]*/[a-z0-9_][a-z0-9_-]*"
_PIECE_RE = re.compile(rf"^({_ID})\.(\d)$")
_EFFECT_RE = re.compile(rf"^(\d):({_ID})\.(\d)!([1-3])@([a-z][0-9]+)~(\d+)$")

Piece = tuple[str, int]                    # (card id, seat it was dealt to)


def _fail(msg: str) -> PositionError:
    return PositionError(f"position string: {msg}")


def parse_piece(tok: str) -> Piece:
    """``PACK/CARD.DEALER`` as (card id, dealing seat); PositionError otherwise."""
    m = _PIECE_RE.match(tok)
    if not m:
        raise _fail(f"{tok[:40]!r} is not PACK/CARD.DEALER")
    return m.group(1), int(m.group(2))


_FIELDS: dict[tuple[str, tuple[str, ...]], Field] = {}


def field_of(name: str, rows: tuple[str, ...]) -> Field:
    """The field with these rows (built once per process: fields never change)."""
    f = _FIELDS.get((name, rows))
    if f is None:
        f = _FIELDS[(name, rows)] = Field(list(rows), name=name)
    return f


@dataclass(frozen=True)
class Position:
    """A game state as plain parts: build one directly, or read one from the string.

    ``cells`` holds, per playable cell in field order, None or ``(owner, piece)``;
    ``hands`` per seat the pieces in hand; ``effects`` are
    ``(seat, piece, ability number, cell name, turns left)``; ``move`` is the
    seat to move, -1 once the game is over; ``end`` is ``(reason, winner)`` for
    a game that ended with empty cells (``sudden_death`` or ``instant_win``).
    :meth:`core` checks the parts against the cards and builds the state.
    """

    field_name: str
    rows: tuple[str, ...]
    rules: Rules
    date: Month
    seats: int
    move: int
    reset: bool
    end: tuple[str, int] | None
    cells: tuple[tuple[int, Piece] | None, ...]
    hands: tuple[tuple[Piece, ...], ...]
    effects: tuple[tuple[int, Piece, int, str, int], ...] = ()
    elements: tuple[tuple[str, str], ...] = ()
    chaos_seed: int | None = None          # Chaos: the seed of the draws (None: unknown)
    drawn: Piece | None = None             # Chaos: the card drawn for the seat to move
    shown: tuple[Piece, ...] = ()          # Three Open: the revealed cards still in hands

    @staticmethod
    def optional_keys(rules: Rules) -> list[str]:
        """The optional keys this rule set writes, in order."""
        return [k for k, on in zip(OPTIONAL, (rules.elemental, rules.chaos, rules.three_open and not rules.open))
                if on]

    @property
    def field(self) -> Field:
        return field_of(self.field_name, self.rows)

    # ------------------------------------------------------------------ text

    @classmethod
    def parse(cls, text: str, canonical: bool = True) -> "Position":
        """Read a position string; raises PositionError in plain words (``canonical=False``
        leaves the check for the canonical form to the caller)."""
        tokens = text.strip().split(" ")
        if not tokens or tokens[0] != TAG:
            raise _fail(f"it must start with {TAG!r}")
        values: dict[str, str] = {}
        for tok in tokens[1:]:
            k, eq, v = tok.partition("=")
            if not eq or (k not in KEYS and k not in OPTIONAL):
                raise _fail(f"unexpected token {tok[:40]!r}; expected key=value with keys {', '.join(KEYS)}")
            if k in values:
                raise _fail(f"{k!r} is given twice")
            values[k] = v
        given = [t.partition("=")[0] for t in tokens[1:]]
        if given[:len(KEYS)] != list(KEYS) or any(k not in OPTIONAL for k in given[len(KEYS):]) \
                or given[len(KEYS):] != [k for k in OPTIONAL if k in given[len(KEYS):]]:
            raise _fail(f"the keys must be, in order: {' '.join(KEYS)} (then {', '.join(OPTIONAL)} "
                        "when their rule is on)")
        try:
            name, _, rows_text = values["field"].partition(":")
            rows = tuple(rows_text.split("/"))
            field = field_of(name, rows)
            rules = Rules.from_code(values["rules"])
            date = parse_month(values["date"])
        except (ValueError, SetupError) as e:
            raise _fail(str(e)) from None
        if not values["seats"].isdigit() or not 2 <= int(values["seats"]) <= 4:
            raise _fail("seats is 2, 3 or 4")
        n = int(values["seats"])
        if values["move"] == "-":
            move = -1
        elif not values["move"].isdigit() or not 0 <= int(values["move"]) < n:
            raise _fail(f"move is a seat 0-{n - 1}, or - once the game is over")
        else:
            move = int(values["move"])
        if values["reset"] not in ("0", "1"):
            raise _fail("reset is 0 or 1")

        piece = parse_piece
        cell_toks = values["cells"].split(",")
        if len(cell_toks) != field.playable_count:
            raise _fail(f"cells lists {len(cell_toks)} cells; the field has {field.playable_count} playable")
        cells: list[tuple[int, Piece] | None] = []
        for c, tok in zip(field.cells, cell_toks):
            if tok == "-":
                cells.append(None)
                continue
            owner, colon, rest = tok.partition(":")
            if not colon or not owner.isdigit() or int(owner) >= n:
                raise _fail(f"cell {field.name_of(c)}: {tok[:40]!r} is not OWNER:PACK/CARD.DEALER")
            cells.append((int(owner), piece(rest)))
        hand_toks = values["hands"].split("|")
        if len(hand_toks) != n:
            raise _fail(f"hands lists {len(hand_toks)} seats; there are {n}")
        hands = tuple(() if tok == "-" else tuple(piece(t) for t in tok.split(",")) for tok in hand_toks)
        effects = []
        if values["effects"] != "-":
            for tok in values["effects"].split(","):
                m = _EFFECT_RE.match(tok)
                if not m:
                    raise _fail(f"effect {tok[:60]!r} is not SEAT:PACK/CARD.DEALER!N@CELL~TURNS")
                effects.append((int(m.group(1)), (m.group(2), int(m.group(3))), int(m.group(4)),
                                m.group(5), int(m.group(6))))
        end = None
        if values["end"] != "-":
            reason, _, who = values["end"].partition(":")
            if reason not in ("sudden_death", "instant_win") or not who.isdigit() or int(who) >= n:
                raise _fail("end is '-', sudden_death:SEAT or instant_win:SEAT")
            end = (reason, int(who))
        elements: list[tuple[str, str]] = []
        if ELEMENTS_KEY in values and not rules.elemental:
            raise _fail(f"{ELEMENTS_KEY}= is only written under the Elemental rule")
        if rules.elemental and ELEMENTS_KEY not in values:
            raise _fail(f"the Elemental rule is on: {ELEMENTS_KEY}= must follow effects=")
        want = cls.optional_keys(rules)
        for k in (CHAOS_KEY, SHOWN_KEY):
            if (k in values) != (k in want):
                rule = "Chaos" if k == CHAOS_KEY else "Three Open (without Open)"
                raise _fail(f"{k}= is written when, and only when, the {rule} rule is on")
        chaos_seed: int | None = None
        drawn: Piece | None = None
        if CHAOS_KEY in values:
            seed_t, colon, drawn_t = values[CHAOS_KEY].partition(":")
            if not colon or not (seed_t == "-" or seed_t.isdigit()):
                raise _fail("chaos is SEED:PIECE (the seed a whole number or -, the piece "
                            "PACK/CARD.DEALER or - once the game is over)")
            chaos_seed = None if seed_t == "-" else int(seed_t)
            drawn = None if drawn_t == "-" else piece(drawn_t)
        shown: tuple[Piece, ...] = ()
        if values.get(SHOWN_KEY, "-") != "-":
            shown = tuple(piece(t) for t in values[SHOWN_KEY].split(","))
        if values.get(ELEMENTS_KEY, "-") != "-":
            for tok in values[ELEMENTS_KEY].split(","):
                cname, colon, element = tok.partition(":")
                if not colon or element not in ELEMENTS or cname not in field.cell_names \
                        or not field.is_playable(field.index(cname)):
                    raise _fail(f"elemental cell {tok[:40]!r} is not CELL:ELEMENT with a playable cell "
                                f"and one of {', '.join(ELEMENTS)}")
                elements.append((cname, element))
        pos = cls(name, rows, rules, date, n, move, values["reset"] == "1", end, tuple(cells), hands,
                  tuple(effects), tuple(elements), chaos_seed, drawn, shown)
        if canonical:
            pos.check_canonical(text)
        return pos

    def check_canonical(self, text: str) -> None:
        if self.text() != text.strip():
            raise _fail("it is not in canonical form (hands and effects sorted, keys in order); "
                        f"the canonical string is: {self.text()}")

    def text(self) -> str:
        """The canonical position string (hands and effects sorted)."""
        def ptok(p: Piece) -> str:
            return f"{p[0]}.{p[1]}"
        cells = ",".join("-" if c is None else f"{c[0]}:{ptok(c[1])}" for c in self.cells)
        keep = self.rules.order              # Order: a hand's order is part of the game
        hands = "|".join(",".join([ptok(p) for p in h] if keep else sorted(ptok(p) for p in h)) or "-"
                         for h in self.hands)
        effects = ",".join(sorted(f"{s}:{ptok(p)}!{n}@{c}~{t}" for s, p, n, c, t in self.effects)) or "-"
        end = "-" if self.end is None else f"{self.end[0]}:{self.end[1]}"
        move = "-" if self.move < 0 else str(self.move)
        return (f"{TAG} field={self.field_name}:{'/'.join(self.rows)} rules={self.rules.code()} "
                f"date={month_text(self.date)} seats={self.seats} move={move} "
                f"reset={int(self.reset)} end={end} cells={cells} hands={hands} effects={effects}"
                + "".join(f" {k}={self._optional_text(k)}" for k in self.optional_keys(self.rules)))

    def _optional_text(self, key: str) -> str:
        if key == ELEMENTS_KEY:
            return self._elements_text()
        if key == CHAOS_KEY:
            seed = "-" if self.chaos_seed is None else str(self.chaos_seed)
            return f"{seed}:{'-' if self.drawn is None else f'{self.drawn[0]}.{self.drawn[1]}'}"
        return ",".join(sorted(f"{p[0]}.{p[1]}" for p in self.shown)) or "-"

    def _elements_text(self) -> str:
        order = {n: i for i, n in enumerate(self.field.cell_names)}
        return ",".join(f"{c}:{e}" for c, e in sorted(self.elements, key=lambda x: order[x[0]])) or "-"

    # ------------------------------------------------------------------ states

    @classmethod
    def of(cls, core: Core) -> "Position":
        """The parts of a state."""
        ids, dealer = core.ids, core.dealer

        def pc(p: int) -> Piece:
            return (ids[p], dealer[p])
        cells = tuple(None if core.cell[c] < 0 else (core.owner[c], pc(core.cell[c])) for c in core.play_cells)
        end = (END_NAMES[core.over], core.winner) if core.over in (SUDDEN_DEATH, INSTANT_WIN) else None
        return cls(core.field.name, core.field.rows, core.rules, core.date, core.n,
                   -1 if core.over else core.to_move, core.reset_used, end, cells,
                   tuple(tuple(pc(p) for p in h) for h in core.hands),
                   tuple((e.seat, pc(e.piece), e.number, core.names[e.cell], e.turns_left)
                         for e in core.effects),
                   tuple((core.names[c], e) for c, e in sorted(core.elements.items())),
                   core.chaos_seed if core.chaos_rule else None,
                   pc(core.drawn) if core.drawn >= 0 else None,
                   tuple(pc(p) for h in core.hands for p in h if p in core.shown))

    def core(self, catalog: Mapping[str, Card], check: bool = True) -> Core:
        """The state these parts describe; PositionError when they break the rules of a
        position (unknown card, a card twice in one dealt hand, a seat or cell that
        does not exist, a seat to move with no card, ...). ``check=False`` skips the
        checks (a search that made the parts itself)."""
        field = self.field
        n = self.seats
        if check and n not in field.allowed_players:
            raise _fail(f"the {field.name} field does not take {n} players")
        pieces: list[tuple[Card, int]] = []
        index: dict[Piece, int] = {}

        def piece(pc: Piece) -> int:
            if check:
                if pc[0] not in catalog:
                    raise _fail(f"card {pc[0]!r} is not loaded")
                if pc[1] >= n:
                    raise _fail(f"{pc[0]}.{pc[1]}: dealer seat {pc[1]} does not exist")
                if pc in index:
                    raise _fail(f"{pc[0]}.{pc[1]} appears twice (one copy of a card per dealt hand)")
            index[pc] = len(pieces)
            pieces.append((catalog[pc[0]], pc[1]))
            return index[pc]

        cells: dict[int, tuple[int, int]] = {}
        if check and len(self.cells) != field.playable_count:
            raise _fail(f"cells lists {len(self.cells)} cells; the field has {field.playable_count} playable")
        for c, entry in zip(field.cells, self.cells):
            if entry is not None:
                if check and not 0 <= entry[0] < n:
                    raise _fail(f"cell {field.name_of(c)}: owner {entry[0]} is not a seat")
                cells[c] = (entry[0], piece(entry[1]))
        if check and len(self.hands) != n:
            raise _fail(f"hands lists {len(self.hands)} seats; there are {n}")
        hands = [[piece(pc) for pc in h] for h in self.hands]
        effects = []
        names = field.cell_names
        for seat, pc, number, cname, turns in self.effects:
            tok = f"{seat}:{pc[0]}.{pc[1]}!{number}@{cname}~{turns}"
            if check and (seat >= n or pc not in index or turns < 1):
                raise _fail(f"effect {tok[:60]!r} names a seat, card or turn count that does not exist")
            p = index[pc]
            abilities = pieces[p][0].abilities
            if check and (not 1 <= number <= len(abilities) or abilities[number - 1].effect != "modify"):
                raise _fail(f"effect {tok[:60]!r}: that card has no Turn ability {number}")
            c = names.index(cname) if cname in names else -1
            if check and (c < 0 or not field.is_playable(c)):
                raise _fail(f"effect {tok[:60]!r}: no playable cell {cname!r}")
            if check and abilities[number - 1].target in ("self", "neighbours") and cells.get(c, (0, -1))[1] != p:
                raise _fail(f"effect {tok[:60]!r}: its card is not on {cname} (such an effect ends "
                            "when its card leaves the field)")
            effects.append((seat, p, number, c, turns))
        move = self.move
        drawn: int | None = None
        if self.rules.chaos:
            in_hand = {pc: q for pc, q in index.items() if move >= 0 and q in hands[move]}
            if self.drawn is not None:
                if check and self.drawn not in in_hand:
                    raise _fail(f"chaos: the drawn card {self.drawn[0]}.{self.drawn[1]} is not in the hand "
                                "of the seat to move")
                drawn = in_hand.get(self.drawn, -1)
            elif move >= 0:
                if check:
                    raise _fail("chaos: a game still playing names the card drawn for the seat to move")
                drawn = -1
        shown = []
        in_hands = {q for h in hands for q in h}
        for pc in self.shown:
            if check and (pc not in index or index[pc] not in in_hands):
                raise _fail(f"shown: {pc[0]}.{pc[1]} is not in a hand")
            if pc in index:
                shown.append(index[pc])
        st = Core.build(field, self.rules, n, self.date, pieces, hands, cells, max(move, 0), effects,
                        self.reset, self.end, {field.index(c): e for c, e in self.elements},
                        chaos_seed=self.chaos_seed, drawn=drawn, shown=shown)
        if check:
            if st.over and move >= 0:
                raise _fail("the game is over: move is - (a finished position has no seat to move)")
            if not st.over:
                if move < 0:
                    raise _fail("move is - only once the game is over")
                if not hands[move]:
                    raise _fail(f"seat {move} is to move but holds no card")
        return st


def encode(game: Game) -> str:
    """The position string of a Game."""
    return Position.of(game.core).text()


def decode(text: str, catalog: Mapping[str, Card]) -> Game:
    """A Game read from a position string."""
    from .game import Game
    pos = Position.parse(text, canonical=False)
    core = pos.core(catalog)            # unknown cards are named before the order is checked
    pos.check_canonical(text)
    return Game.from_core(core, start=text.strip())


__all__ = ["CHAOS_KEY", "KEYS", "OPTIONAL", "SHOWN_KEY", "Position", "TAG", "decode", "encode", "field_of", "parse_piece"]
