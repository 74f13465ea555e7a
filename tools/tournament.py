"""Play computer players against each other and report who is stronger.

    python tools/tournament.py --game jayden --a hard --b random -n 20 [--seed 1] [--budget 0.5]
    python tools/tournament.py --game jayden --a hard --b normal -n 20 --scale 0.25
    python tools/tournament.py --game cards --a hard --b random -n 40 --opt pack=default
    python tools/tournament.py --game cards --a random --b greedy -n 10 --records DIR
    python tools/tournament.py --game jayden --a hard --b "engine:python -m jayden_jazz.jayden engine" -n 2

A player named ``engine:<command line>`` is an outside engine speaking the
engine protocol (docs/engine-protocol.md), started for each game and ended
with it; ``--budget`` becomes its ``movetime``.

Games alternate who starts (game i: A starts when i is even) and use seeds
seed, seed+1, ...; two worker processes play in parallel (``--jobs``). The
report gives A's wins, draws and losses with Wilson 95% confidence intervals,
A's share of the decided games, how games ended, and each player's mean
thinking time per decision (a Jayden turn, a card play). ``--records DIR``
(card game) writes each game as a record file, ``NNN-seedS-Afirst.yaml``,
that ``python -m jayden_jazz.cards replay`` replays to the same result.

Arena interface (what ``--game NAME`` loads: ``jayden_jazz.ai.NAME.arena``)
--------------------------------------------------------------------------
``PLAYERS``: the player names it knows.
``play_game(a, b, seed, a_first, **options)``: one game of player ``a``
against ``b`` (``a_first``: ``a`` makes the first move), returning an object
with ``winner`` ('a', 'b' or None), ``reason`` (str), ``turns`` (int),
``think_seconds`` and ``actions_by`` (dicts keyed 'a'/'b'), and optionally
``decisions_by`` (same keys; used for the time per decision, else
``actions_by``). Options come from ``--opt key=value`` (value parsed as int,
float, true/false or text) plus ``--budget`` -> ``time_budget``, ``--scale``
-> ``budget_scale`` and ``--max-turns`` -> ``max_turns`` when given.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import sys
import time
from collections import Counter
from importlib import import_module
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jayden_jazz.ai.protocol.client import EngineError  # noqa: E402
from jayden_jazz.ai.stats import WDL, format_wdl  # noqa: E402


def _value(text: str):
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    for cast in (int, float):
        try:
            return cast(text)
        except ValueError:
            pass
    return text


def _play(job: tuple) -> tuple:
    game, a, b, seed, a_first, options = job
    arena = import_module(f"jayden_jazz.ai.{game}.arena")
    out = arena.play_game(a, b, seed, a_first, **options)
    decisions = getattr(out, "decisions_by", None) or out.actions_by
    return (seed, a_first, out.winner, out.reason, out.turns, dict(out.think_seconds),
            dict(decisions), getattr(out, "record", "") or "", dict(getattr(out, "worst_seconds", None) or {}))


def _write_record(folder: Path, r: tuple, args: argparse.Namespace) -> None:
    """One game's record, its seats named after the players, with a comment saying which game it was."""
    import yaml

    seed, a_first, text = r[0], r[1], r[7]
    data = yaml.safe_load(text)
    n = len(data["hands"])
    first, second = ("a", "b") if a_first else ("b", "a")
    roles = [first if k % 2 == 0 else second for k in range(n)]
    data["names"] = [f"{k.upper()} ({args.a if k == 'a' else args.b})" for k in roles]
    head = (f"# tournament game {seed - args.seed + 1} of {args.games}, seed {seed}, "
            f"{'A' if a_first else 'B'} first; seats: " + ", ".join(f"{i} {x}" for i, x in enumerate(data["names"])))
    body = yaml.safe_dump(data, sort_keys=False, default_flow_style=None, allow_unicode=True, width=100)
    name = f"{seed - args.seed + 1:03d}-seed{seed}-{'A' if a_first else 'B'}first.yaml"
    (folder / name).write_text(head + "\n" + body, encoding="utf-8")


