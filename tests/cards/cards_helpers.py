"""Small builders shared by the card-engine tests (imported as a plain module)."""

from __future__ import annotations

from typing import Any

import yaml

from jayden_jazz.cards import Action, Card, Field, Game, Rules, get_field, new_game
from jayden_jazz.cards.catalog import Catalog
from jayden_jazz.cards.loader import card_from_yaml

DATE = (2026, 11)


def card(cid: str, sides: str, abilities: list[dict[str, Any]] | None = None,
         roasting: str = "2002-08", name: str | None = None) -> Card:
    """A card built through the real pack validator (``cid`` is ``pack/key``)."""
    pack, key = cid.split("/")
    names = ("top", "right", "bottom", "left")
    data: dict[str, Any] = {
        "id": key, "name": name or key, "started_roasting": roasting, "likes": "tests",
        "dislikes": "bugs", "description": f"{key} exists for a test.",
        "sides": {n: ("A" if ch == "A" else int(ch)) for n, ch in zip(names, sides)},
    }
    if abilities:
        data["abilities"] = [{"text": "Test ability.", **a} for a in abilities]
    return card_from_yaml(yaml.safe_dump(data, sort_keys=False), pack_id=pack)


def fillers(n: int, sides: str = "1111", prefix: str = "t/f") -> list[Card]:
    return [Card.from_sides(f"{prefix}{i}", sides) for i in range(n)]


def catalog(*cards: Card) -> Catalog:
    seen: dict[str, Card] = {}
    for c in cards:
        seen.setdefault(c.id, c)
    return Catalog.from_cards(seen.values())


def game(cards: list[Card], hands: list[list[str]], field: str | Field = "3x3",
         rules: Rules | None = None, first: int = 0, custom: bool = False,
         date: tuple[int, int] = DATE) -> Game:
    f = get_field(field) if isinstance(field, str) else field
    return new_game(catalog(*cards), f, hands, rules or Rules(), first_seat=first,
                    date=date, custom_hands=custom)


def play(g: Game, *actions: str) -> None:
    for a in actions:
        g.push(Action.parse(a))


def owners(g: Game) -> dict[str, int | None]:
    return {n: g.owner_at(n) for n in (g.field.name_of(c) for c in g.field.cells)}


def position(cells: dict[str, str], hands: list[list[str]], move: int | None = None, field: str = "3x3",
             rules: str = "higher:0", date: str = "2026-11", effects: list[str] = (),
             reset: int = 0, end: str = "-") -> str:
    """A canonical position string from a sketch.

    ``cells`` maps a cell to ``OWNER:pack/card`` (dealt to the owner) or
    ``OWNER:pack/card.DEALER``; hand cards are ``pack/card`` (dealt to that
    seat) or ``pack/card.DEALER``; effects are written as in the string.
    ``move`` defaults to seat 0, or ``-`` when the sketch is a finished game.
    """
    f = get_field(field)

    def piece(tok: str, seat: int) -> str:
        return tok if "." in tok else f"{tok}.{seat}"

    cell_toks = []
    for c in f.cells:
        tok = cells.get(f.name_of(c))
        if tok is None:
            cell_toks.append("-")
        else:
            owner, _, rest = tok.partition(":")
            cell_toks.append(f"{owner}:{piece(rest, int(owner))}")
    hand_toks = [",".join(sorted(piece(t, s) for t in h)) or "-" for s, h in enumerate(hands)]
    if move is None:
        over = end != "-" or "-" not in cell_toks or not any(hands)
        move = "-" if over else 0
    return (f"jazz1 field={f.name}:{f.text()} rules={rules} date={date} seats={len(hands)} "
            f"move={move} reset={reset} end={end} cells={','.join(cell_toks)} "
            f"hands={'|'.join(hand_toks)} effects={','.join(sorted(effects)) or '-'}")


def from_position(cards: list[Card], cells: dict[str, str], hands: list[list[str]], **kw: Any) -> Game:
    return Game.from_position(position(cells, hands, **kw), catalog(*cards))
