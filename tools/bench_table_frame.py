"""Cost of one card table frame built and drawn (the scene's draw: picture.frame() + TableRenderer.draw), mid-game.

Run: python tools/bench_table_frame.py [--field 7x7] [--players 4] [--hidden] [--frames 100]

A table of people on the field with half its cells played at random; the
cursor rests on the mover's first hand card. It times building the frame
from the table and drawing it, the part of a frame the table's own code
costs (no update, no scaling, no present), as the best of seven batches
(the least disturbed on a shared machine). Run it from two trees in turn to
compare a change with the one before it; the last line is the picture's
hash, equal when both draw the same.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--field", default="7x7")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--hidden", action="store_true", help="hidden hands (hot seat: the pass screen is up)")
    ap.add_argument("--frames", type=int, default=100)
    args = ap.parse_args(argv)
    os.environ.setdefault("JAYDEN_JAZZ_HOME", tempfile.mkdtemp(prefix="jj-bench-"))

    from jayden_jazz.app import make_app
    from jayden_jazz.cards import deal_random, new_game
    from jayden_jazz.scenes.cardkit.library import load_library
    from jayden_jazz.scenes.cards.config import Match, MatchConfig
    from jayden_jazz.scenes.cards.table import CardsTableScene

    app = make_app(["--headless", "--seed", "1"])
    lib = load_library(app)
    date = (2026, 6)
    cfg = MatchConfig(players=args.players, field=args.field, open=not args.hidden, date=date)
    fld = lib.fields[args.field]
    rng = random.Random(4)
    hands = deal_random(lib.card_ids(), fld, args.players, cfg.rules(), rng)
    game = new_game(lib.catalog, fld, hands, cfg.rules(), first_seat=0, date=date, rng=rng)
    for _ in range(fld.playable_count // 2):
        game.play(rng.choice(game.legal_actions()))
    table = CardsTableScene(app, Match(cfg, fld, hands, 0, lib.pack_dir_texts, date), library=lib, game=game)
    app.stack.push(table)
    for _ in range(5):
        app._update()
        app.render()
    table.cursor = ("hand", game.to_move, 0)
    surface = app.display.logical
    best = float("inf")
    for _ in range(7):
        t0 = time.perf_counter()
        for _ in range(args.frames):
            table.draw(surface)                 # the scene's one view, its frame, the renderer
        best = min(best, (time.perf_counter() - t0) / args.frames)
    print(f"{args.field}, {args.players} players, {'hidden' if args.hidden else 'open'} hands "
          f"({table.phase}): frame + draw {best * 1e3:.3f} ms (best of 7 batches of {args.frames})")
    print("picture", hashlib.sha256(bytes(surface.get_buffer())).hexdigest()[:16])
    return 0


if __name__ == "__main__":
    sys.exit(main())
