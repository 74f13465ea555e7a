"""tools/install_desktop_entry.py: the menu entry and icons, installed and removed."""

import configparser
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from jayden_jazz import paths
from jayden_jazz.app import WM_CLASS
from tests.launch.launch_tools import load_tool, make_png

de = load_tool("install_desktop_entry")


def read_entry(path: Path) -> dict[str, str]:
    cp = configparser.ConfigParser(interpolation=None, delimiters=("=",))
    cp.optionxform = str
    cp.read(path, encoding="utf-8")
    return dict(cp["Desktop Entry"])


def all_files(root: Path) -> set[Path]:
    return {p for p in root.rglob("*") if p.is_file()}


@pytest.fixture
def icons(tmp_path):
    d = tmp_path / "icons-src"
    for s, c in ((16, (255, 0, 0)), (32, (0, 255, 0)), (48, (0, 0, 255))):
        make_png(d / f"any_name_{s}.png", s, colour=c)
    return d


def test_entry_has_the_keys_a_menu_needs(tmp_path, icons):
    prefix = tmp_path / "share"
    written = de.install(prefix, ["/opt/jj/bin/jayden-jazz"], icon_dir=icons)
    entry = prefix / "applications" / "jayden-jazz.desktop"
    assert entry in written
    e = read_entry(entry)
    assert e["Type"] == "Application"
    assert e["Name"] == "Jayden & Jazz"
    assert "Jayden" in e["Comment"] and "Card Game" in e["Comment"]
    assert e["Exec"] == "/opt/jj/bin/jayden-jazz"
    assert e["TryExec"] == "/opt/jj/bin/jayden-jazz"
    assert e["Icon"] == "jayden-jazz"
    assert e["Terminal"] == "false"
    assert e["Categories"] == "Game;BoardGame;CardGame;StrategyGame;"
    assert e["StartupWMClass"] == WM_CLASS == "jayden-jazz"
    assert entry.stem == WM_CLASS                   # Wayland matches app_id to the file name


def test_icons_land_in_hicolor_sizes(tmp_path, icons):
    prefix = tmp_path / "share"
    de.install(prefix, ["/x/jayden-jazz"], icon_dir=icons)
    for s in (16, 32, 48):
        dst = prefix / "icons" / "hicolor" / f"{s}x{s}" / "apps" / "jayden-jazz.png"
        assert dst.read_bytes() == (icons / f"any_name_{s}.png").read_bytes()
    assert sorted(p.parent.parent.name for p in (prefix / "icons").rglob("*.png")) == [
        "16x16", "32x32", "48x48"]


def test_no_icons_means_no_icon_key(tmp_path):
    prefix = tmp_path / "share"
    written = de.install(prefix, ["/x/jayden-jazz"], icon_dir=tmp_path / "none")
    assert written == [prefix / "applications" / "jayden-jazz.desktop"]
    assert "Icon" not in read_entry(written[0])


def test_uninstall_removes_exactly_what_install_wrote(tmp_path, icons):
    prefix = tmp_path / "share"
    others = [prefix / "applications" / "other.desktop",
              prefix / "applications" / "mimeapps.list",
              prefix / "icons" / "hicolor" / "16x16" / "apps" / "other.png",
              prefix / "icons" / "hicolor" / "48x48" / "apps" / "jayden-jazz.svg",
              prefix / "icons" / "Adwaita" / "16x16" / "apps" / "jayden-jazz.png"]
    for p in others:
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text("keep me")
    before = all_files(prefix)
    written = de.install(prefix, ["/x/jayden-jazz"], icon_dir=icons)
    # an icon size from an older install that the current icon set no longer has
    old = prefix / "icons" / "hicolor" / "512x512" / "apps" / "jayden-jazz.png"
    make_png(old, 8)
    assert all_files(prefix) == before | set(written) | {old}
    removed = de.uninstall(prefix)
    assert set(removed) == set(written) | {old}
    assert all_files(prefix) == before
    assert de.uninstall(prefix) == []                # a second run finds nothing


