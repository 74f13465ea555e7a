"""Perft speed of the Jayden engine, with baselines measured in the same run.

    python tools/bench_perft.py [--depth 2] [--repeat 3] [--no-reference]

For each position it prints leaves (actions counted), the best wall time of
``--repeat`` runs, and leaves per second; then two ratios against baselines
timed now, on this machine, so the figures compare across machines:

* ``vs ref`` -- speed-up over the slow reference generator of the test suite
  (tests/jayden/jayden_reference.py), run on the same positions and depth;
* ``loop`` -- the perft time expressed in units of a trivial pure-Python loop
  that reads every one of the 280 squares once per leaf.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "jayden"))

from jayden_jazz.jayden import START_JPN, Position, perft  # noqa: E402

POSITIONS = {
    "start": START_JPN,
    "middle 1": "c2rrr3k1m2rr1r1c/1rhhh1h1hhhh1i1hh1sk/kh5h9h2/4X9h1i1hr/13I6/4D10x4/20/3S16/"
    "20/12S7/2H13H3/8H5H3H1/KH1HH1H1HKHH2HH1H1K/C1RRRRI1M5RRRR1C r - 0 0 19",
    "middle 2": "1crr1r1inkm1ii2r2c/h1h1h2h5hrs1hhk/5h4h9/3h4h2rh3h3/2s4h4hr6/k2r8h7/20/3R16/"
    "5D3H1X8/1S12S5/14H5/3H3H4H2H2HK/KH1H1HI1H4H1H2H1/C2RR2I1MKHIIR1RR1C g - 0 19 29",
    "middle 3": "ckrri5m1ii1rr2c/1h2h2h1h1h1rhh1h1k/10h7hr/1h3h1r4h3h3/5h4h9/20/11X8/7x5s6/20/"
    "9H9H/3R2R3HH3H2R1/5H6H4H2/KHHHH2IHHK3H3KC/C1R2RI1HM1I4RS2 r - 0 4 31",
}


def _best(fn, repeat: int) -> tuple[float, object]:
    best, value = float("inf"), None
    for _ in range(repeat):
        t = time.perf_counter()
        value = fn()
        best = min(best, time.perf_counter() - t)
    return best, value


def _trivial_loop(leaves: int) -> float:
    board = bytearray(280)
    t = time.perf_counter()
    total = 0
    for _ in range(leaves):
        for sq in range(280):
            total += board[sq]
    return time.perf_counter() - t


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-reference", action="store_true",
                        help="skip the slow reference baseline")
    args = parser.parse_args(argv)
    reference = None
    if not args.no_reference:
        import jayden_reference as reference

    print(f"perft {args.depth}, best of {args.repeat}")
    header = f"{'position':<10} {'leaves':>9} {'time s':>8} {'leaves/s':>10}"
    header += f" {'loop':>6}" + ("" if reference is None else f" {'ref s':>7} {'vs ref':>7}")
    print(header)
    total_leaves = 0
    total_time = 0.0
    for name, jpn in POSITIONS.items():
        pos = Position(jpn, quiet_draw=False)
        seconds, leaves = _best(lambda: perft(pos, args.depth), args.repeat)
        loop = _trivial_loop(leaves)
        line = f"{name:<10} {leaves:>9} {seconds:>8.4f} {leaves / seconds:>10.0f} {seconds / loop:>6.2f}"
        if reference is not None:
            state = reference.parse(jpn)
            ref_seconds, ref_leaves = _best(lambda: reference.perft(state, args.depth), 1)
            if ref_leaves != leaves:
                print(f"MISMATCH with reference: {ref_leaves} != {leaves}", file=sys.stderr)
                return 1
            line += f" {ref_seconds:>7.3f} {ref_seconds / seconds:>6.1f}x"
        print(line)
        total_leaves += leaves
        total_time += seconds
    print(f"{'all':<10} {total_leaves:>9} {total_time:>8.4f} {total_leaves / total_time:>10.0f}")
    print("loop = perft time / time of a pure-Python loop over 280 squares per leaf")
    return 0


if __name__ == "__main__":
    sys.exit(main())
