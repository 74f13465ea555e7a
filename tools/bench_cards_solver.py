"""The exact card-margin solver against a plain negamax, side by side in one process.

    python tools/bench_cards_solver.py [--positions 200] [--placed 2-5] [--full 2] [--wdl 4] [--seed 1]
    python tools/bench_cards_solver.py --positions 0 --full 0 --wdl 0 --wdl-rules open=1,same=1,plus=1,combo=1
    python tools/bench_cards_solver.py --positions 0 --full 0 --wdl 0 --wdl-sets 8
    python tools/bench_cards_solver.py --positions 0 --full 0 --wdl 0 --wdl-sets 8 --sets-with same,plus
    python tools/bench_cards_solver.py --positions 0 --full 0 --wdl 0 --wdl-sets 20 --compiled

The baseline is the straightforward search anyone would write first: the
position as lists (card per cell, owner per cell, two hands), captures found
by comparing the touching sides, negamax with alpha-beta and a table of
bounds keyed by the whole position. Both compute exact card margins
(:mod:`jayden_jazz.ai.cards.exact`), and every value is checked equal.

1. Every move's value on random 3x3 Open Pure positions after a few random
   placements (``--placed``, cycled; the Hard level's question at every
   move). With one card placed a position costs the baseline about a
   second, so ``--placed 1-4`` is best run with fewer positions.
2. The value of the empty 3x3 board (a whole deal solved from the first card).
3. The empty board's win/draw/loss alone, as Hard asks it at its first card: the
   baseline's null-window search (a window around a draw) against the root of
   :class:`~jayden_jazz.ai.cards.solver.Solver` (``solve_root``: a win found ends
   it), and how many deals the solver answers within Hard's first-card time
   (``--wdl``; the level's seconds times its opening share, in process time).
4. The same answer under the game's rules with abilities and classic captures
   (``--wdl-rules``, e.g. ``open=1`` or ``open=1,same=1,plus=1,combo=1``; dealt as
   ``tools/perfect_match.py`` deals; no baseline: it knows only plain cards).
5. The same per rule set, one row each (``--wdl-sets N``: N deals of each of Pure,
   Open, Same, Same Wall, Plus, Same + Plus + Combo, Elemental, Reverse, Fallen Ace,
   Reverse + Fallen Ace, all with the default pack's abilities but Pure): "within
   1.28 s: k of N" on one core and split. The load average is printed before and after
   (process times on a busy machine still come out longer: caches and memory are shared).
   ``--sets-with same,plus`` keeps the sets that turn on any of those rules (here the
   Same, Same Wall, Plus and Same + Plus + Combo rows, whose captures cost most).

``--compiled``: sets 3-5 with the positions below the root searched by the compiled
kernel (``jayden_jazz/ai/cards/jit``), as Hard has it once its worker has warmed it.

In 3 and 4 the answer is also timed as Hard's first card gets it on two cores:
the proof shared with a forked helper (``jayden_jazz/ai/cards/split.py``).
Its time is the longer of the two processes' CPU times (what the proof takes
on two free cores; on a loaded machine its wall time says more about the
load than about the proof), and "within" counts by that time.

Ratios are baseline time / solver time (larger is better); process time is
used, so other programs on the machine disturb it less.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jayden_jazz.ai.cards.exact import solve  # noqa: E402
from jayden_jazz.ai.cards.player import LEVELS, OPENING_SHARE  # noqa: E402
from jayden_jazz.ai.cards.solver import Solver  # noqa: E402
from jayden_jazz.ai.cards.split import solve_root_split  # noqa: E402
from jayden_jazz.cards import Game, Rules, deal_random, get_field, load_packs, new_game  # noqa: E402

DEFAULT = Path(__file__).resolve().parent.parent / "cards" / "default"


class PlainNegamax:
    """The baseline: textbook negamax, alpha-beta, a bound table keyed by the whole position."""

    def __init__(self, game: Game) -> None:
        core = game.search_state()          # the state the game hands a search (a copy)
        self.sides = core.sides
        self.adj = core.adj
        self.ties = core.ties
        self.cells = list(core.cell)
        self.owner = list(core.owner)
        self.hands = [list(h) for h in core.hands]
        self.turn = core.to_move
        self.play_cells = list(core.play_cells)
        self.tt: dict[tuple, tuple[int, int]] = {}
        self.nodes = 0

    def margin(self, seat: int) -> int:
        mine = sum(1 for c in self.play_cells if self.owner[c] == seat)
        other = sum(1 for c in self.play_cells if self.owner[c] >= 0) - mine
        return mine - other

    def moves(self) -> list[tuple[int, int]]:
        free = [c for c in self.play_cells if self.cells[c] < 0]
        return [(p, c) for p in self.hands[self.turn] for c in free]

    def play(self, p: int, c: int) -> tuple[int, list[int]]:
        seat = self.turn
        hand = self.hands[seat]
        i = hand.index(p)
        hand.pop(i)
        self.cells[c] = p
        self.owner[c] = seat
        taken = []
        for d, nc, od in self.adj[c]:
            q = self.cells[nc]
            if q >= 0 and self.owner[nc] != seat:
                a, b = self.sides[p][d], self.sides[q][od]
                if a > b or (self.ties and a == b):
                    taken.append(nc)
        for x in taken:
            self.owner[x] = seat
        self.turn = 1 - seat
        return i, taken

    def undo(self, p: int, c: int, i: int, taken: list[int]) -> None:
        seat = 1 - self.turn
        for x in taken:
            self.owner[x] = 1 - seat
        self.cells[c] = -1
        self.owner[c] = -1
        self.hands[seat].insert(i, p)
        self.turn = seat

    def search(self, alpha: int, beta: int) -> int:
        self.nodes += 1
        moves = self.moves()
        if not moves:
            return self.margin(self.turn)
        key = (tuple(self.cells), tuple(self.owner), tuple(sorted(self.hands[0])),
               tuple(sorted(self.hands[1])), self.turn)
        e = self.tt.get(key)
        if e is not None:
            lo, hi = e
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            alpha, beta = max(alpha, lo), min(beta, hi)
        a0 = alpha
        best = -99
        for p, c in moves:
            i, taken = self.play(p, c)
            v = -self.search(-beta, -alpha)
            self.undo(p, c, i, taken)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        self.tt[key] = (-99, best) if best <= a0 else (best, 99) if best >= beta else (best, best)
        return best

    def all_moves(self) -> dict[tuple[int, int], int]:
        out = {}
        for p, c in self.moves():
            i, taken = self.play(p, c)
            out[(p, c)] = -self.search(-99, 99)
            self.undo(p, c, i, taken)
        return out


def deal(cat, rng: random.Random, placed: int) -> Game:  # type: ignore[no-untyped-def]
    fld = get_field("3x3")
    rules = Rules(open=True, pure=True)
    g = new_game(cat, fld, deal_random(sorted(cat), fld, 2, rules, rng), rules, first_seat=0, date=(2026, 11))
    for _ in range(placed):
        legal = g.legal_actions()
        g.push(legal[rng.randrange(len(legal))])
    return g


def clock(fn):  # type: ignore[no-untyped-def]
    t = time.process_time()
    out = fn()
    return out, time.process_time() - t


def bench_moves(cat, rng: random.Random, count: int, placed: tuple[int, int]) -> float:  # type: ignore[no-untyped-def]
    base_s = ours_s = 0.0
    base_n = ours_n = 0
    lo, hi = placed
    for i in range(count):
        g = deal(cat, rng, lo + i % (hi - lo + 1))
        base = PlainNegamax(g)
        want, t0 = clock(base.all_moves)
        got, t1 = clock(lambda: solve(g))
        assert {str(g.action_of((p, c, None))): v for (p, c), v in want.items()} == \
            {str(a): v for a, v in got.moves.items()}, g.position()
        base_s += t0
        ours_s += t1
        base_n += base.nodes
        ours_n += got.nodes
    print(f"1. every move's margin, {count} positions ({lo}-{hi} cards placed)")
    print(f"   baseline {base_s:7.2f} s {base_n:9d} nodes | solver {ours_s:7.2f} s {ours_n:9d} nodes"
          f" | x{base_s / ours_s:5.2f}")
    return base_s / ours_s


def bench_full(cat, rng: random.Random, count: int) -> float:  # type: ignore[no-untyped-def]
    base_s = ours_s = 0.0
    for _ in range(count):
        g = deal(cat, rng, 0)
        base = PlainNegamax(g)
        want, t0 = clock(lambda: base.search(-99, 99))
        got, t1 = clock(lambda: solve(g, moves=False))
        assert want == got.value, g.position()
        base_s += t0
        ours_s += t1
        print(f"   deal: margin {want:+d}; baseline {t0:6.2f} s {base.nodes:8d} nodes | "
              f"solver {t1:6.2f} s {got.nodes:8d} nodes", flush=True)
    print(f"2. the empty board, {count} deals: baseline {base_s:7.2f} s | solver {ours_s:7.2f} s"
          f" | x{base_s / ours_s:5.2f}")
    return base_s / ours_s


COMPILED = [False]      # --compiled: the root's positions searched by the compiled kernel (ai/cards/jit)


def new_solver(st):  # type: ignore[no-untyped-def]
    """The solver of sets 3-5: Hard's (the compiled search once ready) with --compiled."""
    return Solver(st, compiled=COMPILED[0])


