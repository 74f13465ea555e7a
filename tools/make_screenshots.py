"""Makes the README's pictures with the game's own --screenshot mode.

Run: python tools/make_screenshots.py [--out docs/screenshots]

Each picture is a real headless run of the game driven by scripted input, so
the README always shows what the game really draws.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def cell(square: str) -> str:
    """Mouse token for the centre of a Jayden square (a1 bottom-left)."""
    col = ord(square[0]) - ord("a")
    rank = int(square[1:])
    return f"CLICK:{col * 32 + 16},{(14 - rank) * 23 + 11}"


def jayden_keys() -> str:
    moves = [("c2", "c4"), ("e2", "e3"), ("c13", "c11"), ("s13", "s11"), ("b1", "b3"), ("f2", "f4"),
             ("q13", "q12"), ("h13", "h11")]
    tokens = [cell(s) + " " + cell(d) for s, d in moves]
    return " ".join(tokens + [cell("b3")])


# A Scout walks up the b file and fires on a Red Hero two squares away.
SHOT_MOVES = [("b1", "b4"), ("e2", "e3"), ("c13", "c12"), ("s13", "s12"), ("b4", "b7"), ("f2", "f4"),
              ("q13", "q12"), ("h13", "h11"), ("b7", "b10"), ("c2", "c3"), ("r13", "r12"), ("i13", "i12"),
              ("b10", "c12")]
SHOT_FRAMES = 4 * (2 * len(SHOT_MOVES) - 1) + 3 + 4     # the last click, then 4 frames of flight


def moves_keys(moves: list[tuple[str, str]]) -> str:
    return " ".join(cell(s) + " " + cell(d) for s, d in moves)


SHOTS = {
    "title": ["--scene", "menu", "--frames", "30"],
    "jayden": ["--scene", "jayden-board", "--frames", "120", "--keys", jayden_keys()],
    "jayden_shot": ["--scene", "jayden-board", "--frames", str(SHOT_FRAMES), "--keys", moves_keys(SHOT_MOVES)],
    "jayden_moves": ["--scene", "jayden-board", "--frames", "200", "--keys", moves_keys(SHOT_MOVES) + " WAIT l"],
    "jayden_comforts": ["--scene", "jayden-board", "--frames", "200", "--keys",
                        moves_keys(SHOT_MOVES[:12]) + " " + cell("b10")],
    "cards": ["--scene", "cards-table", "--seed", "3", "--frames", "200", "--keys",
              "RETURN UP RETURN WAIT WAIT WAIT WAIT RETURN RIGHT RETURN WAIT WAIT WAIT WAIT RETURN DOWN RETURN"],
    # after "cards": its autosave is the newest unfinished game, and Continue on the title opens it
    "continue": ["--scene", "menu", "--frames", "40", "--keys", "RETURN"],
    "cards_replay": ["--scene", "cards-replay", "--seed", "3", "--frames", "30", "--keys",
                     "RIGHT RIGHT RIGHT RIGHT RIGHT RIGHT"],
    "statistics": ["--scene", "statistics", "--frames", "20"],
}


def example_statistics(home: Path) -> None:
    """The Statistics picture needs counts: a plausible season of games, written through the real module."""
    sys.path.insert(0, str(ROOT))
    from jayden_jazz.statistics import FILE_NAME, Statistics

    s = Statistics(home / FILE_NAME)
    season = [("won", ["easy"], "Updated"), ("won", ["easy"], "Updated"), ("lost", ["hard"], "Updated"),
              ("won", ["normal"], "Updated + Open"), ("won", ["normal"], "Updated + Open"),
              ("won", ["normal"], "Updated + Open"), ("drawn", ["human"], "Draft"),
              ("lost", ["hard"], "Updated + Sudden Death"), ("won", ["human", "easy"], "Draft + Pure"),
              ("won", ["normal"], "Updated + Open + Same + Same Wall + Plus + Combo + Elemental")]
    for outcome, opponents, rules in season:
        s.add("cards", outcome, opponents, rules)
    for outcome in ("won", "lost", "won", "drawn"):
        s.add("jayden", outcome, ["normal"], "Enhanced")
    s.save()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    home = tempfile.mkdtemp(prefix="jj-shots-")
    env = dict(os.environ, JAYDEN_JAZZ_HOME=home, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    for name, flags in SHOTS.items():
        if name == "statistics":
            example_statistics(Path(home))
        path = args.out / f"{name}.png"
        cmd = [sys.executable, "-m", "jayden_jazz", "--headless", *flags, "--screenshot", str(path)]
        subprocess.run(cmd, check=True, env=env, cwd=ROOT)
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
