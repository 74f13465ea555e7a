"""The card game's saving service (saves/card_slots.py): slots with their labels, writing that says
why it failed instead of raising, reading that refuses with the file named, and the loaded game's
slot written again only while it still holds that game."""

from __future__ import annotations

import os
import random
import sys

import pytest

from jayden_jazz.saves import cards as csave
from jayden_jazz.saves.card_slots import CardSaves
from jayden_jazz.saves.store import SaveError

sys.path.insert(0, os.path.dirname(__file__))
from card_save_helpers import CATALOG, pick, random_game, seats_for  # noqa: E402


def played(seed: int, moves: int):
    game = random_game(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        game.push(pick(game, rng))
    return game


def test_the_slots_list_every_slot_with_what_it_holds(tmp_path):
    saves = CardSaves(tmp_path)
    game = played(1, 2)
    assert saves.write(csave.slot_path(tmp_path, 2), seats_for(game), game) == ""
    csave.slot_path(tmp_path, 3).write_text("not a save\n", encoding="utf-8")
    slots = {s.name: s for s in saves.slots(include_autosave=True)}
    assert "Auto" in slots and "Auto" not in {s.name for s in saves.slots(include_autosave=False)}
    assert slots["Auto"].path == saves.autosave_path()
    two, three, one = slots["Slot 2"], slots["Slot 3"], slots["Slot 1"]
    assert two.usable and two.exists and "(empty)" not in two.label
    assert not three.usable and three.exists and "unusable" in three.label
    assert not one.usable and not one.exists and "(empty)" in one.label
    assert all(len(s.label) <= 62 for s in slots.values())


def test_a_written_game_reads_back_the_same(tmp_path):
    saves = CardSaves(tmp_path / "made" / "here")                 # a missing folder is made
    game = played(2, 3)
    path = saves.autosave_path()
    assert path == csave.slot_path(saves.folder, "autosave")
    assert saves.write(path, seats_for(game), game) == ""
    info, back = saves.read(path, CATALOG)
    assert [str(a) for a in back.history] == [str(a) for a in game.history]
    assert info.seed == 1234
    own = tmp_path / "journey" / "slot1.yaml"
    assert saves.autosave_path(own) == own


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs a folder the user cannot write")
def test_a_failed_write_says_why_and_keeps_the_old_file(tmp_path):
    saves = CardSaves(tmp_path)
    game = played(3, 1)
    path = csave.slot_path(tmp_path, 1)
    assert saves.write(path, seats_for(game), game) == ""
    before = path.read_bytes()
    tmp_path.chmod(0o500)
    try:
        problem = saves.write(path, seats_for(game), played(4, 3))
    finally:
        tmp_path.chmod(0o700)
    assert problem and "denied" in problem.lower()
    assert path.read_bytes() == before


def test_a_failed_write_into_a_file_where_the_folder_should_be_says_why(tmp_path):
    (tmp_path / "blocked").write_text("a file, not a folder\n", encoding="utf-8")
    saves = CardSaves(tmp_path / "blocked")
    game = played(5, 1)
    problem = saves.write(saves.autosave_path(), seats_for(game), game)
    assert problem != ""
    assert (tmp_path / "blocked").read_text(encoding="utf-8") == "a file, not a folder\n"


def test_a_refused_file_names_itself_and_is_left_as_it_is(tmp_path):
    path = csave.slot_path(tmp_path, 1)
    path.write_text("jayden-jazz-save: 1\ngame: cards\n", encoding="utf-8")
    with pytest.raises(SaveError) as e:
        CardSaves(tmp_path).read(path, CATALOG)
    assert str(path) in str(e.value.path)
    assert path.read_text(encoding="utf-8") == "jayden-jazz-save: 1\ngame: cards\n"


def test_the_loaded_slot_is_written_again_only_while_it_holds_that_game(tmp_path):
    saves = CardSaves(tmp_path)
    game = played(6, 2)
    path = csave.slot_path(tmp_path, 4)
    assert saves.write(path, seats_for(game), game) == ""
    os.utime(path, (1, 1))
    assert saves.keep_loaded_newest(path, seats_for(game), game, CATALOG)
    assert path.stat().st_mtime > 1                                # the same game: now the newest
    other = played(7, 3)
    assert saves.write(path, seats_for(other), other) == ""
    held = path.read_bytes()
    assert not saves.keep_loaded_newest(path, seats_for(game), game, CATALOG)
    assert path.read_bytes() == held                                # another game there: left alone
    path.write_text("broken\n", encoding="utf-8")
    assert not saves.keep_loaded_newest(path, seats_for(game), game, CATALOG)
    assert path.read_text(encoding="utf-8") == "broken\n"
