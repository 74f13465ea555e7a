"""The position string: one line that holds a whole game state.

Example (3x3, seat 1 to move, one card on b2)::

    jazz1 field=3x3:###/###/### rules=higher:0 date=2026-11 seats=2 move=1 reset=0 end=-
    cells=-,-,-,-,0:t/devan.0,-,-,-,- hands=t/a.0,t/b.0|t/c.1,t/devan.1 effects=-

(one line in reality). Tokens, separated by single spaces, in this order:

- ``jazz1`` — format tag.
- ``field=NAME:ROWS`` — field name and rows joined by ``/`` (``#`` playable, ``.`` hole).
- ``rules=CAPTURE[+STEP...]:SPARE[:open][:pure][:sudden_death][:no_holes]``.
- ``date=YYYY-MM`` — the game's date.
- ``seats=N`` and ``move=S`` — number of seats and the seat to move (0-based).
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

Hands are sorted so that transpositions give the same string; everything
else is stored as is. ``Game.from_position(s).position() == s`` for every
string this module writes.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from .card import Card, month_text, parse_month
from .errors import PositionError, SetupError
from .field import Field
from .rules import Rules

TAG = "jazz1"
KEYS = ("field", "rules", "date", "seats", "move", "reset", "end", "cells", "hands", "effects")
_PIECE_RE = re.compile(r"^([a-z0-9_][a-z0-9_-]*/[a-z0-9_][a-z0-9_-]*)\.(\d)$")
_EFFECT_RE = re.compile(r"^(\d):([a-z0-9_][a-z0-9_-]*/[a-z0-9_][a-z0-9_-]*\.\d)!([1-3])@([a-z][0-9]+)~(\d+)$")


def _piece(game, p: int) -> str:  # type: ignore[no-untyped-def]
    return f"{game._ids[p]}.{game._dealer[p]}"


def encode(game) -> str:  # type: ignore[no-untyped-def]
    cells = []
    for c in game._play_cells:
        p = game._cell[c]
        cells.append("-" if p < 0 else f"{game._owner[c]}:{_piece(game, p)}")
    hands = []
    for hand in game._hands:
        hands.append(",".join(sorted(_piece(game, p) for p in hand)) or "-")
    effects = sorted(f"{e.seat}:{_piece(game, e.piece)}!{e.number}@{game._names[e.cell]}~{e.turns_left}"
                     for e in game._effects)
    end = f"{game._over}:{game._winner}" if game._over in ("sudden_death", "instant_win") else "-"
    parts = [
        TAG,
        f"field={game.field.name}:{game.field.text()}",
        f"rules={game.rules.code()}",
        f"date={month_text(game.date)}",
        f"seats={game._n}",
        f"move={game._to_move}",
        f"reset={int(game._reset_used)}",
        f"end={end}",
        "cells=" + ",".join(cells),
        "hands=" + "|".join(hands),
        "effects=" + (",".join(effects) or "-"),
    ]
    return " ".join(parts)


def decode(text: str, catalog: Mapping[str, Card]):  # type: ignore[no-untyped-def]
    from .game import Game

    def fail(msg: str) -> PositionError:
        return PositionError(f"position string: {msg}")

    tokens = text.strip().split(" ")
    if not tokens or tokens[0] != TAG:
        raise fail(f"it must start with {TAG!r}")
    values: dict[str, str] = {}
    for tok in tokens[1:]:
        k, eq, v = tok.partition("=")
        if not eq or k not in KEYS:
            raise fail(f"unexpected token {tok[:40]!r}; expected key=value with keys {', '.join(KEYS)}")
        if k in values:
            raise fail(f"{k!r} is given twice")
        values[k] = v
    order = [t.partition("=")[0] for t in tokens[1:]]
    if order != list(KEYS):
        raise fail(f"the keys must be, in order: {' '.join(KEYS)}")
    try:
        name, _, rows = values["field"].partition(":")
        field = Field(rows.split("/"), name=name)
        rules = Rules.from_code(values["rules"])
        date = parse_month(values["date"])
    except (ValueError, SetupError) as e:
        raise fail(str(e)) from None
    if not values["seats"].isdigit() or not 2 <= int(values["seats"]) <= 4:
        raise fail("seats is 2, 3 or 4")
    n = int(values["seats"])
    if n not in field.allowed_players:
        raise fail(f"the {field.name} field does not take {n} players")
    if not values["move"].isdigit() or not 0 <= int(values["move"]) < n:
        raise fail(f"move is a seat 0-{n - 1}")
    move = int(values["move"])
    if values["reset"] not in ("0", "1"):
        raise fail("reset is 0 or 1")

    pieces: list[tuple[Card, int]] = []
    index: dict[str, int] = {}

    def piece(tok: str) -> int:
        m = _PIECE_RE.match(tok)
        if not m:
            raise fail(f"{tok[:40]!r} is not PACK/CARD.DEALER")
        cid, dealer = m.group(1), int(m.group(2))
        if cid not in catalog:
            raise fail(f"card {cid!r} is not loaded")
        if dealer >= n:
            raise fail(f"{tok!r}: dealer seat {dealer} does not exist")
        if tok in index:
            raise fail(f"{tok!r} appears twice (one copy of a card per dealt hand)")
        index[tok] = len(pieces)
        pieces.append((catalog[cid], dealer))
        return index[tok]

    cell_toks = values["cells"].split(",")
    if len(cell_toks) != field.playable_count:
        raise fail(f"cells lists {len(cell_toks)} cells; the field has {field.playable_count} playable")
    placed: list[tuple[int, int, int]] = []
    for c, tok in zip(field.cells, cell_toks):
        if tok == "-":
            continue
        owner, colon, rest = tok.partition(":")
        if not colon or not owner.isdigit() or int(owner) >= n:
            raise fail(f"cell {field.name_of(c)}: {tok[:40]!r} is not OWNER:PACK/CARD.DEALER")
        placed.append((c, int(owner), piece(rest)))
    hand_toks = values["hands"].split("|")
    if len(hand_toks) != n:
        raise fail(f"hands lists {len(hand_toks)} seats; there are {n}")
    hands: list[list[int]] = []
    for tok in hand_toks:
        hands.append([] if tok == "-" else [piece(t) for t in tok.split(",")])

    game = Game.__new__(Game)
    game._init_static(field, rules, n, date, pieces)
    game._setup = None
    game._start = text.strip()
    game._init_dynamic(hands, move)
    for c, owner, p in placed:
        game._cell[c] = p
        game._owner[c] = owner
        game._counts[owner] += 1
        game._empty -= 1
    game._reset_used = values["reset"] == "1"

    effects = []
    if values["effects"] != "-":
        for tok in values["effects"].split(","):
            m = _EFFECT_RE.match(tok)
            if not m:
                raise fail(f"effect {tok[:60]!r} is not SEAT:PACK/CARD.DEALER!N@CELL~TURNS")
            seat, ptok, number, cname, turns = int(m.group(1)), m.group(2), int(m.group(3)), m.group(4), int(m.group(5))
            if seat >= n or ptok not in index or turns < 1:
                raise fail(f"effect {tok[:60]!r} names a seat, card or turn count that does not exist")
            p = index[ptok]
            abilities = game._pieces[p].abilities
            if number > len(abilities) or abilities[number - 1].effect != "modify":
                raise fail(f"effect {tok[:60]!r}: that card has no Turn ability {number}")
            c = game._cell_index.get(cname, -1)
            if c < 0 or not game._playable[c]:
                raise fail(f"effect {tok[:60]!r}: no playable cell {cname!r}")
            if abilities[number - 1].target in ("self", "neighbours") and game._cell[c] != p:
                raise fail(f"effect {tok[:60]!r}: its card is not on {cname} (such an effect ends "
                           "when its card leaves the field)")
            effects.append(game._make_effect(seat, p, number, c, turns, abilities[number - 1]))
    game._effects = tuple(effects)

    end = values["end"]
    if end != "-":
        reason, _, who = end.partition(":")
        if reason not in ("sudden_death", "instant_win") or not who.isdigit() or int(who) >= n:
            raise fail("end is '-', sudden_death:SEAT or instant_win:SEAT")
        game._over = reason
        game._winner = int(who)
    elif game._empty == 0:
        game._over = "field_full"
    elif not any(hands):
        game._over = "no_cards"
    elif not hands[move]:
        raise fail(f"seat {move} is to move but holds no card")
    game._z = game._compute_z()
    if encode(game) != text.strip():
        raise fail("it is not in canonical form (hands and effects sorted, keys in order); "
                   f"the canonical string is: {encode(game)}")
    return game


__all__ = ["TAG", "decode", "encode"]