def _run(jobs: list[tuple], results: list[tuple], args: argparse.Namespace) -> None:
    """Plays the games (in ``args.jobs`` processes), printing a line for each as it ends."""
    if args.jobs > 1 and len(jobs) > 1:
        with mp.get_context("spawn").Pool(args.jobs) as pool:
            for r in pool.imap_unordered(_play, jobs):
                results.append(r)
                _line(r, args, len(results))
                if args.records is not None:
                    _write_record(args.records, r, args)
    else:
        for job in jobs:
            r = _play(job)
            results.append(r)
            _line(r, args, len(results))
            if args.records is not None:
                _write_record(args.records, r, args)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="jayden", help="arena module: jayden_jazz.ai.<game>.arena")
    ap.add_argument("--a", required=True, help="player A")
    ap.add_argument("--b", required=True, help="player B")
    ap.add_argument("-n", "--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget", type=float, help="seconds per decision for every computer level")
    ap.add_argument("--scale", type=float, help="multiply each level's own time budget")
    ap.add_argument("--max-turns", type=int)
    ap.add_argument("--opt", action="append", default=[], metavar="KEY=VALUE",
                    help="extra play_game option, repeatable; several joined by commas")
    ap.add_argument("--jobs", type=int, default=2, help="games played at once (default 2)")
    ap.add_argument("-q", "--quiet", action="store_true", help="no line per game")
    ap.add_argument("--records", type=Path, metavar="DIR", help="card game: write each game's record file here")
    args = ap.parse_args(argv)
    if args.records is not None:
        if args.game != "cards":
            ap.error("--records writes card game records; use it with --game cards")
        args.records.mkdir(parents=True, exist_ok=True)

    arena = import_module(f"jayden_jazz.ai.{args.game}.arena")
    for name in (args.a, args.b):
        if name not in arena.PLAYERS and not name.startswith("engine:"):
            ap.error(f"unknown player {name!r} for {args.game}; choose from {', '.join(arena.PLAYERS)}"
                     " or engine:<command line>")
    options: dict = {}
    for item in (part for opt in args.opt for part in opt.split(",")):   # same=1,plus=1
        key, sep, val = item.partition("=")
        if not sep or not key:
            ap.error(f"--opt needs KEY=VALUE, not {item!r}")
        options[key] = _value(val)
    if args.budget is not None:
        options["time_budget"] = args.budget
    if args.scale is not None:
        options["budget_scale"] = args.scale
    if args.max_turns is not None:
        options["max_turns"] = args.max_turns

    jobs = [(args.game, args.a, args.b, args.seed + i, i % 2 == 0, options) for i in range(args.games)]
    started = time.perf_counter()
    cpu_started = time.process_time()
    results: list[tuple] = []
    try:
        _run(jobs, results, args)
    except EngineError as exc:              # an engine that cannot start or does not speak the protocol
        print(f"tournament stopped: {exc}", file=sys.stderr)
        return 2
    wall = time.perf_counter() - started
    cpu = time.process_time() - cpu_started

    wins = sum(r[2] == "a" for r in results)
    losses = sum(r[2] == "b" for r in results)
    draws = len(results) - wins - losses
    print(f"\n{args.game}: A = {args.a}, B = {args.b}, {len(results)} games, seeds {args.seed}.."
          f"{args.seed + args.games - 1}, options {options or '{}'}")
    print(format_wdl(WDL(wins, draws, losses), f"A ({args.a})"))
    reasons = Counter(f"{'A' if r[2] == 'a' else 'B' if r[2] == 'b' else 'draw'} {r[3]}" for r in results)
    print("  endings: " + ", ".join(f"{k} x{v}" for k, v in sorted(reasons.items())))
    print(f"  mean turns per game {sum(r[4] for r in results) / max(1, len(results)):.1f}")
    for key, name in (("a", args.a), ("b", args.b)):
        secs = sum(r[5][key] for r in results)
        n = sum(r[6][key] for r in results)
        worst = max((r[8].get(key, 0.0) for r in results), default=0.0)
        print(f"  {key.upper()} ({name}): mean {secs / max(1, n):.3f} s per decision over {n} decisions"
              + (f", worst {worst:.3f} s" if worst else ""))
    print(f"  wall time {wall:.0f} s")
    if args.jobs == 1 or len(jobs) == 1:
        # the levels think by the clock: on a busy machine they get less work done per move
        print(f"  this process had the CPU {100 * cpu / max(wall, 1e-9):.0f}% of the wall time")
    return 0


def _line(r: tuple, args: argparse.Namespace, done: int) -> None:
    if args.quiet:
        return
    seed, a_first, winner, reason, turns, think, dec = r[:7]
    who = {"a": f"A ({args.a})", "b": f"B ({args.b})", None: "draw"}[winner]
    print(f"[{done}/{args.games}] seed {seed} {'A' if a_first else 'B'} first: {who} by {reason} "
          f"at turn {turns}", flush=True)


if __name__ == "__main__":
    raise SystemExit(main())
