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
  it, each atomically; the record is the truth: the profile lists the
  records it holds (``settled``), and one it does not hold yet (the program
  stopped between the two writes, or a backup was put back) is applied when
  the profile is next opened (:mod:`.journey_records`), once;
* files that are not plain files (a link, a pipe, a device) are refused
  without being opened, so a profile can neither hang the game nor be
  written through a link.
"""

from __future__ import annotations

import os
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
    name: str = ""               # the opponent's name when last played (the statistics read it without the packs)


@dataclass
class Profile:
    name: str
    collection: Collection = field(default_factory=Collection)
    decks: list[Deck] = field(default_factory=list)
    progress: dict[str, OpponentStats] = field(default_factory=dict)
    games: int = 0
    last_hand: tuple[str, ...] = ()     # the hand picker's Last hand: this profile's own, not the card game's
    settled: list[str] | None = field(default_factory=list)
    """The game records applied to this profile; None for a profile written before the list was kept."""
    pinned: dict[str, int] = field(default_factory=dict)
    """Opponent id -> the seed of the next game against it (Roulette is drawn once, kept until played)."""


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
        stats = Record({**{k: Int(0, 10**6) for k in ("won", "drawn", "lost", "cards_won", "cards_lost")},
                        "name": Text(max_len=80)}, strict=True)
        for key, row in value.items():
            if not isinstance(key, str):
                raise SchemaError(where, f"has an opponent id that is not text ({show(key)})")
            stats(row, f"{where}.{key}")


class _SeedMap:
    """``opponent id -> seed``: the Roulette draws kept until played."""

    def __call__(self, value: Any, where: str) -> None:
        if not isinstance(value, Mapping) or len(value) > 1000:
            raise SchemaError(where, f"should be a mapping of opponents to seeds (at most 1000), not {show(value)}")
        for key, seed in value.items():
            if not isinstance(key, str):
                raise SchemaError(where, f"has an opponent id that is not text ({show(key)})")
            Int(1, 2**31)(seed, f"{where}.{key}")


MAX_GAMES = 50000
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
    "settled": ListOf(Text(max_len=200), max_items=MAX_GAMES),   # optional: older profiles had none
    "pinned": _SeedMap(),                                        # optional
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
        "progress": {k: {f: n for f, n in vars(v).items() if f != "name" or n}     # a name only once known
                     for k, v in sorted(p.progress.items())},
        **({"last_hand": list(p.last_hand)} if p.last_hand else {}),
        **({"settled": list(p.settled)} if p.settled is not None else {}),
        **({"pinned": dict(sorted(p.pinned.items()))} if p.pinned else {}),
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
    settled = list(body["settled"]) if "settled" in body else None
    return Profile(body["name"], collection, decks, progress, body["games"], tuple(body.get("last_hand", ())),
                   settled, dict(body.get("pinned", {})))


def load(path: Path, catalog: Mapping[str, Card]) -> Profile:
    """The profile in ``path``; raises SaveError and leaves the file as it is (a link, a pipe or a
    device in its place is refused without being opened)."""
    body = store.read(path, follow_links=False)
    if body.get("game") != GAME:
        raise SaveError(path, "this save is not a Journey profile")
    return from_body(body, path, catalog)


def save(path: Path, profile: Profile, catalog: Mapping[str, Card]) -> None:
    """Replace the profile on disk, keeping the one it replaces as ``.bak``.

    A file there that does not load as a profile is never replaced: the
    player may want it back, and the refusal says why. Both files are the
    player's alone to read (0600).
    """
    path = Path(path)
    if os.path.lexists(path):
        load(path, catalog)                         # raises SaveError: nothing is written
        store.write(path.with_name(path.name + ".bak"), store.read(path, follow_links=False))
    path.parent.mkdir(parents=True, exist_ok=True)
    store.write(path, to_body(profile))


OUTCOMES = ("won", "drawn", "lost")


def with_game(profile: Profile, game_id: str, entries: list[LedgerEntry], opponent: str, outcome: str,
              seed: int | None = None, opponent_name: str = "") -> Profile:
    """The profile after one game's record: trade and reward, the opponent's row, the record listed as
    settled and the opponent's Roulette draw used up. The profile passed in is not changed; raises
    CollectionError (a card given that is not owned) or ValueError."""
    if outcome not in OUTCOMES:
        raise ValueError(f"unknown outcome {outcome!r}")
    settled = list(profile.settled or ())
    if game_id in settled:
        raise ValueError(f"the game {game_id} is in the profile already")
    after = Profile(profile.name, Collection(dict(profile.collection.counts), list(profile.collection.ledger)),
                    list(profile.decks), {k: OpponentStats(**vars(v)) for k, v in profile.progress.items()},
                    profile.games + 1, profile.last_hand, settled + [game_id], dict(profile.pinned))
    after.collection.apply(entries)                 # CollectionError: nothing changes
    row = after.progress.setdefault(opponent, OpponentStats())
    setattr(row, outcome, getattr(row, outcome) + 1)
    row.cards_won += sum(e.delta for e in entries if e.delta > 0)
    row.cards_lost += -sum(e.delta for e in entries if e.delta < 0)
    if opponent_name:
        row.name = opponent_name[:80]
    if seed is None or after.pinned.get(opponent) == seed:
        after.pinned.pop(opponent, None)
    return after


def finish_game(path: Path, profile: Profile, catalog: Mapping[str, Card], game_id: str,
                record_text: str, entries: list[LedgerEntry], opponent: str, outcome: str,
                seed: int | None = None, opponent_name: str = "") -> Profile:
    """A Journey game's end: its record, then the profile with the game's trade and reward.

    ``outcome`` is ``won``, ``drawn`` or ``lost`` for the player. The
    profile object passed in is not changed; the one written is returned.
    Once the record is written the game is decided: if the profile is not
    written after it (a crash, a power cut), the record is applied when the
    profile is next opened (:func:`jayden_jazz.saves.journey_records.settle`).
    """
    after = with_game(profile, game_id, entries, opponent, outcome, seed, opponent_name)   # nothing written yet
    rec = record_path(Path(path), game_id)
    rec.parent.mkdir(parents=True, exist_ok=True)
    store.atomic_write_text(rec, record_text)
    save(path, after, catalog)
    return after


__all__ = ["GAME", "OUTCOMES", "OpponentStats", "PROFILES", "Profile", "SCHEMA", "finish_game", "from_body", "load",
           "profile_path", "record_path", "save", "to_body", "with_game"]