def split_clock(g: Game) -> tuple[object, float]:  # type: ignore[no-untyped-def]
    """The split root's answer and its time on two cores: the longer of the two processes'
    CPU times (this process's, and the helper's, read once it has been reaped)."""
    t, kids = time.process_time(), os.times()
    out = solve_root_split(new_solver(g.search_state()))
    mine = time.process_time() - t
    after = os.times()
    helper = after.children_user + after.children_system - kids.children_user - kids.children_system
    return out, max(mine, helper)


def hard_first_card() -> float:
    """Hard's time for the exact answer at its first card (process seconds on a free core)."""
    return LEVELS["hard"].seconds * OPENING_SHARE


def bench_wdl(cat, rng: random.Random, count: int) -> float:  # type: ignore[no-untyped-def]
    base_s = ours_s = split_s = 0.0
    inside = inside2 = 0
    for _ in range(count):
        g = deal(cat, rng, 0)
        base = PlainNegamax(g)
        want, t0 = clock(lambda: base.search(-1, 1))
        got, t1 = clock(lambda: new_solver(g.search_state()).solve_root())
        halves, t2 = split_clock(g)
        assert (want > 0) - (want < 0) == got.value == halves.value, g.position()  # type: ignore[attr-defined]
        base_s += t0
        ours_s += t1
        split_s += t2
        inside += t1 <= hard_first_card()
        inside2 += t2 <= hard_first_card()
        print(f"   deal: {('loss', 'draw', 'win')[got.value + 1]}; baseline {t0:6.2f} s {base.nodes:8d} nodes | "
              f"solver {t1:6.2f} s {got.nodes:8d} nodes | split {t2:6.2f} s", flush=True)
    print(f"3. win/draw/loss from the empty board, {count} deals: baseline {base_s:7.2f} s | solver {ours_s:7.2f} s"
          f" | x{base_s / ours_s:5.2f}; within Hard's first-card time ({hard_first_card():.2f} s): {inside} of {count}")
    print(f"   split over two cores: {split_s:7.2f} s | x{base_s / split_s:5.2f} the baseline,"
          f" x{ours_s / split_s:5.2f} one core; within Hard's first-card time: {inside2} of {count}")
    return base_s / ours_s


