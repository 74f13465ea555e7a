"""Exact two-player search on the game packed into a few Python ints.

With two players and no Turn effect active, a card-game position is

* ``occ`` -- bit c set when grid cell c holds a card;
* ``m0`` -- bit c set when seat 0 controls it;
* ``h0``/``h1`` -- bit p set when piece p is in that seat's hand;
* which piece lies on each cell (``cellp``, one shared list set and reset
  around each recursive call) and whether the game's reset is spent;

so a placement is a handful of bit operations and undoing it is free (the
caller keeps its old ints). "Does p's side d beat q's opposite side" is one
table look-up (``beats[p][d] >> q & 1``), built once per search.

Abilities are played here too: gain control, swap, reset and win change
only these ints. A Turn effect (``modify``) changes side values for a few
turns, so that option is handed to the general search of
:mod:`.solver`, which hands the position back once the effect is over.

Keys: once no card with an ability is left in a hand (Pure and Sudden
Death from the start) a position is *plain* and a card is worth only its
sides, so pieces with equal sides share keys and sound field symmetries
(see :func:`.solver.prepare_keys`) merge mirror images. Before that,
each piece has its own keys.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations

from jayden_jazz.ai.cards.exact import MarginBits, least_image
from jayden_jazz.ai.cards.state import FastGame
from jayden_jazz.cards.judge import within_years

_INF = 2
_KEY_SEED = 0xB175_0B0A

# delegate(cellp, occ, m0, h0, h1, turn, reset_used, piece, cell, option, alpha, beta) -> value for turn
Delegate = Callable[[list[int], int, int, int, int, int, bool, int, int, tuple, int, int], int]


class BitSolver:
    """Solves two-player positions without active effects; the table is shared by every call."""

    def __init__(self, st: FastGame, tick: Callable[[], None], *, symmetries: list | None = None,
                 delegate: Delegate | None = None) -> None:
        """``tick`` is called every 256 nodes and may raise to stop the search;
        ``symmetries`` are sound ``(cell map, class map)`` pairs for plain positions
        (identity excluded); ``delegate`` values a Turn-effect option."""
        if st.n != 2:
            raise ValueError("two players only")
        self.tick = tick
        self.delegate = delegate
        self.nodes = 0
        self.size = size = st.size
        npieces = len(st.ids)
        ties = st.ties
        sides = st.sides
        self.sudden = st.sudden
        self.points = st.points
        self.ids = st.ids
        self.dealer = st.dealer
        kinds: dict[tuple[int, ...], int] = {}
        self.cls = cls = [kinds.setdefault(tuple(s), len(kinds)) for s in sides]
        beats = st.judge.beat_table(ties)
        # nb[p][c]: ((neighbour bit, neighbour cell, beat mask), ...) for piece p on cell c
        self.nb = [[tuple((1 << nc, nc, beats[p][d]) for d, nc, _ in st.adj[c]) for c in range(size)]
                   for p in range(npieces)]
        self.adjmask = [sum(1 << nc for _, nc, _ in st.adj[c]) for c in range(size)]
        self.full = sum(1 << c for c in st.play_cells)
        self.cells = list(st.play_cells)
        rng = random.Random(_KEY_SEED)
        ncls = len(kinds)
        self._board = [[rng.getrandbits(64) for _ in range(ncls)] for _ in range(size)]
        self._hand = [[rng.getrandbits(64) for _ in range(ncls)] for _ in range(2)]
        self._board_id = [[rng.getrandbits(64) for _ in range(npieces)] for _ in range(size)]
        self._hand_id = [[rng.getrandbits(64) for _ in range(npieces)] for _ in range(2)]
        # delta[s][p][c]: key change when seat s plays p from its hand onto c
        self.delta_plain = [[[self._board[c][cls[p]] - self._hand[s][cls[p]] for c in range(size)]
                             for p in range(npieces)] for s in range(2)]
        self.delta_id = [[[self._board_id[c][p] - self._hand_id[s][p] for c in range(size)]
                          for p in range(npieces)] for s in range(2)]
        self.syms = list(symmetries or [])
        self.margin = MarginBits(st, tick, symmetries=self.syms)
        # Same, Plus and Combo: a placement's captures from the compiled tables (built once,
        # shared with the margin search)
        self.caps = self.margin.caps
        self.tt: dict[int, tuple[int, int, int]] = {}
        self.history = [[0] * size for _ in range(npieces)]
        self.cellp = [-1] * size
        self.margin.cellp = self.cellp          # one board list for both searches
        self.reset_used = st.reset_used
        self.dealt = [sum(1 << p for p in range(npieces) if st.dealer[p] == s) for s in range(2)]
        # abilities: per piece (number, effect, ability, condition, static condition ok,
        # pieces passing the filter's fixed keys, the filter's adjacency key)
        self.abilmask = 0
        self.abil: list[tuple] = [()] * npieces
        if st.abilities_on:
            for p in range(npieces):
                infos = []
                for no, ab in enumerate(st.cards[p].abilities, 1):
                    cond = ab.condition
                    static_ok = True
                    if cond.roasting_within_years is not None:
                        static_ok = within_years(st.date_idx, st.month[p], cond.roasting_within_years)
                    f = ab.filter
                    passmask = 0
                    for q in range(npieces):
                        if st.judge.passes_static(f, q):
                            passmask |= 1 << q
                    infos.append((no, ab.effect, ab, None if cond.is_empty() else cond, static_ok, passmask,
                                  f.adjacent))
                if infos:
                    self.abilmask |= 1 << p
                    self.abil[p] = tuple(infos)

    # ------------------------------------------------------------------ entry

    def zfull(self, h0: int, h1: int) -> int:
        """The key sum from scratch, in the family the hands call for (plain or per piece)."""
        z = 0
        cellp = self.cellp
        if (h0 | h1) & self.abilmask:
            board, hand = self._board_id, self._hand_id
            idx = list(range(len(self.cls)))
        else:
            board, hand = self._board, self._hand
            idx = self.cls
        for c in self.cells:
            p = cellp[c]
            if p >= 0:
                z += board[c][idx[p]]
        for s, h in ((0, h0), (1, h1)):
            while h:
                low = h & -h
                z += hand[s][idx[low.bit_length() - 1]]
                h ^= low
        return z

    def value(self, st: FastGame, alpha: int = -_INF, beta: int = _INF) -> int:
        """Fail-soft value for the seat to move of an unfinished FastGame state without effects."""
        saved = self.cellp[:]
        saved_reset = self.reset_used
        cellp = self.cellp
        occ = m0 = 0
        for c in range(self.size):
            cellp[c] = -1
        for c in self.cells:
            p = st.cell[c]
            if p >= 0:
                cellp[c] = p
                occ |= 1 << c
                if st.owner[c] == 0:
                    m0 |= 1 << c
        h0 = sum(1 << p for p in st.hands[0])
        h1 = sum(1 << p for p in st.hands[1])
        self.reset_used = st.reset_used
        try:
            return self.search(occ, m0, h0, h1, self.zfull(h0, h1), st.to_move, alpha, beta)
        finally:
            self.cellp[:] = saved
            self.reset_used = saved_reset

    # ------------------------------------------------------------------ keys

    def _key(self, occ: int, m0: int, h0: int, h1: int, z: int, turn: int, ab: int) -> int:
        if ab:
            return (((m0 << 1 | turn) << 1 | self.reset_used) << 73) | (1 << 72) | z
        key = ((m0 << 1 | turn) << 73) | z
        if not self.syms:
            return key
        # the smallest key over the sound symmetric images of this plain position
        return least_image(key, 73, self.syms, self.cells, self.cellp, self.cls, self._board, self._hand,
                           m0, h0, h1, turn)

    # ------------------------------------------------------------------ search

    def search(self, occ: int, m0: int, h0: int, h1: int, z: int, turn: int, alpha: int, beta: int) -> int:
        self.nodes += 1
        if not self.nodes & 255:
            self.tick()
        hand = h0 if turn == 0 else h1
        if not hand:
            if not (h1 if turn == 0 else h0):
                return self._final(occ, m0, h0, h1, turn)
            return -self.search(occ, m0, h0, h1, z, 1 - turn, -beta, -alpha)
        free_mask = self.full & ~occ
        ab = (h0 | h1) & self.abilmask
        if not ab:
            # plain from here on: the margin search with a window around a draw answers
            # win/draw/loss exactly, and faster (captures-first order, no ability checks)
            v = self.margin.search(occ, m0, h0, h1, self.margin.key(h0, h1), turn, -1, 1)
            return 1 if v > 0 else -1 if v < 0 else 0
        if not free_mask & (free_mask - 1):
            return self._last_ab(occ, m0, h0, h1, turn, alpha, beta)
        key = self._key(occ, m0, h0, h1, z, turn, ab)
        entry = self.tt.get(key)
        tt_pc = -1
        if entry is not None:
            lo, hi, tt_pc = entry
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        a0 = alpha
        cellp = self.cellp
        nb = self.nb
        caps = self.caps
        opp = (occ & ~m0) if turn == 0 else m0
        sudden = self.sudden
        size = self.size
        delta = (self.delta_id if ab else self.delta_plain)[turn]
        two = not ab and (free_mask & (free_mask - 1)).bit_count() == 1
        best = -_INF
        best_pc = -1
        first = -1
        if tt_pc >= 0:
            p, c = divmod(tt_pc, size)
            if hand >> p & 1 and free_mask >> c & 1:
                # the table's move first: at a cut node it is often all we need
                if caps is not None:
                    cap = caps(cellp, occ, opp, p, c)
                else:
                    cap = 0
                    for bit, nc, bm in nb[p][c]:
                        if opp & bit and bm >> cellp[nc] & 1:
                            cap |= bit
                first = tt_pc
                v = self._placement(p, c, cap, occ, m0, h0, h1, z, turn, alpha, beta, two, delta, ab)
                best = v
                best_pc = tt_pc
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        self.tt[key] = (best, _INF, best_pc)
                        return best
        # the other placements, ordered by the history of cut-offs alone (measured: adding
        # capture counts or exposed sides to the order costs 15-25% more nodes)
        if sudden:
            # a multiple capture wins at once: nothing beats it
            h = hand
            while h:
                low = h & -h
                p = low.bit_length() - 1
                h ^= low
                f = free_mask
                while f:
                    lowc = f & -f
                    c = lowc.bit_length() - 1
                    f ^= lowc
                    if caps is not None:
                        cap = caps(cellp, occ, opp, p, c)
                    else:
                        cap = 0
                        for bit, nc, bm in nb[p][c]:
                            if opp & bit and bm >> cellp[nc] & 1:
                                cap |= bit
                    if cap & (cap - 1):
                        self.tt[key] = (1, 1, p * size + c)
                        return 1
        children = []
        hist = self.history
        h = hand
        while h:
            low = h & -h
            p = low.bit_length() - 1
            h ^= low
            hp = hist[p]
            f = free_mask
            while f:
                lowc = f & -f
                c = lowc.bit_length() - 1
                f ^= lowc
                children.append((hp[c], p, c))
        children.sort(reverse=True)
        full = self.full
        for _, p, c in children:
            if p * size + c == first:
                continue
            if caps is not None:
                cap = caps(cellp, occ, opp, p, c)
            else:
                cap = 0
                for bit, nc, bm in nb[p][c]:
                    if opp & bit and bm >> cellp[nc] & 1:
                        cap |= bit
            if ab:
                v = self._placement(p, c, cap, occ, m0, h0, h1, z, turn, alpha, beta, two, delta, ab)
            else:
                # plain: the child inline (this loop is most of the time spent)
                cbit = 1 << c
                if turn == 0:
                    nm0 = m0 | cbit | cap
                    nh0 = h0 ^ (1 << p)
                    nh1 = h1
                else:
                    nm0 = m0 & ~cap
                    nh0 = h0
                    nh1 = h1 ^ (1 << p)
                nocc = occ | cbit
                cellp[c] = p
                if nocc == full:
                    v = self._final(nocc, nm0, nh0, nh1, turn)
                elif two:
                    if nh1 if turn == 0 else nh0:
                        v = -self._last(nocc, nm0, nh0, nh1, 1 - turn, -alpha)
                    elif nh0 if turn == 0 else nh1:
                        v = self._last(nocc, nm0, nh0, nh1, turn, _INF)
                    else:
                        v = self._final(nocc, nm0, nh0, nh1, turn)
                else:
                    v = -self.search(nocc, nm0, nh0, nh1, z + delta[p][c], 1 - turn, -beta, -alpha)
                cellp[c] = -1
            if v > best:
                best = v
                best_pc = p * size + c
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        hist[p][c] += 1
                        break
        if best <= a0:
            self.tt[key] = (-_INF, best, best_pc)
        elif best >= beta:
            self.tt[key] = (best, _INF, best_pc)
        else:
            self.tt[key] = (best, best, best_pc)
        return best

    def _placement(self, p: int, c: int, cap: int, occ: int, m0: int, h0: int, h1: int, z: int, turn: int,
                   alpha: int, beta: int, two: bool, delta: list[list[int]], ab: int) -> int:
        """Value for ``turn`` of playing p on c (capturing ``cap``), best over its ability options."""
        if self.sudden and cap & (cap - 1):
            return 1
        cbit = 1 << c
        if turn == 0:
            nm0 = m0 | cbit | cap
            nh0 = h0 ^ (1 << p)
            nh1 = h1
        else:
            nm0 = m0 & ~cap
            nh0 = h0
            nh1 = h1 ^ (1 << p)
        cellp = self.cellp
        cellp[c] = p
        nocc = occ | cbit
        nz = z + delta[p][c]
        v = self._next(nocc, nm0, nh0, nh1, nz, turn, alpha, beta, two, ab)
        if v < beta and v < 1 and self.abil[p] and cap & (cap - 1):
            if v > alpha:
                alpha = v
            for opt in self._offers(p, c, cap.bit_count(), nocc, nm0, nh0 if turn == 0 else nh1, turn):
                w = self._option(p, c, opt, occ, m0, h0, h1, nocc, nm0, nh0, nh1, nz, turn, alpha, beta, ab)
                if w > v:
                    v = w
                    if v >= beta or v == 1:
                        break
                    if v > alpha:
                        alpha = v
        cellp[c] = -1
        return v

    def _next(self, nocc: int, nm0: int, nh0: int, nh1: int, nz: int, turn: int, alpha: int, beta: int,
              two: bool, ab: int) -> int:
        """Value for ``turn``, who has just moved, of the position it left."""
        if nocc == self.full:
            return self._final(nocc, nm0, nh0, nh1, turn)
        child_ab = (nh0 | nh1) & self.abilmask
        if bool(child_ab) != bool(ab):
            nz = self.zfull(nh0, nh1)
        if two and not child_ab:
            # the reply fills the last cell: evaluate it here, no table
            if nh1 if turn == 0 else nh0:
                return -self._last(nocc, nm0, nh0, nh1, 1 - turn, -alpha)
            if nh0 if turn == 0 else nh1:
                return self._last(nocc, nm0, nh0, nh1, turn, _INF)
            return self._final(nocc, nm0, nh0, nh1, turn)
        return -self.search(nocc, nm0, nh0, nh1, nz, 1 - turn, -beta, -alpha)

    # ------------------------------------------------------------------ abilities

    def _offers(self, p: int, c: int, ncap: int, nocc: int, nm0: int, hand: int, turn: int) -> list[tuple]:
        """The engine's offers after p was played on c: (number, effect, targets) each."""
        mover = nm0 if turn == 0 else nocc & ~nm0
        mine = mover.bit_count()
        other = nocc.bit_count() - mine
        opp = nocc & ~mover
        out: list[tuple] = []
        cellp = self.cellp
        for no, eff, ab, cond, static_ok, passmask, adjacent in self.abil[p]:
            if cond is not None:
                if not static_ok:
                    continue
                if cond.captured_at_least is not None and ncap < cond.captured_at_least:
                    continue
                if cond.controlling_at_most is not None and mine > cond.controlling_at_most:
                    continue
                if cond.behind is not None and (other > mine) != cond.behind:
                    continue
                if cond.empty_cells_at_most is not None and \
                        (self.full & ~nocc).bit_count() > cond.empty_cells_at_most:
                    continue
            if eff == "modify" or eff == "win":
                out.append((no, eff, ()))
                continue
            if eff == "reset":
                if not self.reset_used:
                    out.append((no, eff, ()))
                continue
            adj = self.adjmask[c]
            eligible = [x for x in self.cells if opp >> x & 1 and passmask >> cellp[x] & 1
                        and (adjacent is None or bool(adj >> x & 1) == adjacent)]
            if not eligible:
                continue
            if eff == "gain_control":
                k = min(ab.count, len(eligible))
                out.extend((no, eff, combo) for combo in combinations(eligible, k))
            elif eff == "swap":
                pieces = self._distinct(hand, turn)
                out.extend((no, eff, (x, q)) for x in eligible for q in pieces)
        return out

    def _distinct(self, hand: int, seat: int) -> list[int]:
        """One piece per card id (the copy the engine would use)."""
        ids = self.ids
        dealer = self.dealer
        best: dict[str, int] = {}
        h = hand
        while h:
            low = h & -h
            q = low.bit_length() - 1
            h ^= low
            o = best.get(ids[q])
            if o is None or (dealer[q] != seat, dealer[q]) < (dealer[o] != seat, dealer[o]):
                best[ids[q]] = q
        return list(best.values())

    def _option(self, p: int, c: int, opt: tuple, occ: int, m0: int, h0: int, h1: int,
                nocc: int, nm0: int, nh0: int, nh1: int, nz: int, turn: int, alpha: int, beta: int,
                ab: int) -> int:
        """Value for ``turn`` of p on c followed by ability option ``opt``."""
        no, eff, targets = opt
        if eff == "win":
            return 1
        if eff == "gain_control":
            bits = 0
            for x in targets:
                bits |= 1 << x
            nm0 = nm0 | bits if turn == 0 else nm0 & ~bits
            return self._next(nocc, nm0, nh0, nh1, nz, turn, alpha, beta, False, ab)
        if eff == "swap":
            x, q = targets
            cellp = self.cellp
            r = cellp[x]
            cellp[x] = q
            bit = 1 << x
            nm0 = nm0 | bit if turn == 0 else nm0 & ~bit
            swap = (1 << q) | (1 << r)
            if turn == 0:
                nh0 ^= swap
            else:
                nh1 ^= swap
            bid, hid = self._board_id, self._hand_id[turn]
            nz = nz - bid[x][r] + bid[x][q] - hid[q] + hid[r]
            v = self._next(nocc, nm0, nh0, nh1, nz, turn, alpha, beta, False, ab)
            cellp[x] = r
            return v
        if eff == "reset":
            saved = self.cellp[:]
            for i in range(self.size):
                self.cellp[i] = -1
            self.reset_used = True
            d0, d1 = self.dealt
            try:
                return -self.search(0, 0, d0, d1, self.zfull(d0, d1), 1 - turn, -beta, -alpha)
            finally:
                self.cellp[:] = saved
                self.reset_used = False
        # modify: a Turn effect -- the general search plays it from the position before p
        if nocc == self.full:
            return self._final(nocc, nm0, nh0, nh1, turn)     # no comparison is left to change
        assert self.delegate is not None, "a Turn effect needs the general search"
        cellp = self.cellp
        cellp[c] = -1
        try:
            return self.delegate(cellp, occ, m0, h0, h1, turn, self.reset_used, p, c, (no, targets),
                                 alpha, beta)
        finally:
            cellp[c] = p

    # ------------------------------------------------------------------ ends

    def _last_ab(self, occ: int, m0: int, h0: int, h1: int, turn: int, alpha: int, beta: int) -> int:
        """One empty cell while abilities are about: each card there, with its options;
        the field fills, so no table is needed (a reset option searches on)."""
        c = (self.full & ~occ).bit_length() - 1
        cellp = self.cellp
        caps = self.caps
        opp = (occ & ~m0) if turn == 0 else m0
        delta = self.delta_id[turn]
        best = -_INF
        h = h0 if turn == 0 else h1
        while h:
            low = h & -h
            p = low.bit_length() - 1
            h ^= low
            if caps is not None:
                cap = caps(cellp, occ, opp, p, c)
            else:
                cap = 0
                for bit, nc, bm in self.nb[p][c]:
                    if opp & bit and bm >> cellp[nc] & 1:
                        cap |= bit
            v = self._placement(p, c, cap, occ, m0, h0, h1, 0, turn, alpha, beta, False, delta, 1)
            if v > best:
                best = v
                if v >= beta or v == 1:
                    break
                if v > alpha:
                    alpha = v
        return best

    def _last(self, occ: int, m0: int, h0: int, h1: int, turn: int, beta: int) -> int:
        """One empty cell, no ability in any hand: the game ends with this placement."""
        free_mask = self.full & ~occ
        c = free_mask.bit_length() - 1
        cbit = free_mask
        cellp = self.cellp
        caps = self.caps
        opp = (occ & ~m0) if turn == 0 else m0
        nbp = self.nb
        sudden = self.sudden
        best = -_INF
        h = h0 if turn == 0 else h1
        while h:
            low = h & -h
            p = low.bit_length() - 1
            h ^= low
            if caps is not None:
                cap = caps(cellp, occ, opp, p, c)
            else:
                cap = 0
                for bit, nc, bm in nbp[p][c]:
                    if opp & bit and bm >> cellp[nc] & 1:
                        cap |= bit
            if sudden and cap & (cap - 1):
                return 1
            if turn == 0:
                v = self._final(occ | cbit, m0 | cbit | cap, h0 ^ low, h1, 0)
            else:
                v = self._final(occ | cbit, m0 & ~cap, h0, h1 ^ low, 1)
            if v > best:
                best = v
                if v >= beta or v == 1:
                    break
        return best

    def _final(self, occ: int, m0: int, h0: int, h1: int, turn: int) -> int:
        """Win/draw/loss for ``turn`` in a finished game (field full or no cards left)."""
        mine0 = m0.bit_count()
        mine1 = occ.bit_count() - mine0
        if mine0 == mine1:
            pts = self.points
            p0 = sum(pts[p] for p in range(h0.bit_length()) if h0 >> p & 1)
            p1 = sum(pts[p] for p in range(h1.bit_length()) if h1 >> p & 1)
            if p0 == p1:
                return 0
            v = 1 if p0 > p1 else -1
        else:
            v = 1 if mine0 > mine1 else -1
        return v if turn == 0 else -v


__all__ = ["BitSolver"]
