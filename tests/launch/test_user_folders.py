"""Where the player's settings, saves and card packs live, per platform."""

from pathlib import Path

import pytest

from jayden_jazz import paths
from jayden_jazz.paths import UserDirs, user_dirs

HOME = Path("/home/ann")


def test_linux_defaults_without_xdg_vars():
    d = user_dirs("linux", {}, HOME)
    assert d.config == HOME / ".config" / "jayden-jazz"
    assert d.data == HOME / ".local" / "share" / "jayden-jazz"
    assert d.settings_file == HOME / ".config" / "jayden-jazz" / "settings.yaml"
    assert d.saves == HOME / ".local" / "share" / "jayden-jazz" / "saves"
    assert d.cards == HOME / ".local" / "share" / "jayden-jazz" / "cards"


def test_linux_honours_xdg_vars():
    env = {"XDG_CONFIG_HOME": "/cfg", "XDG_DATA_HOME": "/data"}
    d = user_dirs("linux", env, HOME)
    assert d == UserDirs(Path("/cfg/jayden-jazz"), Path("/data/jayden-jazz"))


@pytest.mark.parametrize("value", ["", "relative/dir"])
def test_linux_ignores_empty_or_relative_xdg_vars(value):
    # The XDG spec: a relative path is invalid and must be ignored.
    d = user_dirs("linux", {"XDG_CONFIG_HOME": value, "XDG_DATA_HOME": value}, HOME)
    assert d == UserDirs(HOME / ".config" / "jayden-jazz", HOME / ".local" / "share" / "jayden-jazz")


def test_other_unix_follows_xdg_too():
    d = user_dirs("freebsd14", {"XDG_DATA_HOME": "/d"}, HOME)
    assert d.data == Path("/d/jayden-jazz") and d.config == HOME / ".config" / "jayden-jazz"


def test_home_comes_from_the_environment_when_not_given():
    d = user_dirs("linux", {"HOME": "/home/bob"})
    assert d.config == Path("/home/bob/.config/jayden-jazz")


def test_macos_application_support_ignores_xdg():
    env = {"XDG_CONFIG_HOME": "/cfg", "XDG_DATA_HOME": "/data", "HOME": "/Users/ann"}
    d = user_dirs("darwin", env)
    base = Path("/Users/ann/Library/Application Support/JaydenJazz")
    assert d == UserDirs(base, base)
    assert d.saves == base / "saves" and d.cards == base / "cards"


def test_windows_uses_appdata():
    d = user_dirs("win32", {"APPDATA": r"C:\Users\ann\AppData\Roaming", "USERPROFILE": r"C:\Users\ann"})
    base = Path(r"C:\Users\ann\AppData\Roaming") / "JaydenJazz"
    assert d == UserDirs(base, base)
    assert d.settings_file == base / "settings.yaml"


def test_windows_without_appdata_falls_back_to_the_profile():
    d = user_dirs("win32", {"USERPROFILE": "/profiles/ann", "HOME": "/msys/home/ann"})
    # USERPROFILE beats HOME on Windows (HOME is often set by Git Bash/MSYS).
    assert d.data == Path("/profiles/ann/AppData/Roaming/JaydenJazz")
    assert user_dirs("win32", {}, Path("/p")).config == Path("/p/AppData/Roaming/JaydenJazz")


@pytest.mark.parametrize("platform", ["linux", "darwin", "win32"])
def test_override_puts_everything_in_one_folder(platform):
    env = {"JAYDEN_JAZZ_HOME": "/portable/jj", "APPDATA": "/appdata", "XDG_DATA_HOME": "/data"}
    d = user_dirs(platform, env, HOME)
    assert d == UserDirs(Path("/portable/jj"), Path("/portable/jj"))
    assert d.cards == Path("/portable/jj/cards")


def test_override_expands_tilde():
    d = user_dirs("linux", {"JAYDEN_JAZZ_HOME": "~/jj"}, HOME)
    assert d.config == Path("~/jj").expanduser()


def test_real_environment_is_read_by_default(monkeypatch, tmp_path):
    monkeypatch.setenv("JAYDEN_JAZZ_HOME", str(tmp_path / "h"))
    assert paths.user_dirs().settings_file == tmp_path / "h" / "settings.yaml"


def test_the_app_keeps_its_settings_in_the_player_folder(make_app, user_home):
    app = make_app()
    assert app.dirs.settings_file == user_home / "settings.yaml"
    assert app.settings.path == user_home / "settings.yaml"


@pytest.mark.parametrize("value", ["portable", "./jj", "jj/home"])
def test_a_relative_override_is_ignored_like_relative_xdg_paths(value):
    """A relative folder would change with where the game was started from."""
    d = user_dirs("linux", {"JAYDEN_JAZZ_HOME": value, "XDG_DATA_HOME": "/data"}, HOME)
    assert d.data == Path("/data/jayden-jazz") and d.config == HOME / ".config" / "jayden-jazz"


def test_the_cache_folder_per_platform():
    assert paths.cache_dir("linux", {}, HOME) == HOME / ".cache" / "jayden-jazz"
    assert paths.cache_dir("linux", {"XDG_CACHE_HOME": "/c"}, HOME) == Path("/c/jayden-jazz")
    assert paths.cache_dir("linux", {"XDG_CACHE_HOME": "rel"}, HOME) == HOME / ".cache" / "jayden-jazz"
    assert paths.cache_dir("darwin", {}, HOME) == HOME / "Library" / "Caches" / "JaydenJazz"
    assert paths.cache_dir("win32", {"LOCALAPPDATA": "/L"}, HOME) == Path("/L/JaydenJazz/Cache")
    assert paths.cache_dir("linux", {"JAYDEN_JAZZ_HOME": "/p"}, HOME) == Path("/p/cache")
