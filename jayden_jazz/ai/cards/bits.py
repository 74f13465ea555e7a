"""Exact two-player search on the game packed into a few Python ints, while abilities are in hand.

With two players and no Turn effect active, a card-game position is

* ``occ`` -- bit c set when grid cell c holds a card;
* ``m0`` -- bit c set when seat 0 controls it;
* ``h0``/``h1`` -- bit p set when piece p is in that seat's hand;
* which piece lies on each cell (``cellp``, one shared list set and reset
  around each recursive call) and whether the game's reset is spent;

so a placement is a handful of bit operations and undoing it is free (the
caller keeps its old ints). The captures and the table of bounds are shared
with the margin search (:mod:`.bitsearch`); the move order is the table's
move, then the placement that last cut off with as many empty cells, then the
most cells taken, then a history of cut-offs per count of empty cells (the
empty board, met after a reset, the weakest card first). With two
empty cells left the game ends within two placements: they are judged at
once, without the table, and a last placement whose count settles it (the
mover's own card already wins, or all it could take is too few and no
option is in hand) without judging its captures.

Abilities are played here: gain control, swap, reset and win change only
these ints. A Turn effect (``modify``) changes side values for a few turns:
those positions are searched on the same ints with the effects carried
alongside (:mod:`.bitwindow`), and come back here once the effect is over. Once no card with an
ability is left in a hand the position is *plain* and goes to the margin
search (:class:`~.exact.MarginBits`) with a window around a draw, which
answers win/draw/loss exactly and faster; there pieces with equal sides
share keys and sound field symmetries merge mirror images. Here each piece
has its own keys.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations

from jayden_jazz.ai.cards.bitsearch import BitSearch, in_own_block
from jayden_jazz.cards.classic_table import members
from jayden_jazz.ai.cards.bitwindow import BitWindow
from jayden_jazz.ai.cards.exact import MarginBits
from jayden_jazz.cards.card import Ability, Condition
from jayden_jazz.cards.core import Core
from jayden_jazz.cards.judge import within_years

_INF = 2
_KEY_SEED = 0xB175_0B0A
ETC_EMPTY = 4           # from this many empty cells, children's table entries are read before searching

# per ability of a piece: (number, effect, ability, condition or None, the condition's fixed part holds,
# pieces passing the filter's fixed keys, the filter's adjacency key)
AbilityInfo = tuple[int, str, Ability, Condition | None, bool, int, "bool | None"]
Offer = tuple[int, str, tuple[int, ...]]


class BitSolver(BitSearch):
    """Solves two-player positions without active effects (those with effects: its window);
    the table is shared by every call."""

    def __init__(self, st: Core, tick: Callable[[], None], *,
                 symmetries: list[tuple[list[int], list[int]]] | None = None) -> None:
        """``tick`` is called every 256 nodes and may raise to stop the search;
        ``symmetries`` are sound ``(cell map, class map)`` pairs for plain positions
        (identity excluded; the margin search uses them)."""
        margin = MarginBits(st, tick, symmetries=symmetries)
        super().__init__(st, tick, margin.rule)      # one set of capture tables for both searches
        self.margin = margin
        self.margin.cellp = self.cellp               # and one board list
        # during a split proof (split.py): the keys of positions with fewer than share_empty
        # empty cells, whose entries stay out of the table logs
        self.unshared: set[int] | None = None
        self.share_empty = 0
        # the move order's memory of cut-offs, per count of empty cells (see search): how
        # often each placement cut off, and the last one that did
        self.history_at = [[[0] * st.size for _ in st.ids] for _ in range(st.size + 1)]
        self.killer = [-1] * (st.size + 1)
        self.weak = [sum(sides) for sides in st.sides]      # each piece's printed side sum
        self.resets_met = 0         # reset options searched (split.py proves the games after one)
        self.window = BitWindow(self, st)           # the positions while a Turn effect lasts
        size = self.size
        npieces = len(st.ids)
        self.ids = st.ids
        self.dealer = st.dealer
        rng = random.Random(_KEY_SEED)
        self._board_id = [[rng.getrandbits(64) for _ in range(npieces)] for _ in range(size)]
        self._hand_id = [[rng.getrandbits(64) for _ in range(npieces)] for _ in range(2)]
        # delta[s][p][c]: key change when seat s plays p from its hand onto c
        self.delta = [[[self._board_id[c][p] - self._hand_id[s][p] for c in range(size)]
                       for p in range(npieces)] for s in range(2)]
        self.adjmask = self.rule.adjmask
        # reach[c]: the cells a card played on c can take -- its neighbours, or with Combo (a
        # chain from what Same or Plus took) any cell: what bounds a last placement's count
        chains = getattr(self.rule, "combo", False)
        self.reach = [self.full if chains else self.adjmask[c] for c in range(self.size)]
        self.reset_used = st.reset_used
        # a table key's bits above the key sum z (below 2**72): m0, the seat to move, the reset
        # spent, and a bit of its own -- per seat and reset, all but m0 (which is shifted in)
        self.high = [[(turn << 74) | (spent << 73) | (1 << 72) for spent in range(2)] for turn in range(2)]
        self.dealt = [sum(1 << p for p in range(npieces) if st.dealer[p] == s) for s in range(2)]
        self.abilmask = 0
        self.abil: list[tuple[AbilityInfo, ...]] = [()] * npieces
        if st.abilities_on:
            for p in range(npieces):
                infos: list[AbilityInfo] = []
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
        """The key sum from scratch."""
        z = 0
        cellp = self.cellp
        board, hand = self._board_id, self._hand_id
        for c in self.cells:
            p = cellp[c]
            if p >= 0:
                z += board[c][p]
        for s, h in ((0, h0), (1, h1)):
            while h:
                low = h & -h
                z += hand[s][low.bit_length() - 1]
                h ^= low
        return z

    def value(self, st: Core, alpha: int = -_INF, beta: int = _INF) -> int:
        """Fail-soft value for the seat to move of an unfinished state without effects."""
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
            return in_own_block(self.search, occ, m0, h0, h1, self.zfull(h0, h1), st.to_move, alpha, beta)
        finally:
            self.cellp[:] = saved
            self.reset_used = saved_reset

    # ------------------------------------------------------------------ search

    def search(self, occ: int, m0: int, h0: int, h1: int, z: int, turn: int, alpha: int, beta: int) -> int:
        self.nodes += 1
        if self.tick is not None and not self.nodes & 255:
            self.tick()
        hand = h0 if turn == 0 else h1
        if not hand:
            if not (h1 if turn == 0 else h0):
                return self._final(occ, m0, h0, h1, turn)
            return -self.search(occ, m0, h0, h1, z, 1 - turn, -beta, -alpha)
        if not (h0 | h1) & self.abilmask:
            # plain from here on: the margin search with a window around a draw answers
            # win/draw/loss exactly, and faster (captures-first order, no ability checks)
            v = self.margin.search(occ, m0, h0, h1, self.margin.key(h0, h1), turn, -1, 1)
            return 1 if v > 0 else -1 if v < 0 else 0
        free = self.full & ~occ
        if not free & (free - 1):
            return self._last(occ, m0, h0, h1, turn, alpha, beta)
        rest = free & (free - 1)
        if not rest & (rest - 1):
            return self._two(occ, m0, h0, h1, z, turn, alpha, beta)
        key = (m0 << 75) | self.high[turn][self.reset_used] | z
        if self.unshared is not None and free.bit_count() < self.share_empty:
            self.unshared.add(key)
        entry = self.tt.get(key)     # (self.probe, written out: a call less per node)
        if entry is None:
            tt_pc = -1
        else:
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
        size = self.size
        opp = (occ & ~m0) if turn == 0 else m0
        best = -_INF
        best_pc = -1
        if tt_pc >= 0:
            p, c = divmod(tt_pc, size)
            if hand >> p & 1 and free >> c & 1:
                # the table's move first: at a cut node it is often all we need
                cap = self.rule.captures(self.cellp, occ, opp, p, c)
                v = self._placement(p, c, cap, occ, m0, h0, h1, z, turn, alpha, beta)
                best = v
                best_pc = tt_pc
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        self.store(key, best, a0, beta, best_pc)
                        return best
            else:
                tt_pc = -1
        # then the placement that last cut off a position with as many empty cells (most
        # often the reply that refuted a sibling of this one), before the others are
        # listed: at a cut node it is often all we need (with the history per count of
        # empty cells below, Same + Plus + Combo seed 16's winning (3, 2) alone: 362,497
        # positions against 371,849 without it)
        nfree = free.bit_count()
        k_pc = self.killer[nfree]
        if k_pc >= 0 and k_pc != tt_pc and hand >> (k_pc // size) & 1 and free >> (k_pc % size) & 1:
            p, c = divmod(k_pc, size)
            cap = self.rule.captures(self.cellp, occ, opp, p, c)
            v = self._placement(p, c, cap, occ, m0, h0, h1, z, turn, alpha, beta)
            if v > best:
                best = v
                best_pc = k_pc
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        # counted in the history too (SPC deals 1-20 from the empty board:
                        # 3.82 million positions against 3.89; Open 4.78 against 4.84)
                        self.history_at[nfree][p][c] += 1
                        self.store(key, best, a0, beta, best_pc)
                        return best
        else:
            k_pc = -1
        # the other placements: the most cells taken first, then the history of cut-offs
        # (measured from the empty 3x3 board, six deals each of Open and Same + Plus + Combo
        # with abilities: 44% fewer positions than by history alone, once the captures of
        # every placement cost one memo read -- cards/classic_table.py), kept apart for each
        # count of empty cells: a good placement with seven cells open says little about one
        # with three (seed 16's (3, 2): 371,849 positions against 414,851 with one history)
        history = self.history_at[nfree]
        kids = self.rule.placements(self.cellp, occ, opp, hand, free, history, 1 << 24)
        if occ:
            kids.sort(reverse=True)
        else:
            # the empty board, met only after a reset (the game played again from the dealt
            # hands): nothing is taken, and as at the root (Solver._weak_first) the card with
            # the smallest side sum first. Same + Plus + Combo deal 16 holds a reset card, and
            # the two games after it were 79% of Hard's first card's first pass (748,483 of
            # 946,405 positions, in the numbering Hard's own search gives the pieces): 486,294
            # in all so (the captures and history alone ranked a strong card first)
            weak = self.weak
            kids.sort(key=lambda k: (weak[k[1]], -k[0]))
        if nfree >= ETC_EMPTY:
            # a child the table already settles above beta cuts here without a search (an
            # option of the piece can only raise the placement's value): 4% fewer positions
            tt = self.tt
            delta = self.delta[turn]
            high = self.high[1 - turn][self.reset_used]
            nb = -beta
            for _, p, c, cap in kids:
                nm0 = (m0 | 1 << c | cap) if turn == 0 else (m0 & ~cap)
                e = tt.get((nm0 << 75) | high | (z + delta[p][c]))
                if e is not None and e[1] <= nb:
                    v = -e[1]
                    self.store(key, v, a0, beta, p * size + c)
                    return v
        # a placement without options to weigh is written out (what _placement does for it:
        # three or more empty cells here, so the field does not fill): a call less per child
        abil = self.abil
        cellp = self.cellp
        dz = self.delta[turn]
        search = self.search
        for _, p, c, cap in kids:
            pc = p * size + c
            if pc == tt_pc or pc == k_pc:
                continue
            if abil[p] and cap & (cap - 1):
                v = self._placement(p, c, cap, occ, m0, h0, h1, z, turn, alpha, beta)
            else:
                cbit = 1 << c
                cellp[c] = p
                if turn == 0:
                    v = -search(occ | cbit, m0 | cbit | cap, h0 ^ (1 << p), h1, z + dz[p][c], 1, -beta, -alpha)
                else:
                    v = -search(occ | cbit, m0 & ~cap, h0, h1 ^ (1 << p), z + dz[p][c], 0, -beta, -alpha)
                cellp[c] = -1
            if v > best:
                best = v
                best_pc = pc
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        history[p][c] += 1
                        self.killer[nfree] = best_pc
                        break
        self.store(key, best, a0, beta, best_pc)
        return best

    def _placement(self, p: int, c: int, cap: int, occ: int, m0: int, h0: int, h1: int, z: int, turn: int,
                   alpha: int, beta: int) -> int:
        """Value for ``turn`` of playing p on c (capturing ``cap``), best over its ability options."""
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
        nz = z + self.delta[turn][p][c]
        if nocc == self.full:
            v = self._final(nocc, nm0, nh0, nh1, turn)
        else:
            v = -self.search(nocc, nm0, nh0, nh1, nz, 1 - turn, -beta, -alpha)
        if v < beta and v < 1 and self.abil[p] and cap & (cap - 1):
            if v > alpha:
                alpha = v
            for opt in self._offers(p, c, cap.bit_count(), nocc, nm0, nh0 if turn == 0 else nh1, turn):
                w = self._option(p, c, opt, occ, m0, h0, h1, nocc, nm0, nh0, nh1, nz, turn, alpha, beta)
                if w > v:
                    v = w
                    if v >= beta or v == 1:
                        break
                    if v > alpha:
                        alpha = v
        cellp[c] = -1
        return v

    def _next(self, nocc: int, nm0: int, nh0: int, nh1: int, nz: int, turn: int, alpha: int, beta: int) -> int:
        """Value for ``turn``, who has just moved, of the position it left."""
        if nocc == self.full:
            return self._final(nocc, nm0, nh0, nh1, turn)
        return -self.search(nocc, nm0, nh0, nh1, nz, 1 - turn, -beta, -alpha)

    # ------------------------------------------------------------------ abilities

    def _offers(self, p: int, c: int, ncap: int, nocc: int, nm0: int, hand: int, turn: int) -> list[Offer]:
        """The engine's offers after p was played on c: (number, effect, targets) each."""
        mover = nm0 if turn == 0 else nocc & ~nm0
        mine = mover.bit_count()
        other = nocc.bit_count() - mine
        opp = nocc & ~mover
        out: list[Offer] = []
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
            if eff == "win":
                out.append((no, eff, ()))
                continue
            if eff == "modify":
                # on a full field a Turn effect changes no capture: the placement's own value,
                # which the option cannot better (nothing is searched either way)
                if nocc != self.full:
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

    def _option(self, p: int, c: int, opt: Offer, occ: int, m0: int, h0: int, h1: int,
                nocc: int, nm0: int, nh0: int, nh1: int, nz: int, turn: int, alpha: int, beta: int) -> int:
        """Value for ``turn`` of p on c followed by ability option ``opt``."""
        no, eff, targets = opt
        if eff == "win":
            return 1
        if eff == "gain_control":
            bits = 0
            for x in targets:
                bits |= 1 << x
            nm0 = nm0 | bits if turn == 0 else nm0 & ~bits
            return self._next(nocc, nm0, nh0, nh1, nz, turn, alpha, beta)
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
            v = self._next(nocc, nm0, nh0, nh1, nz, turn, alpha, beta)
            cellp[x] = r
            return v
        if eff == "reset":
            self.resets_met += 1
            return -self._after_reset(1 - turn, -beta, -alpha)
        # modify: a Turn effect -- searched on these ints with the effect carried (bitwindow.py)
        return self.window.activate(p, c, no, nocc, nm0, nh0, nh1, nz, turn, (), alpha, beta)

    # ------------------------------------------------------------------ reset

    def resets(self) -> bool:
        """Whether a reset may still be played: a dealt card has the ability, none was played."""
        return not self.reset_used and any(info[1] == "reset" for infos in self.abil for info in infos)

    def after_reset(self, first: int, alpha: int, beta: int) -> int:
        """Fail-soft value for ``first``, to move on the empty board of the game played again
        after a reset (the dealt hands, the reset spent) -- the same position wherever the
        reset is played, so a table entry made here answers every later reset in the window
        (:func:`.split.solve_root_split` has each process prove one such game first). From
        outside a search: in a frame-stack block of its own, as :meth:`value`."""
        return in_own_block(self._after_reset, first, alpha, beta)

    def _after_reset(self, first: int, alpha: int, beta: int) -> int:
        cellp = self.cellp
        saved = cellp[:]
        saved_reset = self.reset_used
        for i in range(self.size):
            cellp[i] = -1
        self.reset_used = True
        d0, d1 = self.dealt
        try:
            return self.search(0, 0, d0, d1, self.zfull(d0, d1), first, alpha, beta)
        finally:
            cellp[:] = saved
            self.reset_used = saved_reset

    # ------------------------------------------------------------------ ends

    def _two(self, occ: int, m0: int, h0: int, h1: int, z: int, turn: int, alpha: int, beta: int) -> int:
        """Two empty cells: each placement (the most captures first), then the reply that fills
        the field, judged at once (no table: the game ends within two placements, and these
        positions are the most numerous of a search -- a table entry costs more than it saves).
        The hottest code of a proof: the reply (a position visited, as in :meth:`search`) is
        :meth:`_last` written out -- the cell, the counts and the window known here, a card
        without an option to weigh counted without a call -- and the same cards in the same
        order, so the same positions, as a call to it would give."""
        free = self.full & ~occ
        if turn == 0:
            hand, other, opp = h0, h1, occ & ~m0
        else:
            hand, other, opp = h1, h0, m0
        kids = self.rule.placements(self.cellp, occ, opp, hand, free, None, 1)
        kids.sort(reverse=True)
        cellp = self.cellp
        abil = self.abil
        tick = self.tick
        take = self.rule.captures
        # the reply's count: of the occ.bit_count() + 2 cards the replier ends with the cells it
        # holds now less those the placement takes, its card, and those the reply takes; it wins
        # when twice that is more than the total (twice it less the total before the reply: r0)
        total = occ.bit_count() + 2
        r0 = 2 * (opp.bit_count() + 1) - total
        reach = self.reach
        abilmask = self.abilmask
        # the replier's one card, when it holds one without an option to weigh (the usual case
        # on 3x3: the first mover's last card): its reply is one capture, counted at once
        lone = -1
        if other and not other & (other - 1) and not other & abilmask:
            lone = other.bit_length() - 1
        best = -_INF
        for _, p, c, cap in kids:
            if abil[p] and cap & (cap - 1):
                v = self._placement(p, c, cap, occ, m0, h0, h1, z, turn, alpha, beta)
            elif other:              # the reply on the last cell, a position visited
                self.nodes += 1
                if tick is not None and not self.nodes & 255:
                    tick()
                base = r0 - 2 * cap.bit_count()
                cbit = 1 << c
                last = free ^ cbit
                lc = last.bit_length() - 1
                if turn == 0:
                    ropp = m0 | cbit | cap
                else:
                    ropp = (occ | cbit) & ~(m0 & ~cap)
                if base > 0:         # the replier's own card wins it, whatever it takes
                    v = -1           # (settled before the board is touched)
                elif base + 2 * (ropp & reach[lc]).bit_count() < 0 and not other & abilmask:
                    v = 1            # nothing it can take is enough, and no option to weigh
                elif lone >= 0:      # the replier's one card: its loop and its window left out
                    cellp[c] = p
                    rcap = take(cellp, occ | cbit, ropp, lone, lc)
                    cellp[c] = -1
                    k = base + 2 * rcap.bit_count()
                    if k:
                        v = -1 if k > 0 else 1
                    elif turn == 1:
                        v = -self._final(self.full, (m0 & ~cap) | last | rcap, h0 ^ other, h1 ^ (1 << p), 0)
                    else:
                        v = -self._final(self.full, ropp & ~rcap, h0 ^ (1 << p), 0, 1)
                else:
                    cellp[c] = p
                    nocc = occ | cbit
                    if turn == 0:
                        nm0, nh0, nh1 = ropp, h0 ^ (1 << p), h1
                    else:
                        nm0, nh0, nh1 = m0 & ~cap, h0, h1 ^ (1 << p)
                    rbest = -_INF
                    h = other
                    ra = -beta
                    rb = -alpha
                    while h:
                        low = h & -h
                        h ^= low
                        q = low.bit_length() - 1
                        rcap = take(cellp, nocc, ropp, q, lc)
                        if abil[q] and rcap & (rcap - 1):
                            w = self._placement(q, lc, rcap, nocc, nm0, nh0, nh1, 0, 1 - turn, ra, rb)
                        else:            # no option to weigh: the field is full and the game over
                            k = base + 2 * rcap.bit_count()
                            if k:
                                w = 1 if k > 0 else -1
                            elif turn == 1:
                                w = self._final(nocc | last, nm0 | last | rcap, nh0 ^ low, nh1, 0)
                            else:
                                w = self._final(nocc | last, nm0 & ~rcap, nh0, nh1 ^ low, 1)
                        if w > rbest:
                            rbest = w
                            if w >= rb or w == 1:
                                break
                            if w > ra:
                                ra = w
                    v = -rbest
                    cellp[c] = -1
            else:
                cbit = 1 << c
                cellp[c] = p
                if turn == 0:
                    v = -self.search(occ | cbit, m0 | cbit | cap, h0 ^ (1 << p), h1, z, 1, -beta, -alpha)
                else:
                    v = -self.search(occ | cbit, m0 & ~cap, h0, h1 ^ (1 << p), z, 0, -beta, -alpha)
                cellp[c] = -1
            if v > best:
                best = v
                if v >= beta or v == 1:
                    break
                if v > alpha:
                    alpha = v
        return best

    def _last(self, occ: int, m0: int, h0: int, h1: int, turn: int, alpha: int, beta: int) -> int:
        """One empty cell while abilities are about: each card there, with its options;
        the field fills, so no table is needed (a reset option searches on). A card without
        an option to weigh ends the game: its count is compared here (:meth:`_final` only
        for a tie, which the hands' points break)."""
        hand = h0 if turn == 0 else h1
        free = self.full & ~occ
        c = free.bit_length() - 1
        if turn == 0:
            opp = occ & ~m0
            mine = m0.bit_count() + 1
        else:
            opp = m0
            mine = (occ & ~m0).bit_count() + 1
        total = occ.bit_count() + 1
        k0 = 2 * mine - total
        if k0 > 0:                     # its own card wins it, whatever it takes
            return 1
        if k0 + 2 * (opp & self.reach[c]).bit_count() < 0 and not hand & self.abilmask:
            return -1                  # nothing it can take is enough, and no option to weigh
        take = self.rule.captures      # one piece at a time: the first card often settles it
        cellp = self.cellp
        abil = self.abil
        best = -_INF
        for p in members(hand):
            cap = take(cellp, occ, opp, p, c)
            if abil[p] and cap & (cap - 1):
                v = self._placement(p, c, cap, occ, m0, h0, h1, 0, turn, alpha, beta)
            else:                # no option to weigh: the field is full and the game over
                k = k0 + 2 * cap.bit_count()
                if k:
                    v = 1 if k > 0 else -1
                elif turn == 0:
                    v = self._final(occ | free, m0 | free | cap, h0 ^ (1 << p), h1, 0)
                else:
                    v = self._final(occ | free, m0 & ~cap, h0, h1 ^ (1 << p), 1)
            if v > best:
                best = v
                if v >= beta or v == 1:
                    break
                if v > alpha:
                    alpha = v
        return best

    def _final(self, occ: int, m0: int, h0: int, h1: int, turn: int) -> int:
        """Win/draw/loss for ``turn`` in a finished game (field full or no cards left)."""
        mine0 = m0.bit_count()
        mine1 = occ.bit_count() - mine0
        if mine0 == mine1:
            p0 = self.hand_points(h0)
            p1 = self.hand_points(h1)
            if p0 == p1:
                return 0
            v = 1 if p0 > p1 else -1
        else:
            v = 1 if mine0 > mine1 else -1
        return v if turn == 0 else -v


__all__ = ["BitSolver"]
