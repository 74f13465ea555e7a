"""Hostile files against every reader of the player's files: each refused in plain words, quickly.

    python tools/hostile_data.py            # every case, one fresh process each (about a minute)
    python tools/hostile_data.py --only stats

Each case writes one damaged or oversized file (a huge number, deep
nesting, millions of values, a 50 MiB comment, thousands of rule rows or
key bindings ...) into a temporary folder, runs the reader the game runs on
it, and reports whether it was refused or read with a message in plain
words (*handled*), the message, the seconds and the peak memory (maximum
resident size of the process that ran it). A case that raises anything
else, or whose message is Python's own, counts as not handled. Bounded:
one process per case, a fixed list of cases, at most 60 s each. Not run by
CI; the tests under ``tests/hostile`` hold the behaviour.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

MiB = 1024 * 1024
PACK_HEAD = 'pack: {id: h, name: "H", author: "t", version: "1"}\ncards:\n'
CARD = ('  - id: c{i}\n    name: "C"\n    started_roasting: "2001-01"\n    likes: "T"\n    dislikes: "R"\n'
        '    description: "A card."\n    sides: {{top: 1, right: 2, bottom: 3, left: {side}}}\n')
TALLY = "{played: 1, won: 1, drawn: 0, lost: 0, streak: 1, best_streak: 1}"


def digits(n: int) -> str:
    return "9" * n


def envelope(body: str) -> str:
    from jayden_jazz.saves import store
    return f"{store.MAGIC}\nformat: {store.FORMAT}\nchecksum: {store.checksum(body)}\n\n{body}"


# ---------------------------------------------------------------------- readers: (handled, message)

def read_pack(folder: Path, text: str, zipped: bool = False) -> tuple[bool, str]:
    from jayden_jazz.cards.loader import load_packs
    if zipped:
        with zipfile.ZipFile(folder / "h.zip", "w") as zf:
            zf.writestr("h/h.yaml", text)
    else:
        (folder / "h.yaml").write_text(text)
    catalog, problems = load_packs([folder])
    msgs = [f"line {p.line}: {p.message}" for p in problems]
    return bool(msgs) and "h" not in catalog.packs, "; ".join(msgs)


def read_validate(folder: Path, text: str) -> tuple[bool, str]:
    import contextlib
    import io

    from jayden_jazz.cards.cli import main
    (folder / "h.yaml").write_text(text)
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        code = main(["validate", str(folder)])
    return code != 0, out.getvalue().strip().splitlines()[0] if out.getvalue().strip() else ""


def read_replay(folder: Path, text: str, name: str = "r.yaml") -> tuple[bool, str]:
    from jayden_jazz.saves.cards import read_game
    from jayden_jazz.saves.store import SaveError
    path = folder / name
    path.write_text(text)
    try:
        read_game(path, {})
    except SaveError as e:
        return True, str(e)
    return False, "read"


def read_save(folder: Path, text: str) -> tuple[bool, str]:
    from jayden_jazz.saves import store
    path = folder / "jayden-auto.sav"
    path.write_text(text)
    try:
        store.read(path)
    except store.SaveError as e:
        return True, str(e)
    return False, "read"


def read_settings(folder: Path, text: str) -> tuple[bool, str]:
    from jayden_jazz.settings import DEFAULTS, Settings
    path = folder / "settings.yaml"
    path.write_text(text)
    s = Settings.load(path)
    return bool(s.notice) and s.values.get("scale") == DEFAULTS["scale"], s.notice


def read_stats(folder: Path, text: str) -> tuple[bool, str]:
    from jayden_jazz import statistics as stats
    path = folder / stats.FILE_NAME
    path.write_text(text)
    s = stats.Statistics.load(path)
    return "not usable" in s.notice and (folder / (stats.FILE_NAME + ".bak")).exists(), s.notice


def read_stats_screen(folder: Path, text: str) -> tuple[bool, str]:
    """The Statistics screen opened and drawn once on the file (headless), as a player would."""
    os.environ.update(JAYDEN_JAZZ_HOME=str(folder), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    from jayden_jazz import statistics as stats
    from jayden_jazz.app import make_app
    app = make_app(["--headless"])
    stats.stats_path(app).write_text(text)
    app.stack.push(app.scene("statistics"))
    for _ in range(3):
        app._run_simulated(frames=app.frame + 1)
    top = app.stack.top
    lines = " ".join(getattr(top, "lines", []))
    return "not usable" in lines, lines


def read_keys(folder: Path, text: str) -> tuple[bool, str]:
    """Settings with a hostile keys: section, the game started and the notice drawn for 10 frames."""
    os.environ.update(JAYDEN_JAZZ_HOME=str(folder), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    (folder / "settings.yaml").write_text(text)
    from jayden_jazz.app import make_app
    app = make_app(["--headless"])
    t0 = time.perf_counter()
    app._run_simulated(frames=10)
    per_frame = (time.perf_counter() - t0) / 10
    notice = " ".join(getattr(app.stack.top, "lines", []))
    return bool(notice) and len(notice) < 2000 and per_frame < 0.1, f"{len(notice)} chars, " \
        f"{per_frame * 1000:.1f} ms a frame: {notice}"


def read_field(folder: Path, text: str) -> tuple[bool, str]:
    from jayden_jazz.cards.field import FieldError, load_field
    path = folder / "f.yaml"
    path.write_text(text)
    try:
        load_field(path)
    except FieldError as e:
        return True, str(e)
    return False, "read"


def continue_scan(folder: Path, text: str) -> tuple[bool, str]:
    """Forty large refused saves in the saves folder: the title's Continue check, then again (cached)."""
    from jayden_jazz.scenes.resume import unfinished_games
    for i in range(40):
        (folder / f"s{i}.sav").write_text(text)
    t0 = time.perf_counter()
    first = unfinished_games(folder)
    t1 = time.perf_counter()
    again = unfinished_games(folder)
    t2 = time.perf_counter()
    return first == again == [] and t2 - t1 < 0.1, (f"first look {t1 - t0:.2f} s, each return to the title "
                                                    f"{(t2 - t1) * 1000:.1f} ms")


