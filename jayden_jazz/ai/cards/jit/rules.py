"""The capture rules and the abilities' offers on packed positions, compiled by numba.

What the compiled search (:mod:`.kernel`) asks of a position without
recursing: which cells a placement takes with no effect in force (the
basic comparison, Same, Same Wall, Plus, Combo: :class:`~jayden_jazz.cards.classic_table.ClassicBits`)
or under Turn effects (:meth:`~jayden_jazz.cards.classic_table.ClassicTable.taken_under`),
the placements of a position in the search's order, whether an ability is
offered and which cards it may target, the end of a game. Each is a plain
function of the flat tables ``T`` (:func:`.tables.pack`) and the search's
array ``M`` (:mod:`.kernel`), so numba keeps them compiled on disk.
"""

from __future__ import annotations

from numba import njit

from .layout import M_KIDS, O_CELLP, O_HIST, O_KCAP, O_KKEY, O_TKEY, O_TVAL
from .tables import (A_ADJACENT, A_BEHIND, A_CAPTURED, A_COLS, A_CONTROLLING, A_EFFECT, A_EMPTY, A_PASS,
                     A_STATIC_OK, F_COMBO, F_FULL, F_NPIECES, F_PLUS, F_SAME, F_SIZE, F_WALL, KMAX, MODIFY,
                     O_ABIL, O_ACES, O_ADJ, O_AMOUNT, O_BASE, O_NB, O_PIECES, O_REACH, O_VAL, O_WALLS, O_WINS,
                     O_ZH, P_DEALER, P_ID, P_POINTS, P_WEAK, RESET)

_INF = 2
BY_CAPTURES = 1 << 24
_LOW34 = (1 << 34) - 1
_LOW37 = (1 << 37) - 1
_LOW33 = (1 << 33) - 1


@njit(cache=True)
def popcount(x):
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@njit(cache=True)
def lowest(x):
    """The index of the lowest set bit of ``x`` (> 0)."""
    i = 0
    while not (x >> i) & 1:
        i += 1
    return i


@njit(cache=True)
def effect(p, k, seat, origin, turns):
    """A Turn effect in force as one int (0: none): ability k of piece p, activated by
    ``seat`` on ``origin``, ``turns`` left."""
    return 1 + (p | (k << 6) | (seat << 8) | (origin << 9) | (turns << 15))


@njit(cache=True)
def table_key(z, m0, turn, reset):
    """The table's key: the pieces' keys ``z`` mixed with who holds what (splitmix64's
    finaliser, on int64 with logical shifts)."""
    x = m0 * 4 + turn * 2 + reset
    x ^= (x >> 30) & _LOW34
    x *= -4658895280553007687          # 0xBF58476D1CE4E5B9
    x ^= (x >> 27) & _LOW37
    x *= -7723592293110705685          # 0x94D049BB133111EB
    x ^= (x >> 31) & _LOW33
    return z ^ x


@njit(cache=True)
def hand_points(T, h):
    pts = 0
    op = T[O_PIECES]
    while h:
        low = h & -h
        pts += T[op + lowest(low) * 4 + P_POINTS]
        h ^= low
    return pts


@njit(cache=True)
def final(T, occ, m0, h0, h1, turn):
    """Win/draw/loss for ``turn`` in a finished game (the field full or no cards left)."""
    mine0 = popcount(m0)
    mine1 = popcount(occ) - mine0
    if mine0 == mine1:
        p0 = hand_points(T, h0)
        p1 = hand_points(T, h1)
        if p0 == p1:
            return 0
        v = 1 if p0 > p1 else -1
    else:
        v = 1 if mine0 > mine1 else -1
    return v if turn == 0 else -v


@njit(cache=True)
def hands_key(T, h0, h1):
    npieces = T[F_NPIECES]
    oz = T[O_ZH]
    z = 0
    while h0:
        low = h0 & -h0
        h0 ^= low
        z ^= T[oz + lowest(low)]
    while h1:
        low = h1 & -h1
        h1 ^= low
        z ^= T[oz + npieces + lowest(low)]
    return z


