"""What a compiled search would give Hard's first card: a measurement, not part of the game.

The measurement made before the game's own compiled search (``jayden_jazz/ai/cards/jit/``,
measured by ``bench_cards_solver.py --compiled`` and ``bench_cards_late.py``) was
written; kept so that docs/strength.md's figures from it can be run again. numba is
installed with the game now.

    python tools/bench_cards_jit.py --seeds 1-8
    python tools/bench_cards_jit.py --seeds 1-8 --stack
    python tools/bench_cards_jit.py --seeds 1-12 --rules same,plus,combo

Issue #41 asks for the empty 3x3 board's win/draw/loss within Hard's time
under every rule set. The project's search (``ai/cards/bits.py``) is plain
Python at about 150,000 positions a second, and a few deals in fifty need
1.2-2.5 times Hard's 1.28 s on two cores (``docs/strength.md``). This tool
answers one question before any port is planned: how much faster is the same
kind of search when it is compiled? It holds the smallest such search -- 3x3,
the basic comparison (``--rules same,plus,combo`` adds any of those), no
abilities (the Pure rule set),
negamax with a null window around a draw, a table of bounds with its move,
then the move that last cut off a position with as many empty cells, then
captures first -- compiled by numba, and runs it from the empty board of
``tools/perfect_match.py``'s deals beside the project's own root search
(:meth:`~jayden_jazz.ai.cards.solver.Solver.solve_root`) on the same deal, in the
same process. Both answers are checked equal. Printed per deal: the answer,
positions and process time of each, and the ratio of the times; then the time
numba took to compile the kernel (at every process start: numba 0.68.1's
on-disk cache of a recursive function crashes the process at its first call
after loading, numba's issue #6061). ``--stack``: the same search with a
stack of its own instead of recursion, which numba keeps compiled on disk
(in ``tools/__pycache__``) and loads at the next start.

Not a test, and never imported by the game.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np

try:
    from numba import njit
except ImportError:                                   # an optional tool: numba is not the game's
    njit = None

TT_BITS = 20


def neighbours() -> Any:
    """Per cell, up to four (neighbour, the placed card's side, the neighbour's facing side)."""
    nb = np.full((9, 4, 3), -1, np.int64)
    for c in range(9):
        r, k = divmod(c, 3)
        near = []
        if r > 0:
            near.append((c - 3, 0, 2))
        if k < 2:
            near.append((c + 1, 1, 3))
        if r < 2:
            near.append((c + 3, 2, 0))
        if k > 0:
            near.append((c - 1, 3, 1))
        for i, t in enumerate(near):
            nb[c, i] = t
    return nb


def build() -> Any:
    """The recursive search: the fastest, compiled at every process start (numba's cache of
    a recursive function crashes on loading, see the module docstring)."""

    @njit
    def final(occ, m0, turn):
        a = count(m0)
        b = count(occ) - a
        v = 1 if a > b else (-1 if a < b else 0)
        return v if turn == 0 else -v

    @njit
    def search(sides, cellp, occ, m0, h0, h1, z, turn, alpha, beta, nb, zb, zh, keys, vals, nodes, killer, rules):
        nodes[0] += 1
        hand = h0 if turn == 0 else h1
        if occ == 511 or hand == 0:
            return final(occ, m0, turn)
        key = z ^ (np.uint64(turn) * np.uint64(0x9E3779B97F4A7C15)) ^ (np.uint64(m0) << np.uint64(50))
        slot = np.int64(key & np.uint64((1 << TT_BITS) - 1))
        first = -1
        if keys[slot] == key:
            lo = vals[slot, 0]
            hi = vals[slot, 1]
            first = vals[slot, 2]
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        a0 = alpha
        b0 = beta
        opp = (occ & ~m0) if turn == 0 else m0
        best = -2
        best_move = -1
        empty = 9 - count(occ)
        second = killer[empty]
        if second == first:
            second = -1
        # the table's move, the one that last cut off a position with as many empty cells,
        # then the placements that take a card, then the others
        for rank in range(4):
            if (rank == 0 and first < 0) or (rank == 1 and second < 0):
                continue
            for c in range(9):
                if (occ >> c) & 1:
                    continue
                for p in range(10):
                    if not (hand >> p) & 1:
                        continue
                    pc = p * 9 + c
                    if rank == 0:
                        if pc != first:
                            continue
                    elif rank == 1:
                        if pc != second:
                            continue
                    elif pc == first or pc == second:
                        continue
                    cap = taken(sides, cellp, occ, opp, p, c, nb, rules)
                    if rank > 1 and (cap != 0) != (rank == 2):
                        continue
                    cellp[c] = p
                    nz = z ^ zb[c, p] ^ zh[turn, p]
                    if turn == 0:
                        v = -search(sides, cellp, occ | (1 << c), m0 | (1 << c) | cap, h0 ^ (1 << p), h1, nz, 1,
                                    -beta, -alpha, nb, zb, zh, keys, vals, nodes, killer, rules)
                    else:
                        v = -search(sides, cellp, occ | (1 << c), m0 & ~cap, h0, h1 ^ (1 << p), nz, 0,
                                    -beta, -alpha, nb, zb, zh, keys, vals, nodes, killer, rules)
                    cellp[c] = -1
                    if v > best:
                        best = v
                        best_move = p * 9 + c
                        if v > alpha:
                            alpha = v
                    if alpha >= beta:
                        killer[empty] = pc
                        break
                if alpha >= beta:
                    break
            if alpha >= beta:
                break
        keys[slot] = key
        vals[slot, 2] = best_move
        if best <= a0:
            vals[slot, 0] = -2
            vals[slot, 1] = best
        elif best >= b0:
            vals[slot, 0] = best
            vals[slot, 1] = 2
        else:
            vals[slot, 0] = best
            vals[slot, 1] = best
        return best

    return search


if njit is not None:
    # what both searches call, and ``--stack``: the same search with a stack of its own
    # instead of recursion, so that numba can keep it compiled on disk (``cache=True``;
    # loaded from there the next time)
    @njit(cache=True)
    def count(x):
        n = 0
        while x:
            x &= x - 1
            n += 1
        return n

    @njit(cache=True)
    def taken(sides, cellp, occ, opp, p, c, nb, rules):
        """The cards p on c takes: the basic comparison; with Same (rules & 1) two or more
        touching pairs of equal values, with Plus (rules & 2) pairs whose sums another pair
        shares (own cards count toward both, only the opponent's are taken); with Combo
        (rules & 4) each card those two rules took takes in turn what it beats."""
        cap = 0
        equal = 0
        nequal = 0
        started = 0
        once = 0                    # the sums of the touching pairs met once, and met again (bits)
        again = 0
        for i in range(4):
            n = nb[c, i, 0]
            if n < 0:
                break
            if not (occ >> n) & 1:
                continue
            a = sides[p, nb[c, i, 1]]
            b = sides[cellp[n], nb[c, i, 2]]
            if (opp >> n) & 1 and a > b:
                cap |= 1 << n
            if a == b:
                equal |= 1 << n
                nequal += 1
            if (once >> (a + b)) & 1:
                again |= 1 << (a + b)
            once |= 1 << (a + b)
        if rules & 1 and nequal >= 2:
            started |= equal
        if rules & 2 and again:
            for i in range(4):      # the pairs whose sum another shares (no list: nothing allocated)
                n = nb[c, i, 0]
                if n < 0:
                    break
                if (occ >> n) & 1 and (again >> (sides[p, nb[c, i, 1]] + sides[cellp[n], nb[c, i, 2]])) & 1:
                    started |= 1 << n
        started &= opp
        cap |= started
        if rules & 4:
            front = started
            while front:
                low = front & -front
                front ^= low
                x = 0
                while (low >> x) != 1:
                    x += 1
                q = cellp[x]
                for i in range(4):
                    n = nb[x, i, 0]
                    if n < 0:
                        break
                    if (opp >> n) & 1 and not (cap >> n) & 1 and sides[q, nb[x, i, 1]] > sides[cellp[n], nb[x, i, 2]]:
                        cap |= 1 << n
                        front |= 1 << n
        return cap

    @njit(cache=True)
    def solve_stack(sides, h0, h1, z0, turn0, alpha0, beta0, nb, zb, zh, keys, vals, killer, nodes, rules):
        D = 12
        occ = np.zeros(D, np.int64); m0 = np.zeros(D, np.int64); ha = np.zeros(D, np.int64); hb = np.zeros(D, np.int64)
        zz = np.zeros(D, np.uint64); tn = np.zeros(D, np.int64); al = np.zeros(D, np.int64); be = np.zeros(D, np.int64)
        a0 = np.zeros(D, np.int64); b0 = np.zeros(D, np.int64); best = np.zeros(D, np.int64); bm = np.zeros(D, np.int64)
        slot = np.zeros(D, np.int64); key = np.zeros(D, np.uint64); first = np.zeros(D, np.int64); second = np.zeros(D, np.int64)
        rank = np.zeros(D, np.int64); it = np.zeros(D, np.int64); cur = np.zeros(D, np.int64); empty = np.zeros(D, np.int64)
        cellp = np.full(9, -1, np.int64)
        ha[0] = h0; hb[0] = h1; zz[0] = z0; tn[0] = turn0; al[0] = alpha0; be[0] = beta0
        sp = 0
        entering = True
        ret = 0
        while True:
            if entering:
                nodes[0] += 1
                hand = ha[sp] if tn[sp] == 0 else hb[sp]
                if occ[sp] == 511 or hand == 0:
                    a = count(m0[sp]); b = count(occ[sp]) - a
                    v = 1 if a > b else (-1 if a < b else 0)
                    ret = v if tn[sp] == 0 else -v
                    entering = False
                else:
                    k = zz[sp] ^ (np.uint64(tn[sp]) * np.uint64(0x9E3779B97F4A7C15)) ^ (np.uint64(m0[sp]) << np.uint64(50))
                    s = np.int64(k & np.uint64((1 << TT_BITS) - 1))
                    key[sp] = k; slot[sp] = s
                    first[sp] = -1
                    done = False
                    if keys[s] == k:
                        lo = vals[s, 0]; hi = vals[s, 1]; first[sp] = vals[s, 2]
                        if lo >= be[sp] or lo == hi:
                            ret = lo; done = True
                        elif hi <= al[sp]:
                            ret = hi; done = True
                        else:
                            if lo > al[sp]: al[sp] = lo
                            if hi < be[sp]: be[sp] = hi
                    if done:
                        entering = False
                    else:
                        a0[sp] = al[sp]; b0[sp] = be[sp]; best[sp] = -2; bm[sp] = -1
                        empty[sp] = 9 - count(occ[sp])
                        second[sp] = killer[empty[sp]]
                        if second[sp] == first[sp]:
                            second[sp] = -1
                        rank[sp] = 0; it[sp] = 0
            if not entering:
                # a value for the frame at sp: give it to the parent
                if sp == 0:
                    return ret
                sp -= 1
                c = cur[sp] % 9
                cellp[c] = -1
                v = -ret
                if v > best[sp]:
                    best[sp] = v; bm[sp] = cur[sp]
                    if v > al[sp]:
                        al[sp] = v
                if al[sp] >= be[sp]:
                    killer[empty[sp]] = cur[sp]
                    rank[sp] = 4     # cut: no more children
            # the frame at sp: its next child, or its value
            found = False
            while rank[sp] < 4 and not found:
                r = rank[sp]
                if (r == 0 and first[sp] < 0) or (r == 1 and second[sp] < 0):
                    rank[sp] += 1; it[sp] = 0
                    continue
                hand = ha[sp] if tn[sp] == 0 else hb[sp]
                while it[sp] < 90:
                    i = it[sp]; it[sp] += 1
                    c = i // 10; p = i % 10
                    if (occ[sp] >> c) & 1 or not (hand >> p) & 1:
                        continue
                    pc = p * 9 + c
                    if r == 0:
                        if pc != first[sp]: continue
                    elif r == 1:
                        if pc != second[sp]: continue
                    elif pc == first[sp] or pc == second[sp]:
                        continue
                    opp = (occ[sp] & ~m0[sp]) if tn[sp] == 0 else m0[sp]
                    cap = taken(sides, cellp, occ[sp], opp, p, c, nb, rules)
                    if r > 1 and (cap != 0) != (r == 2):
                        continue
                    # push the child
                    cur[sp] = pc
                    cellp[c] = p
                    t = tn[sp]
                    occ[sp + 1] = occ[sp] | (1 << c)
                    if t == 0:
                        m0[sp + 1] = m0[sp] | (1 << c) | cap; ha[sp + 1] = ha[sp] ^ (1 << p); hb[sp + 1] = hb[sp]
                    else:
                        m0[sp + 1] = m0[sp] & ~cap; ha[sp + 1] = ha[sp]; hb[sp + 1] = hb[sp] ^ (1 << p)
                    zz[sp + 1] = zz[sp] ^ zb[c, p] ^ zh[t, p]
                    tn[sp + 1] = 1 - t
                    al[sp + 1] = -be[sp]; be[sp + 1] = -al[sp]
                    found = True
                    break
                if not found:
                    rank[sp] += 1; it[sp] = 0
            if found:
                sp += 1
                entering = True
                continue
            # no child left: store and return
            s = slot[sp]
            keys[s] = key[sp]; vals[s, 2] = bm[sp]
            if best[sp] <= a0[sp]:
                vals[s, 0] = -2; vals[s, 1] = best[sp]
            elif best[sp] >= b0[sp]:
                vals[s, 0] = best[sp]; vals[s, 1] = 2
            else:
                vals[s, 0] = best[sp]; vals[s, 1] = best[sp]
            ret = best[sp]
            entering = False


def parse_seeds(text: str) -> list[int]:
    out: list[int] = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        out.extend(range(int(lo), int(hi or lo) + 1))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="1-8", help="deals, as perfect_match.py's seeds: 1-8 or 3,5")
    ap.add_argument("--rules", default="", help="classic captures on top of the basic comparison: same,plus,combo")
    ap.add_argument("--stack", action="store_true", help="the search with a stack of its own, kept compiled on disk")
    args = ap.parse_args(argv)
    if njit is None:
        print("needs numba (pip install numba); the game does not", file=sys.stderr)
        return 2
    from bench_cards_root import start_state

    from jayden_jazz.ai.cards.solver import WIN, Solver
    options = {"open": "1", "pure": "1"}
    rules = 0
    for name in filter(None, args.rules.split(",")):
        if name not in ("same", "plus", "combo"):
            ap.error(f"--rules knows same, plus and combo, not {name!r}")
        options[name] = "1"
        rules |= {"same": 1, "plus": 2, "combo": 4}[name]
    t0 = time.process_time()
    search = None if args.stack else build()
    nb = neighbours()
    rng = np.random.default_rng(1)
    zb = rng.integers(0, 2 ** 63, size=(9, 10), dtype=np.uint64)
    zh = rng.integers(0, 2 ** 63, size=(2, 10), dtype=np.uint64)

    def run(st: Any, window: tuple[int, int]) -> tuple[int, int, float]:
        sides = np.array([list(s) for s in st.sides], np.int64)
        hands = [sum(1 << p for p in st.hands[s]) for s in (0, 1)]
        z = np.uint64(0)
        for s in (0, 1):
            for p in st.hands[s]:
                z ^= zh[s, p]
        keys = np.zeros(1 << TT_BITS, np.uint64)
        vals = np.zeros((1 << TT_BITS, 3), np.int64)
        nodes = np.zeros(1, np.int64)
        killer = np.full(10, -1, np.int64)
        t = time.process_time()
        if search is None:
            v = solve_stack(sides, hands[0], hands[1], z, st.to_move, window[0], window[1], nb, zb, zh, keys, vals,
                            killer, nodes, rules)
        else:
            v = search(sides, np.full(9, -1, np.int64), 0, 0, hands[0], hands[1], z, st.to_move,
                       window[0], window[1], nb, zb, zh, keys, vals, nodes, killer, rules)
        return int(v), int(nodes[0]), time.process_time() - t

    compiled = None
    total_k = total_p = 0.0
    for seed in parse_seeds(args.seeds):
        st = start_state(seed, options, True)
        if st.size != 9 or any(st.abil):
            print(f"deal {seed}: not a 3x3 deal without abilities", file=sys.stderr)
            return 2
        if compiled is None:
            run(st, (0, 1))                # the first call compiles (or loads what --stack kept)
            compiled = time.process_time() - t0
        v, n, tk = run(st, (0, 1))
        solver = Solver(st.copy())
        t = time.process_time()
        res = solver.solve_root(partial=False)
        tp = time.process_time() - t
        wins = v >= 1
        if wins != (res.value == WIN):
            print(f"deal {seed}: the answers differ ({v} against {res.value})", file=sys.stderr)
            return 1
        total_k += tk
        total_p += tp
        print(f"deal {seed:3d}: {'win   ' if wins else 'no win'}  compiled {n:>9,} positions {tk:6.3f} s"
              f" | the project's {solver.total_nodes:>8,} positions {tp:6.3f} s | {tp / max(tk, 1e-9):5.1f}x", flush=True)
    print(f"in all: compiled {total_k:.2f} s, the project's {total_p:.2f} s ({total_p / max(total_k, 1e-9):.1f}x);"
          f" {'loading or compiling' if args.stack else 'compiling'} took {compiled or 0.0:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
