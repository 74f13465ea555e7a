"""How fast the card-game computer player thinks, as ratios against baselines run alongside.

    python tools/bench_cards_ai.py [--quick] [--seed 1]

Three measurements on random 3x3 Open deals from the default pack:

1. Exact solving after 1, 2 and 3 placements (abilities on, then Pure):
   the Hard level's search (packed bit search + effect hand-over) against the
   same alpha-beta kept entirely in the engine mirror (``bits=False``), and,
   for the smaller positions, against a textbook negamax on the engine
   itself (``Game.push``/``pop``/``zobrist`` with a bound table). Ratios are
   baseline time / Hard time, so larger is better; absolute seconds are
   printed too but depend on the machine and its load.
2. Whole-game solve from the first placement (Pure and abilities), the
   brief's yardstick for "solves 3x3 Open from the first placement".
3. MCTS iterations per second (3x3 hidden, 5x5 hidden), with the engine's
   random playout rate as the baseline.

Process time is used, so other programs on the machine disturb it less.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jayden_jazz.ai.cards.player import catalog_for  # noqa: E402
from jayden_jazz.ai.cards.infoset import Worlds, observe  # noqa: E402
from jayden_jazz.ai.cards.mcts import ISMCTS, MCTSParams  # noqa: E402
from jayden_jazz.ai.cards.solver import Solver  # noqa: E402
from jayden_jazz.cards.core import Core  # noqa: E402
from jayden_jazz.cards.position import Position  # noqa: E402
from jayden_jazz.cards import Game, Rules, deal_random, get_field, new_game  # noqa: E402

DEFAULT = str(Path(__file__).resolve().parent.parent / "cards" / "default")


def deal(cat, rng: random.Random, rules: Rules, placed: int, field: str = "3x3", players: int = 2) -> Game:
    fld = get_field(field)
    g = new_game(cat, fld, deal_random(list(cat), fld, players, rules, rng), rules, first_seat=0, date=(2026, 11))
    for _ in range(placed):
        legal = g.legal_actions()
        g.push(legal[rng.randrange(len(legal))])
    return g


def engine_negamax(g: Game) -> tuple[int, int]:
    """The textbook baseline: alpha-beta straight on the engine with a bound table."""
    tt: dict[int, tuple[int, int]] = {}
    nodes = [0]

    def nm(alpha: int, beta: int) -> int:
        nodes[0] += 1
        z = g.zobrist()
        e = tt.get(z)
        if e is not None:
            lo, hi = e
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            alpha, beta = max(alpha, lo), min(beta, hi)
        a0, me, best = alpha, g.to_move, -2
        for a in g.legal_actions():
            g.push(a)
            if g.is_over():
                v = int(g.returns()[me])
            elif g.to_move == me:
                v = nm(alpha, beta)
            else:
                v = -nm(-beta, -alpha)
            g.pop()
            if v > best:
                best = v
                alpha = max(alpha, v)
                if alpha >= beta:
                    break
        tt[z] = (-2, best) if best <= a0 else (best, 2) if best >= beta else (best, best)
        return best

    return nm(-2, 2), nodes[0]


def timed(fn):
    t = time.process_time()
    out = fn()
    return out, time.process_time() - t


def bench_solve(cat, seed: int, count: int, quick: bool) -> None:
    print("1. exact solve, 3x3 Open (seconds are sums over the positions)")
    print(f"   {'rules':10} {'placed':>6} {'hard s':>8} {'nodes':>9} {'mirror s':>9} {'x':>6} {'engine s':>9} {'x':>6}")
    for label, rules in (("abilities", Rules(open=True)), ("pure", Rules(open=True, pure=True))):
        for placed in (3, 2, 1):
            rng = random.Random(seed * 100 + placed)
            games = [deal(cat, rng, rules, placed) for _ in range(count)]
            hard_s = mirror_s = engine_s = 0.0
            nodes = 0
            for g in games:
                st = Core.from_position(g.position(), cat)
                (v1, n1), t1 = timed(lambda: (lambda s: (s.search(-2, 2), s.total_nodes))(Solver(st)))
                (v2, _), t2 = timed(lambda: (lambda s: (s.search(-2, 2), 0))(Solver(st, bits=False)))
                assert v1 == v2
                hard_s += t1
                mirror_s += t2
                nodes += n1
                if placed >= 2 or not quick:
                    (v3, _), t3 = timed(lambda: engine_negamax(g.clone()))
                    assert v3 == v1
                    engine_s += t3
            eng = f"{engine_s:9.2f} {engine_s / hard_s:6.1f}" if engine_s else f"{'-':>9} {'-':>6}"
            print(f"   {label:10} {placed:6d} {hard_s:8.2f} {nodes:9d} {mirror_s:9.2f} "
                  f"{mirror_s / hard_s:6.1f} {eng}")


def bench_full(cat, seed: int, count: int) -> None:
    print("2. whole game from the first placement (Hard's search, root value and every move's)")
    for label, rules in (("pure", Rules(open=True, pure=True)), ("abilities", Rules(open=True))):
        rng = random.Random(seed * 7)
        times = []
        for _ in range(count):
            g = deal(cat, rng, rules, 0)
            st = Core.from_position(g.position(), cat)
            _, t = timed(lambda: Solver(st).solve_root())
            times.append(t)
        print(f"   {label:10} mean {sum(times) / len(times):6.2f} s, worst {max(times):6.2f} s "
              f"over {count} deals")


def bench_mcts(cat, seed: int, seconds: float) -> None:
    print("3. MCTS iterations per second (hidden hands) vs engine random playouts per second")
    for field, players in (("3x3", 2), ("5x5", 2), ("5x5", 4)):
        rng = random.Random(seed)
        g = deal(cat, rng, Rules(), 0, field, players)
        view = observe(Position.parse(g.position()), g.to_move, cat.keys())
        search = ISMCTS(Worlds(view, cat), random.Random(1), MCTSParams(iterations=None, seconds=seconds),
                        clock=time.process_time)
        res = search.run()
        rate = res.iterations / seconds
        t0 = time.process_time()
        playouts = 0
        while time.process_time() - t0 < seconds:
            e = g.clone()
            while not e.is_over():
                legal = e.legal_actions()
                e.push(legal[rng.randrange(len(legal))])
            playouts += 1
        base = playouts / (time.process_time() - t0)
        print(f"   {field} {players}p: {rate:8.0f} iterations/s, engine playouts {base:7.0f}/s, "
              f"ratio {rate / base:5.1f}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer positions, no whole-game solve")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    cat = catalog_for([DEFAULT])
    bench_solve(cat, args.seed, 3 if args.quick else 6, args.quick)
    if not args.quick:
        bench_full(cat, args.seed, 3)
    bench_mcts(cat, args.seed, 1.0 if args.quick else 2.0)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
