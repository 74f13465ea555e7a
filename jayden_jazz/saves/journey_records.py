"""A Journey game's record is the truth of its end; the profile catches up with the records.

Finishing a game writes two files: the game's record
(``profileN-games/<opponent>-<seed>.yaml``), then the profile. The program
can stop between the two (a crash, a kill, a power cut), and a player can
put back the last good copy of a damaged profile, which is older than the
records since. So the profile lists the records it holds (``settled``) and
:func:`settle` applies every record it does not, in the order they were
written, once: after any stop the collection is the one before the game
(no record: the game or its trade screen comes back) or the one after it.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

import yaml

from jayden_jazz.cards import Card
from jayden_jazz.journey.collection import CollectionError, LedgerEntry, game_entries
from jayden_jazz.journey.trade import Transfer
from jayden_jazz.saves import journey as jsave
from jayden_jazz.saves import journey_game, store
from jayden_jazz.saves.schema import Int, ListOf, OneOf, Optional, PlainYAMLError, Record, Text, load_plain_yaml
from jayden_jazz.saves.store import SaveError

PLAYER = 0
MAX_RECORD_BYTES = store.MAX_SAVE_BYTES

_TRANSFER = ListOf(OneOf("a card, two seats and a reason", Text(max_len=200), Int(0, 1)), max_items=4)
_RECORD = Record({
    "journey": Record({"opponent": Text(max_len=130), "seed": Int(1, 2**31)}, ["opponent", "seed"]),
    "outcome": Text(list(jsave.OUTCOMES)),
    "transfers": ListOf(_TRANSFER, max_items=100),
    "reward": Optional(Text(max_len=120)),
    "number": Int(0, 10**7),
    "opponent_name": Text(max_len=200),
}, ["journey", "outcome", "transfers"])


@dataclass(frozen=True)
class GameRecord:
    """What the profile needs of a record: the game, its opponent and the player's changes."""

    game_id: str
    opponent: str
    seed: int
    outcome: str
    entries: tuple[LedgerEntry, ...]
    number: int = 0              # the profile's game count after it (older records: 0)
    opponent_name: str = ""


def record_text(journey: Mapping[str, Any], outcome: str, abandoned: bool, transfers: Sequence[Transfer],
                reward: str | None, game: Any, number: int, opponent_name: str) -> str:
    """The record's YAML: the setup, the result and every card that changed hands, and the game itself."""
    body = {"journey": dict(journey), "outcome": outcome, "abandoned": abandoned,
            "transfers": [[t.card, t.giver, t.taker, t.why] for t in transfers], "reward": reward,
            "number": number, "opponent_name": opponent_name, "game": game}
    return yaml.safe_dump(body, sort_keys=False, allow_unicode=True)


def read_record(path: Path) -> GameRecord:
    """A record read and checked; raises SaveError naming what is wrong."""
    text = store.read_text(path, MAX_RECORD_BYTES, "game record", follow_links=False)
    try:
        data = load_plain_yaml(text)
    except PlainYAMLError as e:
        raise SaveError(path, f"its contents cannot be read: {e.problem}") from None
    store.check_body(data if isinstance(data, dict) else {}, path, _RECORD)
    transfers = []
    for row in data["transfers"]:
        if len(row) != 4 or not isinstance(row[0], str) or row[1] not in (0, 1) or row[2] not in (0, 1):
            raise SaveError(path, f"a card that changed hands is damaged ({row!r:.60})")
        transfers.append(Transfer(row[0], row[1], row[2], str(row[3])))
    gid = Path(path).stem
    j = data["journey"]
    entries = game_entries(transfers, PLAYER, gid, data.get("reward"))
    return GameRecord(gid, str(j["opponent"]), int(j["seed"]), data["outcome"], tuple(entries),
                      int(data.get("number", 0)), str(data.get("opponent_name", "")))


def record_files(profile_path: Path) -> list[Path]:
    """The records in the profile's games folder (plain files only: links and the like are no records)."""
    folder = jsave.record_path(Path(profile_path), "x").parent
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return []
    out = []
    for name in names:
        p = folder / name
        try:
            if name.endswith(".yaml") and stat.S_ISREG(os.lstat(p).st_mode):
                out.append(p)
        except OSError:
            continue
    return out


