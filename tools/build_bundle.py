"""Build the standalone JaydenJazz application with PyInstaller (one folder).

    pip install -e ".[bundle]"          # PyInstaller: needed to build, not to play
    python tools/build_bundle.py        # -> dist/JaydenJazz/ (and dist/JaydenJazz.app on macOS)
    python tools/build_bundle.py --out /tmp/jj --work /tmp/jj-build

The bundle holds Python, pygame-ce, numpy, PyYAML, numba and llvmlite (Hard's
compiled card search; ``--python-search`` leaves them out), the game, ``assets/``
and the shipped card packs; the data lands in ``_internal/jayden_jazz/_data/``,
where ``jayden_jazz.paths`` looks first in a frozen program. It is windowed
(no console on Windows and macOS) and runs on the platform it was built on:
build on Windows for Windows, on macOS for macOS.

The icon files PyInstaller wants (``.ico``/``.icns``) are written here from
the PNGs in ``assets/icon/``; both formats can hold PNG data as it is, so no
image library is needed.
"""

from __future__ import annotations

import argparse
import os
import shutil
import struct
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from jayden_jazz import paths  # noqa: E402

NAME = "JaydenJazz"
ENTRY = ROOT / "tools" / "bundle_entry.py"

#: Never imported by the game; leaving them out saves build time and size.
EXCLUDES = (
    "tkinter", "_tkinter", "turtle", "turtledemo", "idlelib", "test", "lib2to3", "pydoc_data",
    "unittest", "doctest", "pdb", "xmlrpc", "sqlite3", "ensurepip", "venv", "distutils",
    "setuptools", "pkg_resources", "pip", "wheel",
    "pytest", "_pytest", "hypothesis", "IPython", "jedi", "matplotlib", "PIL", "scipy", "pandas",
    "numpy.f2py", "numpy.distutils", "numpy.testing", "numpy.tests",
)

#: Left out by ``--python-search``: Hard's compiled card search (numba and the LLVM it
#: drives, about 175 MiB of the folder's 300). Without them the bundle's Hard plays the
#: same search in Python, several times slower on the first cards.
COMPILED_SEARCH = ("numba", "llvmlite")

#: Hooks of our own. The compiled search's modules go in as source files, not into the
#: archive: numba keeps a function's compiled code in a folder of our choosing (the
#: player's cache folder, which bundle_entry.py names) only when its module is a file.
HOOKS = ROOT / "tools" / "bundle_hooks"

#: .icns element types that may hold PNG data, by edge length in pixels.
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08",
              512: b"ic09", 1024: b"ic10"}


