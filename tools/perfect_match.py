"""A card level against a perfect player, on paired deals: which won deals it throws, and where.

    python tools/perfect_match.py --level hard -n 40 --seed 1 --opt open=1
    python tools/perfect_match.py --level hard -n 40 --seed 1 --opt open=1,same=1,plus=1,combo=1
    python tools/perfect_match.py --level normal -n 20 --opt open=1 --scale 3 --jobs 2
    python tools/perfect_match.py --level easy -n 20 --opt open=1

Each deal (seeds seed, seed+1, ...; ``-n`` rounded up to pairs) is played
twice, the level moving first once and second once, against the *perfect
player*: the project's exact
win/draw/loss solver (:class:`jayden_jazz.ai.cards.solver.Solver`) without a
clock, playing a move that keeps the position's value. Two perfect players
would score exactly 50% over such pairs; the level can only do worse, and
only by a move that turns the value of its position down (a won position
into a draw or a loss, a drawn one into a loss). Every move of the level is
checked: the value before it is known exactly (the deal's value solved from
the empty board, or the perfect player's value after its own move), the
value after it is the perfect player's next solve (or the result).

Reported per run: the level's wins, draws and losses; its won deals (the
positions it was dealt as a win) and how many of them it threw; its moves
that lost value, split into the first card and the later ones; its time
per move (mean and worst); the CPU share the level's moves had (the levels
think by the clock, so a busy machine makes them weaker). ``--opt`` takes the rules
of ``tools/tournament.py --game cards`` (``open=1`` is needed: the perfect
player must see the hands; ``field`` must be 3x3 for the solver to finish).
Not a test: minutes of CPU for 40 games.

``--cpu-clock`` runs the level's clock on this process's CPU time instead of
the wall clock: on a machine busy with other work the level then thinks as
much per move as it would on a core of its own (a move takes longer to
wait for, not less to think). Without it, a loaded machine plays a weaker
level, as a player's busy computer would.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

WALL = time.perf_counter          # this tool's own timings stay on the wall clock
if "--cpu-clock" in sys.argv or os.environ.get("PERFECT_MATCH_CPU_CLOCK") == "1":
    # before the package is imported: the searches take the clock as a default argument
    os.environ["PERFECT_MATCH_CPU_CLOCK"] = "1"          # and the pool's processes too
    time.perf_counter = time.process_time

from jayden_jazz.ai.cards.arena import make_rules, shipped_cards_dirs  # noqa: E402
from jayden_jazz.ai.cards import jit  # noqa: E402
from jayden_jazz.ai.cards.player import LEVELS, catalog_for, choose_action  # noqa: E402
from jayden_jazz.ai.cards.solver import LOSS, WIN, Solver  # noqa: E402
from jayden_jazz.cards import Action, Game, get_field, new_game  # noqa: E402

NAMES = {WIN: "win", 0: "draw", LOSS: "loss"}


@dataclass
class Played:
    """One game of the level against the perfect player."""

    seed: int
    level_first: bool
    dealt: int                  # the level's value of the deal with perfect play
    result: int                 # what the level got
    errors: list[int] = field(default_factory=list)   # the level's own move numbers (1 = first card) that lost value
    seconds: list[float] = field(default_factory=list)
    cpu: float = 0.0            # process time the level's moves had (its share of their wall time)
    rose: list[str] = field(default_factory=list)   # positions whose value rose after the level's move


def deal(seed: int, options: dict) -> Game:
    """The deal of ``seed``, as ``tools/tournament.py`` deals a pair's first game."""
    rules = make_rules(**options)
    dirs = shipped_cards_dirs()
    catalog = catalog_for(dirs)
    fld = get_field("3x3")
    rng = random.Random(seed)
    pool = sorted(cid for cid in catalog if cid.split("/", 1)[0] == "default")
    size = rules.hand_size(fld.playable_count, 2)
    hands = [tuple(rng.sample(pool, size)) for _ in range(2)]
    return new_game(catalog, fld, hands, rules, first_seat=0, date=(2026, 11), rng=rng)


class Perfect:
    """The perfect player of one deal. Its solves share the bit searches' tables (their keys
    name pieces and cells, so they hold for every position of the deal, in both games):
    the empty board is proven once per deal, and each later solve mostly reads the proof."""

    def __init__(self, share: bool = True) -> None:
        self.tables: tuple[dict, dict] | None = None
        self.share = share

    def __call__(self, game: Game) -> tuple[int, Action]:
        """(the mover's value with perfect play, a move keeping it)."""
        solver = Solver(game.search_state())
        if not self.share:
            pass
        elif self.tables is None:
            self.tables = (solver.bits.tt, solver.bits.margin.tt)
        else:
            solver.bits.tt, solver.bits.margin.tt = self.tables
        res = solver.solve_root()
        return res.value, game.action_of(res.best[0])


def play(job: tuple[str, int, dict, float, bool]) -> list[Played]:
    """Both games of one deal: the level first, then the perfect player first."""
    level, seed, options, scale, share = job
    jit.warm()          # as the game's worker has it before its first card (jit/__init__.py)
    perfect = Perfect(share)
    return [one_game(level, seed, first, options, scale, perfect) for first in (True, False)]


