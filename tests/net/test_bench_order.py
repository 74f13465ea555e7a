"""tools/bench_server.py runs a baseline and this source in turn (#40): on one PostgreSQL the run that
comes first and the one right after it differ by themselves, so with a fixed order that difference
read as the change's. Each source must go first as often as the other."""

from __future__ import annotations

from typing import Any

from tests.toolscripts import tool



def _in_turn() -> Any:
    return tool("bench_server").in_turn


def test_each_source_goes_first_as_often_as_the_other() -> None:
    in_turn = _in_turn()
    servers = [("baseline 1 worker: ", "b1"), ("1 worker: ", "t1"), ("baseline 2 workers: ", "b2"),
               ("2 workers: ", "t2")]
    orders = [[s for _label, s in in_turn(servers, rep, True)] for rep in range(4)]
    assert orders == [["b1", "t1", "b2", "t2"], ["t1", "b1", "t2", "b2"]] * 2
    # every pair still runs together (one worker count, then the next), each measured every repeat
    for order in orders:
        assert {order[0], order[1]} == {"b1", "t1"} and {order[2], order[3]} == {"b2", "t2"}


def test_without_a_baseline_the_order_never_changes() -> None:
    in_turn = _in_turn()
    servers = [("1 worker: ", "t1"), ("2 workers: ", "t2")]
    assert [in_turn(servers, rep, False) for rep in range(3)] == [servers] * 3