def write_ico(pngs: dict[int, Path], out: Path) -> Path:
    """A Windows .ico whose images are the PNGs themselves (allowed since Vista).

    Sizes above 256 px are left out: an .ico entry cannot describe them.
    """
    items = [(s, Path(p).read_bytes()) for s, p in sorted(pngs.items()) if 0 < s <= 256]
    if not items:
        raise ValueError("no icon PNG of 256 px or less")
    head = struct.pack("<HHH", 0, 1, len(items))
    offset = 6 + 16 * len(items)
    directory = b""
    for size, data in items:
        edge = 0 if size == 256 else size            # 0 means 256 in the directory
        directory += struct.pack("<BBBBHHII", edge, edge, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(head + directory + b"".join(d for _, d in items))
    return out


def write_icns(pngs: dict[int, Path], out: Path) -> Path:
    """A macOS .icns made of PNG elements (sizes without an element type are skipped)."""
    body = b""
    for size, p in sorted(pngs.items()):
        kind = ICNS_TYPES.get(size)
        if kind:
            data = Path(p).read_bytes()
            body += kind + struct.pack(">I", 8 + len(data)) + data
    if not body:
        raise ValueError("no icon PNG of a size .icns can hold")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(b"icns" + struct.pack(">I", 8 + len(body)) + body)
    return out


def platform_icon(work: Path, platform: str | None = None) -> Path | None:
    """The icon file PyInstaller embeds on this platform; None on Linux or without PNGs.

    Linux executables carry no icon: there the menu entry supplies it
    (tools/install_desktop_entry.py) and the window sets its own at start.
    """
    platform = platform or sys.platform
    pngs = paths.icon_pngs()
    if not pngs:
        return None
    if platform.startswith("win"):
        return write_ico(pngs, work / f"{NAME}.ico")
    if platform == "darwin":
        return write_icns(pngs, work / f"{NAME}.icns")
    return None


def pyinstaller_args(out: Path, work: Path, icon: Path | None, *, compiled: bool = True) -> list[str]:
    sep = os.pathsep               # the --add-data separator every PyInstaller 6 accepts
    args = [
        "--noconfirm", "--log-level", "WARN",
        "--name", NAME, "--onedir", "--windowed",
        "--distpath", str(out), "--workpath", str(work), "--specpath", str(work),
        "--paths", str(ROOT),
        # scenes and AI requests are imported by name, which analysis cannot see
        "--collect-submodules", "jayden_jazz",
        "--additional-hooks-dir", str(HOOKS),
        "--add-data", f"{paths.shipped_dir('assets')}{sep}jayden_jazz/_data/assets",
        "--add-data", f"{paths.shipped_dir('cards')}{sep}jayden_jazz/_data/cards",
    ]
    for mod in EXCLUDES + (() if compiled else COMPILED_SEARCH):
        args += ["--exclude-module", mod]
    if icon is not None:
        args += ["--icon", str(icon)]
    return args + [str(ENTRY)]


def executable(out: Path, platform: str | None = None) -> Path:
    """What the player double-clicks."""
    platform = platform or sys.platform
    if platform == "darwin":
        return out / f"{NAME}.app"
    if platform.startswith("win"):
        return out / NAME / f"{NAME}.exe"
    return out / NAME / NAME


def program(out: Path, platform: str | None = None) -> Path:
    """The executable file itself (inside the .app on macOS), for scripts and tests."""
    platform = platform or sys.platform
    if platform == "darwin":
        return out / f"{NAME}.app" / "Contents" / "MacOS" / NAME
    return executable(out, platform)


def build(out: Path, work: Path, *, quiet: bool = False, compiled: bool = True) -> Path:
    """Run PyInstaller; returns the program path. Raises RuntimeError when it fails."""
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        raise RuntimeError("PyInstaller is not installed: pip install -e \".[bundle]\"") from None
    work.mkdir(parents=True, exist_ok=True)
    icon = platform_icon(work)
    cmd = [sys.executable, "-m", "PyInstaller", *pyinstaller_args(out, work, icon, compiled=compiled)]
    r = subprocess.run(cmd, cwd=str(work), text=True,
                       stdout=subprocess.PIPE if quiet else None,
                       stderr=subprocess.STDOUT if quiet else None)
    if r.returncode != 0:
        tail = "\n".join((r.stdout or "").splitlines()[-30:])
        raise RuntimeError(f"PyInstaller failed (exit {r.returncode})\n{tail}")
    exe = program(out)
    if not exe.exists():
        raise RuntimeError(f"PyInstaller finished but {exe} is missing")
    return exe


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="Build the one-folder JaydenJazz application.")
    p.add_argument("--out", type=Path, default=ROOT / "dist", metavar="DIR",
                   help="where the JaydenJazz folder goes (default: dist/)")
    p.add_argument("--work", type=Path, default=ROOT / "build" / "bundle", metavar="DIR",
                   help="PyInstaller's scratch folder (default: build/bundle/)")
    p.add_argument("--clean", action="store_true", help="empty the scratch folder first")
    p.add_argument("--python-search", action="store_true",
                   help="leave out Hard's compiled card search (numba): a folder of about 120 MiB "
                        "instead of 300, whose Hard plays the slower Python search")
    args = p.parse_args(argv)
    out, work = args.out.absolute(), args.work.absolute()
    if args.clean and work.exists():
        shutil.rmtree(work)
    t0 = time.perf_counter()
    try:
        exe = build(out, work, compiled=not args.python_search)
    except RuntimeError as e:
        print(f"build_bundle: {e}", file=sys.stderr)
        return 1
    secs = time.perf_counter() - t0
    size = folder_size(out / NAME) / 2**20
    print(f"built {executable(out)} in {secs:.0f} s ({size:.0f} MiB)")
    print(f"start it with a double-click, or: {exe}")
    if not args.python_search:
        print(f"compile Hard's card search ahead of the first game (optional): {exe} prepare")
    return 0


if __name__ == "__main__":
    sys.exit(main())
