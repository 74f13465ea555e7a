"""What a first card's proof spends on each root move, and what another root order would spend.

    python tools/bench_cards_root.py --seeds 16 --opt open=1,same=1,plus=1,combo=1
    python tools/bench_cards_root.py --seeds 16,19 --opt open=1 --fresh 300000
    python tools/bench_cards_root.py --seeds 1,3,6,13,16,17,19 --opt open=1,same=1,plus=1,combo=1 --widen 2

Deals as ``tools/perfect_match.py`` deals them (its seeds), from the empty 3x3
board, one core, process time. Hard's first card asks the root's first pass
"does this card win?" of each root move in turn (:meth:`Solver.solve_root`),
a win ending it; a won deal's time is the losing moves tried before a
winning one plus that one's proof. Three views of it:

1. ``order`` (always): the first pass in the solver's own order -- each move
   tried, its value in the null window and its positions -- as Hard's first
   card meets them.
2. ``--fresh CAP``: every root move settled alone on a fresh solver within
   CAP positions (or not). The cheapest winning move is what the best root
   order could spend if it tried that move first (a table warmed by other
   moves can make a move cheaper, but the warming costs its own positions).
3. ``--widen K``: the first pass by iterative widening at the root against
   the solver's order on the same deals: at most K root moves left unsettled
   at a time, each given a budget of positions (``--budget``, doubling each
   time it runs out: a budget that runs out says nothing about the move, the
   table keeps what it searched); a cheap winning move is then found before
   costly refutations. Both answers are checked to be proven wins of the same
   deal (or both none).

Not a test; seconds to minutes of one core per deal.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from jayden_jazz.ai.cards.solver import WIN, Move, Solver, later_card_first  # noqa: E402
from jayden_jazz.ai.cards.split import _within  # noqa: E402
from perfect_match import deal  # noqa: E402


def in_order(solver: Solver, moves: list[Move], show: bool) -> Move | None:
    """The solver's first pass (:meth:`Solver._first_reaching` for a win), each move shown."""
    left = list(moves)
    refuted: dict[int, int] = {}
    while left:
        m = left.pop(later_card_first(left, refuted))
        n0, t0 = solver.total_nodes, time.process_time()
        v = solver.child_value(m, WIN - 1, WIN)
        if show:
            print(f"     {m}: {'wins' if v >= WIN else 'no win'}, {solver.total_nodes - n0} positions,"
                  f" {time.process_time() - t0:.2f} s")
        if v >= WIN:
            return m
        refuted[m[0]] = refuted.get(m[0], 0) + 1
    return None


def widened(solver: Solver, moves: list[Move], window: int, budget: int) -> Move | None:
    """The first pass by iterative widening: up to ``window`` moves unsettled at a time, the
    one with the smallest budget searched next; a budget that runs out doubles."""
    left = list(moves)
    refuted: dict[int, int] = {}
    open_: list[tuple[Move, int]] = []
    while left or open_:
        if len(open_) < window and left:
            m, b = left.pop(later_card_first(left, refuted)), budget
        else:
            k = min(range(len(open_)), key=lambda i: open_[i][1])
            m, b = open_.pop(k)
        v = _within(solver, m, b)
        if v is None:                     # ran out: unknown, never a value
            open_.append((m, 2 * b))
            continue
        if v >= WIN:
            return m
        refuted[m[0]] = refuted.get(m[0], 0) + 1
    return None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", default="16", help="deals, as perfect_match.py's seeds: 16 or 1,3,6")
    ap.add_argument("--opt", default="open=1", help="rules, e.g. open=1,same=1,plus=1,combo=1")
    ap.add_argument("--fresh", type=int, default=0, help="each root move alone within this many positions")
    ap.add_argument("--widen", type=int, default=0, help="iterative widening with this many moves open")
    ap.add_argument("--budget", type=int, default=1 << 14, help="a widened move's first budget")
    args = ap.parse_args(argv)
    options = dict(part.partition("=")[::2] for part in args.opt.split(",") if part)
    seeds = [int(s) for s in args.seeds.split(",")]
    totals = [0, 0.0, 0, 0.0]
    for seed in seeds:
        g = deal(seed, options)
        solver = Solver(g.search_state())
        moves = solver.root_moves()
        print(f"deal {seed} ({args.opt}), {len(moves)} root moves; the solver's order:")
        t0 = time.process_time()
        won = in_order(solver, moves, show=not args.widen)
        t1 = time.process_time() - t0
        print(f"   {'won by ' + str(won) if won else 'no winning move'}: {solver.total_nodes} positions, {t1:.2f} s")
        totals[0] += solver.total_nodes
        totals[1] += t1
        if args.fresh:
            print(f"   each root move alone, fresh, within {args.fresh} positions:")
            cheapest = None
            for m in moves:
                alone = Solver(g.search_state())
                t0 = time.process_time()
                v = _within(alone, m, args.fresh)
                dt = time.process_time() - t0
                said = "unknown" if v is None else "wins" if v >= WIN else "no win"
                print(f"     {m}: {said}, {alone.total_nodes} positions, {dt:.2f} s")
                if v is not None and v >= WIN and (cheapest is None or alone.total_nodes < cheapest[1]):
                    cheapest = (m, alone.total_nodes, dt)
            print(f"   cheapest winning move alone: {cheapest if cheapest else 'none within the cap'}")
        if args.widen:
            wide = Solver(g.search_state())
            t0 = time.process_time()
            got = widened(wide, wide.root_moves(), args.widen, args.budget)
            t2 = time.process_time() - t0
            assert (got is None) == (won is None), (seed, got, won)
            if got is not None:
                assert Solver(g.search_state()).child_value(got, WIN - 1, WIN) >= WIN, (seed, got)
            print(f"   widened ({args.widen} open, from {args.budget}): {got}, {wide.total_nodes} positions,"
                  f" {t2:.2f} s")
            totals[2] += wide.total_nodes
            totals[3] += t2
    if args.widen:
        print(f"in all: the solver's order {totals[0]} positions {totals[1]:.2f} s;"
              f" widened {totals[2]} positions {totals[3]:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
