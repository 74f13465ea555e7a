"""Plain-text drawings of a game for the command line, bug reports and tests."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .card import Card, month_text, sides_text
from .language import describe

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game


def board_text(game: "Game") -> str:
    """The field as a grid of ``seat:TRBL`` cells (effective values), then hands and effects."""
    f = game.field
    lines = ["    " + "".join(f"{chr(97 + c):^8}" for c in range(f.width))]
    for r in range(f.height):
        row = []
        for c in range(f.width):
            i = f.at(c, r)
            if not f.is_playable(i):
                row.append("   ..   ")
            elif game.card_at(i) is None:
                row.append("   --   ")
            else:
                row.append(f" {game.owner_at(i)}:{sides_text(game.effective_sides(i) or ())} ")  # type: ignore[arg-type]
        lines.append(f"{r + 1:>3} " + "".join(row))
    for s in range(game.players):
        cards = " ".join(f"{c.key}[{sides_text(c.sides)}]" for c in game.hand(s)) or "(empty)"
        mark = ">" if s == game.to_move and not game.is_over() else " "
        lines.append(f"{mark}seat {s} ({game.scores()[s]} on field): {cards}")
    for e in game.effects():
        lines.append(f" effect: seat {e.seat}, {e.card.id} ability {e.number} from {e.cell}, "
                     f"{e.turns_left} turn(s) left: {e.text}")
    res = game.result()
    if res is not None:
        lines.append(" result: " + res.summary(game.names))
    return "\n".join(lines)


def card_text(card: Card) -> str:
    """A card as the full-size card view lists it."""
    out = [f"{card.name}  ({card.id})"]
    if card.aliases:
        out.append("  aka " + ", ".join(card.aliases))
    out.append(f"  sides (top right bottom left): {sides_text(card.sides)}   budget {card.budget}/24")
    out.append(f"  started roasting: {month_text(card.started_roasting)}")
    out.append(f"  likes: {card.likes}")
    out.append(f"  dislikes: {card.dislikes}")
    out.append(f"  {card.description}")
    for i, a in enumerate(card.abilities, 1):
        name = f" \"{a.name}\"" if a.name else ""
        out.append(f"  ability {i}{name} (cost {a.cost}): {a.text or describe(a)}")
    if card.picture:
        out.append(f"  picture: {card.picture}")
    return "\n".join(out)
