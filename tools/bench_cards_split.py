"""Hard's first card as Hard proves it on two cores: the caller's process time, deal by deal.

    python tools/bench_cards_split.py --seeds 1-80 --opt open=1,same=1,plus=1,combo=1
    python tools/bench_cards_split.py --seeds 16,65,76 --opt open=1,same=1,plus=1,combo=1 --cap 8 --against /tmp/base

Deals as ``tools/perfect_match.py`` deals them (its seeds), the pieces numbered
as Hard's own search numbers them (``bench_cards_root.py --as-hard``): the
split proof (``ai/cards/split.py``) of the first mover's first card on a fresh
solver whose clock is this process's CPU time, stopped after ``--cap``
seconds. Per deal: the caller's process time (what Hard's 1.28 s is counted
against), the helper's, and the answer (``c`` complete, ``-`` out of time).
``--hard``: the first card answered as Hard answers it -- with a reset card still
to play, the proof without the reset first (``ai/cards/unreset.py``; a win ends
it), then the split proof if it found none (a checkout without that module:
the split alone). ``--against REPO``: each deal also with another checkout's code (a worktree of
the commit before a change), each run in a fresh process, the two alternated
deal by deal (which goes first too), so both see the same machine; the sums
and "within 1.2 s" counts of both are printed at the end.

Not a test; about a second of two cores per deal and checkout.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
WITHIN = 1.2


def one(repo: Path, seed: int, options: dict, cap: float, hard: bool = False) -> dict:
    """The split proof of deal ``seed``'s first card: times and answer (``repo``'s code)."""
    sys.path.insert(0, str(repo))
    sys.path.insert(0, str(repo / "tools"))
    from bench_cards_root import start_state
    from jayden_jazz.ai.cards.solver import Solver
    from jayden_jazz.ai.cards.split import solve_root_split
    st = start_state(seed, options, True)
    solver = Solver(st.copy(), clock=time.process_time)
    t0, k0 = time.process_time(), os.times()
    solver.deadline = t0 + cap
    res = None
    if hard:
        try:
            from jayden_jazz.ai.cards import unreset
        except ImportError:
            unreset = None                # type: ignore[assignment]
        if unreset is not None and unreset.applies(solver):
            first = unreset.prove(solver, split=True)
            if first.winning_move() is not None or not first.complete:
                res = first
    if res is None:
        res = solve_root_split(solver, partial=True)
    mine = time.process_time() - t0
    k1 = os.times()
    helper = k1.children_user + k1.children_system - k0.children_user - k0.children_system
    return {"seed": seed, "t": round(mine, 3), "helper": round(helper, 3), "complete": res.complete,
            "value": res.value}


def run(repo: Path, seed: int, opt: str, cap: float, hard: bool = False) -> dict:
    """:func:`one` in a fresh process on ``repo``'s code (this tool may be newer than it)."""
    env = dict(os.environ, PYTHONPATH=str(repo))
    out = subprocess.run([sys.executable, __file__, "--one", str(seed), "--repo", str(repo), "--opt", opt,
                          "--cap", str(cap)] + (["--hard"] if hard else []),
                         capture_output=True, text=True, env=env, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", default="1-20", help="deals, as perfect_match.py's seeds: 1-20 or 16,65")
    ap.add_argument("--opt", default="open=1,same=1,plus=1,combo=1", help="rules, e.g. open=1")
    ap.add_argument("--cap", type=float, default=3.0, help="process seconds before the proof stops")
    ap.add_argument("--against", default="", help="another checkout, alternated with this one deal by deal")
    ap.add_argument("--hard", action="store_true", help="the answer as Hard gets it (see above)")
    ap.add_argument("--one", type=int, default=0, help=argparse.SUPPRESS)
    ap.add_argument("--repo", default=str(HERE), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    options = dict(part.partition("=")[::2] for part in args.opt.split(",") if part)
    if args.one:
        print(json.dumps(one(Path(args.repo), args.one, options, args.cap, args.hard)), flush=True)
        return 0
    if "-" in args.seeds:
        lo, hi = args.seeds.split("-")
        seeds = list(range(int(lo), int(hi) + 1))
    else:
        seeds = [int(s) for s in args.seeds.split(",")]
    repos = [HERE] + ([Path(args.against).resolve()] if args.against else [])
    sums = {r: [0.0, 0] for r in repos}
    print(f"load average {os.getloadavg()[0]:.2f}; columns: {' | '.join(str(r) for r in repos)}", flush=True)
    for k, seed in enumerate(seeds):
        row = {r: run(r, seed, args.opt, args.cap, args.hard) for r in (repos if k % 2 == 0 else repos[::-1])}
        cells = []
        for r in repos:
            d = row[r]
            sums[r][0] += d["t"]
            sums[r][1] += d["complete"] and d["t"] <= WITHIN
            cells.append(f"{d['t']:5.2f} s (helper {d['helper']:5.2f}) {'c' if d['complete'] else '-'}{d['value']:+d}")
        print(f"deal {seed:3d}: " + " | ".join(cells), flush=True)
    for r in repos:
        print(f"{r}: caller's time {sums[r][0]:.2f} s in all, within {WITHIN} s {sums[r][1]} of {len(seeds)}")
    print(f"load average {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
