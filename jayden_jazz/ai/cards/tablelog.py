"""Table entries passed between the two processes of a split proof (:mod:`.split`).

Forked, the caller and its helper each fill a table of their own, and a
position one of them proved is proved again by the other when its search
meets it: from the empty board most of a root move's positions are met again
under other root moves (Same + Plus + Combo deal 16: a root move searched
alone took over 400,000 positions where the same search after the moves
before it took 28,000). So each process appends the entries it made to a
log in shared memory, and reads the other's log into its own table, both at
the solver's tick (every 256 positions). No lock: a log has one writer,
which writes an entry's words and then its count; the reader takes the
entries up to the count it sees. A ring that wraps under a slow reader, or
a read that meets a write half done, gives an entry whose check word does
not match its other words: it is skipped. Every entry that passes is one the
other process stored, so it holds: a bound of that position's value, which
is the same position in both processes (the keys are the same, made before
the fork). An entry the reader has already is narrowed to both bounds.

Only the entries a process added to its table are written (an entry it
narrowed keeps its first bounds in the log), and not the ones it read from
the other's log, nor those the caller names ``unshared``: writing and reading
an entry costs about what proving a position a few cells from the end does
again, and those are most of a table (the split proof keeps the ability
search's positions with fewer than five empty cells to each process).
"""

from __future__ import annotations

import mmap
from collections.abc import Container
from itertools import islice

_MASK = (1 << 64) - 1
_MIX = 0x9E37_79B9_7F4A_7C15
_SALT = 0x5A17_0C0F_FEE1_DEAD      # a slot never written (all zero) fails its check
RING = 1 << 17                     # entries a log holds before it wraps (4 words each)
_OFF = 1024                        # value offset: the margin search's bounds are within +-999
_WORDS = 4


def _check(lo64: int, hi: int, packed: int) -> int:
    return ((lo64 * _MIX) ^ (hi * 0xC2B2_AE3D_27D4_EB4F) ^ (packed << 7) ^ _SALT) & _MASK


def pack(table: int, lo: int, hi: int, pc: int) -> int:
    """One word: which table, both bounds and the best move (piece * size + cell, -1 none)."""
    return (((pc + 1) << 23) | ((hi + _OFF) << 12) | ((lo + _OFF) << 1) | table)


def unpack(word: int) -> tuple[int, int, int, int]:
    """(table, lo, hi, pc) of :func:`pack`."""
    return word & 1, ((word >> 1) & 0x7FF) - _OFF, ((word >> 12) & 0x7FF) - _OFF, (word >> 23) - 1


class Logs:
    """Two logs in one anonymous shared map (made before the fork): process ``side`` (0 the
    caller, 1 the helper) writes log ``side`` and reads the other."""

    def __init__(self, tables: tuple[dict, dict], unshared: tuple[Container[int], Container[int]] = ((), ())) -> None:
        """``unshared``: per table, keys whose entries are not written (the other process
        takes less time proving them again than both take passing them)."""
        self.map = mmap.mmap(-1, 8 * 2 * (1 + _WORDS * RING))
        self.words = memoryview(self.map).cast("Q")
        self.tables = tables
        self.unshared = unshared
        self.side = 0
        self.written = 0          # entries this process wrote to its log
        self.read = 0             # entries of the other's log read
        self.seen = [len(t) for t in tables]   # table sizes already written or read
        self.skipped = 0          # entries that failed their check (tests)

    def start(self, side: int) -> None:
        """This process is ``side`` from now on (the helper calls it after the fork)."""
        self.side = side
        self.seen = [len(t) for t in self.tables]

    def _base(self, side: int) -> int:
        return side * (1 + _WORDS * RING)

    def sync(self) -> None:
        """Write this process's new entries, then read the other's."""
        self.write()
        self.take()

    def write(self) -> None:
        words = self.words
        base = self._base(self.side)
        n = self.written
        for t, table in enumerate(self.tables):
            new = len(table) - self.seen[t]
            if new <= 0:
                self.seen[t] = len(table)
                continue
            unshared = self.unshared[t]
            for key in list(islice(reversed(table), new)):
                if key in unshared:
                    continue
                lo, hi, pc = table[key]
                packed = pack(t, lo, hi, pc)
                lo64 = key & _MASK
                hi64 = key >> 64
                at = base + 1 + _WORDS * (n % RING)
                words[at] = lo64
                words[at + 1] = hi64
                words[at + 2] = packed
                words[at + 3] = _check(lo64, hi64, packed)
                n += 1
            self.seen[t] = len(table)
        if n != self.written:
            self.written = n
            words[base] = n              # after the entries: a reader takes up to here

    def take(self) -> None:
        words = self.words
        base = self._base(1 - self.side)
        end = words[base]
        i = max(self.read, end - RING)
        tables = self.tables
        while i < end:
            at = base + 1 + _WORDS * (i % RING)
            lo64, hi64, packed, check = words[at], words[at + 1], words[at + 2], words[at + 3]
            i += 1
            if check != _check(lo64, hi64, packed):
                self.skipped += 1
                continue
            t, lo, hi, pc = unpack(packed)
            key = (hi64 << 64) | lo64
            table = tables[t]
            own = table.get(key)
            if own is None:
                table[key] = (lo, hi, pc)
            else:
                lo2 = lo if lo > own[0] else own[0]
                hi2 = hi if hi < own[1] else own[1]
                if lo2 <= hi2 and (lo2, hi2) != (own[0], own[1]):
                    table[key] = (lo2, hi2, own[2])
        self.read = end
        self.seen = [len(t) for t in tables]

    def close(self) -> None:
        self.words.release()
        self.map.close()


__all__ = ["Logs", "RING", "pack", "unpack"]
