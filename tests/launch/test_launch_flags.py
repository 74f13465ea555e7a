"""Flags, help text, window class and the clear messages for failures at start."""

import os

import pygame
import pytest

from jayden_jazz import __version__, app as app_mod, paths
from jayden_jazz.app import WM_CLASS, build_parser, check_display, main


@pytest.fixture
def boxes(monkeypatch):
    """Record would-be message boxes (a real one would block a desktop test run)."""
    shown: list[str] = []
    monkeypatch.setattr(app_mod, "_show_error_box", shown.append)
    return shown


def test_version_flag(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"Jayden & Jazz {__version__}"


def test_help_lists_every_flag_and_the_player_folders(capsys, user_home):
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    flags = [s for a in build_parser()._actions for s in a.option_strings if s.startswith("--")]
    assert {"--headless", "--frames", "--scene", "--keys", "--screenshot", "--cards", "--fullscreen",
            "--scale", "--seed", "--version", "--help"} <= set(flags)
    for flag in flags:
        assert flag in out
    assert f"settings     {user_home / 'settings.yaml'}" in out
    assert f"saves        {user_home / 'saves'}" in out
    assert f"card packs   {user_home / 'cards'}" in out
    assert "JAYDEN_JAZZ_HOME" in out


def test_help_names_the_serve_command_and_serve_has_its_own_help(capsys):
    assert main(["--help"]) == 0
    assert "jayden-jazz serve [--host H] [--port P] [--data DIR]" in capsys.readouterr().out
    with pytest.raises(SystemExit) as done:
        main(["serve", "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert all(flag in out for flag in ("--host", "--port", "--data", "--log", "--sync"))


def test_help_shows_the_platform_folders_without_override(capsys, monkeypatch, tmp_path):
    monkeypatch.delenv("JAYDEN_JAZZ_HOME", raising=False)
    d = paths.user_dirs()
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert str(d.settings_file) in out and str(d.cards) in out


def test_bad_flag_value_exits_2(capsys):
    assert main(["--frames", "many"]) == 2
    assert "invalid int value" in capsys.readouterr().err


def test_missing_required_file_is_a_message_not_a_traceback(monkeypatch, capsys, user_home, boxes):
    def gone(name):
        raise FileNotFoundError(f"the game's '{name}' folder is missing (looked in: /x/{name}); "
                                "reinstall the game")
    monkeypatch.setattr(paths, "shipped_dir", gone)
    assert main(["--headless", "--frames", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("jayden-jazz: A required file is missing: the game's 'assets' folder")
    assert "reinstall the game" in err and "Traceback" not in err
    assert boxes and boxes[0].startswith("A required file is missing")


def test_window_that_cannot_open_is_a_message(monkeypatch, capsys, user_home, boxes):
    def no_window(*a, **k):
        raise pygame.error("No available video device")
    monkeypatch.setattr(pygame.display, "set_mode", no_window)
    assert main(["--headless", "--frames", "1"]) == 2
    err = capsys.readouterr().err
    assert "jayden-jazz: Could not open the game window: No available video device" in err
    assert "--headless" in err and "Traceback" not in err
    assert len(boxes) == 1


def test_no_display_at_all_is_a_message(monkeypatch, capsys, user_home, boxes):
    # Without X11/Wayland SDL silently picks its "offscreen" driver: no window, no error.
    pygame.display.init()      # on the test's dummy driver, so no real display is touched
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")
    monkeypatch.setattr(pygame.display, "set_mode", lambda *a, **k: pytest.fail("window opened"))
    assert main(["--frames", "1"]) == 2
    assert "no display found" in capsys.readouterr().err
    assert boxes and "no display found" in boxes[0]


@pytest.mark.parametrize("driver, wanted, ok", [
    ("x11", "", True), ("wayland", "", True), ("windows", "", True),
    ("offscreen", "", False), ("dummy", "", False),
    ("offscreen", "offscreen", True), ("dummy", "dummy", True), ("offscreen", "wayland,offscreen", True)])
def test_check_display(monkeypatch, driver, wanted, ok):
    pygame.display.init()
    monkeypatch.setenv("SDL_VIDEODRIVER", wanted)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: driver)
    if ok:
        check_display()
    else:
        with pytest.raises(pygame.error, match="no display found"):
            check_display()


def test_without_a_console_the_message_still_reaches_the_player(monkeypatch, user_home, boxes):
    monkeypatch.setattr(paths, "shipped_dir", lambda name: (_ for _ in ()).throw(FileNotFoundError(name)))
    monkeypatch.setattr("sys.stderr", None)             # pythonw.exe / windowed bundle
    assert main(["--headless", "--frames", "1"]) == 2
    assert boxes == ["A required file is missing: assets"]


def test_unexpected_error_raises_with_a_console(monkeypatch, user_home):
    monkeypatch.setattr(app_mod, "make_app", lambda argv: (_ for _ in ()).throw(RuntimeError("bug")))
    with pytest.raises(RuntimeError, match="bug"):
        main(["--headless"])


def test_unexpected_error_without_a_console_leaves_a_crash_file(monkeypatch, user_home, boxes):
    monkeypatch.setattr(app_mod, "make_app", lambda argv: (_ for _ in ()).throw(RuntimeError("bug 42")))
    monkeypatch.setattr("sys.stderr", None)
    assert main(["--headless"]) == 1
    crash = user_home / "crash.txt"
    text = crash.read_text()
    assert "RuntimeError: bug 42" in text and __version__ in text
    assert str(crash) in boxes[0]


def test_window_class_is_fixed_before_pygame_starts(make_app, monkeypatch):
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", "python3.11")
    monkeypatch.setenv("SDL_VIDEO_WAYLAND_WMCLASS", "python3.11")
    seen = {}
    real_init = pygame.init

    def spy():
        seen["x11"] = os.environ.get("SDL_VIDEO_X11_WMCLASS")
        seen["wayland"] = os.environ.get("SDL_VIDEO_WAYLAND_WMCLASS")
        return real_init()
    monkeypatch.setattr(pygame, "init", spy)
    make_app()
    assert seen == {"x11": WM_CLASS, "wayland": WM_CLASS}
    assert WM_CLASS == "jayden-jazz"


def test_missing_library_is_a_message(monkeypatch, capsys, user_home, boxes):
    def no_numpy(argv):
        raise ModuleNotFoundError("No module named 'numpy'", name="numpy")
    monkeypatch.setattr(app_mod, "make_app", no_numpy)
    assert main(["--headless"]) == 2
    err = capsys.readouterr().err
    assert "is not installed (No module named 'numpy')" in err and "reinstall" in err


@pytest.mark.parametrize("given, used", [("99", 6), ("6", 6), ("0", 1), ("-3", 1), ("2", 2)])
def test_scale_is_brought_into_range(given, used):
    assert build_parser().parse_args(["--scale", given]).scale == used


def test_a_screenshot_that_cannot_be_written_is_a_message(capsys, user_home, tmp_path, boxes):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    status = main(["--headless", "--frames", "2", "--screenshot", str(blocker / "shot.png")])
    err = capsys.readouterr().err
    assert status == 2
    assert err.startswith(f"jayden-jazz: Could not save the screenshot to {blocker / 'shot.png'}")
    assert "Traceback" not in err
