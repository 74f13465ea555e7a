"""Per-scene frame cost as a ratio to the floor: scaling and presenting an empty frame.

Run: python tools/bench_frames.py [--frames 300] [--scenes menu,jayden]

Both figures are measured in the same run on the same (dummy-driver) window,
so the ratio is comparable across noisy, shared machines. Target: every
scene's update+render at most 3x the floor.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def timed(fn, frames: int, repeats: int = 5) -> float:
    """Median seconds per call over several batches (robust against noise)."""
    batches = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        for _ in range(frames):
            fn()
        batches.append((time.perf_counter() - t0) / frames)
    return statistics.median(batches)


def main(argv: list[str] | None = None) -> int:
    import tempfile

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=200)
    ap.add_argument("--scenes", default="")
    args = ap.parse_args(argv)
    os.environ.setdefault("JAYDEN_JAZZ_HOME", tempfile.mkdtemp(prefix="jj-bench-"))

    from jayden_jazz.app import make_app
    from jayden_jazz.scenes.registry import SCENES, make_scene

    app = make_app(["--headless", "--seed", "1"])
    app.display.set_mode(scale=2)        # the default window: 933x700, scaled each frame
    names = [s for s in args.scenes.split(",") if s] or sorted(SCENES)

    app.display.logical.fill(0)
    floor = timed(app.display.present, args.frames)
    print(f"floor: scale+present an empty 640x350 frame to {app.display.viewport.w}x"
          f"{app.display.viewport.h}: {floor * 1e3:.3f} ms")
    worst = 0.0
    for name in names:
        app.stack.clear()
        app.stack.push(make_scene("menu", app))
        if name != "menu":
            app.stack.push(make_scene(name, app))
        for _ in range(30):      # warm caches (glyphs, sprites) like a running game
            app._update()
            app.render()

        def frame():
            app._update()
            app.render()
        cost = timed(frame, args.frames)
        ratio = cost / floor
        worst = max(worst, ratio)
        print(f"{name:14s} update+render {cost * 1e3:7.3f} ms  = {ratio:5.2f}x floor"
              f"{'' if ratio <= 3 else '  (over the 3x target)'}")
    print(f"worst: {worst:.2f}x floor (target <= 3x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
