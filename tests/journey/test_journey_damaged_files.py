"""Damaged Journey files: an unreadable game file is kept as .bak and said so, a pipe, a device or a link
in a profile's place is refused without waiting, temporaries are cleaned at start, and the profile, its
backup, its records and a restored copy are the player's alone (0600)."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from jayden_jazz.files import NotPlainFile, read_text_within
from jayden_jazz.saves import journey as jsave
from jayden_jazz.saves import journey_game, journey_records, store
from jayden_jazz.saves.store import SaveError
from tests.helpers import press, step
from tests.journey.test_journey_rulings import opponents_scene
from tests.journey.test_journey_screens import top


def profiles_scene(app):
    press(app, "ESCAPE")
    assert top(app) == "ProfilesScene"
    return app.stack.top


def mode(path: Path) -> int:
    return path.stat().st_mode & 0o777


def test_an_unreadable_journey_game_file_is_kept_as_bak_with_a_notice(make_app, user_home):
    app, _ = opponents_scene(make_app)
    saves = Path(app.dirs.saves)
    profiles = profiles_scene(app)
    game = journey_game.game_path(saves, 1)
    game.write_bytes(b"jayden-jazz save\nformat: 1\nchecksum: sha256:00\n\ngame: cards\n")
    press(app, "RETURN")                              # open the profile again
    assert top(app) == "MessageWindow" and app.stack.top.title == "Journey game file"
    words = " ".join(app.stack.top.lines)
    assert "checksum" in words and "profile1-game.sav.bak" in words
    assert not game.exists()
    assert game.with_name(game.name + ".bak").read_bytes().endswith(b"game: cards\n")    # never written over
    assert profiles is not app.stack.top


def _in_time(fn, seconds: float = 5.0):
    """``fn()`` in a thread: what it returned or raised, or a failure when it waits (a pipe would hang)."""
    out: list = []

    def run():
        try:
            out.append(("ok", fn()))
        except BaseException as e:       # noqa: BLE001 - handed to the test
            out.append(("raised", e))

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(seconds)
    assert out, "it waited: a file that is not a plain file was opened"
    return out[0]


@pytest.mark.parametrize("what", ["pipe", "link to a device", "self-looping link", "dangling link"])
def test_a_profile_that_is_not_a_plain_file_is_refused_at_once_and_never_replaced(make_app, user_home, what):
    app, _ = opponents_scene(make_app)
    saves = Path(app.dirs.saves)
    profiles = profiles_scene(app)
    path = jsave.profile_path(saves, 2)
    if what == "pipe":
        os.mkfifo(path)
    elif what == "link to a device":
        os.symlink("/dev/zero", path)
    elif what == "self-looping link":
        os.symlink(path.name, path)
    else:
        os.symlink("nowhere.sav", path)
    kind, value = _in_time(lambda: jsave.load(path, profiles.library.catalog))
    assert kind == "raised" and isinstance(value, SaveError)
    kind, _ = _in_time(profiles.refresh)
    assert kind == "ok"
    assert profiles.menu.items[1].label.startswith("2. Refused")            # never "New profile"
    assert isinstance(profiles.loaded[2], SaveError)
    profile = jsave.Profile("Bo")
    with pytest.raises(SaveError):
        jsave.save(path, profile, profiles.library.catalog)                 # not written over, nor through
    assert os.path.lexists(path) and not Path("/dev/zero").is_file()


def test_a_device_or_a_pipe_is_never_opened_for_reading(tmp_path):
    with pytest.raises(NotPlainFile, match="a device"):
        read_text_within(Path("/dev/zero"), 100, "save")
    fifo = tmp_path / "p"
    os.mkfifo(fifo)
    kind, value = _in_time(lambda: store.read(fifo))
    assert kind == "raised" and isinstance(value, SaveError) and "a pipe" in value.problem
    link = tmp_path / "l"
    os.symlink(tmp_path / "real", link)
    (tmp_path / "real").write_text("x")
    with pytest.raises(NotPlainFile, match="a link"):
        read_text_within(link, 100, "save", follow_links=False)


def test_a_pipe_among_the_saves_is_passed_over_by_continue_without_waiting(tmp_path):
    from jayden_jazz.scenes.resume import unfinished_games

    (tmp_path / "journey").mkdir()
    os.mkfifo(tmp_path / "cards-slot1.sav")
    os.mkfifo(journey_game.game_path(tmp_path, 1))
    kind, value = _in_time(lambda: unfinished_games(tmp_path))
    assert kind == "ok" and value == []
    assert store.peek(tmp_path / "cards-slot1.sav") is None


def test_temporaries_left_in_the_journey_folders_are_cleaned_at_start(make_app, user_home):
    app, _ = opponents_scene(make_app)
    saves = Path(app.dirs.saves)
    games = jsave.record_path(jsave.profile_path(saves, 1), "x").parent
    games.mkdir(parents=True, exist_ok=True)
    old = time.time() - 3600
    left = [games / "rex-1.yaml.abc123.tmp", saves / "journey" / "profile1.sav.xyz987.tmp"]
    for p in left:
        p.write_text("half")
        os.utime(p, (old, old))
    make_app("--seed", "1")                           # the next start
    assert not any(p.exists() for p in left)


def test_the_profile_its_backup_its_records_and_a_restored_copy_are_the_players_alone(make_app, user_home):
    old_umask = os.umask(0o022)
    try:
        app, scene = opponents_scene(make_app)
        saves = Path(app.dirs.saves)
        session = scene.session
        j = {"opponent": next(iter(session.catalog.opponents)), "seed": 3, "rule_index": 0, "trade": "one"}
        journey_records.finish(saves, 1, session.profile, session.catalog, j, "drawn", False, [], None, {}, "X")
        path = jsave.profile_path(saves, 1)
        bak = path.with_name(path.name + ".bak")
        record = next(jsave.record_path(path, "x").parent.iterdir())
        assert mode(path) == mode(bak) == mode(record) == 0o600
        profiles = profiles_scene(app)
        path.write_text("damaged")
        profiles.refresh()
        assert isinstance(profiles.loaded[1], SaveError)
        profiles.set_aside(1, restore=True)
        step(app, 1)
        assert mode(path) == 0o600
        restored = profiles.loaded[1]
        assert isinstance(restored, jsave.Profile) and restored.games == 1     # the record applied again
        assert path.with_name(path.name + ".refused").read_text() == "damaged"
    finally:
        os.umask(old_umask)


def test_a_record_that_cannot_be_applied_is_named_on_the_profiles_screen(make_app, user_home):
    app, _ = opponents_scene(make_app)
    saves = Path(app.dirs.saves)
    folder = jsave.record_path(jsave.profile_path(saves, 1), "x").parent
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "t-rex-99.yaml").write_text("outcome: maybe\n")
    press(app, "ESCAPE")                              # back to the profiles: they are read again
    assert top(app) == "MessageWindow" and app.stack.top.title == "Journey files"
    assert "t-rex-99.yaml was not applied" in " ".join(app.stack.top.lines)
    assert (folder / "t-rex-99.yaml").exists()
