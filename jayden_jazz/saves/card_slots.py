"""The card game's saving service: its slots, the autosave, saving, loading, and the slot of a
game loaded but not played on yet, in one place below the screens.

The card table, the setup screen, Continue and the replay picker all save
and load card games. Each used to reach :mod:`.cards` and :mod:`.store`
itself and turn a failed write into words its own way; here every file step
is one method that either does it or says in plain words why not (a
refused file raises :class:`~jayden_jazz.saves.store.SaveError`, which
names the file and the line), and the screens only open windows.
Nothing here knows a scene, a window or pygame.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from jayden_jazz.cards import Card, Game
from jayden_jazz.saves import cards as csave
from jayden_jazz.saves import store
from jayden_jazz.saves.store import SaveError

LABEL_COLUMNS = 62
"""A slot's line in the pickers: its name and the game's summary, cut to the window."""


@dataclass(frozen=True)
class Slot:
    """One save slot as the pickers list it."""

    name: str
    path: Path
    label: str              # "slot 1  2 players, 3x3, 4 of 9 played" or why the file is unusable
    usable: bool            # the file exists and reads as a card save
    exists: bool


@dataclass(frozen=True)
class CardSaves:
    """The card saves in ``folder`` (the player's saves folder)."""

    folder: Path

    def slots(self, include_autosave: bool = True) -> list[Slot]:
        """Every slot, empty ones too, each with the line a picker shows for it."""
        out = []
        for name, path in csave.slot_paths(self.folder, include_autosave):
            info = store.describe(path, csave.summary)
            out.append(Slot(name, path, f"{name:7s} {info.label}"[:LABEL_COLUMNS], info.ok, path.exists()))
        return out

    def autosave_path(self, own: Path | None = None) -> Path:
        """Where a table autosaves: a mode's own slot (a Journey profile's), else the shared one."""
        return own or csave.slot_path(self.folder, "autosave")

    def write(self, path: Path, info: csave.CardsSave, game: Game) -> str:
        """Save the game to ``path`` (atomically: a power cut leaves the old file or the new one);
        '' when written, else the system's reason in words ("No space left on device"). The
        folder is made when missing."""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            csave.save(path, info, game)
        except OSError as e:
            return str(e.strerror or e)
        return ""

    @staticmethod
    def read(path: Path, catalog: Mapping[str, Card]) -> tuple[csave.CardsSave, Game]:
        """The save and its game; raises SaveError (file, line, field) and leaves the file as it is."""
        return csave.load(path, catalog)

    def keep_loaded_newest(self, path: Path, info: csave.CardsSave, game: Game,
                           catalog: Mapping[str, Card]) -> bool:
        """A loaded game left before a card was played: its slot is written again as it is, with
        the time of now, so Continue brings back this game and not the one the autosave still
        keeps. Only when the slot still holds this game (else it is left alone); True when
        written. A failure changes nothing: the autosave still holds the game before."""
        try:
            _, there = self.read(path, catalog)
            if [str(a) for a in there.history] != [str(a) for a in game.history]:
                return False
            csave.save(path, info, game)
        except (SaveError, OSError):
            return False
        return True


__all__ = ["CardSaves", "LABEL_COLUMNS", "Slot"]
