"""The ability search of :mod:`~jayden_jazz.ai.cards.bits`, compiled by numba, on a stack of its own.

The same game as the Python search, on the same kind of packed position
(``occ``, ``m0``, the hands as bit sets, the piece on each cell), with the
same rulings: the classic captures, an ability offered after a placement
that takes two cards or more (win, gain control, swap, reset, a Turn
effect), the positions while Turn effects last searched with the effects
carried beside them (as :mod:`~jayden_jazz.ai.cards.bitwindow`), the game
played again after a reset. Why compiled: a won deal whose first card has
only one or two winning placements takes Hard's Python search 1.2-2.5 times
its time on two cores (issue #41, ``docs/strength.md``).

Why a stack of its own: numba types a recursive function anew at every
recursive call it meets, and this search written recursively took it four
minutes to compile at every start (its on-disk cache of a recursive
function crashes on loading, numba's issue #6061). So each method of the
Python search is a *step* function here that runs a frame (``layout.R_*``
fields in ``M``) up to its next child, writes the child's frame above it and
says CALL, or finishes and says RETURN with its value; :func:`run` drives
the frames. None of them recurses, so numba keeps them all on disk.

The search counts its positions and, at ``M[S_LIMIT]``, stops at once
(nothing more is written to the table); the caller reads its clock and asks
again from its own position, the table keeping what was proven. Effects in
force are packed into ints (:func:`.rules.effect`), at most three at once.
Values are win/draw/loss (1, 0, -1) for the seat to move, fail-soft.
"""

from __future__ import annotations

from numba import njit

from .layout import (AFTER, AGAIN, FRAME, O_CELLP, O_FRAMES, O_HIST, O_KCAP, O_KILLER, O_KKEY, O_SAVE, O_TKEY,
                     O_TVAL, M_KIDS, M_TMASK, PLACE, R_A0, R_ALPHA, R_BEST, R_BESTPC, R_BETA, R_C, R_CAP,
                     R_COUNT, R_E1, R_E2, R_E3, R_G1, R_G2, R_G3, R_H0, R_H1, R_I, R_K, R_KEY, R_KIND, R_KPC,
                     R_M0, R_MODE, R_N, R_NFREE, R_NH0, R_NH1, R_NM0, R_NOCC, R_NZ, R_OCC, R_P, R_PHASE,
                     R_PIECES, R_QS, R_R, R_RESET, R_RET, R_SIGN, R_SLOT, R_SUB, R_TARGETS, R_TTPC, R_TURN,
                     R_V, R_WHICH, R_X, R_XS, R_Z, S_ERROR, S_LIMIT, S_NODES, S_RESETS, S_STOP, SEARCH, WINDOW)
from .rules import (aged, captures, distinct, effect, eligible, final, hands_key, list_kids, list_kids_under,
                    lowest, offered, popcount, store, table_key)
from .tables import (A_COLS, A_COUNT, A_EFFECT, A_LOCAL, F_ABILMASK, F_DEALT0, F_DEALT1, F_FULL, F_NPIECES,
                     F_SIZE, F_SUDDEN, GAIN, KMAX, MODIFY, O_ABIL, O_ZB, O_ZH, RESET, SWAP, WIN)

CALL, RETURN = 1, 2
_INF = 2
SPAN = 3            # a new effect's turns (bitwindow.SPAN)


@njit(cache=True)
def enter(M, sp, kind, occ, m0, h0, h1, z, turn, reset, e1, e2, e3, alpha, beta, p, c, cap):
    """Write a new frame at ``sp`` (phase 0)."""
    b = M[O_FRAMES] + sp * FRAME
    M[b + R_KIND] = kind
    M[b + R_PHASE] = 0
    M[b + R_OCC] = occ
    M[b + R_M0] = m0
    M[b + R_H0] = h0
    M[b + R_H1] = h1
    M[b + R_Z] = z
    M[b + R_TURN] = turn
    M[b + R_RESET] = reset
    M[b + R_E1] = e1
    M[b + R_E2] = e2
    M[b + R_E3] = e3
    M[b + R_ALPHA] = alpha
    M[b + R_BETA] = beta
    M[b + R_P] = p
    M[b + R_C] = c
    M[b + R_CAP] = cap


