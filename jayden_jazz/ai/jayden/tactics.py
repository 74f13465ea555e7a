"""Static tactics for the Jayden computer player: who can take what, at once.

The search cannot afford to look four actions deep everywhere (about 200
actions per action), so the questions that decide games -- "can this side take
the enemy Master within its turn?" and "which pieces hang?" -- are answered
here by looking along the lines that lead to one square, the way a chess
engine asks "is this square attacked?" instead of generating every move.

Everything works on a :class:`Snap` (the board bytes, the shield map and the
piece lists), so it never touches the engine's private state and costs no
action objects. Byte codes are the engine's: Green kind ``k`` is ``k``, Red is
``256 - k``. The rules these functions mirror are in ``docs/rules/jayden.md``;
``tests/ai/test_jayden_ai.py`` checks them against brute force over the
engine's own generator.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from jayden_jazz.jayden.pieces import (
    CANNON,
    DEPLOYED,
    DRAGON,
    HERO,
    INTERCEPTOR,
    KIND_OF,
    MARK,
    MASTER,
    RAIDER,
    SCOUT,
    SENTINEL,
    SIDE_OF,
)
from jayden_jazz.jayden.squares import SQUARES
from jayden_jazz.jayden.tables import (
    CHEBYSHEV_T,
    ENEMY_TERRITORY_T,
    HERO_T,
    NEIGH_T,
    NOWHERE_T,
    QUEEN_RAYS_T,
    RAIDER_RAYS_T,
    RAYS,
    ROOK_RAYS_T,
)

if TYPE_CHECKING:
    from jayden_jazz.jayden import Position

#: RAYS8[sq][d]: squares outward from sq in direction d (N, NE, E, SE, S, SW, W, NW).
RAYS8 = tuple(
    tuple(tuple(int(t) for t in RAYS[sq, d] if t >= 0) for d in range(8)) for sq in range(SQUARES)
)
#: STEP8[sq][d]: the neighbour in direction d, or -1.
STEP8 = tuple(tuple(r[0] if r else -1 for r in rays) for rays in RAYS8)
ORTHO = (0, 2, 4, 6)
CHEB = CHEBYSHEV_T
SLIDERS = frozenset((DRAGON, INTERCEPTOR, RAIDER))
#: A slider's rays by kind (Raiders' already cut to 4 squares).
SLIDER_RAYS = {DRAGON: QUEEN_RAYS_T, INTERCEPTOR: ROOK_RAYS_T, RAIDER: RAIDER_RAYS_T}
#: Kinds the Half Line never binds (the deployed Sentinel never acts anyway).
EXEMPT = frozenset((RAIDER, MASTER, SENTINEL, DEPLOYED))


def code(kind: int, side: int) -> int:
    """The board byte of a piece (side 0 Green, 1 Red)."""
    return kind if side == 0 else 256 - kind


class Snap(NamedTuple):
    """One position read once for the static checks.

    ``pieces[s]`` lists side s's squares; ``far[s]`` says where side s may not
    end an action or act from (the Half Line when it has no Mark).
    """

    b: bytes
    sh: bytes
    pieces: tuple[list[int], list[int]]
    far: tuple[tuple[bool, ...], tuple[bool, ...]]
    cannons: tuple[int, int]


def snap_board(board: np.ndarray) -> Snap:
    """Build a :class:`Snap` from an ``int8`` board of 280 squares."""
    b = board.tobytes()
    pieces = (np.flatnonzero(board > 0).tolist(), np.flatnonzero(board < 0).tolist())
    sh = bytearray(SQUARES)
    for dep in (DEPLOYED, 256 - DEPLOYED):
        i = b.find(dep)
        while i >= 0:
            for t in NEIGH_T[i]:
                sh[t] = 1
            i = b.find(dep, i + 1)
    far = (
        NOWHERE_T if b.count(MARK) else ENEMY_TERRITORY_T[0],
        NOWHERE_T if b.count(256 - MARK) else ENEMY_TERRITORY_T[1],
    )
    return Snap(b, bytes(sh), pieces, far, (b.count(CANNON), b.count(256 - CANNON)))


def snap(pos: Position) -> Snap:
    """A :class:`Snap` of a :class:`~jayden_jazz.jayden.Position`."""
    return snap_board(pos.board)


def master_square(s: Snap, side: int) -> int:
    """The side's only Master, or -1 when it has none or several.

    With several Masters (only a hand-made position) removing one does not
    end the game, so no capture counts as a win there.
    """
    c = code(MASTER, side)
    m = s.b.find(c)
    if m < 0 or s.b.find(c, m + 1) >= 0:
        return -1
    return m


def _scouts(s: Snap, side: int) -> list[int]:
    b = s.b
    c = code(SCOUT, side)
    out = []
    i = b.find(c)
    while i >= 0:
        out.append(i)
        i = b.find(c, i + 1)
    return out


def _can_fire_at(s: Snap, side: int, target: int, free: int, acted: int, skip: int = -1) -> bool:
    if free <= 0:
        return False
    far = s.far[side]
    for q in _scouts(s, side):
        if q != acted and q != skip and not far[q] and CHEB[q][target] <= free:
            return True
    return False


def _slider_hits(kind: int, d: int, dist: int) -> bool:
    """A slider of ``kind`` dist squares away along direction d reaches the square."""
    if kind == DRAGON:
        return True
    if kind == INTERCEPTOR:
        return not d & 1
    return kind == RAIDER and bool(d & 1) and dist <= 4


def wins_in_one(s: Snap, side: int, free: int, acted: int) -> bool:
    """``side`` can remove or condition the enemy Master with one action.

    ``acted`` is the square of the piece that already acted this turn (-1 at
    a turn's start, the only time the Master may act).
    """
    m = master_square(s, 1 - side)
    if m < 0:
        return False
    b = s.b
    sh = s.sh
    far = s.far[side]
    if acted < 0:
        mine = b.find(code(MASTER, side))
        if mine >= 0 and CHEB[mine][m] == 1:
            return True
    if _can_fire_at(s, side, m, free, acted):
        return True
    if sh[m]:
        return False  # nothing enters a shielded square; only fire reaches it
    side_of = SIDE_OF
    kind_of = KIND_OF
    for d in range(8):
        dist = 0
        for t in RAYS8[m][d]:
            dist += 1
            v = b[t]
            if not v:
                if sh[t]:
                    break
                continue
            # The attacker's own square may be shielded; the squares it
            # passes and the Master's may not.
            if side_of[v] == side and t != acted:
                k = kind_of[v]
                if k in SLIDERS:
                    if _slider_hits(k, d, dist) and (k == RAIDER or not (far[t] or far[m])):
                        return True
                elif k == HERO and dist == 1 and not d & 1 and not far[t]:
                    land = STEP8[m][d ^ 4]
                    if land >= 0 and not b[land] and not sh[land] and not far[land]:
                        return True
            break
    return False


def _landings(s: Snap, sq: int, side: int) -> list[int]:
    """Squares the piece on sq can end a move or attack on (not fire/condition).

    Used to ask "can this blocker get out of the way?"; the Master is left out
    because its action would end the turn.
    """
    b = s.b
    sh = s.sh
    far = s.far[side]
    k = KIND_OF[b[sq]]
    side_of = SIDE_OF
    out: list[int] = []
    if k not in EXEMPT and k != MARK and far[sq]:
        return out
    if k in SLIDERS:
        fb = NOWHERE_T if k == RAIDER else far
        for d in range(8):
            if not _slider_hits(k, d, 1):
                continue
            dist = 0
            for t in RAYS8[sq][d]:
                dist += 1
                if k == RAIDER and dist > 4:
                    break
                if sh[t]:
                    break
                v = b[t]
                if v and (side_of[v] == side or KIND_OF[v] == DEPLOYED):
                    break
                if not fb[t]:
                    out.append(t)
                if v:
                    break
    elif k == HERO:
        for d in ORTHO:
            r = RAYS8[sq][d]
            if not r:
                continue
            a1 = r[0]
            a2 = r[1] if len(r) > 1 else -1
            v = b[a1]
            if not v:
                if sh[a1]:
                    continue
                if not far[a1]:
                    out.append(a1)
                if a2 >= 0 and not b[a2] and not sh[a2] and not far[a2]:
                    out.append(a2)
            elif (a2 >= 0 and side_of[v] == 1 - side and KIND_OF[v] not in (MARK, DEPLOYED)
                  and not b[a2] and not sh[a2] and not sh[a1] and not far[a2]):
                out.append(a2)
    elif k == SCOUT:
        for d in range(8):
            for t in RAYS8[sq][d][:3]:
                if not b[t] and not sh[t] and not far[t]:
                    out.append(t)
    elif k == CANNON:
        for d in ORTHO:
            t = STEP8[sq][d]
            if t >= 0 and not b[t] and not sh[t] and not far[t]:
                out.append(t)
    elif k == MARK:
        for t in NEIGH_T[sq]:
            if not b[t] and not sh[t]:
                out.append(t)
    elif k == SENTINEL:
        for t in range(SQUARES):
            if t != sq and not b[t] and all(not b[n] or n == sq for n in NEIGH_T[t]):
                out.append(t)
    return out


def _clears(s: Snap, sq: int, side: int, avoid: set[int]) -> bool:
    """Side's own piece on sq has an action that leaves every square of
    ``avoid`` empty and unshielded (a deployment shields its neighbours)."""
    b = s.b
    deploy = KIND_OF[b[sq]] == SENTINEL
    hero = KIND_OF[b[sq]] == HERO
    enemy_master = code(MASTER, 1 - side)
    for t in _landings(s, sq, side):
        if t in avoid or b[t] == enemy_master:
            continue            # taking the Master ends the game: no second action follows
        if hero and CHEB[sq][t] == 2 and b[(sq + t) // 2]:
            mid = (sq + t) // 2
            if mid in avoid or b[mid] == enemy_master:
                continue        # a jump-attack over ``avoid`` takes what it was to leave
        if deploy and any(n in avoid for n in NEIGH_T[t]):
            continue
        return True
    return False


def _removes(s: Snap, target: int, side: int, free: int, avoid: set[int], skip: int) -> bool:
    """Side can take the enemy piece on ``target`` with one action that leaves
    no piece of its own in ``avoid`` (fire, or a Hero jumping across)."""
    b = s.b
    v = b[target]
    if KIND_OF[v] == DEPLOYED:
        return False
    if _can_fire_at(s, side, target, free, -1, skip):
        return True
    if KIND_OF[v] == MARK or s.sh[target]:
        return False
    far = s.far[side]
    hero = code(HERO, side)
    for d in ORTHO:
        h = STEP8[target][d]
        if h < 0 or h == skip or b[h] != hero or far[h]:
            continue
        land = STEP8[target][d ^ 4]
        if land >= 0 and land not in avoid and not b[land] and not s.sh[land] and not far[land]:
            return True
    return False


def wins_in_two(s: Snap, side: int) -> bool:
    """At the start of ``side``'s turn: a first action that lets a second,
    different piece remove the enemy Master (opening a slider's line, or
    clearing the square a Hero must land on). Call after :func:`wins_in_one`
    said no; fire is never helped by a first action (it only spends Cannons).
    """
    m = master_square(s, 1 - side)
    if m < 0:
        return False
    b = s.b
    sh = s.sh
    if sh[m]:
        return False
    far = s.far[side]
    free = s.cannons[side]
    side_of = SIDE_OF
    kind_of = KIND_OF
    master = code(MASTER, side)
    for d in range(8):
        ray = RAYS8[m][d]
        first = -1
        dist = 0
        for t in ray:
            dist += 1
            v = b[t]
            if not v:
                if sh[t]:
                    break
                continue
            if first < 0:
                if sh[t]:
                    break  # emptied, it would still be shielded
                first = t
                continue
            # t is the second piece along the line: a slider of ours behind one blocker?
            if side_of[v] == side:
                k = kind_of[v]
                if k in SLIDERS and _slider_hits(k, d, dist) and (
                        k == RAIDER or not (far[t] or far[m])):
                    avoid = set(ray[:dist - 1])
                    w = b[first]
                    if side_of[w] == side:
                        if w != master and _clears(s, first, side, avoid | {m}):
                            return True
                    elif _removes(s, first, side, free, avoid, t):
                        return True
            break
    hero = code(HERO, side)
    for d in ORTHO:
        h = STEP8[m][d]
        land = STEP8[m][d ^ 4]
        if h < 0 or land < 0 or b[h] != hero or far[h] or sh[land] or far[land]:
            continue
        w = b[land]
        if not w:
            continue  # wins_in_one's business
        if side_of[w] == side:
            if w != master and _clears(s, land, side, {land, m}):
                return True
        elif _removes(s, land, side, free, {land}, h):
            return True
    return False


def wins_turn(s: Snap, side: int, free: int, acted: int) -> bool:
    """Side to act can end the game in its favour before its turn is over."""
    if wins_in_one(s, side, free, acted):
        return True
    return acted < 0 and wins_in_two(s, side)


def attackers(s: Snap, sq: int, side: int, free: int, target: int = HERO) -> int:
    """Cheapest attacker of ``side`` that could take an enemy piece of kind
    ``target`` standing on sq in one action, as a kind code (0: none).

    Conditioning counts (kind MASTER); a Hero's jump needs an empty landing.
    What stands on sq now does not matter, so this also answers "would a
    piece that lands there be retaken?".
    """
    b = s.b
    sh = s.sh
    far = s.far[side]
    best = 0
    best_rank = 99
    if _can_fire_at(s, side, sq, free, -1):
        best, best_rank = SCOUT, RANK[SCOUT]
    mine = b.find(code(MASTER, side))
    if mine >= 0 and CHEB[mine][sq] == 1 and RANK[MASTER] < best_rank:
        best, best_rank = MASTER, RANK[MASTER]
    if sh[sq]:
        return best
    side_of = SIDE_OF
    kind_of = KIND_OF
    hero_ok = target != MARK
    for d in range(8):
        dist = 0
        for t in RAYS8[sq][d]:
            dist += 1
            w = b[t]
            if not w:
                if sh[t]:
                    break
                continue
            if side_of[w] == side:
                k = kind_of[w]
                if RANK[k] < best_rank:
                    if k in SLIDERS:
                        if _slider_hits(k, d, dist) and (k == RAIDER or not (far[t] or far[sq])):
                            best, best_rank = k, RANK[k]
                    elif k == HERO and hero_ok and dist == 1 and not d & 1 and not far[t]:
                        land = STEP8[sq][d ^ 4]
                        if land >= 0 and not b[land] and not sh[land] and not far[land]:
                            best, best_rank = k, RANK[k]
            break
    return best


#: Order in which a defender prefers to recapture (cheapest first).
RANK = {HERO: 1, RAIDER: 2, INTERCEPTOR: 3, SCOUT: 4, DRAGON: 5, MASTER: 6,
        CANNON: 9, MARK: 9, SENTINEL: 9, DEPLOYED: 9}


class Capture(NamedTuple):
    src: int
    dst: int
    land: int  # where the acting piece stands afterwards
    how: int  # 0 attack, 1 fire, 2 condition, 3 attack once another piece moves away
    attacker: int  # kind
    victim: int  # kind
    via: int = -1  # for how 3: the own piece that must move away first


def captures(s: Snap, side: int, free: int, acted: int) -> list[Capture]:
    """Every single action of ``side`` that removes or conditions an enemy piece."""
    b = s.b
    sh = s.sh
    far = s.far[side]
    side_of = SIDE_OF
    kind_of = KIND_OF
    out: list[Capture] = []
    app = out.append
    enemy = s.pieces[1 - side]
    C = Capture
    for sq in s.pieces[side]:
        if sq == acted:
            continue
        k = kind_of[b[sq]]
        if k == HERO:
            if far[sq]:
                continue
            for a1, a2 in HERO_T[sq]:
                v = b[a1]
                if (v and a2 >= 0 and side_of[v] != side and not b[a2] and not sh[a1] and not sh[a2]
                        and not far[a2] and kind_of[v] != MARK and kind_of[v] != DEPLOYED):
                    app(C(sq, a1, a2, 0, HERO, kind_of[v]))
        elif k == RAIDER or k == DRAGON or k == INTERCEPTOR:
            fb = NOWHERE_T if k == RAIDER else far
            if fb[sq]:
                continue
            for ray in SLIDER_RAYS[k][sq]:
                for t in ray:
                    if sh[t]:
                        break
                    v = b[t]
                    if v:
                        if side_of[v] != side and kind_of[v] != DEPLOYED and not fb[t]:
                            app(C(sq, t, t, 0, k, kind_of[v]))
                        break
        elif k == SCOUT:
            if free <= 0 or far[sq]:
                continue
            row = CHEB[sq]
            for t in enemy:
                if row[t] <= free and kind_of[b[t]] != DEPLOYED:
                    app(C(sq, t, sq, 1, SCOUT, kind_of[b[t]]))
        elif k == MASTER:
            if acted >= 0:
                continue
            for t in NEIGH_T[sq]:
                v = b[t]
                if v and side_of[v] != side and kind_of[v] != DEPLOYED:
                    app(C(sq, t, sq, 2, MASTER, kind_of[v]))
    return out


def discovered(s: Snap, side: int) -> list[Capture]:
    """Captures that need the turn's other action to open the way (``how`` 3):
    a slider whose line to an enemy piece is blocked by one piece of its own
    side that can step off it, or a Hero whose landing square holds one.
    Only for the start of a turn, when two actions remain."""
    b = s.b
    sh = s.sh
    far = s.far[side]
    side_of = SIDE_OF
    kind_of = KIND_OF
    master = code(MASTER, side)
    out: list[Capture] = []
    for sq in s.pieces[side]:
        k = kind_of[b[sq]]
        if k == HERO:
            if far[sq]:
                continue
            for a1, a2 in HERO_T[sq]:
                v = b[a1]
                w = b[a2] if a2 >= 0 else 0
                if (v and w and side_of[v] != side and side_of[w] == side and w != master
                        and kind_of[v] != MARK and kind_of[v] != DEPLOYED
                        and not sh[a1] and not sh[a2] and not far[a2] and _clears(s, a2, side, {a2})):
                    out.append(Capture(sq, a1, a2, 3, HERO, kind_of[v], a2))
        elif k == RAIDER or k == DRAGON or k == INTERCEPTOR:
            fb = NOWHERE_T if k == RAIDER else far
            if fb[sq]:
                continue
            for ray in SLIDER_RAYS[k][sq]:
                blocker = -1
                for i, t in enumerate(ray):
                    if sh[t]:
                        break
                    v = b[t]
                    if not v:
                        continue
                    if blocker < 0:
                        if side_of[v] != side or v == master:
                            break
                        blocker = t
                        continue
                    if (side_of[v] != side and kind_of[v] != DEPLOYED and not fb[t]
                            and _clears(s, blocker, side, set(ray[:i + 1]))):
                        out.append(Capture(sq, t, t, 3, k, kind_of[v], blocker))
                    break
    return out


def _shooters(s: Snap, side: int, m: int, reach: int, moved_from: int = -1, moved_to: int = -1) -> list[int]:
    """Side's Scouts (one of them maybe moved) that could fire on square m."""
    far = s.far[side]
    out = []
    for q in _scouts(s, side):
        if q == moved_from:
            q = moved_to
        if not far[q] and CHEB[q][m] <= reach:
            out.append(q)
    return out


def fire_stopped(s: Snap, side: int, shooters: list[int], moved_from: int = -1, moved_to: int = -1,
                 master_moves: bool = True) -> bool:
    """Can the enemy of ``side``, in one turn, stop ``shooters`` (side's Scouts
    within firing range of its Master) from firing at the start of side's
    next turn? By stepping the Master out of range (only at the start of a
    turn: ``master_moves``), taking the shooter, or taking a Cannon so the
    range falls short.

    Judged on the board before any Scout jump named by moved_from/moved_to;
    two-action defences (a first action opening a line onto the Scout) are
    not seen, so this errs towards "cannot stop it".
    """
    y = 1 - side
    m = master_square(s, y)
    if m < 0:
        return True
    b = s.b
    sh = s.sh
    reach = s.cannons[side]
    theirs = master_square(s, side)
    every = [moved_to if q == moved_from else q for q in _scouts(s, side) if not s.far[side][q]]
    for t in (NEIGH_T[m] if master_moves else ()):
        if (b[t] and t != moved_from) or t == moved_to or sh[t]:
            continue
        if theirs >= 0 and CHEB[t][theirs] <= 1:
            continue  # next to the enemy Master it would be conditioned
        if all(CHEB[t][q] > reach for q in every):
            return True
    cy = s.cannons[y]
    if len(shooters) == 1 and attackers(s, shooters[0], y, cy, SCOUT):
        return True
    if len(shooters) == 2 and all(attackers(s, q, y, cy, SCOUT) for q in shooters):
        return True
    if reach >= 1 and all(CHEB[q][m] > reach - 1 for q in shooters):
        c = code(CANNON, side)
        i = b.find(c)
        while i >= 0:
            if attackers(s, i, y, cy, CANNON):
                return True
            i = b.find(c, i + 1)
    return False


def fire_threat(s: Snap, side: int) -> list[int]:
    """Side's Scouts already within range of the enemy Master (a shot next turn)."""
    m = master_square(s, 1 - side)
    if m < 0 or not s.cannons[side]:
        return []
    return _shooters(s, side, m, s.cannons[side])


def scout_win(s: Snap, side: int, acted: int) -> tuple[int, int] | None:
    """Side to act can jump a Scout (other than the one that acted) into range
    of the enemy Master where the enemy cannot stop next turn's shot: the
    jump as (from, to), or None."""
    reach = s.cannons[side]
    if not reach:
        return None
    m = master_square(s, 1 - side)
    if m < 0:
        return None
    b = s.b
    sh = s.sh
    far = s.far[side]
    for q in _scouts(s, side):
        if q == acted or far[q] or CHEB[q][m] > reach + 3:
            continue
        for d in range(8):
            for t in RAYS8[q][d][:3]:
                if b[t] or sh[t] or far[t] or CHEB[t][m] > reach:
                    continue
                shooters = _shooters(s, side, m, reach, q, t)
                if not fire_stopped(s, side, shooters, q, t):
                    return q, t
    return None
