"""``jayden-jazz prepare``: make Hard's compiled card search now, and check it.

The first start on a machine spends 15-25 s of one core compiling the kernel,
and until it is ready Hard plays the slower Python search (which may throw a
won first card). An installer, a packager or a player can run this once
instead. It is also the one place that says in plain words whether this copy
of the game has the compiled search at all (a platform without numba, a
frozen bundle whose copy is broken): the game itself only falls back quietly.

The check values a few late positions of the shipped pack's cards (abilities
and Same + Plus + Combo, so most of the kernel runs) with both searches: a
kernel that compiled but answers differently is reported (exit 1), with the
switch that keeps the game on the Python search.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from . import OFF_ENV, available, warm

CHECKS = 12             # positions compared: a second or two of Python search
EMPTY = (4, 5, 6)       # empty cells left in them (cycled)


def _positions(count: int, seed: int):
    """Late positions without Turn effects that the kernel holds, played at random."""
    from jayden_jazz import paths
    from jayden_jazz.cards import Rules, get_field, new_game
    from jayden_jazz.cards.loader import load_packs

    from .search import fits

    catalog, _ = load_packs([paths.shipped_dir("cards")])
    pool = sorted(c for c in catalog if c.startswith("default/"))
    rules = Rules.preset("updated", open=True, same=True, plus=True, combo=True).check()
    field = get_field("3x3")
    rng = random.Random(seed)
    made = tries = 0
    while made < count and tries < 50 * count:
        tries += 1
        size = rules.hand_size(field.playable_count, 2)
        hands = [tuple(rng.sample(pool, size)) for _ in range(2)]
        g = new_game(catalog, field, hands, rules, first_seat=rng.randrange(2), date=(2026, 12), rng=rng)
        empty = EMPTY[made % len(EMPTY)]
        while not g.is_over() and g.empty_count() > empty:
            legal = g.legal_actions()
            g.push(legal[rng.randrange(len(legal))])
        if g.is_over() or g.effects():
            continue
        st = g.search_state()
        if not fits(st):
            continue
        made += 1
        yield st


def check(count: int = CHECKS, seed: int = 41) -> tuple[int, list[str]]:
    """Compare the two searches on ``count`` positions: (positions compared, disagreements)."""
    from jayden_jazz.ai.cards.solver import Solver

    from .search import JitSearch

    done, wrong = 0, []
    for st in _positions(count, seed):
        solver = Solver(st.copy())
        want = solver.bits.value(solver.st, -2, 2)
        got = JitSearch(solver.bits, solver.st, None).value(solver.st, -2, 2)
        done += 1
        if got != want:
            wrong.append(f"position {done}: compiled {got}, Python {want}")
    return done, wrong


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="jayden-jazz prepare",
        description="Compile the computer's card search now (once a machine), so Hard's first game "
                    "does not wait for it, and check it against the Python search. "
                    "Exit 0: ready; 1: this copy plays the Python search; 2: a file of the game "
                    "is missing.")
    p.add_argument("--no-check", action="store_true", help="only compile (or load) it")
    args = p.parse_args(argv)
    if not available():
        import os
        why = (f"{OFF_ENV} is set" if os.environ.get(OFF_ENV)
               else "numba is not installed for this Python or platform")
        print(f"The compiled card search is off here ({why}): Hard plays the Python search, "
              "which is slower on the first cards.")
        return 1
    from . import kernel

    t0 = time.perf_counter()
    if not warm():
        print("The compiled card search could not be made (the reason is above): "
              "Hard plays the Python search.")
        return 1
    secs = time.perf_counter() - t0
    how = "loaded from numba's cache" if kernel.run.stats.cache_hits else "compiled"
    print(f"The compiled card search is ready: {how} in {secs:.1f} s.")
    if args.no_check:
        return 0
    t0 = time.perf_counter()
    try:
        done, wrong = check()
    except FileNotFoundError as e:          # the shipped cards: as the game says it at start
        print(f"A required file is missing: {e}", file=sys.stderr)
        return 2
    if wrong or not done:
        print("It does NOT agree with the Python search; switch it off with "
              f"{OFF_ENV}=1 and report this:", *wrong, sep="\n  ")
        return 1
    print(f"It agrees with the Python search on {done} positions ({time.perf_counter() - t0:.1f} s).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