def test_cli_install_and_uninstall_with_prefix(tmp_path, capsys):
    prefix = tmp_path / "p"
    bundle = tmp_path / "dist" / "JaydenJazz"
    bundle.parent.mkdir()
    bundle.write_text("")
    assert de.main(["--prefix", str(prefix), "--exec", str(bundle)]) == 0
    entry = prefix / "applications" / "jayden-jazz.desktop"
    assert read_entry(entry)["Exec"] == str(bundle)
    shipped = paths.icon_pngs()
    for s in shipped:
        assert (prefix / "icons" / "hicolor" / f"{s}x{s}" / "apps" / "jayden-jazz.png").is_file()
    assert f"wrote {entry}" in capsys.readouterr().out
    assert de.main(["--prefix", str(prefix), "--uninstall"]) == 0
    assert all_files(prefix) == set()
    assert f"removed {entry}" in capsys.readouterr().out


def test_cli_rejects_a_missing_exec(tmp_path, capsys):
    assert de.main(["--prefix", str(tmp_path), "--exec", str(tmp_path / "nope")]) == 2
    assert "is not a file" in capsys.readouterr().err
    assert all_files(tmp_path) == set()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG menus are a Linux thing")
def test_cli_honours_xdg_data_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert de.main([]) == 0
    assert (tmp_path / "xdg" / "applications" / "jayden-jazz.desktop").is_file()
    assert de.main(["--uninstall"]) == 0
    assert not (tmp_path / "xdg" / "applications" / "jayden-jazz.desktop").exists()


def test_data_home_rules(tmp_path):
    assert de.data_home({"XDG_DATA_HOME": "/d", "HOME": "/h"}) == Path("/d")
    assert de.data_home({"XDG_DATA_HOME": "rel", "HOME": "/h"}) == Path("/h/.local/share")
    assert de.data_home({"HOME": "/h"}) == Path("/h/.local/share")


def test_launcher_next_to_the_interpreter_wins(tmp_path, monkeypatch):
    bindir = tmp_path / "venv" / "bin"
    bindir.mkdir(parents=True)
    launcher = bindir / ("jayden-jazz.exe" if os.name == "nt" else "jayden-jazz")
    launcher.write_text("#!/bin/sh\n")
    launcher.chmod(0o755)
    monkeypatch.setattr(sys, "executable", str(bindir / "python"))
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    assert de.find_launcher() == [str(launcher)]


def test_without_a_launcher_python_m_is_used(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "executable", str(tmp_path / "bin" / "python3"))
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    assert de.find_launcher() == [str(tmp_path / "bin" / "python3"), "-m", "jayden_jazz"]
    text = de.entry_text(de.find_launcher(), "jayden-jazz")
    assert f"Exec={tmp_path / 'bin' / 'python3'} -m jayden_jazz\n" in text


@pytest.mark.parametrize("arg, quoted", [
    ("/usr/bin/jayden-jazz", "/usr/bin/jayden-jazz"),
    ("/opt/My Games/jj", '"/opt/My Games/jj"'),
    ("/a$b", '"/a\\$b"'),
    ('/say"hi"', '"/say\\"hi\\""'),
    ("/100%", "/100%%"),
    ("C:\\Games\\jj", '"C:\\\\Games\\\\jj"'),
])
def test_exec_arguments_are_quoted_by_the_spec(arg, quoted):
    assert de.quote_exec_arg(arg) == quoted


def test_backslashes_get_the_string_escape_on_top():
    text = de.entry_text(["C:\\Games\\jj"], None)
    # quoting doubles the backslash, the string escape doubles it again: four in the file
    assert 'Exec="C:\\\\\\\\Games\\\\\\\\jj"\n' in text


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None,
                    reason="desktop-file-validate (desktop-file-utils) is not installed")
def test_entry_passes_desktop_file_validate(tmp_path, icons):
    prefix = tmp_path / "share"
    de.install(prefix, ["/opt/My Games/jayden-jazz"], icon_dir=icons)
    r = subprocess.run(["desktop-file-validate", str(prefix / "applications" / "jayden-jazz.desktop")],
                       capture_output=True, text=True)
    assert r.returncode == 0 and not r.stdout.strip(), r.stdout + r.stderr
