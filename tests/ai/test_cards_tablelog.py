"""Table entries passed between the split proof's two processes (ai/cards/tablelog.py).

An entry read from the other process becomes a bound in this one's table,
so a wrong one would be a wrong proof: every entry read must be one the other
process wrote, a torn or overwritten slot must be skipped, and an entry both
have must keep both bounds. The split proof with the logs must still answer
as one process does (tests/ai/test_cards_split.py runs it so under every rule
set; here on longer proofs from a few cards in).
"""

from __future__ import annotations

import random

import pytest

from jayden_jazz.ai.cards import split, tablelog
from jayden_jazz.ai.cards.solver import Solver
from jayden_jazz.ai.cards.split import CAN_SPLIT, solve_root_split
from jayden_jazz.ai.cards.tablelog import Logs, pack, unpack


def _entries(rng: random.Random, n: int) -> dict[int, tuple[int, int, int]]:
    out = {}
    while len(out) < n:
        key = rng.getrandbits(84)
        lo = rng.randrange(-999, 999)
        out[key] = (lo, rng.randrange(lo, 1000), rng.randrange(-1, 300))
    return out


def _written_by_one_read_by_other(written: tuple[dict, dict], unshared: tuple = (frozenset(), frozenset())
                                  ) -> tuple[Logs, tuple[dict, dict]]:
    """A log written as process 0 with ``written``'s new entries (but the keys ``unshared``
    names), then read as process 1 into empty tables (one map, both sides played in turn)."""
    mine: tuple[dict, dict] = ({}, {})
    logs = Logs(mine, unshared)
    for t in range(2):
        mine[t].update(written[t])
    logs.write()
    theirs: tuple[dict, dict] = ({}, {})
    logs.tables = theirs
    logs.start(1)
    logs.take()
    return logs, theirs


def test_unshared_keys_stay_in_their_process_and_the_rest_pass():
    """The split proof keeps the entries of positions near the end to each process
    (split.SHARE_EMPTY): those keys are not written, every other entry is, as written."""
    rng = random.Random(4141)
    written = (_entries(rng, 400), _entries(rng, 200))
    unshared = set(list(written[0])[::3])
    logs, theirs = _written_by_one_read_by_other(written, (unshared, set()))
    assert theirs[0] == {k: v for k, v in written[0].items() if k not in unshared}
    assert theirs[1] == written[1] and logs.skipped == 0
    logs.close()


@pytest.mark.skipif(not CAN_SPLIT, reason="the split proof needs os.fork")
def test_a_split_proof_keeps_near_end_positions_to_itself_and_then_stops_keeping():
    from tests.ai.deals import perfect_deal
    g = perfect_deal(3, dict(open="1", same="1", plus="1", combo="1"))
    for _ in range(2):
        g.push(g.legal_actions(abilities=False)[3])
    solver = Solver(g.search_state())
    seen: list[int] = []
    real = tablelog.Logs.write

    def write(self):
        seen.append(len(self.unshared[0]))
        real(self)

    tablelog.Logs.write = write
    try:
        res = solve_root_split(solver)
    finally:
        tablelog.Logs.write = real
    assert res.complete and res.value == Solver(g.search_state()).solve_root().value
    assert seen and max(seen) > 0                 # positions near the end were met, and kept
    assert solver.bits.unshared is None           # a later search on this solver keeps nothing


def test_pack_and_unpack_are_inverse_over_both_tables_ranges():
    for table, lo, hi, pc in [(0, -2, 2, -1), (1, -999, 999, 0), (1, 17, 17, 65_000), (0, 0, 1, 89)]:
        assert unpack(pack(table, lo, hi, pc)) == (table, lo, hi, pc)


def test_the_other_process_reads_every_entry_as_written():
    rng = random.Random(41)
    written = (_entries(rng, 500), _entries(rng, 300))
    logs, theirs = _written_by_one_read_by_other(written)
    assert theirs == written
    assert logs.skipped == 0
    logs.close()


def test_a_torn_entry_is_skipped_and_the_others_are_read():
    rng = random.Random(7)
    written = (_entries(rng, 50), {})
    mine: tuple[dict, dict] = ({}, {})
    logs = Logs(mine)
    mine[0].update(written[0])
    logs.write()
    # entry 10 half overwritten by another: its key from one, its value and check from the other
    at = 1 + 4 * 10
    torn = logs.words[at] | logs.words[at + 1] << 64
    logs.words[at] ^= 1 << 5
    theirs: tuple[dict, dict] = ({}, {})
    logs.tables = theirs
    logs.start(1)
    logs.take()
    assert logs.skipped == 1
    assert torn not in theirs[0] and (torn ^ 1 << 5) not in theirs[0]
    assert {k: v for k, v in written[0].items() if k != torn} == theirs[0]
    logs.close()


