"""The Jayden position: board, turn state, make/unmake and result.

State lives in one ``bytearray`` of 280 squares (see :mod:`.pieces` for the
byte codes) that is also exposed, without copying, as a numpy ``int8`` array
(:attr:`Position.board`): the generator reads Python ints from the bytearray
quickly, the AI evaluates the numpy view, and there is nothing to keep in sync.
"""

from __future__ import annotations

from typing import NamedTuple, TypeAlias

import numpy as np

from jayden_jazz.jayden import zobrist
from jayden_jazz.jayden.actions import ATTACK, CONDITION, FIRE, MOVE, Action, check_action
from jayden_jazz.jayden.errors import IllegalActionError
from jayden_jazz.jayden.movegen import landing, legal_actions, pseudo_actions
from jayden_jazz.jayden.notation import (
    QUIET_DRAW_ACTIONS,
    START_JPN,
    format_jpn,
    parse_jpn,
)
from jayden_jazz.jayden.pieces import (
    CANNON,
    DEPLOYED,
    FLIPPED,
    GREEN,
    HERO,
    KIND_LETTERS,
    KIND_OF,
    MARK,
    MASTER,
    RED,
    SENTINEL,
    SIDE_LETTERS,
    SIDE_OF,
    code,
)
from jayden_jazz.jayden.squares import SQUARES, parse_square
from jayden_jazz.jayden.tables import CHEBYSHEV_T, NEIGH_T

MASTER_TAKEN = "master_taken"
MASTER_CONDITIONED = "master_conditioned"
FORFEIT = "forfeit"
QUIET_DRAW = "quiet_draw"
AGREED_DRAW = "agreed_draw"
RESIGNED = "resigned"
TIME_OUT = "time_out"
REASONS = (MASTER_TAKEN, MASTER_CONDITIONED, FORFEIT, QUIET_DRAW, AGREED_DRAW, RESIGNED, TIME_OUT)


class Result(NamedTuple):
    """How a game ended. ``winner`` is 'g', 'r', or None for a draw."""

    winner: str | None
    reason: str


# an undo record: (action, the piece moved, the piece captured (0: none), acted, fired, quiet,
# turn, side, hash, result, cached legal actions) as they were before the action
_Undo: TypeAlias = tuple[Action, int, int, int, int, int, int, int, int, "Result | None", "list[Action] | None"]


def _side_index(side: str | int) -> int:
    if side in ("g", GREEN):
        return GREEN
    if side in ("r", RED):
        return RED
    raise ValueError(f"side must be 'g' or 'r', not {side!r}")


def _square_index(sq: int | str) -> int:
    if isinstance(sq, str):
        return parse_square(sq)
    if not 0 <= sq < SQUARES:
        raise ValueError(f"square index {sq} is off the board")
    return int(sq)


