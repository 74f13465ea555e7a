"""Legal action generation.

Two stages, as the rules define legality:

* :func:`pseudo_actions` -- what each piece may do now under the movement,
  shield, Half Line, Cannon and Master rules.  In the middle of a turn this is
  already the legal set (the second action needs nothing more).
* :func:`legal_actions` -- at the start of a turn, a first action is kept only
  if the turn can still be completed (the completion ruling).  Proving that
  with make/unmake for every candidate would dominate the cost, so most
  candidates are settled by a *witness*: another piece's one-square step (or
  Scout jump) to an empty square.  A first action by a different piece can
  spoil such a step only by landing on its square or, for a Sentinel
  deployment, by shielding it -- own pieces are never removed, and the own
  Mark count (the Half Line) cannot change in a non-Master first action.
  Usually three witnesses of three pieces, far apart, settle every candidate
  at once; otherwise each candidate looks for its own witness, and only
  candidates no witness covers are made and unmade.  The tests check all of
  this against a reference generator that always makes and unmakes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from jayden_jazz.jayden.actions import ATTACK, CONDITION, FIRE, MOVE, Action
from jayden_jazz.jayden.pieces import (
    CANNON,
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
    TARGET,
)
from jayden_jazz.jayden.squares import SQUARES
from jayden_jazz.jayden.tables import (
    CHEBYSHEV_T,
    ENEMY_TERRITORY_T,
    HERO_T,
    MAX_RAY,
    NEIGH_T,
    NEIGHBOURHOOD,
    NOWHERE_T,
    ORTH_NEIGH_T,
    QUEEN_RAYS_T,
    RAIDER_RAYS_T,
    RINGS_T,
    ROOK_RAYS_T,
    SCOUT_JUMPS_T,
)

if TYPE_CHECKING:
    from jayden_jazz.jayden.position import Position

_SLIDER_RAYS = {DRAGON: QUEEN_RAYS_T, INTERCEPTOR: ROOK_RAYS_T, RAIDER: RAIDER_RAYS_T}
_NO_WITNESS = frozenset((MASTER, SENTINEL))


def deploy_targets(occupied: np.ndarray, src: int) -> list[int]:
    """Squares a Sentinel on ``src`` may deploy to.

    ``occupied`` is a bool array of SQUARES + 1 cells (the last one is the
    off-board pad, always False). The Sentinel's own square counts as empty.
    A shielded square always neighbours a deployed Sentinel, so it is never
    a target; no separate shield test is needed.
    """
    was = occupied[src]
    occupied[src] = False
    blocked = np.asarray(occupied[NEIGHBOURHOOD].any(axis=1))
    occupied[src] = was
    blocked[src] = True
    free: list[int] = np.flatnonzero(~blocked).tolist()
    return free


# Interned actions.  Creating a tuple per generated action was half the cost
# of generation, so actions along the lines from a square are built once, on
# first use, and reused.  Every move or attack lies on one of the 8 lines, so
# these rows cover them (about 60 actions per square); deployments, which go
# anywhere, get a full row per Sentinel square; fire and conditioning are
# rare enough to create on the spot.
_LINE_TARGETS = tuple(
    tuple(t for ray in QUEEN_RAYS_T[sq] for t in ray) for sq in range(SQUARES)
)
_MOVE_ROWS: list[dict[int, Action] | None] = [None] * SQUARES
_ATTACK_ROWS: list[dict[int, Action] | None] = [None] * SQUARES
_DEPLOY_ROWS: list[list[Action] | None] = [None] * SQUARES


def _line_row(rows: list[dict[int, Action] | None], sq: int, kind: str) -> dict[int, Action]:
    row = {t: tuple.__new__(Action, (sq, t, kind)) for t in _LINE_TARGETS[sq]}
    rows[sq] = row
    return row


def _deploy_row(sq: int) -> list[Action]:
    row = [tuple.__new__(Action, (sq, t, MOVE)) for t in range(SQUARES)]
    _DEPLOY_ROWS[sq] = row
    return row


def pseudo_actions(pos: Position, only: int = -1) -> list[Action]:
    """Every action the side to act may make, before the completion ruling.

    ``only`` restricts generation to the piece on that square.
    """
    b = pos._b
    sh = pos._sh
    s = pos._side
    acted = pos._acted
    counts = pos._counts[s]
    target = TARGET[s]
    kind_of = KIND_OF
    # Half Line: with no Mark, non-exempt pieces may not end in (or act from)
    # enemy territory.  ``far`` is that ban as a per-square tuple.
    far = ENEMY_TERRITORY_T[s] if counts[MARK] == 0 else NOWHERE_T
    out: list[Action] = []
    app = out.append
    move_rows = _MOVE_ROWS
    attack_rows = _ATTACK_ROWS
    if only >= 0:
        squares = [only] if SIDE_OF[b[only]] == s else []
    else:
        view = pos._np
        squares = np.flatnonzero(view > 0 if s == 0 else view < 0).tolist()
    sentinels = []
    for sq in squares:
        if sq == acted:
            continue
        k = kind_of[b[sq]]
        mv = move_rows[sq] or _line_row(move_rows, sq, MOVE)
        if k == HERO:
            if far[sq]:
                continue
            for a1, a2 in HERO_T[sq]:
                v = b[a1]
                if v == 0:
                    if sh[a1]:
                        continue
                    if not far[a1]:
                        app(mv[a1])
                    if a2 >= 0 and b[a2] == 0 and not sh[a2] and not far[a2]:
                        app(mv[a2])
                elif (
                    a2 >= 0
                    and target[v]
                    and kind_of[v] != MARK
                    and b[a2] == 0
                    and not sh[a2]
                    and not sh[a1]
                    and not far[a2]
                ):
                    app((attack_rows[sq] or _line_row(attack_rows, sq, ATTACK))[a1])
        elif k == RAIDER or k == DRAGON or k == INTERCEPTOR:
            fb = NOWHERE_T if k == RAIDER else far
            if fb[sq]:
                continue
            for ray in _SLIDER_RAYS[k][sq]:
                for t in ray:
                    if sh[t]:
                        break
                    v = b[t]
                    if v == 0:
                        if not fb[t]:
                            app(mv[t])
                    else:
                        if target[v] and not fb[t]:
                            app((attack_rows[sq] or _line_row(attack_rows, sq, ATTACK))[t])
                        break
        elif k == SCOUT:
            if far[sq]:
                continue
            for t in SCOUT_JUMPS_T[sq]:
                if b[t] == 0 and not sh[t] and not far[t]:
                    app(mv[t])
            free = counts[CANNON] - pos._fired
            if free > 0:
                rings = RINGS_T[sq]
                for d in range(1, min(free, MAX_RAY) + 1):
                    for t in rings[d]:
                        if target[b[t]]:
                            app(tuple.__new__(Action, (sq, t, FIRE)))
        elif k == CANNON:
            if far[sq]:
                continue
            for t in ORTH_NEIGH_T[sq]:
                if b[t] == 0 and not sh[t] and not far[t]:
                    app(mv[t])
        elif k == MARK:
            # A side holding this Mark is not bound by the Half Line.
            for t in NEIGH_T[sq]:
                if b[t] == 0 and not sh[t]:
                    app(mv[t])
        elif k == MASTER:
            if acted >= 0:
                continue
            for t in NEIGH_T[sq]:
                v = b[t]
                if v == 0:
                    if not sh[t]:
                        app(mv[t])
                elif target[v]:
                    app(tuple.__new__(Action, (sq, t, CONDITION)))
        elif k == SENTINEL:
            sentinels.append(sq)
        # A deployed Sentinel never acts again.
    if sentinels:
        # Deployments go last: they are many, and the completion check scans
        # from the front for ordinary steps.
        occupied = np.zeros(SQUARES + 1, dtype=bool)
        occupied[:SQUARES] = pos._np != 0
        for sq in sentinels:
            row = _DEPLOY_ROWS[sq] or _deploy_row(sq)
            out.extend([row[t] for t in deploy_targets(occupied, sq)])
    return out


def landing(b: bytearray, action: Action) -> int:
    """Where the acting piece stands after ``action`` (a Hero lands beyond)."""
    src, dst, kind = action
    if kind == FIRE or kind == CONDITION:
        return src
    if kind == ATTACK and KIND_OF[b[src]] == HERO:
        return 2 * dst - src
    return dst


def legal_actions(pos: Position) -> list[Action]:
    """The legal actions (no order promised); empty when the game is over."""
    if pos._over is not None:
        return []
    acts = pseudo_actions(pos)
    if pos._acted >= 0:
        return acts
    return completable(pos, acts)


def _spread_witnesses(b: bytearray, acts: list[Action]) -> bool:
    """True if three witnesses by three different pieces land pairwise at
    least 3 squares apart.

    Then for any first action, two of them belong to other pieces, and one
    landing square cannot be next to (or on) both of their squares, so one
    witness survives: every first action can be completed.
    """
    kind_of = KIND_OF
    cheb = CHEBYSHEV_T
    chosen: list[tuple[int, int]] = []
    last = -1
    ok = scout = False
    for src, dst, kind in acts:
        if src != last:  # actions come grouped by piece
            last = src
            k = kind_of[b[src]]
            ok = k not in _NO_WITNESS
            scout = k == SCOUT
        if not ok or kind != MOVE or (not scout and cheb[src][dst] != 1):
            continue
        row = cheb[dst]
        for q, e in chosen:
            if q == src or row[e] < 3:
                break
        else:
            chosen.append((src, dst))
            if len(chosen) == 3:
                return True
    return False


def completable(pos: Position, acts: list[Action]) -> list[Action]:
    """Keep the first actions after which the turn can be completed."""
    b = pos._b
    if _spread_witnesses(b, acts):
        return acts
    kind_of = KIND_OF
    cheb = CHEBYSHEV_T
    enemy_masters = pos._counts[1 - pos._side][MASTER]
    witnesses = []
    for a in acts:
        if a.kind == MOVE:
            k = kind_of[b[a.src]]
            if k not in _NO_WITNESS and (k == SCOUT or cheb[a.src][a.dst] == 1):
                witnesses.append((a.src, a.dst))
    out = []
    for a in acts:
        src, dst, kind = a
        k = kind_of[b[src]]
        if k == MASTER:
            out.append(a)
            continue
        if kind != MOVE:
            if enemy_masters == 1 and kind_of[b[dst]] == MASTER:
                out.append(a)  # removes the last enemy Master: wins at once
                continue
            land = 2 * dst - src if (k == HERO) else (src if kind == FIRE else dst)
            deploy = False
        else:
            land = dst
            deploy = k == SENTINEL
        found = False
        if deploy:
            row = cheb[land]
            for q, e in witnesses:
                if q != src and row[e] > 1:
                    found = True
                    break
        else:
            for q, e in witnesses:
                if q != src and e != land:
                    found = True
                    break
        if not found:
            pos._do(a)
            found = bool(pseudo_actions(pos))
            pos._undo()
        if found:
            out.append(a)
    return out