@njit(cache=True)
def position(M, b):
    """The position of the frame at ``b``: (occ, m0, h0, h1, the seat it is about)."""
    return M[b + R_OCC], M[b + R_M0], M[b + R_H0], M[b + R_H1], M[b + R_TURN]


@njit(cache=True)
def done(M, b, v):
    M[b + R_RET] = v
    return RETURN


@njit(cache=True)
def step_after(T, M, sp, val):
    """The turn of ``R_TURN`` has just ended (BitWindow._next): the next seat holding cards
    moves (a seat without cards is skipped and its turn counts), the effects one turn older."""
    b = M[O_FRAMES] + sp * FRAME
    if M[b + R_PHASE] == 1:
        return done(M, b, val * M[b + R_SIGN])
    occ, m0, h0, h1, turn = position(M, b)
    if occ == T[F_FULL]:
        return done(M, b, final(T, occ, m0, h0, h1, turn))
    if h1 if turn == 0 else h0:
        nxt = 1 - turn
        turns = 1
    elif h0 if turn == 0 else h1:
        nxt = turn
        turns = 2
    else:
        return done(M, b, final(T, occ, m0, h0, h1, turn))
    f1, f2, f3 = aged(M[b + R_E1], M[b + R_E2], M[b + R_E3], turns)
    alpha = M[b + R_ALPHA]
    beta = M[b + R_BETA]
    M[b + R_PHASE] = 1
    if nxt == turn:
        M[b + R_SIGN] = 1
    else:
        M[b + R_SIGN] = -1
        alpha, beta = -beta, -alpha
    enter(M, sp + 1, WINDOW if f1 else SEARCH, occ, m0, h0, h1, M[b + R_Z], nxt, M[b + R_RESET], f1, f2, f3,
          alpha, beta, 0, 0, 0)
    return CALL


@njit(cache=True)
def step_again(T, M, sp, val):
    """The game played again after a reset: the dealt hands on the empty board, the reset
    spent, no effect; ``R_TURN`` moves first (BitSolver._after_reset)."""
    b = M[O_FRAMES] + sp * FRAME
    size = T[F_SIZE]
    ocp = M[O_CELLP]
    osv = M[O_SAVE] + sp * size
    if M[b + R_PHASE] == 1:
        for i in range(size):
            M[ocp + i] = M[osv + i]
        return done(M, b, val)
    for i in range(size):
        M[osv + i] = M[ocp + i]
        M[ocp + i] = -1
    d0 = T[F_DEALT0]
    d1 = T[F_DEALT1]
    M[b + R_PHASE] = 1
    enter(M, sp + 1, SEARCH, 0, 0, d0, d1, hands_key(T, d0, d1), M[b + R_TURN], 1, 0, 0, 0,
          M[b + R_ALPHA], M[b + R_BETA], 0, 0, 0)
    return CALL