def test_a_slot_never_written_fails_its_check():
    logs = Logs(({}, {}))
    logs.words[0] = 3                 # a count ahead of the entries (as a reader could see it)
    theirs: tuple[dict, dict] = ({}, {})
    logs.tables = theirs
    logs.start(1)
    logs.take()
    assert theirs == ({}, {}) and logs.skipped == 3
    logs.close()


def test_a_reader_left_behind_by_the_ring_reads_only_whole_entries(monkeypatch):
    monkeypatch.setattr(tablelog, "RING", 16)
    rng = random.Random(3)
    mine: tuple[dict, dict] = ({}, {})
    logs = Logs(mine)
    everything: dict = {}
    for _ in range(5):                # 5 x 10 entries through a ring of 16, nobody reading
        batch = _entries(rng, 10)
        everything.update(batch)
        mine[0].update(batch)
        logs.write()
    theirs: tuple[dict, dict] = ({}, {})
    logs.tables = theirs
    logs.start(1)
    logs.take()
    assert len(theirs[0]) == 16
    assert all(everything[k] == v for k, v in theirs[0].items())
    logs.close()


def test_an_entry_both_have_keeps_both_bounds():
    mine: tuple[dict, dict] = ({5: (-2, 1, 3)}, {9: (0, 4, 1)})
    logs = Logs(mine)
    logs.start(0)
    theirs: tuple[dict, dict] = ({5: (0, 2, 7)}, {9: (2, 999, 2)})
    mine[0][6] = (1, 2, 0)            # a new entry, written
    mine[0][5] = (-2, 1, 3)
    logs.write()
    # the other side wrote its own entries for the same keys
    other = Logs(theirs)
    other.words, other.map = logs.words, logs.map
    other.start(1)
    other.seen = [0, 0]
    other.write()
    logs.take()
    assert mine[0][5] == (0, 1, 3)    # both bounds, this process's move
    assert mine[1][9] == (2, 4, 1)
    other.take()
    assert theirs[0][6] == (1, 2, 0)
    logs.close()


def test_entries_read_from_the_other_are_not_written_back():
    rng = random.Random(5)
    logs, theirs = _written_by_one_read_by_other((_entries(rng, 20), {}))
    before = logs.written
    logs.write()
    assert logs.written == before
    logs.close()


@pytest.mark.skipif(not CAN_SPLIT, reason="the split proof needs os.fork")
@pytest.mark.parametrize("opts", [dict(open="1"), dict(open="1", same="1", plus="1", combo="1")],
                         ids=["open", "same+plus+combo"])
@pytest.mark.parametrize("share_empty", [0, split.SHARE_EMPTY], ids=["every entry passed", "near the end kept"])
def test_the_split_proof_with_the_logs_answers_as_one_process(opts, share_empty, monkeypatch):
    """From two cards in (seven empty cells): long enough for both to write and read many
    entries; every value the split proves is the one-process value; the caller's table
    ends up with the helper's entries (what the next move's solver goes on with). Passing
    every entry (``SHARE_EMPTY`` 0), the caller must read many: at seven empty cells most
    entries are near the end, which the default keeps to each process."""
    monkeypatch.setattr(split, "SHARE_EMPTY", share_empty)
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    sys.path.insert(0, str(root / "tools"))
    try:
        from perfect_match import deal
    finally:
        sys.path.remove(str(root / "tools"))
    monkeypatch.setattr(split, "ALONE_NODES", 0)      # every move's replies shared: both search at once
    read = []
    take = Logs.take

    def counted(self):
        before = self.read
        take(self)
        read.append(self.read - before)

    monkeypatch.setattr(Logs, "take", counted)
    for seed in (2, 5):
        g = deal(seed, opts)
        for k in range(2):
            g.push(g.legal_actions(abilities=False)[seed + 3 * k])
        st = g.core
        solver = Solver(st.copy())
        got = solve_root_split(solver)
        want = Solver(st.copy(), bits=False).solve_root()
        assert got.complete and got.value == want.value, (seed, st.position())
        for m in got.best:
            assert Solver(st.copy(), bits=False).child_value(m) == got.value
        # the caller's table, with what it read, still proves the same from scratch
        again = Solver(st.copy())
        again.bits.tt, again.bits.margin.tt = solver.bits.tt, solver.bits.margin.tt
        assert again.solve_root().value == want.value
    assert sum(read) > 100 or share_empty        # the caller read the helper's entries