@dataclass
class Settled:
    """The profile after :func:`settle`, the records it applied and the ones it could not."""

    profile: jsave.Profile
    applied: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def settle(path: Path, catalog: Mapping[str, Card]) -> Settled:
    """The profile in ``path`` with every record it does not hold yet applied (and written), once.

    Raises SaveError when the profile itself is refused (nothing is written
    then) and OSError when it cannot be written. A record that cannot be read
    or applied is named in ``problems`` and left as it is, for a later start.
    """
    profile = jsave.load(path, catalog)
    done = set(profile.settled or ())
    legacy = profile.settled is None
    if legacy:                                   # written before the list: its ledger names its games
        done = {e.game for e in profile.collection.ledger if e.game}
    waiting: list[GameRecord] = []
    problems: list[str] = []
    for rec in record_files(path):
        if rec.stem in done:
            continue
        try:
            game = read_record(rec)
        except SaveError as e:
            problems.append(f"The game record {rec.name} was not applied: {e.problem}")
            continue
        if legacy and not game.entries:      # an older game that changed no card: counted already
            done.add(game.game_id)
            continue
        waiting.append(game)
    waiting.sort(key=lambda g: (g.number, g.game_id))
    out = Settled(profile, problems=problems)
    if legacy:
        out.profile.settled = sorted(done)
    for game in waiting:
        missing = [e.card for e in game.entries if e.card not in catalog]
        if missing:
            problems.append(f"The game record {game.game_id} names a card no loaded pack has ({missing[0]}); "
                            "it will be applied when the pack is back.")
            continue
        try:
            out.profile = jsave.with_game(out.profile, game.game_id, list(game.entries), game.opponent,
                                          game.outcome, game.seed, game.opponent_name)
        except (CollectionError, ValueError) as e:
            problems.append(f"The game record {game.game_id} could not be applied: {e}")
            continue
        out.applied.append(game.game_id)
    if out.applied or legacy:
        jsave.save(path, out.profile, catalog)
        out.profile = jsave.load(path, catalog)
    return out


def finish(saves: Path, slot: int, profile: jsave.Profile, catalog: Mapping[str, Card], journey: Mapping[str, Any],
           outcome: str, abandoned: bool, transfers: Sequence[Transfer], reward: str | None, game: Any,
           opponent_name: str = "") -> tuple[jsave.Profile, list[str]]:
    """A Journey game's end, as the trade screen writes it: the record, the profile, then the game's
    autosave removed. Returns the profile written and what could not be removed (settled all the same)."""
    opponent, seed = str(journey["opponent"]), int(journey["seed"])
    gid = journey_game.game_id(opponent, seed)
    entries = game_entries(list(transfers), PLAYER, gid, reward)
    text = record_text({**journey, "profile": slot}, outcome, abandoned, transfers, reward, game,
                       profile.games + 1, opponent_name)
    path = jsave.profile_path(Path(saves), slot)
    after = jsave.finish_game(path, profile, catalog, gid, text, entries, opponent, outcome, seed, opponent_name)
    return after, journey_game.forget(Path(saves), slot, opponent, seed)


def present(profile_path: Path) -> list[str]:
    """The names of the records in the profile's games folder: a new profile starts with them settled
    (they belong to a profile deleted or set aside, never to the new one)."""
    return [p.stem for p in record_files(profile_path)]


def delete(saves: Path, slot: int) -> list[str]:
    """Profile ``slot`` deleted: its file first (the slot is empty from then on), then its copies, its
    game in progress and its records; what could not be removed, in words."""
    path = jsave.profile_path(Path(saves), slot)
    folder = jsave.record_path(path, "x").parent
    problems = []
    files = [path] + [path.with_name(path.name + tail) for tail in (".bak", ".refused")]
    game = journey_game.game_path(Path(saves), slot)
    files += [game, game.with_name(game.name + ".bak")]
    for p in files + [folder / name for name in _names(folder)]:
        try:
            if os.path.lexists(p) and not (p.is_dir() and not p.is_symlink()):
                p.unlink()
        except OSError as e:
            problems.append(f"{p.name}: {e.strerror or e}")
    try:
        if folder.is_dir() and not folder.is_symlink():
            folder.rmdir()
    except OSError as e:
        problems.append(f"{folder.name}: {e.strerror or e}")
    return problems


def _names(folder: Path) -> list[str]:
    try:
        return sorted(os.listdir(folder)) if folder.is_dir() and not folder.is_symlink() else []
    except OSError:
        return []


__all__ = ["GameRecord", "Settled", "delete", "finish", "present", "read_record", "record_files", "record_text",
           "settle"]
