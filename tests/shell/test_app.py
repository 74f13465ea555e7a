import subprocess
import sys

import pygame
import pytest

from jayden_jazz.app import build_parser, main, parse_script
from jayden_jazz.scenes.instructions import InstructionsScene
from jayden_jazz.scenes.options import OptionsScene
from jayden_jazz.scenes.title import TitleScene
from tests.helpers import assert_ega_only, click, pixel, press, step


def test_title_menu_answers_keys(make_app):
    app = make_app()
    title = app.stack.top
    assert isinstance(title, TitleScene)
    labels = [i.label for i in title.menu.items]
    press(app, *["DOWN"] * (labels.index("Instructions") - title.menu.index))
    assert title.menu.current.label == "Instructions"
    press(app, "RETURN")
    assert isinstance(app.stack.top, InstructionsScene)
    press(app, "ESC")
    assert app.stack.top is title


def test_title_menu_answers_mouse(make_app):
    app = make_app()
    title = app.stack.top
    r = title.menu.rect
    n = [i.label for i in title.menu.items].index("Options")
    click(app, r.x + 20, r.y + n * 16 + 5)
    assert isinstance(app.stack.top, OptionsScene)


def test_a_menu_does_not_follow_a_resting_pointer(make_app):
    """The window opening under the pointer reports its place with no motion (rel 0, 0): the menu
    keeps its selection; a real movement (or a click) still moves it."""
    app = make_app()
    title = app.stack.top
    start = title.menu.index
    r = title.menu.rect
    n = [i.label for i in title.menu.items].index("Options")
    vp = app.display.viewport
    x, y = r.x + 20, r.y + n * 16 + 5
    wpos = (vp.x + int((x + 0.5) * vp.w / 640), vp.y + int((y + 0.5) * vp.h / 350))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=wpos, rel=(0, 0), buttons=(0, 0, 0)))
    step(app, 2)
    assert title.menu.index == start != n
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=wpos, rel=(2, 0), buttons=(0, 0, 0)))
    step(app, 2)
    assert title.menu.index == n


def test_quit_entry_asks_then_stops_the_loop(make_app):
    app = make_app()
    press(app, "ESC", "RETURN")                  # Esc points at Quit, which asks first
    assert app.stack.top.title == "Quit" and app.stack.top.menu.current.label == "No"
    press(app, "RETURN")                         # No is the default
    assert app.running is not False
    press(app, "ESC", "RETURN", "DOWN", "RETURN")
    assert app.running is False


def test_options_persist_across_restart(make_app, user_home):
    app = make_app("--scene", "options")
    opts = app.stack.top
    assert app.settings["mute"] is False
    press(app, "DOWN", "DOWN", "DOWN", "RIGHT")  # Sound: On -> Muted
    assert app.settings["mute"] is True
    assert (user_home / "settings.yaml").exists()
    del opts
    app2 = make_app()
    assert app2.settings["mute"] is True


def test_broken_settings_show_notice_on_title(make_app, user_home):
    user_home.mkdir(parents=True)
    (user_home / "settings.yaml").write_text("scale: [oops\n")
    app = make_app()
    step(app, 2)
    top = app.stack.top
    assert top.title == "Notice" and "not valid YAML" in " ".join(top.lines)
    assert (user_home / "settings.yaml.bak").exists()
    press(app, "RETURN")
    assert isinstance(app.stack.top, TitleScene)


def test_instructions_scroll_and_switch_topics(make_app):
    app = make_app("--scene", "instructions")
    ins = app.stack.top
    assert len(ins.views[0].lines) > ins.views[0].rows     # real text, longer than a screen
    press(app, "PGDN")
    assert ins.view.top == ins.view.rows
    press(app, "END")
    assert ins.view.top == ins.view.max_top
    press(app, "HOME")
    assert ins.view.top == 0
    press(app, "RIGHT")
    assert ins.topic == 1


def test_screenshot_flag_writes_ega_png(tmp_path, user_home):
    out = tmp_path / "shot.png"
    assert main(["--headless", "--frames", "10", "--screenshot", str(out)]) == 0
    img = pygame.image.load(str(out))
    assert img.get_size() == (640, 350)
    assert_ega_only(img)
    assert pixel(img, 320, 2) in (0, 7, 8, 15)


def test_keys_flag_drives_the_scene(tmp_path, user_home):
    from jayden_jazz.scenes.title import ENTRIES

    out = tmp_path / "opt.png"
    shown = [value for _, value in ENTRIES if value != "continue"]   # nothing to continue in a new home
    keys = " ".join(["DOWN"] * shown.index("options") + ["RETURN"])
    assert main(["--headless", "--frames", "40", "--keys", keys, "--screenshot", str(out)]) == 0
    img = pygame.image.load(str(out))
    # Options window: its blue fill at the centre of the frame
    assert pixel(img, 320, 60) == 1


def test_parse_script_tokens():
    assert parse_script("WAIT CLICK:3,4")[1] == ("mouse", (1, 3, 4))
    with pytest.raises(ValueError):
        parse_script("CLICK:nope")
    import pygame
    assert parse_script("CTRL+R ctrl+a")[0] == ("ctrl", (pygame.K_r, "\x12"))    # as SDL types Ctrl+R
    assert parse_script("CTRL+R ctrl+a")[1] == ("ctrl", (pygame.K_a, "\x01"))


def test_help_lists_every_flag(capsys):
    text = build_parser().format_help()
    for flag in ("--headless", "--frames", "--scene", "--keys", "--screenshot", "--cards", "--version"):
        assert flag in text


def test_help_names_every_folder_of_the_player(user_home):
    text = " ".join(build_parser().format_help().split())
    for folder in ("settings.yaml", "saves", "cards", str(user_home / "cache" / "zips")):
        assert folder in text


def test_bad_scene_name_is_a_clear_error(capsys, user_home):
    assert main(["--headless", "--scene", "nope"]) == 2
    assert "Unknown scene" in capsys.readouterr().err


def test_module_entry_point_version():
    r = subprocess.run([sys.executable, "-m", "jayden_jazz", "--version"], capture_output=True, text=True)
    assert r.returncode == 0 and "Jayden & Jazz" in r.stdout


def test_a_headless_screenshot_without_frames_ends_after_the_script(tmp_path, user_home):
    """The README's screenshot command needs no --frames: the run settles, then stops."""
    from jayden_jazz.app import SCREENSHOT_SETTLE_FRAMES, make_app as build

    shot = tmp_path / "shot.png"
    app = build(["--headless", "--scene", "jayden", "--keys", "RETURN WAIT", "--screenshot", str(shot)])
    assert app.run(screenshot=shot) == 0
    assert shot.is_file()
    assert SCREENSHOT_SETTLE_FRAMES <= app.frame < SCREENSHOT_SETTLE_FRAMES + 40
