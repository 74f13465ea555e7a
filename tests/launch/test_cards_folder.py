"""The title menu's "Open cards folder": created, opened where possible, always shown."""

import subprocess
import sys
from pathlib import Path

import pytest

from jayden_jazz.paths import UserDirs
from jayden_jazz.scenes import folders
from jayden_jazz.scenes.folders import open_cards_folder, open_in_file_manager
from jayden_jazz.scenes.title import TitleScene
from jayden_jazz.scenes.windows import MessageWindow
from tests.helpers import press


def window_text(win) -> str:
    # wrap() cuts a long path into pieces; joining them without spaces gives it back
    return "".join(win.lines)


def test_headless_menu_entry_creates_and_shows_the_folder(make_app, user_home, monkeypatch):
    monkeypatch.setattr(folders, "open_in_file_manager", lambda p: pytest.fail("opener started"))
    app = make_app()
    assert not (user_home / "cards").exists()
    labels = [i.label for i in app.stack.top.menu.items]
    press(app, *["DOWN"] * (labels.index("Open cards folder") - app.stack.top.menu.index))
    assert app.stack.top.menu.current.label == "Open cards folder"
    press(app, "RETURN")
    win = app.stack.top
    assert isinstance(win, MessageWindow) and win.title == "Cards folder"
    assert (user_home / "cards").is_dir()
    assert win.lines[0] == "Your cards folder is:"
    assert str(user_home / "cards") in window_text(win)
    press(app, "RETURN")
    assert isinstance(app.stack.top, TitleScene)


def test_with_a_desktop_the_opener_gets_the_folder(make_app, user_home):
    app = make_app()
    app.headless = False
    asked = []
    folder = open_cards_folder(app, opener=lambda p: asked.append(p) or True)
    assert asked == [user_home / "cards"] == [folder]
    assert app.stack.top.lines[0] == "Opened in your file manager:"
    assert str(folder) in window_text(app.stack.top)


def test_when_the_opener_fails_the_path_is_shown(make_app, user_home):
    app = make_app()
    app.headless = False
    open_cards_folder(app, opener=lambda p: False)
    assert app.stack.top.lines[0] == "Your cards folder is:"
    assert str(user_home / "cards") in window_text(app.stack.top)


def test_folder_that_cannot_be_created_is_reported(make_app, tmp_path):
    app = make_app()
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    app.dirs = UserDirs(tmp_path, blocker)
    open_cards_folder(app, opener=lambda p: pytest.fail("opener started"))
    win = app.stack.top
    assert win.lines[0] == "Could not create your cards folder:"
    assert str(blocker / "cards") in window_text(win)


class Recorder:
    def __init__(self, fail: Exception | None = None):
        self.calls = []
        self.fail = fail

    def __call__(self, cmd, **kw):
        self.calls.append((cmd, kw))
        if self.fail:
            raise self.fail


def fake_opener(bindir: Path, name: str) -> Path:
    bindir.mkdir(parents=True, exist_ok=True)
    exe = bindir / name
    exe.write_text("#!/bin/sh\nexit 0\n")
    exe.chmod(0o755)
    return exe


@pytest.mark.skipif(sys.platform.startswith("win"), reason="PATH lookup of a shell script")
def test_linux_uses_xdg_open_detached(tmp_path):
    exe = fake_opener(tmp_path / "bin", "xdg-open")
    rec = Recorder()
    assert open_in_file_manager(tmp_path, platform="linux", env={"PATH": str(tmp_path / "bin")},
                                popen=rec) is True
    (cmd, kw), = rec.calls
    assert cmd == [str(exe), str(tmp_path)]
    assert kw["start_new_session"] is True and kw["stdin"] == subprocess.DEVNULL


@pytest.mark.skipif(sys.platform.startswith("win"), reason="PATH lookup of a shell script")
def test_linux_falls_back_to_gio_open(tmp_path):
    exe = fake_opener(tmp_path / "bin", "gio")
    rec = Recorder()
    assert open_in_file_manager(tmp_path, platform="linux", env={"PATH": str(tmp_path / "bin")},
                                popen=rec)
    assert rec.calls[0][0] == [str(exe), "open", str(tmp_path)]


def test_no_opener_on_path_is_false(tmp_path):
    rec = Recorder()
    assert open_in_file_manager(tmp_path, platform="linux", env={"PATH": str(tmp_path / "empty")},
                                popen=rec) is False
    assert rec.calls == []


def test_headless_never_starts_anything(tmp_path):
    fake_opener(tmp_path / "bin", "xdg-open")
    rec = Recorder()
    env = {"PATH": str(tmp_path / "bin"), "SDL_VIDEODRIVER": "dummy"}
    assert open_in_file_manager(tmp_path, platform="linux", env=env, popen=rec) is False
    assert rec.calls == []


def test_macos_uses_open(tmp_path):
    rec = Recorder()
    assert open_in_file_manager(tmp_path, platform="darwin", env={}, popen=rec)
    assert rec.calls[0][0] == ["open", str(tmp_path)]


def test_windows_uses_startfile(tmp_path, monkeypatch):
    started = []
    monkeypatch.setattr(folders.os, "startfile", started.append, raising=False)
    assert open_in_file_manager(tmp_path, platform="win32", env={}, popen=Recorder()) is True
    assert started == [str(tmp_path)]
    monkeypatch.setattr(folders.os, "startfile", Recorder(OSError("no association")), raising=False)
    assert open_in_file_manager(tmp_path, platform="win32", env={}) is False


def test_an_opener_that_fails_to_start_is_false(tmp_path):
    assert open_in_file_manager(tmp_path, platform="darwin", env={},
                                popen=Recorder(FileNotFoundError("open"))) is False


def test_a_frozen_bundle_gives_the_opener_the_system_libraries(monkeypatch):
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    env = folders._child_env({"LD_LIBRARY_PATH": "/bundle/_internal", "LD_LIBRARY_PATH_ORIG": "/usr/lib",
                              "PATH": "/bin"})
    assert env == {"LD_LIBRARY_PATH": "/usr/lib", "PATH": "/bin"}
    assert folders._child_env({"LD_LIBRARY_PATH": "/bundle/_internal"}) == {}
    monkeypatch.setattr(sys, "frozen", False)
    assert folders._child_env({"LD_LIBRARY_PATH": "/x"}) == {"LD_LIBRARY_PATH": "/x"}
