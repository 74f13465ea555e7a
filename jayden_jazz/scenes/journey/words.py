"""The Journey's rules in plain words, for the screens (opponent card, trade steps, book)."""

from __future__ import annotations

from typing import Mapping, Sequence

from jayden_jazz.cards import Card
from jayden_jazz.cards.opponents import Opponent, RuleSet
from jayden_jazz.cards.rule_text import custom_name, rule_set_of
from jayden_jazz.shell.font import wrap
from jayden_jazz.textcut import cut

TRADE_WORDS = {
    "one": "One: the winner takes one card of the loser's hand, and chooses it.",
    "diff": "Diff: the winner takes one card of the loser's hand for each card it holds on the field "
            "more than the loser, and chooses them one by one.",
    "direct": "Direct: whatever the result, each player keeps the other's cards it holds on the field "
              "at the end.",
    "all": "All: the winner takes the loser's whole hand.",
}
TRADE_SHORT = {"one": "One", "diff": "Diff", "direct": "Direct", "all": "All"}
LEVEL_NAMES = {"easy": "Easy", "normal": "Normal", "hard": "Hard"}
fit = cut      # the Journey's screens cut a long line as every screen does


def wrap_list(text: str, cols: int) -> list[str]:
    """A list of names (``Plays: Bip & Bop, Hugsworth``) wrapped between its items, so a card's name is
    never split over two lines; an item longer than a line is wrapped on its own."""
    items = text.split(", ")
    lines: list[str] = []
    for n, item in enumerate(items):
        piece = item + ("," if n < len(items) - 1 else "")
        if lines and len(lines[-1]) + 1 + len(piece) <= cols:
            lines[-1] += " " + piece
        elif len(piece) <= cols:
            lines.append(piece)
        else:
            lines += wrap(piece, cols)
    return lines


def rule_set_words(rs: RuleSet) -> str:
    """``Classic: Same, Plus on 5x5, Open``: the named set, the field and the variants."""
    named = rule_set_of(rs.preset, list(rs.classic))
    name = named.name if named is not None else custom_name(rs.preset, list(rs.classic))
    variants = [v.replace("_", " ").title() for v in rs.variants]
    return ", ".join([f"{name} on {rs.field}", *variants])


def card_name(catalog: Mapping[str, Card], cid: str) -> str:
    card = catalog.get(cid)
    return card.name if card is not None else cid


def gives_words(opponent: Opponent, catalog: Mapping[str, Card], won: Sequence[str] = ()) -> list[str]:
    """What an opponent may give: each reward with its chance, its pool (lost in trades), then the cards
    it won from the profile (``won``: win back, played and lost like its pool)."""
    lines = []
    if opponent.rewards:
        left = 100 - sum(n for _, n in opponent.rewards)
        parts = [f"{card_name(catalog, c)} {n}%" for c, n in opponent.rewards]
        lines.append("Reward after a win: " + ", ".join(parts) + (f", nothing {left}%" if left else ""))
    else:
        lines.append("Reward after a win: none")
    lines.append("Plays (and may lose in a trade): " + ", ".join(card_name(catalog, c) for c in opponent.pool))
    if won:
        lines.append("Won from you (win them back): " + ", ".join(card_name(catalog, c) for c in won))
    return lines


def locked_words(opponent: Opponent, beaten: set[str], opponents: Mapping[str, Opponent]) -> str | None:
    """Why an opponent is still locked (``Beat Nettle first``); None when it can be played."""
    missing = [r for r in opponent.requires if r not in beaten]
    if not missing:
        return None
    names = [opponents[r].name if r in opponents else r for r in missing]
    return "Beat " + " and ".join(names) + " first"


__all__ = ["LEVEL_NAMES", "TRADE_SHORT", "TRADE_WORDS", "card_name", "gives_words", "locked_words",
           "rule_set_words", "wrap_list"]