@njit(cache=True)
def beaten(T, M, occ, p, c):
    """The touching cards p on c beats by the basic comparison (no effect), whoever holds them."""
    size = T[F_SIZE]
    ov = T[O_VAL]
    ow = T[O_WINS]
    onb = T[O_NB] + c * 12
    ocp = M[O_CELLP]
    got = 0
    for i in range(4):
        n = T[onb + 3 * i]
        if n < 0:
            break
        if (occ >> n) & 1:
            a = T[ov + (p * size + c) * 4 + T[onb + 3 * i + 1]]
            b = T[ov + (M[ocp + n] * size + n) * 4 + T[onb + 3 * i + 2]]
            if T[ow + a * 11 + b]:
                got |= 1 << n
    return got


@njit(cache=True)
def captures(T, M, occ, opp, p, c):
    """The cells p on the empty cell c takes with no effect active (ClassicBits.captures)."""
    size = T[F_SIZE]
    ov = T[O_VAL]
    ow = T[O_WINS]
    onb = T[O_NB] + c * 12
    ocp = M[O_CELLP]
    cap = 0
    near = 0
    equal = 0
    nequal = 0
    once = 0
    again = 0
    for i in range(4):
        n = T[onb + 3 * i]
        if n < 0:
            break
        if not (occ >> n) & 1:
            continue
        near |= 1 << n
        a = T[ov + (p * size + c) * 4 + T[onb + 3 * i + 1]]
        b = T[ov + (M[ocp + n] * size + n) * 4 + T[onb + 3 * i + 2]]
        if T[ow + a * 11 + b]:
            cap |= 1 << n
        if a == b:
            equal |= 1 << n
            nequal += 1
        if (once >> (a + b)) & 1:
            again |= 1 << (a + b)
        once |= 1 << (a + b)
    cap &= opp
    aces = T[T[O_ACES] + p * size + c] if T[F_WALL] else 0
    if not (near & (near - 1) or (near and aces)):
        return cap
    started = 0
    if T[F_SAME] and nequal + aces >= 2:
        started |= equal
    if T[F_PLUS] and again:
        for i in range(4):
            n = T[onb + 3 * i]
            if n < 0:
                break
            if (occ >> n) & 1:
                a = T[ov + (p * size + c) * 4 + T[onb + 3 * i + 1]]
                b = T[ov + (M[ocp + n] * size + n) * 4 + T[onb + 3 * i + 2]]
                if (again >> (a + b)) & 1:
                    started |= 1 << n
    started &= opp
    if not started:
        return cap
    cap |= started
    if T[F_COMBO]:
        rest = opp & ~cap
        front = started
        while front and rest:
            low = front & -front
            front ^= low
            x = lowest(low)
            got = beaten(T, M, occ, M[ocp + x], x) & rest
            if got:
                cap |= got
                rest ^= got
                front |= got
    return cap


@njit(cache=True)
def value_under(T, owner, q, c, d, e1, e2, e3):
    """Side d of piece q on c, held by ``owner``, under the effects in force."""
    size = T[F_SIZE]
    npieces = T[F_NPIECES]
    v = T[T[O_BASE] + (q * size + c) * 4 + d]
    for e in (e1, e2, e3):
        if e:
            x = e - 1
            pk = (x & 63) * KMAX + ((x >> 6) & 3)
            at = ((((pk * 2 + ((x >> 8) & 1)) * size + ((x >> 9) & 63)) * 2 + owner) * npieces + q) * size + c
            if T[T[O_REACH] + at]:
                v += T[T[O_AMOUNT] + pk * 4 + d]
    return 1 if v < 1 else 10 if v > 10 else v