@njit(cache=True)
def step_window(T, M, sp, val):
    """A position under effects (BitWindow.search): every placement, the most cells taken
    first, no table."""
    b = M[O_FRAMES] + sp * FRAME
    ph = M[b + R_PHASE]
    occ, m0, h0, h1, turn = position(M, b)
    e1 = M[b + R_E1]
    e2 = M[b + R_E2]
    e3 = M[b + R_E3]
    if ph == 0:
        M[S_NODES] += 1
        if M[S_NODES] >= M[S_LIMIT]:
            M[S_STOP] = 1
            return RETURN
        M[b + R_N] = list_kids_under(T, M, sp, occ, m0, h0 if turn == 0 else h1, turn, e1, e2, e3)
        M[b + R_I] = 0
        M[b + R_BEST] = -_INF
    else:
        v = val
        if v > M[b + R_BEST]:
            M[b + R_BEST] = v
            if v >= M[b + R_BETA] or v == 1:
                return done(M, b, v)
            if v > M[b + R_ALPHA]:
                M[b + R_ALPHA] = v
        M[b + R_I] += 1
    i = M[b + R_I]
    if i >= M[b + R_N]:
        return done(M, b, M[b + R_BEST])
    kids = M[M_KIDS]
    pc = M[M[O_KKEY] + sp * kids + i] & 0xFFFF
    size = T[F_SIZE]
    M[b + R_PHASE] = 1
    enter(M, sp + 1, PLACE, occ, m0, h0, h1, M[b + R_Z], turn, M[b + R_RESET], e1, e2, e3,
          M[b + R_ALPHA], M[b + R_BETA], pc // size, pc % size, M[M[O_KCAP] + sp * kids + i])
    return CALL


@njit(cache=True)
def step_search(T, M, sp, val):
    """A position without effects (BitSolver.search): the table, then the table's move, the
    move that last cut off with as many empty cells, then the listed placements."""
    b = M[O_FRAMES] + sp * FRAME
    ph = M[b + R_PHASE]
    occ, m0, h0, h1, turn = position(M, b)
    size = T[F_SIZE]
    npieces = T[F_NPIECES]
    hand = h0 if turn == 0 else h1
    if ph == 9:                         # the seat without cards passed
        return done(M, b, -val)
    if ph == 0:
        M[S_NODES] += 1
        if M[S_NODES] >= M[S_LIMIT]:
            M[S_STOP] = 1
            return RETURN
        if not hand:
            if not (h1 if turn == 0 else h0):
                return done(M, b, final(T, occ, m0, h0, h1, turn))
            M[b + R_PHASE] = 9
            enter(M, sp + 1, SEARCH, occ, m0, h0, h1, M[b + R_Z], 1 - turn, M[b + R_RESET], 0, 0, 0,
                  -M[b + R_BETA], -M[b + R_ALPHA], 0, 0, 0)
            return CALL
        free = T[F_FULL] & ~occ
        nfree = popcount(free)
        alpha = M[b + R_ALPHA]
        beta = M[b + R_BETA]
        slot = -1
        key = 0
        tt_pc = -1
        if nfree >= 3:
            key = table_key(M[b + R_Z], m0, turn, M[b + R_RESET])
            slot = key & M[M_TMASK]
            if M[M[O_TKEY] + slot] == key:
                e = M[M[O_TVAL] + slot]
                lo = (e & 7) - 2
                hi = ((e >> 3) & 7) - 2
                tt_pc = (e >> 6) - 1
                if lo >= beta or lo == hi:
                    return done(M, b, lo)
                if hi <= alpha:
                    return done(M, b, hi)
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
        M[b + R_ALPHA] = alpha
        M[b + R_BETA] = beta
        M[b + R_A0] = alpha
        M[b + R_SLOT] = slot
        M[b + R_KEY] = key
        M[b + R_NFREE] = nfree
        M[b + R_BEST] = -_INF
        M[b + R_BESTPC] = -1
        k_pc = M[M[O_KILLER] + nfree]
        M[b + R_TTPC] = tt_pc
        M[b + R_KPC] = -1 if k_pc == tt_pc else k_pc
        M[b + R_WHICH] = 0
        ph = 1
    elif ph == 2 or ph == 4:            # a placement returned
        v = val
        if v > M[b + R_BEST]:
            M[b + R_BEST] = v
            if ph == 2:
                M[b + R_BESTPC] = M[b + R_TTPC] if M[b + R_WHICH] == 0 else M[b + R_KPC]
            else:
                M[b + R_BESTPC] = M[M[O_KKEY] + sp * M[M_KIDS] + M[b + R_I]] & 0xFFFF
            if v > M[b + R_ALPHA]:
                M[b + R_ALPHA] = v
                if v >= M[b + R_BETA]:
                    pc = M[b + R_BESTPC]
                    nfree = M[b + R_NFREE]
                    if ph == 4 or M[b + R_WHICH] == 1:
                        M[M[O_HIST] + (nfree * npieces + pc // size) * size + pc % size] += 1
                    if ph == 4:
                        M[M[O_KILLER] + nfree] = pc
                    store(M, M[b + R_SLOT], M[b + R_KEY], v, M[b + R_A0], M[b + R_BETA], pc)
                    return done(M, b, v)
        if ph == 2:
            M[b + R_WHICH] += 1
            ph = 1
        else:
            M[b + R_I] += 1
            ph = 3
    opp = (occ & ~m0) if turn == 0 else m0
    if ph == 1:
        free = T[F_FULL] & ~occ
        while M[b + R_WHICH] < 2:
            which = M[b + R_WHICH]
            first = M[b + R_TTPC] if which == 0 else M[b + R_KPC]
            if first >= 0:
                fp = first // size
                fc = first % size
                if (hand >> fp) & 1 and (free >> fc) & 1:
                    M[b + R_PHASE] = 2
                    enter(M, sp + 1, PLACE, occ, m0, h0, h1, M[b + R_Z], turn, M[b + R_RESET], 0, 0, 0,
                          M[b + R_ALPHA], M[b + R_BETA], fp, fc, captures(T, M, occ, opp, fp, fc))
                    return CALL
                if which == 0:
                    M[b + R_TTPC] = -1
                else:
                    M[b + R_KPC] = -1
            M[b + R_WHICH] = which + 1
        M[b + R_N] = list_kids(T, M, sp, occ, m0, hand, turn, M[b + R_NFREE], M[b + R_TTPC], M[b + R_KPC])
        M[b + R_I] = 0
    i = M[b + R_I]
    if i >= M[b + R_N]:
        best = M[b + R_BEST]
        store(M, M[b + R_SLOT], M[b + R_KEY], best, M[b + R_A0], M[b + R_BETA], M[b + R_BESTPC])
        return done(M, b, best)
    kids = M[M_KIDS]
    pc = M[M[O_KKEY] + sp * kids + i] & 0xFFFF
    M[b + R_PHASE] = 4
    enter(M, sp + 1, PLACE, occ, m0, h0, h1, M[b + R_Z], turn, M[b + R_RESET], 0, 0, 0,
          M[b + R_ALPHA], M[b + R_BETA], pc // size, pc % size, M[M[O_KCAP] + sp * kids + i])
    return CALL


@njit(cache=True)
def step_place(T, M, sp, val):
    """A placement and its ability options (BitSolver._placement, BitWindow._placement): its
    value declining every option first, then each option offered in turn."""
    b = M[O_FRAMES] + sp * FRAME
    ph = M[b + R_PHASE]
    p = M[b + R_P]
    c = M[b + R_C]
    turn = M[b + R_TURN]
    ocp = M[O_CELLP]
    npieces = T[F_NPIECES]
    if ph == 0:
        cap = M[b + R_CAP]
        cbit = 1 << c
        m0 = M[b + R_M0]
        h0 = M[b + R_H0]
        h1 = M[b + R_H1]
        if turn == 0:
            nm0 = m0 | cbit | cap
            nh0 = h0 ^ (1 << p)
            nh1 = h1
        else:
            nm0 = m0 & ~cap
            nh0 = h0
            nh1 = h1 ^ (1 << p)
        nocc = M[b + R_OCC] | cbit
        nz = M[b + R_Z] ^ T[T[O_ZB] + c * npieces + p] ^ T[T[O_ZH] + turn * npieces + p]
        M[b + R_NM0] = nm0
        M[b + R_NH0] = nh0
        M[b + R_NH1] = nh1
        M[b + R_NOCC] = nocc
        M[b + R_NZ] = nz
        M[ocp + c] = p
        if T[F_SUDDEN] and cap & (cap - 1):
            ph = 1
            val = 1                     # Sudden Death: a multiple capture wins at once
        else:
            M[b + R_PHASE] = 1
            enter(M, sp + 1, AFTER, nocc, nm0, nh0, nh1, nz, turn, M[b + R_RESET], M[b + R_E1], M[b + R_E2],
                  M[b + R_E3], M[b + R_ALPHA], M[b + R_BETA], 0, 0, 0)
            return CALL
    alpha = M[b + R_ALPHA]
    beta = M[b + R_BETA]
    if ph == 1:                         # the placement's own value, every option declined
        v = val
        M[b + R_V] = v
        cap = M[b + R_CAP]
        if not (v < beta and v < 1 and (T[F_ABILMASK] >> p) & 1 and cap & (cap - 1)):
            M[ocp + c] = -1
            return done(M, b, v)
        if v > alpha:
            alpha = v
            M[b + R_ALPHA] = v
        M[b + R_K] = 0
        M[b + R_MODE] = 0
    else:                               # an option returned
        w = val * M[b + R_SIGN]
        if M[b + R_MODE] == SWAP:
            M[ocp + M[b + R_X]] = M[b + R_R]
        v = M[b + R_V]
        if w > v:
            v = w
            M[b + R_V] = v
            if v >= beta or v == 1:
                M[ocp + c] = -1
                return done(M, b, v)
            if v > alpha:
                alpha = v
                M[b + R_ALPHA] = v
    # the next option: the rest of a gain or swap under way, else the next ability offered
    nocc = M[b + R_NOCC]
    nm0 = M[b + R_NM0]
    nh0 = M[b + R_NH0]
    nh1 = M[b + R_NH1]
    nz = M[b + R_NZ]
    reset = M[b + R_RESET]
    oab = T[O_ABIL]
    while True:
        mode = M[b + R_MODE]
        if mode == GAIN:
            sub = M[b + R_SUB]
            targets = M[b + R_TARGETS]
            count = M[b + R_COUNT]
            while sub and popcount(sub) != count:
                sub = (sub - 1) & targets
            if sub:
                M[b + R_SUB] = (sub - 1) & targets
                gm0 = nm0 | sub if turn == 0 else nm0 & ~sub
                M[b + R_PHASE] = 2
                M[b + R_SIGN] = 1
                enter(M, sp + 1, AFTER, nocc, gm0, nh0, nh1, nz, turn, reset, M[b + R_E1], M[b + R_E2],
                      M[b + R_E3], alpha, beta, 0, 0, 0)
                return CALL
            M[b + R_MODE] = 0
            M[b + R_K] += 1
            continue
        if mode == SWAP:
            qs = M[b + R_QS]
            if not qs:
                xs = M[b + R_XS]
                if not xs:
                    M[b + R_MODE] = 0
                    M[b + R_K] += 1
                    continue
                low = xs & -xs
                M[b + R_XS] = xs ^ low
                x = lowest(low)
                r = M[ocp + x]
                M[b + R_X] = x
                M[b + R_R] = r
                # the card taken off the field takes its own self/neighbour effects with it
                for f in (R_E1, R_E2, R_E3):
                    e = M[b + f]
                    g = f - R_E1 + R_G1
                    if e and ((e - 1) & 63) == r and T[oab + (r * KMAX + (((e - 1) >> 6) & 3)) * A_COLS + A_LOCAL]:
                        M[b + g] = 0
                    else:
                        M[b + g] = e
                qs = M[b + R_PIECES]
            lq = qs & -qs
            M[b + R_QS] = qs ^ lq
            q = lowest(lq)
            x = M[b + R_X]
            r = M[b + R_R]
            M[ocp + x] = q
            xbit = 1 << x
            sm0 = nm0 | xbit if turn == 0 else nm0 & ~xbit
            swap = (1 << q) | (1 << r)
            sh0 = nh0 ^ swap if turn == 0 else nh0
            sh1 = nh1 ^ swap if turn == 1 else nh1
            ozb = T[O_ZB] + x * npieces
            ozh = T[O_ZH] + turn * npieces
            sz = nz ^ T[ozb + r] ^ T[ozb + q] ^ T[ozh + q] ^ T[ozh + r]
            M[b + R_PHASE] = 2
            M[b + R_SIGN] = 1
            enter(M, sp + 1, AFTER, nocc, sm0, sh0, sh1, sz, turn, reset, M[b + R_G1], M[b + R_G2], M[b + R_G3],
                  alpha, beta, 0, 0, 0)
            return CALL
        k = M[b + R_K]
        eff = T[oab + (p * KMAX + k) * A_COLS + A_EFFECT] if k < KMAX else 0
        if eff == 0:
            M[ocp + c] = -1
            return done(M, b, M[b + R_V])
        mover = nm0 if turn == 0 else nocc & ~nm0
        if not offered(T, p, k, popcount(M[b + R_CAP]), nocc, mover, reset):
            M[b + R_K] = k + 1
            continue
        if eff == WIN:
            M[ocp + c] = -1
            return done(M, b, 1)
        if eff == RESET:
            M[S_RESETS] += 1
            M[b + R_K] = k + 1
            M[b + R_PHASE] = 2
            M[b + R_SIGN] = -1
            enter(M, sp + 1, AGAIN, 0, 0, 0, 0, 0, 1 - turn, 1, 0, 0, 0, -beta, -alpha, 0, 0, 0)
            return CALL
        if eff == MODIFY:
            new = effect(p, k, turn, c, SPAN)
            e1 = M[b + R_E1]
            e2 = M[b + R_E2]
            e3 = M[b + R_E3]
            if not e1:
                e1 = new
            elif not e2:
                e2 = new
            elif not e3:
                e3 = new
            else:
                M[S_ERROR] = 1          # a fourth effect in force: cannot happen (SPAN turns)
                M[S_STOP] = 1
                return RETURN
            M[b + R_K] = k + 1
            M[b + R_PHASE] = 2
            M[b + R_SIGN] = 1
            enter(M, sp + 1, AFTER, nocc, nm0, nh0, nh1, nz, turn, reset, e1, e2, e3, alpha, beta, 0, 0, 0)
            return CALL
        targets = eligible(T, M, p, k, c, nocc & ~mover)
        if not targets:
            M[b + R_K] = k + 1
            continue
        if eff == GAIN:
            count = T[oab + (p * KMAX + k) * A_COLS + A_COUNT]
            ne = popcount(targets)
            M[b + R_COUNT] = count if count < ne else ne
            M[b + R_TARGETS] = targets
            M[b + R_SUB] = targets
            M[b + R_MODE] = GAIN
        else:
            pieces = distinct(T, nh0 if turn == 0 else nh1, turn)
            if not pieces:              # nothing left in hand to swap in
                M[b + R_K] = k + 1
                continue
            M[b + R_PIECES] = pieces
            M[b + R_XS] = targets
            M[b + R_QS] = 0
            M[b + R_MODE] = SWAP


@njit(cache=True)
def run(T, M, occ, m0, h0, h1, turn, reset, alpha, beta):
    """The search from a position without effects (``M``'s board set by the caller): 1, 0
    or -1, fail-soft; 0 with ``M[S_STOP]`` set when it stopped at its limit."""
    ocp = M[O_CELLP]
    ozb = T[O_ZB]
    npieces = T[F_NPIECES]
    z = hands_key(T, h0, h1)
    o = occ
    while o:
        low = o & -o
        o ^= low
        c = lowest(low)
        z ^= T[ozb + c * npieces + M[ocp + c]]
    enter(M, 0, SEARCH, occ, m0, h0, h1, z, turn, reset, 0, 0, 0, alpha, beta, 0, 0, 0)
    sp = 0
    val = 0
    frames = M[O_FRAMES]
    while True:
        kind = M[frames + sp * FRAME + R_KIND]
        if kind == SEARCH:
            act = step_search(T, M, sp, val)
        elif kind == PLACE:
            act = step_place(T, M, sp, val)
        elif kind == AFTER:
            act = step_after(T, M, sp, val)
        elif kind == WINDOW:
            act = step_window(T, M, sp, val)
        else:
            act = step_again(T, M, sp, val)
        if M[S_STOP]:
            return 0
        if act == CALL:
            sp += 1
            val = 0
        else:
            val = M[frames + sp * FRAME + R_RET]
            sp -= 1
            if sp < 0:
                return val


__all__ = ["run"]
