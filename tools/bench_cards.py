"""Card-engine speed, each figure next to a baseline measured in the same run.

    python tools/bench_cards.py [--seconds 2] [--quick]

Prints ratios (engine time / baseline time), so results compare across
machines: a ratio going up after a change means the engine got slower.

- random games: full games of random legal actions (3x3 2 players, 7x7 4
  players); baseline: a bare loop making the same random choices from lists
  of the same lengths.
- search: push/pop of every legal action to depth 3 from a 3x3 opening (the
  AI's hot path); baseline: the same tree walked with bare list append/pop.
- neighbour look-up: the capture loop reading the numpy neighbour table
  element by element vs the engine's plain-list copy of it.
- pack loading: a generated 1,000-card pack through the validating loader;
  baseline: plain ``yaml.safe_load`` of the same text.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from jayden_jazz.cards import Rules, deal_random, get_field, new_game  # noqa: E402
from jayden_jazz.cards.catalog import Catalog  # noqa: E402
from jayden_jazz.cards.loader import parse_pack_text  # noqa: E402
from jayden_jazz.cards.synthetic import pack_yaml, synthetic_cards  # noqa: E402


def timed(fn, seconds: float) -> tuple[int, float]:  # type: ignore[no-untyped-def]
    """Run ``fn`` repeatedly for about ``seconds``; returns (runs, elapsed)."""
    runs = 0
    start = time.perf_counter()
    while True:
        fn()
        runs += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return runs, elapsed


def bench_games(field_name: str, players: int, seconds: float) -> None:
    rng = random.Random(1)
    cards = synthetic_cards(60, rng, ability_rate=0.5)
    catalog = Catalog.from_cards(cards)
    field = get_field(field_name)
    rules = Rules()
    lengths: list[int] = []

    def one_game() -> None:
        hands = deal_random(list(catalog), field, players, rules, rng)
        g = new_game(catalog, field, hands, rules, rng=rng, date=(2026, 11))
        while not g.is_over():
            acts = g.legal_actions()
            lengths.append(len(acts))
            g.push(rng.choice(acts))

    runs, t = timed(one_game, seconds)
    pools = {n: list(range(n)) for n in set(lengths)}
    brng = random.Random(2)
    start = time.perf_counter()
    for n in lengths:
        brng.choice(pools[n])
    base = time.perf_counter() - start
    print(f"random games {field_name}, {players} players: {runs / t:10.1f} games/s "
          f"({len(lengths) / t:9.0f} actions/s); baseline {len(lengths) / base:10.0f} choices/s; "
          f"ratio {t / base:7.1f}")


def bench_search(seconds: float) -> None:
    rng = random.Random(3)
    cards = synthetic_cards(30, rng, ability_rate=0.0)
    catalog = Catalog.from_cards(cards)
    field = get_field("3x3")
    hands = deal_random(list(catalog), field, 2, Rules(), rng)
    g = new_game(catalog, field, hands, first_seat=0, date=(2026, 11))
    widths: list[int] = []

    def walk(depth: int) -> int:
        if depth == 0 or g.is_over():
            return 1
        acts = g.legal_actions()
        widths.append(len(acts))
        n = 0
        for a in acts:
            g.push(a)
            n += walk(depth - 1)
            g.pop()
        return n

    nodes = [0]

    def search() -> None:
        widths.clear()
        nodes[0] = walk(3)

    runs, t = timed(search, seconds)
    per_run = t / runs
    it = iter(widths)
    stack: list[int] = []

    def bare(depth: int) -> int:
        if depth == 0:
            return 1
        n = 0
        for _ in range(next(it)):
            stack.append(0)
            n += bare(depth - 1)
            stack.pop()
        return n

    start = time.perf_counter()
    assert bare(3) == nodes[0]
    base = time.perf_counter() - start
    print(f"search 3x3 depth 3 (push+pop, legal_actions): {nodes[0] / per_run:10.0f} nodes/s; "
          f"baseline {nodes[0] / base:10.0f} nodes/s; ratio {per_run / base:7.1f}")


def bench_neighbours(seconds: float) -> None:
    field = get_field("7x7")
    table = field.neighbours
    plain = table.tolist()
    cells = list(field.cells)

    def numpy_walk() -> int:
        s = 0
        for c in cells:
            for d in range(4):
                n = table[c, d]
                if n >= 0:
                    s += 1
        return s

    def list_walk() -> int:
        s = 0
        for c in cells:
            row = plain[c]
            for d in range(4):
                if row[d] >= 0:
                    s += 1
        return s

    assert numpy_walk() == list_walk()
    r1, t1 = timed(numpy_walk, seconds / 2)
    r2, t2 = timed(list_walk, seconds / 2)
    print(f"neighbour look-ups 7x7: numpy elements {r1 / t1 * len(cells) * 4:10.0f}/s; "
          f"plain lists {r2 / t2 * len(cells) * 4:10.0f}/s; numpy is {(t1 / r1) / (t2 / r2):4.1f}x slower")


def bench_packs(seconds: float) -> None:
    cards = synthetic_cards(1000, random.Random(4), ability_rate=0.5)
    text = pack_yaml(cards)
    info, loaded, problems = parse_pack_text(text, Path("bench.yaml"), None)
    assert len(loaded) == 1000 and not [p for p in problems if p.is_error]
    r1, t1 = timed(lambda: parse_pack_text(text, Path("bench.yaml"), None), seconds)
    r2, t2 = timed(lambda: yaml.safe_load(text), seconds)
    print(f"pack loading, 1,000 cards ({len(text) // 1024} KiB): {r1 / t1:6.2f} packs/s; "
          f"baseline yaml.safe_load {r2 / t2:6.2f}/s; ratio {(t1 / r1) / (t2 / r2):5.2f}")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    p.add_argument("--quick", action="store_true", help="0.3 s per measurement")
    args = p.parse_args()
    s = 0.3 if args.quick else args.seconds
    bench_games("3x3", 2, s)
    bench_games("7x7", 4, s)
    bench_search(s)
    bench_neighbours(s)
    bench_packs(s)
    return 0


if __name__ == "__main__":
    sys.exit(main())