# ---------------------------------------------------------------------- the cases

def _save_body_values(n: int) -> str:
    return envelope("game: jayden\nx: [" + ",".join(["1"] * n) + "]\n")


CASES: dict[str, tuple[str, Callable[[Path, str], tuple[bool, str]], Callable[[], str]]] = {}


def case(group: str, name: str, reader: Callable[[Path, str], tuple[bool, str]], make: Callable[[], str]) -> None:
    CASES[f"{group}: {name}"] = (group, reader, make)


for n in (4301, 5000, 100_000, 1_000_000):
    case("numbers", f"pack side of {n:,} digits", read_pack, lambda n=n: PACK_HEAD + CARD.format(i=0, side=digits(n)))
case("numbers", "pack in a zip, 5,000 digits", lambda f, t: read_pack(f, t, zipped=True),
     lambda: PACK_HEAD + CARD.format(i=0, side=digits(5000)))
case("numbers", "cards validate, 5,000 digits", read_validate, lambda: PACK_HEAD + CARD.format(i=0, side=digits(5000)))
case("numbers", "pack id of 5,000 digits", read_pack, lambda: PACK_HEAD.replace("id: h", "id: " + digits(5000))
     + CARD.format(i=0, side=1))
case("numbers", "hexadecimal of 4,000 digits", read_pack, lambda: PACK_HEAD + CARD.format(i=0, side="0x" + "f" * 4000))
case("numbers", "record first_seat, 5,000 digits", read_replay,
     lambda: f"format: jazz-record-1\nfirst_seat: {digits(5000)}\n")
case("numbers", "save body, 5,000 digits", read_save, lambda: envelope(f"game: jayden\nturn: {digits(5000)}\n"))
case("numbers", "save body, 1,000,000 digits", read_save, lambda: envelope(f"game: jayden\nturn: {digits(10 ** 6)}\n"))
case("numbers", "save format line, 5,000 digits", read_save,
     lambda: envelope("game: jayden\n").replace("format: 1", "format: " + digits(5000)))
case("numbers", "save format line, superscript digit", read_save,
     lambda: envelope("game: jayden\n").replace("format: 1", "format: \u00b2"))
case("numbers", "card save via cards replay, 5,000 digits", lambda f, t: read_replay(f, t, "cards-auto.sav"),
     lambda: envelope(f"game: cards\nply: {digits(5000)}\n"))
case("numbers", "settings scale, 5,000 digits", read_settings, lambda: f"scale: {digits(5000)}\n")
case("numbers", "settings key list, 5,000 digits", read_settings, lambda: f"scale: 9\nkeys: {{hint: [{digits(5000)}]}}\n")
case("numbers", "statistics count, 5,000 digits", read_stats,
     lambda: f"format: 1\ngames: {{cards: {{total: {{played: {digits(5000)}}}}}}}\n")
case("numbers", "field file, 5,000 digits", read_field, lambda: f"name: f\nrows: {digits(5000)}\n")

case("stats", "nested 100,000 deep", read_stats, lambda: "format: 1\ngames: " + "[" * 100_000 + "]" * 100_000 + "\n")
case("stats", "nested 100,000 deep, screen", read_stats_screen,
     lambda: "format: 1\ngames: " + "[" * 100_000 + "]" * 100_000 + "\n")
case("stats", "2,000,000 values", read_stats, lambda: "format: 1\ngames: {}\nx: [" + ",".join(["1"] * 2_000_000) + "]\n")
case("stats", "2,000,000 values, screen", read_stats_screen,
     lambda: "format: 1\ngames: {}\nx: [" + ",".join(["1"] * 2_000_000) + "]\n")
case("stats", "49,900 values (just under the cap)", read_stats,
     lambda: "format: 1\ngames: {cards: {rules: {r: [" + ",".join(["1"] * 49_900) + "]}}}\n")
