"""Put Jayden & Jazz in the Linux desktop's application menu (freedesktop).

Writes, for the current user only:

- ``$XDG_DATA_HOME/applications/jayden-jazz.desktop`` (the menu entry), and
- ``$XDG_DATA_HOME/icons/hicolor/NxN/apps/jayden-jazz.png`` for each icon size
  found in ``assets/icon/``;

``--uninstall`` removes exactly those files (the entry and any
``jayden-jazz.png`` in the hicolor theme) and nothing else. ``--prefix DIR``
writes under DIR instead of ``$XDG_DATA_HOME`` (tests, staging).

Usage, from an environment where the game is installed::

    python tools/install_desktop_entry.py               # install
    python tools/install_desktop_entry.py --uninstall
    python tools/install_desktop_entry.py --exec dist/JaydenJazz/JaydenJazz   # a bundle

The entry's ``StartupWMClass`` equals the window class the game sets
(``jayden_jazz.app.WM_CLASS``) and the file is named after it, so docks on
X11 and Wayland group the running window under this entry's icon.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from pathlib import Path

try:
    import jayden_jazz  # noqa: F401
except ImportError:      # run from a source checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jayden_jazz import paths  # noqa: E402
from jayden_jazz.app import WM_CLASS  # noqa: E402

APP_ID = WM_CLASS                      # "jayden-jazz": desktop file, icon name, window class
DESKTOP_FILE = f"{APP_ID}.desktop"
ICON_FILE = f"{APP_ID}.png"
LAUNCHER = "jayden-jazz"
CATEGORIES = "Game;BoardGame;CardGame;StrategyGame;"


def data_home(env: dict[str, str] | None = None) -> Path:
    """``$XDG_DATA_HOME`` (absolute values only, as the spec says) or ``~/.local/share``."""
    env = dict(os.environ) if env is None else env
    value = env.get("XDG_DATA_HOME", "")
    if value and Path(value).is_absolute():
        return Path(value)
    return Path(env.get("HOME") or Path.home()) / ".local" / "share"


def find_launcher() -> list[str]:
    """The command the menu entry runs, as an argument list.

    The ``jayden-jazz`` gui-script of the environment running this tool
    first (a virtual environment's ``bin`` is often not on PATH), then one on
    PATH, then ``python -m jayden_jazz`` with this interpreter.
    """
    search = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    found = shutil.which(LAUNCHER, path=search)
    if found:
        return [str(Path(found).absolute())]
    return [str(Path(sys.executable).absolute()), "-m", "jayden_jazz"]


def _escape_value(text: str) -> str:
    """Desktop-entry string escapes (spec: "Possible value types")."""
    return (text.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")
            .replace("\r", "\\r"))


_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")


def quote_exec_arg(arg: str) -> str:
    """One Exec argument: quoted when it holds reserved characters, ``%`` doubled.

    Inside quotes ``"``, `` ` ``, ``$`` and ``\\`` take a backslash; the
    general string escape (``\\`` -> ``\\\\``) is applied on top when the
    line is written, as the spec requires.
    """
    arg = arg.replace("%", "%%")
    if arg and not (set(arg) & _RESERVED):
        return arg
    inner = "".join("\\" + c if c in '"`$\\' else c for c in arg)
    return f'"{inner}"'


def entry_text(command: list[str], icon: str | None) -> str:
    """The ``.desktop`` file for ``command`` (an argument list)."""
    exec_line = " ".join(quote_exec_arg(a) for a in command)
    lines = [
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.4",
        "Name=Jayden & Jazz",
        "GenericName=Retro Strategy Games",
        "Comment=The 1989 EGA war game Jayden and the Jazz Jackrabbit Card Game",
        f"Exec={_escape_value(exec_line)}",
        f"TryExec={_escape_value(command[0])}",
    ]
    if icon:
        lines.append(f"Icon={icon}")
    lines += [
        "Terminal=false",
        f"Categories={CATEGORIES}",
        "Keywords=EGA;retro;war;cards;Triple Triad;Jazz Jackrabbit;",
        f"StartupWMClass={WM_CLASS}",
    ]
    return "\n".join(lines) + "\n"


def entry_path(prefix: Path) -> Path:
    return prefix / "applications" / DESKTOP_FILE


def icon_path(prefix: Path, size: int) -> Path:
    return prefix / "icons" / "hicolor" / f"{size}x{size}" / "apps" / ICON_FILE


def install(prefix: Path, command: list[str] | None = None,
            icon_dir: Path | None = None) -> list[Path]:
    """Write the entry and icons under ``prefix``; returns the files written."""
    command = command or find_launcher()
    written: list[Path] = []
    pngs = paths.icon_pngs(icon_dir)
    for size, src in pngs.items():
        dst = icon_path(prefix, size)
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, dst)
        written.append(dst)
    entry = entry_path(prefix)
    entry.parent.mkdir(parents=True, exist_ok=True)
    tmp = entry.with_name(entry.name + ".tmp")
    tmp.write_text(entry_text(command, APP_ID if pngs else None), encoding="utf-8")
    tmp.chmod(0o755)             # some desktops only trust executable entries
    os.replace(tmp, entry)
    written.append(entry)
    return written


def installed_files(prefix: Path) -> list[Path]:
    """Every file ``install`` may have written under ``prefix`` (any icon size)."""
    found = sorted((prefix / "icons" / "hicolor").glob(f"*/apps/{ICON_FILE}"))
    found = [p for p in found if p.is_file() or p.is_symlink()]
    entry = entry_path(prefix)
    if entry.is_file() or entry.is_symlink():
        found.append(entry)
    return found


def uninstall(prefix: Path) -> list[Path]:
    """Remove exactly what ``install`` writes; folders are left (they may hold other apps)."""
    removed = []
    for p in installed_files(prefix):
        p.unlink()
        removed.append(p)
    return removed


def _touch_theme(prefix: Path) -> None:
    """Icon themes rescan a folder whose time changed; no cache tool is run.

    (``update-desktop-database`` is not needed either: it indexes MimeType
    keys, and this entry has none.)
    """
    hicolor = prefix / "icons" / "hicolor"
    if hicolor.is_dir():
        try:
            os.utime(hicolor)
        except OSError:
            pass


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        description="Install (or remove) the Jayden & Jazz menu entry and icons for this user "
                    "(Linux and other freedesktop desktops).")
    p.add_argument("--uninstall", action="store_true", help="remove the entry and icons")
    p.add_argument("--prefix", type=Path, metavar="DIR",
                   help="write under DIR instead of $XDG_DATA_HOME (~/.local/share)")
    p.add_argument("--exec", dest="command", metavar="PATH",
                   help="program the entry starts (default: the installed jayden-jazz launcher, "
                        "else python -m jayden_jazz); e.g. a bundle's JaydenJazz executable")
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.prefix is None and (sys.platform.startswith("win") or sys.platform == "darwin"):
        print("This installs a Linux desktop menu entry. On Windows and macOS start the game "
              "from the jayden-jazz launcher or the JaydenJazz bundle (tools/build_bundle.py).",
              file=sys.stderr)
        return 2
    prefix = (args.prefix or data_home()).absolute()
    if args.uninstall:
        removed = uninstall(prefix)
        for p in removed:
            print(f"removed {p}")
        if not removed:
            print(f"nothing to remove under {prefix}")
    else:
        command = None
        if args.command:
            exe = Path(args.command).expanduser()
            if not exe.is_file():
                print(f"--exec: {exe} is not a file", file=sys.stderr)
                return 2
            command = [str(exe.absolute())]
        written = install(prefix, command)
        for p in written:
            print(f"wrote {p}")
        if len(written) == 1:
            print("note: no icon PNGs found in assets/icon/; the entry has no icon", file=sys.stderr)
    _touch_theme(prefix)
    return 0


if __name__ == "__main__":
    sys.exit(main())
