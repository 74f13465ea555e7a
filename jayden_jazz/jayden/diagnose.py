"""Why an action is illegal, in words a player understands.

Not a hot path: this runs only after a legality test has failed, so it
re-derives the geometry plainly instead of using the generator's tables.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from jayden_jazz.jayden.actions import ATTACK, CONDITION, FIRE, MOVE, Action
from jayden_jazz.jayden.movegen import pseudo_actions
from jayden_jazz.jayden.pieces import (
    CANNON,
    DEPLOYED,
    DRAGON,
    HALF_LINE_EXEMPT,
    HERO,
    INTERCEPTOR,
    KIND_NAMES,
    KIND_OF,
    MARK,
    MASTER,
    RAIDER,
    SCOUT,
    SENTINEL,
    SIDE_NAMES,
    SIDE_OF,
)
from jayden_jazz.jayden.squares import FILES, square_name
from jayden_jazz.jayden.tables import CHEBYSHEV_T, ENEMY_TERRITORY_T, NEIGH_T

if TYPE_CHECKING:
    from jayden_jazz.jayden.position import Position

_REASON_TEXT = {
    "master_taken": "Master taken",
    "master_conditioned": "Master conditioned",
    "forfeit": "forfeit",
    "quiet_draw": "draw after 200 quiet actions",
    "agreed_draw": "draw by agreement",
    "resigned": "the other side resigned",
}

_NEVER_ATTACKS = {
    CANNON: "a Cannon never attacks (its power is used through a Scout's fire)",
    MARK: "a Mark never attacks",
    SCOUT: "a Scout never attacks by moving; it fires (written with *)",
    SENTINEL: "a Sentinel never attacks; its only action is deployment",
    MASTER: "the Master does not attack; it conditions (written with =)",
}


def _steps(src: int, dst: int) -> tuple[int, int, int, int] | None:
    """(file step, rank step, distance, 1 if orthogonal) when dst lies on one
    of the 8 lines from src, else None."""
    df = dst % FILES - src % FILES
    dr = dst // FILES - src // FILES
    if df == 0 and dr == 0:
        return None
    if df != 0 and dr != 0 and abs(df) != abs(dr):
        return None
    n = max(abs(df), abs(dr))
    return (df // n if df else 0), (dr // n if dr else 0), n, int(df == 0 or dr == 0)


def _path(src: int, dst: int) -> list[int]:
    """Squares strictly between src and dst on their line."""
    step = _steps(src, dst)
    assert step is not None
    df, dr, n, _ = step
    return [src + i * (dr * FILES + df) for i in range(1, n)]


def _a(name: str) -> str:
    if name == "Master":
        return "the Master"
    return ("an " if name[0] in "AEIOU" else "a ") + name


def why_illegal(pos: Position, action: Action) -> str:
    src, dst, kind = action
    b = pos._b
    s = pos._side
    me = SIDE_NAMES[s]
    result = pos.result
    if result is not None:
        if result.winner is None:
            return f"the game is over ({_REASON_TEXT[result.reason]})"
        who = SIDE_NAMES["gr".index(result.winner)]
        return f"the game is over ({who} won: {_REASON_TEXT[result.reason]})"
    v = b[src]
    if not v:
        return f"there is no piece on {square_name(src)}"
    if SIDE_OF[v] != s:
        return f"the piece on {square_name(src)} is {SIDE_NAMES[1 - s]}'s; {me} is to act"
    k = KIND_OF[v]
    name = KIND_NAMES[k]
    if action in pseudo_actions(pos):
        return (
            f"after it {me} could not complete the turn: no other piece "
            "(the Master excluded) would have a legal second action"
        )
    if src == pos._acted:
        return (
            f"the {name} on {square_name(src)} has already acted this turn; "
            "the second action must be by a different piece"
        )
    if k == DEPLOYED:
        return "a deployed Sentinel never acts again"
    if k == MASTER and pos._acted >= 0:
        return "the Master cannot act after another piece has acted"
    if src == dst:
        return f"the {name} must change square" if kind == MOVE else "a piece cannot target itself"
    bound = pos._counts[s][MARK] == 0 and k not in HALF_LINE_EXEMPT
    far = ENEMY_TERRITORY_T[s]
    if bound and far[src]:
        return (
            f"{me} has no Mark, so its {name} on {square_name(src)}, beyond the Half Line, "
            "cannot act"
        )
    if kind == FIRE and k != SCOUT:
        return "only a Scout fires"
    if kind == CONDITION and k != MASTER:
        return "only the Master conditions"
    if kind == ATTACK and k in _NEVER_ATTACKS:
        return _NEVER_ATTACKS[k]
    t = b[dst]
    there = square_name(dst)
    if kind == MOVE:
        if t and SIDE_OF[t] == s:
            return f"{there} holds a piece of {me}'s own"
        if t:
            other = Action(src, dst, {SCOUT: FIRE, MASTER: CONDITION}.get(k, ATTACK))
            if other in pos._legal():
                return f"{there} holds an enemy piece; write {other} to act on it"
            return f"{there} holds an enemy piece; a move needs an empty square"
    else:
        if not t:
            return f"there is no piece on {there} to act on"
        if SIDE_OF[t] == s:
            return "a piece cannot attack, fire on or condition its own side"
        if KIND_OF[t] == DEPLOYED:
            return "a deployed Sentinel cannot be attacked, fired on or conditioned"
    if kind == MOVE and pos._sh[dst] and k != SENTINEL:
        return f"{there} is shielded by a deployed Sentinel"
    return _geometry(pos, action, k, name, bound, far)


def _geometry(pos: Position, action: Action, k: int, name: str, bound: bool,
              far: Sequence[bool]) -> str:
    src, dst, kind = action
    b = pos._b
    sh = pos._sh
    me = SIDE_NAMES[pos._side]
    there = square_name(dst)
    line = _steps(src, dst)
    half_line = (
        f"{me} has no Mark, so its {name} may not end an action beyond the Half Line"
    )
    if k in (CANNON, MARK, MASTER):
        if CHEBYSHEV_T[src][dst] != 1 or (k == CANNON and (line is None or not line[3])):
            where = "up, down, left or right" if k == CANNON else "in any direction"
            verb = "acts on" if kind == CONDITION else "moves"
            return f"{_a(name)} {verb} one square {where}"
        if bound and far[dst]:
            return half_line
        return f"{there} is not open to the {name}"
    if k == SENTINEL:
        blockers = [square_name(t) for t in NEIGH_T[dst] if b[t] and t != src]
        if blockers:
            return (
                f"a Sentinel deploys only where no piece stands next to the square; "
                f"{', '.join(blockers)} {'is' if len(blockers) == 1 else 'are'} next to {there}"
            )
        return f"the Sentinel cannot deploy to {there}"
    if k == SCOUT:
        if kind == FIRE:
            cannons = pos._counts[pos._side][CANNON]
            if cannons == 0:
                return "with no Cannon on the board, Scouts cannot fire"
            free = max(0, cannons - pos._fired)
            d = CHEBYSHEV_T[src][dst]
            return f"{there} is {d} squares away but {me} has only {free} free Cannons"
        if line is None or line[2] > 3:
            return "a Scout jumps exactly 1, 2 or 3 squares along a line"
        if sh[dst]:
            return f"{there} is shielded by a deployed Sentinel"
        if bound and far[dst]:
            return half_line
        return f"the Scout cannot jump to {there}"
    if k == HERO:
        if line is None or not line[3]:
            return "a Hero moves up, down, left or right"
        if kind == ATTACK:
            if line[2] != 1:
                return "a Hero attacks only an orthogonally adjacent enemy, by jumping over it"
            if KIND_OF[b[dst]] == MARK:
                return "Heroes cannot attack Marks"
            land = 2 * dst - src
            jump = _steps(src, land)
            if jump is None or jump[2] != 2 or not 0 <= land < len(b):
                return "the Hero would land off the board"
            if b[land]:
                return f"the Hero's landing square {square_name(land)} is not empty"
            if sh[land] or sh[dst]:
                return "the Hero's jump would pass or land on a shielded square"
            if bound and far[land]:
                return half_line
            return f"the Hero cannot jump {there}"
        if line[2] > 2:
            return "a Hero moves 1 or 2 squares"
        mid = _path(src, dst)
        if mid and b[mid[0]]:
            return f"the Hero's path is blocked at {square_name(mid[0])}"
        if mid and sh[mid[0]]:
            return f"the Hero's path crosses the shielded square {square_name(mid[0])}"
        if bound and far[dst]:
            return half_line
        return f"the Hero cannot move to {there}"
    # sliders
    orth_only = k == INTERCEPTOR
    diag_only = k == RAIDER
    if line is None or (orth_only and not line[3]) or (diag_only and line[3]):
        shape = {DRAGON: "along one of the 8 lines", INTERCEPTOR: "up, down, left or right",
                 RAIDER: "diagonally"}[k]
        return f"{_a(name)} slides {shape}"
    if diag_only and line[2] > 4:
        return "a Raider slides at most 4 squares"
    for t in _path(src, dst):
        if sh[t]:
            return f"the {name}'s path crosses the shielded square {square_name(t)}"
        if b[t]:
            return f"the {name}'s path is blocked at {square_name(t)}"
    if sh[dst]:
        return f"{there} is shielded by a deployed Sentinel"
    if bound and far[dst]:
        return half_line
    return f"the {name} cannot reach {there}"


def intended_action(pos: Position, src: int, dst: int) -> Action:
    """The action a player means by choosing ``dst`` for the piece on ``src``.

    A board player points at squares, not at notation; this reads the pointing
    the way the notation would be written (an enemy is attacked, fired on by a
    Scout, conditioned by the Master; anything else is a move), so the scene can
    ask :func:`why_illegal` about it without knowing any rule.
    """
    b = pos._b
    v, t = b[src], b[dst]
    if v and t and SIDE_OF[t] != SIDE_OF[v]:
        k = KIND_OF[v]
        return Action(src, dst, FIRE if k == SCOUT else CONDITION if k == MASTER else ATTACK)
    return Action(src, dst, MOVE)


def _blocked(pos: Position, sq: int, k: int, bound: bool) -> str:
    """Why a piece that the general rules let act has no action at all."""
    name = KIND_NAMES[k]
    limit = ""
    if bound:
        limit = f" ({SIDE_NAMES[pos._side]} has no Mark, so it may not end beyond the Half Line)"
    if k == CANNON:
        return ("a Cannon steps one square up, down, left or right, and every such square "
                "is taken or shielded" + limit)
    if k == MARK:
        return "a Mark steps one square, and every square around it is taken or shielded"
    if k == MASTER:
        return ("every square around the Master is taken by its own side or shielded, "
                "and no enemy stands next to it to condition")
    if k == SENTINEL:
        return "there is no empty square without a piece next to it where the Sentinel could deploy"
    if k == HERO:
        return ("every square 1 or 2 steps up, down, left or right is taken or shielded, and no "
                "enemy next to it can be jumped (the square beyond must be empty and unshielded, "
                "and Heroes never jump Marks)" + limit)
    if k == SCOUT:
        cannons = pos._counts[pos._side][CANNON]
        free = max(0, cannons - pos._fired)
        if cannons == 0:
            fire = "with no Cannon on the board it cannot fire"
        elif free == 0:
            fire = "no Free Cannons are left this turn, so it cannot fire"
        else:
            fire = f"no enemy is within {free} square{'s' if free != 1 else ''} (its Free Cannons) to fire on"
        return f"no empty, unshielded square lies 1 to 3 squares away along a line, and {fire}" + limit
    return f"every line out of the {name} is blocked at once by its own side or by shields" + limit


def why_no_action(pos: Position, sq: int) -> str | None:
    """None if the piece on ``sq`` has a legal action now, else why it has none."""
    b = pos._b
    s = pos._side
    me = SIDE_NAMES[s]
    if pos.result is not None:
        return why_illegal(pos, Action(sq, sq, MOVE))
    v = b[sq]
    if not v:
        return f"there is no piece on {square_name(sq)}"
    if SIDE_OF[v] != s:
        return f"the piece on {square_name(sq)} is {SIDE_NAMES[1 - s]}'s; {me} is to act"
    if any(a[0] == sq for a in pos._legal()):
        return None
    k = KIND_OF[v]
    name = KIND_NAMES[k]
    if sq == pos._acted:
        return f"this {name} has already acted this turn; the second action must be by another piece"
    if k == DEPLOYED:
        return "a deployed Sentinel never acts again"
    if k == MASTER and pos._acted >= 0:
        return "the Master may only make a turn's first action"
    bound = pos._counts[s][MARK] == 0 and k not in HALF_LINE_EXEMPT
    if bound and ENEMY_TERRITORY_T[s][sq]:
        return f"{me} has no Mark, so its {name} beyond the Half Line cannot act"
    if pseudo_actions(pos, sq):
        return (f"after any action of this {name}, {me} could not complete the turn: no other "
                "piece (the Master excluded) would have a second action")
    return _blocked(pos, sq, k, bound)