case("stats", "50 MiB comment", read_stats, lambda: "format: 1\n# " + "x" * (50 * MiB) + "\ngames: {}\n")
case("stats", "50 MiB string", read_stats, lambda: 'format: 1\ngames: {}\nx: "' + "x" * (50 * MiB) + '"\n')
case("stats", "2 MiB comment (just under the size)", read_stats,
     lambda: "format: 1\n# " + "x" * (2 * MiB - 40) + "\ngames: []\n")
case("stats", "10,000 rule rows, screen", read_stats_screen,
     lambda: "format: 1\ngames:\n  cards:\n    rules:\n" + "".join(f"      r{i}: {TALLY}\n" for i in range(10_000)))
case("stats", "rule name with control characters", read_stats,
     lambda: f'format: 1\ngames:\n  cards:\n    rules:\n      "Up\\x1b[2J\\x07": {TALLY}\n')

case("keys", "10,000 unknown commands", read_keys,
     lambda: "keys:\n" + "".join(f"  cmd{i}: [x]\n" for i in range(10_000)))
case("keys", "a key name of 100,000 characters", read_keys, lambda: "keys: {hint: [" + "k" * 100_000 + "]}\n")
case("keys", "a command name of 100,000 characters", read_keys, lambda: "keys: {" + "k" * 100_000 + ": [x]}\n")
case("keys", "10,000 keys for one command", read_keys, lambda: "keys: {hint: [" + ", ".join(["k"] * 10_000) + "]}\n")

BIG_BODY = "x: [" + ",".join(["1"] * 49_000) + "]\n# " + "x" * (2 * MiB - 200_000) + "\n"
case("continue", "40 saves of 2 MiB, bodies not a game", continue_scan, lambda: envelope(BIG_BODY))
case("continue", "40 saves of 2 MiB, bad checksums", continue_scan,
     lambda: envelope("game: jayden\nsaved: '2030-01-01T00:00:00'\n" + BIG_BODY).replace("sha256:", "sha256:0"))
case("continue", "40 saves of 2 MiB starting like the game's, refused by their fields", continue_scan,
     lambda: envelope("game: jayden\nsaved: '2030-01-01T00:00:00'\n" + BIG_BODY))
case("continue", "40 files of 2 MiB that are not saves", continue_scan, lambda: "x" * (2 * MiB))

case("records", "900,000 values", read_replay, lambda: "format: jazz-record-1\nactions: [" + ",".join(["1"] * 900_000) + "]\n")
case("records", "49,900 values (just under the cap)", read_replay,
     lambda: "format: jazz-record-1\nactions: [" + ",".join(["1"] * 49_900) + "]\n")
case("records", "50 MiB comment", read_replay, lambda: "format: jazz-record-1\n# " + "x" * (50 * MiB) + "\n")
case("records", "an alias bomb", read_replay,
     lambda: "format: jazz-record-1\na0: &a0 [x, x]\n" + "".join(f"a{k}: &a{k} [*a{k - 1}, *a{k - 1}]\n"
                                                              for k in range(1, 40)))


def run_one(name: str) -> dict[str, Any]:
    _, reader, make = CASES[name]
    text = make()
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        try:
            handled, message = reader(Path(tmp), text)
        except BaseException as e:  # the report is the point: anything escaping a reader is a failure
            handled, message = False, f"{type(e).__name__}: {e}"[:200]
        seconds = time.perf_counter() - t0
    if "Exceeds the limit" in message or "Traceback" in message:
        handled = False
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"case": name, "handled": handled, "seconds": seconds, "peak_mb": peak,
            "message": " ".join(message.split())[:150]}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--only", help="cases of this group (numbers, stats, keys, continue, records)")
    p.add_argument("--case", help=argparse.SUPPRESS)          # run one case here, print JSON
    args = p.parse_args(argv)
    if args.case:
        print(json.dumps(run_one(args.case)))
        return 0
    names = [n for n, (g, _, _) in CASES.items() if not args.only or g == args.only]
    handled = 0
    rows = []
    for name in names:
        try:
            out = subprocess.run([sys.executable, __file__, "--case", name], capture_output=True, text=True,
                                 timeout=60, env=dict(os.environ, PYTHONPATH=str(ROOT)))
            row = json.loads(out.stdout.strip().splitlines()[-1]) if out.returncode == 0 and out.stdout.strip() \
                else {"case": name, "handled": False, "seconds": float("nan"), "peak_mb": float("nan"),
                      "message": (out.stderr.strip().splitlines() or ["no output"])[-1][:150]}
        except subprocess.TimeoutExpired:
            row = {"case": name, "handled": False, "seconds": 60.0, "peak_mb": float("nan"), "message": "over 60 s"}
        rows.append(row)
        handled += bool(row["handled"])
        print(f"{'ok ' if row['handled'] else 'BAD'} {row['seconds']:6.2f} s {row['peak_mb']:7.1f} MB  "
              f"{row['case']}\n        {row['message']}", flush=True)
    worst = max(rows, key=lambda r: r["seconds"])
    print(f"\n{handled} of {len(rows)} cases handled; slowest: {worst['case']} ({worst['seconds']:.2f} s, "
          f"{worst['peak_mb']:.0f} MB peak)")
    return 0 if handled == len(rows) else 1


if __name__ == "__main__":
    sys.exit(main())
