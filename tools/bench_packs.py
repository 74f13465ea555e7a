"""Hostile 5 MiB card packs: validator and setup time and memory, against a baseline.

    python tools/bench_packs.py [--quick]

Builds, in a temporary folder, the packs of the hardening report:

- ``aliases``: a 5 MiB pack whose ``cards`` list refers to one card by
  alias hundreds of thousands of times;
- ``many``: a valid pack just under 5 MiB of generated cards (about 26,000);
- ``bomb``: a small pack with nested aliases standing for billions of values.

For each it runs the validator (``python -m jayden_jazz.cards validate``,
in a child process so its peak memory can be read), the card setup's
pack loading (``load_library`` of the game, also in a child) and the same
loading in the background while a stand-in frame loop ticks at 60 Hz
(``frames``: its longest frame shows whether reading blocks drawing), and prints
the seconds, the peak memory (max RSS) and the number of lines printed,
next to the same figures for the shipped packs (the baseline), as ratios.
The limits the game promises are printed with them: each run must stay
under 5 s and well under 1 GB. Nothing here is a test: timings vary with
the machine, ratios and limits are what to compare.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from jayden_jazz.cards.loader import MAX_PACK_BYTES  # noqa: E402

LIMIT_SECONDS = 5.0
LIMIT_MB = 1024

CARD = """  - &c
    id: c0
    name: "Card"
    started_roasting: "2001-01"
    likes: "Tea"
    dislikes: "Rain"
    description: "A card."
    sides: {top: 1, right: 2, bottom: 3, left: 4}
"""


def alias_pack(size: int = MAX_PACK_BYTES) -> str:
    head = 'pack: {id: aliases, name: "A", author: "b", version: "1"}\ncards:\n' + CARD
    line = "  - *c\n"
    return head + line * ((size - len(head)) // len(line))


def many_cards_pack(size: int = MAX_PACK_BYTES - 100 * 1024) -> str:
    head = 'pack: {id: many, name: "Many", author: "b", version: "1"}\ncards:\n'
    parts = [head]
    total, i = len(head), 0
    while True:
        card = CARD.replace("&c\n    id: c0", f"\n    id: c{i}")
        if total + len(card) > size:
            break
        parts.append(card)
        total += len(card)
        i += 1
    return "".join(parts)


def bomb_pack(levels: int = 30) -> str:
    lines = ['pack: {id: bomb, name: "B", author: "b", version: "1"}', "a0: &a0 [x, x]"]
    for k in range(1, levels):
        lines.append(f"a{k}: &a{k} [*a{k - 1}, *a{k - 1}]")
    lines.append(f"cards: [*a{levels - 1}]")
    return "\n".join(lines) + "\n"


FRAMES = """
import sys, time
from types import SimpleNamespace
from pathlib import Path
from jayden_jazz.paths import UserDirs
from jayden_jazz.scenes.cardkit.library import LibraryLoad
home = Path(sys.argv[2])
app = SimpleNamespace(dirs=UserDirs(home, home), extra_card_paths=[Path(sys.argv[1])])
load = LibraryLoad(app)
last, worst, frames = time.perf_counter(), 0.0, 0
while not load.done:                      # a stand-in frame loop: a little work, then the next tick
    sum(range(2000))
    time.sleep(1 / 60)
    now = time.perf_counter()
    worst, last, frames = max(worst, now - last), now, frames + 1
print(f"{frames} frames while reading; longest frame {worst * 1000:.0f} ms", file=sys.stderr)
"""
VALIDATE = "import sys; from jayden_jazz.cards.cli import main; sys.exit(main(['validate', sys.argv[1]]))"
SETUP = """
import sys
from types import SimpleNamespace
from pathlib import Path
from jayden_jazz.paths import UserDirs
from jayden_jazz.scenes.cardkit.library import load_library
home = Path(sys.argv[2])
app = SimpleNamespace(dirs=UserDirs(home, home), extra_card_paths=[Path(sys.argv[1])])
lib = load_library(app)
print(f"{len(lib.catalog)} cards, {len(lib.problems)} problems", file=sys.stderr)
"""


def run(code: str, *args: str) -> tuple[float, float, int, str]:
    """Seconds, the child's peak memory (max RSS) in MB, lines it printed, its last line."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        t = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-c", code, *args], env=env, stdout=out, stderr=err)
        _, _, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - t
        proc.returncode = 0
        out.seek(0)
        err.seek(0)
        printed = out.read().splitlines()
        lines = printed + err.read().splitlines()
    kb = usage.ru_maxrss
    peak = kb / 1024 if sys.platform != "darwin" else kb / 1048576
    return seconds, peak, len(printed), (lines[-1] if lines else "")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="1 MiB packs instead of 5 MiB")
    args = ap.parse_args()
    size = MAX_PACK_BYTES // 5 if args.quick else MAX_PACK_BYTES
    with tempfile.TemporaryDirectory() as tmp:
        tmpd = Path(tmp)
        home = tmpd / "home"
        home.mkdir()
        packs = {"shipped (baseline)": ROOT / "cards",
                 "aliases": tmpd / "aliases.yaml", "many": tmpd / "many.yaml", "bomb": tmpd / "bomb.yaml"}
        packs["aliases"].write_text(alias_pack(size - 1024))
        packs["many"].write_text(many_cards_pack(size - 100 * 1024))
        packs["bomb"].write_text(bomb_pack())
        print(f"{'pack':20} {'MiB':>5}  {'job':9} {'s':>6} {'x base':>7} {'lines':>6}  last line")
        base: dict[str, float] = {}
        worst_s, worst_mb = 0.0, 0.0
        for name, path in packs.items():
            mib = (sum(p.stat().st_size for p in path.rglob("*.yaml")) if path.is_dir()
                   else path.stat().st_size) / 1048576
            for job, code in (("validate", VALIDATE), ("setup", SETUP), ("frames", FRAMES)):
                s, peak, lines, last = run(code, str(path), str(home))
                base.setdefault(job, s)
                if job != "frames":          # that one lasts as long as the reading, by design
                    worst_s = max(worst_s, s)
                worst_mb = max(worst_mb, peak)
                print(f"{name:20} {mib:5.2f}  {job:9} {s:6.2f} {s / base[job]:7.1f} {lines:6}  {last[:70]}")
        print(f"\nslowest run {worst_s:.2f} s (limit {LIMIT_SECONDS:.0f} s); "
              f"largest peak memory of any run {worst_mb:.0f} MB (limit {LIMIT_MB} MB)")
        ok = worst_s < LIMIT_SECONDS and worst_mb < LIMIT_MB
        print("within the limits" if ok else "OVER THE LIMITS")
        return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
