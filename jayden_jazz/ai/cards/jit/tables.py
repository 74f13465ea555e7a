"""A two-player position's fixed facts as numpy arrays: what the compiled kernel reads.

The kernel (:mod:`.kernel`) cannot read Python objects, so everything the
ability search of :mod:`~jayden_jazz.ai.cards.bits` reads from its state --
each piece's effective sides on each cell, the comparison, the neighbours,
Same Wall's walls, the abilities with their conditions and filters already
judged where they do not depend on the position, and where each Turn effect
reaches -- is written here once per game into flat arrays, in the layout
the kernel's constants name. Nothing here imports numba: the arrays are
built and checked the same with or without it.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import numpy as np

from jayden_jazz.cards.judge import comparison

if TYPE_CHECKING:
    from jayden_jazz.ai.cards.bits import BitSolver
    from jayden_jazz.cards.card import Ability
    from jayden_jazz.cards.core import Core
    from jayden_jazz.cards.judge import Judge

KMAX = 4            # abilities a card may carry, at most, in the kernel's arrays
_KEY_SEED = 0x51D0_41C7

# the effects' codes (column A_EFFECT of the abilities' array)
WIN, GAIN, SWAP, RESET, MODIFY = 1, 2, 3, 4, 5
_CODES = {"win": WIN, "gain_control": GAIN, "swap": SWAP, "reset": RESET, "modify": MODIFY}

# the abilities' array: per piece and ability, these columns (-1: the key is absent)
(A_EFFECT, A_NUMBER, A_STATIC_OK, A_CAPTURED, A_CONTROLLING, A_BEHIND, A_EMPTY, A_PASS, A_ADJACENT,
 A_COUNT, A_COND, A_LOCAL) = range(12)
A_COLS = 12

# the flags' array
(F_SIZE, F_FULL, F_SAME, F_PLUS, F_COMBO, F_WALL, F_SUDDEN, F_NPIECES, F_ABILMASK, F_DEALT0, F_DEALT1,
 F_ANYRESET) = range(12)
F_COLS = 12

# the pieces' array: per piece these columns
P_ID, P_DEALER, P_POINTS, P_WEAK = range(4)


def reach_grid(judge: Judge, ab: Ability, piece: int, npieces: int, size: int) -> np.ndarray:
    """``judge.reaches`` for every seat, origin, owner, piece and cell at once, indexed in that
    order (int8, 0 off the field): where a Turn effect of ``ab`` on ``piece`` changes a card.

    The loop over ``reaches`` cost up to ten times the search of a late position (the few
    cards of a hidden hand's sampled world), for each such position searched; this is one
    numpy expression of the same rule (``tests/ai/test_cards_jit.py`` holds them equal)."""
    play = np.zeros(size, bool)
    play[list(judge.play_cells)] = True
    adj = np.zeros((size, size), bool)                      # [origin, cell]
    for o in judge.play_cells:
        adj[o, list(judge.adjset[o])] = True
    seat = np.arange(2).reshape(2, 1, 1, 1, 1)
    origin = np.arange(size).reshape(1, size, 1, 1, 1)
    owner = np.arange(2).reshape(1, 1, 2, 1, 1)
    q = np.arange(npieces).reshape(1, 1, 1, npieces, 1)
    cell = np.arange(size).reshape(1, 1, 1, 1, size)
    near = adj.reshape(1, size, 1, 1, size)
    t = ab.target
    if t == "self":
        ok = (cell == origin) & (q == piece)
    elif t == "own":
        ok = owner == seat
    elif t == "opponents":
        ok = owner != seat
    elif t == "neighbours":
        ok = near
    else:  # all
        ok = np.ones((1, 1, 1, 1, 1), bool)
    f = ab.filter
    if not f.is_empty():
        ok = ok & np.array([judge.passes_static(f, x) for x in range(npieces)], bool).reshape(q.shape)
        if f.adjacent is not None:
            ok = ok & (near == f.adjacent)
    ok = ok & play.reshape(1, size, 1, 1, 1) & play.reshape(cell.shape)
    return np.broadcast_to(ok, (2, size, 2, npieces, size)).astype(np.int8)


def build(bits: BitSolver, st: Core) -> tuple[np.ndarray, ...]:
    """The kernel's tables for the game of ``st``, with the abilities as ``bits`` (the Python
    ability search of the same state) has judged them; in the order of :mod:`.kernel`'s
    indexes."""
    judge = st.judge
    size = st.size
    npieces = len(st.ids)
    if size > 62 or npieces > 62:
        raise ValueError("the compiled search holds fields and decks of up to 62")
    val = np.zeros((npieces, size, 4), np.int64)
    base = np.zeros((npieces, size, 4), np.int64)
    for p in range(npieces):
        for c in st.play_cells:
            val[p, c] = judge.values(p, c)
            e0 = judge.elemental(p, c) if judge.cell_element else 0
            base[p, c] = [v + e0 for v in st.sides[p]]
    wins = np.array(comparison(st.ties), np.int64)
    nb = np.full((size, 4, 3), -1, np.int64)
    for c in st.play_cells:
        for i, (d, n, od) in enumerate(judge.adj[c]):
            nb[c, i] = (n, d, od)
    walls = np.zeros((size, 4), np.int64)
    table = st.table
    wall = bool(table is not None and table.wall)
    for c in st.play_cells:
        for d in judge.walls[c]:
            walls[c, d] = 1
    aces = np.zeros((npieces, size), np.int64)
    if wall:
        for p in range(npieces):
            for c in st.play_cells:
                aces[p, c] = judge.wall_aces(tuple(val[p, c]), c)
    flags = np.zeros(F_COLS, np.int64)
    flags[F_SIZE] = size
    flags[F_FULL] = bits.full
    flags[F_SAME] = bool(table is not None and table.same)
    flags[F_PLUS] = bool(table is not None and table.plus)
    flags[F_COMBO] = bool(table is not None and table.combo)
    flags[F_WALL] = wall
    flags[F_SUDDEN] = bool(st.sudden)
    flags[F_NPIECES] = npieces
    flags[F_ABILMASK] = bits.abilmask
    flags[F_DEALT0], flags[F_DEALT1] = bits.dealt
    flags[F_ANYRESET] = any(info[1] == "reset" for infos in bits.abil for info in infos)
    abil = np.zeros((npieces, KMAX, A_COLS), np.int64)
    reach = np.zeros((npieces, KMAX, 2, size, 2, npieces, size), np.int8)
    amount = np.zeros((npieces, KMAX, 4), np.int64)
    for p, infos in enumerate(bits.abil):
        if len(infos) > KMAX:
            raise ValueError(f"the compiled search holds {KMAX} abilities a card")
        for k, (no, eff, ab, cond, static_ok, passmask, adjacent) in enumerate(infos):
            row = abil[p, k]
            row[A_EFFECT] = _CODES[eff]
            row[A_NUMBER] = no
            row[A_STATIC_OK] = static_ok
            row[A_COND] = cond is not None
            row[A_CAPTURED] = row[A_CONTROLLING] = row[A_BEHIND] = row[A_EMPTY] = -1
            if cond is not None:
                for col, got in ((A_CAPTURED, cond.captured_at_least), (A_CONTROLLING, cond.controlling_at_most),
                                 (A_BEHIND, cond.behind), (A_EMPTY, cond.empty_cells_at_most)):
                    if got is not None:
                        row[col] = int(got)
            row[A_PASS] = passmask
            row[A_ADJACENT] = -1 if adjacent is None else int(adjacent)
            row[A_COUNT] = ab.count
            row[A_LOCAL] = ab.target in ("self", "neighbours")
            if eff == "modify":
                for d in range(4):
                    amount[p, k, d] = ab.amount if d in ab.sides else 0
                reach[p, k] = reach_grid(judge, ab, p, npieces, size)
    ids: dict[str, int] = {}
    pieces = np.zeros((npieces, 4), np.int64)
    for p in range(npieces):
        pieces[p, P_ID] = ids.setdefault(st.ids[p], len(ids))
        pieces[p, P_DEALER] = st.dealer[p]
        pieces[p, P_POINTS] = st.points[p]
        pieces[p, P_WEAK] = bits.weak[p]
    rng = random.Random(_KEY_SEED)
    zboard = np.array([[rng.getrandbits(64) for _ in range(npieces)] for _ in range(size)], np.uint64)
    zhand = np.array([[rng.getrandbits(64) for _ in range(npieces)] for _ in range(2)], np.uint64)
    adjmask = np.array([sum(1 << n for _, n, _ in judge.adj[c]) for c in range(size)], np.int64)
    return (val, base, wins, nb, walls, aces, flags, abil, reach, amount, pieces, zboard, zhand, adjmask)


# the packed tables (pack): the flags first, then where each table starts
HEADER = 32
(O_VAL, O_BASE, O_WINS, O_NB, O_WALLS, O_ACES, O_ABIL, O_REACH, O_AMOUNT, O_PIECES, O_ZB, O_ZH,
 O_ADJ) = range(16, 29)


def pack(tables: tuple[np.ndarray, ...]) -> np.ndarray:
    """The tables of :func:`build` as one flat int64 array: the flags (``F_*``) at the start,
    at ``O_*`` where each table starts, then the tables row-major (the keys' bits as int64).
    One array, because a compiled call passes and counts each array it is given."""
    (val, base, wins, nb, walls, aces, flags, abil, reach, amount, pieces, zboard, zhand, adjmask) = tables
    header = np.zeros(HEADER, np.int64)
    header[:F_COLS] = flags
    parts = [header]
    at = HEADER
    for slot, part in zip(range(O_VAL, O_ADJ + 1), (val, base, wins, nb, walls, aces, abil, reach, amount,
                                                      pieces, zboard, zhand, adjmask)):
        header[slot] = at
        flat = part.reshape(-1).view(np.int64) if part.dtype == np.uint64 else part.reshape(-1).astype(np.int64)
        parts.append(flat)
        at += flat.size
    return np.concatenate(parts)


__all__ = ["HEADER", "KMAX", "build", "pack", "reach_grid"]