class Position:
    """A Jayden position with its history.

    ``Position()`` is the start position; ``Position(jpn)`` parses JPN
    (raising :class:`JPNError`). ``quiet_draw`` switches the optional
    200-quiet-action draw (on in games, off for perft).
    """

    __slots__ = (
        "_b", "_np", "_sh", "_counts", "_side", "_acted", "_fired", "_quiet",
        "_turn", "_zb", "_over", "_stack", "_cache", "quiet_draw_rule", "_view",
    )

    def __init__(self, jpn: str | None = None, *, quiet_draw: bool = True) -> None:
        self.quiet_draw_rule = bool(quiet_draw)
        parsed = parse_jpn(START_JPN if jpn is None else jpn)
        self._b = parsed.board
        self._side = parsed.side
        self._acted = parsed.acted
        self._fired = parsed.fired
        self._quiet = parsed.quiet
        self._turn = parsed.turn
        self._stack: list[_Undo] = []
        self._cache: list[Action] | None = None
        self._attach()
        self._recount()
        self._over = self._stored_result()

    @classmethod
    def from_jpn(cls, jpn: str, *, quiet_draw: bool = True) -> Position:
        return cls(jpn, quiet_draw=quiet_draw)

    # ----------------------------------------------------------- internals

    def _attach(self) -> None:
        self._np = np.frombuffer(self._b, dtype=np.int8)
        view: np.ndarray = self._np.view()
        view.flags.writeable = False
        self._view = view

    def _recount(self) -> None:
        """Derive counts, shields and the board key from the squares."""
        counts = [[0] * 11, [0] * 11]
        sh = bytearray(SQUARES)
        for sq, v in enumerate(self._b):
            if v:
                k = KIND_OF[v]
                counts[SIDE_OF[v]][k] += 1
                if k == DEPLOYED:
                    for t in NEIGH_T[sq]:
                        sh[t] += 1
        self._counts = counts
        self._sh = sh
        self._zb = zobrist.board_key(self._b)

    def _stored_result(self) -> Result | None:
        """Game end readable from a parsed position (everything but forfeit)."""
        s = self._side
        masters = (self._counts[0][MASTER], self._counts[1][MASTER])
        for winner in (s, 1 - s):
            # The side to act made the last action, so its win is checked first.
            if masters[1 - winner] == 0 and masters[winner] > 0:
                reason = MASTER_CONDITIONED if masters[winner] > 1 else MASTER_TAKEN
                return Result(SIDE_LETTERS[winner], reason)
        if masters[0] == 0 and masters[1] == 0:
            return Result(SIDE_LETTERS[s], MASTER_TAKEN)
        if self.quiet_draw_rule and self._quiet >= QUIET_DRAW_ACTIONS:
            return Result(None, QUIET_DRAW)
        return None

    def _do(self, action: Action) -> None:
        """Make an action with no legality check (the caller vouches)."""
        src, dst, kind = action
        b = self._b
        s = self._side
        e = 1 - s
        counts = self._counts
        zp = zobrist.PIECE
        v = b[src]
        k = KIND_OF[v]
        z = self._zb
        captured = 0 if kind == MOVE else b[dst]
        self._stack.append(
            (action, v, captured, self._acted, self._fired, self._quiet, self._turn, s,
             z, self._over, self._cache)
        )
        self._cache = None
        if kind == MOVE:
            b[src] = 0
            if k == SENTINEL:
                nv = code(DEPLOYED, s)
                b[dst] = nv
                cs = counts[s]
                cs[SENTINEL] -= 1
                cs[DEPLOYED] += 1
                sh = self._sh
                for t in NEIGH_T[dst]:
                    sh[t] += 1
                z ^= zp[v][src] ^ zp[nv][dst]
            else:
                b[dst] = v
                z ^= zp[v][src] ^ zp[v][dst]
            land = dst
        elif kind == ATTACK:
            if k == HERO:
                land = 2 * dst - src
                b[dst] = 0
                b[land] = v
            else:
                land = dst
                b[dst] = v
            b[src] = 0
            z ^= zp[captured][dst] ^ zp[v][land] ^ zp[v][src]
            counts[e][KIND_OF[captured]] -= 1
        elif kind == FIRE:
            b[dst] = 0
            z ^= zp[captured][dst]
            counts[e][KIND_OF[captured]] -= 1
            self._fired += CHEBYSHEV_T[src][dst]
            land = src
        else:  # CONDITION
            nv = FLIPPED[captured]
            b[dst] = nv
            z ^= zp[captured][dst] ^ zp[nv][dst]
            ck = KIND_OF[captured]
            counts[e][ck] -= 1
            counts[s][ck] += 1
            land = src
        self._zb = z
        if captured:
            self._quiet = 0
        else:
            self._quiet += 1
        if counts[e][MASTER] == 0:
            # Ruling: the game-ending action never passes the turn.
            self._acted = land
            reason = MASTER_CONDITIONED if kind == CONDITION else MASTER_TAKEN
            self._over = Result(SIDE_LETTERS[s], reason)
        elif self.quiet_draw_rule and self._quiet >= QUIET_DRAW_ACTIONS:
            self._acted = land
            self._over = Result(None, QUIET_DRAW)
        elif k == MASTER or self._acted >= 0:
            self._side = e
            self._acted = -1
            self._fired = 0
            if s == RED:
                self._turn += 1
        else:
            self._acted = land

    def _undo(self) -> Action:
        (action, v, captured, acted, fired, quiet, turn, s, z, over, cache) = self._stack.pop()
        src, dst, kind = action
        b = self._b
        counts = self._counts
        if kind == MOVE:
            b[dst] = 0
            b[src] = v
            if KIND_OF[v] == SENTINEL:
                cs = counts[s]
                cs[SENTINEL] += 1
                cs[DEPLOYED] -= 1
                sh = self._sh
                for t in NEIGH_T[dst]:
                    sh[t] -= 1
        elif kind == ATTACK:
            if KIND_OF[v] == HERO:
                b[2 * dst - src] = 0
            b[dst] = captured
            b[src] = v
            counts[1 - s][KIND_OF[captured]] += 1
        elif kind == FIRE:
            b[dst] = captured
            counts[1 - s][KIND_OF[captured]] += 1
        else:
            b[dst] = captured
            ck = KIND_OF[captured]
            counts[1 - s][ck] += 1
            counts[s][ck] -= 1
        self._side = s
        self._acted = acted
        self._fired = fired
        self._quiet = quiet
        self._turn = turn
        self._zb = z
        self._over = over
        self._cache = cache
        return action

    def _legal(self) -> list[Action]:
        """Cached legal list; callers must not mutate it."""
        cache = self._cache
        if cache is None:
            cache = self._cache = legal_actions(self)
        return cache if self._over is None else []

    # ---------------------------------------------------------- public API

    def jpn(self) -> str:
        """The position in JPN; ``Position(pos.jpn())`` rebuilds it."""
        return format_jpn(self._b, self._side, self._acted, self._fired, self._quiet, self._turn)

    def legal_actions(self) -> list[Action]:
        """Every legal action, unordered; empty once the game is over."""
        return list(self._legal())

    def legal_actions_from(self, square: int | str) -> list[Action]:
        """Legal actions of the piece on ``square`` (for highlighting targets)."""
        sq = _square_index(square)
        return [a for a in self._legal() if a[0] == sq]

    def pseudo_actions(self) -> list[Action]:
        """Actions allowed before the turn-completion ruling is applied.

        Mainly for tests and the AI's move ordering; play uses
        :meth:`legal_actions`.
        """
        return pseudo_actions(self)

    def is_legal(self, action: Action | str) -> bool:
        try:
            action = check_action(action)
        except ValueError:
            return False
        return action in self._legal()

    def why_illegal(self, action: Action | str) -> str | None:
        """None if legal, else the reason in words (for the UI and errors)."""
        from jayden_jazz.jayden.diagnose import why_illegal

        try:
            action = check_action(action)
        except ValueError as exc:
            return str(exc)
        if action in self._legal():
            return None
        return why_illegal(self, action)

    def why_no_action(self, square: int | str) -> str | None:
        """None if the piece on ``square`` can act now, else why it cannot (in words)."""
        from jayden_jazz.jayden.diagnose import why_no_action

        return why_no_action(self, _square_index(square))

    def intended_action(self, src: int | str, dst: int | str) -> Action:
        """The action meant by pointing at ``dst`` with the piece on ``src``
        (attack, fire or conditioning on an enemy, else a move); legal or not."""
        from jayden_jazz.jayden.diagnose import intended_action

        return intended_action(self, _square_index(src), _square_index(dst))

    def master_threats(self, side: str) -> list[int]:
        """Enemy pieces that could take ``side``'s Master in their next turn
        if the turn passed now (see :mod:`.threats`)."""
        from jayden_jazz.jayden.threats import master_threats

        return master_threats(self, SIDE_LETTERS[_side_index(side)])

    def push(self, action: Action | str, validate: bool = True) -> None:
        """Make ``action`` (an Action or its text).

        With ``validate`` an illegal action raises :class:`IllegalActionError`
        and leaves the position unchanged. ``validate=False`` is for search
        code that only pushes generated actions.
        """
        if validate or action.__class__ is not Action:
            action = check_action(action)
        if validate:
            if action not in self._legal():
                raise IllegalActionError(f"{action}: {self.why_illegal(action)}")
        self._do(action)

    def pop(self) -> Action:
        """Unmake the last action and return it."""
        if not self._stack:
            raise IndexError("pop from a position with no actions to undo")
        return self._undo()

    def peek(self) -> Action | None:
        """The last action made, if any."""
        return self._stack[-1][0] if self._stack else None

    def clone(self) -> Position:
        """An independent copy, history included (it can pop too)."""
        other = Position.__new__(Position)
        other.quiet_draw_rule = self.quiet_draw_rule
        other._b = bytearray(self._b)
        other._attach()
        other._sh = bytearray(self._sh)
        other._counts = [list(self._counts[0]), list(self._counts[1])]
        other._side = self._side
        other._acted = self._acted
        other._fired = self._fired
        other._quiet = self._quiet
        other._turn = self._turn
        other._zb = self._zb
        other._over = self._over
        other._stack = list(self._stack)
        other._cache = self._cache
        return other

    copy = clone

    @property
    def result(self) -> Result | None:
        """None while the game goes on; else winner and reason.

        Forfeit is found here rather than in :meth:`push`: it needs the whole
        legal generation of the next side, which search code never wants to
        pay for on every push.
        """
        if self._over is not None:
            return self._over
        if not self._legal():
            return Result(SIDE_LETTERS[1 - self._side], FORFEIT)
        return None

    def is_over(self) -> bool:
        return self.result is not None

    def agree_draw(self) -> None:
        """End the game as a draw both players agreed to.

        Not an action: it is not in the history. Popping the last action
        goes back to a position before the agreement.
        """
        if self.result is not None:
            raise IllegalActionError("the game is already over")
        self._over = Result(None, AGREED_DRAW)

    def resign(self, side: str) -> None:
        """``side`` gives up; the other side wins. Like a draw agreement it is
        not an action, and popping the last action takes it back."""
        if self.result is not None:
            raise IllegalActionError("the game is already over")
        s = _side_index(side)
        self._over = Result(SIDE_LETTERS[1 - s], RESIGNED)

    def lose_on_time(self, side: str) -> None:
        """``side``'s clock ran out; the other side wins. Like a resignation
        it is not an action, and popping the last action takes it back."""
        if self.result is not None:
            raise IllegalActionError("the game is already over")
        self._over = Result(SIDE_LETTERS[1 - _side_index(side)], TIME_OUT)

    @property
    def side(self) -> str:
        """'g' or 'r': the side to act (in a finished game, the last to act)."""
        return SIDE_LETTERS[self._side]

    @property
    def acted(self) -> int | None:
        """Square of the piece that made this turn's first action, or None."""
        return None if self._acted < 0 else self._acted

    @property
    def fired(self) -> int:
        return self._fired

    @property
    def quiet(self) -> int:
        return self._quiet

    @property
    def turn(self) -> int:
        return self._turn

    @property
    def history(self) -> list[Action]:
        """Actions made since this position was built (oldest first)."""
        return [rec[0] for rec in self._stack]

    @property
    def board(self) -> np.ndarray:
        """Read-only ``int8`` view of shape (280,), indexed by square.

        0 empty, ``+k`` Green, ``-k`` Red with k: 1 Cannon, 2 Dragon, 3 Hero,
        4 Interceptor, 5 Mark, 6 Master, 7 Raider, 8 Scout, 9 Sentinel,
        10 deployed Sentinel. It shares memory with the position, so it
        follows push/pop; copy it to keep a snapshot.
        """
        return self._view

    @property
    def grid(self) -> np.ndarray:
        """:attr:`board` as (14, 20): ``grid[rank - 1, file]``."""
        return self._view.reshape(14, 20)

    def piece_at(self, square: int | str) -> tuple[str, str] | None:
        """('H', 'g') style: uppercase kind letter and side; None if empty."""
        v = self._b[_square_index(square)]
        if not v:
            return None
        return KIND_LETTERS[KIND_OF[v]], SIDE_LETTERS[SIDE_OF[v]]

    def shielded(self, square: int | str) -> bool:
        """Next to a deployed Sentinel of either side."""
        return self._sh[_square_index(square)] > 0

    def count(self, side: str, letter: str) -> int:
        """How many pieces of a kind (uppercase letter) a side has on the board."""
        kind = KIND_LETTERS.index(letter.upper())
        if kind == 0:
            raise ValueError(f"{letter!r} is not a piece letter")
        return self._counts[_side_index(side)][kind]

    def free_cannons(self, side: str) -> int:
        """Cannons the side could still fire this turn (all of them when it is
        not that side's turn: Free Cannons return to the maximum every turn)."""
        s = _side_index(side)
        n = self._counts[s][CANNON]
        return max(0, n - self._fired) if s == self._side else n

    def has_mark(self, side: str) -> bool:
        """A side with a Mark (by current allegiance) may cross the Half Line."""
        return self._counts[_side_index(side)][MARK] > 0

    def landing(self, action: Action | str) -> int:
        """Square where the acting piece stands after ``action``."""
        return landing(self._b, check_action(action))

    def key(self) -> int:
        """64-bit Zobrist key of pieces, side to act, acted square and Cannons fired."""
        z = self._zb ^ zobrist.ACTED[self._acted] ^ zobrist.FIRED[self._fired]
        return z ^ zobrist.SIDE_RED if self._side else z

    @property
    def zobrist(self) -> int:
        return self.key()

    def __str__(self) -> str:
        from jayden_jazz.jayden.textboard import render

        return render(self)

    def __repr__(self) -> str:
        return f"Position({self.jpn()!r})"
