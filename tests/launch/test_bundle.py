"""The standalone JaydenJazz bundle: built with PyInstaller, started like a player would.

Slow (one PyInstaller build, ~30-40 s on 2 cores, and one compile of the card
search, ~20 s); skipped only when PyInstaller is not importable (install the
``bundle`` extra).
"""

import importlib.util
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


def run(exe: Path, *args: str, home: Path, cwd: Path, **more: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "NUMBA_CACHE_DIR", "JAYDEN_JAZZ_NO_JIT")}
    env["JAYDEN_JAZZ_HOME"] = str(home)
    env.update(more)
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


#: numba in the environment the bundle was built from: then the bundle must carry it
NUMBA = importlib.util.find_spec("numba") is not None


@pytest.mark.skipif(not NUMBA, reason="numba has no wheel here: the bundle plays the Python search")
def test_bundle_compiles_the_card_search_into_the_players_cache(bundle, tmp_path):
    """Hard's compiled search works frozen: it compiles, then loads from the player's cache
    folder (never from or into the program's own), and agrees with the Python search."""
    dist, exe = bundle
    home = tmp_path / "h"
    first = run(exe, "prepare", home=home, cwd=tmp_path)
    assert first.returncode == 0, first.stdout + first.stderr
    assert "The compiled card search is ready: compiled in" in first.stdout
    assert "It agrees with the Python search on 12 positions" in first.stdout
    cached = list((home / "cache" / "search").rglob("*.nbi"))
    assert cached, "numba's index files belong in the player's cache folder"
    again = run(exe, "prepare", "--no-check", home=home, cwd=tmp_path)
    assert again.returncode == 0 and "loaded from numba's cache" in again.stdout, again.stdout + again.stderr
    internal = dist / "JaydenJazz" / "_internal"
    assert not list(internal.rglob("*.nbi")) and not list(internal.rglob("*.nbc"))
    if sys.platform == "linux":         # (a windowed bundle has no stdout elsewhere)
        told = run(exe, "--help", home=home, cwd=tmp_path).stdout
        assert f"card search  {home / 'cache' / 'search'}" in told
    off = run(exe, "prepare", home=home, cwd=tmp_path, JAYDEN_JAZZ_NO_JIT="1")
    assert off.returncode == 1 and "JAYDEN_JAZZ_NO_JIT is set" in off.stdout


@pytest.mark.skipif(not NUMBA, reason="numba has no wheel here: the bundle plays the Python search")
def test_the_bundles_ai_worker_starts_the_compiled_search(bundle, tmp_path):
    """A game against the computer starts the frozen worker, which starts compiling at once
    (into the player's cache folder) while the player picks cards."""
    dist, exe = bundle
    home = tmp_path / "h"
    r = run(exe, "--headless", "--scene", "cards", "--keys", "RETURN CTRL+R WAIT RETURN WAIT",
            "--frames", "6000", home=home, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "the compiled search is off" not in r.stderr
    assert (home / "cache" / "search").is_dir()


def test_a_bundle_without_the_compiled_search_leaves_numba_out(tmp_path):
    args = bb.pyinstaller_args(tmp_path / "d", tmp_path / "w", None, compiled=False)
    excluded = {args[i + 1] for i, a in enumerate(args) if a == "--exclude-module"}
    assert {"numba", "llvmlite"} <= excluded
    full = bb.pyinstaller_args(tmp_path / "d", tmp_path / "w", None)
    assert not {"numba", "llvmlite"} & {full[i + 1] for i, a in enumerate(full) if a == "--exclude-module"}
    assert str(bb.HOOKS) in full and (bb.HOOKS / "hook-jayden_jazz.ai.cards.jit.py").is_file()
