"""Frame cost of the card table while placements are shown as steps, as a ratio to the floor.

Run: python tools/bench_card_steps.py [--field 7x7] [--players 4] [--frames 600]

Four computer seats (an instant random player in this process) play on the
largest field, so almost every frame is a step: a card landing or turning
over, faces of every hand drawn. The floor is the one ``bench_frames.py``
uses (scaling and presenting an empty frame), measured in the same run.
Target: the median frame during steps at most 3x the floor.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


class InstantBrain:
    """Answers at the next poll with a random legal action of the table's own game.

    (The real computer player reads the record in its worker process; that
    cost is not the table's, so it is left out here.)
    """

    def __init__(self, seed: int = 1) -> None:
        self.game = None
        self.rng = random.Random(seed)
        self.answer = None
        self.busy = False

    def submit_action(self, position, seat, level, seed, pack_dirs, pool=None):
        self.answer = str(self.rng.choice(self.game.legal_actions()))

    def poll(self):
        from jayden_jazz.ai.worker import Reply

        ans, self.answer = self.answer, None
        return None if ans is None else Reply(True, ans)

    def cancel(self):
        self.answer = None

    def close(self):
        pass


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--field", default="7x7")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--frames", type=int, default=600)
    args = ap.parse_args(argv)
    os.environ.setdefault("JAYDEN_JAZZ_HOME", tempfile.mkdtemp(prefix="jj-bench-"))

    from jayden_jazz.app import make_app
    from jayden_jazz.cards import deal_random
    from jayden_jazz.scenes.cards.config import Match, MatchConfig
    from jayden_jazz.scenes.cardkit.library import load_library
    from jayden_jazz.scenes.cards.table import CardsTableScene
    from tools.bench_frames import timed

    app = make_app(["--headless", "--seed", "1"])
    app.display.set_mode(scale=2)
    app.display.logical.fill(0)
    floor = timed(app.display.present, 200)
    lib = load_library(app)
    cfg = MatchConfig(players=args.players, field=args.field, open=True, date=(2026, 6))
    for s in range(args.players):
        cfg.seats[s] = {"kind": "computer", "level": "easy"}
    fld = lib.fields[args.field]
    rng = random.Random(4)
    costs: list[float] = []
    while len(costs) < args.frames:
        hands = deal_random(lib.card_ids(), fld, args.players, cfg.rules(), rng)
        match = Match(cfg, fld, hands, 0, lib.pack_dir_texts, (2026, 6))
        app.stack.clear()
        brain = InstantBrain()
        table = CardsTableScene(app, match, brain=brain, library=lib)
        brain.game = table.controller.game
        app.stack.push(table)
        for _ in range(5000):
            if table.controller.game.is_over() or len(costs) >= args.frames:
                break
            t0 = time.perf_counter()
            app._update()
            app.render()
            dt = time.perf_counter() - t0
            if table.phase == "show":
                costs.append(dt)
    # like bench_frames.py: the mean of batches of frames, then the median batch (robust on a shared machine)
    batches = [statistics.fmean(costs[i:i + 50]) for i in range(0, len(costs) - 49, 50)]
    med = statistics.median(batches)
    print(f"floor: {floor * 1e3:.3f} ms; {len(costs)} frames during steps on {args.field}, "
          f"{args.players} players, in batches of 50")
    print(f"median batch {med * 1e3:.3f} ms = {med / floor:.2f}x floor; worst batch {max(batches) / floor:.2f}x; "
          f"median single frame {statistics.median(costs) / floor:.2f}x (target <= 3x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
