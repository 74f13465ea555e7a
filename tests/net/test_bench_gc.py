"""tools/bench_gc.py: the collector's pauses over a server's games, measured in one process (#40).
Its figures must be what the collector did: under the server's policy young collections begin at
its count, none of the middle generation, a full one after ``full_every``; under plain thresholds
the middle ones as the second says; and the process is left as it was."""

from __future__ import annotations

import gc

from jayden_jazz.net import gcpolicy
from tests.toolscripts import tool


def test_under_the_servers_policy_young_pauses_follow_its_count_and_a_full_one_comes() -> None:
    bench = tool("bench_gc")
    was = gc.get_threshold()
    r = bench.measure(games=60, rounds=8, young=1000, full_every=3)
    assert gc.get_threshold() == was and gc.get_freeze_count() == 0 and gcpolicy.POLICY is None
    assert r["actions"] == 60 * 8
    young, middle, full = (r["generations"][g] for g in (0, 1, 2))
    assert young["count"] >= 3 and 1000 <= young["young_max"] < 1100      # a young collection walks its count
    assert middle["count"] == 0                      # what young collections keep is frozen, never walked again
    assert full["count"] >= 1                        # asked of the loop after 3 young ones
    assert r["young_per_action"] > 1 and r["full_ms"] > 0 and r["heap"] > 60 * 100
    text = bench.report(r)
    assert "generation 0:" in text and "young 1,000, kept frozen, full every 3" in text


def test_under_plain_thresholds_every_third_collection_is_a_middle_one() -> None:
    r = tool("bench_gc").measure(games=30, rounds=6, thresholds=(1000, 1, 1000), census=True)
    young, middle = r["generations"][0], r["generations"][1]
    # the middle generation's count passes 1 after two young collections: every third is a middle one
    assert middle["count"] >= 1 and abs(young["count"] - 2 * middle["count"]) <= 2
    assert len(r["by_type"]) == 8 and dict(r["by_type"])["list"] > 30 * 6     # the heap's most common types
    assert gc.get_freeze_count() == 0