def one_game(level: str, seed: int, level_first: bool, options: dict, scale: float, perfect: Perfect) -> Played:
    game = deal(seed, options)
    dirs = shipped_cards_dirs()
    pool = sorted(cid for cid in catalog_for(dirs) if cid.split("/", 1)[0] == "default")
    me = 0 if level_first else 1
    rng = random.Random(seed * 2 + me)
    out = Played(seed, level_first, 0, 0)
    known: int | None = None          # the level's value of the current position, when known
    own = 0
    while not game.is_over():
        if game.to_move == me:
            if known is None:
                known, _ = perfect(game)
            if own == 0:
                out.dealt = known
            own += 1
            t0, c0 = WALL(), time.process_time()
            text = choose_action(game.position(), me, level, rng.getrandbits(31),
                                 LEVELS[level].seconds * scale, dirs, pool=pool)
            out.seconds.append(WALL() - t0)
            out.cpu += time.process_time() - c0
            game.push(Action.parse(text))
            if game.is_over():
                after = result_for(game, me)
            else:
                theirs, action = perfect(game)
                after = -theirs
            if after < known:
                out.errors.append(own)
            elif after > known:        # no move can gain on perfect play: a solve was wrong
                out.rose.append(game.position())
            known = after
            if not game.is_over():
                game.push(action)      # the perfect reply keeps the value: `known` stands
        else:
            theirs, action = perfect(game)
            if own == 0:
                out.dealt = -theirs
            known = -theirs
            game.push(action)
    out.result = result_for(game, me)
    assert known is not None            # set at the level's first move (a game has one)
    if out.result > known:             # the perfect player's own move lost value: a solve was wrong
        out.rose.append("the game's end")
    return out


def result_for(game: Game, seat: int) -> int:
    r = game.result()
    assert r is not None
    if seat in r.winners:
        return WIN if len(r.winners) == 1 else 0
    return LOSS


class _Here:
    """One job at a time in this process, with a pool's ``imap``."""

    def __enter__(self) -> "_Here":
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def imap(self, fn, jobs):  # type: ignore[no-untyped-def]
        return map(fn, jobs)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--level", default="hard", choices=list(LEVELS))
    ap.add_argument("-n", type=int, default=40, help="games (two per deal)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--scale", type=float, default=1.0, help="multiplies the level's time per move")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--cpu-clock", action="store_true",
                    help="the level's clock counts this process's CPU time (see above)")
    ap.add_argument("--fresh", action="store_true",
                    help="every solve of the perfect player with empty tables (slower; to rule the sharing out)")
    ap.add_argument("--opt", action="append", default=[], metavar="KEY=VALUE",
                    help="rules, as tools/tournament.py --game cards takes them (open=1,same=1,...)")
    args = ap.parse_args(argv)
    options: dict = {}
    for item in (part for opt in args.opt for part in opt.split(",") if part):
        key, eq, value = item.partition("=")
        if not eq:
            ap.error(f"--opt needs KEY=VALUE, not {item!r}")
        options[key] = value
    options.setdefault("open", "1")
    jobs = [(args.level, args.seed + i, options, args.scale, not args.fresh) for i in range((args.n + 1) // 2)]
    wall0, cpu0 = WALL(), time.process_time()
    games: list[Played] = []
    with mp.get_context("spawn").Pool(args.jobs) if args.jobs > 1 else _Here() as pool:
        for g in (g for pair in pool.imap(play, jobs) for g in pair):
            games.append(g)
            print(f"seed {g.seed} {args.level} {'first ' if g.level_first else 'second'}: dealt a {NAMES[g.dealt]},"
                  f" got a {NAMES[g.result]}; moves losing value: {g.errors or 'none'}", flush=True)
            for where in g.rose:
                print(f"  the value rose after the level's move (two solves disagree): {where}", flush=True)
    cpu = time.process_time() - cpu0
    wall = WALL() - wall0
    won = [g for g in games if g.dealt == WIN]
    thrown = [g for g in won if g.result < WIN]
    first = sum(1 for g in games if 1 in g.errors)
    later = sum(1 for g in games if any(e > 1 for e in g.errors))
    times = [t for g in games for t in g.seconds]
    wdl = [sum(1 for g in games if g.result == v) for v in (WIN, 0, LOSS)]
    print(f"{args.level} v perfect, {len(games)} games (deals {args.seed}-{args.seed + len(jobs) - 1}),"
          f" rules {','.join(f'{k}={v}' for k, v in options.items())}, time x{args.scale:g}"
          f"{' (CPU clock)' if args.cpu_clock else ''}")
    print(f"  {args.level} won-drew-lost {wdl[0]}-{wdl[1]}-{wdl[2]}; score {100 * (wdl[0] + wdl[1] / 2) / len(games):.1f}%"
          f" (perfect play: 50%)")
    where = ", ".join(f"{g.seed} {'first' if g.level_first else 'second'}" for g in thrown)
    print(f"  won deals {len(won)}, thrown {len(thrown)}{f' (seeds {where})' if thrown else ''}")
    print(f"  games with a move that lost value: first card {first}, a later card {later}")
    rose = sum(1 for g in games if g.rose)
    if rose:
        print(f"  games where two solves disagreed (a value rose after the level's move): {rose}")
    if times:
        print(f"  {args.level}'s time per move: mean {sum(times) / len(times):.2f} s, worst {max(times):.2f} s")
        print(f"  its moves had the CPU {100 * sum(g.cpu for g in games) / max(sum(times), 1e-9):.0f}% of their"
              f" wall time")
    if args.jobs == 1:
        print(f"  this process had the CPU {100 * cpu / max(wall, 1e-9):.0f}% of the wall time")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
