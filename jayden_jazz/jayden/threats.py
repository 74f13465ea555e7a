"""Which enemy pieces could take a side's Master in their next turn.

For the Enhanced board's warning. The enemy's turn is imagined as starting
on the board as it stands now (the side's own remaining action ignored), so
the answer is what would happen if the turn ended here. A first action can
only help a second one by emptying a square (moving away, or removing a
piece by attack or fire), so only first actions that empty a square on a
line through the Master, or within two squares of it, are tried.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from jayden_jazz.jayden.actions import FIRE, MOVE, Action
from jayden_jazz.jayden.movegen import pseudo_actions
from jayden_jazz.jayden.notation import format_jpn
from jayden_jazz.jayden.pieces import CANNON, HERO, KIND_OF, MASTER, SCOUT, SENTINEL, SIDE_OF, code
from jayden_jazz.jayden.tables import CHEBYSHEV_T, QUEEN_RAYS_T

if TYPE_CHECKING:
    from jayden_jazz.jayden.position import Position


def _hits(acts: Iterable[Action], masters: set[int]) -> set[int]:
    return {a[0] for a in acts if a[2] != MOVE and a[1] in masters}


def master_threats(pos: Position, side: str) -> list[int]:
    """Squares of the enemy pieces that could remove or condition ``side``'s
    Master during the enemy's next turn, sorted; empty when there is none or
    the game is over."""
    from jayden_jazz.jayden.position import Position

    if pos.result is not None:
        return []
    s = 0 if side == "g" else 1
    b = pos._b
    mine = code(MASTER, s)
    masters = {sq for sq, v in enumerate(b) if v == mine}
    if not masters:
        return []
    enemy = Position(format_jpn(b, 1 - s, -1, 0, 0, pos._turn), quiet_draw=False)
    first = pseudo_actions(enemy)
    found = _hits(first, masters)
    near: set[int] = set()
    for m in masters:
        near.update(t for ray in QUEEN_RAYS_T[m] for t in ray)
        near.update(t for t, d in enumerate(CHEBYSHEV_T[m]) if d <= 2)
    eb = enemy._b
    cannons = enemy._counts[1 - s][CANNON]
    # Only these enemy pieces could ever reach a Master square: on its lines,
    # next to it, or (Scouts) within the enemy's Cannons.
    attackers = [sq for sq in range(len(eb)) if eb[sq] and SIDE_OF[eb[sq]] == 1 - s
                 and (sq in near or (KIND_OF[eb[sq]] == SCOUT
                                     and min(CHEBYSHEV_T[sq][m] for m in masters) <= cannons))]
    tried_sentinel = set()
    for a in first:
        src, dst, kind = a
        k = KIND_OF[eb[src]]
        if k == MASTER:
            continue                       # a Master action ends the turn
        if k == SENTINEL:
            if src in tried_sentinel:
                continue                   # every deployment empties the same square
            tried_sentinel.add(src)
        emptied = {src} if kind != FIRE else {dst}
        if kind not in (MOVE, FIRE) and k == HERO:
            emptied.add(dst)
        if not emptied & near:
            continue
        enemy._do(a)
        if enemy._over is None:
            for sq in attackers:
                if sq not in found and sq != enemy._acted:
                    found |= _hits(pseudo_actions(enemy, sq), masters)
        enemy._undo()
    return sorted(found)


def piece_threats(pos: Position, side: str) -> list[int]:
    """Squares of ``side``'s pieces other than its Master that the enemy could
    take (attack or fire on) during its next turn, sorted; empty when the game
    is over.

    The enemy's turn is imagined from the board as it stands, like
    :func:`master_threats`: each of its first actions, then every second
    action after it. The Master has its own warning.
    """
    from jayden_jazz.jayden.position import Position

    if pos.result is not None:
        return []
    s = 0 if side == "g" else 1
    enemy = Position(format_jpn(pos._b, 1 - s, -1, 0, 0, pos._turn), quiet_draw=False)
    b = enemy._b
    mine = {sq for sq, v in enumerate(b) if v and SIDE_OF[v] == s and KIND_OF[v] != MASTER}
    first = pseudo_actions(enemy)
    found = {a[1] for a in first if a[2] != MOVE and a[1] in mine}
    for a in first:
        if KIND_OF[b[a[0]]] == MASTER:
            continue                       # a Master action ends the turn
        enemy._do(a)
        if enemy._over is None:
            found |= {t[1] for t in pseudo_actions(enemy) if t[2] != MOVE and t[1] in mine}
        enemy._undo()
    return sorted(found & mine)
