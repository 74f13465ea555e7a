"""Late positions, Python search against compiled: what Hard's sampled worlds cost.

    python tools/bench_cards_late.py                      # 3-7 empty cells, three rule sets
    python tools/bench_cards_late.py --empty 4,5 --count 60 --rules same,plus,combo

On hidden hands Hard solves sampled worlds, each a new game a few cards from
the end, with a solver of its own (``player.py``'s ``_pimc``). A compiled
search makes its tables for each one, so below some number of empty cells
the Python search ends first; ``jit.MIN_EMPTY`` is where Hard's solvers
start handing positions to the kernel. This measures both sides of it.

For each rule set and number of empty cells: ``--count`` random positions of
the shipped pack's cards (open hands, played at random from a random deal;
positions with a Turn effect in force are left out, as a world starts
without one), each solved as a world is (``solve_root(all_best=True,
partial=True)``, a new solver each time) by the Python search and by a
solver built to use the kernel at any size (``jit.MIN_EMPTY`` set to 0 for
it), and by one built as Hard builds it (``compiled=True`` with the shipped
``jit.MIN_EMPTY``: Python below it unless a reset may come), three times in
turn; the best process time of the three rounds is kept. The answers are
checked equal. Printed: milliseconds a position each way, and the Python
search's time over the kernel's and over Hard's (above 1: faster than the
Python search).

``--votes N``: what that gives Hard on hidden hands. N positions for each
number of empty cells (base rules, hands hidden, the seat to move deciding
with Hard's own clock), each decided twice, with the kernel ready and with it
not: printed, the worlds Hard's vote counted per move each way (and how
many moves were decided by the vote).

A measurement, not a test; never imported by the game.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jayden_jazz import paths  # noqa: E402
from jayden_jazz.ai.cards import jit  # noqa: E402
from jayden_jazz.ai.cards.solver import Solver  # noqa: E402
from jayden_jazz.cards import Rules, get_field, new_game  # noqa: E402
from jayden_jazz.cards.loader import load_packs  # noqa: E402

RULE_SETS = {"base": {}, "same+plus+combo": {"same": True, "plus": True, "combo": True},
             "elemental": {"elemental": True}}


def games(catalog, rules, empty: int, count: int, seed: int) -> list:
    """``count`` games of the shipped pack's cards under ``rules``, played at random to exactly
    ``empty`` empty cells, without a Turn effect in force."""
    field = get_field("3x3")
    pool = sorted(c for c in catalog if c.startswith("default/"))
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        size = rules.hand_size(field.playable_count, 2)
        hands = [tuple(rng.sample(pool, size)) for _ in range(2)]
        g = new_game(catalog, field, hands, rules, first_seat=rng.randrange(2), date=(2026, 12), rng=rng)
        while not g.is_over() and g.empty_count() > empty:
            legal = g.legal_actions()
            g.push(legal[rng.randrange(len(legal))])
        if not g.is_over() and not g.effects() and g.empty_count() == empty:
            out.append(g)
    return out


def late_positions(catalog, opts: dict, empty: int, count: int, seed: int) -> list:
    rules = Rules.preset("updated", open=True, **opts).check()
    return [g.search_state() for g in games(catalog, rules, empty, count, seed)]


def hidden_positions(catalog, empty: int, count: int, seed: int) -> list:
    """Games of hidden hands at ``empty`` empty cells: (position, seat to move)."""
    from jayden_jazz.cards.position import Position

    return [(Position.parse(g.position()), g.to_move)
            for g in games(catalog, Rules.preset("updated").check(), empty, count, seed)]


def votes(catalog, empties: list[int], count: int, seed: int) -> None:
    from jayden_jazz.ai.cards.player import CardsPlayer

    print(f"{'empty':>5} {'worlds, kernel':>15} {'worlds, Python':>15} {'voted':>6}")
    for empty in empties:
        got: dict[bool, list[int]] = {True: [], False: []}
        voted = 0
        for parts, seat in hidden_positions(catalog, empty, count, seed + empty):
            for ready in (True, False):
                jit._ready.set() if ready else jit._ready.clear()
                d = CardsPlayer("hard", random.Random(seed), catalog).decide(parts, seat)
                if d.method == "pimc":
                    got[ready].append(d.detail["worlds"])
                    voted += ready
        jit._ready.set()
        mean = {k: sum(v) / len(v) if v else 0.0 for k, v in got.items()}
        print(f"{empty:5} {mean[True]:15.1f} {mean[False]:15.1f} {voted:4}/{count}", flush=True)


def solve_all(positions: list, compiled: bool) -> tuple[float, list]:
    t = time.process_time()
    answers = []
    for st in positions:
        r = Solver(st.copy(), compiled=compiled).solve_root(all_best=True, partial=True)
        answers.append((r.value, sorted(map(str, r.best))))
    return time.process_time() - t, answers


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--empty", default="3,4,5,6,7", help="empty cells, e.g. 4,5")
    ap.add_argument("--count", type=int, default=30, help="positions per rule set and empty count")
    ap.add_argument("--rules", action="append", choices=sorted(RULE_SETS), help="(repeat; default: all three)")
    ap.add_argument("--seed", type=int, default=500)
    ap.add_argument("--votes", type=int, default=0, metavar="N",
                    help="instead: Hard's worlds per move on N hidden-hand positions per empty count")
    args = ap.parse_args(argv)
    if not jit.warm():
        print("the compiled search is not available here (numba)", file=sys.stderr)
        return 1
    if args.votes:
        votes(load_packs([paths.shipped_dir("cards")])[0], [int(x) for x in args.empty.split(",")],
              args.votes, args.seed)
        return 0
    shipped = getattr(jit, "MIN_EMPTY", 0)
    catalog, _ = load_packs([paths.shipped_dir("cards")])
    print(f"{'rules':16} {'empty':>5} {'python ms':>10} {'kernel ms':>10} {'Hard ms':>8} "
          f"{'kernel x':>9} {'Hard x':>7}")
    for name in args.rules or list(RULE_SETS):
        for empty in (int(x) for x in args.empty.split(",")):
            positions = late_positions(catalog, RULE_SETS[name], empty, args.count, args.seed + empty)
            times: dict[str, list[float]] = {"python": [], "kernel": [], "hard": []}
            for _ in range(3):
                for way, compiled, low in (("python", False, shipped), ("kernel", True, 0),
                                           ("hard", True, shipped)):
                    jit.MIN_EMPTY = low
                    t, got = solve_all(positions, compiled)
                    times[way].append(t)
                    if way == "python":
                        want = got
                    elif got != want:
                        print(f"{name} at {empty} empty: the answers differ", file=sys.stderr)
                        return 1
            n = len(positions)
            py, jt, hard = (min(times[k]) for k in ("python", "kernel", "hard"))
            print(f"{name:16} {empty:5} {1000 * py / n:10.2f} {1000 * jt / n:10.2f} {1000 * hard / n:8.2f} "
                  f"{py / jt:9.2f} {py / hard:7.2f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
