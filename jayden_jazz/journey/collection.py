"""A profile's cards: how many copies of each, every change on a ledger, and decks.

The collection is changed only through :meth:`Collection.apply`, which takes
every change of one event (a starter gift, a game's trade and reward) at
once and writes it on the ledger, so a count cannot move without a recorded
reason and never goes below zero.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable, Mapping, Sequence

from jayden_jazz.journey.trade import Transfer

#: Why the collection may change (docs/rules/cards.md#collection).
REASONS = ("starter", "trade", "reward")


class CollectionError(ValueError):
    """A change the collection refuses; nothing was changed."""


@dataclass(frozen=True)
class LedgerEntry:
    """One card's count changed by ``delta`` for ``reason``, in the game ``game`` (a record name)."""

    card: str
    delta: int
    reason: str
    game: str
    note: str = ""


@dataclass
class Collection:
    counts: dict[str, int] = field(default_factory=dict)
    ledger: list[LedgerEntry] = field(default_factory=list)

    def owned(self, card: str) -> int:
        return self.counts.get(card, 0)

    def owned_cards(self) -> list[str]:
        return sorted(c for c, n in self.counts.items() if n > 0)

    def apply(self, entries: Iterable[LedgerEntry]) -> None:
        """All the changes of one event, or none of them."""
        batch = list(entries)
        after = dict(self.counts)
        for e in batch:
            if e.reason not in REASONS:
                raise CollectionError(f"{e.card}: unknown reason {e.reason!r} for a change")
            if e.delta == 0:
                raise CollectionError(f"{e.card}: a change of zero cards")
            n = after.get(e.card, 0) + e.delta
            if n < 0:
                raise CollectionError(f"{e.card}: the profile owns {after.get(e.card, 0)}, cannot give {-e.delta}")
            after[e.card] = n
        self.counts = {c: n for c, n in after.items() if n > 0}
        self.ledger.extend(batch)

    def check_ledger(self) -> None:
        """The counts are exactly what the ledger adds up to (a damaged profile fails here)."""
        total: dict[str, int] = {}
        for e in self.ledger:
            total[e.card] = total.get(e.card, 0) + e.delta
            if total[e.card] < 0:
                raise CollectionError(f"{e.card}: the ledger gives away a card the profile did not own")
        if {c: n for c, n in total.items() if n} != {c: n for c, n in self.counts.items() if n}:
            raise CollectionError("the card counts do not match the ledger")


def starter_entries(cards: Mapping[str, int]) -> list[LedgerEntry]:
    return [LedgerEntry(c, n, "starter", "") for c, n in sorted(cards.items()) if n > 0]


def game_entries(transfers: Sequence[Transfer], player: int, game: str,
                 reward: str | None = None) -> list[LedgerEntry]:
    """The player's side of a game's trade and reward (the opponent's pool never runs out)."""
    out = []
    for t in transfers:
        if t.taker == player and t.giver != player:
            out.append(LedgerEntry(t.card, +1, "trade", game, t.why))
        elif t.giver == player and t.taker != player:
            out.append(LedgerEntry(t.card, -1, "trade", game, t.why))
    if reward is not None:
        out.append(LedgerEntry(reward, +1, "reward", game))
    return out


def is_game_of(game: str, opponent: str) -> bool:
    """Whether the record name ``game`` (``pack-key-SEED``) is a game against ``opponent`` (``pack/key``)."""
    prefix = opponent.replace("/", "-") + "-"
    return game.startswith(prefix) and game[len(prefix):].isdigit()


def cards_won_from(ledger: Sequence[LedgerEntry], opponent: str) -> set[str]:
    """Cards that came to the profile from this opponent's games (trades and rewards)."""
    return {e.card for e in ledger if e.delta > 0 and is_game_of(e.game, opponent)}


def won_from_player(ledger: Sequence[LedgerEntry], opponent: str) -> list[str]:
    """Win back: the cards ``opponent`` took from the profile and still holds, in the order taken.

    Read from the ledger in order: a trade lost to the opponent gives it the
    card, a trade won from it that takes the card back returns it. The
    opponent plays these besides its pool (docs/rules/cards.md#win-back).
    """
    held: list[str] = []
    for e in ledger:
        if e.reason != "trade" or not is_game_of(e.game, opponent):
            continue
        for _ in range(abs(e.delta)):
            if e.delta < 0:
                held.append(e.card)
            elif e.card in held:
                held.remove(e.card)
    return list(dict.fromkeys(held))


def pool_with_winnings(pool: Sequence[str], won: Sequence[str]) -> tuple[str, ...]:
    """The opponent's pool and the cards it won from the profile (each card once)."""
    return tuple(dict.fromkeys([*pool, *won]))


def starter_grant(starter: Mapping[str, int], collection: Collection) -> list[LedgerEntry]:
    """No dead end: the starter collection's copies the profile lacks, as ledger entries (``starter``,
    noted as a grant)."""
    return [LedgerEntry(c, n - collection.owned(c), "starter", "", "starter grant")
            for c, n in sorted(starter.items()) if n > collection.owned(c)]


@dataclass(frozen=True)
class Deck:
    name: str
    cards: tuple[str, ...]


def deck_problem(deck: Deck, collection: Collection, hand_size: int | None = None,
                 name_of: Callable[[str], str] = str) -> str | None:
    """Why the deck cannot be chosen now, in plain words (cards by ``name_of``); None when it can."""
    if len(set(deck.cards)) != len(deck.cards):
        return "a card is in the deck twice"
    missing = [c for c in deck.cards if collection.owned(c) < 1]
    if missing:
        return "incomplete: no longer owned: " + ", ".join(name_of(c) for c in missing)
    if hand_size is not None and len(deck.cards) != hand_size:
        return f"it holds {len(deck.cards)} cards, the hand needs {hand_size}"
    return None


__all__ = ["Collection", "CollectionError", "Deck", "LedgerEntry", "REASONS", "cards_won_from", "deck_problem",
           "game_entries", "is_game_of", "pool_with_winnings", "starter_entries", "starter_grant", "won_from_player"]
