"""Odd files and folders where the game reads or writes: how each is answered, and how fast.

    python tools/hostile_files.py

Tries, in a temporary folder (each case bounded by a 10 s watchdog):

- pictures: a named pipe, a character device, a folder, a socket and a link
  to a pipe given to the Workshop's picture import and to the card
  picture reader;
- ``python -m jayden_jazz.cards render --out`` to a file, a path under a
  file, an unwritable folder (a read-only one when not root), ``/proc/self``
  and a 300-character name, each in a child process as a player runs it;
- the zip unpack folder: world-writable with a planted pack under the zip's
  digest, a link, a file, another user's (root only), zips refused for long
  entry names, and the pruning of 300 cached zips;
- a pack file changed by hand, deleted, or only touched while the Workshop
  has it open.

Prints one row a case: what the game said (or did) and the seconds taken,
then the number handled and the worst time. Nothing here is a test; the
tests of each case are in ``tests/workshop``.
"""

from __future__ import annotations

import io
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

PACK = """pack: {id: zipped, name: "Zipped", author: "Tester", version: "1.0"}
cards:
  - id: zippy
    name: "Zippy"
    started_roasting: "2002-08"
    likes: "Archives"
    dislikes: "Loose files"
    description: "Zippy travels compressed."
    sides: {top: 5, right: 5, bottom: 5, left: 5}
"""
WATCHDOG = 10.0
rows: list[tuple[str, str, float, bool]] = []


def case(name: str, run: Callable[[], tuple[str, bool]], unblock: Callable[[], None] | None = None) -> None:
    """Run one case in a thread; a case still running after the watchdog is reported as hung."""
    out: list[tuple[str, bool]] = []

    def body() -> None:
        try:
            out.append(run())
        except Exception as e:  # noqa: BLE001 - a tool reporting any failure as a row
            out.append((f"raised {type(e).__name__}: {e}", False))

    start = time.perf_counter()
    t = threading.Thread(target=body, daemon=True)
    t.start()
    t.join(WATCHDOG)
    took = time.perf_counter() - start
    if t.is_alive():
        if unblock:
            unblock()
        t.join(2)
        rows.append((name, f"HUNG (over {WATCHDOG:.0f} s)", took, False))
        return
    said, ok = out[0]
    rows.append((name, said, took, ok))


def unblock_fifo(path: Path) -> Callable[[], None]:
    def go() -> None:
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
        except OSError:
            pass
    return go


def pictures(tmp: Path) -> None:
    from jayden_jazz.cards import picturefile
    from jayden_jazz.scenes.workshop.picture import PictureError, import_picture

    fifo = tmp / "pipe.png"
    os.mkfifo(fifo)
    folder = tmp / "folder.png"
    folder.mkdir()
    sock_path = tmp / "sock.png"
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(sock_path))
    link = tmp / "link.png"
    link.symlink_to(fifo)
    for label, path in (("pipe", fifo), ("character device", Path("/dev/zero")), ("folder", folder),
                        ("socket", sock_path), ("link to a pipe", link)):
        def imp(path: Path = path) -> tuple[str, bool]:
            try:
                import_picture(path, tmp / "pack", "x")
            except PictureError as e:
                return str(e), "not a picture file" in str(e)
            return "imported", False

        def read(path: Path = path) -> tuple[str, bool]:
            try:
                picturefile.check(path)
            except picturefile.PictureError as e:
                return str(e), "not a picture file" in str(e)
            return "accepted", False

        case(f"import picture: {label}", imp, unblock_fifo(fifo))
        case(f"card picture: {label}", read, unblock_fifo(fifo))
    sock.close()


