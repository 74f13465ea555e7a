"""The bit search while Turn effects last: the positions after a ``modify`` option, on packed boards.

A Turn effect changes side values for the rest of its activator's turn, the
other seat's turn and the activator's next one (:class:`~jayden_jazz.cards.core.Effect`),
so for those few placements a capture depends on the effects in force, not
only on the pieces and cells, and the compiled capture tables of the bit
search (built with no effect active) do not hold. These positions used to
be handed to the rules core, whose placement, undo record and keys per
node were about a quarter of a Same + Plus + Combo proof. Here they stay
on the bit search's ints (``occ``, ``m0``, the hands, ``cellp``), with the
effects carried alongside as the core's own :class:`~jayden_jazz.cards.core.Effect`
tuples (ticked at each turn's end as :meth:`~jayden_jazz.cards.core.Core._end_turn`
does, a card swapped off the field taking its self/neighbour effects with
it), and each placement's captures read from the table of effective sides
under those effects (:class:`~jayden_jazz.cards.turn_values.TurnValues`) by the
same judgements the core makes (:meth:`~jayden_jazz.cards.classic_table.ClassicTable.taken_under`,
the core's ``captured`` on these ints, or :meth:`~jayden_jazz.cards.turn_values.TurnValues.captures`
under the basic comparison alone; the former kept for placements met again, see
:meth:`BitWindow.placements`). Once the last effect is over the position goes
back to the bit search with its table.

The window is a few placements deep and keeps no table of its own: the
positions it meets are reached in one order only (the activation's) and the
bit search's table above it holds their value. Checked against the core's
search (``Solver(bits=False)``) on random positions under every rule set
(``tests/ai/test_cards_bit_window.py``).
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING

from jayden_jazz.cards.classic_table import members
from jayden_jazz.cards.core import Core, Effect
from jayden_jazz.cards.turn_values import Values

if TYPE_CHECKING:
    from jayden_jazz.ai.cards.bits import BitSolver, Offer

_INF = 2
_new = tuple.__new__
SPAN = 3            # a new effect's turns: the rest of this one, the other seat's, the activator's next
_KEPT = 1 << 16     # placements' captures remembered (all sets of effects) before the memo starts afresh
_TABLES = 1 << 8    # tables of values (sets of effects) held for it, likewise


class BitWindow:
    """The search of :class:`~.bits.BitSolver` while effects are active (module docstring)."""

    def __init__(self, bits: BitSolver, st: Core) -> None:
        self.bits = bits
        self.table = st.table
        self.turn_values = st.turn_values
        self.ties = st.ties
        self.abilities = [card.abilities for card in st.cards]
        self.owner = [-1] * st.size
        # the captures of a placement that starts no Combo chain depend only on the effects'
        # values, the mover, the piece, the cell and the pieces and owners beside it: kept per
        # table of values (which the entry holds, so its id stands for no other while kept)
        # under (piece, cell, mover, the neighbours' pieces, which of them seat 0 holds);
        # 61% of the window's placements in Same + Plus + Combo deal 16 were met before
        self.near = [itemgetter(*(n for _, n, _ in st.judge.adj[c])) if st.judge.adj[c] else None
                     for c in range(st.size)]
        self.memos: dict[int, tuple[Values, dict[tuple[object, ...], int]]] = {}
        self.kept = 0

    def activate(self, p: int, c: int, no: int, nocc: int, nm0: int, nh0: int, nh1: int, nz: int,
                 turn: int, effects: tuple[Effect, ...], alpha: int, beta: int) -> int:
        """Value for ``turn``, who has just played p on c (on the board) and chosen its
        ability ``no``, a Turn effect, with ``effects`` already in force."""
        eff = Effect(turn, p, no, c, SPAN, self.abilities[p][no - 1])
        return self._next(nocc, nm0, nh0, nh1, nz, turn, effects + (eff,), alpha, beta)

    def _next(self, occ: int, m0: int, h0: int, h1: int, z: int, mover: int, effects: tuple[Effect, ...],
              alpha: int, beta: int) -> int:
        """Value for ``mover``, whose turn has just ended: the next seat holding cards moves
        (a seat without cards is skipped and its turn counts), the effects one turn older."""
        bits = self.bits
        if occ == bits.full:
            return bits._final(occ, m0, h0, h1, mover)
        if h1 if mover == 0 else h0:
            nxt, turns = 1 - mover, 1
        elif h0 if mover == 0 else h1:
            nxt, turns = mover, 2
        else:
            return bits._final(occ, m0, h0, h1, mover)
        # each effect a turn (or two) older, those at their end gone: the tuples made at once
        # (Effect's fields in order; _replace, by name, was 2% of a Same + Plus + Combo proof)
        effects = tuple([_new(Effect, (e[0], e[1], e[2], e[3], e[4] - turns, e[5]))
                         for e in effects if e[4] > turns])
        if nxt == mover:
            return self.search(occ, m0, h0, h1, z, nxt, effects, alpha, beta)
        return -self.search(occ, m0, h0, h1, z, nxt, effects, -beta, -alpha)

    def search(self, occ: int, m0: int, h0: int, h1: int, z: int, turn: int, effects: tuple[Effect, ...],
               alpha: int, beta: int) -> int:
        """Fail-soft win/draw/loss for ``turn`` (holding cards) under ``effects``; none left:
        the bit search's."""
        bits = self.bits
        if not effects:
            return bits.search(occ, m0, h0, h1, z, turn, alpha, beta)
        bits.nodes += 1
        if bits.tick is not None and not bits.nodes & 255:
            bits.tick()
        opp = (occ & ~m0) if turn == 0 else m0
        free = bits.full & ~occ
        if not free & (free - 1):
            # the last cell, which no effect changes the count of: settled before any
            # capture is judged when the mover's own card wins it, or when all it could take
            # (the cells its card touches; any with Combo) is not enough and no option is in
            # hand (as BitSolver._last)
            k0 = 2 * (occ.bit_count() - opp.bit_count()) + 1 - occ.bit_count()
            if k0 > 0:
                return 1
            if k0 + 2 * (opp & bits.reach[free.bit_length() - 1]).bit_count() < 0 and \
                    not (h0 if turn == 0 else h1) & bits.abilmask:
                return -1
        kids = self.placements(occ, m0, h0 if turn == 0 else h1, turn, effects)
        kids.sort(reverse=True)
        best = -_INF
        for _, p, c, cap in kids:
            v = self._placement(p, c, cap, occ, m0, h0, h1, z, turn, effects, alpha, beta)
            if v > best:
                best = v
                if v >= beta or v == 1:
                    break
                if v > alpha:
                    alpha = v
        return best

    def placements(self, occ: int, m0: int, hand: int, turn: int,
                   effects: tuple[Effect, ...]) -> list[tuple[int, int, int, int]]:
        """(cells taken, piece, cell, the cells as bits) of every placement of ``hand`` by
        ``turn`` under ``effects`` (not yet in order); a placement met before under the same
        values and surroundings read from the memo (see ``__init__``) -- a method of its own
        so that a test can check each list against the captures judged afresh."""
        bits = self.bits
        opp = (occ & ~m0) if turn == 0 else m0
        cellp = bits.cellp
        owner = self.owner
        under = self.turn_values.under(effects)
        table = self.table
        kids: list[tuple[int, int, int, int]] = []
        listed = False              # the owner list (basic comparison), written at the first placement judged
        # a cell no card of the opponent touches: every rule takes only the opponent's
        # cards (Combo starting from one of them), so nothing to judge
        adjmask = bits.adjmask
        pieces = members(hand)
        if table is None:
            for c in members(bits.full & ~occ):
                if not opp & adjmask[c]:
                    kids.extend((0, p, c, 0) for p in pieces)
                    continue
                if not listed:
                    self._owners(occ, m0)
                    listed = True
                for p in pieces:
                    cellp[c] = p
                    owner[c] = turn
                    got = self.turn_values.captures(cellp, owner, effects, c, turn, self.ties)
                    cellp[c] = -1
                    owner[c] = -1
                    cap = 0
                    for x in got:
                        cap |= 1 << x
                    kids.append((len(got), p, c, cap))
        else:
            chains = table.combo
            if self.kept >= _KEPT or len(self.memos) >= _TABLES:
                self.memos.clear()
                self.kept = 0
            held = self.memos.get(id(under))
            if held is None or held[0] is not under:
                held = self.memos[id(under)] = (under, {})
            memo = held[1]
            near = self.near
            own = occ & ~opp
            for c in members(bits.full & ~occ):
                if not opp & adjmask[c]:
                    kids.extend((0, p, c, 0) for p in pieces)
                    continue
                around = (near[c](cellp), m0 & adjmask[c], turn)  # type: ignore[misc]
                for p in pieces:
                    key = (p, c, around)
                    cap = memo.get(key, -1)
                    if cap < 0:
                        cap, started = table.taken_under(cellp, m0, own, p, c, turn, under)
                        if not (chains and started):
                            memo[key] = cap
                            self.kept += 1
                    kids.append((cap.bit_count(), p, c, cap))
        return kids

    def _owners(self, occ: int, m0: int) -> None:
        """The owner list the capture steps read, from the ints (only for a placement judged:
        most are read from the memo)."""
        owner = self.owner
        for x in self.bits.cells:
            owner[x] = -1 if not occ >> x & 1 else 0 if m0 >> x & 1 else 1

    def _placement(self, p: int, c: int, cap: int, occ: int, m0: int, h0: int, h1: int, z: int, turn: int,
                   effects: tuple[Effect, ...], alpha: int, beta: int) -> int:
        """Value for ``turn`` of playing p on c (capturing ``cap``), best over its ability
        options (as :meth:`.BitSolver._placement`)."""
        bits = self.bits
        cbit = 1 << c
        if turn == 0:
            nm0 = m0 | cbit | cap
            nh0 = h0 ^ (1 << p)
            nh1 = h1
        else:
            nm0 = m0 & ~cap
            nh0 = h0
            nh1 = h1 ^ (1 << p)
        cellp = bits.cellp
        cellp[c] = p
        nocc = occ | cbit
        nz = z + bits.delta[turn][p][c]
        v = self._next(nocc, nm0, nh0, nh1, nz, turn, effects, alpha, beta)
        if v < beta and v < 1 and bits.abil[p] and cap & (cap - 1):
            if v > alpha:
                alpha = v
            for opt in bits._offers(p, c, cap.bit_count(), nocc, nm0, nh0 if turn == 0 else nh1, turn):
                w = self._option(p, c, opt, occ, m0, h0, h1, nocc, nm0, nh0, nh1, nz, turn, effects, alpha, beta)
                if w > v:
                    v = w
                    if v >= beta or v == 1:
                        break
                    if v > alpha:
                        alpha = v
        cellp[c] = -1
        return v

    def _option(self, p: int, c: int, opt: Offer, occ: int, m0: int, h0: int, h1: int, nocc: int, nm0: int,
                nh0: int, nh1: int, nz: int, turn: int, effects: tuple[Effect, ...], alpha: int, beta: int) -> int:
        """Value for ``turn`` of p on c followed by ability option ``opt``, effects in force."""
        no, eff, targets = opt
        bits = self.bits
        if eff == "win" or eff == "reset":      # neither reads an effect (a reset ends them all)
            return bits._option(p, c, opt, occ, m0, h0, h1, nocc, nm0, nh0, nh1, nz, turn, alpha, beta)
        if eff == "modify":
            return self.activate(p, c, no, nocc, nm0, nh0, nh1, nz, turn, effects, alpha, beta)
        if eff == "gain_control":
            got = 0
            for x in targets:
                got |= 1 << x
            nm0 = nm0 | got if turn == 0 else nm0 & ~got
            return self._next(nocc, nm0, nh0, nh1, nz, turn, effects, alpha, beta)
        # swap: the card taken off the field takes its own self/neighbour effects with it
        x, q = targets
        cellp = bits.cellp
        r = cellp[x]
        cellp[x] = q
        bit = 1 << x
        nm0 = nm0 | bit if turn == 0 else nm0 & ~bit
        swap = (1 << q) | (1 << r)
        if turn == 0:
            nh0 ^= swap
        else:
            nh1 ^= swap
        bid, hid = bits._board_id, bits._hand_id[turn]
        nz = nz - bid[x][r] + bid[x][q] - hid[q] + hid[r]
        kept = tuple(e for e in effects if not (e.piece == r and e.ability.target in ("self", "neighbours")))
        v = self._next(nocc, nm0, nh0, nh1, nz, turn, kept, alpha, beta)
        cellp[x] = r
        return v


__all__ = ["BitWindow", "SPAN"]