def bench_wdl_rules(text: str, seed: int, count: int) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from perfect_match import deal as match_deal  # the tournament's deals
    options = dict(part.partition("=")[::2] for part in text.split(",") if part)
    total = total2 = 0.0
    inside = inside2 = 0
    for i in range(count):
        g = match_deal(seed + i, options)
        got, t = clock(lambda: new_solver(g.search_state()).solve_root())
        halves, t2 = split_clock(g)
        assert halves.value == got.value, g.position()  # type: ignore[attr-defined]
        total += t
        total2 += t2
        inside += t <= hard_first_card()
        inside2 += t2 <= hard_first_card()
        print(f"   deal {seed + i}: {('loss', 'draw', 'win')[got.value + 1]}; solver {t:6.2f} s {got.nodes:8d} nodes"
              f" | split {t2:6.2f} s", flush=True)
    print(f"4. win/draw/loss from the empty board, {text}, {count} deals: solver {total:7.2f} s,"
          f" mean {total / count:.2f} s; within Hard's first-card time ({hard_first_card():.2f} s): {inside} of {count}")
    print(f"   split over two cores: {total2:7.2f} s, mean {total2 / count:.2f} s (x{total / total2:5.2f});"
          f" within Hard's first-card time: {inside2} of {count}")


# the rule sets of the per-rule-set table (``--wdl-sets``): each capture rule the game offers,
# with the default pack's abilities (and once without, Pure), dealt as the tournament deals
RULE_SETS = [
    "open=1,pure=1",
    "open=1",
    "open=1,same=1",
    "open=1,same=1,same_wall=1",
    "open=1,plus=1",
    "open=1,same=1,plus=1,combo=1",
    "open=1,elemental=1",
    "open=1,reverse=1",
    "open=1,fallen_ace=1",
    "open=1,reverse=1,fallen_ace=1",
]


