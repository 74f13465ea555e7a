"""Every piece's effective sides on every cell while Turn effects are active, as one table.

With a Turn effect in force a side's value is no longer the piece's and
the cell's alone: :meth:`~.judge.Judge.value` sums the modifiers of every
effect that reaches the card, and whether one reaches it depends on the
piece, the cell and who controls the card (an effect on one's own or the
opponents' cards). The capture steps call it for every side they compare,
and an exact search makes hundreds of thousands of placements while an
effect lasts (a Turn effect lasts a round), nearly always under the same
few effects. So the same judgement -- the effect's reach
(:meth:`~.judge.Judge.reaches`), its sides and amount, summed with the
Elemental modifier and clamped once -- is made here once per set of
effects for every owner, piece and cell, and a capture reads a value as
three list indexes. :class:`~.classic_table.ClassicTable` compares Same,
Plus and Combo on these values, and the core its basic comparison.

Checked against the judge's values and the capture steps on random
positions under random effects (``tests/cards/test_turn_values.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from .judge import Judge, TurnEffect, clamp, comparison

OWNER_TARGETS = ("own", "opponents")  # the targets whose reach depends on who controls a card
_KEPT = 1 << 12         # sets of effects kept before the memo starts afresh
# vals[owner][piece][cell]: the card's four effective sides (empty where the cell is not playable)
Values = list[list[list[tuple[int, ...]]]]


class TurnValues:
    """The effective sides under each set of Turn effects met, for one judge (see the module
    docstring); ``players`` the owners a card may have."""

    __slots__ = ("judge", "players", "_plain", "_kept", "_last", "_last_vals")

    def __init__(self, judge: Judge, players: int) -> None:
        self.judge = judge
        self.players = players
        # no effect active: printed and Elemental, clamped (Judge.values)
        playable = set(judge.play_cells)
        self._plain = [[judge.values(p, c) if c in playable else () for c in range(judge.field.size)]
                       for p in range(len(judge.sides))]
        # keyed by each effect's seat, piece, cell and ability (by identity: the entry holds
        # the abilities, so an id cannot stand for another while it is kept)
        self._kept: dict[tuple[tuple[int, int, int, int], ...], tuple[Values, tuple[object, ...]]] = {}
        self._last: Sequence[TurnEffect] | None = None
        self._last_vals: Values = []

    def under(self, effects: Sequence[TurnEffect]) -> Values:
        """``vals[owner][piece][cell]``: the effective sides of every piece on every cell
        under ``effects`` (none active: printed and Elemental)."""
        if effects is self._last:
            return self._last_vals
        key = tuple((e.seat, e.piece, e.cell, id(e.ability)) for e in effects)
        got = self._kept.get(key)
        if got is None:
            if len(self._kept) >= _KEPT:
                self._kept.clear()
            got = self._kept[key] = (self._build(effects), tuple(e.ability for e in effects))
        self._last = effects
        self._last_vals = got[0]
        return got[0]

    def _build(self, effects: Sequence[TurnEffect]) -> Values:
        """The table under ``effects``: the plain values where no effect reaches, the
        modifiers summed and clamped once where one does; one set of rows for every owner
        when no effect looks at who controls a card."""
        judge = self.judge
        reaches = judge.reaches
        sides = judge.sides
        cells = judge.play_cells
        npieces = len(sides)
        plain = self._plain
        by_owner = any(e.ability.target in OWNER_TARGETS for e in effects)
        out: Values = []
        for o in range(self.players if by_owner else 1):
            mods: dict[tuple[int, int], list[int]] = {}
            for e in effects:
                ab = e.ability
                changed = [ab.amount if d in ab.sides else 0 for d in range(4)]
                # where it may reach (a card's own effect its card, a neighbours' effect the
                # cells beside it, others anywhere); the judge says where it does
                if ab.target == "self":
                    near: Sequence[tuple[int, int]] = ((e.piece, e.cell),)
                elif ab.target == "neighbours":
                    near = [(p, c) for p in range(npieces) for c in judge.adjset[e.cell]]
                else:
                    near = [(p, c) for p in range(npieces) for c in cells]
                for p, c in near:
                    if reaches(ab, e.seat, e.piece, e.cell, c, p, o):
                        m = mods.get((p, c))
                        if m is None:
                            mods[p, c] = changed[:]
                        else:
                            for d in range(4):
                                m[d] += changed[d]
            rows = [row[:] for row in plain]
            for (p, c), m in mods.items():
                e0 = judge.elemental(p, c) if judge.cell_element else 0
                rows[p][c] = tuple(clamp(v + e0 + dm) for v, dm in zip(sides[p], m))
            out.append(rows)
        return out if by_owner else out * self.players

    def captures(self, cells: Sequence[int], owner: Sequence[int], effects: Sequence[TurnEffect],
                 c: int, seat: int, ties: int) -> list[int]:
        """The basic comparison for the card ``seat`` just placed on ``c`` (on the lists): the
        neighbours it takes, in the field's order (what :meth:`~.judge.Judge.captures`
        gives)."""
        vals = self.under(effects)
        wins = comparison(ties)
        mine = vals[seat][cells[c]][c]
        out = []
        for d, n, od in self.judge.adj[c]:
            q = cells[n]
            if q >= 0:
                o = owner[n]
                if o != seat and wins[mine[d]][vals[o][q][n][od]]:
                    out.append(n)
        return out


__all__ = ["TurnValues", "Values"]
