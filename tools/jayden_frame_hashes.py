"""A hash of every frame of scripted local Jayden games, to show a change of the board's code draws the same.

    python tools/jayden_frame_hashes.py > before.txt
    ... change the board ...
    python tools/jayden_frame_hashes.py > after.txt && diff before.txt after.txt

Headless and deterministic: two people (Enhanced off, then on) play nine
actions with the mouse, each frame of the steps hashed, then every board key
(T, K, Esc, L, U, Tab...) is pressed and the blink and messages run out.
No hint is asked (its answer would come from a worker process, in real time).
The same output twice means the same pictures, pixel for pixel.
"""

from __future__ import annotations

import hashlib
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MOVES = [("c2", "c4"), ("e2", "e3"), ("c13", "c11"), ("s13", "s11"), ("b1", "b3"), ("f2", "f4"),
         ("q13", "q12"), ("h13", "h11"), ("b3", "b6")]
KEYS = (["t"], ["k"], ["escape"], ["l"], ["escape"], ["t"], ["u"], ["up", "left", "return"], ["escape"],
        ["escape", "down", "down"], ["escape"], ["tab"], ["tab"], ["r"], ["z"])


def cell(square: str) -> tuple[int, int]:
    """The centre of a Jayden square (a1 bottom left, the board not turned)."""
    return (ord(square[0]) - ord("a")) * 32 + 16, (14 - int(square[1:])) * 23 + 11


def main() -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["JAYDEN_JAZZ_HOME"] = tempfile.mkdtemp(prefix="jj-frames-")
    sys.path.insert(0, str(ROOT))
    from jayden_jazz.app import make_app
    from tests.helpers import click, press, step

    def frame(app, tag: str) -> None:
        app.render()
        print(tag, hashlib.sha256(bytes(app.display.logical.get_buffer())).hexdigest()[:32])

    for enhanced in (False, True):
        app = make_app(["--headless"])
        app.settings["enhanced"] = enhanced
        app.settings["animation"] = "normal"
        app.stack.clear()
        app.stack.push(app.scene("menu"))
        app.stack.push(app.scene("jayden-board"))
        step(app, 2)
        frame(app, f"{enhanced} start")
        for i, (src, dst) in enumerate(MOVES):
            click(app, *cell(src))
            frame(app, f"{enhanced} select{i}")
            click(app, *cell(dst))
            for f in range(12):
                step(app, 1)
                frame(app, f"{enhanced} action{i} frame{f}")
        for keys in KEYS:
            press(app, *keys)
            step(app, 3)
            frame(app, f"{enhanced} {'+'.join(keys)}")
        for f in range(0, 200, 10):
            step(app, 10)
            frame(app, f"{enhanced} later{f}")
        app.stack.clear()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
