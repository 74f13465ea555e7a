"""A Journey game in progress: one autosave per profile, apart from the card game's shared one.

The card table autosaves after every placement. An ordinary game goes to
the shared ``cards-autosave.sav``; a Journey game goes to its profile's own
``journey/profileN-game.sav`` instead, so starting an ordinary card game
can never write over a Journey game that is not finished (or whose trade
is not written yet). The file is an ordinary card save (``game: cards``,
the Journey's setup in ``config.journey``); the trade removes it once the
game's record and the profile are written.

Older versions kept a Journey game in the shared autosave:
:func:`move_from_shared` moves it to its profile's slot when the game
starts, once, without ever losing it.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from jayden_jazz.files import keep_as_bak
from jayden_jazz.saves import cards as csave
from jayden_jazz.saves import journey as jsave
from jayden_jazz.saves import store
from jayden_jazz.saves.store import SaveError

_OPPONENT = re.compile(r"[A-Za-z0-9_.-]{1,60}/[A-Za-z0-9_.-]{1,60}")


def game_path(saves: Path, slot: int) -> Path:
    """Profile ``slot``'s Journey game in progress."""
    return Path(saves) / "journey" / f"profile{slot}-game.sav"


def game_paths(saves: Path) -> list[Path]:
    return [game_path(saves, slot) for slot in range(1, jsave.PROFILES + 1)]


def journey_of(body: Any) -> dict[str, Any] | None:
    """The Journey's setup a card save carries, or None for an ordinary card game."""
    config = body.get("config") if isinstance(body, dict) else None
    journey = config.get("journey") if isinstance(config, dict) else None
    return journey if isinstance(journey, dict) else None


def setup_of(journey: Any) -> tuple[int, str, int] | None:
    """(profile slot, opponent id, seed) of a save's ``config.journey``; None when it is damaged."""
    try:
        slot, opponent, seed = int(journey["profile"]), str(journey["opponent"]), int(journey["seed"])
    except (KeyError, TypeError, ValueError):
        return None
    if not 1 <= slot <= jsave.PROFILES or not _OPPONENT.fullmatch(opponent) or ".." in opponent:
        return None                      # a save names a record only by a plain pack/key id
    return slot, opponent, seed


def game_id(opponent: str, seed: int) -> str:
    """The record's name: the opponent and the seed (one game, one record)."""
    return f"{opponent.replace('/', '-')}-{seed}"


def record_of(saves: Path, journey: Any) -> Path | None:
    """Where the record of the Journey game ``journey`` describes is written once its trade is;
    None when that description is damaged."""
    setup = setup_of(journey)
    if setup is None:
        return None
    slot, opponent, seed = setup
    return jsave.record_path(jsave.profile_path(Path(saves), slot), game_id(opponent, seed))


def kept(saves: Path, slot: int) -> dict[str, Any] | None:
    """The ``config.journey`` of profile ``slot``'s game still to play or to trade; None when the
    slot is empty, unreadable or holds a game already settled."""
    try:
        journey = journey_of(store.read(game_path(saves, slot), follow_links=False))
    except SaveError:
        return None
    setup, record = setup_of(journey), record_of(saves, journey)
    if journey is None or setup is None or record is None or record.exists() or setup[0] != slot:
        return None
    return journey


def set_aside_unreadable(saves: Path, slot: int) -> str | None:
    """Profile ``slot``'s game file, when it cannot be read, moved aside to ``.bak`` (never written
    over by the next game); the notice that says so, or None when there was nothing to move."""
    path = game_path(saves, slot)
    if not os.path.lexists(path):
        return None
    try:
        store.read(path, follow_links=False)
        return None
    except SaveError as e:
        problem = e.problem
    bak = keep_as_bak(path)
    if bak is None:
        return (f"The Journey game file {path.name} cannot be read ({problem}) and could not be moved "
                "aside either; it was left as it is.")
    return (f"The Journey game file {path.name} cannot be read ({problem}). It was kept as {bak.name}, "
            "untouched, and this profile can play a new game.")


def forget(saves: Path, slot: int, opponent: str, seed: int) -> list[str]:
    """A settled game's autosaves (the profile's own slot, or the shared one an older version used)
    removed, so Continue does not offer it again; what could not be removed, in words (the game is
    settled all the same: its record exists, and Continue passes it over)."""
    from jayden_jazz.saves import cards as csave

    problems = []
    for path in (game_path(saves, slot), csave.slot_path(saves, "autosave")):
        try:
            data = journey_of(store.read(path, follow_links=False))
        except SaveError:
            continue
        if data is not None and data.get("seed") == seed and data.get("opponent") == opponent:
            try:
                path.unlink(missing_ok=True)
            except OSError as e:
                problems.append(f"its autosave {path.name} could not be removed: {e.strerror or e}")
    return problems


def move_from_shared(saves: Path) -> Path | None:
    """A Journey game an older version left in the shared autosave, moved to its profile's slot.

    The game is written to its slot first (atomically, in the current
    format: an older format is migrated as any save is read), then the
    shared file is removed; stopped between the two, the next start finds
    the same game in both and only removes the shared copy. Nothing moves
    when the shared file cannot be read (a newer format, damage: left as it
    is), holds an ordinary or an already settled game, or when the slot
    holds a different game (both are kept). Returns the slot written to.
    Raises OSError when a file cannot be written or removed.
    """
    shared = csave.slot_path(Path(saves), "autosave")
    if not shared.is_file():
        return None
    try:
        body = store.read(shared)
    except SaveError:
        return None
    journey = journey_of(body)
    setup = setup_of(journey)
    record = record_of(saves, journey)
    if setup is None or record is None or record.exists():
        return None
    target = game_path(saves, setup[0])
    if target.exists():
        try:
            same = store.read(target) == body
        except SaveError:
            same = False
        if not same:
            return None
    else:
        target.parent.mkdir(parents=True, exist_ok=True)
        store.write(target, body)
    shared.unlink()
    return target


__all__ = ["forget", "game_id", "game_path", "game_paths", "journey_of", "kept", "move_from_shared", "record_of",
           "set_aside_unreadable", "setup_of"]