def bench_wdl_sets(sets: list[str], seed: int, count: int) -> None:
    """5. The empty board's win/draw/loss per rule set, ``count`` deals each: one row per set,
    the first card's proof on one core and split over two, and how many deals each answers
    within Hard's first-card time."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from perfect_match import deal as match_deal  # the tournament's deals
    limit = hard_first_card()
    print(f"5. win/draw/loss from the empty board per rule set, {count} deals each (seeds {seed}-{seed + count - 1});"
          f" load average {os.getloadavg()[0]:.1f}")
    print(f"   {'rules':34} {'W-D-L':7} {'one core mean/worst':>20} {'split mean/worst':>17}  within {limit:.2f} s")
    all_in = all_n = won_all = won_n = 0
    for text in sets:
        options = dict(part.partition("=")[::2] for part in text.split(",") if part)
        ones: list[float] = []
        twos: list[float] = []
        wdl = [0, 0, 0]
        won_in = 0                    # won deals answered within the time, split
        for i in range(count):
            g = match_deal(seed + i, options)
            got, t = clock(lambda: new_solver(g.search_state()).solve_root())
            halves, t2 = split_clock(g)
            assert halves.value == got.value, g.position()  # type: ignore[attr-defined]
            wdl[1 - got.value] += 1
            won_in += got.value == 1 and t2 <= limit  # type: ignore[attr-defined]
            ones.append(t)
            twos.append(t2)
        k1 = sum(t <= limit for t in ones)
        k2 = sum(t <= limit for t in twos)
        all_in += k2
        all_n += count
        won_all += won_in
        won_n += wdl[0]
        print(f"   {text:34} {'-'.join(map(str, wdl)):7} {sum(ones) / count:9.2f} / {max(ones):5.2f} s"
              f" {sum(twos) / count:7.2f} / {max(twos):5.2f} s  one core {k1} of {count}, split {k2} of {count}"
              f" (won deals {won_in} of {wdl[0]})", flush=True)
    print(f"   every set: split within Hard's first-card time {all_in} of {all_n}, won deals {won_all} of {won_n};"
          f" load average"
          f" {os.getloadavg()[0]:.1f}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--placed", default="2-5", help="cards placed before the positions, e.g. 1-4")
    ap.add_argument("--full", type=int, default=2, help="deals solved from the empty board")
    ap.add_argument("--wdl", type=int, default=4, help="deals whose empty board's win/draw/loss is timed")
    ap.add_argument("--wdl-rules", action="append", default=[], metavar="RULES",
                    help="also time the win/draw/loss answer under these rules (open=1,same=1,...)")
    ap.add_argument("--wdl-sets", type=int, default=0, metavar="N",
                    help="the empty board's win/draw/loss per rule set (Pure, Open, Same, Same Wall, Plus,"
                         " Same+Plus+Combo, Elemental, Reverse, Fallen Ace), N deals each")
    ap.add_argument("--sets-with", default="", metavar="RULES",
                    help="only the rule sets of --wdl-sets that turn on one of these (e.g. same,plus)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--compiled", action="store_true",
                    help="sets 3-5 with the compiled search as Hard has it (needs numba; warmed first)")
    args = ap.parse_args(argv)
    if args.compiled:
        from jayden_jazz.ai.cards import jit
        if not jit.warm():
            ap.error("--compiled needs numba (a dependency of the game: pip install -e .)")
        COMPILED[0] = True
    cat, _ = load_packs([DEFAULT])
    if args.positions:
        lo, _, hi = args.placed.partition("-")
        bench_moves(cat, random.Random(args.seed), args.positions, (int(lo), int(hi or lo)))
    if args.full:
        bench_full(cat, random.Random(args.seed + 1), args.full)
    if args.wdl:
        bench_wdl(cat, random.Random(args.seed + 2), args.wdl)
    for text in args.wdl_rules:
        bench_wdl_rules(text, args.seed, max(args.wdl, 4))
    if args.wdl_sets:
        wanted = {w for w in args.sets_with.split(",") if w}
        sets = [t for t in RULE_SETS if not wanted or wanted & {k for k, _, v in
                                                               (part.partition("=") for part in t.split(","))
                                                               if v == "1"}]
        if not sets:
            ap.error(f"no rule set turns on any of {args.sets_with!r} (the sets: {', '.join(RULE_SETS)})")
        bench_wdl_sets(sets, args.seed, args.wdl_sets)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
