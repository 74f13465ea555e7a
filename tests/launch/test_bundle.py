"""The standalone JaydenJazz bundle: built with PyInstaller, started like a player would.

Slow (one PyInstaller build, ~20-40 s on 2 cores); skipped only when
PyInstaller is not importable (install the ``bundle`` extra).
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from tests.launch.launch_tools import load_tool

pytestmark = pytest.mark.slow

try:
    import PyInstaller  # noqa: F401
except ImportError:
    pytest.skip("PyInstaller is not installed (pip install -e \".[bundle]\")", allow_module_level=True)

bb = load_tool("build_bundle")


@pytest.fixture(scope="module")
def bundle(tmp_path_factory):
    base = tmp_path_factory.mktemp("bundle")
    exe = bb.build(base / "dist", base / "work", quiet=True)
    return base / "dist", exe


def run(exe: Path, *args: str, home: Path, cwd: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env["JAYDEN_JAZZ_HOME"] = str(home)
    return subprocess.run([str(exe), *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=120)


def test_bundle_layout(bundle):
    dist, exe = bundle
    assert exe == bb.program(dist) and os.access(exe, os.X_OK)
    assert exe.name.startswith("JaydenJazz")
    internal = dist / "JaydenJazz" / "_internal"
    data = internal / "jayden_jazz" / "_data"
    assert (data / "assets" / "font" / "ega8x14.txt").is_file()
    assert (data / "cards" / "default" / "default.yaml").is_file()
    assert sorted(p.name for p in (data / "assets" / "icon").glob("*.png"))
    assert not list(internal.rglob("_tkinter*")) and not (internal / "tcl").exists()


def test_bundle_starts_and_draws_the_title(bundle, tmp_path):
    dist, exe = bundle
    shot = tmp_path / "shot.png"
    r = run(exe, "--headless", "--frames", "30", "--screenshot", str(shot), home=tmp_path / "h", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert pygame.image.load(str(shot)).get_size() == (640, 350)


@pytest.mark.skipif(sys.platform != "linux", reason="a windowed bundle has no stdout on Windows/macOS")
def test_bundle_version(bundle, tmp_path):
    r = run(bundle[1], "--version", home=tmp_path, cwd=tmp_path)
    assert r.returncode == 0 and r.stdout.startswith("Jayden & Jazz ")


def test_bundle_reads_only_its_own_data(bundle, tmp_path):
    """Without its _data the bundle must say so (not quietly use a source checkout)."""
    dist, exe = bundle
    copy = tmp_path / "copy"
    shutil.copytree(dist / "JaydenJazz", copy / "JaydenJazz", symlinks=True)
    shutil.rmtree(copy / "JaydenJazz" / "_internal" / "jayden_jazz" / "_data" / "assets")
    r = run(copy / "JaydenJazz" / exe.name, "--headless", "--frames", "5", home=tmp_path / "h", cwd=Path(__file__).resolve().parents[2])
    assert r.returncode == 2
    assert "A required file is missing" in r.stderr and "Traceback" not in r.stderr
