"""The ``jayden-jazz`` launcher: declared as a gui-script, and it starts the game."""

import os
import shutil
import subprocess
import sys
import tomllib
from importlib import import_module
from pathlib import Path

import pygame
import pytest

from jayden_jazz import app as app_mod
from tests.launch.launch_tools import ROOT, png_size


def pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_launcher_is_a_gui_script_pointing_at_main():
    project = pyproject()["project"]
    # gui-scripts get a windowed launcher on Windows (pythonw, no console)
    assert project["gui-scripts"]["jayden-jazz"] == "jayden_jazz.app:main"
    assert "jayden-jazz" not in project.get("scripts", {})
    module, _, attr = project["gui-scripts"]["jayden-jazz"].partition(":")
    assert getattr(import_module(module), attr) is app_mod.main


def test_pyinstaller_is_a_build_extra_only():
    project = pyproject()["project"]
    assert any(d.lower().startswith("pyinstaller") for d in project["optional-dependencies"]["bundle"])
    assert not any("pyinstaller" in d.lower() for d in project["dependencies"])


def run_headless(cmd: list[str], tmp_path: Path, extra_env: dict | None = None) -> Path:
    shot = tmp_path / "shot.png"
    env = dict(os.environ, JAYDEN_JAZZ_HOME=str(tmp_path / "home"), **(extra_env or {}))
    r = subprocess.run([*cmd, "--headless", "--frames", "30", "--screenshot", str(shot)],
                       cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return shot


def test_what_the_launcher_runs_starts_the_game(tmp_path):
    # pip's generated launcher is exactly: import main from the entry point, exit with its result
    code = "import sys; from jayden_jazz.app import main; sys.exit(main())"
    shot = run_headless([sys.executable, "-c", code], tmp_path,
                        {"PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))})
    assert png_size(shot) == (640, 350)


def installed_launcher() -> str | None:
    here = Path(sys.executable).parent
    return shutil.which("jayden-jazz", path=os.pathsep.join([str(here), str(here / "Scripts")]))


@pytest.mark.skipif(installed_launcher() is None,
                    reason="jayden-jazz is not installed next to this Python (pip install -e .)")
def test_installed_launcher_starts_the_game(tmp_path):
    shot = run_headless([installed_launcher()], tmp_path)
    img = pygame.image.load(str(shot))
    assert img.get_size() == (640, 350)
