"""What a first card's proof spends on each root move, and what another root order would spend.

    python tools/bench_cards_root.py --seeds 16 --opt open=1,same=1,plus=1,combo=1
    python tools/bench_cards_root.py --seeds 16,19 --opt open=1 --fresh 300000
    python tools/bench_cards_root.py --seeds 1,3,6,13,16,17,19 --opt open=1,same=1,plus=1,combo=1 --widen 2
    python tools/bench_cards_root.py --seeds 1-20 --opt open=1 --order exposed,solver,mcts,probe
    python tools/bench_cards_root.py --seeds 16 --opt open=1,same=1,plus=1,combo=1 --as-hard

Deals as ``tools/perfect_match.py`` deals them (its seeds), from the empty 3x3
board, one core, process time. Hard's first card asks the root's first pass
"does this card win?" of each root move in turn (:meth:`Solver.solve_root`),
a win ending it; a won deal's time is the losing moves tried before a
winning one plus that one's proof. Four views of it:

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
4. ``--order NAMES``: the first pass of each won deal on a fresh solver in
   each named root order (``ORDERS``: the solver's own; the one before it,
   ``exposed``, which did not put the weakest card first; the Monte Carlo
   search's root visits after 400 or 1000 iterations; 400 positions of the
   proof per move, a move shown to lose last; the card's weakest side
   facing an open cell; a depth-2 margin) -- positions and time to the
   first proven win, the order's own share, and how many moves it tried.
   ``--second``: the second mover's first card, after the first mover's
   first root move (the perfect player's card when every card loses).

``--as-hard`` numbers the pieces as Hard's own search does (the player's view
of the position), not as the deal does: the numbering breaks the move order's
ties, so the same deal's proof can cost another count of positions.

Not a test; seconds to minutes of one core per deal.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import cast

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from jayden_jazz.ai.cards.arena import shipped_cards_dirs  # noqa: E402
from jayden_jazz.ai.cards.infoset import Worlds  # noqa: E402
from jayden_jazz.ai.cards.player import _known, catalog_for, observe, read_position  # noqa: E402
from jayden_jazz.ai.cards.mcts import ISMCTS, MCTSParams, move_key  # noqa: E402
from jayden_jazz.ai.cards.solver import WIN, Move, OutOfTime, Solver, later_card_first  # noqa: E402
from jayden_jazz.ai.cards.split import _within  # noqa: E402
from jayden_jazz.cards.core import Core  # noqa: E402
from perfect_match import deal  # noqa: E402


def start_state(seed: int, options: dict, as_hard: bool) -> Core:
    """The first mover's search state of the deal: as ``perfect_match.deal`` numbers the
    pieces, or (``as_hard``) as Hard's own search numbers them (the player's view of the
    position, :class:`~jayden_jazz.ai.cards.infoset.Worlds`' template). The numbering
    breaks the move order's ties: Same + Plus + Combo deal 16's first pass is 454,000
    positions one way and 486,000 the other (946,000 and 720,000 before the reset's order)."""
    g = deal(seed, options)
    if not as_hard:
        return g.search_state()
    catalog = catalog_for(shipped_cards_dirs())
    pool = sorted(cid for cid in catalog if cid.split("/", 1)[0] == "default")
    parts, revealed = read_position(g.position(), catalog)
    return Worlds(observe(parts, g.to_move, _known(pool, catalog), revealed), catalog).template.copy()


# ---------------------------------------------------------------- root orders (predictors)
# Each takes the solver (its state at the root) and the solver's root moves, and returns the
# same moves in another order; ties keep the solver's order (the sorts are stable). The first
# pass then runs on that order as it runs on the solver's own (later_card_first included).

def by_exposed(solver: Solver, moves: list[Move]) -> list[Move]:
    """The order before the weakest card went first: :meth:`Solver._exposed` alone."""
    where = {pc: i for i, pc in enumerate(solver._exposed(solver._ordered(None)))}
    return sorted(moves, key=lambda m: where[(m[0], m[1])])


def by_sides(solver: Solver, moves: list[Move]) -> list[Move]:
    """The card's weakest side facing an open cell first (highest first), then its side sum:
    what the opponent's next card can attack."""
    st = solver.st

    def key(m: Move) -> tuple[int, int]:
        p, c = m[0], m[1]
        sides = st.sides[p]
        open_ = [sides[d] for d, nc, _ in st.adj[c] if st.cell[nc] < 0]
        return (-min(open_, default=99), -sum(sides))
    return sorted(moves, key=key)


def by_weak(solver: Solver, moves: list[Move]) -> list[Move]:
    """The weakest card first (the smallest side sum), its cells in the solver's order:
    the strong cards kept for later, when they can take."""
    st = solver.st
    return sorted(moves, key=lambda m: sum(st.sides[m[0]]))


def by_weak_sides(solver: Solver, moves: list[Move]) -> list[Move]:
    """The weakest card first, each card's cells by :func:`by_sides`."""
    return by_weak(solver, by_sides(solver, moves))


def by_shallow(solver: Solver, moves: list[Move]) -> list[Move]:
    """Depth 2 (the move, then every plain reply) scored by the cards held: the margin
    the opponent's best reply leaves, highest first."""
    st = solver.st
    me = st.to_move
    scores: dict[Move, int] = {}
    for m in moves:
        st.place(m[0], m[1])
        st.commit(m[2])
        if st.over:
            worst = 2 * st.counts[me] - sum(st.counts)
        else:
            worst = 99
            for q, cc in st.placements():
                st.place(q, cc)
                st.commit(None)
                worst = min(worst, 2 * st.counts[me] - sum(st.counts))
                st.uncommit()
                st.unplace()
        st.uncommit()
        st.unplace()
        scores[m] = worst
    return sorted(moves, key=lambda m: -scores[m])


class _Same:
    """MCTS's worlds when nothing is hidden: the root position, every time."""

    def __init__(self, st: Core) -> None:
        self.st = st

    def world(self, rng: object) -> Core:
        return self.st.copy()


def by_mcts(solver: Solver, moves: list[Move], iterations: int = 400) -> list[Move]:
    """The project's Monte Carlo search from the root for a few hundred iterations: most
    visited first, then the best mean."""
    st = solver.st
    worlds = cast(Worlds, _Same(st.copy()))         # the search asks its worlds for world() only
    stats = ISMCTS(worlds, random.Random(1), MCTSParams(iterations=iterations)).run().stats

    def key(m: Move) -> tuple[float, float]:
        vis, mean = stats.get(move_key(st, m), (0, 0.0))
        return (-vis, -mean)
    return sorted(moves, key=key)


def by_probe(solver: Solver, moves: list[Move], budget: int = 400) -> list[Move]:
    """Each move a few hundred positions of the proof itself (the shared table keeps them):
    a move shown to win first, unknown next, shown to lose last."""
    rank: dict[Move, int] = {}
    for m in moves:
        v = _within(solver, m, budget)
        rank[m] = 1 if v is None else 0 if v >= WIN else 2
        if v is not None and v >= WIN:
            break
    return sorted(moves, key=lambda m: rank.get(m, 1))


def by_replies(solver: Solver, moves: list[Move], budget: int = 500) -> list[Move]:
    """Each move given ``budget`` positions of proof over its replies in the solver's
    order ("does this reply lose?", each within what is left): the move with the
    fewest replies left standing first -- a move whose replies fall fast is cheap to
    prove, if it wins. The table keeps what the probes settled."""
    st = solver.st
    me = st.to_move
    left_standing: dict[Move, int] = {}
    for m in moves:
        depth = st.depth
        limit = solver.node_limit
        solver.node_limit = solver.total_nodes + budget
        st.place(m[0], m[1])
        st.commit(m[2])
        replies = [] if st.over else solver._ordered(None)
        standing = len(replies)
        try:
            for q, cc in replies:
                st.place(q, cc)
                st.commit(None)
                v = solver._reached(me, WIN - 1, WIN)
                st.uncommit()
                st.unplace()
                if v >= WIN:
                    standing -= 1
        except OutOfTime:
            pass
        finally:
            solver.node_limit = limit
        st.unwind(depth)
        left_standing[m] = standing
    return sorted(moves, key=lambda m: left_standing[m])


ORDERS = {"solver": lambda solver, moves: moves, "exposed": by_exposed, "sides": by_sides, "weak": by_weak,
          "weaksides": by_weak_sides, "shallow": by_shallow, "replies": by_replies,
          "replies2k": lambda solver, moves: by_replies(solver, moves, 2000), "mcts": by_mcts,
          "mcts1000": lambda solver, moves: by_mcts(solver, moves, 1000), "probe": by_probe}


def in_order(solver: Solver, moves: list[Move], show: bool) -> Move | None:
    """The solver's first pass (:meth:`Solver._first_reaching` for a win), each move shown."""
    return tried(solver, moves, show)[0]


def tried(solver: Solver, moves: list[Move], show: bool) -> tuple[Move | None, int]:
    """The first pass in that order: the winning move it ends on (or None), and how many
    moves it tried."""
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
            return m, len(moves) - len(left)
        refuted[m[0]] = refuted.get(m[0], 0) + 1
    return None, len(moves)


def compare(seeds: list[int], options: dict, names: list[str], second: bool, as_hard: bool = False) -> None:
    """Each won deal's first pass under each root order, fresh solvers: positions and process
    time to the first proven win, the predictor's own share and how many moves were tried.
    ``second``: the second mover's first card after the first mover's first root move."""
    totals: dict[str, list[float]] = {n: [0, 0.0, 0.0, 0] for n in names}
    for seed in seeds:
        start = start_state(seed, options, as_hard)
        label = f"deal {seed}"
        if second:
            m0 = Solver(start).root_moves()[0]
            start = start.copy()
            start.place(m0[0], m0[1])
            start.commit(m0[2])
            label += f" after {m0}"
        row = []
        for name in names:
            solver = Solver(start)
            moves = solver.root_moves()
            t0 = time.process_time()
            ordered = ORDERS[name](solver, moves)
            n_pred, t_pred = solver.total_nodes, time.process_time() - t0
            won, k = tried(solver, ordered, show=False)
            dt = time.process_time() - t0
            if won is None:
                row.append(f"{name}: no win ({solver.total_nodes} positions)")
                break                     # not a won position: every order refutes every move
            row.append(f"{name}: {solver.total_nodes} pos {dt:.2f} s (order {t_pred:.3f} s,"
                       f" {n_pred} pos) try {k} {won}")
            t = totals[name]
            t[0] += solver.total_nodes
            t[1] += dt
            t[2] += t_pred
            t[3] = max(t[3], solver.total_nodes)
        print(f"{label}, {len(moves)} root moves:", flush=True)
        for r in row:
            print("   " + r, flush=True)
    for name, (n, secs, tp, worst) in totals.items():
        print(f"in all, {name}: {n:.0f} positions, {secs:.2f} s (its order {tp:.2f} s), worst deal {worst:.0f}")


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
    ap.add_argument("--order", default="", help=f"compare root orders, e.g. solver,mcts: {', '.join(ORDERS)}")
    ap.add_argument("--second", action="store_true", help="with --order: the second mover's first card")
    ap.add_argument("--as-hard", action="store_true", help="the pieces numbered as Hard's own search numbers them")
    args = ap.parse_args(argv)
    options = dict(part.partition("=")[::2] for part in args.opt.split(",") if part)
    seeds = [int(s) for s in args.seeds.split("-")] if "-" in args.seeds else []
    seeds = list(range(seeds[0], seeds[1] + 1)) if seeds else [int(s) for s in args.seeds.split(",")]
    if args.order:
        compare(seeds, options, args.order.split(","), args.second, args.as_hard)
        return 0
    totals = [0, 0.0, 0, 0.0]
    for seed in seeds:
        start = start_state(seed, options, args.as_hard)
        solver = Solver(start.copy())
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
                alone = Solver(start.copy())
                t0 = time.process_time()
                v = _within(alone, m, args.fresh)
                dt = time.process_time() - t0
                said = "unknown" if v is None else "wins" if v >= WIN else "no win"
                print(f"     {m}: {said}, {alone.total_nodes} positions, {dt:.2f} s")
                if v is not None and v >= WIN and (cheapest is None or alone.total_nodes < cheapest[1]):
                    cheapest = (m, alone.total_nodes, dt)
            print(f"   cheapest winning move alone: {cheapest if cheapest else 'none within the cap'}")
        if args.widen:
            wide = Solver(start.copy())
            t0 = time.process_time()
            got = widened(wide, wide.root_moves(), args.widen, args.budget)
            t2 = time.process_time() - t0
            assert (got is None) == (won is None), (seed, got, won)
            if got is not None:
                assert Solver(start.copy()).child_value(got, WIN - 1, WIN) >= WIN, (seed, got)
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