@njit(cache=True)
def captures_under(T, M, occ, m0, p, c, turn, e1, e2, e3):
    """The cells p on the empty cell c takes for ``turn`` under Turn effects
    (ClassicTable.taken_under; the basic comparison alone without the classic steps)."""
    ow = T[O_WINS]
    onb0 = T[O_NB]
    onb = onb0 + c * 12
    ocp = M[O_CELLP]
    own = m0 if turn == 0 else occ & ~m0
    taken = 0
    near = 0
    equal = 0
    nequal = 0
    once = 0
    again = 0
    ntouch = 0
    for i in range(4):
        n = T[onb + 3 * i]
        if n < 0:
            break
        if not (occ >> n) & 1:
            continue
        ntouch += 1
        near |= 1 << n
        a = value_under(T, turn, p, c, T[onb + 3 * i + 1], e1, e2, e3)
        b = value_under(T, 1 - ((m0 >> n) & 1), M[ocp + n], n, T[onb + 3 * i + 2], e1, e2, e3)
        if T[ow + a * 11 + b]:
            taken |= 1 << n
        if a == b:
            equal |= 1 << n
            nequal += 1
        if (once >> (a + b)) & 1:
            again |= 1 << (a + b)
        once |= 1 << (a + b)
    if not near:
        return 0
    started = 0
    if ntouch >= 2 or T[F_WALL]:
        if T[F_SAME]:
            count = nequal
            if count < 2 and T[F_WALL]:
                owl = T[O_WALLS] + c * 4
                for d in range(4):
                    if T[owl + d] and value_under(T, turn, p, c, d, e1, e2, e3) == 10:
                        count += 1
            if count >= 2:
                started |= equal
        if T[F_PLUS] and again:
            for i in range(4):
                n = T[onb + 3 * i]
                if n < 0:
                    break
                if (occ >> n) & 1:
                    a = value_under(T, turn, p, c, T[onb + 3 * i + 1], e1, e2, e3)
                    b = value_under(T, 1 - ((m0 >> n) & 1), M[ocp + n], n, T[onb + 3 * i + 2], e1, e2, e3)
                    if (again >> (a + b)) & 1:
                        started |= 1 << n
        started &= ~own
    taken = (taken | started) & ~own
    if T[F_COMBO] and started:
        # each card the chain takes takes those beside it it beats (compared as its taker's),
        # but not the placed card's cell, the mover's own or a card taken already
        rest = occ & ~(own | taken | (1 << c))
        front = started
        while front:
            low = front & -front
            front ^= low
            x = lowest(low)
            q = M[ocp + x]
            onx = onb0 + x * 12
            for i in range(4):
                n = T[onx + 3 * i]
                if n < 0:
                    break
                if (rest >> n) & 1:
                    a = value_under(T, turn, q, x, T[onx + 3 * i + 1], e1, e2, e3)
                    b = value_under(T, 1 - ((m0 >> n) & 1), M[ocp + n], n, T[onx + 3 * i + 2], e1, e2, e3)
                    if T[ow + a * 11 + b]:
                        taken |= 1 << n
                        rest &= ~(1 << n)
                        front |= 1 << n
    return taken


@njit(cache=True)
def distinct(T, hand, seat):
    """One piece per card id of ``hand`` (the copy the engine would use: dealt to ``seat``
    first, then the lowest dealer, then the lowest piece), as bits."""
    op = T[O_PIECES]
    out = 0
    h = hand
    while h:
        low = h & -h
        h ^= low
        q = lowest(low)
        kq0 = 1 if T[op + q * 4 + P_DEALER] != seat else 0
        kq1 = T[op + q * 4 + P_DEALER]
        best = True
        g = hand
        while g:
            lo2 = g & -g
            g ^= lo2
            o = lowest(lo2)
            if o == q or T[op + o * 4 + P_ID] != T[op + q * 4 + P_ID]:
                continue
            ko0 = 1 if T[op + o * 4 + P_DEALER] != seat else 0
            ko1 = T[op + o * 4 + P_DEALER]
            if ko0 < kq0 or (ko0 == kq0 and (ko1 < kq1 or (ko1 == kq1 and o < q))):
                best = False
                break
        if best:
            out |= low
    return out


@njit(cache=True)
def eligible(T, M, p, k, c, opp):
    """The cells ability k of p (played on c) may target: the opponent's cards passing its filter."""
    row = T[O_ABIL] + (p * KMAX + k) * A_COLS
    passmask = T[row + A_PASS]
    want = T[row + A_ADJACENT]
    adj = T[T[O_ADJ] + c]
    ocp = M[O_CELLP]
    out = 0
    o = opp
    while o:
        low = o & -o
        o ^= low
        x = lowest(low)
        if (passmask >> M[ocp + x]) & 1 and (want < 0 or ((adj >> x) & 1) == want):
            out |= low
    return out


