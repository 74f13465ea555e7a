"""The classic rules compiled to tables against the capture steps they compile, side by side.

    python tools/bench_classic.py [--positions 30] [--iterations 400] [--seed 1]

Same, Plus and Combo are capture steps (``cards/classic.py``); the core
uses the compiled form (``cards/classic_table.py``; under Turn effects on
the values of ``cards/turn_values.py``) and so do the bit searches. The baseline here is the same search with the
compiled form switched off, so every capture runs the steps, as before the
tables existed. Three questions, all 3x3 with Same + Plus + Combo:

1. Exact: every move's value of Open positions after 3-5 random placements
   (Pure and with abilities), the Hard level's question (values checked equal).
2. Monte Carlo: a fixed number of iterations from the first move of a
   hidden-hands game.
3. Sampled worlds: the hidden-hands exact search (one world's solve) after
   three placements.

Ratios are baseline time / new time (larger is better), in process time, so
other programs on the machine disturb them less.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jayden_jazz.ai.cards.infoset import Worlds, observe  # noqa: E402
from jayden_jazz.ai.cards.mcts import ISMCTS, MCTSParams  # noqa: E402
from jayden_jazz.ai.cards.solver import Solver  # noqa: E402
from jayden_jazz.cards.position import Position  # noqa: E402
from jayden_jazz.cards import Game, Rules, deal_random, get_field, load_packs, new_game  # noqa: E402
from jayden_jazz.cards.core import Core  # noqa: E402

DEFAULT = Path(__file__).resolve().parent.parent / "cards" / "default"
SPC = {"same": True, "plus": True, "combo": True}


def steps_only(st: Core) -> Core:
    """The same state with the compiled captures switched off (the baseline)."""
    g = st.copy()
    g.compiled_rule = False
    g.bit_rule = False
    g.use_judge(g.judge)
    return g


def dealt(cat, rng: random.Random, placed: int, rules: Rules) -> Game:
    f = get_field("3x3")
    g = new_game(cat, f, deal_random(sorted(cat), f, 2, rules, rng), rules, first_seat=0, date=(2026, 11), rng=rng)
    while g.ply < placed and not g.is_over():
        legal = g.legal_actions()
        g.push(legal[rng.randrange(len(legal))])
    return g


def timed(fn):
    t = time.process_time()
    out = fn()
    return out, time.process_time() - t


def every_move(st: Core) -> dict:
    s = Solver(st)
    return {m: s.child_value(m) for m in s.root_moves()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--iterations", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    cat, _ = load_packs([DEFAULT])
    rng = random.Random(args.seed)

    base = new = 0.0
    for i in range(args.positions):
        rules = Rules(open=True, pure=i % 2 == 0, **SPC)
        g = dealt(cat, rng, 3 + i % 3 + (i % 2), rules)
        if g.is_over():
            continue
        want, tb = timed(lambda: every_move(steps_only(g.search_state())))
        got, tn = timed(lambda: every_move(g.search_state()))
        if sorted(want.values()) != sorted(got.values()):
            raise SystemExit(f"values differ at {g.position()}")
        base += tb
        new += tn
    print(f"exact, every move's value, {args.positions} Open positions: steps {base:.2f} s, "
          f"tables {new:.2f} s: {base / new:.1f}x")

    base = new = 0.0
    for i in range(max(1, args.positions // 5)):
        g = dealt(cat, rng, 0, Rules(**SPC))
        view = observe(Position.parse(g.position()), g.to_move, cat.keys())
        for off, acc in ((True, "base"), (False, "new")):
            worlds = Worlds(view, cat)
            if off:
                worlds.template = steps_only(worlds.template)
            search = ISMCTS(worlds, random.Random(i), MCTSParams(iterations=args.iterations))
            _, t = timed(search.run)
            if acc == "base":
                base += t
            else:
                new += t
    print(f"Monte Carlo, {args.iterations} iterations from the first move, hidden hands: "
          f"steps {base:.2f} s, tables {new:.2f} s: {base / new:.1f}x")

    base = new = 0.0
    for i in range(args.positions):
        g = dealt(cat, rng, 3, Rules(pure=True, **SPC))
        if g.is_over():
            continue
        want, tb = timed(lambda: Solver(steps_only(g.search_state()), bits=False).search(-2, 2))
        got, tn = timed(lambda: Solver(g.search_state()).search(-2, 2))
        if want != got:
            raise SystemExit(f"values differ at {g.position()}")
        base += tb
        new += tn
    print(f"one world's win/draw/loss after three placements, {args.positions} positions: "
          f"steps {base:.2f} s, tables {new:.2f} s: {base / new:.1f}x")


if __name__ == "__main__":
    main()
