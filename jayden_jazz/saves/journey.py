"""A Journey profile as a save file: the collection, its ledger, decks and progress.

One profile is one file in the saves envelope (:mod:`.store`: header,
checksum, format number), ``game: journey``. It is the only copy of what the
player has won, so it is handled more carefully than a game save:

* every field is checked, and the counts must be exactly what the ledger
  adds up to — a hand-edited count is refused, not believed;
* a profile that is refused is never written over: :func:`save` reads the
  file on disk first and refuses to replace anything that does not load;
* before a good profile is replaced, it is copied to ``<name>.sav.bak``, so
  the last good profile survives even a bad change in the game itself;
* the end of a game writes the game's record first and the profile after
  it, each atomically, so the profile on disk is always the one before the
  game or the one after it, and every ledger entry names a record that exists.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jayden_jazz.cards import Card
from jayden_jazz.journey.collection import REASONS, Collection, CollectionError, Deck, LedgerEntry
from jayden_jazz.saves import store
from jayden_jazz.saves.schema import Int, ListOf, Record, SchemaError, Text, show
from jayden_jazz.saves.store import SaveError

GAME = "journey"
PROFILES = 3
MAX_CARDS = 5000
MAX_LEDGER = 20000
_NAME = re.compile(r"^[^\x00-\x1f\x7f]{1,24}$")


@dataclass
class OpponentStats:
    won: int = 0
    drawn: int = 0
    lost: int = 0
    cards_won: int = 0
    cards_lost: int = 0


@dataclass
class Profile:
    name: str
    collection: Collection = field(default_factory=Collection)
    decks: list[Deck] = field(default_factory=list)
    progress: dict[str, OpponentStats] = field(default_factory=dict)
    games: int = 0
    last_hand: tuple[str, ...] = ()     # the hand picker's Last hand: this profile's own, not the card game's


class _CountMap:
    """``card id -> copies``: at most ``MAX_CARDS`` cards, each count a whole number of at least 1."""

    def __call__(self, value: Any, where: str) -> None:
        if not isinstance(value, Mapping):
            raise SchemaError(where, f"should be a mapping of card ids to counts, not {show(value)}")
        if len(value) > MAX_CARDS:
            raise SchemaError(where, f"has {len(value)} cards; at most {MAX_CARDS} are allowed")
        for key, count in value.items():
            if not isinstance(key, str):
                raise SchemaError(where, f"has a card id that is not text ({show(key)})")
            Int(1, 999)(count, f"{where}.{key}")


class _StatsMap:
    def __call__(self, value: Any, where: str) -> None:
        if not isinstance(value, Mapping) or len(value) > 1000:
            raise SchemaError(where, f"should be a mapping of opponents (at most 1000), not {show(value)}")
        stats = Record({k: Int(0, 10**6) for k in ("won", "drawn", "lost", "cards_won", "cards_lost")},
                       strict=True)
        for key, row in value.items():
            if not isinstance(key, str):
                raise SchemaError(where, f"has an opponent id that is not text ({show(key)})")
            stats(row, f"{where}.{key}")


_ENTRY = ListOf(Text(max_len=120), max_items=5)
SCHEMA = Record({
    "game": Text([GAME]),
    "name": Text(max_len=24),
    "games": Int(0, 10**6),
    "collection": _CountMap(),
    "ledger": ListOf(_ENTRY, max_items=MAX_LEDGER),
    "decks": ListOf(Record({"name": Text(max_len=24), "cards": ListOf(Text(max_len=120), max_items=60)},
                           ["name", "cards"], strict=True), max_items=100),
    "progress": _StatsMap(),
    "last_hand": ListOf(Text(max_len=120), max_items=60),     # optional: profiles before it had none
}, ["game", "name", "collection", "ledger", "decks", "progress", "games"], strict=True)


def profile_path(folder: Path, slot: int) -> Path:
    return Path(folder) / "journey" / f"profile{slot}.sav"


def record_path(profile: Path, game_id: str) -> Path:
    return profile.with_name(profile.stem + "-games") / f"{game_id}.yaml"


def to_body(p: Profile) -> dict[str, Any]:
    return {
        "game": GAME, "name": p.name, "games": p.games,
        "collection": dict(sorted(p.collection.counts.items())),
        "ledger": [[e.card, str(e.delta), e.reason, e.game, e.note] for e in p.collection.ledger],
        "decks": [{"name": d.name, "cards": list(d.cards)} for d in p.decks],
        "progress": {k: vars(v).copy() for k, v in sorted(p.progress.items())},
        **({"last_hand": list(p.last_hand)} if p.last_hand else {}),
    }


def from_body(body: dict[str, Any], path: Path | str, catalog: Mapping[str, Card]) -> Profile:
    """A profile from a checked body; SaveError names the first thing that is wrong."""
    store.check_body(body, path, SCHEMA)
    if not _NAME.match(body["name"]):
        raise SaveError(path, "the profile's name is empty or holds control characters")
    unknown = sorted({c for c in body["collection"] if c not in catalog}
                     | {c for d in body["decks"] for c in d["cards"] if c not in catalog})
    if unknown:
        more = f" and {len(unknown) - 3} more" if len(unknown) > 3 else ""
        raise SaveError(path, f"it names cards no loaded pack has: {', '.join(unknown[:3])}{more} "
                              "(is a card pack missing?)")
    ledger = []
    for i, row in enumerate(body["ledger"], 1):
        if len(row) != 5 or not re.fullmatch(r"[+-]?[0-9]{1,3}", row[1]) or row[2] not in REASONS:
            raise SaveError(path, f"the ledger's entry {i} is damaged ({show(row)})")
        ledger.append(LedgerEntry(row[0], int(row[1]), row[2], row[3], row[4]))
    collection = Collection(dict(body["collection"]), ledger)
    try:
        collection.check_ledger()
    except CollectionError as e:
        raise SaveError(path, f"its cards do not add up: {e}") from None
    decks = [Deck(d["name"], tuple(d["cards"])) for d in body["decks"]]
    progress = {k: OpponentStats(**v) for k, v in body["progress"].items()}
    return Profile(body["name"], collection, decks, progress, body["games"], tuple(body.get("last_hand", ())))


def load(path: Path, catalog: Mapping[str, Card]) -> Profile:
    """The profile in ``path``; raises SaveError and leaves the file as it is."""
    body = store.read(path)
    if body.get("game") != GAME:
        raise SaveError(path, "this save is not a Journey profile")
    return from_body(body, path, catalog)


def save(path: Path, profile: Profile, catalog: Mapping[str, Card]) -> None:
    """Replace the profile on disk, keeping the one it replaces as ``.bak``.

    A file there that does not load as a profile is never replaced: the
    player may want it back, and the refusal says why.
    """
    path = Path(path)
    if path.exists():
        load(path, catalog)                         # raises SaveError: nothing is written
        store.write(path.with_name(path.name + ".bak"), store.read(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    store.write(path, to_body(profile))


def finish_game(path: Path, profile: Profile, catalog: Mapping[str, Card], game_id: str,
                record_text: str, entries: list[LedgerEntry], opponent: str, outcome: str) -> Profile:
    """A Journey game's end: its record, then the profile with the game's trade and reward.

    ``outcome`` is ``won``, ``drawn`` or ``lost`` for the player. The
    profile object passed in is not changed; the one written is returned.
    """
    if outcome not in ("won", "drawn", "lost"):
        raise ValueError(f"unknown outcome {outcome!r}")
    after = Profile(profile.name, Collection(dict(profile.collection.counts), list(profile.collection.ledger)),
                    list(profile.decks), {k: OpponentStats(**vars(v)) for k, v in profile.progress.items()},
                    profile.games + 1, profile.last_hand)
    after.collection.apply(entries)                 # CollectionError: nothing is written
    row = after.progress.setdefault(opponent, OpponentStats())
    setattr(row, outcome, getattr(row, outcome) + 1)
    row.cards_won += sum(e.delta for e in entries if e.delta > 0)
    row.cards_lost += -sum(e.delta for e in entries if e.delta < 0)
    rec = record_path(Path(path), game_id)
    rec.parent.mkdir(parents=True, exist_ok=True)
    store.atomic_write_text(rec, record_text)
    save(path, after, catalog)
    return after


__all__ = ["GAME", "OpponentStats", "PROFILES", "Profile", "SCHEMA", "finish_game", "from_body", "load",
           "profile_path", "record_path", "save", "to_body"]