@njit(cache=True)
def offered(T, p, k, ncap, nocc, mover, reset):
    """Whether ability k of p is offered after its placement took ``ncap`` cells (the
    condition and the effect's own: a reset not spent, a Turn effect before the field fills);
    the targets are the caller's."""
    row = T[O_ABIL] + (p * KMAX + k) * A_COLS
    if not T[row + A_STATIC_OK]:
        return False
    mine = popcount(mover)
    other = popcount(nocc) - mine
    if T[row + A_CAPTURED] >= 0 and ncap < T[row + A_CAPTURED]:
        return False
    if T[row + A_CONTROLLING] >= 0 and mine > T[row + A_CONTROLLING]:
        return False
    if T[row + A_BEHIND] >= 0 and (1 if other > mine else 0) != T[row + A_BEHIND]:
        return False
    full = T[F_FULL]
    if T[row + A_EMPTY] >= 0 and popcount(full & ~nocc) > T[row + A_EMPTY]:
        return False
    eff = T[row + A_EFFECT]
    if eff == MODIFY:
        return nocc != full          # on a full field an effect changes nothing
    if eff == RESET:
        return not reset
    return True


@njit(cache=True)
def insert(M, ok, oc, n, k, pc, cap):
    """Put placement ``pc`` (taking ``cap``, order key ``k``) among the ``n`` listed at
    ``ok``/``oc``, highest key first (an insertion: a position lists at most a few dozen)."""
    j = n
    while j > 0 and (M[ok + j - 1] >> 16) < k:
        M[ok + j] = M[ok + j - 1]
        M[oc + j] = M[oc + j - 1]
        j -= 1
    M[ok + j] = (k << 16) | pc
    M[oc + j] = cap


@njit(cache=True)
def list_kids(T, M, depth, occ, m0, hand, turn, nfree, skip1, skip2):
    """The placements of a position without effects, best first: the most cells taken, then
    the history of cut-offs (on the empty board, after a reset: the weakest card first);
    written to the depth's lists, their number returned."""
    size = T[F_SIZE]
    npieces = T[F_NPIECES]
    opp = (occ & ~m0) if turn == 0 else m0
    kids = M[M_KIDS]
    ok = M[O_KKEY] + depth * kids
    oc = M[O_KCAP] + depth * kids
    oh = M[O_HIST] + nfree * npieces * size
    op = T[O_PIECES]
    n = 0
    f = T[F_FULL] & ~occ
    while f:
        low = f & -f
        f ^= low
        c = lowest(low)
        h = hand
        while h:
            lp = h & -h
            h ^= lp
            p = lowest(lp)
            pc = p * size + c
            if pc == skip1 or pc == skip2:
                continue
            cap = captures(T, M, occ, opp, p, c)
            if occ:
                k = popcount(cap) * BY_CAPTURES + M[oh + p * size + c]
            else:
                k = -T[op + p * 4 + P_WEAK]
            insert(M, ok, oc, n, k, pc, cap)
            n += 1
    return n


@njit(cache=True)
def list_kids_under(T, M, depth, occ, m0, hand, turn, e1, e2, e3):
    """The placements under effects, the most cells taken first (BitWindow.placements)."""
    size = T[F_SIZE]
    kids = M[M_KIDS]
    ok = M[O_KKEY] + depth * kids
    oc = M[O_KCAP] + depth * kids
    opp = (occ & ~m0) if turn == 0 else m0
    oadj = T[O_ADJ]
    n = 0
    f = T[F_FULL] & ~occ
    while f:
        low = f & -f
        f ^= low
        c = lowest(low)
        touched = opp & T[oadj + c]
        h = hand
        while h:
            lp = h & -h
            h ^= lp
            p = lowest(lp)
            cap = captures_under(T, M, occ, m0, p, c, turn, e1, e2, e3) if touched else 0
            k = popcount(cap)
            insert(M, ok, oc, n, k, p * size + c, cap)
            n += 1
    return n


@njit(cache=True)
def store(M, slot, key, best, alpha, beta, pc):
    if slot < 0:
        return
    if best <= alpha:
        lo, hi = -_INF, best
    elif best >= beta:
        lo, hi = best, _INF
    else:
        lo, hi = best, best
    M[M[O_TKEY] + slot] = key
    M[M[O_TVAL] + slot] = (lo + 2) | ((hi + 2) << 3) | ((pc + 1) << 6)


@njit(cache=True)
def aged(e1, e2, e3, turns):
    """The effects ``turns`` turns older, those at their end gone, packed low first."""
    f1 = 0
    f2 = 0
    f3 = 0
    for e in (e1, e2, e3):
        if e and ((e - 1) >> 15) > turns:
            g = e - (turns << 15)
            if not f1:
                f1 = g
            elif not f2:
                f2 = g
            else:
                f3 = g
    return f1, f2, f3