def render(tmp: Path) -> None:
    taken = tmp / "taken"
    taken.write_text("mine")
    locked = tmp / "locked"
    locked.mkdir(mode=0o555)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    targets = [("a file", taken), ("under a file", taken / "sub"), ("/proc/self", Path("/proc/self")),
               ("300-character name", tmp / ("n" * 300)), ("/dev/null", Path("/dev/null"))]
    if os.geteuid() != 0:
        targets.append(("read-only folder", locked))
    for label, out in targets:
        def run(out: Path = out) -> tuple[str, bool]:
            r = subprocess.run([sys.executable, "-m", "jayden_jazz.cards", "render", "cards/example", "--out",
                                str(out)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=WATCHDOG)
            err = r.stderr.strip().splitlines()
            ok = r.returncode != 0 and len(err) == 1 and err[0].startswith("error: ")
            return f"exit {r.returncode}: {err[-1][:90] if err else ''}", ok
        case(f"render --out {label}", run)


def make_zip(path: Path, entries: dict[str, bytes]) -> Path:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name, data in entries.items():
            zf.writestr(name, data)
    path.write_bytes(buf.getvalue())
    return path


def zips(tmp: Path) -> None:
    import hashlib

    from jayden_jazz.cards import packzip

    z = make_zip(tmp / "z.zip", {"zipped.yaml": PACK.encode()})
    digest = hashlib.sha256(z.read_bytes()).hexdigest()[:32]

    def plant(root: Path) -> None:
        (root / digest).mkdir(parents=True)
        (root / digest / "zipped.yaml").write_text(PACK.replace("Archives", "Planted"))
        (root / digest / ".complete").write_bytes(b"")

    def loads(root: Path) -> tuple[str, bool]:
        info, cards, problems = packzip.load_zip_pack(z, root)
        if cards:
            return f"loaded, likes {cards[0].likes!r}", cards[0].likes == "Archives"
        return problems[0].message, True

    def world_writable() -> tuple[str, bool]:
        root = tmp / "ww"
        root.mkdir()
        os.chmod(root, 0o777)
        plant(root)
        said, ok = loads(root)
        return said + f"; folder now {oct(os.lstat(root).st_mode & 0o777)}", ok

    def link() -> tuple[str, bool]:
        (tmp / "elsewhere").mkdir()
        plant(tmp / "elsewhere")
        (tmp / "ln").symlink_to(tmp / "elsewhere")
        return loads(tmp / "ln")

    def a_file() -> tuple[str, bool]:
        (tmp / "afile").write_text("x")
        return loads(tmp / "afile")

    def others() -> tuple[str, bool]:
        root = tmp / "theirs"
        root.mkdir(mode=0o700)
        plant(root)
        os.chown(root, 65534, 65534)
        return loads(root)

    case("zip cache: world-writable, planted", world_writable)
    case("zip cache: a link", link)
    case("zip cache: a file", a_file)
    if os.geteuid() == 0:
        case("zip cache: another user's", others)
    for label, entries in (("long folder", {"a" * 300 + "/zipped.yaml": PACK.encode()}),
                           ("long picture", {"zipped.yaml": PACK.encode(), "p/" + "p" * 300 + ".png": b"x"}),
                           ("path over 4096", {"zipped.yaml": PACK.encode(),
                                               "p/" + "/".join(["d" * 250] * 20) + "/x.png": b"x"})):
        def long(entries: dict[str, str | bytes] = entries, label: str = label) -> tuple[str, bool]:
            root = tmp / ("long-" + label.replace(" ", "-"))
            zl = make_zip(tmp / "long.zip", {k: v if isinstance(v, bytes) else v.encode()
                                             for k, v in entries.items()})
            info, cards, problems = packzip.load_zip_pack(zl, root)
            left = list(root.iterdir())
            return f"{problems[0].message}; left behind: {len(left)}", not left and info is None
        case(f"zip refused: {label}", long)

    def prune_300() -> tuple[str, bool]:
        root = tmp / "many"
        old = time.time() - 3600
        for i in range(300):
            d = root / f"{i:032x}"
            d.mkdir(parents=True)
            (d / "zipped.yaml").write_bytes(b"x" * 400_000)
            (d / ".complete").write_bytes(b"")
            os.utime(d, (old + i, old + i))
        os.chmod(root, 0o700)
        loads(root)
        n = len(list(root.iterdir()))
        total = sum(f.stat().st_size for f in root.rglob("*") if f.is_file())
        return f"{n} kept, {total / 1048576:.0f} MiB (cap {packzip.MAX_CACHE_BYTES // 1048576})", \
            total <= packzip.MAX_CACHE_BYTES
    case("zip cache: 300 zips, 117 MiB, pruned", prune_300)


def hand_edits(tmp: Path) -> None:
    from jayden_jazz.cards import Card
    from jayden_jazz.cards.writer import PackHeader, write_pack
    from jayden_jazz.scenes.workshop.ownpacks import PackChanged, read_own_pack, save_card

    card = Card(id="mine/a", name="A", sides=(5, 5, 5, 5), started_roasting=(2002, 8), likes="x",
                dislikes="y", description="A is a card.")

    def setup(name: str) -> tuple[Path, object]:
        file = tmp / name / f"{name}.yaml"
        write_pack(file, PackHeader(name, name, "Me"), [card])
        return file, read_own_pack(file)

    def later(file: Path) -> None:
        st = os.stat(file)
        os.utime(file, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))

    def edit_same_size() -> tuple[str, bool]:
        file, pack = setup("same")
        file.write_text(file.read_text().replace('name: "A"', 'name: "Z"'))
        later(file)
        try:
            save_card(pack, card, "a")  # type: ignore[arg-type]
        except PackChanged as e:
            return f"asked: {e}", 'name: "Z"' in file.read_text()
        return "overwritten", False

    def deleted() -> tuple[str, bool]:
        file, pack = setup("gone")
        file.unlink()
        try:
            save_card(pack, card, "a")  # type: ignore[arg-type]
        except PackChanged as e:
            return f"asked: {e}", not file.exists()
        return "written", False

    def touched() -> tuple[str, bool]:
        file, pack = setup("touched")
        later(file)
        save_card(pack, card, "a")  # type: ignore[arg-type]
        return "saved without asking (same bytes)", True

    case("pack edited by hand, same size", edit_same_size)
    case("pack deleted while open", deleted)
    case("pack only touched while open", touched)


def main() -> int:
    tmp = Path(tempfile.mkdtemp(prefix="hostile-files-"))
    try:
        for part in (pictures, render, zips, hand_edits):
            sub = tmp / part.__name__
            sub.mkdir()
            part(sub)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    width = max(len(r[0]) for r in rows)
    for name, said, took, ok in rows:
        print(f"{'ok ' if ok else 'BAD'} {name:<{width}}  {took:6.3f} s  {said[:110]}")
    worst = max(rows, key=lambda r: r[2])
    print(f"\n{sum(r[3] for r in rows)}/{len(rows)} handled; worst {worst[2]:.3f} s ({worst[0]})")
    return 0 if all(r[3] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
