"""The game so far as a player reads it: who did what, with which piece.

The engine's history holds bare actions; the board's markers, the move
list and the captured-material count also need the acting piece, what it
removed and where it landed. Those are read from the engine while the
actions are replayed, never worked out here.
"""

from __future__ import annotations

from dataclasses import dataclass

from jayden_jazz.jayden import Action, Position
from jayden_jazz.tables.jayden.names import PIECE_NAME, SIDE_NAME, plural


@dataclass(frozen=True)
class Played:
    """One action with what the board showed around it."""

    turn: int
    side: str
    action: Action
    piece: str                          # letter of the acting piece ('H', 'S', ...)
    target: tuple[str, str] | None      # (letter, side) removed or conditioned, if any
    land: int                           # where the acting piece stands afterwards
    ends_turn: bool

    @property
    def kind(self) -> str:
        if self.piece == "N" and self.action.kind == "move":
            return "deploy"
        return self.action.kind

    def text(self) -> str:
        """``Hero c3xc4 (Raider)``: the notation with the piece names."""
        s = f"{PIECE_NAME[self.piece]} {self.action}"
        if self.target is not None:
            s += f" ({PIECE_NAME[self.target[0]]})"
        return s


def before(pos: Position, act: Action) -> Played:
    """What ``act`` is about to do in ``pos`` (call before pushing it)."""
    piece = pos.piece_at(act.src)
    target = pos.piece_at(act.dst) if act.kind != "move" else None
    assert piece is not None
    return Played(pos.turn, pos.side, act, piece[0], target, pos.landing(act), False)


def after(played: Played, pos: Position) -> Played:
    """The record completed once the action is made in ``pos``."""
    ended = pos.side != played.side or pos.turn != played.turn or pos.result is not None
    return Played(played.turn, played.side, played.action, played.piece, played.target, played.land, ended)


def replay(start: str, actions: list[Action] | list[str], quiet_draw: bool = True) -> list[Played]:
    """Records for a whole action list (Actions or their text) from its start position."""
    pos = Position(start, quiet_draw=quiet_draw)
    out = []
    for a in actions:
        a = Action.from_text(a) if isinstance(a, str) else a
        p = before(pos, a)
        pos.push(a)
        out.append(after(p, pos))
    return out


def groups(records: list[Played]) -> list[list[Played]]:
    """The records split into turns (the last one may be under way)."""
    out: list[list[Played]] = []
    group: list[Played] = []
    for r in records:
        group.append(r)
        if r.ends_turn:
            out.append(group)
            group = []
    if group:
        out.append(group)
    return out


def last_turns(records: list[Played]) -> list[Played]:
    """What the board marks: the last finished turn and the one under way."""
    turns = groups(records)
    if not turns:
        return []
    if turns[-1][-1].ends_turn or len(turns) == 1:
        return turns[-1]
    return turns[-2] + turns[-1]


def turn_lines(records: list[Played], names: dict[str, str] | None = None) -> list[str]:
    """One line per turn for the move list: ``3 Red    Hero c13-c11, Scout s13*q9 (Hero)``;
    ``names`` gives who plays each side (an online game's players) instead of Green and Red."""
    who = names or SIDE_NAME
    width = max(len(who[s]) for s in ("g", "r"))
    return [_line(g, who, width) + ("" if g[-1].ends_turn else " ...") for g in groups(records)]


def _line(group: list[Played], who: dict[str, str], width: int) -> str:
    head = group[0]
    return f"{head.turn:3d} {who[head.side]:{width}s} " + ", ".join(r.text() for r in group)


def taken(records: list[Played], side: str) -> dict[str, int]:
    """Enemy pieces ``side`` has removed or won over, by letter."""
    out: dict[str, int] = {}
    for r in records:
        if r.side == side and r.target is not None:
            out[r.target[0]] = out.get(r.target[0], 0) + 1
    return out


def taken_text(counts: dict[str, int]) -> str:
    if not counts:
        return "nothing"
    return ", ".join(f"{n} {plural(PIECE_NAME[k], n)}" for k, n in sorted(counts.items(),
                                                                        key=lambda kv: (-kv[1], kv[0])))
