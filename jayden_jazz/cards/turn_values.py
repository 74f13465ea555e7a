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

_KEPT = 1 << 12         # sets of effects kept before the memo starts afresh
# vals[owner][piece][cell]: the card's four effective sides (empty where the cell is not playable)
Values = list[list[list[tuple[int, ...]]]]


class TurnValues:
    """The effective sides under each set of Turn effects met, for one judge (see the module
    docstring); ``players`` the owners a card may have."""

    __slots__ = ("judge", "players", "_kept", "_last", "_last_vals")

    def __init__(self, judge: Judge, players: int) -> None:
        self.judge = judge
        self.players = players
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
        judge = self.judge
        reaches = judge.reaches
        sides = judge.sides
        elemental = judge.cell_element is not None
        out: Values = []
        for o in range(self.players):
            rows = []
            for p in range(len(sides)):
                row: list[tuple[int, ...]] = [() for _ in range(judge.field.size)]
                for c in judge.play_cells:
                    m = judge.elemental(p, c) if elemental else 0
                    v = [s + m for s in sides[p]]
                    for e in effects:
                        ab = e.ability
                        if reaches(ab, e.seat, e.piece, e.cell, c, p, o):
                            for d in range(4):
                                if d in ab.sides:
                                    v[d] += ab.amount
                    row[c] = tuple(clamp(x) for x in v)
                rows.append(row)
            out.append(rows)
        return out

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
